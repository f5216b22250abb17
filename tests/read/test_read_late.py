"""Late interaction: packing, idf, MaxSim on hand-built vectors, context, z-score fusion,
and token vectors through the store (write, search, erase, re-embed)."""

from __future__ import annotations

import math
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from remem.config import Config
from remem.memory import Memory
from remem.providers.base import Vectors, l2_normalise
from remem.providers.hashing import HashingEmbedder
from remem.read.fuse import fuse, zscore_fusion
from remem.read.late import (
    LateCache,
    TokenEmbedder,
    idf_weights,
    in_context,
    maxsim,
    pack_tokens,
    token_embedder,
    unpack_tokens,
)
from remem.store.base import TokenBlock


def _packed(ids: Sequence[int], rows: Sequence[Sequence[float]]):  # type: ignore[no-untyped-def]
    return pack_tokens(list(ids), l2_normalise(np.array(rows, dtype=np.float32)))


def test_pack_round_trip_is_close() -> None:
    rng = np.random.default_rng(7)
    vectors = l2_normalise(rng.normal(size=(5, 16)))
    packed = pack_tokens([1, 2, 3, 4, 70000], vectors)
    assert packed.vectors.dtype == np.int8 and packed.vectors.shape == (5, 16)
    assert packed.scales.shape == (5,)
    assert np.abs(unpack_tokens(packed) - vectors).max() < 0.01
    assert len(pack_tokens([], np.zeros((0, 16), dtype=np.float32))) == 0
    with pytest.raises(ValueError):
        pack_tokens([1], vectors)


def test_idf_weights() -> None:
    docs = [_packed([1, 2], [[1, 0], [0, 1]]), _packed([1], [[1, 0]]), _packed([3], [[0, 1]])]
    weights = idf_weights([1, 2, 9], docs)
    n = 3
    expected = [math.log1p((n - df + 0.5) / (df + 0.5)) for df in (2, 1, 0)]
    assert weights == pytest.approx(expected, rel=1e-5)


def test_maxsim_hand_built() -> None:
    x, y, z = [1, 0, 0], [0, 1, 0], [0, 0, 1]
    query = l2_normalise(np.array([x, y], dtype=np.float32))
    docs = [
        _packed([1, 2], [x, y]),  # both query tokens matched exactly
        _packed([1, 3], [x, z]),  # only the first
        _packed([3], [z]),  # neither
        _packed([], np.zeros((0, 3))),  # no tokens at all
        _packed([4], [[1, 1, 0]]),  # halfway to both: cos 1/sqrt(2) each
    ]
    scores = maxsim(query, docs)
    assert scores == pytest.approx([1.0, 0.5, 0.0, 0.0, 1 / math.sqrt(2)], abs=0.01)
    # Weighting the second query token 3:1 moves doc 1 down to 1/4.
    weighted = maxsim(query, docs, weights=np.array([1.0, 3.0], dtype=np.float32))
    assert weighted[:3] == pytest.approx([1.0, 0.25, 0.0], abs=0.01)


def test_in_context_neighbours_and_sessions() -> None:
    scores = np.array([0.0, 3.0, 0.0, 0.0, 1.0, 0.0], dtype=np.float32)
    sessions = ["s1", "s1", "s1", "s2", "s2", None]
    out = in_context(scores, sessions, neighbour_weight=0.0, session_weight=0.0)
    z = (scores - scores.mean()) / scores.std()
    assert out == pytest.approx(z, rel=1e-5)
    near = in_context(scores, sessions, neighbour_weight=0.5, session_weight=0.0)
    # Turn 0 and 2 border the strong turn 1 in the same session; turn 3 does not.
    assert near[0] == pytest.approx(z[0] + 0.5 * z[1], rel=1e-5)
    assert near[2] == pytest.approx(z[2] + 0.5 * z[1], rel=1e-5)
    assert near[3] == pytest.approx(z[3] + 0.5 * z[4], rel=1e-5)
    assert near[5] == pytest.approx(z[5], rel=1e-5)  # no session, no context
    session = in_context(scores, sessions, neighbour_weight=0.0, session_weight=0.2)
    assert session[0] == pytest.approx(z[0] + 0.2 * z[1], rel=1e-5)
    assert session[3] == pytest.approx(z[3] + 0.2 * z[4], rel=1e-5)
    assert session[5] == pytest.approx(z[5], rel=1e-5)


def test_zscore_fusion_keeps_margins() -> None:
    ranked = {
        "late": [("a", 10.0), ("b", 2.0), ("c", 1.0)],
        "bm25": [("c", 5.0), ("b", 4.0)],
    }
    fused = zscore_fusion(ranked, weights={"late": 1.0, "bm25": 0.1})
    # late z: a 1.41, b -0.58, c -0.83; bm25 adds +-0.1: b -0.68 still beats c -0.73.
    assert [f.memory_id for f in fused] == ["a", "b", "c"]
    top = fused[0]
    assert top.sources == ["late"]
    assert top.explain["bm25"]["missing"] is True
    assert top.explain["fusion"]["method"] == "zscore"
    assert top.score == pytest.approx(sum(p["contribution"] for k, p in top.explain.items()
                                          if k != "fusion"), abs=1e-5)  # fmt: skip
    # Rank fusion would put "c" (found by both) first.
    assert fuse(ranked, method="rrf")[0].memory_id == "c"
    assert fuse(ranked, method="auto")[0].memory_id == "a"
    assert fuse({"bm25": ranked["bm25"]}, method="auto")[0].explain["fusion"]["method"] == "rrf"
    with pytest.raises(ValueError):
        fuse(ranked, method="nope")


class WordTokenEmbedder(HashingEmbedder):
    """A hashing embedder that also returns one vector per word (a test double)."""

    def embed_with_tokens(
        self, texts: Sequence[str]
    ) -> tuple[Vectors, list[Vectors], list[list[int]]]:
        pooled = self.embed_documents(texts)
        tokens, ids = [], []
        for text in texts:
            words = re.findall(r"\w+", text.lower())
            tokens.append(
                self.embed_documents(words) if words else np.zeros((0, self.dim), np.float32)
            )
            ids.append([int.from_bytes(w.encode()[:3].ljust(3, b"\0"), "little") for w in words])
        return pooled, tokens, ids


@pytest.fixture
def token_mem(tmp_path: Path) -> Memory:
    config = Config(embedder="hashing", home=tmp_path / "home")
    return Memory(tmp_path / "late.db", config=config, embedder=WordTokenEmbedder(64))


def _token_rows(path: Path) -> list[tuple[int, str, int]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT memory_seq, model_id, tokens FROM token_vectors").fetchall()


def test_protocol_detection() -> None:
    assert token_embedder(HashingEmbedder()) is None
    assert isinstance(WordTokenEmbedder(), TokenEmbedder)


def test_token_vectors_written_searched_and_erased(token_mem: Memory, tmp_path: Path) -> None:
    token_mem.add(
        [
            {"role": "user", "content": "Ana adopted a grey kitten"},
            {"role": "user", "content": "Ben ran the city marathon"},
        ],
        namespace="n1",
        session_id="s1",
        infer=False,
    )
    token_mem.add("Cleo plays the cello", namespace="n2")
    rows = _token_rows(tmp_path / "late.db")
    assert sorted(r[2] for r in rows) == [4, 5, 5]
    stats = token_mem.stats()["token_vectors"]
    assert stats[token_mem.embedder.model_id]["count"] == 3

    hits = token_mem.search("kitten", namespace="n1")
    assert hits[0].memory.content == "Ana adopted a grey kitten"
    assert "late" in hits[0].sources
    only_late = token_mem.search("marathon", namespace="n1", sources=["late"])
    assert only_late[0].memory.content == "Ben ran the city marathon"
    assert all(h.memory.namespace == "n1" for h in only_late)
    # The cache notices new memories.
    token_mem.add("Ana bought a kitten collar", namespace="n1", session_id="s1")
    contents = [
        h.memory.content for h in token_mem.search("collar", namespace="n1", sources=["late"])
    ]
    assert contents[0] == "Ana bought a kitten collar"

    token_mem.erase(namespace="n1")
    assert len(_token_rows(tmp_path / "late.db")) == 1
    assert token_mem.search("kitten", namespace="n1") == []


def test_forgotten_memories_leave_the_late_source(token_mem: Memory) -> None:
    [first] = token_mem.add("Ana adopted a grey kitten", namespace="n1")
    token_mem.add("Ben ran the city marathon", namespace="n1")
    assert token_mem.search("kitten", namespace="n1", sources=["late"])[0].memory.id == first.id
    token_mem.forget(first.id, namespace="n1")
    hits = token_mem.search("kitten", namespace="n1", sources=["late"])
    assert first.id not in [h.memory.id for h in hits]


def test_reembed_fills_missing_token_vectors(tmp_path: Path) -> None:
    config = Config(embedder="hashing", home=tmp_path / "home")
    path = tmp_path / "re.db"
    with Memory(path, config=config, embedder=HashingEmbedder(64)) as plain:
        plain.add("Ana adopted a grey kitten", namespace="n1")
        plain.add("Ben ran the city marathon", namespace="n1")
    assert _token_rows(path) == []
    with Memory(path, config=config, embedder=WordTokenEmbedder(64)) as mem:
        assert mem.reembed() == 2
        assert len(_token_rows(path)) == 2
        assert mem.reembed() == 0
        assert mem.search("marathon", namespace="n1", sources=["late"])[0].memory.content == (
            "Ben ran the city marathon"
        )


def test_rerank_path_for_large_scopes(tmp_path: Path) -> None:
    config = Config(embedder="hashing", home=tmp_path / "home", late_full_scan_max=1)
    with Memory(tmp_path / "big.db", config=config, embedder=WordTokenEmbedder(64)) as mem:
        mem.add(
            [{"content": f"note {i} about topic {i}"} for i in range(5)], namespace="n", infer=False
        )
        mem.add("the kitten sleeps", namespace="n")
        hits = mem.search("kitten", namespace="n", sources=["late"])
        assert hits[0].memory.content == "the kitten sleeps"


def test_cache_evicts_least_recent() -> None:
    cache = LateCache(max_bytes=1)
    rows = TokenBlock.of(["a"], [_packed([1], [[1.0, 0.0]])])
    empty = TokenBlock.of([], [])
    first = cache.get(("k1",), "v1", lambda: rows)
    assert cache.get(("k1",), "v1", lambda: empty) is first  # served from the cache
    assert cache.get(("k1",), "v2", lambda: rows) is not first  # new version reloads
    cache.get(("k2",), "v1", lambda: rows)
    assert cache.get(("k1",), "v2", lambda: empty).memory_ids == []  # k1 was evicted
    cache.clear()


def test_informative_tokens_drops_named_rows() -> None:
    from remem.providers.base import informative_tokens

    class Named:
        def low_information_ids(self) -> frozenset[int]:
            return frozenset({1, 3})

    vectors = np.eye(4, dtype=np.float32)
    kept, ids = informative_tokens(Named(), vectors, [1, 2, 3, 4])
    assert ids == [2, 4] and kept.shape == (2, 4)
    same, all_ids = informative_tokens(Named(), vectors[:1], [1])  # nothing else: keep it
    assert all_ids == [1] and same.shape == (1, 4)
    untouched, plain = informative_tokens(object(), vectors, [1, 2, 3, 4])
    assert plain == [1, 2, 3, 4] and untouched is vectors


def test_token_block_round_trip_mixed_id_widths(tmp_path: Path) -> None:
    """Rows stored with 16-bit ids, 32-bit ids and no tokens read back as one block,
    whole-scope and by id, in store order, with each row's own vectors."""
    from contextlib import closing

    from remem.model import MemoryRecord, Scope
    from remem.store.sqlite import SQLiteStore

    rng = np.random.default_rng(3)
    docs = {
        "small": pack_tokens([5, 65535], l2_normalise(rng.normal(size=(2, 8)).astype(np.float32))),
        "wide": pack_tokens(
            [7, 70000, 9], l2_normalise(rng.normal(size=(3, 8)).astype(np.float32))
        ),
        "empty": pack_tokens([], np.zeros((0, 8), np.float32)),
    }
    records = [MemoryRecord(content=name, user_id="u", session_id=f"s-{name}") for name in docs]
    with closing(SQLiteStore(tmp_path / "block.db")) as store:
        store.insert_memories(records, vectors=None, model_id=None)
        store.put_token_vectors([r.id for r in records], list(docs.values()), model_id="m")
        scope = Scope(user_id="u")
        whole = store.token_vectors(scope, model_id="m")
        by_id = store.token_vectors(
            scope, model_id="m", memory_ids=[records[2].id, records[0].id, "nope"]
        )
        assert store.token_vectors(Scope(user_id="other"), model_id="m").memory_ids == []
    assert whole.memory_ids == [r.id for r in records]
    assert whole.session_ids == ["s-small", "s-wide", "s-empty"]
    assert list(whole.lengths) == [2, 3, 0]
    for i, packed in enumerate(docs.values()):
        got = whole.tokens(i)
        assert got.token_ids.tolist() == packed.token_ids.tolist()
        assert np.array_equal(got.vectors, packed.vectors)
        assert np.array_equal(got.scales, packed.scales)
    assert by_id.memory_ids == [records[0].id, records[2].id]  # store order, asked ids only
    assert by_id.tokens(0).token_ids.tolist() == [5, 65535]


def test_hybrid_candidates_match_the_separate_calls(tmp_path: Path) -> None:
    """The one-read first stage returns what bm25_search, vector_search and
    token_vectors return separately: same scope, status and order."""
    from remem.model import Scope
    from remem.store.base import ListFilter

    config = Config(embedder="hashing", home=tmp_path / "home", late_full_scan_max=1)
    words = ["kitten", "grey", "cello", "marathon", "garden", "violin"]
    with Memory(tmp_path / "h.db", config=config, embedder=WordTokenEmbedder(64)) as mem:
        added = mem.add(
            [{"content": f"{words[i % 6]} {words[(i * 5) % 6]} note {i}"} for i in range(40)],
            namespace="n",
            infer=False,
        )
        mem.add(
            [{"content": f"grey kitten elsewhere {i}"} for i in range(5)],
            namespace="o",
            infer=False,
        )
        gone = next(r for r in added if "kitten" in r.content)
        mem.forget(gone.id, namespace="n")
        store, model = mem.store, mem.embedder.model_id
        scope = Scope(namespace="n")
        terms = ["grey", "kitten"]
        vector = mem.embedder.embed_query("grey kitten")
        got = store.hybrid_candidates(
            terms, vector, scope, model_id=model, bm25_limit=6, vector_limit=5, token_depth=3
        )
        assert got is not None
        assert got.bm25 == store.bm25_search(terms, scope, limit=6)
        assert got.vector == store.vector_search(vector, scope, model_id=model, limit=5)
        deep = {m for m, _ in got.bm25[:3]} | {m for m, _ in got.vector[:3]}
        separate = store.token_vectors(scope, model_id=model, memory_ids=list(deep))
        assert got.tokens.memory_ids == separate.memory_ids and len(deep) == len(separate)
        assert np.array_equal(got.tokens.vectors, separate.vectors)
        assert got.tokens.session_ids == separate.session_ids
        found = {m for m, _ in got.bm25 + got.vector} | set(got.tokens.memory_ids)
        assert gone.id not in found
        assert {r.namespace for r in store.get_memories(list(found), scope)} == {"n"}
        assert len(store.get_memories(list(found), scope)) == len(found)
        # Filters the in-process indexes cannot mask: the caller makes the separate calls.
        assert (
            store.hybrid_candidates(
                terms,
                vector,
                scope,
                model_id=model,
                bm25_limit=6,
                vector_limit=5,
                token_depth=3,
                filters=ListFilter(kinds=("semantic",)),
            )
            is None
        )
        hits = mem.search("grey kitten", namespace="n", limit=5)
        assert hits and all("kitten" in h.memory.content or "grey" in h.memory.content
                            for h in hits[:2])  # fmt: skip
    fts = config.model_copy(update={"bm25_backend": "fts5"})
    with Memory(tmp_path / "h.db", config=fts, embedder=WordTokenEmbedder(64)) as mem:
        assert (
            mem.store.hybrid_candidates(
                terms, vector, scope, model_id=model, bm25_limit=6, vector_limit=5, token_depth=3
            )
            is None
        )
