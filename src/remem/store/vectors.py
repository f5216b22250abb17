"""An in-process exact vector index over the store's vectors, scope-aware.

The matrix is a cache of the ``vectors`` table for one embedding model. It
grows by appending rows written since it was loaded, tracks which rows are no
longer active, and masks rows outside the asked scope before ranking, so a
small user's search among many users' memories still finds its own. The store
re-checks scope and status of every returned row: the cache only proposes.

Above a size threshold an optional HNSW graph (:mod:`remem.store.ann`) proposes
instead of the full scan; its proposals are masked and re-scored exactly here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import numpy as np
import numpy.typing as npt

from remem.model import Scope

if TYPE_CHECKING:
    from remem.store.ann import AnnIndex

_UNSET = -1  # code for a NULL scope field


@dataclass(slots=True)
class _Codes:
    """Interns scope strings as small ints so masks are vector comparisons."""

    table: dict[str, int] = field(default_factory=dict)

    def code(self, value: str | None) -> int:
        if value is None:
            return _UNSET
        return self.table.setdefault(value, len(self.table))

    def lookup(self, value: str) -> int | None:
        return self.table.get(value)


class VectorIndex:
    """Exact cosine search over L2-normalised float32 vectors of one model."""

    def __init__(self, model_id: str, dim: int) -> None:
        self.model_id = model_id
        self.dim = dim
        self._codes = _Codes()
        self._size = 0
        self._cap = 0
        self._matrix: npt.NDArray[np.float32] = np.zeros((0, dim), dtype=np.float32)
        self._seqs: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        # scope codes by column (user, agent, namespace): contiguous for the masks
        self._scope: npt.NDArray[np.int32] = np.zeros((3, 0), dtype=np.int32)
        self._active: npt.NDArray[np.bool_] = np.zeros(0, dtype=bool)
        self._pos: dict[int, int] = {}
        # position by seq (-1: none), for mapping the graph's answers without a binary
        # search over every seq (cache misses dominate that at 100k+ rows)
        self._seq_pos: npt.NDArray[np.int32] = np.full(0, -1, dtype=np.int32)
        self.max_seq = 0
        self.ann: AnnIndex | None = None  # set by remem.store.ann.sync above its threshold
        # how the last search was answered: "exact", "ann", or "ann-fallback" (exact)
        self.last_path: Literal["exact", "ann", "ann-fallback"] = "exact"

    def __len__(self) -> int:
        return self._size

    def _grow(self, need: int) -> None:
        if need <= self._cap:
            return
        cap = max(need, self._cap * 2, 1024)
        matrix = np.zeros((cap, self.dim), dtype=np.float32)
        matrix[: self._size] = self._matrix[: self._size]
        seqs = np.zeros(cap, dtype=np.int64)
        seqs[: self._size] = self._seqs[: self._size]
        scope = np.full((3, cap), _UNSET, dtype=np.int32)
        scope[:, : self._size] = self._scope[:, : self._size]
        active = np.zeros(cap, dtype=bool)
        active[: self._size] = self._active[: self._size]
        self._matrix, self._seqs, self._scope, self._active = matrix, seqs, scope, active
        self._cap = cap

    def append(
        self,
        rows: Iterable[tuple[int, str | None, str | None, str | None, bool, bytes]],
    ) -> None:
        """Add ``(seq, user_id, agent_id, namespace, active, vector_bytes)`` rows."""
        batch = list(rows)
        if not batch:
            return
        self._grow(self._size + len(batch))
        # Positions first (a re-embedded row keeps its own), then every column in
        # one vectorised assignment: at 1M rows a per-row copy took seconds.
        where = np.empty(len(batch), dtype=np.int64)
        for k, row in enumerate(batch):
            seq = row[0]
            i = self._pos.get(seq)
            if i is None:
                i = self._pos[seq] = self._size
                self._size += 1
            where[k] = i
        code = self._codes.code
        self._matrix[where] = np.frombuffer(b"".join(r[5] for r in batch), np.float32).reshape(
            len(batch), self.dim
        )
        seqs = np.fromiter((r[0] for r in batch), dtype=np.int64, count=len(batch))
        self._seqs[where] = seqs
        self._scope[:, where] = np.array(
            [(code(r[1]), code(r[2]), code(r[3])) for r in batch], dtype=np.int32
        ).T
        self._active[where] = np.fromiter((bool(r[4]) for r in batch), dtype=bool, count=len(batch))
        self.max_seq = max(self.max_seq, int(seqs.max()))
        if self.max_seq >= self._seq_pos.size:
            grown = np.full(max(self.max_seq + 1, 2 * self._seq_pos.size), -1, dtype=np.int32)
            grown[: self._seq_pos.size] = self._seq_pos
            self._seq_pos = grown
        self._seq_pos[seqs] = where

    def rows(self, start: int, stop: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Seqs and vectors of positions ``start:stop`` (views, not copies)."""
        return self._seqs[start:stop], self._matrix[start:stop]

    def position_after(self, seq: int) -> int:
        """How many rows have a seq of at most ``seq`` (rows are appended in seq order)."""
        return int(np.searchsorted(self._seqs[: self._size], seq, side="right"))

    def reset_inactive(self, seqs: Iterable[int]) -> None:
        """Make exactly ``seqs`` unsearchable (superseded, forgotten, erased...)."""
        self._active[: self._size] = True
        for seq in seqs:
            i = self._pos.get(seq)
            if i is not None:
                self._active[i] = False

    def search(
        self,
        query: npt.NDArray[np.float32],
        scope: Scope,
        limit: int,
        *,
        only_active: bool = True,
    ) -> list[tuple[int, float]]:
        """The ``limit`` best ``(seq, cosine)`` among rows in ``scope`` (active ones only
        unless ``only_active`` is false)."""
        if self._size == 0 or limit <= 0:
            return []
        self.last_path = "exact"
        if self.ann is not None:
            found = self._ann_search(query, scope, limit, only_active=only_active)
            if found is not None:
                self.last_path = "ann"
                return found
            self.last_path = "ann-fallback"
        mask = self._mask(scope, only_active)
        if mask is None:
            return []
        candidates = np.flatnonzero(mask)
        if candidates.size == 0:
            return []
        if candidates.size * 4 >= self._size:
            # copying a large part of the matrix out costs more than scoring it all
            scores = (self._matrix[: self._size] @ query)[candidates]
        else:
            scores = self._matrix[candidates] @ query
        k = min(limit, scores.size)
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        rows = candidates[top]
        return [(int(self._seqs[r]), float(scores[t])) for r, t in zip(rows, top, strict=True)]

    def _mask(self, scope: Scope, only_active: bool) -> npt.NDArray[np.bool_] | None:
        """Which rows are in ``scope`` (and active); None when a scope value is unknown."""
        if only_active:
            mask = self._active[: self._size].copy()
        else:
            mask = np.ones(self._size, dtype=bool)
        for column, want in enumerate((scope.user_id, scope.agent_id, scope.namespace)):
            if want is None:
                continue
            code = self._codes.lookup(want)
            if code is None:
                return None
            mask &= self._scope[column, : self._size] == code
        return mask

    def _ann_search(
        self,
        query: npt.NDArray[np.float32],
        scope: Scope,
        limit: int,
        *,
        only_active: bool,
    ) -> list[tuple[int, float]] | None:
        """The graph's proposals within ``scope``, re-scored exactly; None when the
        scope is too small a part of the graph for it to find ``limit`` of its rows
        cheaply, or fewer than ``limit`` survive the mask (the caller then scans
        exactly, which for a small scope is cheap)."""
        assert self.ann is not None
        mask = self._mask(scope, only_active)
        if mask is None:
            return []
        in_scope = int(np.count_nonzero(mask))
        if in_scope == 0:
            return []
        # Ask for ``oversample`` x the hits wanted, scaled by the scope's share of
        # the graph, so that about that many in-scope rows come back. The graph's
        # cost grows with the count asked (measured at 100k: 0.1 ms for 120, 8 ms
        # for 3000) and an exact scan's with the rows in scope (2.7 ms for 5000):
        # a small scope is scanned exactly.
        count = math.ceil(limit * self.ann.settings.oversample * self._size / in_scope)
        if count > in_scope // 4:
            return None
        seqs = self.ann.search(query, count)
        seqs = seqs[(seqs >= 0) & (seqs < self._seq_pos.size)]
        pos = self._seq_pos[seqs]
        pos = pos[pos >= 0]  # a seq the graph holds but this index does not: skip it
        pos = pos[mask[pos]]
        if pos.size < limit:
            return None
        scores = self._matrix[pos] @ query
        top = np.argsort(-scores, kind="stable")[:limit]
        return [(int(self._seqs[pos[t]]), float(scores[t])) for t in top]
