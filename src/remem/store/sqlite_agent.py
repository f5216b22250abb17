"""The agent layer's tables in SQLite: sessions, their cost rows, and the
learned-signal updates of memories (echo/fizzle, outcomes); working memory is in
:mod:`remem.store.sqlite_working`. A mixin of :class:`remem.store.sqlite.SQLiteStore`.

Every counter that several processes may move at once (a session's turn, its
injected list, a memory's priority or trust, a working item's surfacings) is
changed in one statement or one ``BEGIN IMMEDIATE`` transaction, never by writing
back a value read earlier.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from remem.errors import ConflictError, ValidationError
from remem.model import AgentSession, AuditEvent, Injected, Scope, TurnCost
from remem.store.base import ScoreChange
from remem.store.codec import dumps, loads, parse_ts, required_ts, ts
from remem.store.sqlwhere import scope_sql


class AgentTablesMixin:
    """Sessions, costs and score adjustments for ``remem.agent``."""

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
        data: dict[str, Any] = loads(row[0] or "{}") if row else {}
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
        # Memory.checkpoint shares (session_id, turn), in any scope (the key): the
        # next turn is past the highest the session has, whoever saved it.
        with self.transaction():
            row = self._db.execute(
                "UPDATE agent_sessions SET turns = max(turns, coalesce((SELECT max(turn) "
                "FROM checkpoints WHERE session_id = ?), 0)) + 1 "
                f"WHERE session_id = ?{where} RETURNING turns",
                [session_id, session_id, *params],
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
                at=required_ts(r["at"]),
                embed_calls=r["embed_calls"],
                llm_calls=r["llm_calls"],
                llm_tokens=r["llm_tokens"],
                db_statements=r["db_statements"],
                injected_tokens=r["injected_tokens"],
            )
            for r in rows
        ]

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
def _injected(text: str | None) -> list[Injected]:
    out = []
    for entry in loads(text or "[]"):
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
        started_at=required_ts(row["started_at"]),
        ended_at=parse_ts(row["ended_at"]),
        opening=row["opening"],
        turns=row["turns"],
        flushed_turns=row["flushed_turns"],
        injected=_injected(row["injected"]),
        data=loads(row["data"] or "{}"),
    )
