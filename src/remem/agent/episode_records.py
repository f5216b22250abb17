"""The records of episodes (:mod:`remem.agent.episodes`): :class:`Episode` as read
back from its memory's ``data["episode"]``, its actions, and a search hit."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from remem.errors import ValidationError
from remem.lifecycle.episodes import episode_data
from remem.model import MemoryRecord

OPEN, COMPLETED = "open", "completed"


@dataclass(frozen=True, slots=True)
class EpisodeAction:
    """One thing the agent did during an episode."""

    type: str
    target: str
    description: str
    result: str | None = None
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Episode:
    """An episode as stored (see the module doc). ``status``: ``open`` or
    ``completed``; the outcome fields are None while open."""

    id: str
    task: str
    status: str
    started_at: datetime
    context: str | None = None
    constraints: tuple[str, ...] = ()
    approach: str | None = None
    alternatives: tuple[str, ...] = ()
    decision_factors: tuple[str, ...] = ()
    actions: tuple[EpisodeAction, ...] = ()
    actions_dropped: int = 0
    outcome_score: float | None = None
    success: bool | None = None
    learnings: tuple[str, ...] = ()
    failure_modes: tuple[str, ...] = ()
    # learnings and failure modes that read as injections: kept on record, never used
    withheld: tuple[dict[str, str], ...] = ()
    tags: tuple[str, ...] = ()
    importance: float = 0.5
    session_id: str | None = None
    completed_at: datetime | None = None
    summary_id: str | None = None
    memory_status: str = "active"  # the memory's lifecycle status (archived ones are kept)

    @classmethod
    def of(cls, record: MemoryRecord) -> Episode:
        """The episode a memory holds (ValidationError when it holds none)."""
        data = episode_data(record)
        if data is None:
            raise ValidationError(f"memory {record.id} is not an episode")
        situation = _dict(data.get("situation"))
        reasoning = _dict(data.get("reasoning"))
        outcome = _dict(data.get("outcome"))
        return cls(
            id=record.id,
            task=str(situation.get("task", record.content)),
            status=str(data.get("status", OPEN)),
            started_at=_when(data.get("started_at")) or record.created_at,
            context=situation.get("context"),
            constraints=_texts(situation.get("constraints")),
            approach=reasoning.get("approach"),
            alternatives=_texts(reasoning.get("alternatives")),
            decision_factors=_texts(reasoning.get("decision_factors")),
            actions=tuple(
                EpisodeAction(
                    type=str(a.get("type", "")),
                    target=str(a.get("target", "")),
                    description=str(a.get("description", "")),
                    result=a.get("result"),
                    at=_when(a.get("at")),
                )
                for a in _list(data.get("actions"))
                if isinstance(a, dict)
            ),
            actions_dropped=count_of(data.get("actions_dropped")),
            outcome_score=outcome.get("score"),
            success=outcome.get("success"),
            learnings=_texts(data.get("learnings")),
            failure_modes=_texts(outcome.get("failure_modes")),
            withheld=tuple(
                {str(k): str(v) for k, v in w.items()}
                for w in data.get("withheld", [])
                if isinstance(w, dict)
            ),
            tags=tuple(record.tags),
            importance=record.importance,
            session_id=record.session_id,
            completed_at=_when(data.get("completed_at")),
            summary_id=data.get("summary_id"),
            memory_status=str(record.status),
        )


@dataclass(frozen=True, slots=True)
class EpisodeHit:
    """A past episode found for a task, with the search score that found it."""

    episode: Episode
    score: float
    explain: dict[str, Any] = field(default_factory=dict)


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def count_of(value: object) -> int:
    """A stored count, 0 when the row holds something else (a damaged or hand-edited
    row is read, never a reason to fail every listing of its scope)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return 0
    return max(0, int(value)) if abs(value) < 2**53 else 0


def _texts(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)
