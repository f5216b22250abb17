"""Consolidation writes and store-wide reads of :class:`remem.store.sqlite.SQLiteStore`
for the nightly, weekly and monthly jobs (:mod:`remem.lifecycle`): recent memories
by creation time, merges, priority boosts, links in ``data``, resources without
extracted items, the scopes and categories to summarise, a full re-index and the
health counts. A mixin, kept apart so each module stays small."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from remem.errors import ValidationError
from remem.model import AuditEvent, MemoryRecord, Resource, Scope
from remem.store import sidefiles
from remem.store.codec import dumps, loads, row_to_resource, rows_to_memories, ts

_CHUNK = 500  # ids per statement, under SQLite's bound-variable limit
_SCOPE = ("user_id", "agent_id", "namespace")


def _marks(items: Sequence[Any]) -> str:
    return ", ".join("?" * len(items))


def _exact_scope(scope: Scope, alias: str = "") -> tuple[str, list[Any]]:
    """`` AND col IS ?`` for all three scope fields: exactly this scope, no wildcard."""
    prefix = f"{alias}." if alias else ""
    return (
        "".join(f" AND {prefix}{c} IS ?" for c in _SCOPE),
        [getattr(scope, c) for c in _SCOPE],
    )


class ConsolidationMixin:
    """Reads and writes of the consolidation steps (see the module docstring)."""

    path: str
    _db: sqlite3.Connection
    _lock: threading.RLock
    lexical: bool

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _bump(self, key: str) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def add_events(self, events: Sequence[AuditEvent]) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def _skip_row(self, memory_id: Any, exc: Exception, kind: str = "memory") -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def _lexical_index(self) -> Any:
        raise NotImplementedError  # provided by LexicalMixin

    def _index(self, model_id: str, dim: int) -> Any:
        raise NotImplementedError  # provided by VectorTablesMixin

    # -- reads ------------------------------------------------------------------------
    def memories_created(
        self,
        *,
        since: datetime | None,
        until: datetime,
        statuses: Sequence[str],
        after: tuple[datetime, str] | None = None,
        scope: Scope | None = None,
        limit: int = 500,
    ) -> list[MemoryRecord]:
        if not statuses:
            return []
        sql = f"SELECT * FROM memories WHERE status IN ({_marks(statuses)}) AND created_at <= ?"
        args: list[Any] = [*statuses, ts(until)]
        if since is not None:
            sql += " AND created_at > ?"
            args.append(ts(since))
        if scope is not None:
            where, params = _exact_scope(scope)
            sql += where
            args += params
        order = " ORDER BY created_at, id LIMIT ?"
        after_sql = " AND (created_at > ? OR (created_at = ? AND id > ?))"
        # A row that cannot be decoded is skipped (and warned about), and the batch is
        # filled from the rows after it: one damaged row never stops a job's scan.
        cursor = None if after is None else (ts(after[0]), after[1])
        out: list[MemoryRecord] = []
        while len(out) < limit:
            want = limit - len(out)
            if cursor is None:
                rows = self._query(sql + order, [*args, want])
            else:
                at, last = cursor
                rows = self._query(sql + after_sql + order, [*args, at, at, last, want])
            out += rows_to_memories(rows, skip=self._skip_row)
            if len(rows) < want:
                break
            cursor = (rows[-1]["created_at"], rows[-1]["id"])
        return out

    def memory_scopes(
        self,
        *,
        statuses: Sequence[str],
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> list[Scope]:
        if not statuses:
            return []
        sql = (
            "SELECT DISTINCT user_id, agent_id, namespace FROM memories "
            f"WHERE status IN ({_marks(statuses)})"
        )
        args: list[Any] = list(statuses)
        if since is not None:
            sql += " AND created_at >= ?"
            args.append(ts(since))
        if until is not None:
            sql += " AND created_at < ?"
            args.append(ts(until))
        rows = self._query(sql + " ORDER BY 1, 2, 3", args)
        return [Scope(user_id=r[0], agent_id=r[1], namespace=r[2]) for r in rows]

    def summary_keys(self) -> list[tuple[Scope, str]]:
        rows = self._query(
            "SELECT user_id, agent_id, namespace, category FROM memories "
            "WHERE status = 'active' AND category IS NOT NULL "
            "UNION SELECT user_id, agent_id, namespace, category FROM summaries "
            "WHERE archived_at IS NULL ORDER BY 1, 2, 3, 4"
        )
        return [(Scope(user_id=r[0], agent_id=r[1], namespace=r[2]), r[3]) for r in rows]

    def summary_state(
        self, scope: Scope, category: str
    ) -> tuple[tuple[str, ...] | None, int] | None:
        where, params = _exact_scope(scope)
        rows = self._query(
            "SELECT sources, facts FROM summaries WHERE category = ? AND archived_at IS NULL"
            f"{where} ORDER BY id DESC LIMIT 1",
            [category, *params],
        )
        if not rows:
            return None
        sources = None if rows[0][0] is None else tuple(loads(rows[0][0]))
        return sources, int(rows[0][1])

    def resources_without_memories(self, *, limit: int = 500) -> list[Resource]:
        rows = self._query(
            "SELECT r.* FROM resources r WHERE r.kind != 'update' "
            "AND NOT EXISTS (SELECT 1 FROM resource_extractions x WHERE x.resource_id = r.id) "
            "AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.source_resource_id = r.id) "
            "ORDER BY r.rowid LIMIT ?",
            [limit],
        )
        return [row_to_resource(r) for r in rows]

    def token_vector_holders(
        self, *, statuses: Sequence[str], after_id: str | None = None, limit: int = 500
    ) -> list[str]:
        if not statuses:
            return []
        rows = self._query(
            "SELECT m.id FROM memories m WHERE m.id > ? "
            f"AND m.status IN ({_marks(statuses)}) "
            "AND EXISTS (SELECT 1 FROM token_vectors t WHERE t.memory_seq = m.seq) "
            "ORDER BY m.id LIMIT ?",
            [after_id or "", *statuses, limit],
        )
        return [r[0] for r in rows]

    def health_counts(self) -> dict[str, Any]:
        def pairs(sql: str) -> list[tuple[Any, ...]]:
            return [tuple(r) for r in self._query(sql)]

        return {
            "by_status": dict(pairs("SELECT status, count(*) FROM memories GROUP BY 1")),
            "by_tier": {
                f"{tier}/{status}": n
                for tier, status, n in pairs(
                    "SELECT tier, status, count(*) FROM memories GROUP BY 1, 2"
                )
            },
            "by_category": {
                str(c or "none"): n
                for c, n in pairs(
                    "SELECT category, count(*) FROM memories WHERE status = 'active' "
                    "GROUP BY 1 ORDER BY 2 DESC"
                )
            },
            "by_kind": dict(
                pairs("SELECT kind, count(*) FROM memories WHERE status = 'active' GROUP BY 1")
            ),
            # (created_at's date, status): the growth trend by week is built from it
            "created_by_day": [
                list(r)
                for r in pairs(
                    "SELECT substr(created_at, 1, 10), status, count(*) FROM memories "
                    "GROUP BY 1, 2 ORDER BY 1"
                )
            ],
            "token_vectors_by_status": dict(
                pairs(
                    "SELECT m.status, count(DISTINCT t.memory_seq) FROM token_vectors t "
                    "JOIN memories m ON m.seq = t.memory_seq GROUP BY 1"
                )
            ),
        }

    # -- writes -----------------------------------------------------------------------
    def merge_memories(
        self, keep_id: str, merged_id: str, *, at: datetime, events: Sequence[AuditEvent]
    ) -> bool:
        if keep_id == merged_id:
            raise ValidationError("a memory cannot be merged into itself")
        when = ts(at)
        with self.transaction():
            rows = {
                r["id"]: r
                for r in self._db.execute(
                    "SELECT id, status, reference_count, access_count, surface_count, "
                    "last_referenced_at, last_accessed_at FROM memories WHERE id IN (?, ?)",
                    (keep_id, merged_id),
                )
            }
            keep, gone = rows.get(keep_id), rows.get(merged_id)
            if keep is None or gone is None or keep["status"] != "active":
                return False
            if gone["status"] != "active":
                return False
            self._db.execute(
                "UPDATE memories SET status = 'superseded', superseded_by = ?, valid_to = ?, "
                "updated_at = ? WHERE id = ?",
                (keep_id, when, when, merged_id),
            )
            # The kept memory carries on the merged one's use: no reference is lost and
            # the merge does not make a used memory look idle to the review.
            self._db.execute(
                "UPDATE memories SET reference_count = reference_count + ?, "
                "access_count = access_count + ?, surface_count = surface_count + ?, "
                "last_referenced_at = CASE WHEN ? > coalesce(last_referenced_at, '') "
                "THEN ? ELSE last_referenced_at END, "
                "last_accessed_at = CASE WHEN ? > coalesce(last_accessed_at, '') "
                "THEN ? ELSE last_accessed_at END, updated_at = ? WHERE id = ?",
                (
                    gone["reference_count"],
                    gone["access_count"],
                    gone["surface_count"],
                    gone["last_referenced_at"] or "",
                    gone["last_referenced_at"],
                    gone["last_accessed_at"] or "",
                    gone["last_accessed_at"],
                    when,
                    keep_id,
                ),
            )
            self.add_events(events)
            self._bump("status_epoch")
        return True

    def boost_priority(
        self,
        memory_ids: Sequence[str],
        *,
        by: float,
        cap: float,
        events: Sequence[AuditEvent],
    ) -> list[str]:
        done: list[str] = []
        with self.transaction():
            for start in range(0, len(memory_ids), _CHUNK):
                chunk = list(memory_ids[start : start + _CHUNK])
                done += [
                    r[0]
                    for r in self._db.execute(
                        "UPDATE memories SET retrieval_priority = min(?, retrieval_priority + ?) "
                        f"WHERE id IN ({_marks(chunk)}) AND status = 'active' "
                        "AND retrieval_priority < ? RETURNING id",
                        [cap, by, *chunk, cap],
                    )
                ]
            wanted = set(done)
            self.add_events([e for e in events if e.memory_id in wanted])
        return done

    def extend_data_list(
        self, memory_id: str, key: str, values: Sequence[str], *, event: AuditEvent | None
    ) -> bool:
        with self.transaction():
            row = self._db.execute(
                "SELECT data FROM memories WHERE id = ? AND status != 'purged'", (memory_id,)
            ).fetchone()
            if row is None:
                return False
            data: dict[str, Any] = loads(row[0] or "{}")
            have = data.get(key)
            current = [str(v) for v in have] if isinstance(have, list) else []
            added = [v for v in dict.fromkeys(values) if v not in current]
            if not added:
                return False
            data[key] = [*current, *added]
            self._db.execute("UPDATE memories SET data = ? WHERE id = ?", (dumps(data), memory_id))
            if event is not None:
                self.add_events([event])
        return True

    def reindex(self) -> dict[str, int]:
        with self._lock:
            with self.transaction():
                self._db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")
                self._db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
                for key in ("text_epoch", "vector_epoch"):
                    self._bump(key)  # every process's in-process indexes start again
            removed = sidefiles.cache_files(self.path)
            sidefiles.remove(removed)
            rebuilt = 0
            if self.lexical:
                self._lexical_index()  # rebuilt now (and saved beside the file)
                rebuilt += 1
            for model_id, dim in self._query(
                "SELECT model_id, max(dim) FROM vectors GROUP BY model_id"
            ):
                self._index(model_id, int(dim))  # and the vector index (HNSW when large)
                rebuilt += 1
            return {"side_files_removed": len(removed), "indexes_rebuilt": rebuilt}
