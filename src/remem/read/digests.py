"""Digests serve facts, never replace them.

A derived memory — a rollup digest (day, week, month) or an insight — adds no fact
of its own: it quotes the memories it was made from (``data.sources``; a week's or
a month's sources are day digests, whose own sources are the memories said that
day). :func:`leaf_sources` resolves those to the memories themselves. A search
(:func:`serve_facts`, after ranking and the archive tier) then holds to three rules:

- **outdated digests are not served**: a derived memory one of whose sources was
  superseded, forgotten or purged since it was made may hold a value the store no
  longer stands by; it is left out of the results (and the weekly review archives
  it, audited ``outdated``: :func:`remem.lifecycle.review.review_step`);
- **a digest never outranks its facts**: a derived hit ranked above one of its own
  sources is moved just below the lowest of them;
- **a digest brings its fact**: a derived hit none of whose sources was returned
  brings the source that matches the question best (by the archive tier's
  comparable match, :func:`remem.read.fallback.tier_match`, at least
  ``config.min_relevance``), from any tier, just above it — ``explain["via"]``
  names the digest and ``explain["tier"]`` the source's status. The caller then
  references the fact itself (which restores it if it was archived).

A reference to a digest credits the facts it quoted (:func:`quoted`;
:func:`remem.lifecycle.usage.reference`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from remem.config import Config
from remem.lifecycle.scoring import derived
from remem.model import MemoryRecord, Scope, SearchHit, Status
from remem.providers.base import Vectors
from remem.read import fallback
from remem.read.floor import match_scores
from remem.read.rank import Asker, passes_min_trust, visible_to
from remem.store.base import Store

GONE = (Status.SUPERSEDED, Status.FORGOTTEN, Status.PURGED)
_WORD = re.compile(r"\w+")
SERVABLE = (Status.ACTIVE, Status.ARCHIVED, Status.COLD)


def _source_ids(record: MemoryRecord) -> list[str]:
    sources = record.data.get("sources")
    return [str(i) for i in sources] if isinstance(sources, list) else []


def leaf_sources(
    store: Store, records: Sequence[MemoryRecord], scope: Scope
) -> dict[str, list[MemoryRecord]]:
    """For each derived record, the memories it was made from, through the day digests
    a week's or a month's digest was built from (two lookups for all of them)."""
    wanted = [r for r in records if derived(r)]
    first_ids = list(dict.fromkeys(i for r in wanted for i in _source_ids(r)))
    first = {m.id: m for m in store.get_memories(first_ids, scope)} if first_ids else {}
    second_ids = list(
        dict.fromkeys(i for m in first.values() if derived(m) for i in _source_ids(m))
    )
    second = {m.id: m for m in store.get_memories(second_ids, scope)} if second_ids else {}
    out: dict[str, list[MemoryRecord]] = {}
    for record in wanted:
        leaves: dict[str, MemoryRecord] = {}
        for source_id in _source_ids(record):
            source = first.get(source_id)
            if source is None:
                continue
            if derived(source):
                for inner in _source_ids(source):
                    if inner in second and not derived(second[inner]):
                        leaves[inner] = second[inner]
            else:
                leaves[source.id] = source
        out[record.id] = list(leaves.values())
    return out


def outdated(sources: Sequence[MemoryRecord]) -> list[str]:
    """The ids of ``sources`` the store no longer stands by (superseded, forgotten,
    purged): a digest quoting one of them is outdated."""
    return [s.id for s in sources if s.status in GONE]


def quoted(digest: MemoryRecord, sources: Sequence[MemoryRecord]) -> list[MemoryRecord]:
    """The ``sources`` a digest's text quotes: most (60%) of a source's words are in
    the digest (a deterministic digest quotes them verbatim up to its length cap; an
    LLM's digest in its own words)."""
    have = set(_WORD.findall(digest.content.casefold()))
    out = []
    for source in sources:
        words = set(_WORD.findall(source.content.casefold()))
        if words and len(words & have) >= 0.6 * len(words):
            out.append(source)
    return out


def serve_facts(
    store: Store,
    hits: list[SearchHit],
    *,
    query: str,
    query_vector: Vectors | None,
    model_id: str,
    scope: Scope,
    config: Config,
    asker: Asker,
    expand: bool,
    limit: int,
) -> list[SearchHit]:
    """``hits`` with the three rules of the module doc applied; ``expand`` False leaves
    out the third (a search narrowed by filters gets only what they pass)."""
    sources = leaf_sources(store, [h.memory for h in hits], scope)
    if not sources:
        return hits
    kept = [h for h in hits if not (h.memory.id in sources and outdated(sources[h.memory.id]))]
    present = {h.memory.id for h in kept}
    if expand:
        kept = _bring_facts(
            store, kept, sources, present, query, query_vector, model_id, config, asker
        )
    return _facts_first(kept, sources)[:limit]


def _bring_facts(
    store: Store,
    hits: list[SearchHit],
    sources: Mapping[str, list[MemoryRecord]],
    present: set[str],
    query: str,
    query_vector: Vectors | None,
    model_id: str,
    config: Config,
    asker: Asker,
) -> list[SearchHit]:
    out: list[SearchHit] = []
    for hit in hits:
        leaves = sources.get(hit.memory.id)
        if leaves and not any(s.id in present for s in leaves):
            fact = _best_source(store, leaves, query, query_vector, model_id, config, asker)
            if fact is not None and fact.memory.id not in present:
                fact.score = hit.score  # ranked with the digest that brought it
                fact.explain["via"] = {"digest": hit.memory.id}
                present.add(fact.memory.id)
                out.append(fact)
        out.append(hit)
    return out


def best_sources(
    store: Store,
    hits: Sequence[SearchHit],
    *,
    query: str,
    query_vector: Vectors | None,
    model_id: str,
    scope: Scope,
    config: Config,
    asker: Asker,
) -> dict[str, SearchHit | None]:
    """For each derived hit of ``hits``, the source it would bring (the one matching
    the question best, :func:`_best_source`; None when none is servable and matches at
    least ``config.min_relevance``). The archive tier judges a digest by this fact
    (:func:`remem.read.fallback.merge`): a digest adds no fact of its own, and its
    many quoted words must not win it a place its fact would not win."""
    sources = leaf_sources(store, [h.memory for h in hits], scope)
    return {
        digest_id: _best_source(store, leaves, query, query_vector, model_id, config, asker)
        for digest_id, leaves in sources.items()
    }


def _best_source(
    store: Store,
    leaves: Sequence[MemoryRecord],
    query: str,
    query_vector: Vectors | None,
    model_id: str,
    config: Config,
    asker: Asker,
) -> SearchHit | None:
    usable = [
        s
        for s in leaves
        if s.status in SERVABLE and visible_to(s, asker) and passes_min_trust(s, config)
    ]
    if not usable:
        return None
    matches = match_scores(store, query, query_vector, usable, model_id=model_id, maxsim={})
    best: tuple[float, SearchHit] | None = None
    for source in usable:
        hit = SearchHit(memory=source, score=0.0, sources=["digest"])
        hit.explain["match"] = {**matches.get(source.id, {}), "floor": config.min_relevance}
        hit.explain["tier"] = str(source.status)
        match = fallback.tier_match(hit, query)
        if match >= config.min_relevance and (best is None or match > best[0]):
            best = (match, hit)
    return None if best is None else best[1]


def _facts_first(
    hits: list[SearchHit], sources: Mapping[str, list[MemoryRecord]]
) -> list[SearchHit]:
    """Each derived hit moved just below the lowest of its own sources in ``hits``."""
    out = list(hits)
    for hit in [h for h in hits if h.memory.id in sources]:
        own = {s.id for s in sources[hit.memory.id]}
        at = out.index(hit)
        below = [i for i, h in enumerate(out) if h.memory.id in own and i > at]
        if below:
            out.insert(below[-1], out.pop(at))  # after the pop, below[-1] is one past it
    return out
