"""The journal of deferred agent writes in SQLite (the ``pending_work`` table,
migration m011). A mixin of :class:`remem.store.sqlite.SQLiteStore`.

A row is written (and committed: ``synchronous = FULL``, or inside the caller's
``transaction(sync=False)``, written to the WAL and synced by the next synced
commit: :mod:`remem.agent.deferred`) before the answer it belongs to is sent: its texts as text (redacted, as every text the store takes),
the ids, hashes, counts and times remem made itself as a JSON BLOB (a content hash
is no secret, and must come back as it went in). It is claimed by the one process
that does its writes, and deleted when they are done. A claim is one conditional
``UPDATE``, so two processes never both take a row; a claim older than the lease (a
process that died doing it) may be taken over.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from remem.model import PendingWork, Scope
from remem.store.codec import dumps, loads, ts


class PendingTablesMixin:
    """Deferred writes: add, claim, finish."""

    _db: sqlite3.Connection
    _lock: threading.RLock

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def add_pending(
        self,
        kind: str,
        scope: Scope,
        texts: Mapping[str, Any],
        refs: Mapping[str, Any],
        *,
        at: datetime,
    ) -> int:
        with self.transaction():
            cursor = self._db.execute(
                "INSERT INTO pending_work"
                " (kind, namespace, user_id, agent_id, data, refs, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    kind,
                    scope.namespace,
                    scope.user_id,
                    scope.agent_id,
                    dumps(texts),
                    sqlite3.Binary(dumps(refs).encode("utf-8")),
                    ts(at),
                ),
            )
            return int(cursor.lastrowid or 0)

    def has_pending(self) -> bool:
        return bool(self._query("SELECT 1 FROM pending_work LIMIT 1"))

    def claim_pending(
        self, *, at: datetime, stale_before: datetime, limit: int = 100
    ) -> list[PendingWork]:
        rows = self._query(
            "SELECT id FROM pending_work WHERE claimed_at IS NULL OR claimed_at < ?"
            " ORDER BY id LIMIT ?",
            (ts(stale_before), limit),
        )
        claimed = []
        for row in rows:
            with self.transaction():
                taken = self._db.execute(
                    "UPDATE pending_work SET claimed_at = ?, attempts = attempts + 1"
                    " WHERE id = ? AND (claimed_at IS NULL OR claimed_at < ?)",
                    (ts(at), row["id"], ts(stale_before)),
                ).rowcount
                if taken:
                    claimed.append(
                        self._db.execute(
                            "SELECT * FROM pending_work WHERE id = ?", (row["id"],)
                        ).fetchone()
                    )
        return [_pending(r) for r in claimed]

    def finish_pending(self, work_id: int) -> None:
        with self.transaction():
            self._db.execute("DELETE FROM pending_work WHERE id = ?", (work_id,))


def _pending(row: sqlite3.Row) -> PendingWork:
    texts = loads(row["data"]) if row["data"] else {}
    refs = loads(bytes(row["refs"]).decode("utf-8")) if row["refs"] else {}
    return PendingWork(
        id=int(row["id"]),
        kind=str(row["kind"]),
        scope=Scope(namespace=row["namespace"], user_id=row["user_id"], agent_id=row["agent_id"]),
        data={
            **(refs if isinstance(refs, dict) else {}),
            **(texts if isinstance(texts, dict) else {}),
        },
        created_at=datetime.fromisoformat(row["created_at"]),
        attempts=int(row["attempts"]),
    )
