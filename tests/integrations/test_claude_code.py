"""Claude Code payloads through a real MemoryAgent: each event's work and answer."""

from __future__ import annotations

import json

import pytest
from hookdata import Recorded, every_payload

from remem.agent import MemoryAgent
from remem.errors import ValidationError
from remem.integrations.claude_code import (
    HEADER,
    LONG_WORK,
    HookAnswer,
    HookEvent,
    HookPayload,
    handle,
)
from remem.memory import Memory
from remem.model import Kind
from remem.store.base import ListFilter


@pytest.fixture
def agent(mem: Memory) -> MemoryAgent:
    return MemoryAgent(mem, user_id="maya", namespace="atlas")


def run(agent: MemoryAgent, recorded: Recorded, name: str) -> HookAnswer:
    return handle(agent, HookPayload.parse(recorded[name]))


@pytest.mark.parametrize("name", every_payload())
def test_every_recorded_payload_parses(recorded: Recorded, name: str) -> None:
    payload = HookPayload.parse(recorded[name])
    assert payload.session_id
    assert payload.cwd == recorded.cwd
    assert HookPayload.parse(recorded[name], payload.event.value) == payload


def test_session_start_handles_every_source(agent: MemoryAgent, recorded: Recorded) -> None:
    agent.correct("No, use pnpm not npm")
    first = run(agent, recorded, "session_start_startup")
    assert first.context.startswith(HEADER) and "pnpm" in first.context
    assert first.done["resumed"] is False and first.done["source"] == "startup"
    # plain text on stdout: Claude Code adds it to the context as it is
    assert first.stdout() == first.context + "\n"
    for source in ("resume", "compact"):
        again = run(agent, recorded, f"session_start_{source}")
        assert again.done == again.done | {"source": source, "resumed": True}
        assert "pnpm" in again.context  # the block is rebuilt (compaction dropped it)
    cleared = run(agent, recorded, "session_start_clear")
    assert cleared.done["resumed"] is False  # /clear: a new session id, a new session
    assert agent.session(recorded["session_start_clear"]["session_id"]).ended_at is None


def test_an_empty_store_answers_nothing(agent: MemoryAgent, recorded: Recorded) -> None:
    start = run(agent, recorded, "session_start_startup")
    assert start.context == "" and start.stdout() == "" and start.to_json() == {}


def test_prompt_remembers_at_once_and_says_so(agent: MemoryAgent, recorded: Recorded) -> None:
    answer = run(agent, recorded, "user_prompt_submit_remember")
    assert answer.done["remembered"]
    assert "## Remembered now\n- " in answer.context and "atlas-db-2" in answer.context
    stored = agent.mem.get(answer.done["remembered"][0], user_id="maya", namespace="atlas")
    assert "atlas-db-2" in stored.content
    # the next prompt about it recalls it (and the prompt is never its own context)
    later = handle(
        agent,
        HookPayload.parse(
            recorded["user_prompt_submit"]
            | {"prompt": "which database does staging use these days?"}
        ),
    )
    assert "atlas-db-2" in later.context and answer.done["remembered"][0] in later.done["injected"]
    assert "these days" not in later.context


def test_prompt_that_may_not_be_stored_says_why(agent: MemoryAgent, recorded: Recorded) -> None:
    prompt = "Remember that my AWS key is AKIAZYMLOPIFQY78F5M0"
    payload = HookPayload.parse(recorded["user_prompt_submit"] | {"prompt": prompt})
    answer = handle(agent, payload)
    assert not answer.done["remembered"]
    assert "## Not remembered" in answer.context
    assert "AKIAZYMLOPIFQY78F5M0" not in answer.context


def test_an_oversized_prompt_is_clipped_not_refused(agent: MemoryAgent, recorded: Recorded) -> None:
    huge = "deploy log line " * 10_000  # 160 KB pasted into the prompt
    payload = HookPayload.parse(recorded["user_prompt_submit"] | {"prompt": huge})
    answer = handle(agent, payload)
    assert answer.event is HookEvent.USER_PROMPT_SUBMIT
    assert agent.session(payload.session_id).turns == 1


def test_a_failed_tool_call_becomes_an_episodic_note(
    agent: MemoryAgent, recorded: Recorded
) -> None:
    for name in ("post_tool_use_failure", "post_tool_use_error"):
        answer = run(agent, recorded, name)
        note = agent.mem.get(answer.done["error_note"], user_id="maya", namespace="atlas")
        assert note.kind is Kind.EPISODIC and note.category == "incident"
        assert answer.stdout() == ""  # nothing to add to Claude's context
    notes = agent.mem.list(
        user_id="maya", namespace="atlas", filters=ListFilter(kinds=("episodic",))
    ).items
    assert any("auth.spec.ts" in m.content for m in notes)
    assert any("connection refused" in m.content for m in notes)


def test_a_tool_call_that_worked_is_an_action_not_a_memory(
    agent: MemoryAgent, recorded: Recorded
) -> None:
    payload = recorded["post_tool_use"]
    answer = run(agent, recorded, "post_tool_use")
    assert answer.done == {"error_note": None} and answer.stdout() == ""
    assert agent.mem.list(user_id="maya", namespace="atlas").items == []
    (point,) = agent.mem.store.list_checkpoints(payload["session_id"], agent.scope)
    assert point.tool_calls[0]["name"] == "Write"  # the session's action, for its episode
    assert point.tool_calls[0]["input"]["file_path"].endswith("notes.md")


def test_stop_observes_the_answer_and_judges_what_was_injected(
    agent: MemoryAgent, recorded: Recorded
) -> None:
    agent.mem.add("The staging database is atlas-db-2", user_id="maya", namespace="atlas")
    prompt = recorded["user_prompt_submit"] | {"prompt": "which database is staging on?"}
    assert "atlas-db-2" in handle(agent, HookPayload.parse(prompt)).context
    said = "Staging runs on atlas-db-2, the staging database."
    stop = handle(agent, HookPayload.parse(recorded["stop"] | {"last_assistant_message": said}))
    assert stop.done["observed"] is True
    assert stop.done["used"]  # the answer echoes the injected memory: +priority
    # without last_assistant_message (older Claude Code): the transcript's last answer
    assert run(agent, recorded, "stop").done["observed"] is True
    items = agent.working_items(recorded["stop"]["session_id"])
    assert any("atlas node 7 because node 3" in w.content for w in items)


def test_pre_compact_flushes_and_keeps_the_session_open(
    agent: MemoryAgent, recorded: Recorded
) -> None:
    run(agent, recorded, "session_start_startup")
    flushed = run(agent, recorded, "pre_compact")
    assert flushed.done["stored"]
    session_id = recorded["pre_compact"]["session_id"]
    assert agent.session(session_id).ended_at is None
    # the end extracts nothing twice: the transcript was flushed already
    ended = run(agent, recorded, "session_end")
    assert ended.done["stored"] == [] and ended.done["reason"] == "prompt_input_exit"
    assert agent.session(session_id).ended_at is not None


def test_post_compact_flushes_what_no_pre_compact_did(
    agent: MemoryAgent, recorded: Recorded
) -> None:
    run(agent, recorded, "session_start_startup")
    post = recorded["pre_compact"] | {
        "hook_event_name": "PostCompact",
        "compact_summary": "The user and Claude set up staging on atlas-db-2.",
    }
    flushed = handle(agent, HookPayload.parse(post))
    assert flushed.done["stored"] and flushed.stdout() == ""
    assert agent.session(post["session_id"]).ended_at is None
    # after a PreCompact, the PostCompact stores nothing twice
    assert handle(agent, HookPayload.parse(post)).done["stored"] == []
    assert HookEvent.POST_COMPACT in LONG_WORK


def test_session_end_of_a_session_no_hook_started(agent: MemoryAgent, recorded: Recorded) -> None:
    ended = run(agent, recorded, "session_end")  # hooks installed mid-session
    assert ended.done["stored"]
    contents = [m.content for m in agent.mem.list(user_id="maya", namespace="atlas").items]
    assert any("atlas-db-2" in c for c in contents)  # what the user asked to remember
    # a prompt's request ("Move the deploy worker pool ...") is no fact
    assert not any("deploy worker pool" in c for c in contents), contents


def test_session_end_without_a_transcript_flushes_observed_turns(
    agent: MemoryAgent, recorded: Recorded
) -> None:
    recorded.transcript.unlink()
    run(agent, recorded, "user_prompt_submit")
    ended = run(agent, recorded, "session_end")
    assert agent.session(recorded["session_end"]["session_id"]).ended_at is not None
    assert isinstance(ended.done["stored"], list)


def test_json_answer_shape() -> None:
    answer = HookAnswer(HookEvent.POST_TOOL_USE, "ctx")
    data = json.loads(answer.stdout())
    assert data == {
        "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ctx"}
    }
    back = HookAnswer.from_json(HookEvent.POST_TOOL_USE, data)
    assert back.context == "ctx"
    assert HookAnswer.from_json(HookEvent.STOP, {}).stdout() == ""


@pytest.mark.parametrize(
    ("data", "event", "says"),
    [
        ([], None, "JSON object"),
        ({"session_id": "s1"}, None, "no hook_event_name"),
        ({"hook_event_name": "Stop"}, None, "'session_id'"),
        ({"hook_event_name": "Stop", "session_id": ""}, None, "empty"),
        ({"hook_event_name": "Stop", "session_id": 7}, None, "string"),
        ({"hook_event_name": "UserPromptSubmit", "session_id": "s1"}, None, "'prompt'"),
        ({"hook_event_name": "Nope", "session_id": "s1"}, None, "unknown hook event"),
        ({"hook_event_name": "Stop", "session_id": "s1"}, "SessionEnd", "not SessionEnd"),
        ({"hook_event_name": "Stop", "session_id": "s1", "cwd": 3}, None, "'cwd'"),
    ],
)
def test_bad_payloads_are_refused_by_name(data: object, event: str | None, says: str) -> None:
    with pytest.raises(ValidationError, match=says.replace("(", r"\(")):
        HookPayload.parse(data, event)


def test_event_names_are_forgiving_about_case() -> None:
    assert HookEvent.parse("userpromptsubmit") is HookEvent.USER_PROMPT_SUBMIT
    assert HookEvent.parse("session-start") is HookEvent.SESSION_START
