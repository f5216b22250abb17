"""Episode retention: which past episodes are worth keeping (a weekly job step).

An episode (:mod:`remem.agent.episodes`) is a memory of kind ``episodic`` whose
``data["episode"]`` holds its situation, actions and outcome; its summary is a
second memory whose ``data["episode_of"]`` names it. Their retention is by
value, not by idleness alone (the generic archive and cold policies leave
active episodes to this step, see :func:`remem.lifecycle.policies.value_retained`):

    outcome value = 1 - |outcome_score - episode_value_center|   (centre 0.65)
    value         = outcome value x 0.5 ** (days since last used / episode_half_life_days)

and an episode is kept while ``value >= episode_keep_min_value`` (0.18). The
outcome value is the design's formula: a mixed result (0.65) teaches most, a
clean success less, a flat failure least. Alone it never falls below 0.35 for
scores in 0..1, so nothing would ever leave; the age factor (counted from the
episode's completion or its last use, whichever is later: a ``similar``
search that returns it or its summary counts as use) is what lets old, unused episodes go.
With the defaults a 0.65 episode unused for ~7 months leaves, a success
(1.0) after ~5.5 months, a flat failure (0.0) after ~3 months.

An open episode nobody touched for ``episode_open_max_days`` is abandoned and
archived too. Archiving is reversible (``remem restore``); the episode's
summary goes with it. Archived episodes then follow the generic cold and purge
policies.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from remem.config import Config
from remem.lifecycle.job import JobContext, StepItem, StepResult
from remem.lifecycle.policies import days_since, last_use
from remem.model import AuditEvent, Kind, MemoryRecord, Status
from remem.store.base import FieldChange

PREVIEW_CHARS = 80


def episode_data(record: MemoryRecord) -> dict[str, Any] | None:
    """The episode structure of ``record``, or None when it is not an episode."""
    if record.kind is not Kind.EPISODIC:
        return None
    value = record.data.get("episode")
    return value if isinstance(value, dict) else None


def outcome_value(score: float, config: Config) -> float:
    """``1 - |score - episode_value_center|``, clipped to 0..1."""
    return max(0.0, min(1.0, 1.0 - abs(score - config.episode_value_center)))


def _parse(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def episode_value(
    record: MemoryRecord, now: datetime, config: Config, *, summary: MemoryRecord | None = None
) -> float | None:
    """The retention value of a completed episode at ``now`` (see the module doc; a use
    of its ``summary`` counts as a use of the episode); None for an open episode or a
    memory that is no episode."""
    data = episode_data(record)
    if data is None or not isinstance(data.get("outcome"), dict):
        return None
    score = data["outcome"].get("score")
    if not isinstance(score, int | float):
        return None
    since = last_use(record)
    if summary is not None and last_use(summary) > since:
        since = last_use(summary)
    completed = _parse(data.get("completed_at"))
    if completed is not None and completed > since:
        since = completed
    age = days_since(now, since)
    return outcome_value(float(score), config) * 0.5 ** (age / config.episode_half_life_days)


def retention(
    record: MemoryRecord, now: datetime, config: Config, *, summary: MemoryRecord | None = None
) -> tuple[str, str] | None:
    """``(action, reason)`` when the episode should leave at ``now``, else None."""
    data = episode_data(record)
    if data is None or record.status is not Status.ACTIVE:
        return None
    value = episode_value(record, now, config, summary=summary)
    if value is None:
        idle = days_since(now, last_use(record))
        if data.get("status") == "open" and idle >= config.episode_open_max_days:
            return "archived", f"open episode abandoned ({idle:.0f} d untouched)"
        return None
    if value < config.episode_keep_min_value:
        return "archived", f"episode value {value:.3f} < {config.episode_keep_min_value}"
    return None


def episode_retention_step(ctx: JobContext) -> StepResult:
    """Archive the active episodes (and their summaries) whose value fell below
    ``episode_keep_min_value``, and open episodes abandoned for
    ``episode_open_max_days``; one batch (one transaction) at a time, resumable."""
    store, config, now = ctx.store, ctx.config, ctx.now
    after = ctx.state.get("after")
    scanned = int(ctx.state.get("scanned", 0))
    counts: Counter[str] = Counter()
    items: list[StepItem] = []
    while batch := store.scan_memories(
        statuses=["active"], after_id=after, limit=config.jobs_batch
    ):
        changes: list[FieldChange] = []
        planned: list[StepItem] = []
        for record in batch:
            with ctx.isolated(record.id, hide=[record.content]):
                data = episode_data(record)
                if data is None:
                    continue
                counts["episodes_reviewed"] += 1
                summary_id = data.get("summary_id")
                summary = None
                if isinstance(summary_id, str):
                    found = store.get_memories([summary_id], record.scope)
                    summary = found[0] if found and found[0].status is Status.ACTIVE else None
                decided = retention(record, now, config, summary=summary)
                if decided is None:
                    continue
                action, reason = decided
                targets = [record] if summary is None else [record, summary]
                for target in targets:
                    detail = {"reason": reason, "from_status": "active", "episode": record.id}
                    changes.append(
                        FieldChange(
                            target.id,
                            "active",
                            {"status": Status.ARCHIVED, "updated_at": now},
                            AuditEvent(event=action, memory_id=target.id, at=now, detail=detail),
                        )
                    )
                    planned.append(StepItem(target.id, action, reason, _preview(target)))
        if ctx.dry_run:
            applied = {c.memory_id for c in changes}
        else:
            with store.transaction():
                applied = set(store.change_fields(changes))
                store.drop_token_vectors(sorted(applied))  # archived memories keep none
        for item in planned:
            if item.memory_id in applied:
                counts["episodes_archived"] += 1
                items.append(item)
        after, scanned = batch[-1].id, scanned + len(batch)
        ctx.tick(scanned, scanned)
        if len(batch) == config.jobs_batch and ctx.out_of_time():
            ctx.save({"after": after, "scanned": scanned})
            return StepResult(dict(counts), items, done=False)
    return StepResult(dict(counts), items)


def _preview(record: MemoryRecord) -> str:
    text = " ".join(record.content.split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"
