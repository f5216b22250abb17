"""One bad working item never breaks a scope: an item whose promotion fails (here a
row whose content the write path refuses, left by another program) is marked failed with the reason, audited, logged at WARNING without its
content and skipped; recall, the other promotions and ``end_session`` go on, in
this session and in the next ones it is carried into."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from remem.agent import MemoryAgent
from remem.errors import ValidationError
from remem.memory import Memory

BACKENDS = ("sqlite", "postgres")

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
SECRET = "sk-abcdefghijklmnopqrstuvwx1234"
BAD = f"my api key is {SECRET} for openai"
GOOD = "The login page should redirect to the dashboard after sign in"


DAMAGED = "The staging deploy key rotates monthly"


def _surface_twice(agent: MemoryAgent, session: str, query: str, at: datetime) -> None:
    agent.recall(session, query, now=at)
    agent.recall(session, query, now=at + timedelta(hours=1))


def _damage(rows: Callable[..., list[tuple[Any, ...]]], item_id: str) -> None:
    """A working item whose stored content the write path refuses (over
    ``max_content_bytes``, as another program or a hand edit could leave it): the real
    row, not a mock."""
    rows(
        "UPDATE working_memory SET content = ? WHERE id = ?",
        [DAMAGED + " and more" * 5000, item_id],
    )


def test_a_working_item_that_cannot_be_promoted_does_not_break_the_session(
    mem: Memory,
    store_rows: Callable[..., list[tuple[Any, ...]]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", BAD, now=T0)  # a credential: redacted, never stored
    bad = agent.working_add("s1", DAMAGED, now=T0)
    _damage(store_rows, bad.id)
    good = agent.working_add("s1", GOOD, now=T0)
    with caplog.at_level(logging.WARNING):
        _surface_twice(agent, "s1", "staging deploy rotates monthly", T0)  # earns promotion
        _surface_twice(agent, "s1", "api key openai", T0)
        _surface_twice(agent, "s1", "login page redirect dashboard", T0)
    failed = agent.working.get(bad.id)
    assert failed.promoted_to is None
    assert "over the maximum" in failed.data["promotion_failed"]["reason"]
    assert agent.working.get(good.id).promoted_to is not None  # the others go on
    credential = [w for w in agent.working_items("s1", now=T0) if "api key" in w.content]
    assert credential and all(w.promoted_to is None for w in credential)
    events = [e for e in mem.store.history(bad.id) if e.event == "promotion_failed"]
    assert len(events) == 1 and "over the maximum" in events[0].detail["reason"]
    warned = [r for r in caplog.records if bad.id in r.getMessage()]
    assert warned and all(r.levelno == logging.WARNING for r in warned)
    assert not any("deploy" in r.getMessage() or SECRET in r.getMessage() for r in caplog.records)

    # Recall and the session's end go on; a failed item is not tried again.
    agent.recall("s1", "staging deploy rotates monthly", now=T0 + timedelta(hours=2))
    end = agent.end_session("s1", now=T0 + timedelta(hours=3))
    assert bad.id not in [p.item_id for p in end.promoted]
    assert [f.item_id for f in end.promotion_failed] == []  # failed before, not again
    assert len([e for e in mem.store.history(bad.id) if e.event == "promotion_failed"]) == 1
    assert not any(SECRET in m.content for m in mem.store.list_memories(agent.scope).items)

    # Carried into the next session, it breaks nothing there either.
    agent.start_session("s2", now=T0 + timedelta(hours=4))
    agent.recall("s2", "staging deploy rotates monthly", now=T0 + timedelta(hours=4))
    agent.recall("s2", "staging deploy rotates monthly", now=T0 + timedelta(hours=5))
    assert agent.end_session("s2", now=T0 + timedelta(hours=6)).session_id == "s2"


def test_end_session_reports_an_item_that_failed_at_the_end(
    mem: Memory, store_rows: Callable[..., list[tuple[Any, ...]]]
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    bad = agent.working_add("s1", DAMAGED, now=T0)
    _damage(store_rows, bad.id)
    good = agent.working_add("s1", GOOD, now=T0)
    items = agent.working_items("s1", now=T0)
    # Two surfacings recorded by another process whose promotion did not run.
    mem.store.surface_working([w.id for w in items], agent.scope, at=T0)
    mem.store.surface_working([w.id for w in items], agent.scope, at=T0 + timedelta(hours=1))
    end = agent.end_session("s1", now=T0 + timedelta(hours=2))
    assert [p.item_id for p in end.promoted] == [good.id]
    (failure,) = end.promotion_failed
    assert failure.item_id == bad.id and "over the maximum" in failure.reason
    assert "deploy" not in str(end.to_dict())


def test_promoting_a_bad_item_by_hand_still_says_why(
    mem: Memory, store_rows: Callable[..., list[tuple[Any, ...]]]
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    bad = agent.working_add("s1", DAMAGED, now=T0)
    _damage(store_rows, bad.id)
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


def _replant(rows: Callable[..., list[tuple[Any, ...]]], memory_id: str, **episode: Any) -> None:
    """Change fields of a stored episode behind remem's back (as an old remem, another
    program or a hand edit could have left it): the real row, not a mock."""
    ((text,),) = rows("SELECT data FROM memories WHERE id = ?", [memory_id])
    data = json.loads(text)
    for key, value in episode.items():
        if key == "task":
            data["episode"]["situation"]["task"] = value
        else:
            data["episode"][key] = value
    rows("UPDATE memories SET data = ? WHERE id = ?", [json.dumps(data), memory_id])


def test_one_damaged_episode_breaks_neither_the_others_nor_the_session(
    mem: Memory,
    store_rows: Callable[..., list[tuple[Any, ...]]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    good = agent.episodes.start("deploy the atlas service", session_id="s1", now=T0)
    odd = agent.episodes.start("migrate the billing tables", session_id="s1", now=T0)
    secret = agent.episodes.start("rotate the staging certificates", session_id="s1", now=T0)
    # odd values where lists and counts belong; a task that is a bare credential,
    # never redacted (the write path would have refused it), so its summary is refused
    _replant(store_rows, odd.id, actions=5, actions_dropped="lots")
    _replant(store_rows, secret.id, task=SECRET)

    assert {e.id for e in agent.episodes.list(session_id="s1")} == {good.id, odd.id, secret.id}
    agent.episodes.record_action(odd.id, "tool_call", "psql", "ran the migration", now=T0)
    with caplog.at_level(logging.WARNING):
        end = agent.end_session("s1", success=True, now=T0 + timedelta(hours=1))
    assert set(end.episodes_completed) == {good.id, odd.id, secret.id}
    assert agent.session("s1").ended_at is not None
    assert agent.episodes.get(good.id).summary_id is not None
    assert [a.target for a in agent.episodes.get(odd.id).actions] == ["psql"]
    done = agent.episodes.get(secret.id)  # completed, without the summary it cannot have
    assert done.status == "completed" and done.summary_id is None
    ((text,),) = store_rows("SELECT data FROM memories WHERE id = ?", [secret.id])
    assert "credential" in json.loads(text)["episode"]["summary_failed"]
    assert any(secret.id in r.getMessage() for r in caplog.records)
    assert not any(SECRET in r.getMessage() for r in caplog.records)
    assert [h.episode.id for h in agent.episodes.similar("deploy the atlas service", k=5)]


def test_a_damaged_trigger_or_working_row_breaks_no_session(
    mem: Memory,
    store_rows: Callable[..., list[tuple[Any, ...]]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    good = agent.triggers.add("Send the quarterly report", on=T0, now=T0 - timedelta(days=3))
    bad = agent.triggers.add("Renew the domain", on=T0, now=T0 - timedelta(days=3))
    store_rows("UPDATE triggers SET memory_ids = ? WHERE id = ?", ["[not json", bad.id])
    day0 = T0 - timedelta(days=1)
    agent.start_session("s0", now=day0)
    kept = agent.working_add("s0", GOOD, now=day0)
    broken = agent.working_add("s0", "The staging cluster is frozen", now=day0)
    store_rows("UPDATE working_memory SET data = ? WHERE id = ?", ["{broken", broken.id])

    with caplog.at_level(logging.WARNING):
        assert [w.id for w in agent.working_items("s0", now=day0)] == [kept.id]
        rows = next(f for f in mem.doctor().checks if f.check == "rows")
        assert f"working_memory {broken.id}" in rows.items
        agent.recall("s0", "login page dashboard", now=day0)
        assert agent.end_session("s0", now=day0 + timedelta(hours=1)).session_id == "s0"
        start = agent.start_session("s1", now=T0)  # fires what is due
        assert good.id in start.triggers_fired
        assert [t.id for t in agent.triggers.list()] == [good.id]
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("trigger" in m and "doctor" in m for m in warned)
    assert any("working item" in m and "doctor" in m for m in warned)
    rows = next(f for f in mem.doctor().checks if f.check == "rows")
    assert not rows.ok
    assert f"triggers {bad.id}" in rows.items  # the working item left with its session
