"""Session state in the store, so a session started in one process is continued and
ended in another (each Claude Code hook is its own short process).

A session row holds its scope, start and end, opening, turn counter (atomic),
how many observed turns the flush has extracted, and the memories injected
since the last feedback; one cost row is logged per operation. Each observed
turn is a checkpoint (``Memory.checkpoint``): the flush at the session's end
extracts the turns not extracted yet, keyed like ``remem extract`` keys
transcript messages, so a flush interrupted and run again stores nothing twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TypedDict

from remem.agent.budget import Usage, over_budget
from remem.errors import NotFoundError, ValidationError
from remem.memory import Memory
from remem.model import AgentSession, Checkpoint, Scope, TurnCost
from remem.validation import Limits, check_label, parse_datetime
from remem.write.batch import message_key
from remem.write.pipeline import IngestReport
from remem.write.transcript import Message, role_for, untrusted_for
from remem.write.validate import check_identifier

OBSERVED = "observed"  # the internal_state marker of a checkpoint written by observe


class ScopeArgs(TypedDict):
    """A scope as the keyword arguments ``Memory`` methods take."""

    user_id: str | None
    agent_id: str | None
    namespace: str | None


def scope_args(scope: Scope) -> ScopeArgs:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "namespace": scope.namespace}


def check_session_id(value: object, limits: Limits) -> str:
    """A session id: a label without a credential in it."""
    session_id = check_label(value, "session_id", max_chars=limits.max_label_chars)
    check_identifier("session_id", session_id)
    return session_id


class Sessions:
    """The sessions of one agent's scope."""

    def __init__(self, mem: Memory, scope: Scope) -> None:
        self.mem, self.scope = mem, scope

    def open(
        self, session_id: str, *, opening: str | None, now: datetime
    ) -> tuple[AgentSession, bool]:
        """The session, created if new; ``(session, created)``. Starting an ended
        session again reopens it (a resumed conversation)."""
        scope = self.scope
        session, created = self.mem.store.open_session(
            AgentSession(
                session_id=session_id,
                namespace=scope.namespace,
                user_id=scope.user_id,
                agent_id=scope.agent_id,
                started_at=now,
                opening=opening,
            )
        )
        if not created and (session.ended_at is not None or (opening and not session.opening)):
            self.mem.store.update_session(
                session_id,
                scope,
                reopen=session.ended_at is not None,
                opening=opening if opening and not session.opening else None,
            )
            session = self.require(session_id)
        return session, created

    def get(self, session_id: str) -> AgentSession | None:
        return self.mem.store.get_session(session_id, self.scope)

    def require(self, session_id: str) -> AgentSession:
        """The session, or NotFoundError."""
        session = self.get(session_id)
        if session is None:
            raise NotFoundError(f"no session {session_id!r} in this scope; start it first")
        return session

    def ensure(self, session_id: str, *, now: datetime) -> AgentSession:
        """The session, opened now (without a context) if no process started it — a
        hook that missed the start must not lose the turn."""
        session = self.get(session_id)
        return session if session is not None else self.open(session_id, opening=None, now=now)[0]

    def log(self, session_id: str, turn: int, op: str, usage: Usage, *, now: datetime) -> None:
        """One cost row for an operation of the session."""
        self.mem.store.add_turn_cost(
            TurnCost(session_id=session_id, turn=turn, op=op, at=now, **usage.to_dict()),
            self.scope,
        )

    def usage(self, session_id: str) -> Usage:
        """What the session cost so far (every operation)."""
        return Usage.total(self.mem.store.session_costs(session_id, self.scope))

    def economy(self, session: AgentSession) -> bool:
        """Whether the session is over ``budget_per_turn`` (see :mod:`.budget`)."""
        if self.mem.config.budget_per_turn is None:
            return False
        costs = self.mem.store.session_costs(session.session_id, self.scope)
        return over_budget(self.mem.config, costs, session.turns)

    # -- the flush ----------------------------------------------------------------------
    def flush_turns(
        self, session: AgentSession, *, now: datetime | None = None
    ) -> tuple[int, IngestReport | None]:
        """Extract the observed turns the flush has not extracted (those the hot path
        stored already are skipped); ``(turns extracted, report)``."""
        points = self.mem.store.list_checkpoints(session.session_id, self.scope)
        turns = [
            (message, handled, kept)
            for turn, message, handled, kept in _messages(points, self.scope, session.session_id)
            if turn > session.flushed_turns
        ]
        todo = [message for message, handled, _ in turns if not handled]
        known = self.mem.store.known_resources([m.key for m in todo if m.key], self.scope)
        fresh = [m for m in todo if m.key not in known]
        report = None
        if fresh:
            report = self.mem.ingest_messages(
                fresh, scope=self.scope, session_id=session.session_id, now=now
            )
        # the raw log of these turns is read: the nightly job does not extract it again
        self.mark_logged(session, version=report.extractor_version if report else "flush")
        return len(turns), report

    def mark_logged(self, session: AgentSession, *, version: str) -> int:
        """Mark the raw-log resources of the turns not flushed yet as extracted (a
        transcript extraction stood for them); how many."""
        points = self.mem.store.list_checkpoints(session.session_id, self.scope)
        done = 0
        store = self.mem.store
        for turn, _, _, kept in _messages(points, self.scope, session.session_id):
            # a raw log the lifecycle purged meanwhile (with the memories it gave) is
            # nothing to mark: its extraction mark would point at no resource
            if turn > session.flushed_turns and kept and store.get_resource(kept, self.scope):
                store.mark_extracted(kept, version, 0)
                done += 1
        return done

    def flush_transcript(
        self, session: AgentSession, transcript: str | Path | bytes
    ) -> IngestReport:
        """Extract a transcript file of the session (a re-run skips what an earlier
        run stored)."""
        scope = self.scope
        return self.mem.extract(
            transcript,
            user_id=scope.user_id,
            agent_id=scope.agent_id,
            namespace=scope.namespace,
            session_id=session.session_id,
        )


def _messages(
    points: Sequence[Checkpoint], scope: Scope, session_id: str
) -> list[tuple[int, Message, bool, str | None]]:
    """``(turn, message, handled by the hot path, its raw-log resource)`` of each
    observed turn, keyed in turn order as ``extract`` keys a transcript's messages."""
    out = []
    previous = ""
    for point in points:
        state = point.internal_state if isinstance(point.internal_state, dict) else {}
        if not state.get(OBSERVED):
            continue  # a checkpoint the caller saved itself
        text = point.user_input if isinstance(point.user_input, str) else point.llm_output
        if not isinstance(text, str) or not text.strip():
            continue
        role = str(state.get("role") or "user")
        try:
            when = parse_datetime(state.get("at"), "at")
        except ValidationError:
            when = None
        message = Message(
            speaker=(scope.user_id or "user") if role_for(role) == "user" else role,
            role=role_for(role),
            text=text,
            timestamp=when,
            untrusted=untrusted_for(role, trusted=state.get("trusted")),
            session=session_id,
            prompt=role_for(role) == "user",  # a user's turn in an agent session is a prompt
        )
        previous = message_key(previous, scope, session_id, message)
        message = replace(message, key=previous)
        kept = state.get("resource")
        out.append(
            (
                point.turn,
                message,
                bool(state.get("remembered")),
                kept if isinstance(kept, str) else None,
            )
        )
    return out
