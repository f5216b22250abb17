"""Search: BM25, vector and late-interaction candidates, fused, scoped, explained."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from remem.config import Config
from remem.errors import EmbeddingMismatchError, ValidationError
from remem.model import Scope, SearchHit, utcnow
from remem.providers.base import Embedder, Vectors, informative_tokens, token_embedder
from remem.read import digests, fallback
from remem.read.answerable import answerable
from remem.read.blas import blas_threads
from remem.read.broad import answer_broad, broad_question
from remem.read.floor import apply_floor, match_scores
from remem.read.fuse import blend_graph, fuse
from remem.read.graph import GraphPath, graph_search
from remem.read.late import late_search
from remem.read.query import keyword_terms
from remem.read.rank import Asker, rank
from remem.read.temporal import parse_time
from remem.read.trust import trust_pass
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
    sources: Sequence[str] | None = None,
    asker: Asker | None = None,
    now: datetime | None = None,
    trust: bool = True,
) -> list[SearchHit]:
    """The ``limit`` best memories for ``query`` within ``scope``, each explained.

    ``sources`` picks the candidate sources to fuse (default
    ``config.search_sources``): ``bm25`` (FTS5), ``vector`` (pooled embedding) and
    ``late`` (MaxSim over stored token vectors, when the embedder makes them) and
    ``graph`` (memories linked to entities the query names, or 1-2 relation hops
    from them; blended with the others by ``config.graph_weight``).
    The best ``config.rank_candidates`` fused hits are then re-ranked and tagged
    (:func:`remem.read.rank.rank`) for ``asker`` at time ``now``; ``trust`` False
    leaves the trust pass to the caller (hits in rank order, untagged).

    A search of the active set (the default ``filters``) whose best match is weak
    falls back on the archived and cold memories (:mod:`remem.read.fallback`); every
    hit's ``explain["tier"]`` says which status it answered from. Digests and insights
    serve the facts they quote and never outrank them (:mod:`remem.read.digests`).
    """
    check_embedding_space(store, embedder)
    given = config.search_sources if sources is None else sources
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise ValidationError('sources must be a list of source names, e.g. ["bm25", "vector"]')
    wanted = tuple(given)
    known = ("bm25", "vector", "late", "graph")
    unknown = [s for s in wanted if not (isinstance(s, str) and s in known)]
    if unknown or not wanted:
        shown = ", ".join(sorted({repr(s)[:40] if isinstance(s, str) else "?" for s in unknown}))
        shown = shown or "none"
        raise ValidationError(f"unknown search sources: {shown}")
    now = now or utcnow()  # one clock for the ranking and the trust pass
    broad = (
        broad_question(query, embedder, config.broad_model_min) if config.broad_questions else None
    )
    with blas_threads(config.search_blas_threads):
        if broad is None:
            hits = _tiered(
                store, embedder, query, wanted, scope, config, limit, filters, asker, now
            )
            hits = answerable(
                hits,
                query,
                embedder,
                floor=config.answerable_floor,
                demote=config.answerable_demote,
                related=config.answerable_related,
                sibling=config.answerable_sibling,
                relevant=config.answerable_relevant,
            )
        else:

            def by_facet(facet: str, depth: int) -> list[SearchHit]:
                q = _embed_query(embedder, facet, wanted, config)
                return _search(
                    store, embedder, q, wanted, scope, config, depth, filters, asker, now, floor=0.0
                )

            hits = answer_broad(
                store,
                embedder,
                query,
                broad,
                scope=scope,
                config=config,
                limit=limit,
                filters=filters,
                asker=asker,
                now=now,
                search_facet=by_facet,
            )
            for hit in hits:
                hit.explain.setdefault("tier", str(hit.memory.status))
    return trust_pass(hits, config=config, now=now) if trust else hits


def _tiered(
    store: Store,
    embedder: Embedder,
    query: str,
    wanted: tuple[str, ...],
    scope: Scope,
    config: Config,
    limit: int,
    filters: ListFilter | None,
    asker: Asker | None,
    now: datetime,
) -> list[SearchHit]:
    """The active set first; the archived and cold tiers when its best match is weak;
    then digests give way to the facts they quote."""
    q = _embed_query(embedder, query, wanted, config)
    hits = _search(store, embedder, q, wanted, scope, config, limit, filters, asker, now)
    for hit in hits:
        hit.explain["tier"] = str(hit.memory.status)
    second, late = fallback.sources(wanted), fallback.late_only(wanted, config)
    if (second or late) and fallback.applies(config, filters):
        best = fallback.best_match(hits, query)
        if best < config.fallback_below:
            wider = fallback.widened(filters)
            depth = max(limit, config.rank_candidates)
            others = _search(
                store, embedder, q, second, scope, config, depth, wider, asker, now,
                reembed=config.fallback_reembed,
            ) if second else []  # fmt: skip
            if late:
                seen = {h.memory.id for h in others}
                found = _search(store, embedder, q, late, scope, config, depth, wider, asker, now)
                for hit in found:
                    hit.explain["late_only"] = True
                others += [h for h in found if h.memory.id not in seen]
            judged = digests.best_sources(
                store, others, query=query, query_vector=q.vector,
                model_id=embedder.model_id, scope=scope, config=config, asker=asker or Asker(),
            )  # fmt: skip
            hits = fallback.merge(
                hits, others, best=best, query=query, config=config, now=now, judged=judged
            )
    served = digests.serve_facts(
        store,
        hits,
        query=query,
        query_vector=q.vector,
        model_id=embedder.model_id,
        scope=scope,
        config=config,
        asker=asker or Asker(),
        expand=filters is None or filters == ListFilter(),
        limit=limit,
    )
    return served[:limit]


@dataclass(slots=True)
class _Query:
    """The query's embeddings, made once for every tier a search looks in."""

    text: str
    vector: Vectors | None = None
    tokens: np.ndarray | None = None  # informative token vectors (late interaction)
    token_ids: list[int] = field(default_factory=list)


def _embed_query(embedder: Embedder, query: str, wanted: tuple[str, ...], config: Config) -> _Query:
    tokens = token_embedder(embedder) if "late" in wanted else None
    q = _Query(query)
    if tokens is not None:
        pooled, token_vectors, token_ids = tokens.embed_with_tokens([query])
        q.vector, q.tokens, q.token_ids = pooled[0], token_vectors[0], token_ids[0]
        if config.late_drop_stopwords:  # the stored side has none: idf would overrate them
            q.tokens, q.token_ids = informative_tokens(embedder, q.tokens, q.token_ids)
    elif "vector" in wanted or config.min_relevance > 0 or config.fallback_below > 0:
        q.vector = embedder.embed_query(query)  # the floor and the fallback need it too
    return q


def _depth(query: str, config: Config, now: datetime | None) -> int:
    """How many fused candidates the ranking stage re-scores: ``rank_candidates``, or
    ``rank_candidates_window`` for a query naming a time, whose window (the temporal
    factor) then chooses among more of them."""
    deeper = config.rank_candidates_window
    if deeper <= config.rank_candidates or not config.temporal_boost:
        return config.rank_candidates
    window = parse_time(query, reference=now or utcnow()).window
    return config.rank_candidates if window is None else deeper


def _search(
    store: Store,
    embedder: Embedder,
    q: _Query,
    wanted: tuple[str, ...],
    scope: Scope,
    config: Config,
    limit: int,
    filters: ListFilter | None,
    asker: Asker | None,
    now: datetime | None,
    *,
    floor: float | None = None,
    reembed: int = 0,
) -> list[SearchHit]:
    """One tier's ranked hits. ``reembed``: the first so many fused candidates, which
    keep no token vectors (the archive tier), get a MaxSim from token vectors made now
    (:func:`remem.read.fallback.late_match`) for the floor and the tier match."""
    query = q.text
    tokens = token_embedder(embedder) if "late" in wanted and q.tokens is not None else None
    query_ids = q.token_ids
    query_vector = q.vector
    query_tokens = q.tokens if q.tokens is not None else np.zeros((0, embedder.dim), np.float32)
    # With a large scope MaxSim re-scores only what the cheap sources propose.
    depth = config.late_rerank_depth if tokens is not None else 0
    state = (
        store.token_vector_state(scope, model_id=embedder.model_id, filters=filters)
        if tokens is not None
        else None
    )
    bm25_limit = max(config.bm25_candidates, depth)
    vector_limit = max(config.vector_candidates, depth)
    hybrid = None
    if state is not None and state[0] > config.late_full_scan_max:
        assert query_vector is not None  # made with the token vectors
        hybrid = store.hybrid_candidates(
            keyword_terms(query),
            query_vector,
            scope,
            model_id=embedder.model_id,
            bm25_limit=bm25_limit,
            vector_limit=vector_limit,
            token_depth=depth,
            filters=filters,
        )
    ranked: dict[str, list[tuple[str, float]]] = {}
    plain: dict[str, float] = {}  # the late stage's plain MaxSim, for the relevance floor
    if hybrid is not None:
        ranked = {"bm25": hybrid.bm25, "vector": hybrid.vector}
    else:
        if "bm25" in wanted or depth:
            ranked["bm25"] = store.bm25_search(
                keyword_terms(query), scope, limit=bm25_limit, filters=filters
            )
        if "vector" in wanted or depth:
            assert query_vector is not None  # made above for the vector and late sources
            ranked["vector"] = store.vector_search(
                query_vector,
                scope,
                model_id=embedder.model_id,
                limit=vector_limit,
                filters=filters,
            )
    if tokens is not None:
        first = dict.fromkeys(m for hits in ranked.values() for m, _ in hits[:depth])
        ranked["late"] = late_search(
            store,
            query_ids,
            query_tokens,
            scope=scope,
            model_id=embedder.model_id,
            limit=config.late_candidates,
            full_scan_max=config.late_full_scan_max,
            use_idf=config.late_idf,
            candidates=list(first),
            filters=filters,
            neighbour_weight=config.context_neighbour_weight,
            session_weight=config.context_session_weight,
            cache_bytes=config.late_cache_mb * 2**20,
            state=state,
            tokens=None if hybrid is None else hybrid.tokens,
            plain_out=plain,
        )
    depths = {"bm25": config.bm25_candidates, "vector": config.vector_candidates}
    ranked = {
        source: hits[: depths.get(source, len(hits))]
        for source, hits in ranked.items()
        if source in wanted
    }
    keep = max(limit, _depth(query, config, now))
    fused = fuse(
        ranked,
        method=config.fusion,
        k=config.rrf_k,
        weights={
            "bm25": config.bm25_weight,
            "vector": config.vector_weight,
            "late": config.late_weight,
        },
        keep=None if "graph" in wanted else keep,  # the graph blend rescales over all
    )
    paths: dict[str, GraphPath] = {}
    if "graph" in wanted:
        graph, paths = graph_search(store, query, scope=scope, config=config, filters=filters)
        fused = blend_graph(fused, graph, weight=config.graph_weight)
    fused = fused[:keep]
    for f in fused:
        if f.memory_id in paths:
            f.explain["graph"].update(paths[f.memory_id].explain())
    records = {m.id: m for m in store.get_memories([f.memory_id for f in fused], scope)}
    hits = [
        SearchHit(memory=records[f.memory_id], score=f.score, sources=f.sources, explain=f.explain)
        for f in fused
        if f.memory_id in records
    ]
    if reembed > 0 and q.tokens is not None:
        chosen = fallback.to_reembed([h for h in hits if h.memory.id not in plain], reembed)
        made = fallback.late_match(
            embedder, q.tokens, chosen, drop=config.late_drop_stopwords, limit=len(chosen)
        )
        plain.update(made)
    matches = match_scores(
        store,
        query,
        query_vector,
        [h.memory for h in hits],
        model_id=embedder.model_id,
        maxsim=plain,
    )
    hits = apply_floor(hits, matches, floor=config.min_relevance if floor is None else floor)
    return rank(hits, query=query, config=config, asker=asker, now=now, limit=limit, trust=False)
