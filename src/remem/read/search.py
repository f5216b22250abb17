"""Search v1: BM25 and vector candidates, fused, scoped, explained."""

from __future__ import annotations

from datetime import datetime

from remem.config import Config
from remem.errors import EmbeddingMismatchError
from remem.model import Scope, SearchHit
from remem.providers.base import Embedder
from remem.read.fuse import reciprocal_rank_fusion
from remem.read.query import keyword_terms
from remem.read.rank import Asker, rank
from remem.store.base import ListFilter, Store


def check_embedding_space(store: Store, embedder: Embedder) -> None:
    """Refuse to mix vector spaces: stored vectors must come from the configured model."""
    other = store.other_vector_model(embedder.model_id)
    if other is not None:
        raise EmbeddingMismatchError(
            f"stored vectors were made by {other!r}, but the configured embedder is "
            f"{embedder.model_id!r}; run `remem reembed` to re-embed every memory with the "
            "configured model (or set REMEM_EMBEDDER back)"
        )


def search(
    store: Store,
    embedder: Embedder,
    query: str,
    *,
    scope: Scope,
    config: Config,
    limit: int = 10,
    filters: ListFilter | None = None,
    asker: Asker | None = None,
    now: datetime | None = None,
) -> list[SearchHit]:
    """The ``limit`` best memories for ``query`` within ``scope``, each explained.

    The best ``config.rank_candidates`` fused hits are then re-ranked and tagged
    (:func:`remem.read.rank.rank`) for ``asker`` at time ``now``.
    """
    check_embedding_space(store, embedder)
    ranked = {
        "bm25": store.bm25_search(
            keyword_terms(query), scope, limit=config.bm25_candidates, filters=filters
        ),
        "vector": store.vector_search(
            embedder.embed_query(query),
            scope,
            model_id=embedder.model_id,
            limit=config.vector_candidates,
            filters=filters,
        ),
    }
    fused = reciprocal_rank_fusion(
        ranked,
        k=config.rrf_k,
        weights={"bm25": config.bm25_weight, "vector": config.vector_weight},
    )[: max(limit, config.rank_candidates)]
    records = {m.id: m for m in store.get_memories([f.memory_id for f in fused], scope)}
    hits = [
        SearchHit(memory=records[f.memory_id], score=f.score, sources=f.sources, explain=f.explain)
        for f in fused
        if f.memory_id in records
    ]
    return rank(hits, query=query, config=config, asker=asker, now=now, limit=limit)
