"""The Python client (``--client python``: macOS's bash 3.2, no bash at all) prints a
session-start block prepared ahead at a session's first hook, as the bash client
does, and hands the session to the full path in the background; it refuses the
block at every doubt the bash client has (``remem.integrations.block_client``)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hookdata import Recorded, service_env

from remem.app import agent_for, default_scope, load_config, open_memory
from remem.integrations import block_client
from remem.integrations.claude_settings import hook_program
from remem.integrations.start_block import block_path, prepare
from remem.memory import Memory

SECRET = "sk-live-abcdefghijklmnopqrstuvwx"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    found = service_env(tmp_path)
    found["REMEM_TEST_API_KEY"] = SECRET
    Path(found["HOME"]).mkdir(parents=True, exist_ok=True)
    return found


@pytest.fixture
def mem(env: dict[str, str]) -> Iterator[Memory]:
    with open_memory(load_config(environ=env)) as memory:
        yield memory


def _learned(mem: Memory, cwd: Path, env: dict[str, str]) -> None:
    agent = agent_for(mem, default_scope(mem.config, cwd=cwd, environ=env))
    agent.start_session("s1")
    agent.observe("s1", "user", "remember that the staging database is atlas-db-2")
    agent.observe("s1", "user", "no, don't use npm here, always use pnpm")
    agent.end_session("s1")


# A stand-in for ``python -m remem`` (the full path the client hands a hook to): a
# ``remem`` package first on the child's PYTHONPATH (the client itself runs with -I)
# that records its arguments and stdin and answers "handed-over".
FAKE_MAIN = """import pathlib, sys
record = pathlib.Path(sys.argv[0]).parent.parent / "record"
data = sys.stdin.buffer.read()
(record.with_suffix(".args")).write_text("\\n".join(sys.argv[1:]))
(record.with_suffix(".stdin.tmp")).write_bytes(data)
(record.with_suffix(".stdin.tmp")).rename(record.with_suffix(".stdin"))
print("handed-over")
"""


def _fake_full_path(root: Path) -> dict[str, str]:
    package = root / "fake" / "remem"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(FAKE_MAIN)
    return {"PYTHONPATH": str(root / "fake")}


def _python_client(payload: str, env: dict[str, str], cwd: Path) -> str:
    command = [*hook_program(client="python"), "hook", "SessionStart"]
    said = subprocess.run(
        command, input=payload.encode(), capture_output=True, env=env, cwd=cwd, timeout=60
    )
    assert said.returncode == 0 and said.stderr == b"", said.stderr
    return said.stdout.decode()


def test_the_python_client_prints_the_block_and_hands_the_session_over(
    mem: Memory, recorded: Recorded, env: dict[str, str], tmp_path: Path
) -> None:
    _learned(mem, recorded.cwd, env)
    assert prepare(mem, recorded.cwd, environ=env) is not None
    payload = recorded.text("session2_start")
    hooked = env | _fake_full_path(tmp_path)
    text = _python_client(payload, hooked, recorded.cwd)
    assert text.startswith("Memories from remem") and "handed-over" not in text
    assert "## Lessons\n- Don't use npm here, always use pnpm." in text
    assert "; age: 0h;" in text and "\x01" not in text
    agent = agent_for(mem, default_scope(mem.config, cwd=recorded.cwd, environ=env))
    assert text.split("\n\n", 1)[1] == agent.preview_start().context.text + "\n"
    # the session itself: handed to the full path in the background
    record = tmp_path / "fake" / "record.stdin"
    deadline = time.monotonic() + 30
    while not record.exists():
        assert time.monotonic() < deadline, "the hook was never handed to the full path"
        time.sleep(0.02)
    assert record.read_text("utf-8") == payload
    assert record.with_name("record.args").read_text().split("\n") == ["hook", "SessionStart"]
    # a stale block: the full path answers, in the foreground
    mem.add("staging moved to atlas-db-3", user_id="maya", namespace="atlas")
    assert _python_client(payload, hooked, recorded.cwd) == "handed-over\n"


def test_the_python_client_refuses_a_block_whenever_bash_would(
    mem: Memory, recorded: Recorded, env: dict[str, str], tmp_path: Path
) -> None:
    _learned(mem, recorded.cwd, env)
    path = prepare(mem, recorded.cwd, environ=env)
    assert path is not None
    payload = recorded.text("session2_start")
    good = agent_for(mem, default_scope(mem.config, cwd=recorded.cwd, environ=env))

    def shown(
        text: str = payload, environ: dict[str, str] = env, cwd: Path = recorded.cwd
    ) -> str | None:
        home = environ["REMEM_HOME"]
        return block_client.prepared(text.encode(), dict(environ), str(cwd), home)

    block = shown()
    assert block is not None and good.preview_start().context.text in block
    assert SECRET not in path.read_text("utf-8")
    other = tmp_path / "other-project"
    (other / ".git").mkdir(parents=True)
    elsewhere = payload.replace(str(recorded.cwd), str(other))
    assert shown(elsewhere, cwd=other) is None  # no block of its own (a store exists)
    forged = block_path(mem.config.home, str(other))
    assert forged is not None
    forged.write_bytes(path.read_bytes())  # this project's block under the other's name
    forged.chmod(0o600)
    os.utime(forged, ns=(path.stat().st_mtime_ns,) * 2)
    assert shown(elsewhere, cwd=other) is None
    forged.unlink()
    forged.symlink_to(path)
    assert shown(elsewhere, cwd=other) is None
    forged.unlink()
    assert shown(payload.replace('"startup"', '"resume"')) is None
    assert shown(payload.replace("{", '{"cwd": "/tmp", ', 1)) is None  # a key twice
    assert shown(environ=env | {"REMEM_DEFAULT_USER_ID": "sam"}) is None
    assert shown(environ=env | {"REMEM_AGENT_START_FACTS_MAX": "2"}) is None
    assert shown(environ=env | {"REMEM_TEST_API_KEY": SECRET + "x"}) is None
    (recorded.cwd / "sub" / ".git").mkdir(parents=True)
    assert shown(payload.replace(str(recorded.cwd), str(recorded.cwd / "sub"))) is None
    mark = path.stat().st_mtime_ns
    for mode in (0o644, 0o620, 0o602):
        path.chmod(mode)
        assert shown() is None
    path.chmod(0o600)
    os.utime(path, ns=(mark, mark))
    assert shown() == block
    mem.add("staging moved to atlas-db-3", user_id="maya", namespace="atlas")
    assert shown() is None  # the store changed after the block was built
    assert prepare(mem, recorded.cwd, environ=env) is not None
    assert shown() is not None


def test_the_first_session_ever_has_an_empty_block(recorded: Recorded, env: dict[str, str]) -> None:
    payload = recorded.text("session_start_startup").encode()
    cwd = str(recorded.cwd)
    home = Path(env["REMEM_HOME"])

    def shown(environ: dict[str, str]) -> str | None:
        return block_client.prepared(payload, environ, cwd, str(home))

    assert shown(env) == ""  # no store yet: nothing to show
    assert shown(env | {"REMEM_DB_PATH": str(home / "x.db")}) is None
    assert shown(env | {"REMEM_STORE_URL": "postgresql://db/r"}) is None
    home.mkdir(exist_ok=True)
    (home / "remem.toml").write_text('store_url = "postgresql://db/remem"\n')
    assert shown(env) is None
