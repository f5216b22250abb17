"""Scope is a security property: no read returns, and no write touches, another scope."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remem import ListFilter, Memory, NotFoundError, ValidationError
from remem.config import Config
from remem.model import Scope

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)

VALUES = st.one_of(st.none(), st.sampled_from(["a", "b"]))
SCOPES = st.builds(Scope, user_id=VALUES, agent_id=VALUES, namespace=VALUES).filter(
    lambda s: not s.is_empty()
)
WORDS = st.sampled_from(["apple", "river", "stone", "cloud"])
ALL_STATUSES = ListFilter(statuses=("active", "superseded", "forgotten"))


def _kw(scope: Scope) -> dict[str, str | None]:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "namespace": scope.namespace}


def _within(read: Scope, record: object) -> bool:
    return all(
        want is None or getattr(record, field) == want
        for field, want in (
            ("user_id", read.user_id),
            ("agent_id", read.agent_id),
            ("namespace", read.namespace),
        )
    )


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    writes=st.lists(
        st.tuples(SCOPES, st.lists(WORDS, min_size=1, max_size=3)), min_size=1, max_size=12
    ),
    reads=st.lists(st.tuples(SCOPES, WORDS), min_size=1, max_size=6),
    forget_some=st.booleans(),
)
def test_every_read_stays_inside_its_scope(
    writes: list[tuple[Scope, list[str]]],
    reads: list[tuple[Scope, str]],
    forget_some: bool,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        config = Config(home=Path(tmp), embedder="fake")
        with Memory(Path(tmp) / "m.db", config=config) as mem:
            written = []
            for scope, words in writes:
                record = mem.add(" ".join(words), **_kw(scope))[0]
                written.append(record)
            if forget_some:
                mem.forget(written[0].id, **_kw(written[0].scope))
            by_id = {r.id: r for r in written}
            for read, word in reads:
                expected = {r.id for r in written if _within(read, r)}
                # list: exactly the memories in scope
                page = mem.list(**_kw(read), filters=ALL_STATUSES, limit=100)
                assert {r.id for r in page.items} == expected
                assert page.total == len(expected)
                assert all(_within(read, r) for r in page.items)
                # search: only memories in scope, each from this scope's writes
                for sources in (["bm25"], ["vector"], None):
                    hits = mem.search(
                        word, **_kw(read), limit=50, sources=sources, include_history=True
                    )
                    assert all(_within(read, h.memory) for h in hits)
                    assert {h.memory.id for h in hits} <= expected
                # bm25 finds every in-scope active memory holding the word
                bm25 = mem.search(word, **_kw(read), limit=50, sources=["bm25"])
                want = {
                    i
                    for i in expected
                    if word in by_id[i].content.split() and not (forget_some and i == written[0].id)
                }
                assert {h.memory.id for h in bm25} == want
                # get: ids of other scopes are not found
                for record in written:
                    if record.id in expected:
                        assert mem.get(record.id, **_kw(read)).id == record.id
                    else:
                        with pytest.raises(NotFoundError):
                            mem.get(record.id, **_kw(read))


def _counts(rows: Callable[..., list[tuple[Any, ...]]]) -> tuple[int, ...]:
    return tuple(
        rows(f"SELECT count(*) FROM {t}")[0][0]
        for t in ("memories", "resources", "audit", "vectors", "checkpoints")
    )


def test_missing_scope_is_refused_on_every_read_and_write(
    mem: Memory, store_rows: Callable[..., list[tuple[Any, ...]]]
) -> None:
    record = mem.add("scoped fact", user_id="u")[0]
    mem.checkpoint("s", 0, {"user_input": "x"}, user_id="u")
    before = _counts(store_rows)
    calls = {
        "add": lambda: mem.add("unscoped fact"),
        "add messages": lambda: mem.add([{"role": "user", "content": "hi there"}]),
        "get": lambda: mem.get(record.id),
        "list": lambda: mem.list(),
        "search": lambda: mem.search("fact"),
        "update": lambda: mem.update(record.id, "changed fact"),
        "forget": lambda: mem.forget(record.id),
        "history": lambda: mem.history(record.id),
        "erase": lambda: mem.erase(),
        "checkpoint": lambda: mem.checkpoint("s", 1, {"user_input": "y"}),
        "replay": lambda: mem.replay("s", 0),
        "recover": lambda: mem.recover("s"),
        "blank user": lambda: mem.add("blank scope", user_id="  "),
        "empty agent": lambda: mem.search("fact", agent_id=""),
    }
    for name, call in calls.items():
        with pytest.raises(ValidationError):
            call()
        assert _counts(store_rows) == before, name
    assert mem.get(record.id, user_id="u").status.value == "active"


def test_update_and_forget_cannot_reach_another_scope(mem: Memory) -> None:
    theirs = mem.add("bob's private note", user_id="bob")[0]
    with pytest.raises(NotFoundError):
        mem.update(theirs.id, "overwritten by alice", user_id="alice")
    with pytest.raises(NotFoundError):
        mem.forget(theirs.id, user_id="alice")
    with pytest.raises(NotFoundError):
        mem.history(theirs.id, user_id="alice")
    mem.erase(user_id="alice")
    assert mem.get(theirs.id, user_id="bob").status.value == "active"
    assert mem.get(theirs.id, user_id="bob").content == "bob's private note"
