"""Working memory: capacity, expiry, searched first, promotion when surfaced twice
within the window (importance x1.1) or by hand, carried over into the next session."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from remem.agent import MemoryAgent
from remem.config import Config
from remem.errors import NotFoundError
from remem.memory import Memory
from remem.model import Trust

BACKENDS = ("sqlite", "postgres")  # the agent layer on both stores (conftest)

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
ITEM = "The login page should redirect to the dashboard after sign in"


def test_capacity_evicts_the_oldest(config: Config, db_path) -> None:
    config = config.model_copy(update={"working_capacity": 3})
    with Memory(db_path, config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya")
        for i in range(5):
            agent.working_add("s1", f"working note number {i}", now=T0 + timedelta(seconds=i))
        items = agent.working_items("s1", now=T0 + timedelta(seconds=5))
    assert [w.content for w in items] == [f"working note number {i}" for i in (4, 3, 2)]


def test_the_default_capacity_is_fifty(agent: MemoryAgent) -> None:
    for i in range(55):
        agent.working_add("s1", f"note {i}", now=T0)
    assert len(agent.working_items("s1", now=T0)) == 50


def test_items_expire_after_a_day(agent: MemoryAgent) -> None:
    agent.working_add("s1", ITEM, now=T0)
    assert agent.working_items("s1", now=T0 + timedelta(hours=23))
    assert agent.working_items("s1", now=T0 + timedelta(hours=24)) == []
    found = agent.recall("s1", "where does the login page redirect", now=T0 + timedelta(hours=25))
    assert "## Working memory" not in found.text


def test_recall_searches_working_memory_first(mem: Memory, agent: MemoryAgent) -> None:
    mem.add("The dashboard is built with React", user_id="maya", agent_id="coder")
    agent.working_add("s1", ITEM, now=T0)
    context = agent.recall("s1", "login page redirect dashboard", now=T0)
    assert context.parts[0].label == "## Working memory"
    assert context.parts[0].lines == (f"- {ITEM}",)


def test_surfaced_twice_within_a_day_is_promoted_with_importance_x_1_1(
    mem: Memory, agent: MemoryAgent
) -> None:
    item = agent.working_add("s1", ITEM, importance=0.6, now=T0)
    agent.recall("s1", "login page redirect", now=T0)
    assert agent.working.get(item.id).promoted_to is None  # once is not enough
    agent.recall("s1", "login page redirect", now=T0 + timedelta(hours=23))
    promoted = agent.working.get(item.id)
    assert promoted.promoted_to is not None
    record = mem.get(promoted.promoted_to, user_id="maya")
    assert record.content.rstrip(".") == ITEM  # extracted, as any message is
    assert record.importance == pytest.approx(0.66)
    assert record.data["metadata"]["promoted_from"] == "working-memory"
    assert next(e.event for e in mem.history(record.id, user_id="maya")) == "created"


def test_surfaced_twice_more_than_a_day_apart_is_not_promoted(agent: MemoryAgent) -> None:
    item = agent.working_add("s1", ITEM, now=T0)
    agent.working.surface([item.id], now=T0)
    agent.working.surface([item.id], now=T0 + timedelta(hours=25))
    assert agent.working.get(item.id).promoted_to is None


def test_promote_by_hand_and_an_identical_memory_is_confirmed_not_copied(
    mem: Memory, agent: MemoryAgent
) -> None:
    item = agent.working_add("s1", ITEM, now=T0)
    promoted = agent.working_promote(item.id, now=T0)
    assert promoted.promoted_to is not None
    assert agent.working_promote(item.id, now=T0).promoted_to == promoted.promoted_to
    twin = agent.working_add("s1", ITEM, now=T0)
    again = agent.working_promote(twin.id, now=T0)
    assert again.promoted_to == promoted.promoted_to
    assert mem.get(promoted.promoted_to, user_id="maya").reference_count == 1
    assert mem.list(user_id="maya").total == 1


def test_end_session_promotes_what_earned_it(mem: Memory, agent: MemoryAgent) -> None:
    item = agent.working_add("s1", ITEM, now=T0)
    # two surfacings recorded by another process whose promotion did not finish
    mem.store.surface_working([item.id], agent.scope, at=T0)
    mem.store.surface_working([item.id], agent.scope, at=T0 + timedelta(hours=1))
    end = agent.end_session("s1", now=T0 + timedelta(hours=2))
    assert [p.item_id for p in end.promoted] == [item.id]
    assert mem.get(end.promoted[0].memory_id, user_id="maya").content.rstrip(".") == ITEM


def test_working_memory_is_carried_into_the_next_session(agent: MemoryAgent) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "I'm on the release branch for the whole afternoon", now=T0)
    agent.end_session("s1", now=T0 + timedelta(hours=1))
    later = agent.start_session("s2", now=T0 + timedelta(hours=3))
    assert "## Carried over" in later.text and "release branch" in later.text
    assert len(later.carried_over) == 1
    assert agent.working_items("s2", now=T0 + timedelta(hours=3))[0].carried_from == "s1"
    resumed = agent.start_session("s2", now=T0 + timedelta(hours=4))
    assert "release branch" in resumed.text  # a resumed session shows it again
    tomorrow = agent.start_session("s3", now=T0 + timedelta(hours=30))
    assert "## Carried over" not in tomorrow.text  # expired


def test_untrusted_items_are_not_shown_unless_opted_in(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya")
    agent.working_add(
        "s1", "the login page redirect text came from a web page", trusted=False, now=T0
    )
    assert agent.working_items("s1", now=T0)[0].source_trust is Trust.UNTRUSTED
    assert "## Working memory" not in agent.recall("s1", "login page redirect", now=T0).text
    opted = MemoryAgent(mem, user_id="maya", include_untrusted=True)
    assert "## Working memory" in opted.recall("s1", "login page redirect", now=T0).text


def test_clear_and_scope(mem: Memory, agent: MemoryAgent) -> None:
    item = agent.working_add("s1", ITEM, now=T0)
    other = MemoryAgent(mem, user_id="bob")
    with pytest.raises(NotFoundError):
        other.working_promote(item.id, now=T0)
    assert other.working_clear() == 0
    assert agent.working_clear("s1") == 1
    assert agent.working_items(now=T0) == []


def test_a_prompt_is_working_memory_for_its_session_only(mem: Memory, agent: MemoryAgent) -> None:
    """A request or question is for the session: never promoted, never carried over;
    what a prompt states is promoted through the write path, not word for word."""
    agent.start_session("s1", now=T0)
    asked = "can you check why the login page redirect is so slow today?"
    stated = "the login page redirect goes through the auth proxy on port 8443"
    agent.observe("s1", "user", asked, now=T0)
    agent.observe("s1", "user", stated, now=T0)
    for hours in (1, 2):
        agent.recall("s1", "login page redirect proxy slow", now=T0 + timedelta(hours=hours))
    agent.end_session("s1", now=T0 + timedelta(hours=3))
    kept = [m.content for m in mem.list(user_id="maya").items]
    assert any("8443" in text for text in kept), kept
    assert not any("check why" in text.lower() for text in kept), kept
    later = agent.start_session("s2", now=T0 + timedelta(hours=4))
    assert "check why" not in later.text
