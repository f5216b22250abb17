"""Retrieval metrics over ranked ids and a set of relevant ids (binary relevance)."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence


def recall_at_k(ranked: Sequence[str], relevant: Collection[str], k: int) -> float:
    """Share of ``relevant`` found in the first ``k`` of ``ranked`` (0 if none relevant).

    >>> recall_at_k(["a", "b", "c"], {"a", "c", "d"}, 2)
    0.3333333333333333
    """
    if not relevant or k <= 0:
        return 0.0
    wanted = set(relevant)
    return len(wanted.intersection(ranked[:k])) / len(wanted)


def ndcg_at_k(ranked: Sequence[str], relevant: Collection[str], k: int = 10) -> float:
    """Normalised discounted cumulative gain at ``k`` with gain 1 per relevant id.

    >>> ndcg_at_k(["a", "b"], {"a"}, 10)
    1.0
    """
    wanted = set(relevant)
    if not wanted or k <= 0:
        return 0.0
    seen: set[str] = set()
    dcg = 0.0
    for rank, item in enumerate(ranked[:k], start=1):
        if item in wanted and item not in seen:
            dcg += 1.0 / math.log2(rank + 1)
            seen.add(item)
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(len(wanted), k) + 1))
    return dcg / ideal


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) with linear interpolation; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)
