"""One read for a large scope's first stage: BM25 and vector proposals verified
together, with the token vectors the late stage re-scores.

Separately, :meth:`bm25_search` and :meth:`vector_search` each re-check their
proposals in SQL and the late stage then reads the candidates' token vectors:
three queries over mostly the same rows. Here the two in-process indexes
propose, and one query re-checks scope, status and filters for the union and
returns the token vectors of the rows the late stage wants (see
:meth:`remem.store.base.Store.hybrid_candidates`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from remem.model import Scope
from remem.store.base import HybridCandidates, ListFilter
from remem.store.lexical import LexicalIndex
from remem.store.sqlite_vectors import token_block
from remem.store.sqlwhere import filter_sql, scope_sql
from remem.store.vectors import VectorIndex

# How many proposals each index makes beyond the asked limit, so a few that fail
# the re-check (a status changed since the index was read) still leave enough.
SPARE = 10


class HybridMixin:
    """:meth:`hybrid_candidates` for :class:`remem.store.sqlite.SQLiteStore`."""

    _lock: threading.RLock
    lexical: bool

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def _lexical_index(self) -> LexicalIndex:
        raise NotImplementedError  # provided by SQLiteStore

    def _index(self, model_id: str, dim: int) -> VectorIndex | None:
        raise NotImplementedError  # provided by VectorTablesMixin

    def _learn_seqs(self, pairs: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError  # provided by VectorTablesMixin

    def hybrid_candidates(
        self,
        terms: Sequence[str],
        vector: npt.NDArray[np.float32],
        scope: Scope,
        *,
        model_id: str,
        bm25_limit: int,
        vector_limit: int,
        token_depth: int,
        filters: ListFilter | None = None,
    ) -> HybridCandidates | None:
        filters = filters or ListFilter()
        if not self.lexical or filters != ListFilter(statuses=filters.statuses):
            return None  # FTS5 scoring, or filters the indexes cannot mask: separate calls
        only_active = tuple(filters.statuses) == ("active",)
        if not only_active:
            return None
        with self._lock:
            lexical = self._lexical_index()
            index = self._index(model_id, int(vector.shape[-1]))
        if index is None:
            return None
        words = bm25_limit + SPARE
        near = vector_limit + SPARE
        bm25 = lexical.search(terms, scope, words) if any(t.strip() for t in terms) else []
        vec = index.search(vector, scope, near)
        deep = {seq for seq, _ in bm25[:token_depth]} | {seq for seq, _ in vec[:token_depth]}
        seqs = list(dict.fromkeys(seq for seq, _ in bm25 + vec))
        rows: list[sqlite3.Row] = []
        if seqs:
            where, params = scope_sql(scope, "m")
            fwhere, fparams = filter_sql(filters, "m")
            deep_marks = ", ".join("?" * len(deep)) or "NULL"
            rows = self._query(
                # "+col": seq lookups, not a scan of the scope index. Token columns
                # only for the rows the late stage re-scores (NULL for the others).
                "SELECT m.id, t.dim, t.tokens, t.token_ids, t.vectors, t.scales, "
                "m.session_id, m.seq FROM memories m LEFT JOIN token_vectors t "
                f"ON t.memory_seq = m.seq AND t.model_id = ? AND t.memory_seq IN ({deep_marks}) "
                f"WHERE m.seq IN ({', '.join('?' * len(seqs))})"
                f"{where.replace(' AND ', ' AND +')}{fwhere.replace(' AND ', ' AND +')} "
                "ORDER BY m.seq",
                [model_id, *deep, *seqs, *params, *fparams],
            )
        ids = {r[7]: r[0] for r in rows}
        self._learn_seqs(list(ids.items()))
        bm25_hits = [(ids[seq], score) for seq, score in bm25 if seq in ids]
        vec_hits = [(ids[seq], score) for seq, score in vec if seq in ids]
        if (len(bm25_hits) < bm25_limit and len(bm25) == words) or (
            len(vec_hits) < vector_limit and len(vec) == near
        ):
            return None  # too many proposals failed the re-check: the separate calls ask for more
        return HybridCandidates(
            bm25=bm25_hits[:bm25_limit],
            vector=vec_hits[:vector_limit],
            tokens=token_block([r for r in rows if r[2] is not None]),
        )
