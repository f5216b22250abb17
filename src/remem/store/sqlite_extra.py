"""SQLite tables beside memories: entities and relations, extraction marks on
resources, category summaries, counters, and session checkpoints.

A mixin of :class:`remem.store.sqlite.SQLiteStore`, kept apart so each module
stays small; it uses the store's connection, lock and transactions.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from remem.errors import ValidationError
from remem.model import Checkpoint, Resource, Scope, Summary, utcnow
from remem.secrets import redact
from remem.store.base import ListFilter
from remem.store.codec import loads, parse_ts, row_to_resource, ts
from remem.store.sqlwhere import filter_sql, scope_sql

T = TypeVar("T")


def _sources(text: str | None) -> tuple[str, ...] | None:
    """A summary's recorded source ids; None when unknown or unreadable."""
    if text is None:
        return None
    try:
        ids = loads(text)
    except ValueError:
        return None
    return tuple(ids) if isinstance(ids, list) and all(isinstance(i, str) for i in ids) else None


def _norm(name: str) -> str:
    return " ".join(name.casefold().split())


class WriteTablesMixin:
    """Entities, relations, extraction marks and summaries in SQLite."""

    _db: sqlite3.Connection
    _lock: threading.RLock
    read_only: bool
    transaction: Callable[[], AbstractContextManager[None]]

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def _decoded(
        self, rows: Sequence[sqlite3.Row], decode: Callable[[sqlite3.Row], T], kind: str
    ) -> Iterator[T]:
        raise NotImplementedError  # provided by SQLiteStore

    def _scope_sql(self, scope: Scope, alias: str = "") -> tuple[str, list[Any]]:
        return scope_sql(scope, alias)

    # -- entities and relations ---------------------------------------------------
    def _entity_id(self, name: str, scope: Scope) -> int:
        # Redacted before it is normalised: a case-folded secret could escape the
        # case-sensitive patterns the connection's redaction applies to ``norm``.
        name = redact(name)
        where, params = self._scope_sql(scope)
        row = self._db.execute(
            f"SELECT id FROM entities WHERE norm = ?{where} LIMIT 1", [_norm(name), *params]
        ).fetchone()
        if row is not None:
            return int(row[0])
        cur = self._db.execute(
            "INSERT INTO entities (name, norm, type, namespace, user_id, agent_id, created_at) "
            "VALUES (?, ?, NULL, ?, ?, ?, ?)",
            (name, _norm(name), scope.namespace, scope.user_id, scope.agent_id, ts(utcnow())),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def link_entities(
        self,
        memory_id: str,
        scope: Scope,
        *,
        entities: Sequence[str],
        relations: Sequence[tuple[str, str, str]] = (),
    ) -> None:
        """Record the named things a memory mentions and the relations it states."""
        with self.transaction():
            row = self._db.execute("SELECT seq FROM memories WHERE id = ?", (memory_id,)).fetchone()
            if row is None:
                return
            seq = row[0]
            for name in dict.fromkeys(e for e in entities if e.strip()):
                self._db.execute(
                    "INSERT OR IGNORE INTO memory_entities VALUES (?, ?)",
                    (seq, self._entity_id(name, scope)),
                )
            for subject, predicate, obj in relations:
                self._db.execute(
                    "INSERT INTO relations (src_entity, relation, dst_entity, memory_seq, "
                    "created_at) VALUES (?, ?, ?, ?, ?)",
                    (
                        self._entity_id(subject, scope),
                        predicate,
                        self._entity_id(obj, scope),
                        seq,
                        ts(utcnow()),
                    ),
                )

    def entity_counts(self, scope: Scope) -> dict[str, int]:
        """Entities in scope with how many memories mention each."""
        where, params = self._scope_sql(scope, "e")
        rows = self._db.execute(
            "SELECT e.name, count(me.memory_seq) FROM entities e LEFT JOIN memory_entities me "
            f"ON me.entity_id = e.id WHERE 1{where} "
            "GROUP BY e.id ORDER BY 2 DESC",
            params,
        ).fetchall()
        return {r[0]: r[1] for r in rows}

    def relation_rows(self, scope: Scope) -> list[tuple[str, str, str]]:
        where, params = self._scope_sql(scope, "s")
        rows = self._db.execute(
            "SELECT s.name, r.relation, d.name FROM relations r "
            "JOIN entities s ON s.id = r.src_entity JOIN entities d ON d.id = r.dst_entity "
            f"WHERE 1{where} ORDER BY r.id",
            params,
        ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    # -- graph lookups (read path) -------------------------------------------------
    def match_entities(self, scope: Scope, names: Sequence[str]) -> list[tuple[int, str, int]]:
        """``(entity_id, name, memories)`` of the entities in scope whose normalised
        name is one of ``names`` (case-insensitive), with how many memories link each."""
        norms = list(dict.fromkeys(_norm(n) for n in names if n.strip()))
        if not norms:
            return []
        where, params = self._scope_sql(scope, "e")
        out: list[tuple[int, str, int]] = []
        for start in range(0, len(norms), 500):
            chunk = norms[start : start + 500]
            rows = self._db.execute(
                "SELECT e.id, e.name, (SELECT count(*) FROM memory_entities me "
                "WHERE me.entity_id = e.id) FROM entities e "
                f"WHERE e.norm IN ({', '.join('?' * len(chunk))}){where} ORDER BY e.id",
                [*chunk, *params],
            ).fetchall()
            out.extend((int(r[0]), str(r[1]), int(r[2])) for r in rows)
        return out

    def entity_memories(
        self,
        scope: Scope,
        entity_ids: Sequence[int],
        *,
        filters: ListFilter | None = None,
        limit: int = 1000,
    ) -> list[tuple[str, int]]:
        """``(memory_id, entity_id)`` for memories in scope (passing ``filters``)
        linked to any of ``entity_ids``."""

        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return []
        where, params = self._scope_sql(scope, "m")
        fsql, fparams = filter_sql(filters, "m")
        rows = self._db.execute(
            "SELECT m.id, me.entity_id FROM memory_entities me "
            "JOIN memories m ON m.seq = me.memory_seq "
            f"WHERE me.entity_id IN ({', '.join('?' * len(ids))}){where}{fsql} "
            "ORDER BY m.seq LIMIT ?",
            [*ids, *params, *fparams, limit],
        ).fetchall()
        return [(str(r[0]), int(r[1])) for r in rows]

    def entity_relations(
        self, scope: Scope, entity_ids: Sequence[int]
    ) -> list[tuple[int, str, int, str, str]]:
        """``(src_id, predicate, dst_id, src_name, dst_name)`` of the relations touching
        any of ``entity_ids`` (either end), both ends in scope."""
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return []
        swhere, sparams = self._scope_sql(scope, "s")
        dwhere, dparams = self._scope_sql(scope, "d")
        marks = ", ".join("?" * len(ids))
        rows = self._db.execute(
            "SELECT r.src_entity, r.relation, r.dst_entity, s.name, d.name FROM relations r "
            "JOIN entities s ON s.id = r.src_entity JOIN entities d ON d.id = r.dst_entity "
            f"WHERE (r.src_entity IN ({marks}) OR r.dst_entity IN ({marks})){swhere}{dwhere} "
            "ORDER BY r.id",
            [*ids, *ids, *sparams, *dparams],
        ).fetchall()
        return [(int(r[0]), str(r[1]), int(r[2]), str(r[3]), str(r[4])) for r in rows]

    # -- read counters ------------------------------------------------------------
    def bump_counter(self, name: str, by: int = 1) -> None:
        """Add ``by`` to the named counter (kept in the ``meta`` table as ``counter:name``);
        nothing on a read-only store (counters are bookkeeping of reads)."""
        if self.read_only:
            return
        with self.transaction():
            self._db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET "
                "value = CAST(CAST(meta.value AS INTEGER) + ? AS TEXT)",
                (f"counter:{name}", str(by), by),
            )

    def counters(self, prefix: str = "") -> dict[str, int]:
        """The counters whose name starts with ``prefix``, by name."""
        rows = self._db.execute(
            "SELECT key, value FROM meta WHERE key LIKE ? ESCAPE '\\' ORDER BY key",
            ("counter:" + prefix.replace("_", "\\_").replace("%", "\\%") + "%",),
        ).fetchall()
        return {str(r[0])[len("counter:") :]: int(r[1]) for r in rows}

    # -- extraction marks ---------------------------------------------------------
    def mark_extracted(self, resource_id: str, extractor_version: str, facts: int) -> None:
        with self.transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO resource_extractions VALUES (?, ?, ?, ?)",
                (resource_id, extractor_version, ts(utcnow()), facts),
            )

    def unextracted_resources(
        self, extractor_version: str, scope: Scope | None = None, *, limit: int = 1000
    ) -> list[Resource]:
        """Resources no run of ``extractor_version`` has processed yet (for re-runs)."""
        where, params = self._scope_sql(scope, "r") if scope else ("", [])
        rows = self._db.execute(
            "SELECT r.* FROM resources r WHERE NOT EXISTS (SELECT 1 FROM resource_extractions x "
            "WHERE x.resource_id = r.id AND x.extractor_version = ?)"
            f"{where} AND r.kind != 'update' ORDER BY r.rowid LIMIT ?",
            [extractor_version, *params, limit],
        ).fetchall()
        return [row_to_resource(r) for r in rows]

    # -- summaries ----------------------------------------------------------------
    def put_summary(self, scope: Scope, summary: Summary) -> None:
        """Make ``summary`` the current one of its category in exactly this scope;
        archive the previous one (a wider or narrower scope's summary is its own)."""
        self._scope_sql(scope)  # refuses an empty scope
        with self.transaction():
            self._archive_summary(scope, summary.category, summary.created_at)
            self._db.execute(
                "INSERT INTO summaries (namespace, user_id, agent_id, category, content, facts, "
                "generator, created_at, sources) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    scope.namespace,
                    scope.user_id,
                    scope.agent_id,
                    summary.category,
                    summary.content,
                    summary.facts,
                    summary.generator,
                    ts(summary.created_at),
                    None if summary.sources is None else json.dumps(list(summary.sources)),
                ),
            )

    def archive_summary(self, scope: Scope, category: str) -> None:
        """Archive the current summary of ``category`` in exactly ``scope`` (its
        facts are all gone): no current one is left."""
        self._scope_sql(scope)
        with self.transaction():
            self._archive_summary(scope, category, utcnow())

    def _archive_summary(self, scope: Scope, category: str, at: Any) -> None:
        self._db.execute(
            "UPDATE summaries SET archived_at = ? WHERE category = ? AND archived_at IS NULL "
            "AND namespace IS ? AND user_id IS ? AND agent_id IS ?",
            [ts(at), category, scope.namespace, scope.user_id, scope.agent_id],
        )

    def summaries_citing(
        self, memory_ids: Sequence[str] = (), *, within: Scope | None = None
    ) -> list[tuple[Scope, str]]:
        """``(scope, category)`` of the current summaries built from any of
        ``memory_ids``, or from any memory in scope ``within``."""
        found: list[Any] = []
        ids = list(dict.fromkeys(memory_ids))
        select = (
            "SELECT DISTINCT s.id, s.namespace, s.user_id, s.agent_id, s.category "
            "FROM summaries s, json_each(s.sources) j WHERE s.archived_at IS NULL AND "
        )
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            found += self._db.execute(
                select + f"j.value IN ({', '.join('?' * len(chunk))})", chunk
            ).fetchall()
        if within is not None:
            where, params = self._scope_sql(within, "m")
            found += self._db.execute(
                select + f"j.value IN (SELECT m.id FROM memories m WHERE 1{where})", params
            ).fetchall()
        out: dict[tuple[Scope, str], None] = {}
        for r in sorted(found, key=lambda r: r[0]):
            out[(Scope(namespace=r[1], user_id=r[2], agent_id=r[3]), r[4])] = None
        return list(out)

    def summaries(
        self, scope: Scope, *, category: str | None = None, archived: bool = False
    ) -> list[Summary]:
        """Current summaries in scope (and archived versions too if ``archived``)."""
        where, params = self._scope_sql(scope)
        sql = f"SELECT * FROM summaries WHERE 1{where}"
        if category is not None:
            sql += " AND category = ?"
            params.append(category)
        if not archived:
            sql += " AND archived_at IS NULL"
        rows = self._db.execute(sql + " ORDER BY category, id", params).fetchall()
        return [
            Summary(
                category=r["category"],
                content=r["content"],
                facts=r["facts"],
                generator=r["generator"],
                created_at=parse_ts(r["created_at"]) or utcnow(),
                archived_at=parse_ts(r["archived_at"]),
                sources=_sources(r["sources"]),
            )
            for r in rows
        ]

    # -- checkpoints --------------------------------------------------------------
    def put_checkpoint(self, checkpoint: Checkpoint, scope: Scope) -> None:
        scope_sql(scope)  # refuses an empty scope
        state = {
            "user_input": checkpoint.user_input,
            "tool_calls": checkpoint.tool_calls,
            "llm_output": checkpoint.llm_output,
            "internal_state": checkpoint.internal_state,
        }
        try:
            payload = json.dumps(state, ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            raise ValidationError(f"checkpoint state must be JSON-serialisable: {exc}") from exc
        with self.transaction():
            try:
                self._db.execute(
                    "INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        checkpoint.session_id,
                        checkpoint.turn,
                        scope.namespace,
                        scope.user_id,
                        scope.agent_id,
                        payload,
                        ts(checkpoint.created_at),
                    ),
                )
            except sqlite3.IntegrityError as exc:
                raise ValidationError(
                    f"session {checkpoint.session_id!r} already has a checkpoint at turn "
                    f"{checkpoint.turn}; checkpoints are never overwritten"
                ) from exc

    def list_checkpoints(
        self, session_id: str, scope: Scope, *, upto: int | None = None
    ) -> list[Checkpoint]:
        where, params = scope_sql(scope)
        sql = f"SELECT * FROM checkpoints WHERE session_id = ?{where}"
        args: list[Any] = [session_id, *params]
        if upto is not None:
            sql += " AND turn <= ?"
            args.append(upto)
        return list(
            self._decoded(self._query(sql + " ORDER BY turn", args), _checkpoint, "checkpoint")
        )

    def iter_checkpoint_rows(self) -> Iterator[dict[str, Any]]:
        """Every checkpoint with its scope, for export."""
        rows = self._query("SELECT * FROM checkpoints ORDER BY session_id, turn")
        yield from self._decoded(rows, _checkpoint_row, "checkpoint")


def _checkpoint(row: sqlite3.Row) -> Checkpoint:
    state = loads(row["state"])
    created = parse_ts(row["created_at"])
    if not isinstance(state, dict) or created is None:
        raise ValueError("a checkpoint's state must be a JSON object and it must have a time")
    return Checkpoint(row["session_id"], row["turn"], created_at=created, **state)


def _checkpoint_row(row: sqlite3.Row) -> dict[str, Any]:
    if not isinstance(loads(row["state"]), dict):
        raise ValueError("a checkpoint's state must be a JSON object")
    return {
        "session_id": row["session_id"],
        "turn": row["turn"],
        "user_id": row["user_id"],
        "agent_id": row["agent_id"],
        "namespace": row["namespace"],
        "created_at": row["created_at"],
        "state": loads(row["state"]),
    }
