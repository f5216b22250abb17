"""One bad working item never breaks a scope: an item whose promotion fails (here a
credential statement, redacted in working memory, that the write path refuses to
store) is marked failed with the reason, audited, logged at WARNING without its
content and skipped; recall, the other promotions and ``end_session`` go on, in
this session and in the next ones it is carried into."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest

from remem.agent import MemoryAgent
from remem.errors import ValidationError
from remem.memory import Memory

BACKENDS = ("sqlite", "postgres")

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
SECRET = "sk-abcdefghijklmnopqrstuvwx1234"
BAD = f"my api key is {SECRET} for openai"
GOOD = "The login page should redirect to the dashboard after sign in"


def _surface_twice(agent: MemoryAgent, session: str, query: str, at: datetime) -> None:
    agent.recall(session, query, now=at)
    agent.recall(session, query, now=at + timedelta(hours=1))


def test_a_working_item_that_cannot_be_promoted_does_not_break_the_session(
    mem: Memory, caplog: pytest.LogCaptureFixture
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", BAD, now=T0)
    good = agent.working_add("s1", GOOD, now=T0)
    (bad,) = [w for w in agent.working_items("s1", now=T0) if "api key" in w.content]
    with caplog.at_level(logging.WARNING):
        _surface_twice(agent, "s1", "api key openai", T0)  # the bad item earns promotion
        _surface_twice(agent, "s1", "login page redirect dashboard", T0)
    failed = agent.working.get(bad.id)
    assert failed.promoted_to is None
    assert "credential" in failed.data["promotion_failed"]["reason"]
    assert agent.working.get(good.id).promoted_to is not None  # the others go on
    events = [e for e in mem.store.history(bad.id) if e.event == "promotion_failed"]
    assert len(events) == 1 and "credential" in events[0].detail["reason"]
    warned = [r for r in caplog.records if bad.id in r.getMessage()]
    assert warned and all(r.levelno == logging.WARNING for r in warned)
    assert not any("api key" in r.getMessage() or SECRET in r.getMessage() for r in caplog.records)

    # Recall and the session's end go on; a failed item is not tried again.
    agent.recall("s1", "api key openai", now=T0 + timedelta(hours=2))
    end = agent.end_session("s1", now=T0 + timedelta(hours=3))
    assert bad.id not in [p.item_id for p in end.promoted]
    assert [f.item_id for f in end.promotion_failed] == []  # failed before, not again
    assert len([e for e in mem.store.history(bad.id) if e.event == "promotion_failed"]) == 1

    # Carried into the next session, it breaks nothing there either.
    agent.start_session("s2", now=T0 + timedelta(hours=4))
    agent.recall("s2", "api key openai", now=T0 + timedelta(hours=4))
    agent.recall("s2", "api key openai", now=T0 + timedelta(hours=5))
    assert agent.end_session("s2", now=T0 + timedelta(hours=6)).session_id == "s2"


def test_end_session_reports_an_item_that_failed_at_the_end(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", BAD, now=T0)
    good = agent.working_add("s1", GOOD, now=T0)
    items = agent.working_items("s1", now=T0)
    # Two surfacings recorded by another process whose promotion did not run.
    mem.store.surface_working([w.id for w in items], agent.scope, at=T0)
    mem.store.surface_working([w.id for w in items], agent.scope, at=T0 + timedelta(hours=1))
    end = agent.end_session("s1", now=T0 + timedelta(hours=2))
    assert [p.item_id for p in end.promoted] == [good.id]
    (failure,) = end.promotion_failed
    assert failure.item_id != good.id and "credential" in failure.reason
    assert SECRET not in str(end.to_dict())


def test_promoting_a_bad_item_by_hand_still_says_why(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.observe("s1", "user", BAD, now=T0)
    (bad,) = agent.working_items("s1", now=T0)
    with pytest.raises(ValidationError, match="cannot be promoted"):
        agent.working_promote(bad.id, now=T0)


def test_a_session_opened_with_a_credential_still_ends(
    mem: Memory, caplog: pytest.LogCaptureFixture
) -> None:
    # The opening becomes the session's episode at its end; the write path refuses
    # the (redacted) credential statement, so that episode fails alone.
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", opening=BAD, now=T0)
    agent.observe("s1", "user", GOOD, now=T0)
    with caplog.at_level(logging.WARNING):
        end = agent.end_session("s1", success=True, now=T0 + timedelta(hours=1))
    assert end.session_id == "s1" and not end.already_ended
    assert agent.session("s1").ended_at is not None
    assert any("s1" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    assert not any(SECRET in r.getMessage() or "api key" in r.getMessage() for r in caplog.records)
    again = agent.end_session("s1", success=True, now=T0 + timedelta(hours=2))
    assert again.already_ended
    # an episode of the session completes, the one that could not be written aside
    episode = agent.episodes.start("deploy the atlas service", session_id="s2", now=T0)
    agent.start_session("s2", now=T0)
    done = agent.end_session("s2", success=True, now=T0 + timedelta(hours=3))
    assert done.episodes_completed == (episode.id,)
