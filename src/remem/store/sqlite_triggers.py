"""Forward triggers in SQLite (the ``triggers`` table, migration m008). A mixin of
:class:`remem.store.sqlite.SQLiteStore`.

Dates are ISO ``YYYY-MM-DD`` text, so "due by today" is a range scan on the
``(status, trigger_date)`` index. Status changes are one conditional ``UPDATE``
each, so two processes starting sessions at once never fire a trigger twice.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import date, datetime
from typing import Any, TypeVar

from remem.model import Scope, Trigger, TriggerStatus
from remem.store.codec import dumps, loads, parse_ts, ts
from remem.store.sqlwhere import scope_sql

_COLUMNS = (
    "id", "namespace", "user_id", "agent_id", "session_id", "trigger_date", "message", "phrase",
    "memory_ids", "status", "created_at", "fired_at", "closed_at", "data",
)  # fmt: skip
_CHUNK = 500
T = TypeVar("T")


class TriggerTablesMixin:
    """Forward triggers: add, list (due by a day), change status."""

    _db: sqlite3.Connection
    _lock: threading.RLock

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def _decoded(
        self, rows: Sequence[sqlite3.Row], decode: Callable[[sqlite3.Row], T], kind: str
    ) -> Iterator[T]:
        raise NotImplementedError  # provided by SQLiteStore

    def add_triggers(self, triggers: Sequence[Trigger]) -> list[Trigger]:
        out: list[Trigger] = []
        with self.transaction():
            for trigger in triggers:
                where, params = scope_sql(trigger.scope)
                # The same reminder seen twice (a hook retried, a message repeated)
                # is one trigger: the pending one already there is returned.
                same = self._db.execute(
                    f"SELECT * FROM triggers WHERE status = ? AND trigger_date = ? AND "
                    f"message = ?{where} LIMIT 1",
                    [
                        str(TriggerStatus.PENDING),
                        trigger.trigger_date.isoformat(),
                        trigger.message,
                        *params,
                    ],
                ).fetchone()
                if same is not None:
                    out.append(_trigger(same))
                    continue
                row = _row(trigger)
                self._db.execute(
                    f"INSERT INTO triggers ({', '.join(_COLUMNS)}) "
                    f"VALUES ({', '.join('?' * len(_COLUMNS))})",
                    [row[c] for c in _COLUMNS],
                )
                stored = self._db.execute(
                    "SELECT * FROM triggers WHERE id = ?", (trigger.id,)
                ).fetchone()
                out.append(_trigger(stored))  # as stored: redacted by the connection
        return out

    def get_trigger(self, trigger_id: str, scope: Scope) -> Trigger | None:
        where, params = scope_sql(scope)
        rows = self._query(f"SELECT * FROM triggers WHERE id = ?{where}", [trigger_id, *params])
        return next(self._decoded(rows, _trigger, "trigger"), None)

    def list_triggers(
        self,
        scope: Scope,
        *,
        statuses: Sequence[str] = (),
        due_by: date | None = None,
        limit: int = 100,
    ) -> list[Trigger]:
        where, params = scope_sql(scope)
        if statuses:
            where += f" AND status IN ({', '.join('?' * len(statuses))})"
            params.extend(statuses)
        if due_by is not None:
            where += " AND trigger_date <= ?"
            params.append(due_by.isoformat())
        rows = self._query(
            f"SELECT * FROM triggers WHERE 1{where} ORDER BY trigger_date, seq LIMIT ?",
            [*params, int(limit)],
        )
        return list(self._decoded(rows, _trigger, "trigger"))  # a damaged row: skipped

    def set_trigger_status(
        self,
        trigger_ids: Sequence[str],
        scope: Scope,
        *,
        status: str,
        expect: Sequence[str],
        at: datetime,
    ) -> list[Trigger]:
        ids = list(dict.fromkeys(trigger_ids))
        if not ids or not expect:
            return []
        where, params = scope_sql(scope)
        column = "fired_at" if status == TriggerStatus.FIRED else "closed_at"
        changed: list[Trigger] = []
        with self.transaction():
            for start in range(0, len(ids), _CHUNK):
                chunk = ids[start : start + _CHUNK]
                rows = self._db.execute(
                    f"UPDATE triggers SET status = ?, {column} = ? "
                    f"WHERE id IN ({', '.join('?' * len(chunk))}) "
                    f"AND status IN ({', '.join('?' * len(expect))}){where} RETURNING *",
                    [status, ts(at), *chunk, *expect, *params],
                ).fetchall()
                changed.extend(self._decoded(rows, _trigger, "trigger"))
        order = {i: n for n, i in enumerate(ids)}
        return sorted(changed, key=lambda t: order[t.id])


def _row(trigger: Trigger) -> dict[str, Any]:
    return {
        "id": trigger.id,
        "namespace": trigger.namespace,
        "user_id": trigger.user_id,
        "agent_id": trigger.agent_id,
        "session_id": trigger.session_id,
        "trigger_date": trigger.trigger_date.isoformat(),
        "message": trigger.message,
        "phrase": trigger.phrase,
        "memory_ids": dumps(list(trigger.memory_ids)),
        "status": str(trigger.status),
        "created_at": ts(trigger.created_at),
        "fired_at": ts(trigger.fired_at),
        "closed_at": ts(trigger.closed_at),
        "data": dumps({"provenance": dict(trigger.provenance)} if trigger.provenance else {}),
    }


def _trigger(row: sqlite3.Row) -> Trigger:
    created = parse_ts(row["created_at"])
    assert created is not None  # NOT NULL column
    return Trigger(
        id=row["id"],
        namespace=row["namespace"],
        user_id=row["user_id"],
        agent_id=row["agent_id"],
        session_id=row["session_id"],
        trigger_date=date.fromisoformat(row["trigger_date"]),
        message=row["message"],
        phrase=row["phrase"],
        memory_ids=[str(i) for i in loads(row["memory_ids"] or "[]")],
        status=TriggerStatus(row["status"]),
        created_at=created,
        fired_at=parse_ts(row["fired_at"]),
        closed_at=parse_ts(row["closed_at"]),
        provenance=_provenance(row),
    )


def _provenance(row: sqlite3.Row) -> dict[str, Any]:
    data = loads(row["data"] or "{}")
    found = data.get("provenance") if isinstance(data, dict) else None
    return dict(found) if isinstance(found, dict) else {}
