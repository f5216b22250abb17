"""Vectors and token vectors in SQLite: the cached (optionally HNSW) vector index,
the late-interaction token store. A mixin of :class:`remem.store.sqlite.SQLiteStore`,
kept apart so each module stays small; it uses the store's connection and lock."""

import sqlite3
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

import numpy as np
import numpy.typing as npt

from remem.model import (
    MemoryRecord,
    Scope,
)
from remem.store.ann import AnnSettings, ann_path
from remem.store.ann import sync as sync_ann
from remem.store.base import ListFilter, PackedTokens, TokenBlock
from remem.store.codec import rows_to_memories
from remem.store.sqlwhere import filter_sql, scope_sql
from remem.store.vectors import VectorIndex


class VectorTablesMixin:
    """Pooled vectors (exact or HNSW search) and packed token vectors."""

    path: str
    _db: sqlite3.Connection
    _lock: threading.RLock
    _indexes: dict[str, VectorIndex]
    _epochs: dict[str, tuple[str, str]]
    _rollbacks: int
    _token_states: dict[tuple[Any, ...], tuple[str, int, str]]
    _seq_of: dict[str, int]  # memory id -> seq, as searches verified them
    _redacted_ids: set[str]  # memories whose text the store redacted: no vectors of theirs
    _depth: int
    read_only: bool
    ann: AnnSettings | None

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def _bump(self, key: str) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def _skip_row(self, memory_id: Any, exc: Exception, kind: str = "memory") -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _cache_epochs(self) -> tuple[str, str, str]:
        """``(status_epoch, vector_epoch, text_epoch)``: what the in-process indexes check
        before use (any process bumps them on a status change, on an erase or a
        re-embed, and on a change of a memory's indexed tags or entities)."""
        epochs = dict(
            self._db.execute(
                "SELECT key, value FROM meta "
                "WHERE key IN ('status_epoch', 'vector_epoch', 'text_epoch')"
            ).fetchall()
        )
        return (
            epochs.get("status_epoch", "0"),
            epochs.get("vector_epoch", "0"),
            epochs.get("text_epoch", "0"),
        )

    def _index(self, model_id: str, dim: int) -> VectorIndex | None:
        """The in-process index of ``model_id``'s vectors of ``dim`` dimensions (the
        query's). A stored vector of another size (a bad import) is left out, so it
        never breaks a search; ``remem doctor`` reports it."""
        with self._lock:
            status_epoch, vector_epoch, _ = self._cache_epochs()
            index = self._indexes.get(model_id)
            seen = self._epochs.get(model_id)
            if index is None or seen is None or seen[1] != vector_epoch or index.dim != dim:
                index = VectorIndex(model_id, dim)
                self._indexes[model_id] = index
                seen = ("", vector_epoch)
            index.append(
                self._db.execute(
                    "SELECT v.memory_seq, m.user_id, m.agent_id, m.namespace, "
                    "m.status = 'active', v.vector FROM vectors v "
                    "JOIN memories m ON m.seq = v.memory_seq "
                    "WHERE v.model_id = ? AND v.memory_seq > ? AND v.dim = ? "
                    "AND length(v.vector) = ? ORDER BY v.memory_seq",
                    (model_id, index.max_seq, dim, 4 * dim),
                )
            )
            if len(index) == 0:
                return None
            if seen[0] != status_epoch:
                index.reset_inactive(
                    r[0]
                    for r in self._db.execute(
                        "SELECT v.memory_seq FROM vectors v JOIN memories m "
                        "ON m.seq = v.memory_seq WHERE v.model_id = ? AND m.status != 'active'",
                        (model_id,),
                    )
                )
            self._epochs[model_id] = (status_epoch, vector_epoch)
            if self.ann is not None:
                sync_ann(
                    index,
                    self.ann,
                    epoch=vector_epoch,
                    path=ann_path(self.path, model_id) if self.ann.persist else None,
                    may_save=self._depth == 0 and not self.read_only,
                    current=lambda: self._cache_epochs()[1],
                )
            return index

    def vector_search(
        self,
        query: npt.NDArray[np.float32],
        scope: Scope,
        *,
        model_id: str,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]:
        index = self._index(model_id, int(query.shape[-1]))
        if index is None:
            return []
        return self._verified_top(
            lambda want, only_active: index.search(query, scope, want, only_active=only_active),
            scope,
            filters,
            limit,
        )

    def _verified_top(
        self,
        propose: Callable[[int, bool], list[tuple[int, float]]],
        scope: Scope,
        filters: ListFilter | None,
        limit: int,
    ) -> list[tuple[str, float]]:
        """The best ``limit`` of what an in-process index ``propose``s, each re-checked
        in SQL for scope, status and filters (the index is a cache: it only proposes);
        asks for more when too many proposals fail the check."""
        where, params = scope_sql(scope)
        filters = filters or ListFilter()
        only_active = tuple(filters.statuses) == ("active",)
        fwhere, fparams = filter_sql(filters)
        # The index masks scope and the active status itself, so without other
        # filters its proposals nearly all pass; with them, ask for more up front.
        masked = only_active and filters == ListFilter(statuses=filters.statuses)
        want = limit + 10 if masked else limit * 2 + 10
        while True:
            proposed = propose(want, only_active)
            if not proposed:
                return []
            seqs = [seq for seq, _ in proposed]
            rows = self._query(  # "+col": the seq lookups, not a scan of the scope index
                f"SELECT seq, id FROM memories WHERE seq IN ({', '.join('?' * len(seqs))})"
                f"{where.replace(' AND ', ' AND +')}{fwhere}",
                [*seqs, *params, *fparams],
            )
            ids = {r[0]: r[1] for r in rows}
            self._learn_seqs(rows)
            hits = [(ids[seq], score) for seq, score in proposed if seq in ids]
            if len(hits) >= limit or len(proposed) < want:
                return hits[:limit]
            want *= 4

    def _rows_for_ids(
        self, sql: str, args: Sequence[Any], memory_ids: Sequence[str]
    ) -> list[sqlite3.Row]:
        """The rows of ``sql`` (a SELECT over ``memories m`` ending in its WHERE
        clause, its first column ``m.id``) for ``memory_ids``.

        Ids whose seq a search has just verified are looked up by seq (rowid
        probes); the rest by the id index. A seq can be handed out again after a
        rollback or an erase, so only rows whose id was asked for are kept, and
        ids not found by seq are looked up by id too.
        """
        wanted = set(memory_ids)
        if not wanted:
            return []
        known = [seq for i in wanted if (seq := self._seq_of.get(i)) is not None]
        rows: list[sqlite3.Row] = []
        if known:
            marks = ", ".join("?" * len(known))
            rows = [
                r
                for r in self._query(f"{sql} AND m.seq IN ({marks})", [*args, *known])
                if r[0] in wanted
            ]
        missing = wanted - {r[0] for r in rows}
        if missing:
            marks = ", ".join("?" * len(missing))
            rows += self._query(f"{sql} AND m.id IN ({marks})", [*args, *missing])
        return rows

    def _learn_seqs(self, pairs: Sequence[Sequence[Any]]) -> None:
        """Remember ``(seq, id)`` pairs a query has just read (see :meth:`_rows_for_ids`)."""
        if len(self._seq_of) > 200_000:
            self._seq_of.clear()
        self._seq_of.update((memory_id, seq) for seq, memory_id in pairs)

    def other_vector_model(self, model_id: str) -> str | None:
        # Two index range probes instead of a scan of every vector.
        rows = self._query(
            "SELECT (SELECT model_id FROM vectors WHERE model_id < ?1 LIMIT 1), "
            "(SELECT model_id FROM vectors WHERE model_id > ?1 LIMIT 1)",
            [model_id],
        )
        return rows[0][0] or rows[0][1]

    def vector_models(self) -> dict[str, int]:
        rows = self._query("SELECT model_id, count(*) FROM vectors GROUP BY model_id")
        return {r[0]: r[1] for r in rows}

    def memories_needing_vectors(
        self, model_id: str, *, limit: int, dim: int | None = None
    ) -> list[MemoryRecord]:
        """Memories without a vector of ``model_id`` (of ``dim`` floats, when given)."""
        return self._readable(
            "SELECT m.* FROM memories m LEFT JOIN vectors v ON v.memory_seq = m.seq "
            "WHERE (v.model_id IS NULL OR v.model_id != ? OR (? IS NOT NULL AND "
            "(v.dim != ? OR length(v.vector) != 4 * ?)))",
            [model_id, dim, dim, dim],
            limit,
        )

    def _readable(self, sql: str, params: list[Any], limit: int) -> list[MemoryRecord]:
        """Up to ``limit`` decodable memories of ``sql`` (a SELECT of ``m.*`` ending in
        its WHERE clause) in seq order: rows that cannot be decoded are skipped, and
        never fill a batch (a re-embed would stop on them)."""
        out: list[MemoryRecord] = []
        last = 0
        while len(out) < limit:
            rows = self._query(
                f"{sql} AND m.seq > ? ORDER BY m.seq LIMIT ?", [*params, last, limit]
            )
            if not rows:
                break
            out += rows_to_memories(rows, skip=self._skip_row)
            last = rows[-1]["seq"]
        return out[:limit]

    def put_vectors(
        self, memory_ids: Sequence[str], vectors: npt.NDArray[np.float32], *, model_id: str
    ) -> None:
        with self.transaction():
            for memory_id, vec in zip(memory_ids, vectors, strict=True):
                if memory_id in self._redacted_ids:
                    continue
                vec = np.ascontiguousarray(vec, dtype=np.float32)
                self._db.execute(
                    "INSERT OR REPLACE INTO vectors SELECT seq, ?, ?, ? FROM memories WHERE id = ?",
                    (model_id, vec.shape[0], vec.tobytes(), memory_id),
                )
            self._bump("vector_epoch")

    def get_vectors(self, memory_ids: Sequence[str]) -> dict[str, tuple[str, bytes]]:
        if not memory_ids:
            return {}
        rows = self._query(
            "SELECT m.id, v.model_id, v.vector FROM vectors v JOIN memories m "
            f"ON m.seq = v.memory_seq WHERE m.id IN ({', '.join('?' * len(memory_ids))})",
            list(memory_ids),
        )
        return {r[0]: (r[1], bytes(r[2])) for r in rows}

    def put_token_vectors(
        self, memory_ids: Sequence[str], packed: Sequence[PackedTokens], *, model_id: str
    ) -> None:
        with self.transaction():
            for memory_id, item in zip(memory_ids, packed, strict=True):
                if memory_id in self._redacted_ids:
                    continue
                ids = item.token_ids
                # Wordpiece vocabularies fit in 16 bits; keep 32 for any that do not.
                id_blob = (
                    ids.astype("<u2").tobytes()
                    if ids.size == 0 or int(ids.max()) < 65536
                    else ids.astype("<u4").tobytes()
                )
                self._db.execute(
                    "INSERT OR REPLACE INTO token_vectors "
                    "SELECT seq, ?, ?, ?, ?, ?, ? FROM memories WHERE id = ?",
                    (
                        model_id,
                        int(item.vectors.shape[1]) if item.vectors.ndim == 2 else 0,
                        len(item),
                        id_blob,
                        np.ascontiguousarray(item.vectors, dtype=np.int8).tobytes(),
                        np.ascontiguousarray(item.scales, dtype="<f4").tobytes(),
                        memory_id,
                    ),
                )
            self._bump("token_epoch")

    def token_vectors(
        self,
        scope: Scope,
        *,
        model_id: str,
        filters: ListFilter | None = None,
        memory_ids: Sequence[str] | None = None,
    ) -> TokenBlock:
        where, params = scope_sql(scope, "m")
        fwhere, fparams = filter_sql(filters, "m")
        sql = (
            "SELECT m.id, t.dim, t.tokens, t.token_ids, t.vectors, t.scales, m.session_id, m.seq "
            "FROM token_vectors t JOIN memories m ON m.seq = t.memory_seq "
            f"WHERE t.model_id = ?{where}{fwhere}"
        )
        args: list[Any] = [model_id, *params, *fparams]
        if memory_ids is None:
            rows = self._query(sql + " ORDER BY m.seq", args)
        else:
            # "+col": look the few rows up by key, not by scanning the scope.
            sql = sql.replace(" AND m.", " AND +m.").replace("t.model_id = ?", "+t.model_id = ?")
            rows = sorted(self._rows_for_ids(sql, args, memory_ids), key=lambda r: r[7])
        return token_block(rows)

    def token_vector_state(
        self, scope: Scope, *, model_id: str, filters: ListFilter | None = None
    ) -> tuple[int, str]:
        # A cheap store-wide version first (two index probes); the scoped count and
        # version (a scan of the scope) are recomputed only when it has moved.
        probe = self._query(
            "SELECT coalesce((SELECT max(memory_seq) FROM token_vectors), 0), "
            "(SELECT group_concat(key || '=' || value) FROM meta WHERE key IN "
            "('status_epoch', 'vector_epoch', 'token_epoch'))"
        )[0]
        store_version = f"{probe[0]}/{probe[1] or ''}/{self._rollbacks}"
        key = (model_id, scope.user_id, scope.agent_id, scope.namespace, repr(filters))
        cached = self._token_states.get(key)
        if cached is not None and cached[0] == store_version:
            return cached[1], cached[2]
        where, params = scope_sql(scope, "m")
        fwhere, fparams = filter_sql(filters, "m")
        rows = self._query(
            "SELECT count(*), coalesce(max(t.memory_seq), 0) "
            "FROM token_vectors t JOIN memories m ON m.seq = t.memory_seq "
            f"WHERE t.model_id = ?{where}{fwhere}",
            [model_id, *params, *fparams],
        )
        count, max_seq = rows[0]
        version = f"{max_seq}/{probe[1] or ''}/{self._rollbacks}"
        if len(self._token_states) > 1024:
            self._token_states.clear()
        self._token_states[key] = (store_version, int(count), version)
        return int(count), version

    def memories_needing_token_vectors(self, model_id: str, *, limit: int) -> list[MemoryRecord]:
        return self._readable(
            "SELECT m.* FROM memories m LEFT JOIN token_vectors t ON t.memory_seq = m.seq "
            "WHERE (t.model_id IS NULL OR t.model_id != ?)",
            [model_id],
            limit,
        )


def token_block(rows: Sequence[sqlite3.Row]) -> TokenBlock:
    """A :class:`TokenBlock` of ``token_vectors`` rows (id, dim, tokens, token_ids,
    vectors, scales, session_id, seq), each column's blobs joined and read once."""
    lengths = np.fromiter((r[2] for r in rows), dtype=np.intp, count=len(rows))
    dim = next((r[1] for r in rows if r[2]), 0)
    id_bytes = b"".join(r[3] for r in rows)
    if len(id_bytes) == 2 * int(lengths.sum()):  # every row in 16 bits, the usual case
        token_ids = np.frombuffer(id_bytes, dtype="<u2").astype(np.uint32)
    else:
        token_ids = np.concatenate(
            [np.zeros(0, np.uint32)]
            + [np.frombuffer(r[3], dtype="<u2" if len(r[3]) == 2 * r[2] else "<u4") for r in rows]
        ).astype(np.uint32)
    return TokenBlock(
        memory_ids=[r[0] for r in rows],
        session_ids=[r[6] for r in rows],
        lengths=lengths,
        token_ids=token_ids,
        vectors=np.frombuffer(b"".join(r[4] for r in rows), dtype=np.int8).reshape(-1, dim or 1)
        if dim
        else np.zeros((0, 0), dtype=np.int8),
        scales=np.frombuffer(b"".join(r[5] for r in rows), dtype="<f4").astype(np.float32),
    )
