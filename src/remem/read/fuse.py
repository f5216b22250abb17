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
    keep: int | None = None,
) -> list[Fused]:
    """Fuse ``{source: [(memory_id, raw_score), ...best first]}`` into one ranking
    (the best ``keep`` of it, all when None)."""
    scores: dict[str, float] = {}
    found: dict[str, dict[str, tuple[int, float]]] = {}  # source -> id -> (rank, raw)
    for source, hits in ranked.items():
        weight = 1.0 if weights is None else weights.get(source, 1.0)
        first = found.setdefault(source, {})
        for rank, (memory_id, raw) in enumerate(hits, start=1):
            scores[memory_id] = scores.get(memory_id, 0.0) + weight / (k + rank)
            first.setdefault(memory_id, (rank, raw))
    out = _best(scores, keep)
    for item in out:  # explanations for the kept ones only
        for source, first in found.items():
            hit = first.get(item.memory_id)
            if hit is None:
                continue
            rank, raw = hit
            weight = 1.0 if weights is None else weights.get(source, 1.0)
            item.sources.append(source)
            item.explain[source] = {
                "rank": rank,
                "score": round(raw, 6),
                "contribution": round(weight / (k + rank), 6),
            }
        item.explain["fusion"] = {"method": "rrf", "k": k, "score": round(item.score, 6)}
    return out


def zscore_fusion(
    ranked: Mapping[str, Sequence[tuple[str, float]]],
    *,
    weights: Mapping[str, float] | None = None,
    keep: int | None = None,
) -> list[Fused]:
    """Fuse by weighted standardised scores (CombSUM over z-scores).

    Each source's raw scores are standardised over the list it returned; a memory
    a source did not return gets that source's lowest standardised score. Unlike
    rank fusion this keeps how far ahead a source's best hits are, so a strong
    source (late interaction) is not diluted by weaker ones at equal rank.
    Returns the best ``keep`` (all when None).
    """
    standard: dict[str, tuple[dict[str, tuple[int, float, float]], float, float]] = {}
    for source, hits in ranked.items():
        if not hits:
            continue
        raw = [score for _, score in hits]
        mean = sum(raw) / len(raw)
        spread = (sum((x - mean) ** 2 for x in raw) / len(raw)) ** 0.5 or 1.0
        weight = 1.0 if weights is None else weights.get(source, 1.0)
        found: dict[str, tuple[int, float, float]] = {}
        for rank, (memory_id, score) in enumerate(hits, start=1):
            found.setdefault(memory_id, (rank, score, (score - mean) / spread))
        floor = min(z for _, _, z in found.values())
        standard[source] = (found, floor, weight)
    base = sum(weight * floor for _, floor, weight in standard.values())
    scores: dict[str, float] = {}
    for found, floor, weight in standard.values():
        for memory_id, (_, _, z) in found.items():
            # everyone starts from every source's floor; a find adds its lift over it
            scores[memory_id] = scores.get(memory_id, base) + weight * (z - floor)
    out = _best(scores, keep)
    for item in out:  # explanations for the kept ones only
        for source, (found, floor, weight) in standard.items():
            hit = found.get(item.memory_id)
            if hit is None:
                item.explain[source] = {"missing": True, "contribution": round(weight * floor, 6)}
                continue
            rank, score, z = hit
            item.sources.append(source)
            item.explain[source] = {
                "rank": rank,
                "score": round(score, 6),
                "z": round(z, 4),
                "contribution": round(weight * z, 6),
            }
        item.explain["fusion"] = {"method": "zscore", "score": round(item.score, 6)}
    return out


def _best(scores: Mapping[str, float], keep: int | None) -> list[Fused]:
    """The ``keep`` best (all when None) as :class:`Fused`, best first, ties by id."""
    order = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    return [Fused(memory_id, score) for memory_id, score in order[:keep]]


def fuse(
    ranked: Mapping[str, Sequence[tuple[str, float]]],
    *,
    method: str = "rrf",
    k: int = 60,
    weights: Mapping[str, float] | None = None,
    keep: int | None = None,
) -> list[Fused]:
    """Fuse with ``method``: ``rrf`` (reciprocal rank), ``zscore`` (standardised
    scores), or ``auto``: zscore when the ``late`` source has hits, else rrf.
    Only the best ``keep`` (all when None) are returned and explained.

    Rank fusion suits sources of similar strength (BM25 and a pooled embedder);
    late interaction is much stronger than either, and rank fusion would dilute it.
    """
    if method == "auto":
        method = "zscore" if ranked.get("late") else "rrf"
    if method == "zscore":
        return zscore_fusion(ranked, weights=weights, keep=keep)
    if method == "rrf":
        return reciprocal_rank_fusion(ranked, k=k, weights=weights, keep=keep)
    raise ValueError(f"unknown fusion method {method!r}")


def blend_graph(
    fused: Sequence[Fused],
    graph: Sequence[tuple[str, float]],
    *,
    weight: float,
) -> list[Fused]:
    """Blend graph proximity (0..1) into fused semantic scores:
    ``(1 - weight) * semantic + weight * proximity``.

    The semantic scores are first mapped onto 0..1 (``(s - lo) / (hi - lo)`` over
    ``fused``); a memory only the graph found has semantic 0, one the graph did not
    find has proximity 0. With no graph hits ``fused`` is returned as it is.
    """
    if not graph:
        return list(fused)
    scores = [f.score for f in fused]
    hi, lo = (max(scores), min(scores)) if scores else (1.0, 0.0)
    span = hi - lo
    proximity = dict(graph)
    ranks = {m: r for r, (m, _) in enumerate(graph, start=1)}
    out: dict[str, Fused] = {}
    for item in fused:
        semantic = (item.score - lo) / span if span > 0 else 1.0
        out[item.memory_id] = Fused(
            item.memory_id, (1 - weight) * semantic, list(item.sources), dict(item.explain)
        )
    for memory_id, score in proximity.items():
        item = out.setdefault(memory_id, Fused(memory_id, 0.0))
        contribution = weight * score
        item.score += contribution
        item.sources.append("graph")
        item.explain["graph"] = {
            "rank": ranks[memory_id],
            "score": round(score, 6),
            "contribution": round(contribution, 6),
        }
    result = sorted(out.values(), key=lambda f: (-f.score, f.memory_id))
    for item in result:
        item.explain["fusion"] = {
            **item.explain.get("fusion", {}),
            "graph_weight": weight,
            "score": round(item.score, 6),
        }
    return result
