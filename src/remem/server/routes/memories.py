"""Memories: add, remember, list, get, update, forget, history, search, context,
outcome, forget-all and erase — each one call into :class:`~remem.Memory` or
:class:`~remem.MemoryAgent` in the key's scope."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel

from remem.agent import OutcomeResult
from remem.errors import UserError, ValidationError
from remem.model import AuditEvent, EraseReport, ForgetReport, MemoryRecord, Page, SearchHit
from remem.read.inject import ContextBlock
from remem.server.deps import AdminWrite, Ctx, Reader, Writer
from remem.server.schemas import (
    AddBody,
    ContextBody,
    DeleteAllBody,
    EraseBody,
    OutcomeBody,
    RememberBody,
    SearchBody,
    UpdateBody,
)

router = APIRouter(tags=["memories"])
MemoryId = Annotated[
    str,
    Path(
        min_length=1, max_length=200, description="A memory id or a unique prefix (8+ characters)."
    ),
]


class Decision(BaseModel):
    """What the write path did with one fact of a ``remember``."""

    content: str
    action: str  # stored | merged | reinforced | rejected
    reason: str
    detail: str = ""
    memory_id: str | None = None
    related_id: str | None = None


class Stored(BaseModel):
    """The memories an ``add`` stored (maybe none: every fact was rejected)."""

    memories: list[MemoryRecord]


def _filters(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(
            f'filters is not JSON ({exc.msg}); e.g. {{"category": "work"}}'
        ) from None
    if not isinstance(value, dict):
        raise ValidationError('filters must be a JSON object, e.g. {"category": "work"}')
    return value


@router.post("/memories", response_model=Stored, status_code=201)
def add(body: AddBody, ctx: Ctx = Writer) -> Stored:
    """Store a text (verbatim unless ``infer``) or a conversation (facts extracted
    unless ``infer`` is false)."""
    if (body.content is None) == (body.messages is None):
        raise ValidationError("give content (a text) or messages (a conversation), not both")
    content: Any = (
        body.content
        if body.content is not None
        else [m.model_dump(exclude_none=True) for m in body.messages or []]
    )
    with ctx.memory() as mem:
        records = mem.add(
            content,
            **ctx.kw,
            session_id=body.session_id,
            kind=body.kind,
            category=body.category,
            importance=body.importance,
            tier=body.tier,
            valid_from=body.valid_from,
            metadata=body.metadata,
            infer=body.infer,
            trusted=body.trusted,
            tags=body.tags,
            confidence=body.confidence,
        )
    return Stored(memories=records)


@router.post("/remember", response_model=list[Decision])
def remember(body: RememberBody, ctx: Ctx = Writer) -> list[Decision]:
    """The hot path: what the statement says, through the gate, dedup and supersede
    (``force``: past the gate's quality checks)."""
    with ctx.memory() as mem:
        decisions = mem.remember(
            body.content,
            **ctx.kw,
            session_id=body.session_id,
            category=body.category,
            force=body.force,
            trusted=body.trusted,
        )
    return [
        Decision(
            content=d.fact.content,
            action=d.action,
            reason=d.reason,
            detail=d.detail,
            memory_id=d.memory_id,
            related_id=d.related_id,
        )
        for d in decisions
    ]


@router.get("/memories", response_model=Page)
def list_memories(
    ctx: Ctx = Reader,
    filters: Annotated[
        str | None,
        Query(max_length=10_000, description='JSON, Mem0\'s filter syntax: {"category": "work"}'),
    ] = None,
    run_id: Annotated[str | None, Query(max_length=200)] = None,
    offset: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 50,
) -> Page:
    """The scope's memories, newest first (active only unless ``filters`` names a status)."""
    parsed = _filters(filters)
    with ctx.memory() as mem:
        return mem.list(**ctx.kw, run_id=run_id, filters=parsed, offset=offset, limit=limit)


@router.get("/memories/{memory_id}", response_model=MemoryRecord)
def get(memory_id: MemoryId, ctx: Ctx = Reader) -> MemoryRecord:
    """One memory, any status."""
    with ctx.memory() as mem:
        return mem.get(memory_id, **ctx.kw)


@router.patch("/memories/{memory_id}", response_model=MemoryRecord)
def update(memory_id: MemoryId, body: UpdateBody, ctx: Ctx = Writer) -> MemoryRecord:
    """A new version of the memory (returned); the old one is superseded, kept in history."""
    changes = body.model_dump(exclude={"content", "reason"}, exclude_none=True)
    with ctx.memory() as mem:
        return mem.update(memory_id, body.content, **ctx.kw, reason=body.reason, **changes)


@router.delete("/memories/{memory_id}", response_model=MemoryRecord)
def forget(
    memory_id: MemoryId,
    ctx: Ctx = Writer,
    reason: Annotated[str | None, Query(max_length=2000)] = None,
) -> MemoryRecord:
    """Forget (soft-delete, audited) one memory; it stays in history."""
    with ctx.memory() as mem:
        return mem.forget(memory_id, **ctx.kw, reason=reason)


@router.get("/memories/{memory_id}/history", response_model=list[AuditEvent])
def history(memory_id: MemoryId, ctx: Ctx = Reader) -> list[AuditEvent]:
    """The audit chain of a memory and of the versions it superseded, oldest first."""
    with ctx.memory() as mem:
        return mem.history(memory_id, **ctx.kw)


@router.post("/search", response_model=list[SearchHit])
def search(body: SearchBody, ctx: Ctx = Reader) -> list[SearchHit]:
    """Ranked memories for the query, each with ``explain`` (its score's factors)."""
    with ctx.memory() as mem:
        return mem.search(
            body.query,
            **ctx.kw,
            limit=body.limit,
            run_id=body.run_id,
            filters=body.filters,
            threshold=body.threshold,
            include_history=body.include_history,
            sources=body.sources,
        )


@router.post("/context", response_model=ContextBlock)
def context(body: ContextBody, ctx: Ctx = Reader) -> ContextBlock:
    """The block of memories to put into a prompt, under a token budget."""
    if (body.query is None) == (body.messages is None):
        raise ValidationError("give query (a text) or messages (a conversation), not both")
    query: Any = (
        body.query
        if body.query is not None
        else [m.model_dump(exclude_none=True) for m in body.messages or []]
    )
    with ctx.memory() as mem:
        return mem.context(
            query,
            **ctx.kw,
            max_tokens=body.max_tokens,
            max_items=body.max_items,
            include_untrusted=body.include_untrusted,
        )


@router.post("/outcome", response_model=OutcomeResult)
def outcome(body: OutcomeBody, ctx: Ctx = Writer) -> OutcomeResult:
    """A task that relied on these memories succeeded or failed: their trust moves."""
    with ctx.agent() as agent:
        return agent.outcome(body.memory_ids, success=body.success, task=body.task)


@router.post("/memories/delete-all", response_model=ForgetReport)
def delete_all(body: DeleteAllBody, ctx: Ctx = AdminWrite) -> ForgetReport:
    """Forget every memory of the key's scope that ``run_id`` / ``filters`` match."""
    if body.confirm is not True:
        raise UserError(
            "delete-all forgets every matching memory of this scope; send confirm: true"
        )
    with ctx.memory() as mem:
        return mem.delete_all(
            **ctx.kw, run_id=body.run_id, filters=body.filters, reason=body.reason
        )


@router.post("/erase", response_model=EraseReport)
def erase(body: EraseBody, ctx: Ctx = AdminWrite) -> EraseReport:
    """Purge the key's whole scope (memories, inputs, vectors, sessions): it cannot be
    undone; the audit keeps one content-free tombstone."""
    if body.confirm is not True:
        raise UserError(
            "erase purges everything of this scope and cannot be undone; send confirm: true"
        )
    with ctx.memory() as mem:
        return mem.erase(**ctx.kw)
