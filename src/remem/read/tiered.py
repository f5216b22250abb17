"""Tiered recall: category summaries first, raw memories only when they fall short.

Tier 1 scores each current category summary in scope by **query-term coverage**:
the share of the query's keyword terms (:func:`remem.read.query.keyword_terms`,
stopwords dropped) that occur in the summary, a term matching a summary word
sharing its stem (the term less up to three final letters, at least three
kept: "hike" matches "hiking", "cars" matches "car"). The ``summary_top_k`` best summaries scoring at least
``summary_min_score`` answer. **Insufficient** means no summary reaches
``summary_min_score`` (or there are none): tier 2 is then the ordinary search
over memories. Which tier answered is logged and counted (the store's
``tiered.summaries`` / ``tiered.items`` counters, shown by ``remem stats``).

A summary may answer only when every memory it was built from (its recorded
``sources``) is still active and visible to the asker
(:func:`remem.read.rank.visible_to`): a summary listing a forgotten, superseded
or erased fact, another agent's private memory, or of unknown sources (built
before sources were recorded) is passed over, and the memories answer instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from remem.config import Config
from remem.model import Scope, SearchHit, Status, Summary
from remem.read.query import keyword_terms
from remem.read.rank import Asker, visible_to
from remem.secrets import get_logger
from remem.store.base import Store

log = get_logger(__name__)  # redacted: an LLM reply may quote a secret
_WORD = re.compile(r"\w+", re.UNICODE)
Tier = Literal["summaries", "items"]
COUNTER_PREFIX = "tiered."


@dataclass(frozen=True, slots=True)
class SummaryHit:
    """A category summary that answered a tiered recall, with its coverage score."""

    summary: Summary
    score: float
    matched: tuple[str, ...] = ()


@dataclass(slots=True)
class TieredResult:
    """What :func:`tiered_search` found: summaries (tier 1) or memories (tier 2)."""

    tier: Tier
    summaries: list[SummaryHit] = field(default_factory=list)
    items: list[SearchHit] = field(default_factory=list)
    best_summary_score: float = 0.0


def _matches(term: str, words: set[str]) -> bool:
    if term in words:
        return True
    if len(term) < 4:
        return False
    stem = term[: max(3, len(term) - 3)]  # "hiking" -> "hik", "cars" -> "car"
    return any(w.startswith(stem) for w in words)


def score_summary(query_terms: Sequence[str], text: str) -> tuple[float, tuple[str, ...]]:
    """Coverage of ``query_terms`` by ``text`` (0..1) and the terms it covers."""
    if not query_terms:
        return 0.0, ()
    words = {w.casefold() for w in _WORD.findall(text)}
    matched = tuple(t for t in query_terms if _matches(t, words))
    return len(matched) / len(query_terms), matched


def rank_summaries(summaries: Sequence[Summary], query: str, *, top_k: int) -> list[SummaryHit]:
    """The ``top_k`` summaries best covering ``query``, best first (any score)."""
    terms = keyword_terms(query)
    hits = []
    for summary in summaries:
        score, matched = score_summary(terms, f"{summary.category} {summary.content}")
        hits.append(SummaryHit(summary, round(score, 4), matched))
    hits.sort(key=lambda h: (-h.score, h.summary.category))
    return hits[:top_k]


def usable_summaries(
    store: Store, summaries: Sequence[Summary], *, scope: Scope, asker: Asker
) -> list[Summary]:
    """The ``summaries`` whose every source memory is active and visible to ``asker``."""
    known = [s for s in summaries if s.sources]
    ids = list(dict.fromkeys(i for s in known for i in s.sources or ()))
    records = {m.id: m for m in store.get_memories(ids, scope)} if ids else {}
    ok = {i for i, m in records.items() if m.status is Status.ACTIVE and visible_to(m, asker)}
    return [s for s in known if all(i in ok for i in s.sources or ())]


def tiered_search(
    store: Store,
    query: str,
    *,
    scope: Scope,
    config: Config,
    search_items: Callable[[], list[SearchHit]],
    asker: Asker | None = None,
) -> TieredResult:
    """Tier 1 (summaries) if any usable summary covers ``query`` well enough, else
    tier 2: ``search_items()`` (the ordinary ranked search). Counts the tier that
    answered."""
    current = store.summaries(scope)
    ranked = rank_summaries(current, query, top_k=len(current))
    best = ranked[0].score if ranked else 0.0
    good = [h for h in ranked if h.score >= config.summary_min_score]
    if good:
        usable = usable_summaries(
            store, [h.summary for h in good], scope=scope, asker=asker or Asker()
        )
        good = [h for h in good if any(h.summary is u for u in usable)][: config.summary_top_k]
    if good:
        result = TieredResult("summaries", summaries=good, best_summary_score=best)
    else:
        result = TieredResult("items", items=search_items(), best_summary_score=best)
    store.bump_counter(COUNTER_PREFIX + result.tier)
    log.info(
        "tiered recall answered from %s (best summary score %.2f, threshold %.2f)",
        result.tier,
        best,
        config.summary_min_score,
    )
    return result
