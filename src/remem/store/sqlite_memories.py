"""The record tables of :class:`remem.store.sqlite.SQLiteStore`: resources (the raw
log), memories and the audit log. A mixin, kept apart so each module stays small;
it uses the store's connection and transactions.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import numpy.typing as npt

from remem.errors import ValidationError
from remem.model import AuditEvent, MemoryRecord, Page, Resource, Scope
from remem.secrets import redact
from remem.store.base import ID_TABLES, IdTable, ListFilter
from remem.store.codec import (
    MEMORY_COLUMNS,
    content_hash,
    dumps,
    memory_to_row,
    resource_to_row,
    row_to_audit,
    row_to_resource,
    rows_to_memories,
    ts,
)
from remem.store.sqlwhere import filter_sql, json_col, scope_sql

T = TypeVar("T")

_MAX_INT = 2**63 - 1  # SQLite's largest integer
_INSERT_MEMORY = (
    f"INSERT INTO memories ({', '.join((*MEMORY_COLUMNS, 'content_hash'))}) "
    f"VALUES ({', '.join(':' + c for c in (*MEMORY_COLUMNS, 'content_hash'))})"
)
# Usage counters have their own atomic increments (record_access, add_references,
# mark_surfaced): a full-row update from a record read earlier must not undo one
# made meanwhile by a search in another process.
# The learned signals (echo/fizzle priority, outcome trust and counts) have theirs
# too (adjust_scores).
_COUNTERS = (
    "access_count", "last_accessed_at", "reference_count", "last_referenced_at", "surface_count",
    "retrieval_priority", "trust_score", "success_count", "failure_count",
)  # fmt: skip
_MUTABLE = tuple(c for c in MEMORY_COLUMNS if c not in ("id", "content", "created_at", *_COUNTERS))
_UPDATE_MEMORY = f"UPDATE memories SET {', '.join(f'{c} = :{c}' for c in _MUTABLE)} WHERE id = :id"


class MemoryTablesMixin:
    """Resources, memories and audit events in SQLite."""

    _db: sqlite3.Connection
    read_only: bool

    if TYPE_CHECKING:  # provided by SQLiteStore (and VectorTablesMixin: _rows_for_ids)

        def transaction(self, *, sync: bool = True) -> AbstractContextManager[None]: ...

        def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]: ...

        def _decoded(
            self, rows: Sequence[sqlite3.Row], decode: Callable[[sqlite3.Row], T], kind: str
        ) -> Iterator[T]: ...

        def _skip_row(self, memory_id: Any, exc: Exception, kind: str = "memory") -> None: ...

        def _bump(self, key: str) -> None: ...

        def _note_redacted(self, memory_id: str) -> None: ...

        def _rows_for_ids(
            self, sql: str, args: Sequence[Any], memory_ids: Sequence[str]
        ) -> list[sqlite3.Row]: ...

    # -- resources ----------------------------------------------------------------
    def append_resource(self, resource: Resource) -> None:
        row = resource_to_row(resource)
        with self.transaction():
            self._db.execute(
                f"INSERT INTO resources ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                list(row.values()),
            )

    def get_resource(self, resource_id: str, scope: Scope) -> Resource | None:
        where, params = scope_sql(scope)
        rows = self._query(f"SELECT * FROM resources WHERE id = ?{where}", [resource_id, *params])
        return next(self._decoded(rows, row_to_resource, "resource"), None)

    def iter_resources(self, scope: Scope | None = None) -> Iterator[Resource]:
        where, params = scope_sql(scope) if scope else ("", [])
        rows = self._query(f"SELECT * FROM resources WHERE 1{where} ORDER BY rowid", params)
        yield from self._decoded(rows, row_to_resource, "resource")

    def known_resources(self, content_hashes: Sequence[str], scope: Scope) -> set[str]:
        where, params = scope_sql(scope)
        found: set[str] = set()
        wanted = list(dict.fromkeys(content_hashes))
        for start in range(0, len(wanted), 500):  # under SQLite's bound-variable limit
            part = wanted[start : start + 500]
            rows = self._query(
                f"SELECT content_hash FROM resources WHERE content_hash IN "
                f"({', '.join('?' * len(part))}){where}",
                [*part, *params],
            )
            found.update(r[0] for r in rows)
        return found

    # -- memories -----------------------------------------------------------------
    def insert_memories(
        self,
        records: Sequence[MemoryRecord],
        *,
        vectors: npt.NDArray[np.float32] | None,
        model_id: str | None,
        events: Sequence[AuditEvent] = (),
    ) -> None:
        if vectors is not None and len(vectors) != len(records):
            raise ValueError("one vector per record")
        with self.transaction():
            for i, record in enumerate(records):
                row = memory_to_row(record)
                cur = self._db.execute(_INSERT_MEMORY, row)
                if row["content"] != record.content:
                    self._note_redacted(record.id)
                    continue  # no vector of the unredacted text; reembed() makes one
                if vectors is not None and model_id is not None:
                    vec = np.ascontiguousarray(vectors[i], dtype=np.float32)
                    self._db.execute(
                        "INSERT INTO vectors VALUES (?, ?, ?, ?)",
                        (cur.lastrowid, model_id, vec.shape[0], vec.tobytes()),
                    )
            self.add_events(events)

    def update_memory(self, record: MemoryRecord, *, event: AuditEvent | None = None) -> None:
        row = memory_to_row(record)
        with self.transaction():
            old = self._db.execute(
                "SELECT status, content_hash, tags, entities, user_id, agent_id, namespace "
                "FROM memories WHERE id = ?",
                (record.id,),
            ).fetchone()
            if old is None:
                raise ValidationError(f"no memory {record.id}")
            if old["content_hash"] not in (row["content_hash"], content_hash(record.content)):
                # (the second: a row stored before the detector knew its secret's form)
                raise ValidationError("content is immutable: make a new version with update()")
            self._db.execute(_UPDATE_MEMORY, {c: row[c] for c in (*_MUTABLE, "id")})
            if old["status"] != row["status"]:
                self._bump("status_epoch")
            if any(
                old[c] != row[c] for c in ("tags", "entities", "user_id", "agent_id", "namespace")
            ):
                self._bump("text_epoch")  # the BM25 index analysed the old text and scope
            if event is not None:
                self.add_events([event])

    def get_memory(self, memory_id: str, scope: Scope) -> MemoryRecord | None:
        found = self.get_memories([memory_id], scope)
        return found[0] if found else None

    def get_memories(self, memory_ids: Sequence[str], scope: Scope) -> list[MemoryRecord]:
        if not memory_ids:
            return []
        where, params = scope_sql(scope, "m")
        # "+col" keeps SQLite on the key lookups: the scope indexes would scan the scope.
        where = where.replace(" AND ", " AND +")
        rows = self._rows_for_ids(
            f"SELECT m.id, m.* FROM memories m WHERE 1{where}", params, memory_ids
        )
        by_id = {m.id: m for m in rows_to_memories(rows, skip=self._skip_row)}
        return [by_id[i] for i in memory_ids if i in by_id]

    def ids_with_prefix(
        self, prefix: str, scope: Scope, *, limit: int, table: IdTable = "memories"
    ) -> tuple[list[str], int]:
        if table not in ID_TABLES:
            raise ValidationError(f"no id table {table!r}")
        where, params = scope_sql(scope)
        # A range on the id index, then the scope ("+col": not the scope index's scan).
        rows = self._query(
            f"SELECT id, count(*) OVER () FROM {table} WHERE id >= ? AND id < ?"
            f"{where.replace(' AND ', ' AND +')} ORDER BY id LIMIT ?",
            [prefix, prefix + "\U0010ffff", *params, limit],
        )
        return [r[0] for r in rows], (rows[0][1] if rows else 0)

    def memory_scope(self, memory_id: str) -> Scope | None:
        rows = self._query(
            "SELECT user_id, agent_id, namespace FROM memories WHERE id = ?", [memory_id]
        )
        if not rows:
            return None
        return Scope(user_id=rows[0][0], agent_id=rows[0][1], namespace=rows[0][2])

    def find_by_hash(self, content: str, scope: Scope) -> MemoryRecord | None:
        where, params = scope_sql(scope)
        rows = self._query(
            f"SELECT * FROM memories WHERE content_hash = ? AND status = 'active'{where} "
            "ORDER BY seq DESC LIMIT 1",
            [content_hash(redact(content)), *params],
        )
        found = rows_to_memories(rows, skip=self._skip_row)
        return found[0] if found else None

    def list_memories(
        self, scope: Scope, *, filters: ListFilter | None = None, offset: int = 0, limit: int = 50
    ) -> Page:
        if not 0 <= offset <= _MAX_INT or not 0 <= limit <= _MAX_INT:
            raise ValidationError("offset and limit must be between 0 and 2**63 - 1")
        where, params = scope_sql(scope)
        fwhere, fparams = filter_sql(filters)
        total = self._query(
            f"SELECT count(*) FROM memories WHERE 1{where}{fwhere}", params + fparams
        )
        rows = self._query(
            f"SELECT * FROM memories WHERE 1{where}{fwhere} ORDER BY seq DESC LIMIT ? OFFSET ?",
            [*params, *fparams, limit, offset],
        )
        items = rows_to_memories(rows, skip=self._skip_row)
        return Page(items=items, total=total[0][0], offset=offset, limit=limit)

    def iter_memories(self, scope: Scope | None = None) -> Iterator[MemoryRecord]:
        where, params = scope_sql(scope) if scope else ("", [])
        rows = self._query(f"SELECT * FROM memories WHERE 1{where} ORDER BY seq", params)
        yield from rows_to_memories(rows, skip=self._skip_row)

    # -- audit --------------------------------------------------------------------
    def add_events(self, events: Sequence[AuditEvent]) -> None:
        if not events:
            return
        with self.transaction():
            self._db.executemany(
                "INSERT INTO audit (id, memory_id, event, at, actor, detail) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(e.id, e.memory_id, e.event, ts(e.at), e.actor, dumps(e.detail)) for e in events],
            )

    def mark_surfaced(
        self, memory_ids: Sequence[str], *, events: Sequence[AuditEvent] = ()
    ) -> None:
        if self.read_only:
            return  # bookkeeping of a read: a read-only store is still searched
        ids = list(dict.fromkeys(memory_ids))
        with self.transaction():
            for start in range(0, len(ids), 900):  # under SQLite's bound-variable limit
                chunk = ids[start : start + 900]
                self._db.execute(
                    "UPDATE memories SET surface_count = surface_count + 1 "
                    f"WHERE id IN ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            self.add_events(events)

    def history(self, memory_id: str) -> list[AuditEvent]:
        rows = self._query("SELECT * FROM audit WHERE memory_id = ? ORDER BY id", [memory_id])
        return list(self._decoded(rows, row_to_audit, "audit event"))

    def iter_events(self) -> Iterator[AuditEvent]:
        rows = self._query("SELECT * FROM audit ORDER BY id")
        yield from self._decoded(rows, row_to_audit, "audit event")

    def event_counts(self, event: str, key: str) -> dict[str, int]:
        """Counts of ``event`` audit rows grouped by ``detail[key]`` (e.g. gate reasons)."""
        rows = self._query(
            f"SELECT json_extract({json_col('detail')}, '$.' || ?) AS k, count(*) FROM audit "
            "WHERE event = ? GROUP BY k ORDER BY 2 DESC",
            [key, event],
        )
        return {str(r[0]): r[1] for r in rows}
