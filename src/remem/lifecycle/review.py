"""The weekly review's steps: apply the review policies to every memory, write the
promoted memories' markdown file, compact after a purge; and its nightly part
(:func:`settle_step`: expire and archive of the active set).

Each step follows the contract of :mod:`remem.lifecycle.jobs` (``now`` from the
context, idempotent, dry-run aware, batched with a resume cursor).
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from remem.config import Config
from remem.lifecycle import memory_md
from remem.lifecycle.job import JobContext, StepItem, StepResult
from remem.lifecycle.policies import (
    PURGEABLE,
    Change,
    derived,
    effective_score,
    protected,
    review,
    reviewed,
)
from remem.model import AuditEvent, MemoryRecord, Scope, Status
from remem.read import digests
from remem.read.fallback import keeps_tokens
from remem.store.base import FieldChange, Store

PREVIEW_CHARS = 80
# Effective-score bands the report counts memories in (upper bounds).
BANDS = ((0.1, "score<0.1"), (0.3, "score<0.3"), (0.6, "score<0.6"), (1.01, "score<=1"))


# What the nightly settle step applies: the policies that only move a memory out of
# the active set (reversibly), never cold, purge or promote (the weekly review's).
SETTLE_POLICIES = ("expire", "archive")


def review_step(ctx: JobContext) -> StepResult:
    """Every active, archived and cold memory through :func:`policies.review`, one
    batch (one transaction) at a time; counts what changed and what decayed."""
    return _scan(ctx, [str(s) for s in reviewed(ctx.config)], None)


def settle_step(ctx: JobContext) -> StepResult:
    """The nightly part of the review: every active memory through the expire and
    archive policies alone (those of ``review_policies``), so a memory leaves the
    active set the night its allowance runs out — a prompt or chatter after
    ``archive_session_only_days``, a one-off note after its day — not up to a week
    later at the weekly review. Reversible as the weekly review's moves are (the
    archive tier still answers, a reference restores); cold, purge and promote stay
    weekly."""
    return _scan(ctx, [str(Status.ACTIVE)], SETTLE_POLICIES)


def _scan(ctx: JobContext, statuses: list[str], only: tuple[str, ...] | None) -> StepResult:
    store, config, now = ctx.store, ctx.config, ctx.now
    after = ctx.state.get("after")
    scanned = int(ctx.state.get("scanned", 0))
    total = 0
    if ctx.shows_progress:  # a count of every status: only for a progress bar
        by_status = store.stats().get("by_status", {})
        total = sum(int(by_status.get(s, 0)) for s in statuses)
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    while True:
        batch = store.scan_memories(statuses=statuses, after_id=after, limit=config.jobs_batch)
        if not batch:
            break
        plans = []
        for record in batch:  # each alone: one record's error skips only that record
            with ctx.isolated(record.id, hide=[record.content]):
                plans.append((record, review(record, now, config, only=only)))
        if only is None:  # the weekly review: outdated digests, the score bands
            plans = _outdated(plans, store)
            with ctx.isolated("score bands"):
                _count_scores(batch, counts, now=now, previous=ctx.last_run_at, config=config)
        if ctx.dry_run:
            for record, changes in plans:
                for change in changes:
                    counts[change.action] += 1
                    items.append(_item(record, change))
        else:
            for action, item in _apply(store, plans, now, config):
                counts[action] += 1
                items.append(item)
        after, scanned = batch[-1].id, scanned + len(batch)
        counts["reviewed"] += len(batch)
        ctx.tick(scanned, max(total, scanned))
        if len(batch) == config.jobs_batch and ctx.out_of_time():
            ctx.save({"after": after, "scanned": scanned})
            return StepResult(dict(counts), items, done=False)
    return StepResult(dict(counts), items)


def _outdated(
    plans: list[tuple[MemoryRecord, list[Change]]], store: Store
) -> list[tuple[MemoryRecord, list[Change]]]:
    """An active digest or insight quoting a memory the store no longer stands by
    (superseded, forgotten, purged: :func:`remem.read.digests.outdated`) is archived,
    audited ``outdated`` (the search never serves it meanwhile); its facts stay in
    their own memories."""
    made = [r for r, changes in plans if r.status is Status.ACTIVE and derived(r) and not changes]
    if not made:
        return plans
    by_scope: dict[Scope, list[MemoryRecord]] = {}
    for record in made:
        by_scope.setdefault(record.scope, []).append(record)
    stale: dict[str, list[str]] = {}
    for scope, records in by_scope.items():
        for digest_id, sources in digests.leaf_sources(store, records, scope).items():
            gone = digests.outdated(sources)
            if gone:
                stale[digest_id] = gone
    return [
        (
            record,
            [
                Change(
                    "outdated",
                    {"status": Status.ARCHIVED},
                    f"quotes {len(stale[record.id])} memories the store no longer stands by",
                    {"sources": stale[record.id][:20]},
                )
            ],
        )
        if record.id in stale
        else (record, changes)
        for record, changes in plans
    ]


def _apply(
    store: Store, plans: list[tuple[MemoryRecord, list[Change]]], now: datetime, config: Config
) -> list[tuple[str, StepItem]]:
    """Write one batch's changes in one transaction; ``(action, item)`` of those applied
    (a memory another process changed since it was read keeps its new state)."""
    pending: list[tuple[FieldChange, MemoryRecord, Change]] = []
    to_drop: list[str] = []
    to_purge: list[tuple[MemoryRecord, Change]] = []
    for record, plan in plans:
        status = record.status
        for change in plan:
            if change.action == "purged":
                to_purge.append((record, change))
                continue
            event = AuditEvent(
                event=change.action,
                memory_id=record.id,
                at=now,
                detail={"reason": change.reason, "from_status": str(status), **change.detail},
            )
            fields = {**change.fields, "updated_at": now}
            pending.append((FieldChange(record.id, str(status), fields, event), record, change))
            if change.status is not None:
                status = change.status
                if status in (Status.ARCHIVED, Status.COLD) and not keeps_tokens(
                    record, now, config
                ):
                    to_drop.append(record.id)  # archived and cold keep none but facts
    with store.transaction():
        # A memory's changes apply in order (each expects the status the previous left),
        # so either all of them apply or, if it moved meanwhile, none.
        applied = set(store.change_fields([p[0] for p in pending]))
        store.drop_token_vectors([i for i in to_drop if i in applied])
        purged = set(
            store.purge_memories(
                [r.id for r, _ in to_purge],
                statuses=[str(s) for s in (*PURGEABLE, Status.SUPERSEDED)],
                at=now,
                events=[
                    # Content-free: the reason is a score and a date, never the text.
                    AuditEvent(
                        event="purged",
                        memory_id=r.id,
                        at=now,
                        detail={"reason": c.reason, "from_status": str(r.status), **c.detail},
                    )
                    for r, c in to_purge
                ],
            )
        )
    done = [(c.action, _item(r, c)) for f, r, c in pending if f.memory_id in applied]
    done += [("purged", _item(r, c)) for r, c in to_purge if r.id in purged]
    return done


def _item(record: MemoryRecord, change: Change) -> StepItem:
    text = " ".join(record.content.split())
    preview = text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"
    return StepItem(record.id, change.action, change.reason, preview)


def _count_scores(
    batch: list[MemoryRecord],
    counts: Counter[str],
    *,
    now: datetime,
    previous: datetime | None,
    config: Config,
) -> None:
    """``decayed``: memories whose effective score fell since the last review (or,
    at the first one, since they were last referenced); and the score bands."""
    for record in batch:
        score = effective_score(record, now, config)
        counts[next(label for bound, label in BANDS if score.value < bound)] += 1
        if protected(record):
            continue
        if previous is None:
            counts["decayed"] += score.decay < 1.0
        elif previous < now:
            counts["decayed"] += score.value < effective_score(record, previous, config).value


def memory_md_step(ctx: JobContext) -> StepResult:
    """Write the promoted memories to ``config.memory_md_path`` (see :mod:`memory_md`)."""
    if not ctx.config.memory_md_path:
        return StepResult({"memory_md_files": 0})
    promoted = memory_md.promoted(ctx.store, batch=ctx.config.jobs_batch)
    written = memory_md.write_all(promoted, ctx.config, dry_run=ctx.dry_run)
    return StepResult({"memory_md_promoted": len(promoted), "memory_md_written": written})


def compact_step(ctx: JobContext) -> StepResult:
    """After a purge: the purged text leaves the cache files, the full-text index
    pages and the WAL (:meth:`Store.compact`; a rewrite of the whole FTS index, so
    only when something was purged). If readers hold old pages, the next open of
    the store finishes it."""
    if not ctx.counts.get("purged"):
        return StepResult()
    if ctx.dry_run:
        return StepResult({"compacted": 1})
    return StepResult({"compacted": 1, "compact_pending": int(not ctx.store.compact())})
