"""The Store protocol: everything the engine asks of a storage backend.

SQLite (:mod:`remem.store.sqlite`) is the default; PostgreSQL follows the same
protocol. Every method that takes a :class:`~remem.model.Scope` enforces it:
no read returns, and no write touches, a record outside that scope. Methods
are atomic; :meth:`Store.transaction` groups several into one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from remem.model import (
    AgentSession,
    ApiKey,
    AuditEvent,
    Checkpoint,
    DoctorReport,
    EraseReport,
    Injected,
    MemoryRecord,
    Page,
    PendingWork,
    Resource,
    Scope,
    Summary,
    Trigger,
    TurnCost,
    WorkingItem,
)

if TYPE_CHECKING:  # remem.filters builds ListFilters: imported there at run time
    from remem.filters import Filter


@dataclass(slots=True)
class ListFilter:
    """Narrowing of a listing or search beyond scope: every field set must hold.

    ``where`` is a parsed filter expression (:func:`remem.filters.parse_filter`,
    Mem0's dict syntax), compiled to SQL by the store. Backends that serve a search
    from an in-process index re-check every proposal against all of it."""

    statuses: tuple[str, ...] = ("active",)
    kinds: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    session_id: str | None = None
    tags: tuple[str, ...] = ()
    where: Filter | None = None
    promoted: bool | None = None  # only (not) promoted memories; None: either


@dataclass(frozen=True, slots=True)
class PackedTokens:
    """One memory's per-token vectors, int8-quantised for storage.

    Row ``i`` of the token vectors is ``vectors[i] * scales[i]``; ``token_ids[i]``
    is that token's id in the embedder's vocabulary (for idf weighting).
    """

    token_ids: npt.NDArray[np.uint32]
    vectors: npt.NDArray[np.int8]
    scales: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return int(self.token_ids.shape[0])


@dataclass(frozen=True, slots=True)
class TokenBlock:
    """Several memories' token vectors, concatenated in store order.

    Memory ``i`` owns rows ``offsets[i] : offsets[i] + lengths[i]`` of
    ``token_ids``, ``vectors`` and ``scales``; its float vectors are
    ``vectors[row] * scales[row]`` (see :class:`PackedTokens`).
    """

    memory_ids: list[str]
    session_ids: list[str | None]
    lengths: npt.NDArray[np.intp]
    token_ids: npt.NDArray[np.uint32]
    vectors: npt.NDArray[np.int8]  # (sum(lengths), dim)
    scales: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return len(self.memory_ids)

    @property
    def offsets(self) -> npt.NDArray[np.intp]:
        """Where each memory's rows start."""
        return np.concatenate(([0], np.cumsum(self.lengths)[:-1])).astype(np.intp)

    def tokens(self, i: int) -> PackedTokens:
        """Memory ``i``'s rows as one :class:`PackedTokens`."""
        start = int(self.offsets[i])
        rows = slice(start, start + int(self.lengths[i]))
        return PackedTokens(self.token_ids[rows], self.vectors[rows], self.scales[rows])

    @classmethod
    def of(
        cls,
        memory_ids: list[str],
        docs: Sequence[PackedTokens],
        session_ids: list[str | None] | None = None,
    ) -> TokenBlock:
        """A block of ``docs`` (one per memory id), in the order given."""
        dim = next((d.vectors.shape[1] for d in docs if d.vectors.ndim == 2), 0)
        empty = PackedTokens(
            np.zeros(0, np.uint32), np.zeros((0, dim), np.int8), np.zeros(0, np.float32)
        )
        parts = [empty, *docs]
        return cls(
            memory_ids,
            session_ids if session_ids is not None else [None] * len(memory_ids),
            np.array([len(d) for d in docs], dtype=np.intp),
            np.concatenate([d.token_ids for d in parts]).astype(np.uint32),
            np.concatenate([d.vectors.reshape(len(d), dim) for d in parts]).astype(np.int8),
            np.concatenate([d.scales for d in parts]).astype(np.float32),
        )


@dataclass(frozen=True, slots=True)
class HybridCandidates:
    """A large scope's first stage from one read (:meth:`Store.hybrid_candidates`)."""

    bm25: list[tuple[str, float]]  # as bm25_search returns them
    vector: list[tuple[str, float]]  # as vector_search returns them
    tokens: TokenBlock  # of the top ``token_depth`` of each list, in store order


@dataclass(frozen=True, slots=True)
class FieldChange:
    """A lifecycle change of one memory's state (:meth:`Store.change_fields`).

    ``fields`` may set ``status``, ``promoted``, ``purge_candidate_since``,
    ``last_accessed_at``, ``last_referenced_at`` (a restore) and ``updated_at`` —
    never content or counters. The change
    applies only while the memory still has ``expect_status`` (another process may
    have restored, forgotten or updated it since it was read); ``event`` is written
    with it.
    """

    memory_id: str
    expect_status: str
    fields: Mapping[str, Any]
    event: AuditEvent | None = None


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """A learned-signal change of one memory (:meth:`Store.adjust_scores`): deltas
    added in one statement, clipped (``retrieval_priority`` to [-1, 1],
    ``trust_score`` to [0, 1]), so concurrent feedback from several processes adds
    up. ``event`` is written with it, its ``detail["after"]`` set to the new values.
    ``judgement``: appended to the memory's ``data["feedback"]`` in the same
    transaction, which then keeps its last ``keep_judgements`` entries."""

    memory_id: str
    retrieval_priority: float = 0.0
    trust_score: float = 0.0
    successes: int = 0
    failures: int = 0
    event: AuditEvent | None = None
    judgement: Mapping[str, Any] | None = None
    keep_judgements: int = 0


@dataclass(frozen=True, slots=True)
class JobState:
    """One row of the ``jobs`` table: a lifecycle job's last run and its lease."""

    name: str
    last_run_at: datetime | None = None  # the ``now`` of the last complete run
    last_status: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    lock_owner: str | None = None
    lock_until: datetime | None = None  # wall clock


@dataclass(frozen=True, slots=True)
class JobRunRecord:
    """One run of a lifecycle job (the ``job_runs`` table)."""

    id: int
    job: str
    owner: str
    now: datetime
    started_at: datetime
    finished_at: datetime | None
    status: str
    counts: dict[str, int]
    detail: dict[str, Any]


class Store(Protocol):
    """A remem storage backend."""

    path: str

    def close(self) -> None: ...

    def transaction(self, *, sync: bool = True) -> AbstractContextManager[None]:
        """Group calls into one atomic write (re-entrant: an inner block joins the
        outer one, whose ``sync`` counts). ``sync=False``: the commit does not wait
        for the disk — it survives this process dying, not the machine losing power
        before the store's next synced commit (which makes it durable too); for
        writes another synced write follows at once."""
        ...

    # -- resources ---------------------------------------------------------------
    def append_resource(self, resource: Resource) -> None: ...

    def get_resource(self, resource_id: str, scope: Scope) -> Resource | None: ...

    def iter_resources(self, scope: Scope | None = None) -> Iterator[Resource]: ...

    def known_resources(self, content_hashes: Sequence[str], scope: Scope) -> set[str]:
        """The ones of ``content_hashes`` that resources in ``scope`` already carry."""
        ...

    # -- memories ----------------------------------------------------------------
    def insert_memories(
        self,
        records: Sequence[MemoryRecord],
        *,
        vectors: npt.NDArray[np.float32] | None,
        model_id: str | None,
        events: Sequence[AuditEvent] = (),
    ) -> None: ...

    def update_memory(self, record: MemoryRecord, *, event: AuditEvent | None = None) -> None:
        """Write changed fields of an existing record (status, confidence, data...);
        content is immutable here: a new content is a new version (see Memory.update).
        Usage counters are not written here but by their own increments
        (:meth:`record_access`, :meth:`add_references`, :meth:`mark_surfaced`)."""
        ...

    def get_memory(self, memory_id: str, scope: Scope) -> MemoryRecord | None: ...

    def get_memories(self, memory_ids: Sequence[str], scope: Scope) -> list[MemoryRecord]: ...

    def ids_with_prefix(self, prefix: str, scope: Scope, *, limit: int) -> tuple[list[str], int]:
        """The first ``limit`` ids (in id order) of memories in ``scope``, any status,
        that are or start with ``prefix``, and how many there are in all."""
        ...

    def find_by_hash(self, content: str, scope: Scope) -> MemoryRecord | None: ...

    def list_memories(
        self, scope: Scope, *, filters: ListFilter | None = None, offset: int = 0, limit: int = 50
    ) -> Page: ...

    def iter_memories(self, scope: Scope | None = None) -> Iterator[MemoryRecord]: ...

    def erase(self, scope: Scope, *, actor: str | None = None) -> EraseReport: ...

    def erase_all(self, *, actor: str | None = None) -> EraseReport:
        """:meth:`erase` of every subject in the store, in one transaction."""
        ...

    # -- audit -------------------------------------------------------------------
    def add_events(self, events: Sequence[AuditEvent]) -> None: ...

    def mark_surfaced(
        self, memory_ids: Sequence[str], *, events: Sequence[AuditEvent] = ()
    ) -> None:
        """Add 1 to each memory's ``surface_count`` (one statement) and write ``events``,
        atomically. Surfacing is not a reference: nothing else of the memory changes."""
        ...

    def history(self, memory_id: str) -> list[AuditEvent]: ...

    def iter_events(self) -> Iterator[AuditEvent]: ...

    # -- search ------------------------------------------------------------------
    def bm25_search(
        self,
        terms: Sequence[str],
        scope: Scope,
        *,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]:
        """``(memory_id, score)`` best first; any term may match (higher is better)."""
        ...

    def vector_search(
        self,
        query: npt.NDArray[np.float32],
        scope: Scope,
        *,
        model_id: str,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]: ...

    def other_vector_model(self, model_id: str) -> str | None:
        """A stored vector model id other than ``model_id``, if any (a cheap check)."""
        ...

    def vector_models(self) -> dict[str, int]:
        """Count of stored vectors per embedding model id."""
        ...

    def memories_needing_vectors(
        self, model_id: str, *, limit: int, dim: int | None = None
    ) -> list[MemoryRecord]:
        """Memories without a usable vector of ``model_id`` (of ``dim`` floats when given)."""
        ...

    def put_vectors(
        self, memory_ids: Sequence[str], vectors: npt.NDArray[np.float32], *, model_id: str
    ) -> None: ...

    def get_vectors(self, memory_ids: Sequence[str]) -> dict[str, tuple[str, bytes]]: ...

    def put_token_vectors(
        self, memory_ids: Sequence[str], packed: Sequence[PackedTokens], *, model_id: str
    ) -> None:
        """Store (or replace) each memory's per-token vectors for ``model_id``."""
        ...

    def token_vectors(
        self,
        scope: Scope,
        *,
        model_id: str,
        filters: ListFilter | None = None,
        memory_ids: Sequence[str] | None = None,
    ) -> TokenBlock:
        """The token vectors of ``model_id`` for memories in scope passing
        ``filters`` (only ``memory_ids`` if given), in store order, as one block."""
        ...

    def hybrid_candidates(
        self,
        terms: Sequence[str],
        vector: npt.NDArray[np.float32],
        scope: Scope,
        *,
        model_id: str,
        bm25_limit: int,
        vector_limit: int,
        token_depth: int,
        filters: ListFilter | None = None,
    ) -> HybridCandidates | None:
        """What :meth:`bm25_search` and :meth:`vector_search` return, and the token
        vectors of the top ``token_depth`` of each (as :meth:`token_vectors` reads
        them), in fewer round trips. None when the backend cannot for these
        arguments (e.g. filters beyond status): the caller then makes those calls."""
        ...

    def token_vector_state(
        self, scope: Scope, *, model_id: str, filters: ListFilter | None = None
    ) -> tuple[int, str]:
        """How many memories in scope have token vectors of ``model_id``, and a
        version string that changes whenever that set or its vectors may have."""
        ...

    def memories_needing_token_vectors(
        self, model_id: str, *, limit: int
    ) -> list[MemoryRecord]: ...

    # -- checkpoints -------------------------------------------------------------
    def put_checkpoint(self, checkpoint: Checkpoint, scope: Scope) -> None: ...

    def list_checkpoints(
        self, session_id: str, scope: Scope, *, upto: int | None = None
    ) -> list[Checkpoint]:
        """The session's checkpoints in turn order, up to and including ``upto``."""
        ...

    # -- write-path tables -------------------------------------------------------
    def link_entities(
        self,
        memory_id: str,
        scope: Scope,
        *,
        entities: Sequence[str],
        relations: Sequence[tuple[str, str, str]] = (),
    ) -> None:
        """Record the named things a memory mentions and the relations it states."""
        ...

    def mark_extracted(self, resource_id: str, extractor_version: str, facts: int) -> None: ...

    def unextracted_resources(
        self, extractor_version: str, scope: Scope | None = None, *, limit: int = 1000
    ) -> list[Resource]: ...

    def put_summary(self, scope: Scope, summary: Summary) -> None:
        """Make ``summary`` current for its category in exactly ``scope`` (the previous
        one is archived); ``summary.sources`` are the ids it was built from."""
        ...

    def archive_summary(self, scope: Scope, category: str) -> None:
        """Archive the current summary of ``category`` in exactly ``scope``."""
        ...

    def summaries_citing(
        self, memory_ids: Sequence[str] = (), *, within: Scope | None = None
    ) -> list[tuple[Scope, str]]:
        """``(scope, category)`` of the current summaries built from any of
        ``memory_ids``, or from any memory in scope ``within``."""
        ...

    def summaries(
        self, scope: Scope, *, category: str | None = None, archived: bool = False
    ) -> list[Summary]: ...

    def event_counts(self, event: str, key: str) -> dict[str, int]:
        """Counts of ``event`` audit rows grouped by ``detail[key]``."""
        ...

    # -- graph lookups (read path) -----------------------------------------------
    def match_entities(self, scope: Scope, names: Sequence[str]) -> list[tuple[int, str, int]]:
        """``(entity_id, name, memories linked)`` of entities in scope whose name, case-
        and space-normalised, is one of ``names``."""
        ...

    def entity_memories(
        self,
        scope: Scope,
        entity_ids: Sequence[int],
        *,
        filters: ListFilter | None = None,
        limit: int = 1000,
    ) -> list[tuple[str, int]]:
        """``(memory_id, entity_id)`` of memories in scope linked to ``entity_ids``."""
        ...

    def entity_relations(
        self, scope: Scope, entity_ids: Sequence[int]
    ) -> list[tuple[int, str, int, str, str]]:
        """``(src_id, predicate, dst_id, src_name, dst_name)`` touching ``entity_ids``."""
        ...

    def bump_counter(self, name: str, by: int = 1) -> None:
        """Add ``by`` to a named usage counter (e.g. which retrieval tier answered)."""
        ...

    def counters(self, prefix: str = "") -> dict[str, int]:
        """Named usage counters starting with ``prefix``."""
        ...

    # -- lifecycle (remem/lifecycle/) ---------------------------------------------
    def record_access(self, counts: Mapping[str, int], *, at: datetime, wait_ms: int) -> bool:
        """Add each count to its memory's ``access_count`` and move ``last_accessed_at``
        up to ``at``, in one short write that waits at most ``wait_ms`` for the lock.

        False when the lock stayed busy (nothing written: the caller keeps the counts
        for later); True when written, or when the store cannot be written at all
        (read-only: nothing to retry). Best-effort: it need not survive a power cut."""
        ...

    def add_references(
        self, memory_ids: Sequence[str], scope: Scope, *, at: datetime, events: Sequence[AuditEvent]
    ) -> int:
        """``reference_count + 1`` and ``last_referenced_at = at`` for each active memory
        of ``memory_ids`` in ``scope``, with ``events``, atomically; returns how many."""
        ...

    def change_fields(self, changes: Sequence[FieldChange]) -> list[str]:
        """Apply lifecycle changes (see :class:`FieldChange`) atomically; the ids of
        those applied (a memory no longer in its expected status is left alone)."""
        ...

    def drop_token_vectors(self, memory_ids: Sequence[str]) -> int:
        """Delete these memories' token vectors (archived and cold memories keep
        none; they are rebuilt on restore); returns how many were deleted."""
        ...

    def purge_memories(
        self,
        memory_ids: Sequence[str],
        *,
        statuses: Sequence[str],
        at: datetime,
        events: Sequence[AuditEvent],
    ) -> list[str]:
        """Irreversibly remove the content of those of ``memory_ids`` still in one of
        ``statuses``: text, tags, entities and data blanked, status ``purged``;
        vectors, token vectors, full-text terms and entity links deleted, and the
        source resource when no unpurged memory comes from it. The row stays as a
        content-free tombstone; ``events`` are written for the purged ids (their
        ids are returned). Call :meth:`compact` after the last purge of a run."""
        ...

    def compact(self) -> bool:
        """After a purge: remove the purged text from disk — the cache files beside
        the store, the full-text index pages, the write-ahead log — as an erase
        does. False when readers still hold old pages: the next open finishes it."""
        ...

    def scan_memories(
        self,
        *,
        statuses: Sequence[str],
        after_id: str | None = None,
        limit: int = 500,
        promoted: bool | None = None,
    ) -> list[MemoryRecord]:
        """Store-wide, for lifecycle jobs: memories in ``statuses`` (and with this
        ``promoted`` flag, if given) whose id sorts after ``after_id``, in id order."""
        ...

    def adjust_scores(
        self, changes: Sequence[ScoreChange], scope: Scope, *, at: datetime
    ) -> list[str]:
        """Apply each :class:`ScoreChange` to its memory if it is active and in ``scope``,
        atomically; the ids changed (events are written for those only)."""
        ...

    # -- lifecycle jobs: lease and run records -------------------------------------
    def job_states(self) -> dict[str, JobState]: ...

    def acquire_job(
        self,
        name: str,
        owner: str,
        *,
        until: datetime,
        now: datetime,
        wait_ms: int | None = None,
    ) -> bool:
        """Take the lease of job ``name`` for ``owner`` until ``until`` (wall clock) if
        nobody holds it or its lease ended before ``now``; one atomic update. With
        ``wait_ms``, wait at most that long for the write lock (StoreError after)."""
        ...

    def renew_job(
        self,
        name: str,
        owner: str,
        *,
        until: datetime,
        detail: Mapping[str, Any] | None = None,
    ) -> bool:
        """Extend ``owner``'s lease (and save ``detail``, e.g. a resume cursor); False
        when ``owner`` no longer holds it."""
        ...

    def release_job(
        self,
        name: str,
        owner: str,
        *,
        status: str,
        detail: Mapping[str, Any],
        last_run_at: datetime | None,
    ) -> None:
        """Drop ``owner``'s lease, recording ``status`` and ``detail``; ``last_run_at``
        (when not None) becomes the job's last complete run."""
        ...

    def start_job_run(self, name: str, owner: str, *, now: datetime, started_at: datetime) -> int:
        """A new ``running`` run record (earlier runs of ``name`` still ``running``
        become ``abandoned``: their owner lost the lease); returns its id."""
        ...

    def finish_job_run(
        self,
        run_id: int,
        *,
        status: str,
        counts: Mapping[str, int],
        detail: Mapping[str, Any],
        finished_at: datetime,
    ) -> None: ...

    def job_runs(self, name: str | None = None, *, limit: int = 20) -> list[JobRunRecord]:
        """The latest run records, newest first."""
        ...

    # -- consolidation (remem/lifecycle/: nightly, weekly, monthly) ---------------
    def memories_created(
        self,
        *,
        since: datetime | None,
        until: datetime,
        statuses: Sequence[str],
        after: tuple[datetime, str] | None = None,
        scope: Scope | None = None,
        limit: int = 500,
    ) -> list[MemoryRecord]:
        """Store-wide (or in exactly ``scope``, no wildcard): memories in ``statuses``
        created in ``(since, until]``, in ``(created_at, id)`` order after the cursor
        ``after``."""
        ...

    def memory_scopes(
        self,
        *,
        statuses: Sequence[str],
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> list[Scope]:
        """The exact scopes of memories in ``statuses`` created in ``[since, until)``."""
        ...

    def summary_keys(self) -> list[tuple[Scope, str]]:
        """``(exact scope, category)`` of active categorised memories and of current
        summaries: what a full rebuild of the category summaries visits."""
        ...

    def summary_state(
        self, scope: Scope, category: str
    ) -> tuple[tuple[str, ...] | None, int] | None:
        """``(sources, facts)`` of the current summary of ``category`` in exactly
        ``scope``, or None when it has none."""
        ...

    def resources_without_memories(self, *, limit: int = 500) -> list[Resource]:
        """Resources (not updates) that no extractor processed and no memory comes
        from, oldest first: what the nightly extraction picks up."""
        ...

    def token_vector_holders(
        self, *, statuses: Sequence[str], after_id: str | None = None, limit: int = 500
    ) -> list[str]:
        """Ids (in id order, after ``after_id``) of memories in ``statuses`` that still
        have token vectors."""
        ...

    def health_counts(self) -> dict[str, Any]:
        """Counts for the health report: by status, tier/status, active category and
        kind, created per day and status, memories with token vectors per status."""
        ...

    def merge_memories(
        self, keep_id: str, merged_id: str, *, at: datetime, events: Sequence[AuditEvent]
    ) -> bool:
        """Merge ``merged_id`` into ``keep_id``, atomically, if both are active: the
        merged one becomes ``superseded`` (``superseded_by = keep_id``), the kept one
        takes over its usage counters (summed; latest use times); ``events`` written.
        False (nothing written) when either is not active any more."""
        ...

    def boost_priority(
        self,
        memory_ids: Sequence[str],
        *,
        by: float,
        cap: float,
        events: Sequence[AuditEvent],
    ) -> list[str]:
        """``retrieval_priority + by`` (at most ``cap``) for the active ones below the
        cap; their ids are returned and their ``events`` written, atomically."""
        ...

    def extend_data_list(
        self, memory_id: str, key: str, values: Sequence[str], *, event: AuditEvent | None
    ) -> bool:
        """Append ``values`` not already there to the list ``data[key]`` of a memory
        (a link: ``conflicts_with``, ``insights``), with ``event``; False when nothing
        was added."""
        ...

    def reindex(self) -> dict[str, int]:
        """Rebuild the full-text index and merge it, delete the cache files beside the
        store and rebuild this process's BM25 and vector (HNSW) indexes; counts."""
        ...

    # -- forward triggers (remem/agent/triggers.py) --------------------------------
    def add_triggers(self, triggers: Sequence[Trigger]) -> list[Trigger]:
        """Store ``triggers`` (each in its own scope), atomically; a pending trigger with
        the same scope, day and message is not stored twice (the existing one is
        returned in its place). Returns them as stored."""
        ...

    def get_trigger(self, trigger_id: str, scope: Scope) -> Trigger | None: ...

    def list_triggers(
        self,
        scope: Scope,
        *,
        statuses: Sequence[str] = (),
        due_by: date | None = None,
        limit: int = 100,
    ) -> list[Trigger]:
        """Triggers in scope (in ``statuses`` if given; with ``trigger_date <= due_by``
        if given), soonest first."""
        ...

    def set_trigger_status(
        self,
        trigger_ids: Sequence[str],
        scope: Scope,
        *,
        status: str,
        expect: Sequence[str],
        at: datetime,
    ) -> list[Trigger]:
        """Move those of ``trigger_ids`` in scope whose status is one of ``expect`` to
        ``status`` (``fired``: ``fired_at = at``; ``done`` / ``cancelled``:
        ``closed_at = at``), atomically; the triggers changed."""
        ...

    # -- REST API keys (remem/server/keys.py) ------------------------------------------
    def add_api_key(self, key: ApiKey) -> None:
        """Store a new key (its digest, never the key). An id already used is refused
        (ValidationError)."""
        ...

    def get_api_key(self, key_id: str) -> ApiKey | None:
        """The key with this id (revoked ones too), or None."""
        ...

    def list_api_keys(self, *, include_revoked: bool = False) -> list[ApiKey]:
        """Every key, oldest first (active ones only unless ``include_revoked``)."""
        ...

    def revoke_api_key(self, key_id: str, *, at: datetime) -> ApiKey | None:
        """Mark the key revoked at ``at`` (a revoked key stays revoked, its time kept);
        the key as stored now, or None if there is no such key."""
        ...

    # -- agent sessions and working memory (remem/agent/) ----------------------------
    def open_session(self, session: AgentSession) -> tuple[AgentSession, bool]:
        """Create the session, or return the one with this id in the same scope;
        ``(session, created)``. An id used by another scope is refused
        (ValidationError), as checkpoints are keyed by session id alone."""
        ...

    def get_session(self, session_id: str, scope: Scope) -> AgentSession | None: ...

    def list_sessions(
        self, scope: Scope, *, ended: bool | None = None, limit: int = 20
    ) -> list[AgentSession]:
        """Sessions in scope, newest start first (only ended / open ones if asked)."""
        ...

    def count_sessions(self, scope: Scope, *, ended: bool | None = None) -> int: ...

    def next_turn(self, session_id: str, scope: Scope) -> int:
        """Add 1 to the session's turn counter and return it (atomic: two processes
        observing the same session never get the same turn)."""
        ...

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
        """Set the given fields (``flushed_turns`` only ever grows; ``data`` keys
        merge into the session's data; ``reopen`` clears ``ended_at``)."""
        ...

    def add_injected(
        self, session_id: str, scope: Scope, injected: Sequence[Injected], *, keep: int
    ) -> None:
        """Append :class:`~remem.model.Injected` entries to the session's list (the
        newest ``keep`` stay)."""
        ...

    def take_injected(self, session_id: str, scope: Scope) -> list[Injected]:
        """The session's injected entries, cleared in the same transaction (so two
        feedback calls never count one injection twice)."""
        ...

    def add_turn_cost(self, cost: TurnCost, scope: Scope) -> None: ...

    def add_pending(
        self,
        kind: str,
        scope: Scope,
        texts: Mapping[str, Any],
        refs: Mapping[str, Any],
        *,
        at: datetime,
    ) -> int:
        """Journal deferred writes (committed when this returns): ``texts`` (redacted
        as every text) and ``refs`` (ids, hashes, counts, times remem made: kept
        as they are); the row's id. :class:`PendingWork.data` holds both."""
        ...

    def has_pending(self) -> bool:
        """Whether any deferred writes wait (claimed or not)."""
        ...

    def claim_pending(
        self, *, at: datetime, stale_before: datetime, limit: int = 100
    ) -> list[PendingWork]:
        """Claim, oldest first, the rows no process holds (or held since before
        ``stale_before``); each row is claimed by one caller only."""
        ...

    def finish_pending(self, work_id: int) -> None:
        """Delete a row whose writes are done."""
        ...

    def session_costs(self, session_id: str, scope: Scope, *, limit: int = 1000) -> list[TurnCost]:
        """The session's cost rows, oldest first."""
        ...

    def add_working(self, item: WorkingItem, *, capacity: int, now: datetime) -> list[str]:
        """Store ``item``; drop its session's expired items and, past ``capacity``,
        the oldest; the ids dropped."""
        ...

    def working_items(
        self,
        scope: Scope,
        *,
        session_id: str | None = None,
        now: datetime | None = None,
        include_promoted: bool = True,
        limit: int = 200,
    ) -> list[WorkingItem]:
        """Working items in scope (of one session if given; unexpired at ``now`` if
        given), newest first."""
        ...

    def get_working(self, item_id: str, scope: Scope) -> WorkingItem | None: ...

    def surface_working(
        self, item_ids: Sequence[str], scope: Scope, *, at: datetime
    ) -> list[WorkingItem]:
        """Count one surfacing of each item at ``at`` (``prev_surfaced_at`` keeps the
        one before); the items as they are after."""
        ...

    def mark_working_promoted(self, item_id: str, scope: Scope, memory_id: str) -> bool:
        """Record that the item became memory ``memory_id``; False if it already had."""
        ...

    def carry_working(
        self, scope: Scope, session_id: str, *, now: datetime, limit: int
    ) -> list[WorkingItem]:
        """Move the unexpired, unpromoted items of the scope's other sessions (the
        newest ``limit``) into ``session_id``; the items moved."""
        ...

    def clear_working(
        self, scope: Scope, *, session_id: str | None = None, expired_at: datetime | None = None
    ) -> int:
        """Delete working items in scope (of one session; only those expired at
        ``expired_at`` if given); how many."""
        ...

    def statement_count(self) -> int:
        """How many statements this handle has run (cost accounting)."""
        ...

    # -- misc --------------------------------------------------------------------
    def stats(self, scope: Scope | None = None) -> dict[str, Any]: ...

    def doctor(self, *, model_id: str | None = None, full: bool = False) -> DoctorReport:
        """Check the store without changing it (``remem doctor``); ``model_id`` is the
        configured embedder's, ``full`` asks for the slow, exhaustive page check."""
        ...

    def rebuild_fts(self) -> None:
        """Rebuild the full-text index from the memories."""
        ...
