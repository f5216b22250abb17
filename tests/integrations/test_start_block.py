"""A session-start block prepared ahead (``remem.integrations.start_block``), printed by
the installed bash command at a session's first hook without starting Python, the
hook itself handed to the full path in the background; and every reason to refuse
it (another project's file, a stale store, loose modes, a symlink, another user,
a resumed session), after which the hook goes to the full path as before.

The interpreter the bash client hands over to is a recorder (test_hook_bash.py): a
block printed with no Python started shows as the block on stdout and the recorder
run in the background; a refusal, as the recorder's answer in the foreground."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hookdata import Recorded, bash_client, fake_python, service_env

from remem.app import agent_for, default_scope, load_config, open_memory
from remem.integrations.claude_settings import hook_program
from remem.integrations.start_block import DIR_NAME, block_path, prepare
from remem.memory import Memory

pytestmark = pytest.mark.skipif(not bash_client(), reason="no bash 4+ on the PATH")

SECRET = "sk-live-abcdefghijklmnopqrstuvwx"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    found = service_env(tmp_path) | {"RECORD": str(tmp_path / "record")}
    found["REMEM_TEST_API_KEY"] = SECRET  # a credential in the environment: never written
    Path(found["HOME"]).mkdir(parents=True, exist_ok=True)
    return found


@pytest.fixture
def recorder(tmp_path: Path) -> Path:
    return fake_python(tmp_path)


@pytest.fixture
def mem(env: dict[str, str]) -> Iterator[Memory]:
    with open_memory(load_config(environ=env)) as memory:
        yield memory


def learned(mem: Memory, cwd: Path, env: dict[str, str]) -> None:
    """A session in ``cwd`` that taught a lesson and a fact, ended."""
    agent = agent_for(mem, default_scope(mem.config, cwd=cwd, environ=env))
    agent.start_session("s1")
    agent.observe("s1", "user", "remember that the staging database is atlas-db-2")
    agent.observe("s1", "user", "no, don't use npm here, always use pnpm")
    agent.end_session("s1")


def first_hook(
    python: Path, payload: str, env: dict[str, str], cwd: Path
) -> subprocess.CompletedProcess[bytes]:
    command = [*hook_program(str(python), client="bash"), "hook", "SessionStart"]
    return subprocess.run(
        command, input=payload.encode(), capture_output=True, env=env, cwd=cwd, timeout=60
    )


def handed_in_background(env: dict[str, str]) -> tuple[list[str], str]:
    record = Path(env["RECORD"])
    deadline = time.monotonic() + 30
    while not record.with_suffix(".stdin").exists():
        assert time.monotonic() < deadline, "the hook was never handed to the full path"
        time.sleep(0.02)
    return record.with_suffix(".args").read_text().splitlines(), (
        record.with_suffix(".stdin").read_text("utf-8")
    )


def test_the_first_hook_prints_the_prepared_block_and_hands_the_session_over(
    mem: Memory, recorded: Recorded, env: dict[str, str], recorder: Path
) -> None:
    learned(mem, recorded.cwd, env)
    path = prepare(mem, recorded.cwd, environ=env)
    assert path == block_path(mem.config.home, str(recorded.cwd))
    assert path is not None and path.stat().st_mode & 0o777 == 0o600
    assert (mem.config.home / DIR_NAME).stat().st_mode & 0o777 == 0o700
    written = path.read_text("utf-8")
    assert SECRET not in written and f"REMEM_TEST_API_KEY=#{len(SECRET)}" in written
    payload = recorded.text("session2_start")
    said = first_hook(recorder, payload, env, recorded.cwd)
    assert said.returncode == 0 and said.stderr == b""
    text = said.stdout.decode()
    assert text.startswith("Memories from remem") and "handed-over" not in text
    assert "## Lessons\n- Don't use npm here, always use pnpm." in text
    assert "~ The staging database is atlas-db-2. (confidence: " in text
    assert "; age: 0h;" in text and "\x01" not in text  # the age, filled in by bash
    # what the full path shows a new session, line for line (an in-process preview)
    agent = agent_for(mem, default_scope(mem.config, cwd=recorded.cwd, environ=env))
    assert text.split("\n\n", 1)[1] == agent.preview_start().context.text + "\n"
    args, stdin = handed_in_background(env)  # the session itself: the full path
    assert args[-2:] == ["hook", "SessionStart"] and args[:2] == ["-I", "-S"]
    assert json.loads(stdin) == json.loads(payload)


def test_a_block_is_refused_whenever_it_may_not_be_this_sessions(
    mem: Memory, recorded: Recorded, env: dict[str, str], recorder: Path, tmp_path: Path
) -> None:
    learned(mem, recorded.cwd, env)
    path = prepare(mem, recorded.cwd, environ=env)
    assert path is not None
    payload = recorded.text("session2_start")

    def refused(
        text: str = payload, environ: dict[str, str] = env, cwd: Path = recorded.cwd
    ) -> bool:
        said = first_hook(recorder, text, environ, cwd)
        return said.stdout == b"handed-over\n"  # the full path, in the foreground

    assert not refused()  # the block itself is good
    other = tmp_path / "other-project"
    (other / ".git").mkdir(parents=True)
    elsewhere = payload.replace(str(recorded.cwd), str(other))
    assert refused(elsewhere, cwd=other)  # no block of its own
    forged = block_path(mem.config.home, str(other))
    assert forged is not None
    forged.write_bytes(path.read_bytes())  # this project's block under the other's name
    os.utime(forged, ns=(path.stat().st_mtime_ns,) * 2)
    assert refused(elsewhere, cwd=other)
    forged.unlink()
    forged.symlink_to(path)  # a link to a good block
    assert refused(elsewhere, cwd=other)
    forged.unlink()
    assert refused(payload.replace('"startup"', '"resume"'))  # a session that goes on
    assert refused(environ=env | {"REMEM_DEFAULT_USER_ID": "sam"})  # another user
    assert refused(environ=env | {"REMEM_AGENT_START_FACTS_MAX": "2"})  # another config
    (recorded.cwd / "sub" / ".git").mkdir(parents=True)  # a project inside the project
    sub = payload.replace(str(recorded.cwd), str(recorded.cwd / "sub"))
    assert refused(sub)
    mark = path.stat().st_mtime_ns
    for mode in (0o644, 0o620, 0o602):  # anyone else may read or write it
        path.chmod(mode)
        assert refused()
    path.chmod(0o600)
    os.utime(path, ns=(mark, mark))
    assert not refused()
    mem.add("staging moved to atlas-db-3", user_id="maya", namespace="atlas")
    assert refused()  # the store changed after the block was built
    assert prepare(mem, recorded.cwd, environ=env) is not None
    assert not refused()  # built again: good again


def test_the_block_changes_when_a_carried_item_expires_as_the_full_path_would(
    recorded: Recorded, env: dict[str, str], recorder: Path, tmp_path: Path
) -> None:
    clock = tmp_path / "clock"
    clock.write_text("2026-03-02T09:00:00Z")
    env = env | {"REMEM_CLOCK_FILE": str(clock)}
    with open_memory(load_config(environ=env)) as mem:
        agent = agent_for(mem, default_scope(mem.config, cwd=recorded.cwd, environ=env))
        agent.start_session("s1")
        agent.observe("s1", "user", "the flaky test is test_checkout_total, it fails on CI only")
        agent.end_session("s1")
        assert prepare(mem, recorded.cwd, environ=env) is not None
        soon, later = agent.preview_start(), None
        ttl = mem.config.working_ttl_hours
        clock.write_text(f"2026-03-0{2 + int(ttl // 24) + 1}T10:00:00Z")
        later = agent.preview_start()
    assert "## Carried over" in soon.context.text and "## Carried over" not in later.context.text
    payload = recorded.text("session2_start")
    clock.write_text("2026-03-02T09:00:00Z")
    said = first_hook(recorder, payload, env, recorded.cwd).stdout.decode()
    assert said.split("\n\n", 1)[1] == soon.context.text + "\n"
    clock.write_text(f"2026-03-0{2 + int(ttl // 24) + 1}T10:00:00Z")
    said = first_hook(recorder, payload, env, recorded.cwd).stdout.decode()
    assert said.split("\n\n", 1)[1] == later.context.text + "\n"


def test_the_first_session_ever_prints_an_empty_block_without_python(
    recorded: Recorded, env: dict[str, str], recorder: Path
) -> None:
    # no store yet: a store with no memory shows no block, so the bash client prints
    # none and hands the session to the full path in the background, as with a block
    payload = recorded.text("session_start_startup")
    said = first_hook(recorder, payload, env, recorded.cwd)
    assert said.returncode == 0 and said.stdout == b"" and said.stderr == b""
    args, stdin = handed_in_background(env)
    assert args[-2:] == ["hook", "SessionStart"] and json.loads(stdin) == json.loads(payload)
    home = Path(env["REMEM_HOME"])

    def foreground(environ: dict[str, str] = env) -> bool:
        return first_hook(recorder, payload, environ, recorded.cwd).stdout == b"handed-over\n"

    # anything that may put the store elsewhere: the full path decides, in the foreground
    assert foreground(env | {"REMEM_DB_PATH": str(home / "other.db")})
    assert foreground(env | {"REMEM_STORE_URL": "postgresql://db/remem"})
    home.mkdir(exist_ok=True)
    (home / "remem.toml").write_text('store_url = "postgresql://db/remem"\n')
    assert foreground()
    (home / "remem.toml").unlink()
    (home / "remem.db").write_bytes(b"")  # a store, and no block for this project
    assert foreground()
