"""What :class:`~remem.agent.MemoryAgent` returns: small frozen dataclasses that
serialise to plain JSON types with ``to_dict()`` (for MCP, hooks and REST)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from remem.model import MemoryRecord


def to_plain(value: Any) -> Any:
    """``value`` as JSON types: dataclasses, enums, datetimes, tuples included."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


class _Plain:
    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This result as plain JSON types."""
        out = to_plain(self)
        assert isinstance(out, dict)
        return out


@dataclass(frozen=True, slots=True)
class ContextPart(_Plain):
    """One labelled part of a context block ("## Lessons", "## Relevant", ...)."""

    label: str
    lines: tuple[str, ...]
    memory_ids: tuple[str, ...] = ()
    tokens: int = 0
    refs: tuple[str, ...] = ()  # the rules or triggers its lines show


@dataclass(frozen=True, slots=True)
class ContextResult(_Plain):
    """A context block for the agent's prompt: its labelled parts, their text under
    ``max_tokens`` (counted with ``tokenizer``), and the memories injected."""

    session_id: str
    text: str
    parts: tuple[ContextPart, ...]
    injected_ids: tuple[str, ...]
    tokens: int
    max_tokens: int
    tokenizer: str
    economy: bool = False  # the session is over budget_per_turn: fewer, cheaper memories
    withheld: int = 0  # untrusted memories left out (the agent did not opt in)
    # memories the search found but feedback left out: ignored every time they were
    # injected, and matched no better now (remem.read.feedback_context)
    skipped: int = 0


@dataclass(frozen=True, slots=True)
class SessionStart(_Plain):
    """What :meth:`MemoryAgent.start_session` did and the context it built."""

    session_id: str
    context: ContextResult
    resumed: bool  # the session existed (started by another process): continued
    jobs_ran: tuple[str, ...] = ()
    jobs_deferred: tuple[str, ...] = ()
    triggers_fired: tuple[str, ...] = ()
    carried_over: tuple[str, ...] = ()  # working items moved in from earlier sessions

    @property
    def text(self) -> str:
        """The context block to put before the user's first message."""
        return self.context.text


@dataclass(frozen=True, slots=True)
class StartPreview:
    """The block a new session would start with, built without writing
    (:meth:`MemoryAgent.preview_start`): its ``context``, the ``memories`` its
    memory lines show (by id: a line's age is relative to when it is shown), and
    ``changes_at``, the first time the block changes by time alone (a reminder
    comes due, a carried-over item expires; None: not by time); ``settles_at``, when
    the last item a new session could carry over expires (None: none)."""

    context: ContextResult
    memories: dict[str, MemoryRecord]
    changes_at: datetime | None = None
    settles_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class ObserveResult(_Plain):
    """What :meth:`MemoryAgent.observe` stored for one turn."""

    session_id: str
    turn: int
    remembered: tuple[str, ...] = ()  # memories the hot path wrote ("remember ...")
    error_note: str | None = None  # the episodic note of an error
    decision: str | None = None  # the decision stored with its reasoning
    working_item: str | None = None
    triggers: tuple[str, ...] = ()  # forward triggers created
    skipped: tuple[str, ...] = ()  # what could not be stored, and why
    deferred: bool = False  # journaled, recorded by settle (observe(defer=True)); turn 0
    lesson: str | None = None  # the lesson a correction or a standing rule taught


@dataclass(frozen=True, slots=True)
class Fact(_Plain):
    """One clean, resolved, trust-tagged fact :meth:`MemoryAgent.query` returns."""

    content: str
    source: str  # "memory" or "working" (this session's working memory)
    memory_id: str | None = None  # the memory (or working item) id
    kind: str | None = None
    category: str | None = None
    confidence: float | None = None
    trust_score: float | None = None
    score: float = 0.0
    tags: tuple[str, ...] = ()
    valid_from: datetime | None = None
    resolved: tuple[str, ...] = ()  # older conflicting memories this one wins over


@dataclass(frozen=True, slots=True)
class EchoResult(_Plain):
    """How one injected memory fared in the response."""

    memory_id: str
    used: bool
    overlap: float
    maxsim: float | None
    tokens: int
    delta: float


@dataclass(frozen=True, slots=True)
class FeedbackResult(_Plain):
    """Echo/fizzle of the memories injected since the last feedback."""

    session_id: str
    judged: tuple[EchoResult, ...]
    used: tuple[str, ...]
    ignored: tuple[str, ...]
    skipped: int = 0  # injected entries not judged (instructions, changed or gone)


@dataclass(frozen=True, slots=True)
class OutcomeResult(_Plain):
    """The trust changes of one task outcome."""

    memory_ids: tuple[str, ...]  # the memories changed
    success: bool
    task: str | None = None


@dataclass(frozen=True, slots=True)
class LessonResult(_Plain):
    """The lesson a correction became."""

    memory_id: str
    text: str
    action: str  # stored | repeated | superseded | flagged
    shape: str
    generator: str  # rules | llm
    fallback: str | None = None  # why the LLM's lesson was not used
    replaced: str | None = None  # the lesson it superseded
    repeats: str | None = None  # the earlier lesson it says again
    flag: str | None = (
        None  # flagged: the phrase aimed at the agent (stored untrusted, never loaded)
    )


@dataclass(frozen=True, slots=True)
class WorkingPromotion(_Plain):
    """A working-memory item that became a long-term memory."""

    item_id: str
    memory_id: str
    content: str


@dataclass(frozen=True, slots=True)
class WorkingFailure(_Plain):
    """A working-memory item whose promotion failed (it stays in working memory and is
    not tried again); ``reason`` never holds the item's content."""

    item_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class SessionEnd(_Plain):
    """What :meth:`MemoryAgent.end_session` flushed."""

    session_id: str
    turns: int
    extracted_turns: int  # observed turns extracted now
    transcript_messages: int = 0  # transcript messages extracted now
    transcript_skipped: int = 0  # ...and those an earlier run had stored
    stored: tuple[str, ...] = ()  # memories the extraction stored
    promoted: tuple[WorkingPromotion, ...] = ()
    promotion_failed: tuple[WorkingFailure, ...] = ()  # items that earned it but failed now
    episodes_completed: tuple[str, ...] = ()  # the session's episodes closed with its outcome
    episodes_open: tuple[str, ...] = ()  # left open: no outcome given
    reflected: bool = False
    reflection: dict[str, Any] | None = None
    cost: dict[str, int] = field(default_factory=dict)  # the whole session's
    already_ended: bool = False
