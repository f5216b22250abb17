"""The records remem stores and returns.

Plain dataclasses: cheap to build in hot paths, easy to serialise, typed.
Timestamps are timezone-aware UTC ``datetime`` objects in the API and ISO-8601
strings in the store.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from remem.clock import now as _clock_now
from remem.model_reports import DoctorReport as DoctorReport
from remem.model_reports import EraseReport as EraseReport
from remem.model_reports import Finding as Finding
from remem.model_reports import ForgetReport as ForgetReport


def utcnow() -> datetime:
    """The current time, timezone-aware UTC: the system clock, or the fake one a
    replay installed (:mod:`remem.clock`)."""
    return _clock_now()


_ids: random.Random | None = None  # a replay's seeded id source (see seed_ids)


def new_id() -> str:
    """A new random record id (32 hex characters)."""
    source = _ids
    return uuid.uuid4().hex if source is None else f"{source.getrandbits(128):032x}"


def seed_ids(seed: int | None) -> None:
    """Draw ids from a generator seeded with ``seed`` (None: random again). For
    benchmarks that replay a year twice: ids break ties (``ORDER BY id``), so two
    arms only compare when both draw the same ids. Never in real use."""
    global _ids
    _ids = None if seed is None else random.Random(seed)


class Kind(StrEnum):
    SEMANTIC = "semantic"
    EPISODIC = "episodic"
    PROCEDURAL = "procedural"
    LESSON = "lesson"
    INSIGHT = "insight"


class Tier(StrEnum):
    PERMANENT = "permanent"
    STANDARD = "standard"
    TRANSIENT = "transient"


class Status(StrEnum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"
    COLD = "cold"
    FORGOTTEN = "forgotten"
    PURGED = "purged"


class Strength(StrEnum):
    EXPLICIT = "explicit"
    IMPLIED = "implied"
    INFERRED = "inferred"


class Sentiment(StrEnum):
    FRUSTRATED = "frustrated"
    EXCITED = "excited"
    UNCERTAIN = "uncertain"
    NEUTRAL = "neutral"


class Trust(StrEnum):
    TRUSTED = "trusted"
    UNTRUSTED = "untrusted"


class Visibility(StrEnum):
    PRIVATE = "private"
    ROLE = "role"
    UNIVERSAL = "universal"


@dataclass(frozen=True, slots=True)
class Scope:
    """Who a memory belongs to. At least one field must be set on every read and write.

    A read matches a memory when every field set in the read's scope equals the
    memory's field; unset fields of the read are wildcards.
    """

    user_id: str | None = None
    agent_id: str | None = None
    namespace: str | None = None

    def is_empty(self) -> bool:
        return self.user_id is None and self.agent_id is None and self.namespace is None

    def matches(self, record: MemoryRecord | Resource) -> bool:
        return all(
            want is None or want == have
            for want, have in (
                (self.user_id, record.user_id),
                (self.agent_id, record.agent_id),
                (self.namespace, record.namespace),
            )
        )


@dataclass(slots=True)
class MemoryRecord:
    """One memory: a fact, preference, episode, rule, lesson or insight."""

    content: str
    id: str = field(default_factory=new_id)
    namespace: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    role: str | None = None
    session_id: str | None = None
    kind: Kind = Kind.SEMANTIC
    category: str | None = None
    tags: list[str] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    importance: float = 0.5
    tier: Tier = Tier.STANDARD
    confidence: float = 0.9
    strength: Strength = Strength.EXPLICIT
    sentiment: Sentiment = Sentiment.NEUTRAL
    source_trust: Trust = Trust.TRUSTED
    visibility: Visibility = Visibility.PRIVATE
    status: Status = Status.ACTIVE
    supersedes: str | None = None
    superseded_by: str | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    created_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)
    last_referenced_at: datetime | None = None
    last_accessed_at: datetime | None = None  # last returned by a search or context
    reference_count: int = 0
    access_count: int = 0
    surface_count: int = 0
    success_count: int = 0
    failure_count: int = 0
    trust_score: float = 0.5
    retrieval_priority: float = 0.0
    promoted: bool = False
    purge_candidate_since: datetime | None = None  # first weekly review that found it purgeable
    source_resource_id: str | None = None
    extractor_version: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def scope(self) -> Scope:
        return Scope(user_id=self.user_id, agent_id=self.agent_id, namespace=self.namespace)

    @property
    def is_episode(self) -> bool:
        """An episode's record or its summary: the agent layer's history of a session."""
        return self.kind is Kind.EPISODIC and ("episode" in self.data or "episode_of" in self.data)


@dataclass(slots=True)
class Resource:
    """A raw input as it arrived (message, transcript, tool call, document). Append-only.

    ``content_hash`` identifies a transcript message: a hash of its scope, session,
    role, speaker, time and (redacted) text, chained with the hash of the message
    before it, so ``extract`` recognises what an earlier (interrupted) run stored.
    None for other inputs."""

    content: str
    id: str = field(default_factory=new_id)
    kind: str = "message"
    namespace: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    role: str | None = None
    occurred_at: datetime | None = None
    created_at: datetime = field(default_factory=utcnow)
    metadata: dict[str, Any] = field(default_factory=dict)
    content_hash: str | None = None


@dataclass(slots=True)
class Checkpoint:
    """The state of an agent session at one turn."""

    session_id: str
    turn: int
    user_input: Any = None
    tool_calls: Any = None
    llm_output: Any = None
    internal_state: Any = None
    created_at: datetime = field(default_factory=utcnow)


@dataclass(slots=True)
class WorkingItem:
    """One item of an agent's working memory: short-term, session-scoped, kept in the
    store so separate processes (hooks) share it; it expires at ``expires_at``.

    ``surface_count`` / ``last_surfaced_at`` / ``prev_surfaced_at`` say how often a
    recall found it (an item surfaced twice within the promotion window is promoted
    to a long-term memory, ``promoted_to``); ``carried_from`` names the session it
    was carried over from."""

    content: str
    session_id: str
    id: str = field(default_factory=new_id)
    namespace: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    role: str | None = None
    importance: float = 0.5
    source_trust: Trust = Trust.TRUSTED
    created_at: datetime = field(default_factory=utcnow)
    expires_at: datetime = field(default_factory=utcnow)
    surface_count: int = 0
    last_surfaced_at: datetime | None = None
    prev_surfaced_at: datetime | None = None
    promoted_to: str | None = None
    carried_from: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def scope(self) -> Scope:
        return Scope(user_id=self.user_id, agent_id=self.agent_id, namespace=self.namespace)


def withheld_by_default(item: MemoryRecord | WorkingItem) -> bool:
    """Whether ``item`` reaches an agent only on the caller's opt-in: it came from an
    untrusted source, or it is flagged as an instruction aimed at the agent (prompt
    injection), whatever its trust says. The one predicate of context blocks, agent
    recall, working memory and summaries."""
    return item.source_trust is Trust.UNTRUSTED or bool(item.data.get("injection"))


@dataclass(frozen=True, slots=True)
class Injected:
    """A memory put into an agent's context, kept for feedback: its id, a hash of the
    content injected (feedback skips a memory changed since), its token cost,
    ``context``, the hashed terms of the text it was injected for (empty when it was
    not found by a query; :mod:`remem.read.feedback_context`) and ``match``, its
    match score for that text (:mod:`remem.agent.floor`)."""

    memory_id: str
    content_hash: str
    tokens: int
    part: str = "relevant"
    context: tuple[str, ...] = ()
    match: float | None = None


@dataclass(slots=True)
class AgentSession:
    """The state of one agent session, in the store so any process can continue it.

    ``turns`` counts observed turns; ``flushed_turns`` how many of them the session
    flush has extracted; ``injected`` the memories put into context since the last
    feedback."""

    session_id: str
    namespace: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    started_at: datetime = field(default_factory=utcnow)
    ended_at: datetime | None = None
    opening: str | None = None
    turns: int = 0
    flushed_turns: int = 0
    injected: list[Injected] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def scope(self) -> Scope:
        return Scope(user_id=self.user_id, agent_id=self.agent_id, namespace=self.namespace)


@dataclass(frozen=True, slots=True)
class TurnCost:
    """What one agent operation cost (``op``: start, observe, recall, feedback, end...):
    embedding and LLM calls, LLM tokens, store statements, tokens injected."""

    session_id: str
    turn: int
    op: str
    at: datetime
    embed_calls: int = 0
    llm_calls: int = 0
    llm_tokens: int = 0
    db_statements: int = 0
    injected_tokens: int = 0


@dataclass(frozen=True, slots=True)
class PendingWork:
    """Writes an agent operation answered before doing (``kind``: ``recall`` or
    ``observe``), journaled in the store so they are done even if the process that
    answered dies; ``data`` holds what doing them needs, texts and refs together
    (see remem/agent/deferred.py).
    ``attempts``: how many times a process claimed it."""

    id: int
    kind: str
    scope: Scope
    data: dict[str, Any]
    created_at: datetime
    attempts: int = 0


@dataclass(slots=True)
class AuditEvent:
    """One change to a memory (or to a subject, for erase tombstones)."""

    event: str
    memory_id: str | None
    id: int | None = None
    at: datetime = field(default_factory=utcnow)
    actor: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class SearchHit:
    """A memory returned by a search, with its score and why it got it.

    ``explain`` holds every factor of the score: for each candidate source its
    rank and raw score, and the fusion that combined them.
    """

    memory: MemoryRecord
    score: float
    sources: list[str] = field(default_factory=list)
    explain: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Page:
    """One page of a listing."""

    items: list[MemoryRecord]
    total: int
    offset: int
    limit: int


@dataclass(slots=True)
class Summary:
    """One version of a category summary (markdown)."""

    category: str
    content: str
    facts: int
    generator: str
    created_at: datetime
    archived_at: datetime | None = None
    # ids of the memories it was built from; None: unknown (an older store's summary)
    sources: tuple[str, ...] | None = None


class TriggerStatus(StrEnum):
    PENDING = "pending"  # waiting for its day
    FIRED = "fired"  # injected into a session start (once)
    DONE = "done"  # the user or agent marked it handled
    CANCELLED = "cancelled"


@dataclass(slots=True)
class Trigger:
    """A forward trigger: something said about a future day ("the release is next
    Friday"), to bring up at the first session start on or after ``trigger_date``.

    ``phrase`` is the time expression it came from; ``memory_ids`` the memories it
    is about; ``session_id`` the session whose message created it."""

    trigger_date: date
    message: str
    id: str = field(default_factory=new_id)
    namespace: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    phrase: str = ""
    memory_ids: list[str] = field(default_factory=list)
    status: TriggerStatus = TriggerStatus.PENDING
    created_at: datetime = field(default_factory=utcnow)
    fired_at: datetime | None = None
    closed_at: datetime | None = None  # when marked done or cancelled
    # where it came from (remem.agent.triggers: source, surface, by, session, excerpt)
    provenance: dict[str, Any] = field(default_factory=dict)
    held: str | None = None  # why it is never shown (read, not stored), or None

    @property
    def scope(self) -> Scope:
        return Scope(user_id=self.user_id, agent_id=self.agent_id, namespace=self.namespace)


class KeyRole(StrEnum):
    """What a REST API key may do (remem/server/): each role includes the one above."""

    READER = "reader"  # search, context, get, list, history, lessons, rules, ...
    WRITER = "writer"  # + remember, update, forget, outcome, feedback, sessions, ...
    ADMIN = "admin"  # + export, forget-all and erase of the key's own scope


@dataclass(slots=True)
class ApiKey:
    """A REST API key as stored: never the key itself, only its SHA-256 digest.

    The key a client holds is ``remem_<id>_<secret>``; ``id`` is public (listings,
    revocation). The key is bound to a scope and a role: every request made with it
    reads and writes that scope only. ``rate_per_minute``: its write rate limit
    (None: the server's ``server_write_rate_per_minute``)."""

    id: str
    digest: bytes
    role: KeyRole
    name: str = ""
    user_id: str | None = None
    agent_id: str | None = None
    namespace: str | None = None
    rate_per_minute: int | None = None
    created_at: datetime = field(default_factory=utcnow)
    revoked_at: datetime | None = None

    @property
    def scope(self) -> Scope:
        return Scope(user_id=self.user_id, agent_id=self.agent_id, namespace=self.namespace)
