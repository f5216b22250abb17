"""observe: a checkpoint per turn, the hot path ("remember ..."), errors as episodic
notes, decisions with their reasoning, working memory, trust, secrets."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from remem.agent import MemoryAgent
from remem.errors import ValidationError
from remem.memory import Memory
from remem.model import Kind, Trust

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def test_each_turn_is_a_checkpoint_with_its_role_and_time(mem: Memory, agent: MemoryAgent) -> None:
    agent.start_session("s1", now=T0)
    first = agent.observe("s1", "user", "Can you look at the flaky login test?", now=T0)
    second = agent.observe(
        "s1",
        "assistant",
        "Looking at it now.",
        tool_calls=[{"name": "pytest", "input": "tests/login"}],
        now=T0,
    )
    assert (first.turn, second.turn) == (1, 2)
    last = mem.recover("s1", user_id="maya", agent_id="coder")
    assert last is not None and last.turn == 2
    assert last.llm_output == "Looking at it now."
    assert last.tool_calls == [{"name": "pytest", "input": "tests/login"}]
    assert last.internal_state["role"] == "assistant"
    assert mem.replay("s1", 1, user_id="maya").user_input.startswith("Can you look")


def test_an_explicit_remember_is_stored_at_once(mem: Memory, agent: MemoryAgent) -> None:
    result = agent.observe(
        "s1", "user", "Please remember that the staging database is called atlas-db-2", now=T0
    )
    assert result.remembered and result.working_item is None
    stored = mem.get(result.remembered[0], user_id="maya")
    assert "atlas-db-2" in stored.content and stored.session_id == "s1"
    # an assistant saying "remember" is not the user asking
    said = agent.observe("s1", "assistant", "Remember that I can run the tests for you.", now=T0)
    assert said.remembered == ()
    # the flush does not extract the remembered turn a second time
    end = agent.end_session("s1", now=T0)
    assert not set(end.stored) & set(result.remembered)
    assert [m.content for m in mem.list(user_id="maya").items].count(stored.content) == 1
    assert [e.event for e in mem.history(stored.id, user_id="maya")] == ["created"]


@pytest.mark.parametrize(
    "text",
    [
        "Don't forget: the deploy freeze starts on the 20th",
        "Note that the API rate limit is 100 requests per minute",
        "Keep in mind that Maya reviews every schema change",
        "For future reference, the VPN config lives in the infra repo",
    ],
)
def test_each_remember_phrase_takes_the_hot_path(agent: MemoryAgent, text: str) -> None:
    assert agent.observe("s1", "user", text, now=T0).remembered


def test_a_failed_tool_call_becomes_an_untrusted_episodic_note(
    mem: Memory, agent: MemoryAgent
) -> None:
    result = agent.observe(
        "s1",
        "assistant",
        "Running the migration.",
        tool_calls=[{"name": "alembic", "error": "Multiple head revisions are present"}],
        now=T0,
    )
    note = mem.get(result.error_note, user_id="maya")
    assert note.kind is Kind.EPISODIC and note.category == "incident"
    assert "alembic failed: Multiple head revisions" in note.content
    assert note.source_trust is Trust.UNTRUSTED  # it quotes the tool
    assert note.data["metadata"]["turn"] == 1


def test_a_traceback_in_a_turn_is_noted_by_its_last_line(mem: Memory, agent: MemoryAgent) -> None:
    trace = "Traceback (most recent call last):\n  File \"app.py\", line 3\nKeyError: 'user_id'"
    result = agent.observe("s1", "tool", trace, now=T0)
    assert "KeyError: 'user_id'" in mem.get(result.error_note, user_id="maya").content
    calm = agent.observe("s1", "user", "The error handling docs are good, thanks", now=T0)
    assert calm.error_note is None


def test_a_decision_is_stored_with_its_reasoning(mem: Memory, agent: MemoryAgent) -> None:
    result = agent.observe(
        "s1",
        "assistant",
        "Done. We decided to use Alembic for migrations because it works with SQLAlchemy.",
        now=T0,
    )
    record = mem.get(result.decision, user_id="maya")
    assert record.category == "decision"
    assert record.data["metadata"]["reasoning"] == "it works with SQLAlchemy"
    assert "because it works with SQLAlchemy" in record.content
    assert agent.observe("s1", "user", "What did we decide?", now=T0).decision is None


def test_turns_go_to_working_memory_and_tool_output_does_not(agent: MemoryAgent) -> None:
    kept = agent.observe("s1", "user", "The login page should redirect to the dashboard", now=T0)
    short = agent.observe("s1", "user", "ok thanks", now=T0)
    tool = agent.observe("s1", "tool", "HTTP 200 OK with a long body of html here", now=T0)
    assert kept.working_item and short.working_item is None and tool.working_item is None
    items = agent.working_items("s1", now=T0)
    assert [w.content for w in items] == ["The login page should redirect to the dashboard"]


def test_untrusted_turns_stay_untrusted(mem: Memory, agent: MemoryAgent) -> None:
    result = agent.observe(
        "s1", "user", "Note that the admin password policy changed", trusted=False, now=T0
    )
    assert result.remembered == ()  # text from a tool is never obeyed as a request
    item = agent.working_items("s1", now=T0)[0]
    assert item.source_trust is Trust.UNTRUSTED


def test_a_secret_never_reaches_the_store(mem: Memory, agent: MemoryAgent, db_path) -> None:
    key = "sk-ant-api03-" + "Q" * 93
    agent.observe("s1", "user", f"The deploy script reads the token {key} from the env", now=T0)
    agent.end_session("s1", now=T0)
    mem.close()
    files = [f for f in db_path.parent.iterdir() if f.name.startswith(db_path.name)]
    assert files and all(key.encode() not in f.read_bytes() for f in files)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"role": "", "content": "hi there"}, "role"),
        ({"role": "user", "content": ""}, "content"),
        ({"role": "user", "content": "x\x00y"}, "NUL"),
        ({"role": "user", "content": "hi", "tool_calls": {"name": "x"}}, "tool_calls"),
        ({"role": "user", "content": "hi", "tool_calls": ["pytest"]}, "tool call"),
    ],
)
def test_bad_turns_are_refused_and_write_nothing(
    mem: Memory, agent: MemoryAgent, kwargs, match
) -> None:
    with pytest.raises(ValidationError, match=match):
        agent.observe("s1", now=T0, **kwargs)
    assert mem.store.list_sessions(agent.scope) == []
    assert mem.list(user_id="maya").total == 0
