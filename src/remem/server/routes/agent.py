"""Agent sessions, working memory and lessons: each a call into
:class:`~remem.MemoryAgent` bound to the key's scope (docs/agent.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel

from remem.agent import (
    ContextResult,
    FeedbackResult,
    LessonResult,
    ObserveResult,
    SessionEnd,
    SessionStart,
)
from remem.agent.adoption import Lesson
from remem.model import AgentSession, WorkingItem
from remem.server.deps import Ctx, Reader, Writer
from remem.server.schemas import (
    EndBody,
    FeedbackBody,
    LessonBody,
    ObserveBody,
    RecallBody,
    RevokeBody,
    StartBody,
    WorkingAddBody,
)

router = APIRouter()
SessionId = Annotated[str, Path(min_length=1, max_length=200, description="The session's id.")]
ItemId = Annotated[str, Path(min_length=1, max_length=200, description="A working item's id.")]


class SessionState(BaseModel):
    """A session as stored, and what it cost so far."""

    session: AgentSession
    cost: dict[str, int]


class Cleared(BaseModel):
    cleared: int


@router.post("/sessions/{session_id}/start", response_model=SessionStart, tags=["sessions"])
def start_session(session_id: SessionId, body: StartBody, ctx: Ctx = Writer) -> SessionStart:
    """Start (or resume) a session: the context to put before the user's first message."""
    with ctx.agent() as agent:
        return agent.start_session(session_id, opening=body.opening)


@router.post("/sessions/{session_id}/observe", response_model=ObserveResult, tags=["sessions"])
def observe(session_id: SessionId, body: ObserveBody, ctx: Ctx = Writer) -> ObserveResult:
    """Record one turn: "remember ..." stored at once, errors and decisions noted, the
    rest into working memory."""
    with ctx.agent() as agent:
        return agent.observe(
            session_id, body.role, body.content, tool_calls=body.tool_calls, trusted=body.trusted
        )


@router.post("/sessions/{session_id}/recall", response_model=ContextResult, tags=["sessions"])
def recall(session_id: SessionId, body: RecallBody, ctx: Ctx = Writer) -> ContextResult:
    """The context for one prompt: working memory first, then the relevant memories."""
    with ctx.agent() as agent:
        return agent.recall(session_id, body.prompt, tool=body.tool)


@router.post("/sessions/{session_id}/feedback", response_model=FeedbackResult, tags=["sessions"])
def feedback(session_id: SessionId, body: FeedbackBody, ctx: Ctx = Writer) -> FeedbackResult:
    """Echo/fizzle: which injected memories the response used."""
    with ctx.agent() as agent:
        return agent.feedback(session_id, body.response_text)


@router.post("/sessions/{session_id}/end", response_model=SessionEnd, tags=["sessions"])
def end_session(session_id: SessionId, body: EndBody, ctx: Ctx = Writer) -> SessionEnd:
    """Flush the session: extract its turns, promote earned working memory, end it."""
    with ctx.agent() as agent:
        return agent.end_session(session_id)


@router.get("/sessions/{session_id}", response_model=SessionState, tags=["sessions"])
def show_session(session_id: SessionId, ctx: Ctx = Reader) -> SessionState:
    """A session's stored state and cost."""
    with ctx.agent() as agent:
        session = agent.session(session_id)
        cost = agent.session_cost(session_id).to_dict()
    return SessionState(session=session, cost=cost)


@router.get("/working", response_model=list[WorkingItem], tags=["working memory"])
def working_list(
    ctx: Ctx = Reader,
    session_id: Annotated[str | None, Query(max_length=200)] = None,
) -> list[WorkingItem]:
    """Unexpired working memory (of one session, or of the scope), newest first."""
    with ctx.agent() as agent:
        return agent.working_items(session_id)


@router.post("/working", response_model=WorkingItem, status_code=201, tags=["working memory"])
def working_add(body: WorkingAddBody, ctx: Ctx = Writer) -> WorkingItem:
    """Put an item into a session's working memory."""
    with ctx.agent() as agent:
        return agent.working_add(
            body.session_id, body.content, importance=body.importance, trusted=body.trusted
        )


@router.post("/working/{item_id}/promote", response_model=WorkingItem, tags=["working memory"])
def working_promote(item_id: ItemId, ctx: Ctx = Writer) -> WorkingItem:
    """Promote a working item to a long-term memory by hand."""
    with ctx.agent() as agent:
        return agent.working_promote(item_id)


@router.delete("/working", response_model=Cleared, tags=["working memory"])
def working_clear(
    ctx: Ctx = Writer,
    session_id: Annotated[str | None, Query(max_length=200)] = None,
) -> Cleared:
    """Delete the working memory of one session (or of the whole scope)."""
    with ctx.agent() as agent:
        return Cleared(cleared=agent.working_clear(session_id))


@router.get("/lessons", response_model=list[Lesson], tags=["lessons"])
def lessons(
    ctx: Ctx = Reader,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
    include_held: bool = False,
    include_revoked: bool = False,
) -> list[Lesson]:
    """The lessons a session start loads, most important first, each with its
    provenance; ``include_held`` / ``include_revoked``: every lesson, newest first."""
    with ctx.agent() as agent:
        return agent.lessons_list(
            include_held=include_held, include_revoked=include_revoked, limit=limit
        )


@router.post("/lessons/{lesson_id}/revoke", response_model=Lesson, tags=["lessons"])
def lessons_revoke(lesson_id: ItemId, body: RevokeBody, ctx: Ctx = Writer) -> Lesson:
    """Take a lesson out for good: never loaded, restored or learnt from again."""
    with ctx.agent() as agent:
        return agent.revoke_lesson(lesson_id, reason=body.reason)


@router.post("/lessons", response_model=LessonResult, status_code=201, tags=["lessons"])
def correct(body: LessonBody, ctx: Ctx = Writer) -> LessonResult:
    """A correction or a mistake becomes a lesson, loaded at every session start."""
    with ctx.agent() as agent:
        return agent.correct(body.text, context=body.context, session_id=body.session_id)
