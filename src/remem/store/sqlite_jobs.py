"""Lifecycle jobs in SQLite: each job's lease and last run (``jobs``) and one record
per run (``job_runs``). A mixin of :class:`remem.store.sqlite.SQLiteStore`.

The lease is one atomic ``UPDATE ... WHERE`` the lock is free or expired, so two
processes never both hold it; a holder that died stops renewing and its lease
lapses, and the next process takes the job over. Lease times are the wall clock
(a job's logical ``now`` may be a simulated one), written with fixed-width
microseconds so the strings compare in time order.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from remem.store.base import JobRunRecord, JobState
from remem.store.codec import dumps, loads, parse_ts
from remem.store.sqlite_lifecycle import BUSY_TIMEOUT_MS


def _wall(value: datetime) -> str:
    """A lease time as fixed-width ISO-8601 UTC (compares as text in time order)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="microseconds")


class JobTablesMixin:
    """Leases, last runs and run records of lifecycle jobs."""

    _db: sqlite3.Connection
    _lock: threading.RLock
    _depth: int

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def job_states(self) -> dict[str, JobState]:
        return {
            r["name"]: JobState(
                name=r["name"],
                last_run_at=parse_ts(r["last_run_at"]),
                last_status=r["last_status"],
                detail=loads(r["detail"] or "{}"),
                lock_owner=r["lock_owner"],
                lock_until=parse_ts(r["lock_until"]),
            )
            for r in self._query("SELECT * FROM jobs ORDER BY name")
        }

    def acquire_job(
        self,
        name: str,
        owner: str,
        *,
        until: datetime,
        now: datetime,
        wait_ms: int | None = None,
    ) -> bool:
        with self._lock:
            if wait_ms is not None and not self._depth:
                self._db.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
            try:
                with self.transaction():
                    self._db.execute("INSERT OR IGNORE INTO jobs (name) VALUES (?)", (name,))
                    cur = self._db.execute(
                        "UPDATE jobs SET lock_owner = ?, lock_until = ? WHERE name = ? "
                        "AND (lock_owner IS NULL OR lock_until IS NULL OR lock_until < ?)",
                        (owner, _wall(until), name, _wall(now)),
                    )
                    return cur.rowcount == 1
            finally:
                if wait_ms is not None and not self._depth:
                    self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    def renew_job(
        self,
        name: str,
        owner: str,
        *,
        until: datetime,
        detail: Mapping[str, Any] | None = None,
    ) -> bool:
        with self.transaction():
            cur = self._db.execute(
                "UPDATE jobs SET lock_until = ?, detail = coalesce(?, detail) "
                "WHERE name = ? AND lock_owner = ?",
                (_wall(until), None if detail is None else dumps(detail), name, owner),
            )
            return cur.rowcount == 1

    def release_job(
        self,
        name: str,
        owner: str,
        *,
        status: str,
        detail: Mapping[str, Any],
        last_run_at: datetime | None,
    ) -> None:
        with self.transaction():
            self._db.execute(
                "UPDATE jobs SET lock_owner = NULL, lock_until = NULL, last_status = ?, "
                "detail = ?, last_run_at = coalesce(?, last_run_at) "
                "WHERE name = ? AND lock_owner = ?",
                (
                    status,
                    dumps(detail),
                    None if last_run_at is None else _wall(last_run_at),
                    name,
                    owner,
                ),
            )

    def start_job_run(self, name: str, owner: str, *, now: datetime, started_at: datetime) -> int:
        with self.transaction():
            # Whoever left a run "running" lost the lease to us: it died or stalled.
            self._db.execute(
                "UPDATE job_runs SET status = 'abandoned', finished_at = ? "
                "WHERE job = ? AND status = 'running'",
                (_wall(started_at), name),
            )
            cur = self._db.execute(
                "INSERT INTO job_runs (job, owner, now, started_at, status) "
                "VALUES (?, ?, ?, ?, 'running')",
                (name, owner, _wall(now), _wall(started_at)),
            )
            return int(cur.lastrowid or 0)

    def finish_job_run(
        self,
        run_id: int,
        *,
        status: str,
        counts: Mapping[str, int],
        detail: Mapping[str, Any],
        finished_at: datetime,
    ) -> None:
        with self.transaction():
            self._db.execute(
                "UPDATE job_runs SET status = ?, counts = ?, detail = ?, finished_at = ? "
                "WHERE id = ?",
                (status, dumps(dict(counts)), dumps(detail), _wall(finished_at), run_id),
            )

    def job_runs(self, name: str | None = None, *, limit: int = 20) -> list[JobRunRecord]:
        where, args = ("WHERE job = ?", [name]) if name is not None else ("", [])
        rows = self._query(
            f"SELECT * FROM job_runs {where} ORDER BY id DESC LIMIT ?", [*args, limit]
        )
        return [
            JobRunRecord(
                id=r["id"],
                job=r["job"],
                owner=r["owner"],
                now=datetime.fromisoformat(r["now"]),
                started_at=datetime.fromisoformat(r["started_at"]),
                finished_at=parse_ts(r["finished_at"]),
                status=r["status"],
                counts=loads(r["counts"]),
                detail=loads(r["detail"]),
            )
            for r in rows
        ]
