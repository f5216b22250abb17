"""Late interaction (MaxSim) over stored per-token vectors.

ColBERT-style scoring (Khattab & Zaharia, 2020) with the pooled embedder's own
token outputs: a memory's score for a query is, for each query token, its best
cosine against the memory's tokens, averaged with the query tokens weighted by
their BM25-style idf in the searched set of memories. Rare words ("LGBTQ",
"pottery") then count for more than "the" or "?".

Token vectors are written beside the pooled vector, int8-quantised with one
scale per token (:func:`remem.store.codec.pack_tokens`). Embedders that cannot produce them
(hashing, fake, remote APIs) simply have no late stage: search skips it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from remem.model import Scope
from remem.providers.base import TokenEmbedder, Vectors, token_embedder
from remem.store.base import ListFilter, PackedTokens, Store, TokenBlock
from remem.store.codec import pack_tokens, unpack_tokens

Floats = npt.NDArray[np.float32]

__all__ = [
    "CACHE",
    "LateCache",
    "TokenEmbedder",
    "idf_weights",
    "in_context",
    "late_search",
    "maxsim",
    "pack_tokens",
    "token_embedder",
    "unpack_tokens",
]


def idf_weights(query_ids: Sequence[int], docs: Sequence[PackedTokens]) -> Floats:
    """BM25 idf of each query token over ``docs``: ``ln(1 + (N - df + .5) / (df + .5))``."""
    return _Block.load(TokenBlock.of(["?"] * len(docs), docs)).idf(query_ids)


def maxsim(
    query: Floats,
    docs: Sequence[PackedTokens],
    *,
    weights: Floats | None = None,
) -> Floats:
    """Per doc, the weighted mean over query tokens of the best cosine with a doc token.

    ``query`` is ``(q, dim)`` L2-normalised; ``weights`` (``q``) default to 1. A doc
    without tokens scores 0.
    """
    return _Block.load(TokenBlock.of(["?"] * len(docs), docs)).maxsim(query, weights)


@dataclass(slots=True)
class _Block:
    """The token vectors of a set of memories, ready to score."""

    memory_ids: list[str]
    matrix: Floats  # (tokens, dim) int8 values as float32; rows of memory i at offsets[i]
    scales: Floats  # per token row: the matrix row times its scale is the vector
    offsets: npt.NDArray[np.intp]
    lengths: npt.NDArray[np.intp]
    vocab: npt.NDArray[np.int64]  # sorted distinct token ids ...
    df: npt.NDArray[np.int64]  # ... and how many memories hold each
    sessions: list[str | None] = field(default_factory=list)  # per memory, store order
    version: str = ""

    @classmethod
    def load(cls, tokens: TokenBlock, version: str = "") -> _Block:
        lengths = tokens.lengths
        if lengths.sum():
            # df: distinct (memory, token) pairs per token, in one pass over all tokens
            owner = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
            pairs = np.unique(owner << 32 | tokens.token_ids.astype(np.int64))
            vocab, df = np.unique(pairs & 0xFFFFFFFF, return_counts=True)
        else:
            vocab = df = np.zeros(0, dtype=np.int64)
        return cls(
            tokens.memory_ids,
            tokens.vectors.astype(np.float32),
            tokens.scales,
            tokens.offsets,
            lengths,
            vocab,
            df.astype(np.int64),
            sessions=tokens.session_ids,
            version=version,
        )

    @property
    def nbytes(self) -> int:
        return int(self.matrix.nbytes + self.scales.nbytes + self.vocab.nbytes + self.df.nbytes)

    def idf(self, query_ids: Sequence[int]) -> Floats:
        wanted = np.asarray(query_ids, dtype=np.int64)
        n = len(self.memory_ids)
        if self.vocab.size == 0:
            df = np.zeros(wanted.size)
        else:
            pos = np.searchsorted(self.vocab, wanted).clip(0, self.vocab.size - 1)
            df = np.where(self.vocab[pos] == wanted, self.df[pos], 0).astype(np.float64)
        return np.log1p((n - df + 0.5) / (df + 0.5)).astype(np.float32)

    def maxsim(self, query: Floats, weights: Floats | None = None) -> Floats:
        return self.scores(query, weights)[0]

    def scores(self, query: Floats, weights: Floats | None = None) -> tuple[Floats, Floats]:
        """Per memory, the MaxSim weighted by ``weights`` and the plain one (each query
        token's best cosine, averaged unweighted): the plain score depends on no
        statistic of the searched set, so it is comparable across stores."""
        out = np.zeros(len(self.memory_ids), dtype=np.float32)
        plain = np.zeros(len(self.memory_ids), dtype=np.float32)
        q = query.shape[0]
        if q == 0 or self.matrix.shape[0] == 0:
            return out, plain
        w = np.ones(q, dtype=np.float32) if weights is None else np.asarray(weights, np.float32)
        total = float(w.sum())
        if total <= 0:
            return out, plain
        keep = np.flatnonzero(self.lengths)
        # (tokens, q), dequantised after the product: tokens x q multiplications, not
        # tokens x dim. This orientation is about twice as fast in OpenBLAS and numpy.
        sims = self.matrix @ query.astype(np.float32).T
        sims *= self.scales[:, None]
        best = np.maximum.reduceat(sims, self.offsets[keep], axis=0)  # (memories kept, q)
        out[keep] = (best @ w) / total
        plain[keep] = best.mean(axis=1)
        return out, plain


def in_context(
    scores: Floats,
    sessions: Sequence[str | None],
    *,
    neighbour_weight: float,
    session_weight: float,
) -> Floats:
    """Scores raised by the memory's conversational context.

    A turn is often relevant because of the turn before or after it ("What did
    you paint?" / "A sunrise."), and a session that discusses the topic makes each
    of its turns likelier. Scores are standardised (z) over the scored set; each
    memory then gains ``neighbour_weight`` x the better of its two neighbours in
    the same session (store order) and ``session_weight`` x the best score in its
    session. Memories without a session get neither.
    """
    n = scores.size
    if n == 0:
        return scores
    z = (scores - scores.mean()) / (float(scores.std()) or 1.0)
    out = z.copy()
    codes = np.full(n, -1, dtype=np.int64)
    table: dict[str, int] = {}
    for i, session in enumerate(sessions):
        if session is not None:
            codes[i] = table.setdefault(session, len(table))
    if not table:
        return out.astype(np.float32)
    if neighbour_weight:
        same = (codes[1:] == codes[:-1]) & (codes[1:] >= 0)
        floor = float(z.min())
        prev = np.full(n, floor)
        prev[1:][same] = z[:-1][same]
        nxt = np.full(n, floor)
        nxt[:-1][same] = z[1:][same]
        out += neighbour_weight * np.maximum(prev, nxt) * (codes >= 0)
    if session_weight:
        best = np.full(len(table), -np.inf)
        has = codes >= 0
        np.maximum.at(best, codes[has], z[has])
        out[has] += session_weight * best[codes[has]]
    return out.astype(np.float32)


class LateCache:
    """Recently searched scopes' token blocks, least recently used dropped first.

    A block is rebuilt when the store reports a new version for its scope (a
    memory added, re-embedded, forgotten or erased), so it never serves stale data.
    """

    def __init__(self, max_bytes: int = 256 * 2**20) -> None:
        self.max_bytes = max_bytes
        self._blocks: OrderedDict[tuple[Any, ...], _Block] = OrderedDict()
        self._lock = threading.Lock()

    def get(
        self,
        key: tuple[Any, ...],
        version: str,
        load: Callable[[], TokenBlock],
    ) -> _Block:
        with self._lock:
            block = self._blocks.get(key)
            if block is not None and block.version == version:
                self._blocks.move_to_end(key)
                return block
        block = _Block.load(load(), version)
        with self._lock:
            self._blocks[key] = block
            self._blocks.move_to_end(key)
            used = sum(b.nbytes for b in self._blocks.values())
            while used > self.max_bytes and len(self._blocks) > 1:
                _, dropped = self._blocks.popitem(last=False)
                used -= dropped.nbytes
        return block

    def clear(self) -> None:
        with self._lock:
            self._blocks.clear()


CACHE = LateCache()


def late_search(
    store: Store,
    query_ids: Sequence[int],
    query_vectors: Vectors,
    *,
    scope: Scope,
    model_id: str,
    limit: int,
    full_scan_max: int,
    use_idf: bool = True,
    candidates: Sequence[str] = (),
    filters: ListFilter | None = None,
    neighbour_weight: float = 0.0,
    session_weight: float = 0.0,
    cache: LateCache | None = None,
    cache_bytes: int | None = None,
    state: tuple[int, str] | None = None,
    tokens: TokenBlock | None = None,
    plain_out: dict[str, float] | None = None,
) -> list[tuple[str, float]]:
    """``(memory_id, MaxSim score)`` best first among memories in ``scope``.

    When the scope holds at most ``full_scan_max`` memories with token vectors all
    of them are scored (the idf then comes from the whole searched set), from a
    cached block; otherwise only ``candidates`` (a cheaper first stage's output)
    are, read from the store, or given as ``tokens`` when the caller has read them.
    ``state`` is :meth:`Store.token_vector_state` when the caller has asked it. With
    context weights the scores are passed through :func:`in_context` first.
    ``plain_out``, when given, receives the plain (unweighted, context-free) MaxSim
    of each memory returned: an absolute match score (see ``read/floor.py``).
    """
    if len(query_ids) == 0:
        return []
    if state is None:
        state = store.token_vector_state(scope, model_id=model_id, filters=filters)
    count, version = state
    if count == 0:
        return []
    if count <= full_scan_max:
        cache = cache or CACHE
        if cache_bytes is not None:
            cache.max_bytes = cache_bytes
        key = (
            store.path,
            id(store),
            model_id,
            scope.user_id,
            scope.agent_id,
            scope.namespace,
            repr(filters),
        )
        block = cache.get(
            key,
            version,
            lambda: store.token_vectors(scope, model_id=model_id, filters=filters),
        )
    elif tokens is not None:
        block = _Block.load(tokens)
    elif candidates:
        block = _Block.load(
            store.token_vectors(
                scope, model_id=model_id, filters=filters, memory_ids=list(candidates)
            )
        )
    else:
        return []
    if not block.memory_ids:
        return []
    weights = block.idf(query_ids) if use_idf else None
    scores, plain = block.scores(np.asarray(query_vectors, dtype=np.float32), weights)
    if neighbour_weight or session_weight:
        scores = in_context(
            scores,
            block.sessions,
            neighbour_weight=neighbour_weight,
            session_weight=session_weight,
        )
    k = min(limit, scores.size)
    top = np.argpartition(-scores, k - 1)[:k]
    top = top[np.argsort(-scores[top], kind="stable")]
    if plain_out is not None:
        plain_out.update((block.memory_ids[i], float(plain[i])) for i in top)
    return [(block.memory_ids[i], float(scores[i])) for i in top]
