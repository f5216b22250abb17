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
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval.lifecycle_measure import (
    MOVES,
    RunResult,
    Target,
    class_table,
    fates,
    file_bytes,
    measure_end,
    misses,
    seeded_ids,
    table,
)
from remem.eval.lifecycle_world import START, USER, Fact, Note, Year, generate
from remem.memory import Memory
from remem.model import Status

__all__ = [
    "MOVES",
    "START",
    "USER",
    "Fact",
    "Note",
    "RunResult",
    "Year",
    "class_table",
    "fact_needs",
    "generate",
    "misses",
    "replay",
    "run_both",
    "table",
    "targets",
]


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
    met = [0, 0, 0]  # the facts' needs the context block met in the year, of all, by archive
    with seeded_ids(year.seed), Memory(db, config=config) as mem:
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
                    met[2] += any(it.tier != "active" for it in block.items if it.memory_id in used)
            if progress is not None and day % 30 == 0:
                progress(f"{'with' if lifecycle else 'without'} lifecycle: day {day}")
        end = START + timedelta(days=year.days)
        if lifecycle:
            mem.jobs.run_due(end)
        result = _measure(mem, year, lifecycle, end, db, jobs, (written, refused))
        result.in_year_met = round(met[0] / met[1], 4) if met[1] else 0.0
        result.in_year_from_archive = met[2]
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


def targets(year: Year) -> list[Target]:
    """The year's still-needed facts as the measurement sees them: the allergy said as
    permanent is ``important``, a fact said more than once ``updated``, the other
    stable facts (each needed every couple of weeks) ``frequent``."""
    out = []
    for i, fact in enumerate(year.facts):
        old = [v for _, _, v in fact.values[:-1] if v != fact.answer]
        cls = "important" if fact.permanent else "updated" if len(fact.values) > 1 else "frequent"
        out.append(
            Target(
                id=f"w1-{i}",
                cls=cls,
                question=fact.question,
                current=partial(_holds, key=fact.key, value=fact.answer),
                old=partial(_holds_any, key=fact.key, values=tuple(old)) if old else None,
                important=fact.permanent,
                statement=fact.values[-1][1],
            )
        )
    return out


def _holds_any(text: str, key: str, values: tuple[str, ...]) -> bool:
    return any(_holds(text, key, v) for v in values)


def _measure(
    mem: Memory,
    year: Year,
    lifecycle: bool,
    end: datetime,
    db: Path,
    jobs: dict[str, int],
    written: tuple[dict[str, list[str]], dict[str, str]],
) -> RunResult:
    m = measure_end(mem, targets(year), user=USER, end=end)
    stats = mem.stats()
    protected = [
        r
        for r in mem.store.iter_memories()
        if (str(r.tier) == "permanent" or r.promoted) and r.status is not Status.SUPERSEDED
    ]
    lost = [r for r in protected if r.status is not Status.ACTIVE]
    return RunResult(
        lifecycle=lifecycle,
        recall_at_5=m.recall_at_5,
        irrelevant_share=m.irrelevant_share,
        active=int(stats["by_status"].get("active", 0)),
        file_bytes=file_bytes(db),
        search_p95_ms=m.search_p95_ms,
        protected_lost=len(lost),
        protected=len(protected),
        by_status=dict(stats["by_status"]),
        jobs=jobs,
        missed=[_missed(mem, t, written) for t in m.missed],
        recall_at_10=m.recall_at_10,
        by_class=m.by_class,
        important=m.important,
        old_above_current=m.old_above_current,
        fallback_hits=m.fallback_hits,
    )


def _missed(
    mem: Memory, target: Target, written: tuple[dict[str, list[str]], dict[str, str]]
) -> dict[str, Any]:
    """A missed fact: its statement and, for each memory it was written into, the
    memory's status at the end and the last audit event that moved it (or why the
    write path kept none)."""
    return {
        "statement": target.statement,
        "class": target.cls,
        "holders": fates(mem, written[0].get(target.statement, []), USER),
        "refused": written[1].get(target.statement),
    }


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
