"""What a lifecycle job is made of, and what its steps get: the definitions and the
:class:`JobContext` (the contract a step follows is in :mod:`remem.lifecycle.jobs`)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from remem.isolation import Outcome, isolated
from remem.model import AuditEvent, MemoryRecord, utcnow

if TYPE_CHECKING:
    from remem.config import Config
    from remem.memory import Memory
    from remem.providers.base import Vectors
    from remem.store.base import PackedTokens, Store

Progress = Callable[[str, int, int], None]  # (job:step, done, total)
log = logging.getLogger("remem.lifecycle")


# -- definitions ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StepItem:
    """One memory a step changed (or, in a dry run, would change)."""

    memory_id: str
    action: str
    reason: str
    preview: str = ""  # the start of its content: shown by the CLI, never stored in a run record

    def record(self) -> dict[str, str]:
        """What the run record keeps of it: no content."""
        return {"memory_id": self.memory_id, "action": self.action, "reason": self.reason}


@dataclass(slots=True)
class StepResult:
    """What a step did: counts, the memories it changed, and whether it finished."""

    counts: dict[str, int] = field(default_factory=dict)
    items: list[StepItem] = field(default_factory=list)
    done: bool = True  # False: stopped for the time budget; resumed at the next run


StepFn = Callable[["JobContext"], StepResult]


@dataclass(frozen=True, slots=True)
class Step:
    """A named unit of a job's work."""

    name: str
    run: StepFn


@dataclass(frozen=True, slots=True)
class Job:
    """A named job: its steps run in order; it is due ``interval`` after its last run
    (``config.jobs_interval_hours[name]`` overrides the interval)."""

    name: str
    interval: timedelta
    steps: tuple[Step, ...]
    description: str = ""


@dataclass(slots=True)
class JobResult:
    """One run of a job. ``status``: ``ok`` (with ``error`` set when a step failed on
    its own and was skipped; the other steps ran); ``partial`` (stopped for the budget, resumed
    next time); ``busy`` (another process holds the job); ``failed`` (``error`` says
    why; retried after ``jobs_retry_minutes``); ``lost`` (the lease lapsed mid-run);
    ``dry_run``."""

    name: str
    status: str
    now: datetime
    counts: dict[str, int] = field(default_factory=dict)
    steps: dict[str, StepResult] = field(default_factory=dict)
    run_id: int | None = None
    error: str | None = None
    duration_ms: float = 0.0

    @property
    def items(self) -> list[StepItem]:
        return [item for step in self.steps.values() for item in step.items]


@dataclass(slots=True)
class CatchUp:
    """What :meth:`Jobs.run_due` did: the runs, and the due jobs left for later."""

    ran: list[JobResult]
    deferred: list[str]


@dataclass(frozen=True, slots=True)
class JobStatus:
    """A job's schedule and state, as :meth:`Jobs.status` reports it."""

    name: str
    description: str
    interval_hours: float
    steps: tuple[str, ...]
    last_run_at: datetime | None
    last_status: str | None
    due: bool
    next_due_at: datetime | None
    running: bool
    lock_owner: str | None
    lock_until: datetime | None
    partial: bool
    last_counts: dict[str, int]


class LeaseLostError(Exception):
    """The job's lease lapsed while it ran (it stalled past ``jobs_lease_s``); another
    process may have taken over, so this one stops writing."""


# -- the context a step runs in ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Embedded:
    """A made memory's vectors (:meth:`JobContext.embed`)."""

    vectors: Vectors
    tokens: list[PackedTokens] | None


class JobContext:
    """What a step gets: the engine, ``now``, its resume state, the budget and the lease."""

    def __init__(
        self,
        mem: Memory,
        job: Job,
        *,
        now: datetime,
        last_run_at: datetime | None,
        dry_run: bool,
        deadline: float | None,
        lease: Lease | None,
        progress: Progress | None,
        partial: dict[str, Any],
    ) -> None:
        self.mem = mem
        self.store: Store = mem.store
        self.config: Config = mem.config
        self.job = job
        self.now = now
        self.last_run_at = last_run_at  # the ``now`` of the job's last complete run
        self.dry_run = dry_run
        self.step = ""
        self.state: dict[str, Any] = {}  # what the current step saved before it stopped
        self._deadline = deadline
        self._lease = lease
        self._progress = progress
        self._partial = partial  # {"done": [...], "state": {step: ...}, "counts": {...}}
        self.failures: list[StepItem] = []  # items the current step skipped (isolated)

    @property
    def counts(self) -> dict[str, int]:
        """The counts of the job's steps so far (this run and the ones it resumes)."""
        return dict(self._partial.get("counts", {}))

    @property
    def shows_progress(self) -> bool:
        """Whether someone watches :meth:`tick` (worth counting a total for)."""
        return self._progress is not None

    def out_of_time(self) -> bool:
        """Whether the time budget of this run is spent (never, without a budget)."""
        return self._deadline is not None and time.monotonic() >= self._deadline

    def tick(self, done: int, total: int) -> None:
        """Report progress and keep the lease alive (call it once per batch)."""
        if self._progress is not None:
            self._progress(f"{self.job.name}:{self.step}", done, total)
        if self._lease is not None:
            self._lease.keep_alive(None)

    @contextmanager
    def isolated(self, key: str, *, hide: Iterable[str] = ()) -> Iterator[Outcome]:
        """Run one item of the current step alone (:mod:`remem.isolation`): an error of
        the item is logged at WARNING (its id and the reason, never ``hide``, its
        content) and reported as a ``failed`` item of the step, and the step goes on.
        Never inside a transaction (what the item wrote before failing would commit)."""
        what = f"job {self.job.name}:{self.step} item"
        with isolated(log, what, key, hide=hide, passthrough=(LeaseLostError,)) as out:
            yield out
        if out.failed:
            self.failures.append(StepItem(key, "failed", out.failed))

    def embed(self, record: MemoryRecord) -> Embedded:
        """The vectors of a memory a job makes, computed before its transaction (no
        model call holds the write lock)."""
        from remem.write.embed import embed_for_store

        vectors, tokens = embed_for_store(
            self.mem.embedder,
            [record.content],
            drop_low_information=self.config.late_drop_stopwords,
        )
        return Embedded(vectors, tokens)

    def insert_made(
        self, record: MemoryRecord, embedded: Embedded, detail: Mapping[str, Any]
    ) -> None:
        """Insert a memory this job made (an insight, a digest) with its vectors and a
        ``created`` event naming the job; call inside the caller's transaction."""
        model_id = self.mem.embedder.model_id
        event = AuditEvent(
            event="created",
            memory_id=record.id,
            at=self.now,
            detail={**detail, "job": self.job.name},
        )
        self.store.insert_memories(
            [record], vectors=embedded.vectors, model_id=model_id, events=[event]
        )
        if embedded.tokens is not None:
            self.store.put_token_vectors([record.id], embedded.tokens, model_id=model_id)

    def save(self, state: Mapping[str, Any]) -> None:
        """Persist where the current step is, so a later run resumes from there."""
        self.state = dict(state)
        self._partial.setdefault("state", {})[self.step] = self.state
        if self._lease is not None and not self.dry_run:
            self._lease.keep_alive({"partial": self._partial}, force=True)


class Lease:
    """The job's lease in the store, renewed when a third of it has passed."""

    def __init__(self, store: Store, name: str, owner: str, seconds: float) -> None:
        self.store, self.name, self.owner = store, name, owner
        self.length = timedelta(seconds=seconds)
        self.renewed = time.monotonic()

    def keep_alive(self, detail: Mapping[str, Any] | None, *, force: bool = False) -> None:
        if not force and time.monotonic() - self.renewed < self.length.total_seconds() / 3:
            return
        if not self.store.renew_job(
            self.name, self.owner, until=utcnow() + self.length, detail=detail
        ):
            raise LeaseLostError(f"job {self.name}: lease lost")
        self.renewed = time.monotonic()
