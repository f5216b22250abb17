"""Fusion of candidate lists: the one place where sources are combined into a score.

Reciprocal-rank fusion (Cormack et al., 2009): each source contributes
``weight / (k + rank)`` for every memory it found. The explanation keeps each
source's rank, raw score and contribution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Fused:
    """One fused candidate and why it scored what it did."""

    memory_id: str
    score: float
    sources: list[str] = field(default_factory=list)
    explain: dict[str, Any] = field(default_factory=dict)


def reciprocal_rank_fusion(
    ranked: Mapping[str, Sequence[tuple[str, float]]],
    *,
    k: int = 60,
    weights: Mapping[str, float] | None = None,
) -> list[Fused]:
    """Fuse ``{source: [(memory_id, raw_score), ...best first]}`` into one ranking."""
    fused: dict[str, Fused] = {}
    for source, hits in ranked.items():
        weight = 1.0 if weights is None else weights.get(source, 1.0)
        for rank, (memory_id, raw) in enumerate(hits, start=1):
            contribution = weight / (k + rank)
            item = fused.setdefault(memory_id, Fused(memory_id, 0.0))
            item.score += contribution
            item.sources.append(source)
            item.explain[source] = {
                "rank": rank,
                "score": round(raw, 6),
                "contribution": round(contribution, 6),
            }
    out = sorted(fused.values(), key=lambda f: (-f.score, f.memory_id))
    for item in out:
        item.explain["fusion"] = {"method": "rrf", "k": k, "score": round(item.score, 6)}
    return out
