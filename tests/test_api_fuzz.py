"""Property: odd input to the public Memory API never escapes as a TypeError,
RecursionError or any other non-remem exception. Each call gets one argument
replaced by an odd value (wrong types, None, bytes, lone surrogates, NUL, huge
or deeply nested values, non-finite numbers, huge lists and ids); it either
works or raises a :class:`~remem.errors.UserError` (the caller's mistake) and
writes nothing. Hypothesis draws the method, the argument and the value."""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remem.agent import MemoryAgent
from remem.config import Config
from remem.errors import RememError, UserError
from remem.memory import Memory

TABLES = ("memories", "resources", "audit", "vectors", "checkpoints", "summaries")
NOW = datetime(2025, 5, 1, tzinfo=UTC)


def _nested(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def _deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


ODD: list[Any] = [
    None, True, False, 0, -1, 2**70, 1.5, math.nan, math.inf, -math.inf,
    "", " ", "x" * 200_000, "nul\x00x", "lone \ud800 surrogate", "\udfff", "é" * 50_000,
    b"bytes", b"\xff\xfe", bytearray(b"x"), [], [None], ["a"] * 20_000, [1, 2], ("t",),
    {}, {"a": math.nan}, {"a": [math.inf]}, {1: "x"}, {"a": {"b": -math.inf}}, _nested(100),
    _nested(5_000), _deep_list(5_000), object(), {"x"}, NOW, "2025-01-01", "not-an-id!",
    "a" * 129, "a" * 300, ["x" * 300], {"metadata.k": math.nan}, {"importance": {"gt": math.inf}},
    {"AND": [{"OR": [{"NOT": {"kind": "x"}}]}]}, {"tags": {"in": ["a"] * 10_000}},
]  # fmt: skip

# method -> (its valid arguments, the argument names to replace)
Args = dict[str, Any]


def _calls(mem: Memory, ids: dict[str, str]) -> dict[str, tuple[Callable[..., Any], Args]]:
    u = {"user_id": "u"}
    return {
        "add": (
            mem.add,
            {
                "content": "The office is in Berlin",
                **u,
                "agent_id": None,
                "namespace": None,
                "session_id": "s1",
                "run_id": None,
                "role": "user",
                "kind": "semantic",
                "category": "work",
                "importance": 0.5,
                "tier": "standard",
                "metadata": {"k": 1},
                "tags": ["a"],
                "confidence": 0.9,
                "valid_from": NOW,
                "trusted": None,
                "infer": False,
                "now": NOW,
            },
        ),
        "add_messages": (
            mem.add,
            {"content": [{"role": "user", "content": "I live in Paris"}], **u, "now": NOW},
        ),
        "remember": (
            mem.remember,
            {
                "content": "I prefer tea",
                **u,
                "session_id": "s1",
                "speaker": "Maya",
                "category": "preference",
                "force": False,
                "trusted": None,
                "now": NOW,
            },
        ),
        "search": (
            mem.search,
            {
                "query": "office",
                **u,
                "limit": 5,
                "run_id": None,
                "filters": {"kind": "semantic"},
                "threshold": 0.0,
                "include_history": False,
                "sources": ["bm25"],
                "asker_agent_id": None,
                "asker_role": None,
                "now": NOW,
            },
        ),
        "context": (
            mem.context,
            {
                "query": "office",
                **u,
                "max_tokens": 200,
                "max_items": 5,
                "record": False,
                "include_untrusted": False,
                "now": NOW,
            },
        ),
        "recall_tiered": (
            mem.recall_tiered,
            {"query": "office", **u, "limit": 5, "sources": None, "now": NOW},
        ),
        "get": (mem.get, {"memory_id": ids["a"], **u}),
        "history": (mem.history, {"memory_id": ids["a"], **u}),
        "forget": (mem.forget, {"memory_id": ids["b"], **u, "reason": "old"}),
        "restore": (mem.restore, {"memory_id": ids["b"], **u, "reason": "back", "now": NOW}),
        "reference": (mem.reference, {"memory_ids": [ids["a"]], **u, "now": NOW}),
        "update": (
            mem.update,
            {
                "memory_id": ids["a"],
                "content": "The office is in Munich",
                **u,
                "reason": "moved",
                "now": NOW,
                "importance": 0.6,
                "tags": ["b"],
                "metadata": {"k": 2},
            },
        ),
        "list": (
            mem.list,
            {**u, "run_id": None, "filters": {"tags": "a"}, "offset": 0, "limit": 10},
        ),
        "get_all": (mem.get_all, {**u, "filters": None, "limit": 10}),
        "checkpoint": (
            mem.checkpoint,
            {"session_id": "s1", "turn": 1, "state": {"internal_state": {"x": 1}}, **u},
        ),
        "replay": (mem.replay, {"session_id": "s1", "turn": 1, **u}),
        "recover": (mem.recover, {"session_id": "s1", **u}),
        "stats": (mem.stats, {**u}),
        "summaries": (mem.summaries, {**u, "category": None, "archived": False}),
        "short_ids": (mem.short_ids, {"memory_ids": [ids["a"]], **u}),
        "export_records": (mem.export_records, {**u}),
        "record_injection": (
            mem.record_injection,
            {"memory_ids": [ids["a"]], **u, "details": None, "now": NOW},
        ),
        "delete_all": (
            mem.delete_all,
            {"user_id": "gone", "run_id": None, "filters": {"kind": "semantic"}, "reason": "x"},
        ),
        "erase": (mem.erase, {"user_id": "erased"}),
    }


def _shown(value: Any) -> str:
    if isinstance(value, str | bytes | float) or value is None:
        return repr(value)[:60]
    return type(value).__name__


def _counts(db: Path) -> dict[str, int]:
    with closing(sqlite3.connect(db)) as conn:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Memory, Path, dict]]:
    tmp = tmp_path_factory.mktemp("fuzz")
    db = tmp / "fuzz.db"
    with Memory(db, config=Config(home=tmp / "home", embedder="fake")) as mem:
        a = mem.add("The office is in Berlin", user_id="u", now=NOW)[0].id
        b = mem.add("The printer is on the second floor", user_id="u", now=NOW)[0].id
        mem.checkpoint("s1", 1, {"internal_state": {"x": 1}}, user_id="u")
        yield mem, db, {"a": a, "b": b}


PAIRS = sorted(
    (m, arg)
    for m, (_, args) in _calls(Memory.__new__(Memory), {"a": "x", "b": "y"}).items()
    for arg in args
)


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(pair=st.sampled_from(PAIRS), odd=st.sampled_from(ODD))
def test_odd_input_gives_a_user_error_and_writes_nothing(
    world: tuple[Memory, Path, dict], pair: tuple[str, str], odd: Any
) -> None:
    mem, db, _ = world
    method, arg = pair
    ids = {  # fresh ones each time: an earlier example may have updated or forgotten them
        "a": mem.add("The office is in Berlin", user_id="u", now=NOW)[0].id,
        "b": mem.add("The printer is on the second floor", user_id="u", now=NOW)[0].id,
    }
    call, args = _calls(mem, ids)[method]
    before = _counts(db)
    what = f"{method}({arg}={_shown(odd)})"
    try:
        call(**{**args, arg: odd})
    except UserError:
        assert _counts(db) == before, f"{what} failed but wrote"
    except RememError as exc:  # a runtime failure is not the caller's mistake
        raise AssertionError(f"{what}: {type(exc).__name__}: {exc}") from exc
    except Exception as exc:
        raise AssertionError(f"{what} raised {type(exc).__name__}: {str(exc)[:200]}") from exc
    assert mem.get(ids["a"], user_id="u").content  # and the store still works after it


# -- the agent layer over it ----------------------------------------------------------------
def _agent_calls(agent: MemoryAgent, ids: dict[str, str]) -> dict[str, tuple[Callable, Args]]:
    s1 = {"session_id": "a1"}
    return {
        "start_session": (agent.start_session, {"session_id": "s9", "opening": "hi", "now": NOW}),
        "observe": (
            agent.observe,
            {
                **s1,
                "role": "user",
                "content": "I moved to Paris",
                "tool_calls": None,
                "trusted": None,
                "now": NOW,
                "defer": False,
            },
        ),
        "recall": (agent.recall, {**s1, "prompt": "where", "tool": None, "now": NOW}),
        "query": (agent.query, {"topic": "office", "max_items": 5, "now": NOW}),
        "feedback": (agent.feedback, {**s1, "response_text": "Berlin", "now": NOW}),
        "outcome": (agent.outcome, {"memory_ids": [ids["a"]], "success": True, "now": NOW}),
        "correct": (agent.correct, {"text": "no, use pnpm", "context": None, "now": NOW}),
        "end_session": (
            agent.end_session,
            {**s1, "transcript": None, "success": None, "learnings": (), "now": NOW},
        ),
        "flush": (agent.flush, {**s1, "transcript": None, "now": NOW}),
        "lessons_active": (agent.lessons_active, {"limit": 5}),
        "start_episode": (agent.start_episode, {"task": "deploy", "constraints": (), "now": NOW}),
        "similar_episodes": (agent.similar_episodes, {"task": "deploy", "k": 5}),
        "working_add": (agent.working_add, {**s1, "content": "note", "importance": 0.5}),
        "working_items": (agent.working_items, {**s1, "now": NOW}),
        "working_promote": (agent.working_promote, {"item_id": "nope-item", "now": NOW}),
    }


AGENT_PAIRS = sorted(
    (m, arg)
    for m, (_, args) in _agent_calls(MemoryAgent.__new__(MemoryAgent), {"a": "x"}).items()
    for arg in args
)


@settings(
    max_examples=80,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(pair=st.sampled_from(AGENT_PAIRS), odd=st.sampled_from(ODD))
def test_odd_input_to_the_agent_gives_a_user_error_and_writes_nothing(
    world: tuple[Memory, Path, dict], pair: tuple[str, str], odd: Any
) -> None:
    mem, db, ids = world
    agent = MemoryAgent(mem, user_id="u")
    agent.start_session("a1", now=NOW)
    method, arg = pair
    call, args = _agent_calls(agent, ids)[method]
    before = _counts(db)
    what = f"agent.{method}({arg}={_shown(odd)})"
    try:
        call(**{**args, arg: odd})
    except UserError:
        assert _counts(db) == before, f"{what} failed but wrote"
    except Exception as exc:
        raise AssertionError(f"{what} raised {type(exc).__name__}: {str(exc)[:200]}") from exc
