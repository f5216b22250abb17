"""What a turn leaves behind besides its checkpoint — an error as an episodic note,
a decision with its reasoning — and, at the session's end, its episode.

Notes quote what the turn said; a note of a tool's error is untrusted, as the
tool's output is. The session's episode records which tools were called and
whether they failed, never their output.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from remem.agent.episodes import Episodes
from remem.agent.observe import Decision
from remem.agent.session import scope_args
from remem.errors import ValidationError
from remem.isolation import isolated
from remem.memory import Memory
from remem.model import AgentSession, Kind, Scope
from remem.validation import Limits, check_json

log = logging.getLogger(__name__)

EPISODIC_CATEGORY = "incident"
DECISION_CATEGORY = "decision"
TOOL_NAME_CHARS = 80


def check_tool_calls(value: object, limits: Limits) -> list[dict[str, Any]] | None:
    """``tool_calls`` as observe takes them: a JSON list of objects, or None."""
    if value is None:
        return None
    if (
        isinstance(value, Mapping)
        or not isinstance(value, Sequence)
        or isinstance(value, str | bytes)
    ):
        raise ValidationError(
            'tool_calls must be a list of objects, e.g. [{"name": "pytest", "error": "..."}]'
        )
    calls = check_json(
        list(value), "tool_calls", max_bytes=limits.max_checkpoint_bytes, mapping=False
    )
    if not all(isinstance(c, dict) for c in calls):
        raise ValidationError('each tool call must be an object, e.g. {"name": "pytest"}')
    return [dict(c) for c in calls]


# Room in a turn's checkpoint for what observe learns while it writes (the raw-log
# resource's id, the ids of what a "remember ..." stored, at most REMEMBERED_IN_STATE)
TURN_STATE_RESERVE = 1536
REMEMBERED_IN_STATE = 32


def check_turn_state(state: Mapping[str, Any], limits: Limits) -> None:
    """Refuse, before observe writes anything, a turn whose checkpoint would be over
    ``max_checkpoint_bytes`` (content and tool calls each within their own limit can
    be over it together): ``state`` is the checkpoint without what the turn adds."""
    check_json(
        state,
        "the turn's checkpoint state (content, tool calls and role)",
        max_bytes=max(limits.max_checkpoint_bytes - TURN_STATE_RESERVE, 0),
    )


@dataclass(frozen=True, slots=True)
class TurnNotes:
    """Writes the notes of one agent's turns."""

    mem: Memory
    scope: Scope

    def error(
        self,
        session_id: str,
        turn: int,
        role: str,
        note: str | None,
        calls: Sequence[Mapping[str, Any]] | None,
        *,
        now: datetime,
        skipped: list[str],
    ) -> str | None:
        """Store an error as an episodic note; its id (None: none, or refused — the
        reason is appended to ``skipped``)."""
        if note is None:
            return None
        from_tool = role == "tool" or any(c.get("error") or c.get("is_error") for c in calls or ())
        try:
            records = self.mem.add(
                f"Error: {note}",
                kind=Kind.EPISODIC,
                category=EPISODIC_CATEGORY,
                session_id=session_id,
                valid_from=now,
                now=now,
                metadata={"error": note, "turn": turn, "role": role},
                trusted=False if from_tool else None,
                **scope_args(self.scope),
            )
        except ValidationError as exc:
            skipped.append(f"error note: {exc}")
            return None
        return records[0].id

    def decision(
        self,
        session_id: str,
        turn: int,
        role: str,
        decision: Decision | None,
        *,
        trusted: bool | None,
        now: datetime,
        skipped: list[str],
    ) -> str | None:
        """Store a decision with its reasoning (``data.metadata``); its id."""
        if decision is None:
            return None
        try:
            records = self.mem.add(
                decision.text,
                kind=Kind.SEMANTIC,
                category=DECISION_CATEGORY,
                importance=self.mem.config.category_weights.get(DECISION_CATEGORY),
                session_id=session_id,
                valid_from=now,
                now=now,
                metadata={
                    "decision": decision.decision,
                    "reasoning": decision.reasoning,
                    "turn": turn,
                    "role": role,
                },
                trusted=trusted,
                **scope_args(self.scope),
            )
        except ValidationError as exc:
            skipped.append(f"decision: {exc}")
            return None
        return records[0].id

    def tool_calls(self, session_id: str) -> list[tuple[str, bool]]:
        """``(tool name, failed)`` of each tool call the session's turns recorded."""
        out = []
        for point in self.mem.store.list_checkpoints(session_id, self.scope):
            for call in point.tool_calls if isinstance(point.tool_calls, list) else ():
                if isinstance(call, dict):
                    name = str(call.get("name") or call.get("tool") or "tool")[:TOOL_NAME_CHARS]
                    out.append((name, bool(call.get("error") or call.get("is_error"))))
        return out


def episodes_at_end(
    episodes: Episodes,
    notes: TurnNotes,
    session: AgentSession,
    *,
    success: bool | None,
    score: float | None,
    learnings: Sequence[str],
    now: datetime,
) -> tuple[list[str], list[str]]:
    """Complete the session's open episodes with its outcome (writing one from the
    opening and the observed tool calls when it has none); ``(completed, left
    open)``. Without an outcome nothing is completed. Each episode alone
    (:mod:`remem.isolation`): one that cannot be written or completed (an opening
    the write path refuses) is logged and left out; the session still ends."""
    open_ = episodes.open_for_session(session.session_id)
    if success is None:
        return [], [e.id for e in open_]
    if not open_ and session.opening and not episodes.list(session_id=session.session_id):
        hide = [session.opening]
        with isolated(log, "episode of session", session.session_id, hide=hide):
            episode = episodes.start(
                session.opening, session_id=session.session_id, now=session.started_at
            )
            for name, failed in notes.tool_calls(session.session_id):
                episodes.record_action(
                    episode.id,
                    "tool_call",
                    name,
                    f"called {name}",
                    result="failed" if failed else "ok",  # never the tool's own text
                    now=now,
                )
            open_ = [episode]
    value = score if score is not None else (1.0 if success else 0.0)
    done, left = [], []
    for e in open_:
        with isolated(log, "completion of episode", e.id, hide=list(learnings)) as out:
            episodes.complete(
                e.id, outcome_score=value, success=success, learnings=learnings, now=now
            )
            done.append(e.id)
        if out.failed:
            left.append(e.id)
    return done, left
