"""The adaptive loop through the installed Claude Code hooks, end to end: one small
scripted project replayed through exactly the commands ``remem hooks install``
writes, each event a real process with its JSON on stdin, on a faked clock
(remem.eval.claude_replay; the fake embedder). Each test fails if its loop is cut:
a correction that does not come back as a lesson at the next start, a rule missing
before the tool call it is about, a repeated task without the earlier fix, a
reminder that does not fire whole, a compaction that flushes nothing, a session
whose end never came and is never extracted."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from remem.eval.claude_replay import HookRun, Replayer

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

CWD_NAME = "shop"
T0 = datetime(2026, 2, 2, 9, 0, tzinfo=UTC)
REMINDER = "remind me to drop the value_parser workaround in cli.rs when clap 4.6 is out"
CONDITION_MET = "cargo outdated says clap 4.6.0 is out. anything pending?"
REPEATED = "next the order email task tests for the reminder email, make them pass"


def _events(start: datetime, script: list[dict[str, Any]], gap_s: int = 30) -> list[dict[str, Any]]:
    out = []
    for n, event in enumerate(script):
        at = start + timedelta(seconds=gap_s * n)
        out.append({**event, "t": at.strftime("%Y-%m-%dT%H:%M:%SZ")})
    return out


def _bash(command: str, *, error: str | None = None) -> list[dict[str, Any]]:
    pre = {"hook": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command}}
    if error:
        post = {**pre, "hook": "PostToolUseFailure", "error": error}
    else:
        post = {**pre, "hook": "PostToolUse", "tool_response": {"stdout": "ok", "stderr": ""}}
    return [pre, post]


def _edit(path: str, new: str) -> list[dict[str, Any]]:
    tool_input = {"file_path": path, "old_string": "# eager\n", "new_string": new}
    pre = {"hook": "PreToolUse", "tool_name": "Edit", "tool_input": tool_input}
    post = {**pre, "hook": "PostToolUse", "tool_response": {"filePath": path}}
    return [pre, post]


def _prompt(text: str) -> dict[str, Any]:
    return {"hook": "UserPromptSubmit", "prompt": text}


def _turn(prompt: str, *middle: dict[str, Any], answer: str) -> list[dict[str, Any]]:
    return [_prompt(prompt), *middle, {"assistant": answer}, {"hook": "Stop"}]


FIRST = [
    {"hook": "SessionStart", "source": "startup"},
    *_turn(
        "quick context: this is our shop, production runs on the fly.io app shop-prod-fra",
        answer="Thanks, noted.",
    ),
    *_turn(
        "add a sent_at field to orders",
        *_bash("uv run python manage.py makemigrations orders"),
        answer="Added the field; migration 0014_auto_20260205_1452 created.",
    ),
    *_turn("you did it again, name it", answer="Renamed it to 0014_order_sent_at."),
    *_turn(REMINDER, answer="Will do."),
    *_turn(
        "make the order email task tests pass",
        *_bash("uv run pytest tests/orders", error="Exit code 1\nConnection refused"),
        *_edit("/srv/shop/shop/settings/test.py", "CELERY_TASK_ALWAYS_EAGER = True\n"),
        *_bash("uv run pytest tests/orders"),
        answer="Fixed: the tests tried to reach Redis, so I set `CELERY_TASK_ALWAYS_EAGER = "
        "True` in shop/settings/test.py and tasks now run inline. 27 passed.",
    ),
    {"hook": "PreCompact", "trigger": "auto", "custom_instructions": ""},
    {"hook": "PostCompact", "trigger": "auto", "compact_summary": "Shop work: migrations."},
    {"hook": "SessionStart", "source": "compact"},
    *_turn("thanks, cheers", answer="You're welcome!"),
    {"hook": "SessionEnd", "reason": "prompt_input_exit"},
]
SECOND = [
    {"hook": "SessionStart", "source": "startup"},
    *_turn(
        REPEATED,
        *_bash("uv run python manage.py makemigrations carts"),
        answer="Done.",
    ),
    *_turn(CONDITION_MET, answer="Yes."),
    {"hook": "SessionEnd", "reason": "prompt_input_exit"},
]
THIRD = [  # its end hook never runs
    {"hook": "SessionStart", "source": "startup"},
    *_turn("fyi the staging app is shop-stg-fra now", answer="Noted."),
]


class Replay:
    def __init__(self, replayer: Replayer, runs: list[list[HookRun]], cwd: str) -> None:
        self.replayer, self.runs, self.cwd = replayer, runs, cwd

    def answer(self, session: int, prompt_or_hook: str, nth: int = 0) -> str:
        """The context the hooks of this event gave (matched by prompt text or hook)."""
        events = SCRIPTS[session]
        found = [
            run.context
            for run, event in zip(self.runs[session], events, strict=True)
            if event.get("prompt") == prompt_or_hook or event.get("hook") == prompt_or_hook
        ]
        return found[nth]


SCRIPTS = [FIRST, SECOND, THIRD]


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Replay]:
    root = tmp_path_factory.mktemp("loops")
    cwd = str(root / "code" / CWD_NAME)
    replayer = Replayer(
        root / "replay",
        env_extra={"REMEM_EMBEDDER": "fake", "REMEM_DEFAULT_USER_ID": "maya"},
    )
    replayer.install()
    runs = []
    try:
        for number, (day, script) in enumerate(zip((0, 3, 6), SCRIPTS, strict=True)):
            session = {
                "session_id": f"00000000-0000-4000-8000-00000000000{number}",
                "events": _events(T0 + timedelta(days=day), script),
            }
            runs.append(replayer.session(number, session, cwd=cwd, stop_service=False))
        yield Replay(replayer, runs, cwd)
    finally:
        replayer.stop_service()


def test_every_hook_ran_and_none_complained(replay: Replay) -> None:
    for session in replay.runs:
        for run in session:
            if run.hook in (
                "SessionStart",
                "UserPromptSubmit",
                "PreToolUse",
                "PostCompact",
                "Stop",
            ):
                assert run.ran, run
            assert not run.stderr, run


def test_lesson_loop_a_correction_comes_back_at_the_next_start(replay: Replay) -> None:
    start = replay.answer(1, "SessionStart")
    lessons = start.split("## Lessons", 1)[1].split("\n## ", 1)[0]
    # "you did it again, name it" named nothing: the lesson has the command it was about
    assert "did it again" in lessons and "makemigrations" in lessons


def test_rule_loop_the_lesson_is_before_the_tool_call_it_is_about(replay: Replay) -> None:
    before = [r.context for r in replay.runs[1] if r.hook == "PreToolUse"]
    assert any("makemigrations" in c and "did it again" in c for c in before), before


def test_episode_loop_a_similar_task_gets_what_fixed_the_failure(replay: Replay) -> None:
    answer = replay.answer(1, REPEATED)
    assert "## Earlier episodes" in answer and "CELERY_TASK_ALWAYS_EAGER" in answer


def test_trigger_loop_the_reminder_fires_whole_when_its_condition_comes(replay: Replay) -> None:
    assert "## Reminders" not in replay.answer(0, REMINDER)
    told = replay.answer(1, CONDITION_MET)
    assert "## Reminders" in told and REMINDER in told  # "4.6" did not cut it in half


def test_flush_loop_a_compaction_keeps_what_the_session_said(replay: Replay) -> None:
    # the block rebuilt after the compaction holds the fact the flush extracted
    compacted = replay.answer(0, "SessionStart", nth=1)
    assert "shop-prod-fra" in compacted


def test_fallback_loop_a_session_that_never_ended_is_extracted_by_the_next_job(
    replay: Replay,
) -> None:
    replay.replayer.set_time(T0 + timedelta(days=8))
    replay.replayer.stop_service()
    listed = [sys.executable, "-m", "remem", "list", "--user", "maya", "--namespace", CWD_NAME,
              "--json", "--limit", "200"]  # fmt: skip
    before = _run(listed, replay)
    assert "shop-stg-fra" not in before
    _run([sys.executable, "-m", "remem", "jobs", "run", "nightly"], replay)
    assert "shop-stg-fra" in _run(listed, replay)


def _run(command: list[str], replay: Replay) -> str:
    done = subprocess.run(
        command,
        env=replay.replayer.env,
        cwd=replay.replayer.root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_gate_loop_requests_and_questions_never_become_facts(replay: Replay) -> None:
    # after every flush, end and the nightly job: the facts said are stored, the
    # prompts that asked for work or asked something are not (episodes keep their task)
    listed = [sys.executable, "-m", "remem", "list", "--user", "maya", "--namespace", CWD_NAME,
              "--json", "--limit", "200"]  # fmt: skip
    items = json.loads(_run(listed, replay))["result"]["items"]
    facts = [m["content"] for m in items if m["kind"] == "semantic"]
    assert any("shop-prod-fra" in f for f in facts), facts
    for asked in ("sent_at field", "make the order email", "anything pending", "remind me"):
        assert not any(asked in f for f in facts), (asked, facts)
