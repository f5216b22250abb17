"""The lifecycle part of the Store protocol: access counts, state changes, job
leases and run records, consolidation (:mod:`remem.lifecycle`); and the records
those methods take. :class:`remem.store.base.Store` includes it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from remem.model import (
    AuditEvent,
    MemoryRecord,
    Resource,
    Scope,
)

if TYPE_CHECKING:  # remem.filters builds ListFilters: imported there at run time
    pass


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


class LifecycleStore(Protocol):
    """What the lifecycle jobs ask of a storage backend."""

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
