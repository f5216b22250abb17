"""The agent's turns and ``Memory.checkpoint`` share (session_id, turn): observe numbers
its turn after the highest checkpoint the session has, and a refused observe writes
nothing (it checks the checkpoint it will write before any other write)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from remem.agent import MemoryAgent
from remem.errors import ValidationError
from remem.memory import Memory

BACKENDS = ("sqlite", "postgres")  # the store's turn counter: both backends (conftest)
T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
TABLES = (
    "memories",
    "resources",
    "checkpoints",
    "working_memory",
    "triggers",
    "audit",
    "session_costs",
)


def _counts(rows: Callable[..., list[tuple[Any, ...]]]) -> dict[str, int]:
    return {t: int(rows(f"SELECT count(*) FROM {t}")[0][0]) for t in TABLES}


def test_observe_numbers_its_turn_after_the_sessions_checkpoints(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    mem.checkpoint("s1", 1, {"internal_state": {"step": "plan"}}, user_id="maya", agent_id="coder")
    mem.checkpoint("s1", 2, {"internal_state": {"step": "code"}}, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    said = agent.observe("s1", "user", "Can you look at the flaky login test again?", now=T0)
    assert said.turn == 3
    # a checkpoint saved ahead of the agent (turn 7) moves its count past it
    mem.checkpoint(
        "s1", 7, {"internal_state": {"step": "review"}}, user_id="maya", agent_id="coder"
    )
    assert agent.observe("s1", "assistant", "Looking at it now.", now=T0).turn == 8
    assert agent.observe("s1", "user", "Thanks, and the signup test too?", now=T0).turn == 9
    last = mem.recover("s1", user_id="maya", agent_id="coder")
    assert last is not None and last.turn == 9
    assert last.internal_state["step"] == "review"  # the caller's own state folded in


def test_a_checkpoint_in_another_scope_never_collides_with_the_agents_turn(mem: Memory) -> None:
    # checkpoints are keyed by (session_id, turn) across scopes: another user's
    # checkpoint under the same session name must not make the agent's turn fail
    mem.checkpoint("shared", 1, {"internal_state": {"x": 1}}, user_id="omar")
    agent = MemoryAgent(mem, user_id="maya")
    agent.start_session("shared", now=T0)
    assert agent.observe("shared", "user", "What did we decide about retries?", now=T0).turn == 2
    assert mem.recover("shared", user_id="maya").turn == 2  # type: ignore[union-attr]
    assert mem.recover("shared", user_id="omar").internal_state == {"x": 1}  # type: ignore[union-attr]


def test_an_observe_whose_checkpoint_is_refused_writes_nothing(
    mem: Memory, store_rows: Callable[..., list[tuple[Any, ...]]]
) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "We are migrating the billing service to Postgres.", now=T0)
    before = _counts(store_rows)
    # each part fits its own limit; together they are over the checkpoint's limit
    limit = mem.config.max_checkpoint_bytes
    calls = [{"name": "grep", "output": "x" * (limit - 2000)}]
    content = "The deploy of the billing service failed again on the canary hosts. " * 60
    with pytest.raises(ValidationError, match="checkpoint"):
        agent.observe("s1", "assistant", content, tool_calls=calls, now=T0)
    assert _counts(store_rows) == before
    # the refused turn took no number: the next turn is the one after the last kept
    assert agent.observe("s1", "user", "Which hosts failed?", now=T0).turn == 2
