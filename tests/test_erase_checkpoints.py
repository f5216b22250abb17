"""``erase_memory`` takes the agent's checkpoint of the turn the memory came from:
the checkpoint holds the turn's text, so it follows the rule of the raw message
(it goes when no unpurged memory still comes from its turn), and so does the copy of
the turn the agent kept as a resource when it observed it. Other turns stay."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from remem.agent import MemoryAgent
from remem.memory import Memory

BACKENDS = ("sqlite", "postgres")  # the purge's SQL runs on both (conftest)
T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
MARK = "Harbour Street"


def _states(rows: Callable[..., list[tuple[Any, ...]]]) -> list[str]:
    return [str(r[0]) for r in rows("SELECT state FROM checkpoints ORDER BY turn")]


def test_erasing_a_memory_takes_its_turns_checkpoint(
    mem: Memory, store_rows: Callable[..., list[tuple[Any, ...]]]
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", f"My climbing gym is the one on {MARK}.", now=T0)
    later = T0 + timedelta(minutes=1)
    agent.observe("s1", "user", "My sister Ana lives in Porto.", now=later)
    agent.end_session("s1", now=later + timedelta(minutes=1))
    assert any(MARK in s for s in _states(store_rows))
    gym = [m for m in mem.list(user_id="maya", agent_id="coder").items if MARK in m.content]
    assert gym, "the fact was stored"

    mem.erase_memory(gym[0].id, user_id="maya", agent_id="coder")

    states = _states(store_rows)
    assert not any(MARK in s for s in states)
    assert any("Porto" in s for s in states), "another turn's checkpoint stays"
    # the turn was kept as a resource when observed and again by the extraction
    texts = [str(r[0]) for r in store_rows("SELECT content FROM resources")]
    assert not any(MARK in t for t in texts)
    assert any("Porto" in t for t in texts)
