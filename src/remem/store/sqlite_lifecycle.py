"""Lifecycle writes of :class:`remem.store.sqlite.SQLiteStore`: access counters,
references, status changes, token-vector drops, purge, and the store-wide scan
the weekly review reads. A mixin, kept apart so each module stays small."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import defaultdict
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from remem.errors import StoreError, ValidationError
from remem.model import AuditEvent, MemoryRecord, Scope, utcnow
from remem.store.base import FieldChange
from remem.store.codec import content_hash, dumps, rows_to_memories, ts
from remem.store.sqlite_erase import PENDING
from remem.store.sqlwhere import scope_sql

# What a lifecycle change may set (never content, never counters).
_CHANGEABLE = {
    "status", "promoted", "purge_candidate_since", "last_accessed_at", "last_referenced_at",
    "updated_at",
}  # fmt: skip
_BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}
_READONLY = {"SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM"}
_CHUNK = 500  # ids per statement, under SQLite's bound-variable limit
BUSY_TIMEOUT_MS = 30_000  # the connection's usual wait for the write lock (sqlite.py)


def _chunks(items: Sequence[Any]) -> list[Sequence[Any]]:
    return [items[i : i + _CHUNK] for i in range(0, len(items), _CHUNK)]


def _marks(items: Sequence[Any]) -> str:
    return ", ".join("?" * len(items))


def _turn_twins(db: Any, resources: Sequence[str]) -> set[str]:
    """Resources of the same session and scope with the same text as ``resources``:
    an agent keeps each observed turn as a resource at once and the session's
    extraction appends the message again, so the turn's text lives in both."""
    twins: set[str] = set()
    for chunk in _chunks(list(resources)):
        sources = db.execute(
            "SELECT id, session_id, namespace, user_id, agent_id, content FROM resources "
            f"WHERE id IN ({_marks(chunk)}) AND session_id IS NOT NULL",
            list(chunk),
        ).fetchall()
        for _, session_id, namespace, user_id, agent_id, content in sources:
            twins.update(
                r[0]
                for r in db.execute(
                    "SELECT id, namespace, user_id, agent_id FROM resources "
                    "WHERE session_id = ? AND content = ?",
                    (session_id, content),
                )
                if (r[1], r[2], r[3]) == (namespace, user_id, agent_id)
            )
    return twins


def _drop_turn_checkpoints(db: Any, rows: Sequence[Any], gone: set[str]) -> None:
    """Delete the agent checkpoints that hold a purged memory's turn, by the rule the
    resources follow: a turn's checkpoint (its ``user_input`` and ``llm_output``) goes
    when the resource it kept is gone, or when every memory it remembered is purged.
    Only checkpoints of the purged memories' own sessions and scopes are read."""
    keys = {(r[3], r[4], r[5], r[6]) for r in rows if r[3] is not None}
    for session_id, namespace, user_id, agent_id in sorted(keys, key=str):
        where = "".join(
            f" AND {column} IS NULL" if value is None else f" AND {column} = ?"
            for column, value in (
                ("namespace", namespace),
                ("user_id", user_id),
                ("agent_id", agent_id),
            )
        )
        args = [v for v in (namespace, user_id, agent_id) if v is not None]
        points = db.execute(
            f"SELECT turn, state FROM checkpoints WHERE session_id = ?{where}",
            [session_id, *args],
        ).fetchall()
        for turn, raw in points:
            try:
                state = json.loads(raw) if isinstance(raw, str | bytes) else raw
            except ValueError:
                continue  # an undecodable checkpoint is left for the doctor to report
            inner = state.get("internal_state") if isinstance(state, dict) else None
            if not isinstance(inner, dict):
                continue
            resource = inner.get("resource")
            remembered = [i for i in inner.get("remembered") or () if isinstance(i, str)]
            drop = isinstance(resource, str) and resource in gone
            if not drop and remembered:
                marks = _marks(remembered)
                drop = not db.execute(
                    f"SELECT 1 FROM memories WHERE id IN ({marks}) AND status != 'purged' LIMIT 1",
                    remembered,
                ).fetchone()
            if drop:
                db.execute(
                    "DELETE FROM checkpoints WHERE session_id = ? AND turn = ?",
                    (session_id, turn),
                )


class LifecycleTablesMixin:
    """Access, reference, status and purge writes for the lifecycle jobs."""

    path: str
    _db: sqlite3.Connection
    _lock: threading.RLock
    _depth: int
    read_only: bool

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _unsynced(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _bump(self, key: str) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def add_events(self, events: Sequence[AuditEvent]) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def _skip_row(self, memory_id: Any, exc: Exception, kind: str = "memory") -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def finish_erase(self) -> tuple[bool, int]:
        raise NotImplementedError  # provided by EraseMixin

    # -- usage signals ----------------------------------------------------------------
    def record_access(self, counts: Mapping[str, int], *, at: datetime, wait_ms: int) -> bool:
        if not counts or self.read_only:
            return True
        by_count: dict[int, list[str]] = defaultdict(list)
        for memory_id, n in counts.items():
            by_count[int(n)].append(memory_id)
        when = ts(at)
        with self._lock:
            if self._depth:  # inside the caller's own write: join it
                self._write_access(by_count, when)
                return True
            db = self._db
            # A short wait, and no fsync for counters: a search never stalls behind a
            # long write, and losing the last few counts to a power cut is harmless.
            db.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
            with self._unsynced():
                try:
                    try:
                        db.execute("BEGIN IMMEDIATE")
                    except sqlite3.OperationalError as exc:
                        name = getattr(exc, "sqlite_errorname", "")
                        if name in _BUSY or "locked" in str(exc):
                            return False
                        if name in _READONLY or "readonly" in str(exc):
                            self.read_only = True  # nothing will ever be written: stop trying
                            return True
                        raise StoreError(f"cannot record accesses on {self.path}: {exc}") from exc
                    try:
                        self._write_access(by_count, when)
                        db.execute("COMMIT")
                    except sqlite3.Error as exc:
                        if db.in_transaction:
                            db.execute("ROLLBACK")
                        # PostgreSQL opens a transaction on a read-only server (or for a
                        # user without write rights) and refuses the write itself
                        if getattr(exc, "sqlite_errorname", "") in _READONLY:
                            self.read_only = True
                            return True
                        raise StoreError(f"cannot record accesses on {self.path}: {exc}") from exc
                    return True
                finally:
                    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    def _write_access(self, by_count: Mapping[int, list[str]], when: str | None) -> None:
        for n, ids in by_count.items():
            for chunk in _chunks(ids):
                self._db.execute(
                    "UPDATE memories SET access_count = access_count + ?, "
                    "last_accessed_at = max(coalesce(last_accessed_at, ''), ?) "
                    f"WHERE id IN ({_marks(chunk)})",
                    [n, when, *chunk],
                )

    def add_references(
        self, memory_ids: Sequence[str], scope: Scope, *, at: datetime, events: Sequence[AuditEvent]
    ) -> int:
        ids = list(dict.fromkeys(memory_ids))
        where, params = scope_sql(scope)
        done = 0
        with self.transaction():
            for chunk in _chunks(ids):
                done += self._db.execute(
                    "UPDATE memories SET reference_count = reference_count + 1, "
                    f"last_referenced_at = ?, updated_at = ? WHERE id IN ({_marks(chunk)}) "
                    f"AND status = 'active'{where}",
                    [ts(at), ts(at), *chunk, *params],
                ).rowcount
            self.add_events(events)
        return done

    # -- status changes ---------------------------------------------------------------
    def change_fields(self, changes: Sequence[FieldChange]) -> list[str]:
        applied: list[str] = []
        events: list[AuditEvent] = []
        status_moved = False
        with self.transaction():
            for change in changes:
                bad = set(change.fields) - _CHANGEABLE
                if bad or not change.fields:
                    raise ValidationError(
                        f"a lifecycle change cannot set {', '.join(sorted(bad)) or 'nothing'}"
                    )
                values = [_column_value(k, v) for k, v in change.fields.items()]
                sets = ", ".join(f"{k} = ?" for k in change.fields)
                cur = self._db.execute(
                    f"UPDATE memories SET {sets} WHERE id = ? AND status = ?",
                    [*values, change.memory_id, change.expect_status],
                )
                if cur.rowcount:
                    applied.append(change.memory_id)
                    status_moved |= change.fields.get("status", change.expect_status) != (
                        change.expect_status
                    )
                    if change.event is not None:
                        events.append(change.event)
            self.add_events(events)
            if status_moved:
                self._bump("status_epoch")  # the in-process indexes re-read who is active
        return applied

    def drop_token_vectors(self, memory_ids: Sequence[str]) -> int:
        dropped = 0
        with self.transaction():
            for chunk in _chunks(list(memory_ids)):
                dropped += self._db.execute(
                    "DELETE FROM token_vectors WHERE memory_seq IN "
                    f"(SELECT seq FROM memories WHERE id IN ({_marks(chunk)}))",
                    list(chunk),
                ).rowcount
            if dropped:
                self._bump("token_epoch")
        return dropped

    # -- purge ------------------------------------------------------------------------
    def purge_memories(
        self,
        memory_ids: Sequence[str],
        *,
        statuses: Sequence[str],
        at: datetime,
        events: Sequence[AuditEvent],
    ) -> list[str]:
        if not memory_ids or not statuses:
            return []
        db = self._db
        purged: list[str] = []
        with self.transaction():
            rows: list[sqlite3.Row] = []
            for chunk in _chunks(list(dict.fromkeys(memory_ids))):
                rows += db.execute(
                    "SELECT seq, id, source_resource_id, session_id, namespace, user_id, "
                    "agent_id FROM memories "
                    f"WHERE id IN ({_marks(chunk)}) AND status IN ({_marks(statuses)})",
                    [*chunk, *statuses],
                ).fetchall()
            if not rows:
                return []
            seqs = [r[0] for r in rows]
            purged = [r[1] for r in rows]
            resources = sorted({r[2] for r in rows if r[2] is not None})
            resources = sorted({*resources, *_turn_twins(db, resources)})
            entity_ids: set[int] = set()
            for chunk in _chunks(seqs):
                marks = _marks(chunk)
                entity_ids.update(
                    r[0]
                    for r in db.execute(
                        f"SELECT entity_id FROM memory_entities WHERE memory_seq IN ({marks})",
                        list(chunk),
                    )
                )
                # The FTS trigger on content/tags/entities takes the old terms out.
                db.execute(
                    "UPDATE memories SET content = '', content_hash = ?, tags = '[]', "
                    "entities = '[]', data = '{}', status = 'purged', "
                    f"purge_candidate_since = NULL, updated_at = ? WHERE seq IN ({marks})",
                    [content_hash(""), ts(at), *chunk],
                )
                for table in ("vectors", "token_vectors", "memory_entities", "relations"):
                    db.execute(f"DELETE FROM {table} WHERE memory_seq IN ({marks})", list(chunk))
            for chunk in _chunks(sorted(entity_ids)):
                marks = _marks(chunk)
                db.execute(
                    f"DELETE FROM entities WHERE id IN ({marks}) "
                    "AND NOT EXISTS (SELECT 1 FROM memory_entities me WHERE me.entity_id = id) "
                    "AND NOT EXISTS (SELECT 1 FROM relations r "
                    "WHERE r.src_entity = entities.id OR r.dst_entity = entities.id)",
                    list(chunk),
                )
            # The raw message the memory came from holds the same text; it goes when
            # no memory that is not purged still comes from it (resources are otherwise
            # append-only: the guard opens only inside this transaction, as for erase).
            db.execute("INSERT INTO erase_guard VALUES ('purge')")
            for chunk in _chunks(resources):
                db.execute(
                    f"DELETE FROM resources WHERE id IN ({_marks(chunk)}) AND NOT EXISTS "
                    "(SELECT 1 FROM memories m WHERE m.source_resource_id = resources.id "
                    "AND m.status != 'purged')",
                    list(chunk),
                )
            db.execute("DELETE FROM erase_guard WHERE token = 'purge'")
            gone = set(resources)
            for chunk in _chunks(resources):
                gone -= {
                    r[0]
                    for r in db.execute(
                        f"SELECT id FROM resources WHERE id IN ({_marks(chunk)})", list(chunk)
                    )
                }
            _drop_turn_checkpoints(db, rows, gone)
            wanted = set(purged)
            self.add_events([e for e in events if e.memory_id in wanted])
            for key in ("status_epoch", "vector_epoch", "text_epoch"):
                self._bump(key)  # the in-process indexes forget the purged rows
            # As after an erase: the text is still in the FTS pages, the cache files
            # beside the database and the WAL until compact() finishes on disk (the
            # mark makes the next open retry the last two if readers held old pages).
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                (PENDING, dumps({"at": ts(utcnow()), "by": "purge"})),
            )
        return purged

    def compact(self) -> bool:
        with self._lock:
            # Merge the FTS5 segments: the purged rows' terms leave the index pages. (A
            # crash before this leaves the weekly job partial: its next run resumes here.)
            with self.transaction():
                self._db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
            done, _ = self.finish_erase()  # cache files beside the store, WAL checkpoint
            return done

    # -- the review's scan ------------------------------------------------------------
    def scan_memories(
        self,
        *,
        statuses: Sequence[str],
        after_id: str | None = None,
        limit: int = 500,
        promoted: bool | None = None,
    ) -> list[MemoryRecord]:
        if not statuses:
            return []
        sql = f"SELECT * FROM memories WHERE status IN ({_marks(statuses)})"
        args: list[Any] = [*statuses]
        if promoted is not None:
            sql += " AND promoted = ?"
            args.append(int(promoted))
        sql += " AND id > ? ORDER BY id LIMIT ?"
        # A row that cannot be decoded is skipped (and warned about), and the batch is
        # filled from the rows after it: one damaged row never stops a job's scan.
        cursor, out = after_id or "", list[MemoryRecord]()
        while len(out) < limit:
            want = limit - len(out)
            rows = self._query(sql, [*args, cursor, want])
            out += rows_to_memories(rows, skip=self._skip_row)
            if len(rows) < want:
                break
            cursor = rows[-1]["id"]
        return out


def _column_value(name: str, value: Any) -> Any:
    if isinstance(value, datetime):
        return ts(value)
    if name == "promoted":
        return int(bool(value))
    if name == "status":
        return str(value)
    return value
