"""Request bodies of the REST service. Unknown fields are refused (422), as remem
refuses unknown filter keys: a misspelt option never silently does nothing.

Types here are the wire's; every value is checked again by remem itself (content
size, labels, identifiers, JSON size), which answers 422 with its own message.
Responses are remem's own result types (dataclasses), so the OpenAPI document
describes exactly what is returned.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

# Generous wire bounds; remem's own limits (max_content_bytes, ...) are the real ones.
Text = str
Ids = list[str]


class Body(BaseModel):
    """A request body: unknown fields are an error."""

    model_config = ConfigDict(extra="forbid")


class Message(Body):
    """One message of a conversation."""

    role: str | None = None
    content: str
    name: str | None = None
    timestamp: datetime | None = None
    untrusted: bool | None = None


class AddBody(Body):
    """``POST /v1/memories``: ``content`` (one text) or ``messages`` (a conversation).

    A text is stored as written unless ``infer`` is true; messages are extracted
    into facts unless ``infer`` is false (as Mem0's ``add``)."""

    content: Text | None = None
    messages: list[Message] | None = Field(None, max_length=1000)
    infer: bool | None = None
    session_id: str | None = None
    kind: Literal["semantic", "episodic", "procedural", "lesson", "insight"] = "semantic"
    category: str | None = None
    importance: float | None = Field(None, ge=0, le=1)
    tier: Literal["permanent", "standard", "transient"] = "standard"
    valid_from: datetime | None = None
    metadata: dict[str, Any] | None = None
    trusted: bool | None = None
    tags: list[str] | None = None
    confidence: float | None = Field(None, ge=0, le=1)


class RememberBody(Body):
    """``POST /v1/remember``: the hot path (gate, dedup, supersede) for one statement."""

    content: Text
    session_id: str | None = None
    category: str | None = None
    force: bool = False
    trusted: bool | None = None


class UpdateBody(Body):
    """``PATCH /v1/memories/{id}``: a new version; the old one is superseded."""

    content: Text
    reason: str | None = None
    category: str | None = None
    importance: float | None = Field(None, ge=0, le=1)
    tier: Literal["permanent", "standard", "transient"] | None = None
    tags: list[str] | None = None
    valid_from: datetime | None = None
    kind: Literal["semantic", "episodic", "procedural", "lesson", "insight"] | None = None
    metadata: dict[str, Any] | None = None


class SearchBody(Body):
    """``POST /v1/search``."""

    query: Text
    limit: int = Field(10, ge=1, le=1000)
    filters: dict[str, Any] | None = None
    run_id: str | None = None
    threshold: float | None = Field(None, ge=0, le=1)
    include_history: bool = False
    sources: list[Literal["bm25", "vector", "late", "graph"]] | None = None


class ContextBody(Body):
    """``POST /v1/context``: a query text, or the conversation's messages."""

    query: Text | None = None
    messages: list[Message] | None = Field(None, max_length=1000)
    max_tokens: int | None = Field(None, ge=1, le=100_000)
    max_items: int | None = Field(None, ge=1, le=500)
    include_untrusted: bool = False


class DeleteAllBody(Body):
    """``POST /v1/memories/delete-all``: forget every memory of the key's scope that
    ``run_id`` and ``filters`` match. ``confirm`` must be true."""

    confirm: bool
    run_id: str | None = None
    filters: dict[str, Any] | None = None
    reason: str | None = None


class EraseBody(Body):
    """``POST /v1/erase``: purge the key's whole scope. ``confirm`` must be true."""

    confirm: bool


class OutcomeBody(Body):
    """``POST /v1/outcome``: the task that used these memories succeeded or failed."""

    memory_ids: Ids = Field(min_length=1, max_length=1000)
    success: bool
    task: str | None = None


class StartBody(Body):
    opening: str | None = None


class ObserveBody(Body):
    role: str
    content: Text
    tool_calls: list[dict[str, Any]] | None = Field(None, max_length=1000)
    trusted: bool | None = None


class RecallBody(Body):
    prompt: Text
    tool: str | None = None


class FeedbackBody(Body):
    response_text: Text


class EndBody(Body):
    """``POST /v1/sessions/{id}/end``: flush the observed turns. (A transcript file is
    a path on the server's disk, so the REST service does not take one.)"""


class WorkingAddBody(Body):
    session_id: str
    content: Text
    importance: float = Field(0.5, ge=0, le=1)
    trusted: bool | None = None


class LessonBody(Body):
    """``POST /v1/lessons``: a correction or mistake becomes a lesson."""

    text: Text
    context: str | None = None
    session_id: str | None = None


class EpisodeStartBody(Body):
    task: Text
    context: str | None = None
    constraints: list[str] = Field(default_factory=list, max_length=100)
    approach: str | None = None
    alternatives: list[str] = Field(default_factory=list, max_length=100)
    decision_factors: list[str] = Field(default_factory=list, max_length=100)
    tags: list[str] = Field(default_factory=list, max_length=100)
    session_id: str | None = None


class EpisodeActionBody(Body):
    type: str
    target: str
    description: Text
    result: str | None = None


class EpisodeCompleteBody(Body):
    outcome_score: float = Field(ge=0, le=1)
    success: bool
    learnings: list[str] = Field(default_factory=list, max_length=100)
    failure_modes: list[str] = Field(default_factory=list, max_length=100)
    approach: str | None = None


class EpisodeSimilarBody(Body):
    task: Text
    k: int = Field(5, ge=1, le=100)
    failures: bool = False  # only failed episodes (what went wrong before)


class RuleMatchBody(Body):
    text: str
    tool: str | None = None
    limit: int = Field(5, ge=1, le=100)


class RuleOverrideBody(Body):
    behavior: str | None = None
    enabled: bool | None = None


class RevokeBody(Body):
    """``POST /v1/rules/{id}/revoke``, ``POST /v1/lessons/{id}/revoke``: why (optional)."""

    reason: str | None = None


class TriggerAddBody(Body):
    message: Text
    on: date
    session_id: str | None = None
    memory_ids: Ids = Field(default_factory=list, max_length=100)


class TriggerDetectBody(Body):
    text: Text
    session_id: str | None = None
    memory_ids: Ids = Field(default_factory=list, max_length=100)
