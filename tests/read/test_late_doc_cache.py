"""The late stage's per-memory cache (large scopes): hits, invalidation, scope, budget."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.read.test_read_late import WordTokenEmbedder

from remem.config import Config
from remem.memory import Memory
from remem.model import Scope
from remem.read.late import LateCache, late_search, pack_tokens


@pytest.fixture
def mem(tmp_path: Path) -> Memory:
    config = Config(embedder="hashing", home=tmp_path / "home")
    return Memory(tmp_path / "late.db", config=config, embedder=WordTokenEmbedder(64))


def _late(mem: Memory, query: str, scope: Scope, ids: list[str], cache: LateCache):
    _, tokens, token_ids = mem.embedder.embed_with_tokens([query])  # type: ignore[attr-defined]
    return late_search(
        mem.store,
        token_ids[0],
        tokens[0],
        scope=scope,
        model_id=mem.embedder.model_id,
        limit=10,
        full_scan_max=0,  # the candidate path, as for a scope of many memories
        candidates=ids,
        cache=cache,
    )


def test_cached_vectors_are_served_until_rewritten(mem: Memory) -> None:
    scope = Scope(user_id="a")
    kitten, marathon = mem.add(
        [{"content": "Ana adopted a grey kitten"}, {"content": "Ben ran the city marathon"}],
        user_id="a",
    )
    cache = LateCache()
    first = _late(mem, "kitten", scope, [kitten.id, marathon.id], cache)
    assert first[0][0] == kitten.id
    held = cache.nbytes
    assert held > 0
    assert _late(mem, "kitten", scope, [kitten.id, marathon.id], cache) == first
    assert cache.nbytes == held  # nothing was read again
    # Rewrite the kitten's token vectors with the marathon's: the cache must not
    # keep scoring the old ones.
    _, tokens, ids = mem.embedder.embed_with_tokens(["Ben ran the city marathon"])  # type: ignore[attr-defined]
    mem.store.put_token_vectors(
        [kitten.id], [pack_tokens(ids[0], tokens[0])], model_id=mem.embedder.model_id
    )
    again = dict(_late(mem, "kitten", scope, [kitten.id, marathon.id], cache))
    assert again[kitten.id] == pytest.approx(again[marathon.id])


def test_a_cached_memory_is_never_served_to_another_scope(mem: Memory) -> None:
    [kitten] = mem.add("Ana adopted a grey kitten", user_id="a")
    cache = LateCache()
    assert _late(mem, "kitten", Scope(user_id="a"), [kitten.id], cache)[0][0] == kitten.id
    assert _late(mem, "kitten", Scope(user_id="b"), [kitten.id], cache) == []


def test_the_cache_stays_within_its_budget(mem: Memory) -> None:
    added = mem.add([{"content": f"note {i} about the kitten"} for i in range(20)], user_id="a")
    cache = LateCache(max_bytes=5000)
    hits = _late(mem, "kitten", Scope(user_id="a"), [m.id for m in added], cache)
    assert len(hits) == 10  # all were scored, ...
    assert 0 < cache.nbytes <= 5000  # ... but only the most recent fit
