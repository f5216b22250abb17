"""Working memory in SQLite (the ``working_memory`` table): add with capacity and
expiry, surface, promote, carry over, clear. A mixin of
:class:`remem.store.sqlite.SQLiteStore`; like the agent tables
(:mod:`remem.store.sqlite_agent`), every count moves in one statement.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from remem.model import AuditEvent, Scope, Trust, WorkingItem
from remem.store.codec import dumps, loads, parse_ts, required_ts, ts
from remem.store.sqlwhere import scope_sql

T = TypeVar("T")
_CHUNK = 500  # ids per statement, under SQLite's bound-variable limit
_WORKING_COLUMNS = (
    "id", "session_id", "namespace", "user_id", "agent_id", "role", "content", "importance",
    "source_trust", "created_at", "expires_at", "surface_count", "last_surfaced_at",
    "prev_surfaced_at", "promoted_to", "carried_from", "data",
)  # fmt: skip


def _marks(items: Sequence[Any]) -> str:
    return ", ".join("?" * len(items))


class WorkingTablesMixin:
    """Working memory items for ``remem.agent.working``."""

    _db: sqlite3.Connection

    if TYPE_CHECKING:  # provided by SQLiteStore

        def transaction(self, *, sync: bool = True) -> AbstractContextManager[None]: ...

        def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]: ...

        def add_events(self, events: Sequence[AuditEvent]) -> None: ...

        def _decoded(
            self, rows: Sequence[sqlite3.Row], decode: Callable[[sqlite3.Row], T], kind: str
        ) -> Iterator[T]: ...

    # -- working memory ---------------------------------------------------------------
    def add_working(self, item: WorkingItem, *, capacity: int, now: datetime) -> list[str]:
        scope_sql(item.scope)
        row = _working_row(item)
        with self.transaction():
            expired = [
                r[0]
                for r in self._db.execute(
                    "DELETE FROM working_memory WHERE session_id = ? AND expires_at <= ? "
                    "RETURNING id",
                    (item.session_id, ts(now)),
                )
            ]
            self._db.execute(
                f"INSERT INTO working_memory ({', '.join(_WORKING_COLUMNS)}) "
                f"VALUES ({_marks(_WORKING_COLUMNS)})",
                [row[c] for c in _WORKING_COLUMNS],
            )
            evicted = [
                r[0]
                for r in self._db.execute(
                    "DELETE FROM working_memory WHERE seq IN (SELECT seq FROM working_memory "
                    "WHERE session_id = ? ORDER BY seq DESC LIMIT -1 OFFSET ?) RETURNING id",
                    (item.session_id, max(1, int(capacity))),
                )
            ]
        return expired + evicted

    def working_items(
        self,
        scope: Scope,
        *,
        session_id: str | None = None,
        now: datetime | None = None,
        include_promoted: bool = True,
        limit: int = 200,
    ) -> list[WorkingItem]:
        where, params = scope_sql(scope)
        if session_id is not None:
            where += " AND session_id = ?"
            params.append(session_id)
        if now is not None:
            where += " AND expires_at > ?"
            params.append(ts(now))
        if not include_promoted:
            where += " AND promoted_to IS NULL"
        rows = self._query(
            f"SELECT * FROM working_memory WHERE 1{where} ORDER BY seq DESC LIMIT ?",
            [*params, int(limit)],
        )
        return list(self._decoded(rows, _working, "working item"))  # a damaged row: skipped

    def get_working(self, item_id: str, scope: Scope) -> WorkingItem | None:
        where, params = scope_sql(scope)
        rows = self._query(f"SELECT * FROM working_memory WHERE id = ?{where}", [item_id, *params])
        return next(self._decoded(rows, _working, "working item"), None)

    def surface_working(
        self, item_ids: Sequence[str], scope: Scope, *, at: datetime
    ) -> list[WorkingItem]:
        ids = list(dict.fromkeys(item_ids))
        if not ids:
            return []
        where, params = scope_sql(scope)
        out: list[WorkingItem] = []
        with self.transaction():
            for start in range(0, len(ids), _CHUNK):
                chunk = ids[start : start + _CHUNK]
                rows = self._db.execute(
                    "UPDATE working_memory SET surface_count = surface_count + 1, "
                    "prev_surfaced_at = last_surfaced_at, last_surfaced_at = ? "
                    f"WHERE id IN ({_marks(chunk)}){where} RETURNING *",
                    [ts(at), *chunk, *params],
                ).fetchall()
                out.extend(self._decoded(rows, _working, "working item"))
        order = {i: n for n, i in enumerate(ids)}
        return sorted(out, key=lambda w: order[w.id])

    def mark_working_promoted(self, item_id: str, scope: Scope, memory_id: str) -> bool:
        where, params = scope_sql(scope)
        with self.transaction():
            cur = self._db.execute(
                "UPDATE working_memory SET promoted_to = ? "
                f"WHERE id = ? AND promoted_to IS NULL{where}",
                [memory_id, item_id, *params],
            )
        return cur.rowcount == 1

    def fail_working(self, item_id: str, scope: Scope, *, reason: str, at: datetime) -> bool:
        where, params = scope_sql(scope)
        mark = {"promotion_failed": {"reason": reason, "at": ts(at)}}
        with self.transaction():
            cur = self._db.execute(
                "UPDATE working_memory SET data = json_patch(data, ?) WHERE id = ? "
                f"AND promoted_to IS NULL AND json_type(data, ?) IS NULL{where}",
                [dumps(mark), item_id, "$.promotion_failed", *params],
            )
            if cur.rowcount != 1:
                return False
            self.add_events(
                [
                    AuditEvent(
                        event="promotion_failed",
                        memory_id=item_id,
                        at=at,
                        actor="working-memory",
                        detail={"working_item": item_id, "reason": reason},
                    )
                ]
            )
        return True

    def carry_working(
        self, scope: Scope, session_id: str, *, now: datetime, limit: int
    ) -> list[WorkingItem]:
        where, params = scope_sql(scope)
        with self.transaction():
            rows = self._db.execute(
                "UPDATE working_memory SET carried_from = session_id, session_id = ? "
                "WHERE seq IN (SELECT seq FROM working_memory WHERE session_id != ? "
                "AND expires_at > ? AND promoted_to IS NULL "
                f"AND json_extract(data, '$.session_only') IS NULL{where} "
                "ORDER BY seq DESC LIMIT ?) "
                "RETURNING *",
                [session_id, session_id, ts(now), *params, int(limit)],
            ).fetchall()
        return sorted(
            self._decoded(rows, _working, "working item"), key=lambda w: w.created_at, reverse=True
        )

    def clear_working(
        self, scope: Scope, *, session_id: str | None = None, expired_at: datetime | None = None
    ) -> int:
        where, params = scope_sql(scope)
        if session_id is not None:
            where += " AND session_id = ?"
            params.append(session_id)
        if expired_at is not None:
            where += " AND expires_at <= ?"
            params.append(ts(expired_at))
        with self.transaction():
            return int(
                self._db.execute(f"DELETE FROM working_memory WHERE 1{where}", params).rowcount
            )


def _working_row(item: WorkingItem) -> dict[str, Any]:
    return {
        "id": item.id,
        "session_id": item.session_id,
        "namespace": item.namespace,
        "user_id": item.user_id,
        "agent_id": item.agent_id,
        "role": item.role,
        "content": item.content,
        "importance": float(item.importance),
        "source_trust": str(item.source_trust),
        "created_at": ts(item.created_at),
        "expires_at": ts(item.expires_at),
        "surface_count": item.surface_count,
        "last_surfaced_at": ts(item.last_surfaced_at),
        "prev_surfaced_at": ts(item.prev_surfaced_at),
        "promoted_to": item.promoted_to,
        "carried_from": item.carried_from,
        "data": dumps(item.data),
    }


def _working(row: sqlite3.Row) -> WorkingItem:
    return WorkingItem(
        id=row["id"],
        session_id=row["session_id"],
        namespace=row["namespace"],
        user_id=row["user_id"],
        agent_id=row["agent_id"],
        role=row["role"],
        content=row["content"],
        importance=row["importance"],
        source_trust=Trust(row["source_trust"]),
        created_at=required_ts(row["created_at"]),
        expires_at=required_ts(row["expires_at"]),
        surface_count=row["surface_count"],
        last_surfaced_at=parse_ts(row["last_surfaced_at"]),
        prev_surfaced_at=parse_ts(row["prev_surfaced_at"]),
        promoted_to=row["promoted_to"],
        carried_from=row["carried_from"],
        data=loads(row["data"] or "{}"),
    )
