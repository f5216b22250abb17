"""Lifecycle jobs: named jobs of steps, a runner with a lease lock, and catch-up.

A :class:`Job` is a name, an interval and a tuple of :class:`Step`\\ s; a step is
one function ``(ctx: JobContext) -> StepResult`` (these are defined in
:mod:`remem.lifecycle.job`). The jobs remem runs are listed in
:mod:`remem.lifecycle.schedule`; adding work to a job is adding a step there.

What every step must do:

- take the time from ``ctx.now`` (never the clock), so a simulation or a test can
  run a year on a fake clock;
- be idempotent: run twice at the same ``now`` it changes nothing the second time;
- write nothing when ``ctx.dry_run`` (return what it would change instead);
- for long work, go in batches: call ``ctx.tick(done, total)`` (progress, lease
  renewal) and stop when ``ctx.out_of_time()``, returning ``done=False`` after
  saving where it was with ``ctx.save(state)``; the next run of the job starts
  that step again with ``ctx.state`` set to what was saved (also after a crash).

The runner (:class:`Jobs`, ``mem.jobs``) takes the job's lease in the ``jobs``
table (one atomic update; it lapses ``jobs_lease_s`` after the holder's last
sign of life, so a run that crashed is taken over and resumed), writes a
``job_runs`` record with counts, and on success sets ``last_run_at = now``.
:meth:`Jobs.run_due` runs every overdue job, oldest first, and starts no new
one once its time budget is spent.
"""

from __future__ import annotations

import logging
import os
import socket
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from remem.errors import StoreError, ValidationError
from remem.isolation import isolated
from remem.lifecycle.job import (
    CatchUp,
    Job,
    JobContext,
    JobResult,
    JobStatus,
    Lease,
    LeaseLostError,
    Progress,
    Step,
    StepFn,
    StepItem,
    StepResult,
)
from remem.model import utcnow

log = logging.getLogger("remem.lifecycle")

if TYPE_CHECKING:
    from remem.memory import Memory
    from remem.store.base import JobState

__all__ = [
    "CatchUp",
    "Job",
    "JobContext",
    "JobResult",
    "JobStatus",
    "Jobs",
    "LeaseLostError",
    "Progress",
    "Step",
    "StepFn",
    "StepItem",
    "StepResult",
]


# -- the runner -------------------------------------------------------------------------
class Jobs:
    """The lifecycle jobs of one store (``mem.jobs``): status, run one, catch up."""

    def __init__(self, mem: Memory, jobs: Sequence[Job] | None = None) -> None:
        from remem.lifecycle.schedule import default_jobs

        self.mem = mem
        self.jobs: dict[str, Job] = {j.name: j for j in (default_jobs() if jobs is None else jobs)}
        unknown = set(mem.config.jobs_interval_hours) - set(self.jobs)
        if unknown and jobs is None:  # a typo in the config (a custom list may leave some out)
            raise ValidationError(
                f"jobs_interval_hours names unknown jobs: {', '.join(sorted(unknown))}; "
                f"the jobs are {', '.join(self.jobs)}"
            )

    def interval(self, job: Job) -> timedelta:
        hours = self.mem.config.jobs_interval_hours.get(job.name)
        return job.interval if hours is None else timedelta(hours=hours)

    def status(self, now: datetime | None = None) -> list[JobStatus]:
        """Every job's schedule, last run, lease and whether it is due at ``now``."""
        now, wall = now or utcnow(), utcnow()
        states = self.mem.store.job_states()
        out = []
        for job in self.jobs.values():
            st = states.get(job.name)
            last = st.last_run_at if st else None
            out.append(
                JobStatus(
                    name=job.name,
                    description=job.description,
                    interval_hours=self.interval(job).total_seconds() / 3600,
                    steps=tuple(s.name for s in job.steps),
                    last_run_at=last,
                    last_status=st.last_status if st else None,
                    due=self._due(job, st, now, wall),
                    next_due_at=None if last is None else last + self.interval(job),
                    running=_held(st, wall),
                    lock_owner=st.lock_owner if st else None,
                    lock_until=st.lock_until if st else None,
                    partial=bool(st and st.detail.get("partial")),
                    last_counts=dict(st.detail.get("counts", {})) if st else {},
                )
            )
        return out

    def run(
        self,
        name: str,
        *,
        now: datetime | None = None,
        dry_run: bool = False,
        budget_ms: float | None = None,
        progress: Progress | None = None,
    ) -> JobResult:
        """Run job ``name`` now, due or not (``dry_run``: report, write nothing).

        Returns the run's :class:`JobResult`; a job another process holds comes back
        ``busy`` and a job that raised comes back ``failed`` (recorded, not raised)."""
        job = self.jobs.get(name)
        if job is None:
            raise ValidationError(f"no job {name!r}; the jobs are {', '.join(self.jobs)}")
        deadline = None if budget_ms is None else time.monotonic() + budget_ms / 1000
        return self._run(job, now or utcnow(), deadline, dry_run, progress)

    def run_due(
        self,
        now: datetime | None = None,
        *,
        budget_ms: float | None = None,
        progress: Progress | None = None,
    ) -> CatchUp:
        """Run every overdue job, oldest last run first (never run: first of all).

        With ``budget_ms``, no job starts once that much time has passed, and a
        running job stops between batches when it is spent (``partial``: resumed at
        the next call); the jobs not started are returned as ``deferred``."""
        now, wall = now or utcnow(), utcnow()
        deadline = None if budget_ms is None else time.monotonic() + budget_ms / 1000
        states = self.mem.store.job_states()
        order = {name: i for i, name in enumerate(self.jobs)}
        due = sorted(
            (job for job in self.jobs.values() if self._due(job, states.get(job.name), now, wall)),
            key=lambda j: (_last(states.get(j.name)), order[j.name]),
        )
        ran: list[JobResult] = []
        deferred: list[str] = []
        for job in due:
            if deadline is not None and time.monotonic() >= deadline:
                deferred.append(job.name)
                continue
            ran.append(self._run(job, now, deadline, False, progress))
        return CatchUp(ran=ran, deferred=deferred)

    # -- internals ------------------------------------------------------------------------
    def _due(self, job: Job, st: JobState | None, now: datetime, wall: datetime) -> bool:
        if st is None:
            return True
        if st.last_status == "failed" and "failed_at" in st.detail:
            retry = timedelta(minutes=self.mem.config.jobs_retry_minutes)
            waited = wall - datetime.fromisoformat(st.detail["failed_at"])
            if "failed_now" in st.detail:
                # On the job's clock too: a simulation's fake clock moves days while
                # the wall clock moves seconds, and a failed job must be retried there.
                waited = max(waited, now - datetime.fromisoformat(st.detail["failed_now"]))
            if waited < retry:
                return False
        if st.detail.get("partial"):
            return True  # an unfinished run resumes whatever the interval
        return st.last_run_at is None or now - st.last_run_at >= self.interval(job)

    def _run(
        self,
        job: Job,
        now: datetime,
        deadline: float | None,
        dry_run: bool,
        progress: Progress | None,
    ) -> JobResult:
        store, started = self.mem.store, time.monotonic()
        states = store.job_states()
        last = states[job.name].last_run_at if job.name in states else None
        if dry_run:
            ctx = self._context(job, now, last, True, None, None, progress, {})
            result = self._steps(job, ctx, now)
            result.status = "dry_run"
            result.duration_ms = (time.monotonic() - started) * 1000
            return result
        owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        seconds = self.mem.config.jobs_lease_s
        wall = utcnow()
        # Within a budget, wait for the write lock no longer than the budget left.
        wait = None if deadline is None else max(0, int((deadline - time.monotonic()) * 1000))
        try:
            acquired = store.acquire_job(
                job.name, owner, until=wall + timedelta(seconds=seconds), now=wall, wait_ms=wait
            )
        except StoreError as exc:  # the file is busy past the wait, or read-only
            return JobResult(job.name, "busy", now, error=str(exc))
        if not acquired:
            return JobResult(job.name, "busy", now, error=f"job {job.name} runs elsewhere")
        lease = Lease(store, job.name, owner, seconds)
        st = store.job_states().get(job.name)
        partial: dict[str, Any] = dict(st.detail.get("partial") or {}) if st else {}
        partial.setdefault("started", utcnow().isoformat())
        run_id = store.start_job_run(job.name, owner, now=now, started_at=utcnow())
        ctx = self._context(job, now, last, False, deadline, lease, progress, partial)
        result = JobResult(job.name, "failed", now, run_id=run_id, error="interrupted")
        try:
            result = self._steps(job, ctx, now)
            result.run_id = run_id
        except LeaseLostError as exc:
            result.status, result.error = "lost", str(exc)
        # A step's failure of any kind is recorded on the job (and retried later), not
        # raised: catch-up runs inside agent hooks, which must not fail because of it.
        except Exception as exc:
            result.status, result.error = "failed", f"{type(exc).__name__}: {exc}"
        finally:
            # Also on KeyboardInterrupt: the run record and the lease are settled.
            result.duration_ms = (time.monotonic() - started) * 1000
            self._settle(job, owner, result, partial)
        return result

    def _context(
        self,
        job: Job,
        now: datetime,
        last: datetime | None,
        dry_run: bool,
        deadline: float | None,
        lease: Lease | None,
        progress: Progress | None,
        partial: dict[str, Any],
    ) -> JobContext:
        return JobContext(
            self.mem,
            job,
            now=now,
            last_run_at=last,
            dry_run=dry_run,
            deadline=deadline,
            lease=lease,
            progress=progress,
            partial=partial,
        )

    def _steps(self, job: Job, ctx: JobContext, now: datetime) -> JobResult:
        partial = ctx._partial
        done_steps: list[str] = partial.setdefault("done", [])
        counts: dict[str, int] = dict(partial.get("counts", {}))
        result = JobResult(job.name, "ok", now, counts=counts)
        failed: list[str] = []
        for step in job.steps:
            if step.name in done_steps:
                continue
            if result.steps and ctx.out_of_time():
                result.status = "partial"  # the rest of the job waits for the next run
                break
            ctx.step = step.name
            ctx.state = dict(partial.get("state", {}).get(step.name, {}))
            ctx.failures = []
            # One step's own error (a bug, an odd item it did not isolate) skips that
            # step this run; the job's other steps still run. The store failing, a
            # provider failing or the lease lapsing still stop the job.
            with isolated(
                log, f"job {job.name} step", step.name, passthrough=(LeaseLostError,)
            ) as attempt:
                outcome = step.run(ctx)
            if attempt.failed:
                outcome = StepResult(
                    {"step_failed": 1}, [StepItem(step.name, "failed", attempt.failed)]
                )
                failed.append(f"{step.name}: {attempt.failed}")
            if ctx.failures:
                outcome.items.extend(ctx.failures)
                outcome.counts["item_failures"] = outcome.counts.get("item_failures", 0) + len(
                    ctx.failures
                )
            result.steps[step.name] = outcome
            for key, n in outcome.counts.items():
                counts[key] = counts.get(key, 0) + n
            partial["counts"] = counts
            if not outcome.done:
                result.status = "partial"
                break
            done_steps.append(step.name)
            partial.get("state", {}).pop(step.name, None)
            if ctx._lease is not None:
                ctx._lease.keep_alive({"partial": partial}, force=True)
        if failed:  # the run is complete; the skipped steps run again next time
            result.error = "skipped " + "; ".join(failed)
        return result

    def _settle(self, job: Job, owner: str, result: JobResult, partial: dict[str, Any]) -> None:
        store, limit = self.mem.store, self.mem.config.jobs_report_items
        detail: dict[str, Any] = {
            "steps": {n: {"counts": s.counts, "done": s.done} for n, s in result.steps.items()},
            "items": [item.record() for item in result.items[:limit]],
        }
        if result.error:
            detail["error"] = result.error
        if result.run_id is not None:
            store.finish_job_run(
                result.run_id,
                status=result.status,
                counts=result.counts,
                detail=detail,
                finished_at=utcnow(),
            )
        if result.status == "lost":
            return  # the lease is someone else's now
        job_detail: dict[str, Any] = {"counts": result.counts, "run_id": result.run_id}
        if result.status != "ok":
            job_detail["partial"] = partial
        elif result.error:  # complete, but steps were skipped: say which, and why
            job_detail["error"] = result.error
        if result.status == "failed":
            job_detail.update(
                error=result.error,
                failed_at=utcnow().isoformat(),
                failed_now=result.now.isoformat(),
            )
        store.release_job(
            job.name,
            owner,
            status=result.status,
            detail=job_detail,
            last_run_at=result.now if result.status == "ok" else None,
        )


def _held(st: JobState | None, wall: datetime) -> bool:
    return bool(st and st.lock_owner and st.lock_until and st.lock_until > wall)


def _last(st: JobState | None) -> tuple[bool, datetime]:
    """Sort key: never-run jobs first, then the oldest last run."""
    last = st.last_run_at if st else None
    return (last is not None, last or datetime.min.replace(tzinfo=UTC))
