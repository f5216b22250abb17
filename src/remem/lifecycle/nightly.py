"""The nightly job's steps: merge near-duplicates, boost new memories, extract the
resources nothing was extracted from. (The rollups step is in :mod:`rollups`.)

Each step follows the contract of :mod:`remem.lifecycle.jobs`: time from
``ctx.now``, idempotent, dry-run aware, batched with a resume cursor saved in the
same transaction as the batch's writes (a crash never applies a batch twice).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime

import numpy as np

from remem.lifecycle.compare import merge_refusal, occurrence
from remem.lifecycle.job import JobContext, StepItem, StepResult
from remem.lifecycle.policies import derived
from remem.model import AuditEvent, MemoryRecord, Resource, Scope, Status
from remem.write.pipeline import ingest
from remem.write.summaries import refresh_citing
from remem.write.transcript import Message, role_for, untrusted_for

PREVIEW_CHARS = 80


def preview(record: MemoryRecord) -> str:
    """The start of a memory's text, for a job's readable report (never stored)."""
    text = " ".join(record.content.split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"


def _cursor(ctx: JobContext) -> tuple[datetime, str] | None:
    after = ctx.state.get("after")
    return None if not after else (datetime.fromisoformat(after[0]), str(after[1]))


def writing(ctx: JobContext) -> AbstractContextManager[None]:
    """One write transaction for a batch and its saved cursor (none in a dry run)."""
    return nullcontext() if ctx.dry_run else ctx.store.transaction()


def _save(ctx: JobContext, last: MemoryRecord, **extra: object) -> None:
    if not ctx.dry_run:
        ctx.save({"after": [last.created_at.isoformat(), last.id], **extra})


# -- merge ------------------------------------------------------------------------------
def keeper(a: MemoryRecord, b: MemoryRecord) -> tuple[MemoryRecord, MemoryRecord]:
    """``(kept, merged)``: the higher confidence is kept; on a tie, the newer."""
    ranked = sorted((a, b), key=lambda r: (r.confidence, r.created_at, r.id))
    return ranked[1], ranked[0]


def merge_step(ctx: JobContext) -> StepResult:
    """Merge each memory created since the last run with an active near-duplicate in
    its exact scope (cosine above ``dedup_merge_cosine``, among its
    ``merge_neighbours`` nearest by the vector index — never all pairs). Pairs whose
    values differ are left apart (:func:`compare.merge_refusal`), and so are lessons,
    episodes and rules (:func:`compare.occurrence`: each is one event). The merged
    memory becomes ``superseded`` by the kept one (audited ``merged``; the kept one
    ``merge_kept`` and takes over its usage counts)."""
    store, config, now = ctx.store, ctx.config, ctx.now
    model_id = ctx.mem.embedder.model_id
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    merged_ids: list[str] = []
    after = _cursor(ctx)
    gone: set[str] = set()
    while batch := store.memories_created(
        since=ctx.last_run_at, until=now, statuses=["active"], after=after, limit=config.jobs_batch
    ):
        vectors = store.get_vectors([r.id for r in batch])
        plans: list[tuple[MemoryRecord, MemoryRecord, float]] = []
        for record in batch:
            if record.id in gone or derived(record) or occurrence(record):
                continue
            stored = vectors.get(record.id)
            if stored is None or stored[0] != model_id:
                continue  # no vector of this model yet: the monthly re-embed comes first
            counts["merge_checked"] += 1
            pair = None
            with ctx.isolated(record.id, hide=[record.content]):
                pair = _nearest_duplicate(ctx, record, np.frombuffer(stored[1], np.float32), gone)
            if pair is None:
                continue
            other, cosine, refusal = pair
            if refusal is not None:
                counts["merge_refused"] += 1
                items.append(StepItem(other.id, "merge_refused", refusal, preview(other)))
                continue
            kept, merged = keeper(record, other)
            gone.add(merged.id)
            plans.append((kept, merged, cosine))
        after = (batch[-1].created_at, batch[-1].id)
        with writing(ctx):
            for kept, merged, cosine in plans:
                why = f"cosine {cosine:.3f} with {kept.id[:12]}"
                if not ctx.dry_run and not store.merge_memories(
                    kept.id, merged.id, at=now, events=_merge_events(kept, merged, cosine, now)
                ):
                    continue  # one of them changed meanwhile
                counts["merged"] += 1
                merged_ids.append(merged.id)
                items.append(StepItem(merged.id, "merged", why, preview(merged)))
            _save(ctx, batch[-1])
        ctx.tick(counts["merge_checked"], counts["merge_checked"])
        if len(batch) == config.jobs_batch and ctx.out_of_time():
            return StepResult(dict(counts), items, done=False)
    if merged_ids and not ctx.dry_run:
        # After the writes (the LLM may rewrite them): summaries that listed a merged one.
        refresh_citing(store, merged_ids, config=config, llm=ctx.mem._llm(required=False))
    return StepResult(dict(counts), items)


def _nearest_duplicate(
    ctx: JobContext, record: MemoryRecord, vector: np.ndarray, gone: set[str]
) -> tuple[MemoryRecord, float, str | None] | None:
    """The most similar other active memory of exactly ``record``'s scope above the
    merge threshold, with the reason it must not merge (None: it may)."""
    config = ctx.config
    hits = ctx.store.vector_search(
        vector,
        record.scope,
        model_id=ctx.mem.embedder.model_id,
        limit=config.merge_neighbours + 1,
    )
    close = [(i, s) for i, s in hits if i != record.id and i not in gone]
    close = [(i, s) for i, s in close if s > config.dedup_merge_cosine]
    if not close:
        return None
    found = {m.id: m for m in ctx.store.get_memories([i for i, _ in close], record.scope)}
    refused: tuple[MemoryRecord, float, str | None] | None = None
    for memory_id, cosine in close:
        other = found.get(memory_id)
        if other is None or other.status is not Status.ACTIVE or other.scope != record.scope:
            continue  # a wider scope's read matched a narrower memory: not the same scope
        if derived(other) or occurrence(other):
            continue
        refusal = merge_refusal(record, other)
        if refusal is None:
            return other, cosine, None
        refused = refused or (other, cosine, refusal)
    return refused


def _merge_events(
    kept: MemoryRecord, merged: MemoryRecord, cosine: float, now: datetime
) -> list[AuditEvent]:
    why = f"cosine {cosine:.3f}"
    return [
        AuditEvent(
            event="merged",
            memory_id=merged.id,
            at=now,
            detail={"superseded_by": kept.id, "why": why, "job": "nightly"},
        ),
        AuditEvent(
            event="merge_kept",
            memory_id=kept.id,
            at=now,
            detail={
                "merged": merged.id,
                "why": why,
                "confidence": kept.confidence,
                "merged_confidence": merged.confidence,
                "references_added": merged.reference_count,
                "job": "nightly",
            },
        ),
    ]


# -- boost ------------------------------------------------------------------------------
def boost_step(ctx: JobContext) -> StepResult:
    """``retrieval_priority + boost_new_priority`` (at most ``boost_priority_max``) for
    each active memory created since the last run (the first run: within the job's
    interval before ``now``), audited ``boosted``."""
    store, config, now = ctx.store, ctx.config, ctx.now
    since = ctx.last_run_at or now - ctx.mem.jobs.interval(ctx.job)
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    after = _cursor(ctx)
    while batch := store.memories_created(
        since=since, until=now, statuses=["active"], after=after, limit=config.jobs_batch
    ):
        cap, by = config.boost_priority_max, config.boost_new_priority
        wanted = [r for r in batch if r.retrieval_priority < cap]
        after = (batch[-1].created_at, batch[-1].id)
        with writing(ctx):
            if ctx.dry_run:
                done = {r.id for r in wanted}
            else:
                events = [
                    AuditEvent(
                        event="boosted",
                        memory_id=r.id,
                        at=now,
                        detail={
                            "retrieval_priority": round(min(cap, r.retrieval_priority + by), 4),
                            "why": "new since the last nightly run",
                        },
                    )
                    for r in wanted
                ]
                done = set(
                    store.boost_priority([r.id for r in wanted], by=by, cap=cap, events=events)
                )
            _save(ctx, batch[-1])
        counts["boosted"] += len(done)
        items += [StepItem(r.id, "boosted", "new", preview(r)) for r in wanted if r.id in done]
        ctx.tick(counts["boosted"], counts["boosted"])
        if len(batch) == config.jobs_batch and ctx.out_of_time():
            return StepResult(dict(counts), items, done=False)
    return StepResult(dict(counts), items)


# -- extract ----------------------------------------------------------------------------
def extract_step(ctx: JobContext) -> StepResult:
    """Run the configured extractor over resources that no extractor processed and no
    memory comes from (an agent that logged messages and left, a crash between the
    log and the extraction), grouped by scope and session, through the write path's
    gate, dedup and supersede; each resource is marked extracted, facts or not."""
    store, config = ctx.store, ctx.config
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    extractor, llm = ctx.mem._extractor(None)
    while resources := store.resources_without_memories(limit=config.jobs_batch):
        for scope, session_id, group in _groups(resources):
            if scope.is_empty():  # cannot be written: mark it so it is not picked again
                if not ctx.dry_run:
                    for r in group:
                        store.mark_extracted(r.id, extractor.version, 0)
                counts["extract_skipped"] += len(group)
                continue
            report = None
            with ctx.isolated(group[0].id, hide=[r.content for r in group]):
                report = ingest(
                    store,
                    ctx.mem.embedder,
                    config,
                    [_message(r) for r in group],
                    scope=scope,
                    extractor=extractor,
                    session_id=session_id,
                    dry_run=ctx.dry_run,
                    llm=llm,
                    now=ctx.now,
                    stored=group,
                )
            if report is None:  # failed alone (reported): marked, so not picked again
                if not ctx.dry_run:
                    for r in group:
                        store.mark_extracted(r.id, extractor.version, 0)
                counts["extract_failed"] += len(group)
                continue
            counts["extracted_resources"] += len(group)
            counts["extracted_facts"] += len(report.stored)
            items += [
                StepItem(d.memory_id, "extracted", d.reason, d.fact.content[:PREVIEW_CHARS])
                for d in report.decisions
                if d.memory_id and d.action in ("stored", "merged")
            ]
        ctx.tick(counts["extracted_resources"], counts["extracted_resources"])
        if ctx.dry_run:
            break  # nothing was marked: the same resources would come back
        if ctx.out_of_time():
            return StepResult(dict(counts), items, done=False)
    return StepResult(dict(counts), items)


def _groups(resources: Sequence[Resource]) -> list[tuple[Scope, str | None, list[Resource]]]:
    """Consecutive resources of one exact scope and session, in their order."""
    out: list[tuple[Scope, str | None, list[Resource]]] = []
    for resource in resources:
        scope = Scope(
            user_id=resource.user_id, agent_id=resource.agent_id, namespace=resource.namespace
        )
        if out and out[-1][0] == scope and out[-1][1] == resource.session_id:
            out[-1][2].append(resource)
        else:
            out.append((scope, resource.session_id, [resource]))
    return out


def _message(resource: Resource) -> Message:
    meta = resource.metadata
    speaker = str(meta.get("speaker") or meta.get("name") or resource.role or "user")
    role = role_for(resource.role) if resource.role else role_for(speaker)
    return Message(
        speaker=speaker,
        role=role,
        text=resource.content,
        timestamp=resource.occurred_at,
        untrusted=untrusted_for(role, lower=meta.get("untrusted") is True)
        or resource.kind == "tool_output",
        ref=meta.get("ref"),
        session=resource.session_id,
        prompt=meta.get("prompt") is True and role == "user",
    )
