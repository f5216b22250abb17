"""``remem hook`` with the local service: a real ``remem serve --socket`` process, hook
processes that reach it over the unix socket without importing the engine, the
fallback to in-process when it is gone, and the detached start on first use."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hookdata import Recorded, service_env

from remem.integrations.claude_settings import hook_program

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

PROBE = """
import sys
from remem.entry import main
sys.argv = ["remem", "hook", sys.argv[1]]
try:
    main()  # the `remem` script's entry point
except SystemExit as exc:
    assert exc.code == 0, exc.code
# the engine, the web and CLI frameworks, and what the fast path leaves to the service
# (JSON, http.client, typing, the hook's own payload parsing)
heavy = [m for m in ("numpy", "pydantic", "remem.memory", "onnxruntime", "typer", "json",
                     "http.client", "typing", "remem.integrations.claude_code",
                     "remem.integrations.runner")
         if m in sys.modules]
sys.stdout.write("HEAVY=" + ",".join(heavy) + "\\n")
"""


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return service_env(tmp_path)


def wait_for(check: object, what: str, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


@pytest.fixture
def service(env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    home = Path(env["REMEM_HOME"])
    proc = subprocess.Popen(
        [sys.executable, "-m", "remem", "serve", "--socket", str(home / "remem.sock")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for(lambda: (home / "remem.sock").is_socket(), "the service never listened")
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)
        assert proc.stderr is not None
        proc.stderr.close()


def probe(event: str, stdin: str, env: dict[str, str], cwd: Path) -> tuple[str, str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, event],
        input=stdin.encode("utf-8"),
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=120,
        check=True,
    )
    out, heavy = done.stdout.decode("utf-8").rsplit("HEAVY=", 1)
    return out, heavy.strip()


def test_hooks_answered_by_the_service_never_load_the_engine(
    service: subprocess.Popen[bytes], recorded: Recorded, env: dict[str, str]
) -> None:
    said, heavy = probe(
        "UserPromptSubmit", recorded.text("user_prompt_submit_remember"), env, recorded.cwd
    )
    assert heavy == "" and "## Remembered now" in said and "atlas-db-2" in said
    ended, heavy = probe("SessionEnd", recorded.text("session_end"), env, recorded.cwd)
    assert heavy == "" and ended == ""  # long work: the service does it after answering
    asked, heavy = probe("UserPromptSubmit", recorded.text("session2_prompt"), env, recorded.cwd)
    assert heavy == "" and "atlas-db-2" in asked
    assert service.poll() is None


def installed(event: str, stdin: str, env: dict[str, str], cwd: Path) -> tuple[str, set[str]]:
    """The command `remem hooks install` writes, run as Claude Code runs it (through a
    shell); its stdout and the modules its own process imported (``-X importtime``)."""
    words = [*hook_program(client="python"), "hook", event]
    words.insert(1, "-Ximporttime")
    done = subprocess.run(
        shlex.join(words),
        shell=True,
        input=stdin.encode("utf-8"),
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=120,
        check=True,
    )
    lines = done.stderr.decode("utf-8").splitlines()
    imported = {ln.rsplit("|", 1)[1].strip() for ln in lines if ln.startswith("import time:")}
    return done.stdout.decode("utf-8"), imported - {"imported package"}


def test_the_installed_command_asks_the_service_with_a_bare_interpreter(
    service: subprocess.Popen[bytes], recorded: Recorded, env: dict[str, str]
) -> None:
    said, imported = installed(
        "UserPromptSubmit", recorded.text("user_prompt_submit_remember"), env, recorded.cwd
    )
    assert "## Remembered now" in said and "atlas-db-2" in said
    # no site (site-packages, .pth files), no runpy, no remem package, no JSON, not even
    # os or __future__: the interpreter's own start, _socket and the script's module,
    # imported (from its cached bytecode, not compiled as a script is on each run)
    assert {"_socket", "hook_client"} <= imported and not imported & {
        "site",
        "runpy",
        "remem",
        "json",
        "typing",
        "subprocess",
        "os",
        "__future__",
    }
    asked, imported = installed(
        "UserPromptSubmit", recorded.text("session2_prompt"), env, recorded.cwd
    )
    assert "atlas-db-2" in asked and "site" not in imported


def test_the_installed_command_falls_back_to_a_full_process_when_refused(
    service: subprocess.Popen[bytes], recorded: Recorded, env: dict[str, str]
) -> None:
    token = Path(env["REMEM_HOME"]) / "serve.token"
    token.write_text("remem_local_" + "x" * 43 + "\n", "ascii")  # not the service's: 401
    said, imported = installed(
        "UserPromptSubmit", recorded.text("user_prompt_submit_remember"), env, recorded.cwd
    )
    assert "## Remembered now" in said and "subprocess" in imported  # the child answered
    assert service.poll() is None


def test_a_service_gone_leaves_a_socket_and_the_hook_answers_here(
    service: subprocess.Popen[bytes], recorded: Recorded, env: dict[str, str]
) -> None:
    service.send_signal(signal.SIGKILL)  # no cleanup: the socket file stays behind
    service.wait(timeout=30)
    assert (Path(env["REMEM_HOME"]) / "remem.sock").is_socket()
    said, heavy = probe(
        "UserPromptSubmit", recorded.text("user_prompt_submit_remember"), env, recorded.cwd
    )
    assert "## Remembered now" in said and "remem.memory" in heavy  # answered in-process


def test_a_refused_request_is_answered_here(
    service: subprocess.Popen[bytes], recorded: Recorded, env: dict[str, str]
) -> None:
    token = Path(env["REMEM_HOME"]) / "serve.token"
    token.write_text("remem_local_" + "x" * 43 + "\n", "ascii")  # not the service's: 401
    said, heavy = probe(
        "UserPromptSubmit", recorded.text("user_prompt_submit_remember"), env, recorded.cwd
    )
    assert "## Remembered now" in said and "remem.memory" in heavy  # answered in-process
    assert service.poll() is None


def test_the_first_hook_starts_the_service_for_the_next(
    recorded: Recorded, env: dict[str, str]
) -> None:
    env = env | {"REMEM_HOOKS_AUTOSTART_SERVICE": "true", "REMEM_HOOKS_SERVICE_IDLE_S": "60"}
    home = Path(env["REMEM_HOME"])
    first, heavy = probe(
        "UserPromptSubmit", recorded.text("user_prompt_submit_remember"), env, recorded.cwd
    )
    assert "## Remembered now" in first and "remem.memory" in heavy  # this one: here
    try:
        wait_for(lambda: (home / "remem.sock").is_socket(), "no service was started")
        wait_for(lambda: (home / "serve.token").exists(), "the service made no token")
        second, heavy = probe(
            "UserPromptSubmit", recorded.text("session2_prompt"), env, recorded.cwd
        )
        assert heavy == "" and "atlas-db-2" in second  # answered by the started service
        assert not (home / "serve.starting").exists()  # the service took its start mark away
    finally:
        _stop_started_service(home)
    # a clean stop leaves nothing of the service behind: socket, port file, start mark
    wait_for(lambda: not (home / "remem.sock").exists(), "the socket outlived the service")
    left = {p.name for p in home.iterdir()} & {"remem.sock", "remem.sock.port", "serve.starting"}
    assert left == set(), left


def _stop_started_service(home: Path) -> None:
    """Stop the service the hook started (found by its socket's command line)."""
    sock = str(home / "remem.sock")
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"serve" in argv and sock.encode() in argv:
            os.kill(int(proc.name), signal.SIGTERM)
