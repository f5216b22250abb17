"""The absolute relevance floor: a search returns nothing that does not match.

Fused scores and the ranker's relevance are relative to the candidate set (the
best candidate always gets relevance 1.0), so by themselves they cannot tell a
store holding the answer from one holding nothing related: a store with only
"Aaron prefers dark mode" would answer "what is the capital of France?" with it.

The match score is absolute, the mean of two similarities measured for each
ranked candidate with what the configured embedder provides:

- ``cosine``: the pooled query vector against the memory's stored vector;
- a token-level match: the late stage's plain MaxSim — each informative query
  token's best cosine among the memory's token vectors, averaged *without* idf
  weights (idf depends on the searched set) and before the conversational-context
  boost — when the embedder makes token vectors (``maxsim``); otherwise its
  exact-match analogue, the share of the query's keywords (stemmed as BM25 stems
  them) found in the memory's text, tags and entities (``terms``).

A hit whose match is below ``config.min_relevance`` is dropped, so a question
with no related memory gets nothing, and :meth:`remem.Memory.context` an empty
block. A memory without a vector of the configured model has no match score and
is kept: the floor judges what it can measure. Every hit's ``explain["match"]``
shows the scores and the floor. The default was calibrated on the LoCoMo dev set
and a set of everyday related / unrelated pairs (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from remem.model import MemoryRecord, SearchHit
from remem.providers.base import Vectors
from remem.read.query import keyword_terms
from remem.store.base import Store
from remem.store.lexical import Analyzer

_ANALYZER = Analyzer()


def term_match(query: str, record: MemoryRecord) -> float:
    """The share of ``query``'s keywords (stemmed) that occur in ``record``'s content,
    tags or entities: MaxSim with an exact-match token similarity."""
    wanted = set(_ANALYZER.terms(" ".join(keyword_terms(query))))
    if not wanted:
        return 0.0
    text = " ".join([record.content, *record.tags, *record.entities])
    return len(wanted.intersection(_ANALYZER.terms(text))) / len(wanted)


def match_scores(
    store: Store,
    query: str,
    query_vector: Vectors | None,
    records: Sequence[MemoryRecord],
    *,
    model_id: str,
    maxsim: Mapping[str, float],
) -> dict[str, dict[str, float]]:
    """``{memory_id: {"cosine", "maxsim" | "terms", "score"}}`` for the memories that
    have a vector of ``model_id`` (``maxsim``: the late stage's plain scores)."""
    if query_vector is None or not records:
        return {}
    vector_of = store.get_vectors([r.id for r in records])
    q = np.asarray(query_vector, dtype=np.float32)
    out: dict[str, dict[str, float]] = {}
    for record in records:
        model, blob = vector_of.get(record.id, ("", b""))
        vector = np.frombuffer(blob, dtype=np.float32)
        if model != model_id or vector.shape != q.shape:
            continue  # no comparable vector (imported without one, or not re-embedded yet)
        cosine = float(vector @ q)
        if record.id in maxsim:
            name, token = "maxsim", maxsim[record.id]
        else:
            name, token = "terms", term_match(query, record)
        out[record.id] = {
            "cosine": round(cosine, 4),
            name: round(token, 4),
            "score": round((cosine + token) / 2, 4),
        }
    return out


def apply_floor(
    hits: Sequence[SearchHit], matches: Mapping[str, Mapping[str, float]], *, floor: float
) -> list[SearchHit]:
    """``hits`` whose match reaches ``floor`` (and those with no match score), each
    with ``explain["match"]``; ``floor`` 0 keeps every hit."""
    kept = []
    for hit in hits:
        match = matches.get(hit.memory.id)
        hit.explain["match"] = {**(match or {}), "floor": floor}
        if floor <= 0 or match is None or match["score"] >= floor:
            kept.append(hit)
    return kept
