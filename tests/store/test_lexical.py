"""The in-process BM25 index (bm25_backend="memory") against FTS5 and the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from remem import Config, Memory
from remem.store.lexical import LexicalIndex

DOCS = [
    "Aaron's WRX oil change is due at 11,799 miles",
    "Aaron prefers dark mode in every editor",
    "Maya moved to Denver last weekend",
    "The staging server crashed because the disk filled with logs",
    "Maya is vegetarian and avoids steakhouses",
]


def _ids(mem: Memory, query: str, **scope: str) -> list[str]:
    return [h.memory.content for h in mem.search(query, sources=("bm25",), **scope)]


@pytest.mark.parametrize("backend", ["memory", "fts5"])
def test_both_backends_rank_the_obvious_match_first(tmp_path: Path, backend: str) -> None:
    config = Config(home=tmp_path, embedder="fake", bm25_backend=backend)
    with Memory(tmp_path / "m.db", config=config) as mem:
        for doc in DOCS:
            mem.add(doc, user_id="u")
        assert _ids(mem, "when is the oil change due?", user_id="u")[0] == DOCS[0]
        assert _ids(mem, "server crashes", user_id="u")[0] == DOCS[3]  # stemmed
        assert _ids(mem, "quantum chromodynamics", user_id="u") == []


def test_index_scores_like_bm25_and_masks_scope() -> None:
    index = LexicalIndex()
    index.append(
        [
            (1, "u", None, None, True, "oil change oil"),
            (2, "u", None, None, True, "oil"),
            (3, "v", None, None, True, "oil change"),
            (4, "u", None, None, False, "oil change"),
        ]
    )
    from remem.model import Scope

    hits = index.search(["oil", "change"], Scope(user_id="u"), 10)
    assert [seq for seq, _ in hits] == [1, 2]  # v's row and the inactive row are masked
    assert hits[0][1] > hits[1][1] > 0
    assert index.search(["oil"], Scope(user_id="nobody"), 10) == []
    everything = index.search(["oil"], Scope(user_id="u"), 10, only_active=False)
    assert {seq for seq, _ in everything} == {1, 2, 4}


def test_small_scope_among_many_is_found(tmp_path: Path) -> None:
    config = Config(home=tmp_path, embedder="fake")
    with Memory(tmp_path / "m.db", config=config) as mem:
        mem.add(
            [{"content": f"oil change note {i}"} for i in range(300)], user_id="big", infer=False
        )
        mem.add("oil change for the small user", user_id="small")
        assert _ids(mem, "oil change", user_id="small") == ["oil change for the small user"]


def test_index_follows_other_writers_forget_and_erase(tmp_path: Path) -> None:
    config = Config(home=tmp_path, embedder="fake")
    db = tmp_path / "m.db"
    with Memory(db, config=config) as reader, Memory(db, config=config) as writer:
        assert _ids(reader, "boiler service", user_id="u") == []
        [record] = writer.add("the boiler service is booked for Tuesday", user_id="u")
        assert _ids(reader, "boiler service", user_id="u") == [record.content]
        writer.forget(record.id, user_id="u")
        assert _ids(reader, "boiler service", user_id="u") == []
        writer.add("the boiler needs a new valve", user_id="u")
        writer.erase(user_id="u")
        assert _ids(reader, "boiler", user_id="u") == []


def test_numbers_are_terms_as_written() -> None:
    """Numbers skip the stemmer; Porter would leave them unchanged anyway."""
    import snowballstemmer

    from remem.store.lexical import Analyzer

    porter = snowballstemmer.stemmer("porter")
    words = "note 4711 in 2023 was 12 items 0042 and ² running"
    assert Analyzer().terms(words) == [porter.stemWord(w) for w in words.casefold().split()]
