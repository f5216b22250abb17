"""The agent layer's tables in SQLite: sessions, their cost rows, working memory, and
the learned-signal updates of memories (echo/fizzle, outcomes). A mixin of
:class:`remem.store.sqlite.SQLiteStore`.

Every counter that several processes may move at once (a session's turn, its
injected list, a memory's priority or trust, a working item's surfacings) is
changed in one statement or one ``BEGIN IMMEDIATE`` transaction, never by writing
back a value read earlier.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from remem.errors import ConflictError, ValidationError
from remem.model import (
    AgentSession,
    AuditEvent,
    Injected,
    Scope,
    Trust,
    TurnCost,
    WorkingItem,
)
from remem.store.base import ScoreChange
from remem.store.codec import dumps, parse_ts, ts
from remem.store.sqlwhere import scope_sql

_CHUNK = 500  # ids per statement, under SQLite's bound-variable limit
_WORKING_COLUMNS = (
    "id", "session_id", "namespace", "user_id", "agent_id", "role", "content", "importance",
    "source_trust", "created_at", "expires_at", "surface_count", "last_surfaced_at",
    "prev_surfaced_at", "promoted_to", "carried_from", "data",
)  # fmt: skip


def _marks(items: Sequence[Any]) -> str:
    return ", ".join("?" * len(items))


class AgentTablesMixin:
    """Sessions, costs, working memory and score adjustments for ``remem.agent``."""

    _db: sqlite3.Connection
    _lock: threading.RLock
    _statements: int

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def add_events(self, events: Sequence[AuditEvent]) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def statement_count(self) -> int:
        return self._statements

    # -- memories: learned signals ----------------------------------------------------
    def adjust_scores(
        self, changes: Sequence[ScoreChange], scope: Scope, *, at: datetime
    ) -> list[str]:
        where, params = scope_sql(scope)
        applied: list[str] = []
        events: list[AuditEvent] = []
        with self.transaction():
            for change in changes:
                row = self._db.execute(
                    "UPDATE memories SET "
                    "retrieval_priority = min(1.0, max(-1.0, retrieval_priority + ?)), "
                    "trust_score = min(1.0, max(0.0, trust_score + ?)), "
                    "success_count = success_count + ?, failure_count = failure_count + ?, "
                    f"updated_at = ? WHERE id = ? AND status = 'active'{where} "
                    "RETURNING retrieval_priority, trust_score, success_count, failure_count",
                    [
                        float(change.retrieval_priority),
                        float(change.trust_score),
                        int(change.successes),
                        int(change.failures),
                        ts(at),
                        change.memory_id,
                        *params,
                    ],
                ).fetchone()
                if row is None:
                    continue
                applied.append(change.memory_id)
                if change.judgement is not None and change.keep_judgements > 0:
                    self._add_judgement(change)
                if change.event is not None:
                    change.event.detail["after"] = {
                        "retrieval_priority": round(row[0], 4),
                        "trust_score": round(row[1], 4),
                        "success_count": row[2],
                        "failure_count": row[3],
                    }
                    events.append(change.event)
            self.add_events(events)
        return applied

    def _add_judgement(self, change: ScoreChange) -> None:
        """Append a feedback judgement to ``data["feedback"]``, keeping the last ones
        (inside the caller's transaction, so concurrent feedback does not lose any)."""
        row = self._db.execute(
            "SELECT data FROM memories WHERE id = ?", (change.memory_id,)
        ).fetchone()
        data: dict[str, Any] = json.loads(row[0] or "{}") if row else {}
        kept = data.get("feedback")
        kept = [j for j in kept if isinstance(j, dict)] if isinstance(kept, list) else []
        data["feedback"] = [*kept, dict(change.judgement or {})][-change.keep_judgements :]
        self._db.execute(
            "UPDATE memories SET data = ? WHERE id = ?", (dumps(data), change.memory_id)
        )

    # -- sessions ---------------------------------------------------------------------
    def open_session(self, session: AgentSession) -> tuple[AgentSession, bool]:
        scope_sql(session.scope)  # refuses an empty scope
        with self.transaction():
            cur = self._db.execute(
                "INSERT OR IGNORE INTO agent_sessions (session_id, namespace, user_id, agent_id, "
                "started_at, opening, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session.session_id,
                    session.namespace,
                    session.user_id,
                    session.agent_id,
                    ts(session.started_at),
                    session.opening,
                    dumps(session.data),
                ),
            )
            created = cur.rowcount == 1
            found = self.get_session(session.session_id, session.scope)
        if found is None:
            raise ConflictError(
                f"session id {session.session_id!r} is used by another scope; "
                "session ids are unique per store — use a new one"
            )
        return found, created

    def get_session(self, session_id: str, scope: Scope) -> AgentSession | None:
        where, params = scope_sql(scope)
        rows = self._query(
            f"SELECT * FROM agent_sessions WHERE session_id = ?{where}", [session_id, *params]
        )
        return _session(rows[0]) if rows else None

    def list_sessions(
        self, scope: Scope, *, ended: bool | None = None, limit: int = 20
    ) -> list[AgentSession]:
        where, params = scope_sql(scope)
        if ended is not None:
            where += f" AND ended_at IS {'NOT ' if ended else ''}NULL"
        rows = self._query(
            f"SELECT * FROM agent_sessions WHERE 1{where} ORDER BY started_at DESC, rowid DESC "
            "LIMIT ?",
            [*params, int(limit)],
        )
        return [_session(r) for r in rows]

    def count_sessions(self, scope: Scope, *, ended: bool | None = None) -> int:
        where, params = scope_sql(scope)
        if ended is not None:
            where += f" AND ended_at IS {'NOT ' if ended else ''}NULL"
        return int(self._query(f"SELECT count(*) FROM agent_sessions WHERE 1{where}", params)[0][0])

    def next_turn(self, session_id: str, scope: Scope) -> int:
        where, params = scope_sql(scope)
        with self.transaction():
            row = self._db.execute(
                f"UPDATE agent_sessions SET turns = turns + 1 WHERE session_id = ?{where} "
                "RETURNING turns",
                [session_id, *params],
            ).fetchone()
        if row is None:
            raise ValidationError(f"no session {session_id!r} in this scope; start it first")
        return int(row[0])

    def update_session(
        self,
        session_id: str,
        scope: Scope,
        *,
        ended_at: datetime | None = None,
        flushed_turns: int | None = None,
        opening: str | None = None,
        data: Mapping[str, Any] | None = None,
        reopen: bool = False,
    ) -> None:
        where, params = scope_sql(scope)
        sets: list[str] = []
        values: list[Any] = []
        if reopen:
            sets.append("ended_at = NULL")
        elif ended_at is not None:
            sets.append("ended_at = ?")
            values.append(ts(ended_at))
        if flushed_turns is not None:
            sets.append("flushed_turns = max(flushed_turns, ?)")
            values.append(int(flushed_turns))
        if opening is not None:
            sets.append("opening = ?")
            values.append(opening)
        if data:
            sets.append("data = json_patch(data, ?)")
            values.append(dumps(dict(data)))
        if not sets:
            return
        with self.transaction():
            self._db.execute(
                f"UPDATE agent_sessions SET {', '.join(sets)} WHERE session_id = ?{where}",
                [*values, session_id, *params],
            )

    def add_injected(
        self, session_id: str, scope: Scope, injected: Sequence[Injected], *, keep: int
    ) -> None:
        if not injected:
            return
        where, params = scope_sql(scope)
        with self.transaction():
            row = self._db.execute(
                f"SELECT injected FROM agent_sessions WHERE session_id = ?{where}",
                [session_id, *params],
            ).fetchone()
            if row is None:
                return
            entries = [*_injected(row[0]), *injected]
            self._db.execute(
                "UPDATE agent_sessions SET injected = ? WHERE session_id = ?",
                (_dump_injected(entries[-keep:] if keep > 0 else []), session_id),
            )

    def take_injected(self, session_id: str, scope: Scope) -> list[Injected]:
        where, params = scope_sql(scope)
        # One BEGIN IMMEDIATE transaction: no other writer runs between the read and
        # the clear, so two feedback calls never both take the same entries.
        with self.transaction():
            row = self._db.execute(
                f"SELECT injected FROM agent_sessions WHERE session_id = ?{where}",
                [session_id, *params],
            ).fetchone()
            if row is None:
                return []
            self._db.execute(
                "UPDATE agent_sessions SET injected = '[]' WHERE session_id = ?", (session_id,)
            )
        return _injected(row[0])

    def add_turn_cost(self, cost: TurnCost, scope: Scope) -> None:
        scope_sql(scope)
        with self.transaction():
            self._db.execute(
                "INSERT INTO session_costs (session_id, namespace, user_id, agent_id, turn, op, "
                "at, embed_calls, llm_calls, llm_tokens, db_statements, injected_tokens) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    cost.session_id,
                    scope.namespace,
                    scope.user_id,
                    scope.agent_id,
                    cost.turn,
                    cost.op,
                    ts(cost.at),
                    cost.embed_calls,
                    cost.llm_calls,
                    cost.llm_tokens,
                    cost.db_statements,
                    cost.injected_tokens,
                ),
            )

    def session_costs(self, session_id: str, scope: Scope, *, limit: int = 1000) -> list[TurnCost]:
        where, params = scope_sql(scope)
        rows = self._query(
            f"SELECT * FROM session_costs WHERE session_id = ?{where} ORDER BY id LIMIT ?",
            [session_id, *params, int(limit)],
        )
        return [
            TurnCost(
                session_id=r["session_id"],
                turn=r["turn"],
                op=r["op"],
                at=_time(r["at"]),
                embed_calls=r["embed_calls"],
                llm_calls=r["llm_calls"],
                llm_tokens=r["llm_tokens"],
                db_statements=r["db_statements"],
                injected_tokens=r["injected_tokens"],
            )
            for r in rows
        ]

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
        return [_working(r) for r in rows]

    def get_working(self, item_id: str, scope: Scope) -> WorkingItem | None:
        where, params = scope_sql(scope)
        rows = self._query(f"SELECT * FROM working_memory WHERE id = ?{where}", [item_id, *params])
        return _working(rows[0]) if rows else None

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
                out.extend(_working(r) for r in rows)
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

    def carry_working(
        self, scope: Scope, session_id: str, *, now: datetime, limit: int
    ) -> list[WorkingItem]:
        where, params = scope_sql(scope)
        with self.transaction():
            rows = self._db.execute(
                "UPDATE working_memory SET carried_from = session_id, session_id = ? "
                "WHERE seq IN (SELECT seq FROM working_memory WHERE session_id != ? "
                f"AND expires_at > ? AND promoted_to IS NULL{where} ORDER BY seq DESC LIMIT ?) "
                "RETURNING *",
                [session_id, session_id, ts(now), *params, int(limit)],
            ).fetchall()
        return sorted((_working(r) for r in rows), key=lambda w: w.created_at, reverse=True)

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

    def erase_agent_state(self, where: str, params: Sequence[Any]) -> tuple[int, int]:
        """Inside an erase's transaction: delete the scope's sessions, cost rows,
        working memory and deferred writes (they hold the turns' text); ``(sessions,
        working items)`` deleted."""
        sessions = self._db.execute(f"DELETE FROM agent_sessions WHERE 1{where}", params).rowcount
        self._db.execute(f"DELETE FROM session_costs WHERE 1{where}", params)
        self._db.execute(f"DELETE FROM pending_work WHERE 1{where}", params)
        working = self._db.execute(f"DELETE FROM working_memory WHERE 1{where}", params).rowcount
        return int(sessions), int(working)


# -- rows <-> records ----------------------------------------------------------------
def _time(value: str | None) -> datetime:
    parsed = parse_ts(value)
    if parsed is None:
        raise ValueError("a required time is missing")
    return parsed


def _injected(text: str | None) -> list[Injected]:
    out = []
    for entry in json.loads(text or "[]"):
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            out.append(
                Injected(
                    memory_id=entry["id"],
                    content_hash=str(entry.get("hash", "")),
                    tokens=int(entry.get("tokens", 0)),
                    part=str(entry.get("part", "relevant")),
                    context=tuple(str(t) for t in entry.get("ctx") or ()),
                    match=float(entry["m"]) if isinstance(entry.get("m"), int | float) else None,
                )
            )
    return out


def _dump_injected(entries: Sequence[Injected]) -> str:
    return dumps(
        [
            {
                "id": e.memory_id,
                "hash": e.content_hash,
                "tokens": e.tokens,
                "part": e.part,
                **({"ctx": list(e.context)} if e.context else {}),
                **({"m": e.match} if e.match is not None else {}),
            }
            for e in entries
        ]
    )


def _session(row: sqlite3.Row) -> AgentSession:
    return AgentSession(
        session_id=row["session_id"],
        namespace=row["namespace"],
        user_id=row["user_id"],
        agent_id=row["agent_id"],
        started_at=_time(row["started_at"]),
        ended_at=parse_ts(row["ended_at"]),
        opening=row["opening"],
        turns=row["turns"],
        flushed_turns=row["flushed_turns"],
        injected=_injected(row["injected"]),
        data=json.loads(row["data"] or "{}"),
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
        created_at=_time(row["created_at"]),
        expires_at=_time(row["expires_at"]),
        surface_count=row["surface_count"],
        last_surfaced_at=parse_ts(row["last_surfaced_at"]),
        prev_surfaced_at=parse_ts(row["prev_surfaced_at"]),
        promoted_to=row["promoted_to"],
        carried_from=row["carried_from"],
        data=json.loads(row["data"] or "{}"),
    )
