"""The archive tier: when the active set answers a question weakly, recall looks in the
archived and cold memories too.

Leaving the active set is not leaving memory (docs/concepts.md, "What can and
cannot be lost"). A search of the active set — the default; a caller that names
statuses (``include_history``, a filter) gets exactly those — is the first tier.
Its answer is **insufficient** when no hit matches the question well: the best
*tier match* among its hits is below ``config.fallback_below`` (no hit at all is
0). Only then is the second tier searched: the same query over the archived and
cold memories of the scope, with the same filters, floor and ranking (archived
and cold memories keep no token vectors, so the late-interaction source is left
out there).

The tier match is measured the same way in both tiers, so they can be compared:
the mean of the pooled cosine (``explain["match"]["cosine"]``) and the share of the
query's keywords found in the memory (:func:`remem.read.floor.term_match`). A
second-tier hit is returned only when it matches the question better than
anything the active set returned, and then before the active hits, best match
first: an archived memory answers when it is the better answer, and otherwise
stays out of the way. The second tier is ordered by that match, not by the
ranking's recency and usage factors: every memory there has gone unused for a
while, and an old note used last month must not hide the fact the question asks
for. Its search looks at ``rank_candidates`` hits for that reason.

Every hit's ``explain["tier"]`` is the status it answered from (``active``,
``archived``, ``cold``); a second-tier hit also has ``explain["fallback"]``: its
tier match, the first tier's best and the threshold. A second-tier memory comes
back to the active set when it is referenced (:func:`remem.lifecycle.usage.reference`),
not by being returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from remem.config import Config
from remem.model import SearchHit
from remem.read.floor import term_match
from remem.store.base import ListFilter

ACTIVE_ONLY = ("active",)
SECOND_TIER = ("archived", "cold")


def applies(config: Config, filters: ListFilter | None) -> bool:
    """Whether a search with ``filters`` may fall back: the fallback is on and the
    search is of the active set only."""
    statuses = ACTIVE_ONLY if filters is None else tuple(filters.statuses)
    return config.fallback_below > 0 and statuses == ACTIVE_ONLY


def widened(filters: ListFilter | None) -> ListFilter:
    """The same narrowing over the second tier's statuses."""
    return replace(filters or ListFilter(), statuses=SECOND_TIER)


def sources(wanted: Sequence[str]) -> tuple[str, ...]:
    """The candidate sources of the second tier: archived and cold memories hold no
    token vectors, so the late-interaction source has nothing to score there (a
    search of that source alone has no second tier)."""
    return tuple(s for s in wanted if s != "late")


def tier_match(hit: SearchHit, query: str) -> float:
    """How well ``hit`` matches ``query``, comparably across tiers (see the module doc);
    the term share alone when the memory has no vector of the configured model."""
    cosine = hit.explain.get("match", {}).get("cosine")
    terms = term_match(query, hit.memory)
    return terms if cosine is None else (float(cosine) + terms) / 2


def best_match(hits: Sequence[SearchHit], query: str) -> float:
    """The first tier's best tier match (0 without hits)."""
    return max((tier_match(h, query) for h in hits), default=0.0)


def merge(
    active: list[SearchHit],
    others: list[SearchHit],
    *,
    best: float,
    query: str,
    config: Config,
) -> list[SearchHit]:
    """The second tier's hits that match better than ``best`` (the active set's best),
    best match first, then the active hits — all of them: the caller cuts to its limit
    after the digest rules (:func:`remem.read.digests.serve_facts`), which drop the
    outdated digests among the second tier's hits. Cut here, archived digests that
    matched better than the active best filled every place and, dropped as outdated,
    left one active answer of ten ("What time do I need the milk ready for
    collection?": the milk tanker fact, first among the active hits, was gone)."""
    admitted: list[tuple[float, int, SearchHit]] = []
    for order, hit in enumerate(others):
        match = tier_match(hit, query)
        if match <= best:
            continue
        hit.explain["tier"] = str(hit.memory.status)
        hit.explain["fallback"] = {
            "tier_match": round(match, 4),
            "active_best": round(best, 4),
            "below": config.fallback_below,
        }
        admitted.append((match, order, hit))
    admitted.sort(key=lambda a: (-a[0], a[1]))
    return [h for _, _, h in admitted] + active
