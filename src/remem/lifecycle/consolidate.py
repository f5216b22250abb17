"""The weekly job's consolidation steps: the contradiction scan, the rebuild of the
category summaries, and insights clustered from archived memories.

Each step follows the contract of :mod:`remem.lifecycle.jobs` (``now`` from the
context, idempotent, dry-run aware, batched with a resume cursor). No LLM call or
embedding happens inside a write transaction: texts are written and embedded
first, then stored in one short transaction.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

import numpy as np

from remem.config import Config
from remem.errors import ProviderError
from remem.lifecycle.compare import conflicts
from remem.lifecycle.job import JobContext, StepItem, StepResult
from remem.lifecycle.nightly import preview, writing
from remem.lifecycle.policies import derived, one_off_state
from remem.model import AuditEvent, Kind, MemoryRecord, Status, Tier, Trust
from remem.read.trust import shape
from remem.slots import negates
from remem.store.base import ListFilter
from remem.write.summaries import refresh_summaries

ARCHIVED = ("archived", "cold")
INSIGHT_GENERATOR = "structured-1"


# -- contradictions ---------------------------------------------------------------------
def contradictions_step(ctx: JobContext) -> StepResult:
    """Each active memory created since the last run against its
    ``contradiction_neighbours`` nearest active memories of the same scope: a pair
    that fills one slot with different values, or where one negates the other, is
    flagged for review — a ``conflicts_with`` link on both and a ``flagged`` audit
    event — and never resolved here (the read path tags both as conflicting)."""
    store, config, now = ctx.store, ctx.config, ctx.now
    model_id = ctx.mem.embedder.model_id
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    after = _cursor(ctx)
    while batch := store.memories_created(
        since=ctx.last_run_at, until=now, statuses=["active"], after=after, limit=config.jobs_batch
    ):
        vectors = store.get_vectors([r.id for r in batch])
        pairs: list[tuple[MemoryRecord, MemoryRecord]] = []
        for record in batch:
            stored = vectors.get(record.id)
            if derived(record) or stored is None or stored[0] != model_id:
                continue
            counts["contradiction_checked"] += 1
            with ctx.isolated(record.id, hide=[record.content]):
                pairs += _conflicting(ctx, record, np.frombuffer(stored[1], np.float32))
        after = (batch[-1].created_at, batch[-1].id)
        with writing(ctx):
            seen: set[frozenset[str]] = set()
            for a, b in pairs:
                key = frozenset((a.id, b.id))
                if key in seen:
                    continue
                seen.add(key)
                why = (
                    "one negates the other"
                    if negates(shape(a), shape(b))
                    else "same slot, different values"
                )
                if not ctx.dry_run:
                    for x, y in ((a, b), (b, a)):
                        store.extend_data_list(
                            x.id,
                            "conflicts_with",
                            [y.id],
                            event=AuditEvent(
                                event="flagged",
                                memory_id=x.id,
                                at=now,
                                detail={"conflict": y.id, "why": why, "job": "weekly"},
                            ),
                        )
                counts["contradictions"] += 1
                items.append(StepItem(a.id, "flagged", f"{why}: {b.id[:12]}", preview(a)))
            if not ctx.dry_run:
                ctx.save({"after": [after[0].isoformat(), after[1]]})
        ctx.tick(counts["contradiction_checked"], counts["contradiction_checked"])
        if len(batch) == config.jobs_batch and ctx.out_of_time():
            return StepResult(dict(counts), items, done=False)
    return StepResult(dict(counts), items)


def _conflicting(
    ctx: JobContext, record: MemoryRecord, vector: np.ndarray
) -> list[tuple[MemoryRecord, MemoryRecord]]:
    """``record`` paired with each of its near active neighbours it contradicts and is
    not flagged with yet."""
    store, config = ctx.store, ctx.config
    hits = store.vector_search(
        vector,
        record.scope,
        model_id=ctx.mem.embedder.model_id,
        limit=config.contradiction_neighbours + 1,
    )
    found = store.get_memories([i for i, _ in hits if i != record.id], record.scope)
    near = [
        m for m in found if m.status is Status.ACTIVE and m.scope == record.scope and not derived(m)
    ]
    linked = set(record.data.get("conflicts_with") or [])
    pairs = []
    for other_id in conflicts([record, *near]).get(record.id, set()):
        other = next(m for m in near if m.id == other_id)
        if other_id in linked or record.id in (other.data.get("conflicts_with") or []):
            continue  # flagged already (by the write path or an earlier scan)
        pairs.append((record, other))
    return pairs


def _cursor(ctx: JobContext) -> tuple[datetime, str] | None:
    after = ctx.state.get("after")
    return None if not after else (datetime.fromisoformat(after[0]), str(after[1]))


# -- summaries --------------------------------------------------------------------------
def summaries_step(ctx: JobContext) -> StepResult:
    """Rebuild every category summary from the active items of its scope (the
    deterministic page, or the LLM's rewrite when one is configured), leaving those
    whose facts did not change; a category with no active item left has its summary
    archived. Each summary is its own write, after any LLM call."""
    store, config = ctx.store, ctx.config
    keys = store.summary_keys()
    start = int(ctx.state.get("done", 0))
    counts: Counter[str] = Counter()
    if ctx.dry_run:
        return StepResult({"summaries_checked": len(keys)})
    llm = ctx.mem._llm(required=False)
    for i, (scope, category) in enumerate(keys[start:], start=start):
        counts["summaries_checked"] += 1
        with ctx.isolated(f"summary {category}"):
            counts["summaries_rebuilt"] += refresh_summaries(
                store, scope, [category], config=config, llm=llm, now=ctx.now, only_changed=True
            )
        ctx.tick(i + 1, len(keys))
        if ctx.out_of_time() and i + 1 < len(keys):
            ctx.save({"done": i + 1})
            return StepResult(dict(counts), done=False)
    return StepResult(dict(counts))


# -- insights ---------------------------------------------------------------------------
def insights_step(ctx: JobContext) -> StepResult:
    """Cluster archived (and cold) memories into insights: each not yet in an insight
    and archived since the last run seeds a cluster of its nearest archived
    neighbours of the same scope (cosine at least ``insight_cluster_cosine``, at most
    ``insight_max_items``); a cluster of ``insight_min_items`` or more becomes one
    active memory of kind ``insight`` whose ``data.sources`` are its members, each of
    which gets an ``insights`` link and a ``clustered`` audit event (so it is never
    clustered again). The text is the LLM's sentence when one is configured, else a
    deterministic summary."""
    store, config = ctx.store, ctx.config
    model_id = ctx.mem.embedder.model_id
    since = ctx.last_run_at
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    llm = None if ctx.dry_run else ctx.mem._llm(required=False)
    taken: set[str] = set()
    after = ctx.state.get("after")
    while batch := store.scan_memories(
        statuses=list(ARCHIVED), after_id=after, limit=config.jobs_batch
    ):
        after = batch[-1].id
        seeds = [
            r
            for r in batch
            if _clusterable(r, config)
            and r.id not in taken
            and (since is None or r.updated_at > since)
        ]
        vectors = store.get_vectors([r.id for r in seeds])
        for seed in seeds:
            stored = vectors.get(seed.id)
            if seed.id in taken or stored is None or stored[0] != model_id:
                continue
            counts["insight_seeds"] += 1
            with ctx.isolated(seed.id, hide=[seed.content]):
                cluster = _cluster(ctx, seed, np.frombuffer(stored[1], np.float32), taken)
                if len(cluster) < config.insight_min_items:
                    continue
                taken.update(m.id for m in cluster)
                record = _insight(ctx, cluster, llm)
                if not ctx.dry_run:
                    _store_insight(ctx, record, cluster)
                counts["insights"] += 1
                counts["insight_sources"] += len(cluster)
                items.append(
                    StepItem(record.id, "insight", f"{len(cluster)} archived", preview(record))
                )
        if not ctx.dry_run:
            ctx.save({"after": after})
        ctx.tick(counts["insight_seeds"], counts["insight_seeds"])
        if len(batch) == config.jobs_batch and ctx.out_of_time():
            return StepResult(dict(counts), items, done=False)
    return StepResult(dict(counts), items)


def _clusterable(record: MemoryRecord, config: Config) -> bool:
    """Not derived, not in an insight yet, and not transient by its content (the
    transient tier, a one-off note: about its own day, with no gist that lasts)."""
    return (
        not derived(record)
        and not record.data.get("insights")
        and record.tier is not Tier.TRANSIENT
        and one_off_state(record, record.updated_at, config) is None
    )


def _cluster(
    ctx: JobContext, seed: MemoryRecord, vector: np.ndarray, taken: set[str]
) -> list[MemoryRecord]:
    """The seed and its close archived neighbours of exactly its scope, oldest first."""
    config = ctx.config
    hits = ctx.store.vector_search(
        vector,
        seed.scope,
        model_id=ctx.mem.embedder.model_id,
        limit=config.insight_max_items,
        filters=ListFilter(statuses=ARCHIVED),
    )
    close = [i for i, s in hits if s >= config.insight_cluster_cosine and i not in taken]
    found = ctx.store.get_memories(close, seed.scope)
    members = {seed.id: seed}
    for m in found:
        if m.scope == seed.scope and str(m.status) in ARCHIVED and _clusterable(m, config):
            members.setdefault(m.id, m)
    return sorted(members.values(), key=lambda m: (m.created_at, m.id))[: config.insight_max_items]


def insight_text(cluster: list[MemoryRecord], *, max_chars: int) -> str:
    """The deterministic insight: what the cluster is, when, and its first items."""
    topic = Counter(m.category or str(m.kind) for m in cluster).most_common(1)[0][0]
    first, last = cluster[0].created_at, cluster[-1].created_at
    head = f"{len(cluster)} archived {topic} notes ({first:%Y-%m-%d} to {last:%Y-%m-%d}): "
    parts: list[str] = []
    for m in sorted(cluster, key=lambda m: -m.importance):
        text = " ".join(m.content.split())
        if len(head) + len("; ".join([*parts, text])) > max_chars:
            break
        parts.append(text)
    body = "; ".join(parts) or " ".join(cluster[0].content.split())[: max_chars - len(head)]
    return head + body + ("; …" if len(parts) < len(cluster) else "")


def _llm_text(llm: Any, cluster: list[MemoryRecord], max_chars: int) -> str | None:
    notes = "\n".join(f"- {' '.join(m.content.split())}" for m in cluster)
    messages = [
        {
            "role": "system",
            "content": "These notes were archived because nobody used them for a long time. "
            "Write ONE sentence that keeps what they have in common and any detail still "
            "worth knowing. Never invent facts. Reply with the sentence only.",
        },
        {"role": "user", "content": notes},
    ]
    try:
        text = " ".join(str(llm.complete(messages, max_tokens=200)).split())
    except ProviderError:
        return None  # the deterministic text stands in
    return text[:max_chars] or None


def _insight(ctx: JobContext, cluster: list[MemoryRecord], llm: Any | None) -> MemoryRecord:
    max_chars = ctx.config.insight_max_chars
    text, generator = insight_text(cluster, max_chars=max_chars), INSIGHT_GENERATOR
    if llm is not None:
        written = _llm_text(llm, cluster, max_chars)
        if written:
            text, generator = written, f"llm:{getattr(llm, 'model_id', 'unknown')}"
    seed = cluster[0]
    categories = Counter(m.category for m in cluster if m.category)
    untrusted = any(m.source_trust is Trust.UNTRUSTED for m in cluster)
    return MemoryRecord(
        content=text,
        user_id=seed.user_id,
        agent_id=seed.agent_id,
        namespace=seed.namespace,
        kind=Kind.INSIGHT,
        category=categories.most_common(1)[0][0] if categories else None,
        tags=["insight"],
        importance=max(m.importance for m in cluster),
        source_trust=Trust.UNTRUSTED if untrusted else Trust.TRUSTED,
        valid_from=seed.valid_from or seed.created_at,
        created_at=ctx.now,
        updated_at=ctx.now,
        extractor_version=generator,
        data={"sources": [m.id for m in cluster], "generator": generator},
    )


def _store_insight(ctx: JobContext, record: MemoryRecord, cluster: list[MemoryRecord]) -> None:
    store, now = ctx.store, ctx.now
    embedded = ctx.embed(record)
    with store.transaction():
        ctx.insert_made(
            record,
            embedded,
            {"sources": record.data["sources"], "generator": record.data["generator"]},
        )
        for member in cluster:
            store.extend_data_list(
                member.id,
                "insights",
                [record.id],
                event=AuditEvent(
                    event="clustered", memory_id=member.id, at=now, detail={"insight": record.id}
                ),
            )
