"""The agent layer: :class:`MemoryAgent` owns every memory operation of one agent —
sessions, working memory, lessons, feedback (echo/fizzle, outcomes) and budgets.
See docs/agent.md."""

from __future__ import annotations

from remem.agent.agent import MemoryAgent
from remem.agent.budget import Usage
from remem.agent.results import (
    ContextPart,
    ContextResult,
    EchoResult,
    Fact,
    FeedbackResult,
    LessonResult,
    ObserveResult,
    OutcomeResult,
    SessionEnd,
    SessionStart,
    WorkingFailure,
    WorkingPromotion,
)

__all__ = [
    "ContextPart",
    "ContextResult",
    "EchoResult",
    "Fact",
    "FeedbackResult",
    "LessonResult",
    "MemoryAgent",
    "ObserveResult",
    "OutcomeResult",
    "SessionEnd",
    "SessionStart",
    "Usage",
    "WorkingFailure",
    "WorkingPromotion",
]
