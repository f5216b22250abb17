"""query(): clean (active only), resolved (the newer of two conflicting facts wins),
trust-tagged facts, working memory first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from remem.agent import MemoryAgent
from remem.errors import ValidationError
from remem.memory import Memory

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def test_superseded_versions_are_not_returned(mem: Memory, agent: MemoryAgent) -> None:
    old = mem.add("Maya lives in Boston", user_id="maya", agent_id="coder")[0]
    new = mem.update(old.id, "Maya lives in Denver", user_id="maya")
    facts = agent.query("where does Maya live", now=T0)
    assert [f.memory_id for f in facts] == [new.id]
    assert facts[0].source == "memory" and facts[0].trust_score == 0.5


def test_of_two_conflicting_facts_the_newer_wins(mem: Memory, agent: MemoryAgent) -> None:
    older = mem.add(
        "Maya lives in Boston", user_id="maya", agent_id="coder", valid_from=T0 - timedelta(days=90)
    )[0]
    newer = mem.add("Maya moved to Denver", user_id="maya", agent_id="coder", valid_from=T0)[0]
    facts = agent.query("Maya lives Boston Denver moved", now=T0)
    assert [f.memory_id for f in facts] == [newer.id]
    assert facts[0].resolved == (older.id,) and "conflict" in facts[0].tags
    # the context block resolves the same way
    start = agent.start_session("s1", opening="Maya lives Boston Denver moved", now=T0)
    assert "Denver" in start.text and "Boston" not in start.text


def test_untrusted_facts_only_when_opted_in_and_tagged(mem: Memory) -> None:
    mem.add("The build server is at build.internal.example", user_id="maya", trusted=False)
    assert MemoryAgent(mem, user_id="maya").query("build server", now=T0) == []
    facts = MemoryAgent(mem, user_id="maya", include_untrusted=True).query("build server", now=T0)
    assert facts and "untrusted" in facts[0].tags


def test_working_memory_answers_first(mem: Memory, agent: MemoryAgent) -> None:
    mem.add("The release branch is cut on Thursdays", user_id="maya", agent_id="coder")
    item = agent.working_add("s1", "Today the release branch is frozen for the audit", now=T0)
    facts = agent.query("release branch", now=T0)
    assert facts[0].source == "working" and facts[0].memory_id == item.id
    assert facts[1].source == "memory"
    assert facts[0].to_dict()["valid_from"] == T0.isoformat()


def test_max_items_and_bad_input(mem: Memory, agent: MemoryAgent) -> None:
    for i in range(6):
        mem.add(
            f"Release note {i}: the release branch got fix {i}", user_id="maya", agent_id="coder"
        )
    assert len(agent.query("release branch fix", max_items=3, now=T0)) == 3
    for bad in ({"topic": ""}, {"topic": "x", "max_items": 0}, {"topic": "x", "max_items": True}):
        with pytest.raises(ValidationError):
            agent.query(now=T0, **bad)  # type: ignore[arg-type]
