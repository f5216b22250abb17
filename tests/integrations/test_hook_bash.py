"""The bash hook client (``hook_fast.sh``) with a real ``remem serve --socket``: it
answers over the service's loopback hook port with no Python started, and hands
everything else — no service, a port file a killed service left, a refused token,
odd arguments, a payload too big — to the Python client, byte for byte."""

from __future__ import annotations

import json
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hookdata import Recorded, bash_client, fake_python, service_env

from remem.integrations.claude_settings import hook_program
from remem.integrations.start_block import block_path

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.skipif(not bash_client(), reason="no bash 4+ on the PATH")

# a stand-in for the interpreter the bash client hands over to: it records its
# arguments and stdin, and says so (the real one is tested in test_hook_processes.py)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return service_env(tmp_path) | {"RECORD": str(tmp_path / "record")}


@pytest.fixture
def recorder(tmp_path: Path) -> Path:
    return fake_python(tmp_path)


def port_file(env: dict[str, str]) -> Path:
    return Path(env["REMEM_HOME"]) / "remem.sock.port"


def start(env: dict[str, str], *, port: bool = True) -> subprocess.Popen[bytes]:
    """``remem serve --socket``, once it listens (and has written its port file)."""
    home = Path(env["REMEM_HOME"])
    proc = subprocess.Popen(
        [sys.executable, "-m", "remem", "serve", "--socket", str(home / "remem.sock")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 90
    while not ((port_file(env).exists() or not port) and (home / "remem.sock").is_socket()):
        assert proc.poll() is None and time.monotonic() < deadline, "the service never listened"
        time.sleep(0.1)
    return proc


@pytest.fixture
def service(env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    proc = start(env)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)


def bash_hook(
    python: Path | str, args: list[str], stdin: bytes, env: dict[str, str], cwd: Path
) -> subprocess.CompletedProcess[bytes]:
    program = hook_program(str(python), client="bash")
    return subprocess.run(
        [*program, *args], input=stdin, capture_output=True, env=env, cwd=cwd, timeout=120
    )


def handed(env: dict[str, str]) -> tuple[list[str], bytes]:
    record = Path(env["RECORD"])
    return record.with_suffix(".args").read_text().splitlines(), (
        record.with_suffix(".stdin").read_bytes()
    )


def test_the_service_answers_the_bash_client_with_no_python_started(
    service: subprocess.Popen[bytes], recorded: Recorded, env: dict[str, str], recorder: Path
) -> None:
    port, token = port_file(env).read_text("ascii").split()
    assert stat.S_IMODE(port_file(env).stat().st_mode) == 0o600 and port.isdigit()
    local = (Path(env["REMEM_HOME"]) / "serve.token").read_text("ascii").strip()
    assert token.startswith("remem_local_") and token != local  # this start's own
    stdin = recorded.text("user_prompt_submit_remember").encode("utf-8")
    said = bash_hook(recorder, ["hook", "UserPromptSubmit"], stdin, env, recorded.cwd)
    assert said.returncode == 0 and said.stderr == b""
    assert b"## Remembered now" in said.stdout and b"atlas-db-2" in said.stdout
    assert not Path(env["RECORD"] + ".args").exists()  # the recorder never ran
    # a prompt in UTF-8 (its length in bytes, not characters), recalled in a new session
    data = json.loads(recorded.text("session2_prompt"))
    data["prompt"] = "Which database — “atlas” — do we use? 🗄️ " + data["prompt"]
    asked = bash_hook(
        recorder, ["hook", "UserPromptSubmit"], json.dumps(data).encode(), env, recorded.cwd
    )
    assert asked.returncode == 0 and asked.stderr == b"" and b"atlas-db-2" in asked.stdout
    ended = bash_hook(
        recorder, ["hook", "SessionEnd"], recorded.text("session_end").encode(), env, recorded.cwd
    )
    assert ended.returncode == 0 and ended.stdout == b"" and ended.stderr == b""  # {}: nothing
    assert not Path(env["RECORD"] + ".args").exists() and service.poll() is None
    # the session's end left the next session's first block ready (test_start_block.py)
    block = block_path(Path(env["REMEM_HOME"]), str(recorded.cwd))
    deadline = time.monotonic() + 60
    while block is None or not block.exists():
        assert time.monotonic() < deadline, "no session-start block after the session's end"
        time.sleep(0.05)
    assert "atlas-db-2" in block.read_text("utf-8")


def test_the_hook_port_takes_its_token_and_the_port_file_goes_at_exit(
    service: subprocess.Popen[bytes], env: dict[str, str]
) -> None:
    import http.client

    port, token = port_file(env).read_text("ascii").split()

    def status(bearer: str) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=30)
        try:
            conn.request("GET", "/v1/memories", headers={"Authorization": f"Bearer {bearer}"})
            return conn.getresponse().status
        finally:
            conn.close()

    assert status(token) == 200
    assert status("remem_local_" + "x" * 43) == 401
    service.terminate()
    service.wait(timeout=30)
    assert not port_file(env).exists()


def test_what_the_bash_client_cannot_answer_goes_to_python_as_it_came(
    recorded: Recorded, env: dict[str, str], recorder: Path, tmp_path: Path
) -> None:
    stdin = recorded.text("user_prompt_submit").encode("utf-8")
    # no service (no port file)
    done = bash_hook(recorder, ["hook", "UserPromptSubmit"], stdin, env, recorded.cwd)
    assert done.stdout == b"handed-over\n" and done.stderr == b""
    args, given = handed(env)
    script = args[2]
    assert args == ["-I", "-S", script, "hook", "UserPromptSubmit"] and given == stdin
    assert script.endswith("/remem/integrations/hook_fast.py") and Path(script).is_file()
    # options and odd event names: straight to Python, stdin unread
    for argv in (["hook", "Stop", "--sync"], ["hook", "User-Prompt"], ["hook"]):
        done = bash_hook(recorder, argv, b'{"x": 1}', env, tmp_path)
        assert done.stdout == b"handed-over\n", argv
        assert handed(env) == (["-I", "-S", script, *argv], b'{"x": 1}'), argv
    # a payload of 1 MiB or more: all of it, past what the bash client reads
    big = b'{"prompt": "' + b"y" * (1 << 20) + b'"}'
    done = bash_hook(recorder, ["hook", "UserPromptSubmit"], big, env, tmp_path)
    assert done.stdout == b"handed-over\n" and handed(env)[1] == big


def test_a_port_file_left_by_a_killed_service_or_a_refused_token_falls_back(
    recorded: Recorded, env: dict[str, str], recorder: Path
) -> None:
    stdin = recorded.text("user_prompt_submit").encode("utf-8")
    proc = start(env)
    try:
        left = port_file(env).read_text("ascii")
        port = left.split()[0]
        port_file(env).write_text(f"{port} remem_local_{'x' * 43}\n", "ascii")  # not its token
        done = bash_hook(recorder, ["hook", "UserPromptSubmit"], stdin, env, recorded.cwd)
        assert done.stdout == b"handed-over\n" and handed(env)[1] == stdin  # 401: handed over
        port_file(env).write_text(left, "ascii")
    finally:
        proc.send_signal(signal.SIGKILL)  # no cleanup: the port file stays behind
        proc.wait(timeout=30)
    assert port_file(env).exists()
    done = bash_hook(recorder, ["hook", "UserPromptSubmit"], stdin, env, recorded.cwd)
    assert done.stdout == b"handed-over\n" and done.stderr == b"" and handed(env)[1] == stdin
    # and with the real interpreter, the hook is answered in-process as if no service
    remember = recorded.text("user_prompt_submit_remember").encode("utf-8")
    real = bash_hook(sys.executable, ["hook", "UserPromptSubmit"], remember, env, recorded.cwd)
    assert real.returncode == 0 and real.stderr == b"" and b"## Remembered now" in real.stdout


def test_no_hook_port_when_turned_off(recorded: Recorded, env: dict[str, str]) -> None:
    env = env | {"REMEM_HOOKS_LOOPBACK_PORT": "false"}
    proc = start(env, port=False)
    try:
        stdin = recorded.text("user_prompt_submit_remember").encode("utf-8")
        done = bash_hook(sys.executable, ["hook", "UserPromptSubmit"], stdin, env, recorded.cwd)
        assert done.returncode == 0 and b"## Remembered now" in done.stdout  # via Python
        assert not port_file(env).exists()  # the service was up and wrote none
    finally:
        proc.terminate()
        proc.wait(timeout=30)
