"""A simulated year of an assistant's life, replayed with and without the lifecycle jobs.

The generator (:func:`generate`, seeded) writes one session a day for one user,
Sam, on a fake clock. What it assumes:

- **Stable facts** (``stable``): people, belongings, providers, an allergy (the
  allergy is said as ``permanent``). Stated once, early in the year (days 0-29),
  and they keep mattering: every session the agent needs ``queries_per_day`` of
  them, each fact drawn with a weight from [0.5, 1.5], so each is needed every
  couple of weeks on average and some only every month or two.
- **Facts that are updated** (``updated``): a meeting time, where Sam lives,
  where Sam works, an editor, project deadlines. Each changes 1-3 times during
  the year; only the latest value still matters, and the agent needs it like a
  stable fact.
- **Operational notes** (``notes_per_day``): deploys, tickets, bookings, builds.
  Each matters for a window of 1-5 days (the agent needs it on each day of the
  window with probability ½), then never again.
- **Chatter** (``chatter_per_day``): greetings and thanks, which mostly do not
  pass the write path's gate.

Every statement goes through ``mem.remember`` (the hot path: gate, dedup,
supersede) on its day. When the agent needs a fact it asks ``mem.context`` and,
for each injected memory that holds what it needed, calls ``mem.reference`` (it
acted on it): injection alone is not a reference.

:func:`replay` runs the same year twice on fresh stores: with the lifecycle
(``mem.jobs.run_due(now)`` at the start of each session, like an agent's session
hook; no time budget, so both seeds replay the same way) and without. At the end
it asks about every still-relevant fact (the stable ones and the latest value of
each updated one) and measures recall@5 of ``mem.search``, the share of context
items that hold no still-relevant fact, the active store size, the file size
(database, WAL and the index files beside it), and the search p95 (timing:
reported, not judged). A fact counts as found when a returned memory contains
its subject and its value. During the year it counts the share of the agent's
needs of a fact that the context block met (a fact archived in May and needed in
August is a miss there, whatever the end of the year shows).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval.lifecycle_world import START, USER, Fact, Note, Year, generate
from remem.memory import Memory
from remem.model import Scope, Status

__all__ = [
    "MOVES",
    "START",
    "USER",
    "Fact",
    "Note",
    "RunResult",
    "Year",
    "fact_needs",
    "generate",
    "misses",
    "replay",
    "run_both",
    "table",
]


@dataclass(slots=True)
class RunResult:
    """What one replay measured."""

    lifecycle: bool
    recall_at_5: float
    irrelevant_share: float
    active: int
    file_bytes: int
    search_p95_ms: float
    protected_lost: int
    protected: int
    by_status: dict[str, int] = field(default_factory=dict)
    jobs: dict[str, int] = field(default_factory=dict)
    # the share of the year's needs of a fact that its context block met (held it)
    in_year_met: float = 0.0
    # each still-relevant fact search did not find at the end: its statement and what
    # became of every memory its statement was written into (status, last move)
    missed: list[dict[str, Any]] = field(default_factory=list)


def replay(
    year: Year,
    *,
    lifecycle: bool,
    config: Config,
    directory: Path,
    progress: Callable[[str], None] | None = None,
) -> RunResult:
    """Live ``year`` on a fresh store in ``directory`` and measure (see the module doc)."""
    db = directory / ("with.db" if lifecycle else "without.db")
    rng = random.Random(year.seed * 7919 + 1)  # the agent's needs: the same in both runs
    writes: dict[int, list[tuple[str, bool]]] = {}
    for fact in year.facts:
        for day, text, _ in fact.values:
            writes.setdefault(day, []).append((text, fact.permanent))
    for note in year.notes:
        writes.setdefault(note.day, []).append((note.text, False))
    jobs: dict[str, int] = {}
    written: dict[str, list[str]] = {}  # a statement -> the memories it was written into
    refused: dict[str, str] = {}  # a statement the write path kept nothing of -> why
    met = [0, 0]  # the facts' needs the context block met during the year, of all
    with Memory(db, config=config) as mem:
        for day in range(year.days):
            now = START + timedelta(days=day)
            if lifecycle:
                for run in mem.jobs.run_due(now).ran:
                    jobs[f"{run.name}_{run.status}"] = jobs.get(f"{run.name}_{run.status}", 0) + 1
            session = f"day-{day}"
            for i, (text, permanent) in enumerate(writes.get(day, [])):
                when = now + timedelta(minutes=i)
                if permanent:
                    ids = [m.id for m in mem.add(text, user_id=USER, session_id=session,
                                                 tier="permanent", now=when)]  # fmt: skip
                else:
                    decisions = mem.remember(
                        text, user_id=USER, session_id=session, speaker="Sam", now=when
                    )
                    ids = [i for d in decisions for i in (d.memory_id or d.related_id,) if i]
                    if not ids:  # what the write path did instead (a gate's refusal)
                        refused[text] = "; ".join(f"{d.action}: {d.reason}" for d in decisions)
                written.setdefault(text, []).extend(ids)
            for j, text in enumerate(year.chatter.get(day, [])):
                mem.remember(text, user_id=USER, session_id=session, speaker="Sam",
                             now=now + timedelta(minutes=50 + j))  # fmt: skip
            needs = _needs(year, day, rng)
            for k, (question, key, value) in enumerate(needs):
                when = now + timedelta(hours=1, minutes=k)
                block = mem.context(question, user_id=USER, now=when, max_items=5)
                used = [it.memory_id for it in block.items if _holds(it.line, key, value)]
                if used:
                    mem.reference(used, user_id=USER, now=when)
                if k < fact_needs(needs, year):  # a fact's need, not a note's
                    met[0] += bool(used)
                    met[1] += 1
            if progress is not None and day % 30 == 0:
                progress(f"{'with' if lifecycle else 'without'} lifecycle: day {day}")
        end = START + timedelta(days=year.days)
        if lifecycle:
            mem.jobs.run_due(end)
        result = _measure(mem, year, lifecycle, end, db, jobs, (written, refused))
        result.in_year_met = round(met[0] / met[1], 4) if met[1] else 0.0
        return result


def fact_needs(needs: list[tuple[str, str, str]], year: Year) -> int:
    """How many of a session's needs (facts first, then notes) are facts'."""
    questions = {f.question for f in year.facts}
    return sum(1 for question, _, _ in needs if question in questions)


def _needs(year: Year, day: int, rng: random.Random) -> list[tuple[str, str, str]]:
    """What the agent needs in this session: facts by weight, then live notes."""
    live = [f for f in year.facts if f.current(day) is not None]
    out: list[tuple[str, str, str]] = []
    if live:
        picks = rng.choices(live, weights=[f.weight for f in live], k=year.queries_per_day)
        for fact in dict.fromkeys(picks):
            current = fact.current(day)
            assert current is not None
            out.append((fact.question, fact.key, current[1]))
    for note in year.notes:
        if note.day < day <= note.until and rng.random() < 0.5:
            out.append((note.question, note.key, note.key))
    return out


def _holds(text: str, key: str, value: str) -> bool:
    """Whether ``text`` states ``value`` about ``key`` (both in it, any case)."""
    folded = text.casefold()
    return key.casefold() in folded and value.casefold() in folded


def _measure(
    mem: Memory,
    year: Year,
    lifecycle: bool,
    end: datetime,
    db: Path,
    jobs: dict[str, int],
    written: tuple[dict[str, list[str]], dict[str, str]],
) -> RunResult:
    relevant = [(f.question, f.key, f.answer) for f in year.facts]
    found = 0
    timings: list[float] = []
    items = irrelevant = 0
    missed: list[dict[str, Any]] = []
    for fact, (question, key, value) in zip(year.facts, relevant, strict=True):
        started = time.perf_counter()
        hits = mem.search(question, user_id=USER, limit=5, now=end, _record_access=False)
        timings.append((time.perf_counter() - started) * 1000)
        hit = any(_holds(h.memory.content, key, value) for h in hits)
        found += hit
        if not hit:
            missed.append(_missed(mem, fact.values[-1][1], written))
        block = mem.context(question, user_id=USER, now=end, max_items=5, record=False)
        for it in block.items:
            items += 1
            irrelevant += not any(_holds(it.line, k, v) for _, k, v in relevant)
    stats = mem.stats()
    protected = [
        m
        for m in mem.store.iter_memories()
        if (str(m.tier) == "permanent" or m.promoted) and m.status is not Status.SUPERSEDED
    ]
    lost = [m for m in protected if m.status is not Status.ACTIVE]
    files = [db, *db.parent.glob(db.name + "-wal"), *db.parent.glob(db.name + ".*")]
    size = sum(p.stat().st_size for p in files if p.exists())
    timings.sort()
    return RunResult(
        lifecycle=lifecycle,
        recall_at_5=round(found / len(relevant), 4) if relevant else 0.0,
        irrelevant_share=round(irrelevant / items, 4) if items else 0.0,
        active=int(stats["by_status"].get("active", 0)),
        file_bytes=size,
        search_p95_ms=round(
            statistics.quantiles(timings, n=20)[-1] if len(timings) > 1 else timings[0], 2
        ),
        protected_lost=len(lost),
        protected=len(protected),
        by_status=dict(stats["by_status"]),
        jobs=jobs,
        missed=missed,
    )


# The audit events that move a memory out of the active set (or into another).
MOVES = ("expired", "archived", "cold", "purged", "merged", "superseded", "rolled_up", "forgotten")


def _missed(
    mem: Memory, statement: str, written: tuple[dict[str, list[str]], dict[str, str]]
) -> dict[str, Any]:
    """A missed fact: its statement and, for each memory it was written into, the
    memory's status at the end and the last audit event that moved it (or why the
    write path kept none)."""
    holders = []
    for memory_id in dict.fromkeys(written[0].get(statement, [])):
        records = mem.store.get_memories([memory_id], Scope(user_id=USER))
        moves = [e for e in mem.store.history(memory_id) if e.event in MOVES]
        last = moves[-1] if moves else None
        holders.append(
            {
                "status": str(records[0].status) if records else "missing",
                "category": records[0].category if records else None,
                "moved_by": last.event if last else None,
                "on": last.at.date().isoformat() if last else None,
                "reason": str(last.detail.get("reason", "")) if last else "",
            }
        )
    return {"statement": statement, "holders": holders, "refused": written[1].get(statement)}


def run_both(
    year: Year,
    *,
    config: Config,
    directory: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, RunResult]:
    """The year replayed without and with the lifecycle, each on a fresh store."""
    with tempfile.TemporaryDirectory() as tmp:
        where = directory or Path(tmp)
        return {
            "without": replay(year, lifecycle=False, config=config, directory=where,
                              progress=progress),
            "with": replay(year, lifecycle=True, config=config, directory=where,
                           progress=progress),
        }  # fmt: skip


def table(results: dict[str, dict[str, RunResult]]) -> str:
    """A markdown table of every seed's two runs."""
    lines = [
        "| seed | lifecycle | recall@5 (still relevant) | facts' needs met in the year | "
        "irrelevant share in context | active memories | file | search p95 | "
        "permanent/promoted lost |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for seed, runs in results.items():
        for name in ("without", "with"):
            r = runs[name]
            lines.append(
                f"| {seed} | {name} | {r.recall_at_5:.3f} | {r.in_year_met:.3f} | "
                f"{r.irrelevant_share:.3f} | {r.active} | {r.file_bytes / 2**20:.1f} MiB | "
                f"{r.search_p95_ms:.1f} ms | {r.protected_lost} of {r.protected} |"
            )
        ratio = runs["with"].active / max(1, runs["without"].active)
        lines.append(f"| {seed} | active with / without | | | | {ratio:.1%} | | | |")
    return "\n".join(lines)


def misses(results: dict[str, dict[str, RunResult]]) -> str:
    """Every run's missed facts, each with what became of the memories that held it."""
    lines = []
    for seed, runs in results.items():
        for name in ("without", "with"):
            for miss in runs[name].missed:
                fates = "; ".join(
                    f"{h['status']}"
                    + (f" ({h['category']})" if h.get("category") else "")
                    + (
                        f", {h['moved_by']} on {h['on']}: {h['reason']}"
                        if h.get("moved_by")
                        else ""
                    )
                    for h in miss["holders"]
                )
                lines.append(
                    f'- seed {seed}, {name} jobs: "{miss["statement"]}" — '
                    f"{fates or 'not written: ' + str(miss.get('refused') or 'no memory')}"
                )
    return "\n".join(lines) if lines else "- none"
