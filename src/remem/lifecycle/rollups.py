"""Rollups: day, week and month digests of what each scope lived through.

The nightly job's ``rollups`` step writes, for every complete period (UTC days,
ISO weeks Monday to Sunday, calendar months) since its last run, one memory per
scope that had memories created in it: kind ``episodic``, tagged ``rollup`` and
``rollup:day`` / ``rollup:week`` / ``rollup:month``, its ``data.sources`` the
memories it digests (a week's and a month's: the day digests, when they exist),
``data.period`` the period. Searchable like any memory. The text is the LLM's
when one is configured, else deterministic: the count, the sessions and the most
important things said.

Idempotent per period: a digest's id is derived from its scope, kind and start,
so a period is never digested twice. Once a week's digest exists, the day
digests it covers are archived (``rollup_archive_days``; audited ``rolled_up``;
promoted ones stay): the week speaks for them, and the active set does not grow
by a memory a day.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

from remem.errors import ProviderError
from remem.lifecycle.job import JobContext, StepItem, StepResult
from remem.lifecycle.nightly import preview
from remem.lifecycle.policies import derived, protected
from remem.model import AuditEvent, Kind, MemoryRecord, Scope, Status, Trust
from remem.store.base import FieldChange

# What a digest is made of: memories that were said and the store still stands by
# (a superseded one would put a value the store replaced in the digest; one
# superseded after the digest was made makes it outdated: remem.read.digests).
SOURCES = ("active", "archived", "cold")
GENERATOR = "structured-1"
_TICK = timedelta(microseconds=1)


def period_start(kind: str, day: date) -> date:
    """The first day of the ``kind`` period holding ``day`` (the calendar's first day
    for the week before it began)."""
    if kind == "week":
        return day - timedelta(days=min(day.weekday(), (day - date.min).days))
    if kind == "month":
        return day.replace(day=1)
    return day


def period_end(kind: str, start: date) -> date:
    """The first day after the period starting at ``start``."""
    if kind == "week":
        return start + timedelta(days=7)
    if kind == "month":
        return (start.replace(day=28) + timedelta(days=4)).replace(day=1)
    return start + timedelta(days=1)


def rollup_id(kind: str, start: date, scope: Scope) -> str:
    """The digest's id: the same period and scope always give the same id."""
    key = f"rollup|{kind}|{start.isoformat()}|{scope.user_id}|{scope.agent_id}|{scope.namespace}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def _before(day: date) -> datetime | None:
    """The instant just before ``day`` starts (None before the calendar's first day)."""
    return None if day <= date.min else _midnight(day) - _TICK


def busy_periods(store: Any, kind: str, first: date, today: date) -> Iterator[tuple[date, date]]:
    """The complete ``kind`` periods from ``first`` to ``today`` in which a memory was
    created: a gap costs one query however long, so a memory dated centuries back
    (an import, a fake clock) does not make the step walk every day since."""
    start = period_start(kind, first)
    while (end := period_end(kind, start)) <= today:
        found = store.memories_created(
            since=_before(start), until=_midnight(today), statuses=SOURCES, limit=1
        )
        if not found:
            return
        day = found[0].created_at.astimezone(UTC).date()
        if day >= end:
            start = period_start(kind, day)
            continue
        yield start, end
        start = end


def periods(kind: str, first: date, today: date) -> list[tuple[date, date]]:
    """The complete ``kind`` periods that end after ``first`` and by ``today``."""
    out = []
    start = period_start(kind, first)
    while (end := period_end(kind, start)) <= today:
        out.append((start, end))
        start = end
    return out


def rollups_step(ctx: JobContext) -> StepResult:
    """Write the digest of every complete period since the last run (see the module
    docstring); each one embedded and any LLM call made before its own short write."""
    store, config, now = ctx.store, ctx.config, ctx.now
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    if ctx.last_run_at is not None:
        # From the day before the last run: that day was not complete then.
        first = ctx.last_run_at.astimezone(UTC).date() - timedelta(days=1)
    else:
        oldest = store.memories_created(since=None, until=now, statuses=SOURCES, limit=1)
        if not oldest:
            return StepResult({})
        first = oldest[0].created_at.astimezone(UTC).date()
    today = now.astimezone(UTC).date()
    llm = None if ctx.dry_run else ctx.mem._llm(required=False)
    done = set(ctx.state.get("done", []))
    for kind in ("day", "week", "month"):
        if kind not in config.rollup_periods:
            continue
        for start, end in busy_periods(store, kind, first, today):
            key = f"{kind}:{start.isoformat()}"
            if key in done:
                continue
            for scope in store.memory_scopes(
                statuses=SOURCES, since=_midnight(start), until=_midnight(end)
            ):
                # One period of one scope alone: its failure is reported, not repeated
                # by every later run (the period is marked done below all the same).
                with ctx.isolated(rollup_id(kind, start, scope)):
                    record = _digest(ctx, kind, start, end, scope, llm)
                    if record is None:
                        continue
                    counts[f"rollups_{kind}"] += 1
                    items.append(StepItem(record.id, "rollup", f"{kind} {start}", preview(record)))
                    if not ctx.dry_run:
                        archived = _store(ctx, record, kind, start, end, scope)
                        counts["rollup_days_archived"] += archived
            done.add(key)
            if not ctx.dry_run:
                ctx.save({"done": sorted(done)})
            ctx.tick(len(done), len(done))
            if ctx.out_of_time():
                return StepResult(dict(counts), items, done=False)
    return StepResult(dict(counts), items)


def _digest(
    ctx: JobContext, kind: str, start: date, end: date, scope: Scope, llm: Any | None
) -> MemoryRecord | None:
    """The digest of one period in one scope, or None (exists already, or nothing said)."""
    store, config = ctx.store, ctx.config
    memory_id = rollup_id(kind, start, scope)
    if store.get_memory(memory_id, scope) is not None:
        return None
    said = [
        m
        for m in store.memories_created(
            since=_before(start),
            until=_midnight(end) - _TICK,
            statuses=SOURCES,
            scope=scope,
            limit=config.rollup_max_sources,
        )
        if not derived(m)
    ]
    if not said:
        return None
    sources = [m.id for m in said]
    if kind != "day":
        days = [
            rollup_id("day", start + timedelta(days=i), scope) for i in range((end - start).days)
        ]
        found = [m.id for m in store.get_memories(days, scope) if m.status is not Status.PURGED]
        sources = found or sources
    text, generator = digest_text(kind, start, said, max_chars=config.rollup_max_chars), GENERATOR
    if llm is not None:
        written = _llm_text(llm, kind, start, said, config.rollup_max_chars)
        if written:
            text, generator = written, f"llm:{getattr(llm, 'model_id', 'unknown')}"
    return MemoryRecord(
        content=text,
        id=memory_id,
        user_id=scope.user_id,
        agent_id=scope.agent_id,
        namespace=scope.namespace,
        kind=Kind.EPISODIC,
        tags=["rollup", f"rollup:{kind}"],
        importance=round(sum(m.importance for m in said) / len(said), 4),
        source_trust=(
            Trust.UNTRUSTED
            if any(m.source_trust is Trust.UNTRUSTED for m in said)
            else Trust.TRUSTED
        ),
        valid_from=_midnight(start),
        valid_to=_midnight(end),
        created_at=ctx.now,
        updated_at=ctx.now,
        extractor_version=generator,
        data={
            "sources": sources,
            "period": {"kind": kind, "start": start.isoformat(), "end": end.isoformat()},
            "generator": generator,
        },
    )


def _title(kind: str, start: date) -> str:
    if kind == "day":
        return f"{start:%A %d %B %Y}"
    if kind == "week":
        return f"the week of {start:%d %B %Y}"
    return f"{start:%B %Y}"


def digest_text(kind: str, start: date, said: list[MemoryRecord], *, max_chars: int) -> str:
    """The deterministic digest: how much, how many sessions, the most important first."""
    sessions = {m.session_id for m in said if m.session_id}
    head = f"Digest of {_title(kind, start)}: {len(said)} memories"
    head += f" from {len(sessions)} sessions. " if sessions else ". "
    ordered = sorted(said, key=lambda m: (-m.importance, m.created_at))
    text = head + "; ".join(" ".join(m.content.split()) for m in ordered)
    return text if len(text) <= max_chars else text[: max_chars - 1].rstrip("; ") + "…"


def _llm_text(
    llm: Any, kind: str, start: date, said: list[MemoryRecord], max_chars: int
) -> str | None:
    notes = "\n".join(f"- {' '.join(m.content.split())}" for m in said[:200])
    messages = [
        {
            "role": "system",
            "content": f"Write a short digest (2-3 sentences) of {_title(kind, start)} from "
            "these remembered notes: what happened and what was decided. Never invent "
            "facts. Reply with the digest only.",
        },
        {"role": "user", "content": notes},
    ]
    try:
        text = " ".join(str(llm.complete(messages, max_tokens=300)).split())
    except ProviderError:
        return None  # the deterministic digest stands in
    return text[:max_chars] or None


def _store(
    ctx: JobContext, record: MemoryRecord, kind: str, start: date, end: date, scope: Scope
) -> int:
    """Write the digest (and, for a week, archive its day digests); returns how many
    day digests were archived."""
    store, now = ctx.store, ctx.now
    embedded = ctx.embed(record)
    archive: list[FieldChange] = []
    if kind == "week" and ctx.config.rollup_archive_days:
        days = [rollup_id("day", start + timedelta(days=i), scope) for i in range(7)]
        archive = [
            FieldChange(
                m.id,
                str(Status.ACTIVE),
                {"status": Status.ARCHIVED, "updated_at": now},
                AuditEvent(
                    event="rolled_up",
                    memory_id=m.id,
                    at=now,
                    detail={"into": record.id, "from_status": "active"},
                ),
            )
            for m in store.get_memories(days, scope)
            if m.status is Status.ACTIVE and not protected(m)  # permanent / promoted stay
        ]
    with store.transaction():
        ctx.insert_made(
            record,
            embedded,
            {
                "sources": record.data["sources"],
                "period": record.data["period"],
                "generator": record.data["generator"],
            },
        )
        archived = store.change_fields(archive)
        store.drop_token_vectors(archived)  # archived memories keep none
    return len(archived)
