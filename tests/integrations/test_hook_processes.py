"""``remem hook EVENT`` as Claude Code runs it: a real process per event, the recorded
payload on stdin, the answer on stdout; and the README's two commands, from the
installer to a second session that remembers the first."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hookdata import Recorded, bash_client, every_payload

from remem.agent import MemoryAgent
from remem.config import Config
from remem.integrations.claude_settings import hook_program
from remem.memory import Memory

HOOK = [sys.executable, "-m", "remem", "hook"]
# what `remem hooks install` writes: this Python running the hook script by its path
# with -I -S; with no service up it hands everything to a child `python -m remem hook`
INSTALLED = [*hook_program(client="python"), "hook"]
# or bash running hook_fast.sh, which hands what it cannot answer to that Python
INSTALLED_BASH = [*hook_program(client="bash"), "hook"] if bash_client() else INSTALLED
COMMANDS = pytest.mark.parametrize(
    "command",
    [
        HOOK,
        INSTALLED,
        pytest.param(
            INSTALLED_BASH, marks=pytest.mark.skipif(not bash_client(), reason="no bash 4+")
        ),
    ],
    ids=["-m remem", "installed", "installed-bash"],
)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "HOME": str(tmp_path / "user-home"),
        "REMEM_HOME": str(tmp_path / "remem-home"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_DEFAULT_USER_ID": "maya",
        "REMEM_HOOKS_AUTOSTART_SERVICE": "false",  # test_hook_service.py covers it
    }


def hook(
    args: list[str],
    stdin: str | bytes,
    env: dict[str, str],
    cwd: Path,
    command: list[str] = HOOK,
) -> subprocess.CompletedProcess[str]:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [*command, *args], input=data, capture_output=True, env=env, cwd=cwd, timeout=120
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    )


def agent_of(env: dict[str, str]) -> tuple[Memory, MemoryAgent]:
    mem = Memory(config=Config(home=Path(env["REMEM_HOME"]), embedder="fake"))
    return mem, MemoryAgent(mem, user_id="maya", namespace="atlas")


def wait_for(check: object, *, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.2)
    raise AssertionError("the detached hook did not finish in time")


def test_every_recorded_payload_through_a_process(recorded: Recorded, env: dict[str, str]) -> None:
    order = ["session_start_startup", "user_prompt_submit_remember"]
    order += [f"session_start_{s}" for s in ("resume", "compact", "clear")]
    order += [n for n in every_payload() if n not in order and not n.startswith("session")]
    order += ["session_end"]  # last: a resume after it would reopen the session
    for name in order:
        payload = recorded[name]
        done = hook([payload["hook_event_name"], "--sync"], recorded.text(name), env, recorded.cwd)
        assert done.returncode == 0, (name, done.stderr)
        assert done.stderr == "", (name, done.stderr)
        if payload["hook_event_name"] in ("SessionStart", "UserPromptSubmit"):
            assert not done.stdout.startswith("{"), name  # plain text, read as context
        elif done.stdout:
            assert "hookSpecificOutput" in json.loads(done.stdout), name
    mem, agent = agent_of(env)
    with mem:
        ended = agent.session(recorded["session_end"]["session_id"])
        assert ended.ended_at is not None and ended.turns >= 3


@pytest.mark.parametrize(
    ("stdin", "says"),
    [
        (b"", "no hook payload"),
        (b"{not json", "not JSON"),
        (b"\xff\xfe\x00", "not JSON"),
        (b"[1, 2, 3]", "JSON object"),
        (b'{"hook_event_name": "UserPromptSubmit"}', "session_id"),
        (b'{"hook_event_name": "Stop", "session_id": "s1"}', "not UserPromptSubmit"),
        (b'{"hook_event_name": "UserPromptSubmit", "session_id": "s1", "prompt": 42}', "prompt"),
    ],
)
@COMMANDS
def test_malformed_input_never_breaks_the_session(
    tmp_path: Path, env: dict[str, str], stdin: bytes, says: str, command: list[str]
) -> None:
    done = hook(["UserPromptSubmit"], stdin, env, tmp_path, command)
    assert done.returncode == 0 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("remem hook: ") and says in lines[0]


@COMMANDS
def test_a_store_that_cannot_be_opened_never_breaks_the_session(
    recorded: Recorded, env: dict[str, str], tmp_path: Path, command: list[str]
) -> None:
    bad = tmp_path / "not-a-store.db"
    bad.write_bytes(b"this is not sqlite" * 100)
    done = hook(
        ["UserPromptSubmit", "--db", str(bad)],
        recorded.text("user_prompt_submit"),
        env,
        recorded.cwd,
        command,
    )
    assert done.returncode == 0 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("remem hook: ")


@COMMANDS
def test_a_misused_command_line_is_a_usage_error(
    tmp_path: Path, env: dict[str, str], command: list[str]
) -> None:
    for args in ([], ["Stop", "--nope"], ["Stop", "extra"]):
        done = hook(args, b"{}", env, tmp_path, command)
        assert done.returncode == 2 and done.stderr.startswith("error: "), args


@pytest.mark.parametrize("installed", [INSTALLED, INSTALLED_BASH], ids=["python", "bash"])
def test_the_installed_command_answers_as_the_module_does(
    recorded: Recorded, env: dict[str, str], installed: list[str]
) -> None:
    """No service up: the hook script hands the payload to `python -m remem hook`,
    whose answer is the hook's (a prompt to remember, then one that recalls it)."""
    said = hook(
        ["UserPromptSubmit"],
        recorded.text("user_prompt_submit_remember"),
        env,
        recorded.cwd,
        installed,
    )
    assert said.returncode == 0 and said.stderr == "" and "## Remembered now" in said.stdout
    asked = hook(
        ["UserPromptSubmit"], recorded.text("session2_prompt"), env, recorded.cwd, installed
    )
    assert asked.returncode == 0 and "atlas-db-2" in asked.stdout


def test_long_work_is_detached_and_finishes_on_its_own(
    recorded: Recorded, env: dict[str, str]
) -> None:
    start = hook(["SessionStart"], recorded.text("session_start_startup"), env, recorded.cwd)
    assert start.returncode == 0
    began = time.monotonic()
    end = hook(["SessionEnd"], recorded.text("session_end"), env, recorded.cwd)
    assert end.returncode == 0 and end.stdout == "" and end.stderr == ""
    handed_off = time.monotonic() - began
    mem, agent = agent_of(env)
    session_id = recorded["session_end"]["session_id"]
    with mem:
        wait_for(lambda: agent.session(session_id).ended_at is not None)
        contents = [m.content for m in mem.list(user_id="maya", namespace="atlas").items]
    assert any("atlas-db-2" in c for c in contents)  # the transcript was extracted
    assert handed_off < 60  # generous: the point is that it returned, not how fast


def test_two_commands_from_install_to_a_session_that_remembers(
    recorded: Recorded, env: dict[str, str]
) -> None:
    """The README's two commands: `pip install` (this environment is that) and the
    installer, run as written; then the hooks run exactly as the settings file says."""
    readme = (Path(__file__).parents[2] / "README.md").read_text("utf-8")
    section = readme.split("## Claude Code remembers across sessions (two commands)", 1)[1]
    block = section.split("```bash", 1)[1].split("```", 1)[0]
    first, second = (shlex.split(line) for line in block.strip().splitlines())
    # the install itself: tests/test_install.py runs it into a fresh virtualenv
    assert first[:2] == ["pip", "install"] and second[0] == "remem"
    install = subprocess.run(
        [sys.executable, "-m", "remem", *second[1:]],
        capture_output=True,
        text=True,
        env=env,
        cwd=recorded.cwd,
        timeout=120,
    )
    assert install.returncode == 0, install.stderr
    settings = json.loads((Path(env["HOME"]) / ".claude" / "settings.json").read_text("utf-8"))
    commands = {
        event: groups[0]["hooks"][0]["command"] for event, groups in settings["hooks"].items()
    }

    def claude_runs(name: str) -> str:
        event = recorded[name]["hook_event_name"]
        done = subprocess.run(  # as Claude Code does: the command through a shell
            commands[event],
            shell=True,
            input=recorded.text(name),
            capture_output=True,
            text=True,
            env=env,
            cwd=recorded.cwd,
            timeout=120,
        )
        assert done.returncode == 0 and done.stderr == "", (name, done.stderr)
        return done.stdout

    # session 1: the user asks remem to remember something, works, and quits
    claude_runs("session_start_startup")
    said = claude_runs("user_prompt_submit_remember")
    assert "## Remembered now" in said and "atlas-db-2" in said
    claude_runs("user_prompt_submit")
    claude_runs("post_tool_use_failure")
    claude_runs("stop")
    claude_runs("session_end")
    mem, agent = agent_of(env)
    with mem:
        wait_for(lambda: agent.session(recorded["session_end"]["session_id"]).ended_at)

    # session 2, a new process and a new session id: remem recalls it
    claude_runs("session2_start")
    recalled = claude_runs("session2_prompt")
    assert "atlas-db-2" in recalled


def test_the_first_hook_hands_overdue_jobs_to_a_detached_process(
    recorded: Recorded, env: dict[str, str]
) -> None:
    # no service: the session's first hook answers from the store and the overdue jobs
    # (every one, on a new store) run in a detached `remem jobs run --due`, not in it
    start = hook(["SessionStart"], recorded.text("session_start_startup"), env, recorded.cwd)
    assert start.returncode == 0 and start.stderr == ""
    mem, _ = agent_of(env)
    with mem:
        wait_for(lambda: all(s.last_run_at is not None for s in mem.jobs.status()))
