"""The filter language (remem/filters.py) compiled to SQL (store/sqlwhere.py): every
field type and operator over a real store, refusals that name what was wrong,
bound parameters only, scope that a filter can narrow but never widen, and search
candidates filtered before ranking on every candidate path."""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from remem import Config, ListFilter, Memory, ValidationError
from remem.filters import FilterLimits, parse_filter
from remem.providers.base import Vectors
from remem.providers.hashing import HashingEmbedder
from remem.store.sqlwhere import where_sql

BACKENDS = ("sqlite", "postgres")  # filters are SQL: checked on both stores (conftest)

JAN = datetime(2024, 1, 15, 9, 30, tzinfo=UTC)
MAR = datetime(2024, 3, 1, 0, 0, tzinfo=UTC)


@pytest.fixture
def filled(mem: Memory) -> Memory:
    """Five memories of user u (one forgotten), one of user v."""
    return _fill(mem)


def _fill(mem: Memory) -> Memory:
    mem.add(
        "Aaron drives a WRX",
        user_id="u",
        category="vehicle",
        importance=0.9,
        valid_from=JAN,
        metadata={"source": "crm", "priority": 7, "labels": ["car", "Fast"], "vip": True},
    )
    mem.add(
        "Aaron likes dark mode",
        user_id="u",
        agent_id="helper",
        category="preference",
        importance=0.4,
        valid_from=MAR,
        metadata={"source": "chat", "priority": "7", "nested": {"level": 2}},
    )
    mem.add("Aaron has a meeting at three", user_id="u", category="work", session_id="s1")
    mem.add("Aaron hates cold coffee", user_id="u", kind="episodic", tier="transient")
    [gone] = mem.add("Aaron once lived in Boston", user_id="u", category="vehicle")
    mem.forget(gone.id, user_id="u")
    mem.add("Vera drives a WRX too", user_id="v", category="vehicle", metadata={"source": "crm"})
    return mem


@pytest.fixture(scope="module")
def read_only_stores(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[str], Memory]]:
    """``filled_on(backend)``: one filled store per backend, shared by this module's
    tests that only read (each filter case is a test of its own; a store per case cost
    a PostgreSQL schema and its set-up each). Made on first use; closed, and the
    schema dropped, after the module."""
    stores: dict[str, Memory] = {}
    with ExitStack() as stack:

        def filled_on(backend: str) -> Memory:
            if backend not in stores:
                folder = tmp_path_factory.mktemp(f"filters-{backend}")
                target: str | Path = folder / "remem.db"
                if backend == "postgres":
                    target = stack.enter_context(_schema(request.getfixturevalue("pg_server")))
                config = Config(home=folder / "home", embedder="fake")
                stores[backend] = _fill(stack.enter_context(Memory(target, config=config)))
            return stores[backend]

        yield filled_on


@contextmanager
def _schema(server: str) -> Iterator[str]:
    """A schema of its own on the session's PostgreSQL server, as tests/conftest.py's
    ``pg_url`` makes one per test: its URL, dropped on leaving."""
    import psycopg

    name = f"t_filters_read_only_{os.getpid()}"
    with psycopg.connect(server, autocommit=True) as db:
        db.execute(f'CREATE SCHEMA "{name}"')
    try:
        yield f"{server}{'&' if '?' in server else '?'}options=-csearch_path%3D{name}"
    finally:
        with psycopg.connect(server, autocommit=True) as db:
            db.execute(f'DROP SCHEMA "{name}" CASCADE')


@pytest.fixture
def filled_read_only(
    store_backend: str, read_only_stores: Callable[[str], Memory]
) -> Iterator[Memory]:
    """The module's filled store of this backend, for a test that only reads: what it
    holds is checked unchanged after each test."""
    mem = read_only_stores(store_backend)
    before = _snapshot(mem)
    yield mem
    assert _snapshot(mem) == before, "a test given the shared read-only store changed it"


def _snapshot(mem: Memory) -> list[tuple[Any, ...]]:
    return sorted(
        (r.id, r.content, r.status, r.updated_at, r.importance)
        for user in ("u", "v")
        for r in mem.get_all(user_id=user, filters={"status": {"in": ["active", "forgotten"]}})
    )


def _got(mem: Memory, filters: Any, **kw: Any) -> set[str]:
    scope = {"user_id": "u", **kw}
    return {r.content.split(" ", 2)[2] for r in mem.get_all(filters=filters, **scope)}


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"category": "vehicle"}, {"a WRX"}),
        ({"category": {"eq": "vehicle"}}, {"a WRX"}),
        ({"category": {"ne": "vehicle"}}, {"dark mode", "a meeting at three", "cold coffee"}),
        ({"category": {"in": ["work", "preference"]}}, {"dark mode", "a meeting at three"}),
        ({"category": {"nin": ["work", "preference"]}}, {"a WRX", "cold coffee"}),
        ({"category": "*"}, {"a WRX", "dark mode", "a meeting at three"}),
        ({"category": None}, {"cold coffee"}),
        ({"content": {"contains": "dark"}}, {"dark mode"}),
        ({"content": {"contains": "DARK"}}, set()),
        ({"content": {"icontains": "DARK"}}, {"dark mode"}),
        ({"agent_id": "helper"}, {"dark mode"}),
        ({"run_id": "s1"}, {"a meeting at three"}),
        ({"session_id": "s1"}, {"a meeting at three"}),
        ({"kind": "episodic"}, {"cold coffee"}),
        ({"tier": {"ne": "standard"}}, {"cold coffee"}),
        ({"source_trust": "trusted", "kind": "semantic", "category": "work"}, {"a meeting at three"}),
        ({"importance": {"gte": 0.9}}, {"a WRX"}),
        ({"importance": {"gt": 0.4, "lt": 0.9}}, {"a meeting at three", "cold coffee"}),
        ({"importance": {"lte": 0.4}}, {"dark mode"}),
        ({"valid_from": {"gte": "2024-02-01"}}, {"dark mode"}),
        ({"valid_from": "2024-01-15"}, {"a WRX"}),  # a bare date: the whole day
        ({"valid_from": {"lte": "2024-01-15"}}, {"a WRX"}),
        ({"valid_from": {"gt": "2024-01-15"}}, {"dark mode"}),
        ({"valid_from": {"lt": "2024-03-01"}}, {"a WRX"}),
        ({"valid_from": {"gt": "2024-01-15T09:30:00+00:00"}}, {"dark mode"}),
        ({"valid_from": {"gte": JAN}}, {"a WRX", "dark mode"}),
        ({"valid_from": {"ne": "2024-01-15"}}, {"dark mode", "a meeting at three", "cold coffee"}),
        ({"created_at": {"gte": "2020-01-01"}}, {"a WRX", "dark mode", "a meeting at three", "cold coffee"}),
        ({"created_at": {"lt": "2020-01-01"}}, set()),
        ({"metadata.source": "crm"}, {"a WRX"}),
        ({"metadata": {"source": "crm"}}, {"a WRX"}),
        ({"metadata.source": {"ne": "crm"}}, {"dark mode", "a meeting at three", "cold coffee"}),
        ({"metadata.source": {"in": ["crm", "chat"]}}, {"a WRX", "dark mode"}),
        ({"metadata.source": {"nin": ["crm"]}}, {"dark mode", "a meeting at three", "cold coffee"}),
        ({"metadata.priority": 7}, {"a WRX"}),  # typed: the string "7" is not 7
        ({"metadata.priority": "7"}, {"dark mode"}),
        ({"metadata.priority": {"gte": 5}}, {"a WRX"}),
        ({"metadata.priority": {"gte": "5"}}, {"dark mode"}),
        ({"metadata.vip": True}, {"a WRX"}),
        ({"metadata.vip": 1}, set()),  # true is not 1
        ({"metadata.labels": {"contains": "car"}}, {"a WRX"}),
        ({"metadata.labels": {"icontains": "fast"}}, {"a WRX"}),
        ({"metadata.source": {"icontains": "CR"}}, {"a WRX"}),
        ({"metadata.nested.level": 2}, {"dark mode"}),
        ({"metadata.source": "*"}, {"a WRX", "dark mode"}),
        ({"metadata.source": None}, {"a meeting at three", "cold coffee"}),
        ({"OR": [{"category": "work"}, {"kind": "episodic"}]}, {"a meeting at three", "cold coffee"}),
        ({"AND": [{"category": "vehicle"}, {"OR": [{"metadata.source": "crm"}, {"tags": "x"}]}]}, {"a WRX"}),
        ({"NOT": [{"category": "vehicle"}]}, {"dark mode", "a meeting at three", "cold coffee"}),
        ({"NOT": {"metadata.source": "crm"}}, {"dark mode", "a meeting at three", "cold coffee"}),
        ({"NOT": [{"category": "work"}, {"kind": "episodic"}]}, {"a WRX", "dark mode"}),  # none of
        ({"status": "forgotten"}, {"lived in Boston"}),
        ({"status": {"in": ["active", "forgotten"]}, "category": "vehicle"}, {"a WRX", "lived in Boston"}),
    ],
)  # fmt: skip
def test_each_operator_over_each_field_type(
    filled_read_only: Memory, filters: dict[str, Any], expected: set[str]
) -> None:
    filled = filled_read_only
    assert _got(filled, filters) == expected
    # the same language on list()
    assert {
        r.content.split(" ", 2)[2] for r in filled.list(user_id="u", filters=filters).items
    } == (expected)


def test_tags_and_entities_are_membership(mem: Memory) -> None:
    [a] = mem.add("first note", user_id="u")
    [b] = mem.add("second note", user_id="u")
    mem.update(a.id, "first note", user_id="u", tags=["car", "Work"])
    mem.update(b.id, "second note", user_id="u", tags=["home"])
    content = lambda f: {r.content for r in mem.get_all(user_id="u", filters=f)}  # noqa: E731
    assert content({"tags": "car"}) == {"first note"}
    assert content({"tags": {"contains": "home"}}) == {"second note"}
    assert content({"tags": {"icontains": "work"}}) == {"first note"}
    assert content({"tags": {"in": ["home", "car"]}}) == {"first note", "second note"}
    assert content({"tags": {"nin": ["car"]}}) == {"second note"}
    assert content({"tags": {"ne": "car"}}) == {"second note"}
    assert content({"tags": "*"}) == {"first note", "second note"}
    assert content({"entities": "*"}) == set()


def test_default_is_active_unless_the_filter_names_status(filled: Memory) -> None:
    assert "lived in Boston" not in _got(filled, {"category": "vehicle"})
    assert "lived in Boston" in _got(filled, {"OR": [{"status": "forgotten"}, {"kind": "lesson"}]})


@pytest.mark.parametrize(
    ("filters", "named"),
    [
        ({"priority": 5}, "'metadata.priority'"),
        ({"AND": [{"category": "x"}, {"colour": "red"}]}, "'colour'"),
        ({"category": {"gt": "a"}}, "'gt' does not apply to 'category'"),
        ({"category": {"regex": "a.*"}}, "'regex' is not an operator"),
        ({"valid_from": {"contains": "2024"}}, "'contains' does not apply"),
        ({"kind": "fact"}, "kind filter must be one of"),
        ({"status": {"in": ["active", "deleted"]}}, "status filter must be one of"),
        ({"importance": {"gte": "high"}}, "needs a number"),
        ({"importance": {"gte": float("nan")}}, "finite"),
        ({"importance": {"gte": True}}, "needs a number"),
        ({"created_at": {"gte": "last week"}}, "bad date"),
        ({"created_at": {"gte": "2024-02-30"}}, "bad date"),
        ({"category": {"in": []}}, "non-empty list"),
        ({"category": {"in": "work"}}, "non-empty list"),
        ({"category": 3}, "needs a string"),
        ({"category": {}}, "empty operator dict"),
        ({"AND": []}, "non-empty list"),
        ({"OR": {"category": "work"}}, "non-empty list"),
        ({"AND": [{}]}, "non-empty dict"),
        ({"AND": ["category"]}, "non-empty dict"),
        ({"metadata": "crm"}, "non-empty dict of metadata keys"),
        ({"metadata.": 1}, "bad metadata key"),
        ({"metadata.a b": 1}, "bad metadata key"),
        ({'metadata.x"] OR 1=1 --': 1}, "bad metadata key"),
        ({"metadata.x": {"gt": None}}, "cannot compare with None"),
        ({"metadata.x": [1, 2]}, "string, number or boolean"),
        ({"content": {"contains": ""}}, "non-empty string"),
        ({1: "a"}, "keys are strings"),
        ({"category) OR (1=1": "x"}, "unknown filter key"),
        ({"category": {"eq) OR 1=1 --": "x"}}, "is not an operator"),
    ],
)
def test_unknown_keys_operators_and_values_are_refused_by_name(
    filled_read_only: Memory, filters: dict[Any, Any], named: str
) -> None:
    filled = filled_read_only
    for call in (
        lambda: filled.get_all(user_id="u", filters=filters),
        lambda: filled.search("Aaron", user_id="u", filters=filters),
        lambda: filled.list(user_id="u", filters=filters),
    ):
        with pytest.raises(ValidationError, match=re.escape(named)):
            call()


def test_filters_of_the_wrong_type_are_refused(filled: Memory) -> None:
    for bad in ("category=work", [{"category": "work"}], 3, {}):
        with pytest.raises(ValidationError, match=r"filters must be|non-empty dict"):
            filled.search("Aaron", user_id="u", filters=bad)  # type: ignore[arg-type]


def test_size_and_depth_limits(config: Config, db_path: Path) -> None:
    small = config.model_copy(update={"filter_max_values": 5, "filter_max_depth": 2})
    with Memory(db_path, config=small) as mem:
        mem.add("x", user_id="u")
        mem.get_all(user_id="u", filters={"category": {"in": ["a", "b", "c", "d", "e"]}})
        with pytest.raises(ValidationError, match="more than 5"):
            mem.get_all(user_id="u", filters={"category": {"in": list("abcdef")}})
        deep: dict[str, Any] = {"category": "a"}
        for _ in range(3):
            deep = {"AND": [deep]}
        with pytest.raises(ValidationError, match="deeper than 2"):
            mem.get_all(user_id="u", filters=deep)


HOSTILE = [
    "x' OR '1'='1",
    "'); DROP TABLE memories; --",
    '" OR 1=1 --',
    "%",
    "_",
    "\\",
    "ünïcødé ' \" ; --",
    "a" * 5000,
]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_values_are_bound_never_interpolated(filled: Memory, value: str) -> None:
    forms = (
        lambda v: {"category": v},
        lambda v: {"category": {"in": [v, "work"]}},
        lambda v: {"content": {"contains": v}},
        lambda v: {"content": {"icontains": v}},
        lambda v: {"metadata.source": v},
        lambda v: {"metadata.labels": {"contains": v}},
        lambda v: {"tags": {"nin": [v]}},
        lambda v: {"run_id": v},
    )
    limits = FilterLimits(max_label_chars=10**6)
    for form in forms:
        sql, params = where_sql(parse_filter(form(value), limits), "m")
        benign, _ = where_sql(parse_filter(form("benign"), limits), "m")
        assert sql == benign  # the SQL text does not depend on the value at all
        assert value in params
        got = _got(filled, form(value))
        assert got <= {"a WRX", "dark mode", "a meeting at three", "cold coffee"}
    # nothing was dropped or changed by any of them
    assert len(filled.get_all(user_id="u")) == 4
    assert filled.stats(user_id="u")["memories"] == 5


def test_a_filter_narrows_the_scope_never_widens_it(filled: Memory) -> None:
    assert _got(filled, {"user_id": "v"}) == set()
    assert _got(filled, {"OR": [{"user_id": "v"}, {"category": "work"}]}) == {"a meeting at three"}
    assert _got(filled, {"NOT": [{"user_id": "u"}]}) == set()
    assert _got(filled, {"user_id": {"in": ["u", "v"]}, "category": "vehicle"}) == {"a WRX"}
    # within an agent's scope a user_id filter narrows to that user's memories
    agent = filled.get_all(agent_id="helper", filters={"user_id": "u"})
    assert [r.content for r in agent] == ["Aaron likes dark mode"]
    hits = filled.search(
        "WRX", user_id="u", filters={"OR": [{"user_id": "v"}, {"kind": "semantic"}]}
    )
    assert hits and {h.memory.user_id for h in hits} == {"u"}
    with pytest.raises(ValidationError, match="scope is required"):
        filled.get_all(filters={"user_id": "u"})


def test_run_id_is_the_session(filled: Memory) -> None:
    assert _got(filled, None, run_id="s1") == {"a meeting at three"}
    assert [h.memory.session_id for h in filled.search("meeting", user_id="u", run_id="s1")] == [
        "s1"
    ]
    assert filled.search("meeting", user_id="u", run_id="s2") == []
    with pytest.raises(ValidationError, match="run_id contradicts"):
        filled.get_all(user_id="u", run_id="s1", filters=ListFilter(session_id="s2"))
    with pytest.raises(ValidationError, match="run_id"):
        filled.get_all(user_id="u", run_id="")


def test_list_filter_where_takes_the_dict_syntax_too(filled: Memory) -> None:
    page = filled.list(user_id="u", filters=ListFilter(where={"category": "work"}))  # type: ignore[arg-type]
    assert [r.content for r in page.items] == ["Aaron has a meeting at three"]
    with pytest.raises(TypeError):
        ListFilter(extra={"category": "work"})  # type: ignore[call-arg]


def test_threshold_is_a_minimum_final_score(filled: Memory) -> None:
    every = filled.search("Aaron WRX", user_id="u", limit=10, _record_access=False)
    assert len(every) >= 2
    cut = (every[0].score + every[-1].score) / 2
    kept = filled.search("Aaron WRX", user_id="u", limit=10, threshold=cut, _record_access=False)
    assert kept and len(kept) < len(every)
    assert all(h.score >= cut for h in kept)
    assert filled.search("Aaron WRX", user_id="u", threshold=1.0, _record_access=False) == []
    for bad in (-0.1, 1.5, float("nan"), "high"):
        with pytest.raises(ValidationError, match="threshold"):
            filled.search("Aaron", user_id="u", threshold=bad)  # type: ignore[arg-type]


class _WordTokens(HashingEmbedder):
    """A hashing embedder that also returns one vector per word (late source on)."""

    def embed_with_tokens(
        self, texts: Sequence[str]
    ) -> tuple[Vectors, list[Vectors], list[list[int]]]:
        pooled = self.embed_documents(texts)
        words = [re.findall(r"\w+", t.lower()) for t in texts]
        tokens = [
            self.embed_documents(w) if w else np.zeros((0, self.dim), np.float32) for w in words
        ]
        ids = [[int.from_bytes(x.encode()[:3].ljust(3, b"\0"), "little") for x in w] for w in words]
        return pooled, tokens, ids


@pytest.mark.parametrize(
    ("overrides", "sources", "token_embedder"),
    [
        ({"bm25_backend": "memory"}, ("bm25",), False),  # in-process BM25 index
        ({"bm25_backend": "fts5"}, ("bm25",), False),  # FTS5 in SQL
        ({}, ("vector",), False),  # exact in-process vector scan
        ({"ann_threshold": 50}, ("vector",), False),  # the HNSW graph, if installed
        ({"late_full_scan_max": 1}, ("bm25", "vector", "late"), True),  # hybrid first stage
        ({}, ("bm25", "vector", "late"), True),  # late full scan
        ({}, ("bm25", "vector", "graph"), False),
    ],
)
def test_search_filters_before_ranking_on_every_candidate_path(
    tmp_path: Path, overrides: dict[str, Any], sources: tuple[str, ...], token_embedder: bool
) -> None:
    """Three matching memories among 300 near-identical ones: the in-process indexes
    propose the whole scope's best, so a filter applied after them would lose these."""
    config = Config(embedder="fake", home=tmp_path / "home", **overrides)
    embedder = _WordTokens(64) if token_embedder else None
    with Memory(tmp_path / "f.db", config=config, embedder=embedder) as mem:
        added = mem.add(
            [{"content": f"oil change note {i} for the car"} for i in range(300)],
            user_id="u",
            infer=False,
        )
        wanted = {added[i].id for i in (7, 150, 299)}
        for i in (7, 150, 299):
            mem.update(added[i].id, added[i].content, user_id="u", tags=["pick"])
        picked = {r.id for r in mem.get_all(user_id="u", filters={"tags": "pick"})}
        hits = mem.search(
            "oil change note for the car",
            user_id="u",
            limit=10,
            sources=sources,
            filters={"tags": "pick", "created_at": {"gte": "2000-01-01"}},
        )
        assert {h.memory.id for h in hits} == picked and len(picked) == 3
        assert not wanted & picked  # update made new versions: the old ones are history
        old = mem.search(
            "oil change note for the car",
            user_id="u",
            limit=10,
            sources=sources,
            filters={"status": "superseded"},
        )
        assert {h.memory.id for h in old} == wanted


def test_hybrid_first_stage_declines_filters_it_cannot_mask(tmp_path: Path) -> None:
    config = Config(embedder="fake", home=tmp_path / "home", late_full_scan_max=1)
    with Memory(tmp_path / "h.db", config=config, embedder=_WordTokens(64)) as mem:
        mem.add([{"content": f"grey kitten {i}"} for i in range(20)], user_id="u", infer=False)
        vector = mem.embedder.embed_query("grey kitten")
        args: dict[str, Any] = {
            "model_id": mem.embedder.model_id,
            "bm25_limit": 5,
            "vector_limit": 5,
            "token_depth": 3,
        }
        from remem.model import Scope

        scope = Scope(user_id="u")
        assert mem.store.hybrid_candidates(["grey"], vector, scope, **args) is not None
        where = parse_filter({"category": "x"})
        narrowed = ListFilter(where=where)
        assert (
            mem.store.hybrid_candidates(["grey"], vector, scope, filters=narrowed, **args) is None
        )


def test_sql_is_two_valued(tmp_path: Path) -> None:
    """NOT of a condition on a missing field is true (never NULL), in SQLite itself."""
    sql, params = where_sql(parse_filter({"NOT": [{"metadata.missing": {"gt": 3}}]}))
    with sqlite3.connect(tmp_path / "t.db") as db:
        assert db.execute(f"SELECT {sql} FROM (SELECT '{{}}' AS data)", params).fetchone() == (1,)
