"""The second simulated year: a world written blind (``bench/worlds/world2.py``, from
/work/evalsets/lifecycle), replayed through the public API the way
:mod:`remem.eval.lifecycle_sim` replays its own year, and measured the same way
(:mod:`remem.eval.lifecycle_measure`).

The world is a JSON file (its README, ``bench/worlds/README.md``, documents every
key): facts by class (frequent, rare, dormant, updated, important) with their
statements and the days they are needed, operational notes with a window, chatter
and requests. Each day of the replay, on a fake clock from the world's start:

1. with the lifecycle, ``mem.jobs.run_due(now)`` (an agent's session hook);
2. the day's statements through ``mem.remember`` (a keep request sent as its own
   message right after its fact, in the same session), then notes, chatter and
   requests, in that order, a minute apart, from 08:00;
3. from 09:00, each need of a fact that day and each note question asked that day:
   ``mem.context(question, max_items=5)``, and ``mem.reference`` on the items that
   hold the expected value (confirmed use; injection alone is not a reference).

A text *holds* a fact's value when every word of the fact's key and of the value
is one of its words (case-insensitive, alphanumeric words: "6:30 am" holds "6 30
am"); the world's validator guarantees every statement holds its own key and value.
At ``final_day`` every fact's final question is asked (:func:`measure_end`).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval.lifecycle_measure import (
    RunResult,
    Target,
    fates,
    file_bytes,
    holds_words,
    measure_end,
    seeded_ids,
)
from remem.memory import Memory
from remem.model import Status

__all__ = ["Fact2", "Need", "Note2", "World", "load", "replay", "run_both", "targets"]


@dataclass(frozen=True, slots=True)
class Need:
    """A day a fact (or a note) is needed: the question and the value current then."""

    day: int
    question: str
    expect: str


@dataclass(slots=True)
class Fact2:
    """A fact of the world: its statements (day, text, value; followups carry no
    value words), its needs and its final question."""

    id: str
    cls: str
    key: str
    statements: list[dict[str, Any]]
    needs: list[Need]
    final_question: str
    final_expect: str
    explicit_keep: bool = False
    critical: bool = False
    domain: str = "none"
    group: str | None = None

    @property
    def important(self) -> bool:
        """The user asked to keep it, or it is critical by domain."""
        return self.explicit_keep or self.critical

    def values(self) -> list[str]:
        """Its values in the order they were stated (no repeats)."""
        said = [s["value"] for s in self.statements if not s.get("followup") and s.get("value")]
        return list(dict.fromkeys(said))

    def current(self, day: int) -> str | None:
        """The value in force on ``day`` (stated strictly before it)."""
        said = [s for s in self.statements if s["day"] < day and not s.get("followup")]
        return said[-1]["value"] if said else None


@dataclass(frozen=True, slots=True)
class Note2:
    """An operational note: said on ``day``, live until ``until``, asked on ``ask_day``."""

    id: str
    day: int
    until: int
    text: str
    key: str
    value: str
    question: str
    ask_day: int


@dataclass(slots=True)
class World:
    """A loaded world-2 JSON."""

    name: str
    seed: int
    bank: str
    user: str
    start: date
    days: int
    final_day: int
    facts: list[Fact2]
    notes: list[Note2]
    chatter: list[dict[str, Any]]
    requests: list[dict[str, Any]]
    stats: dict[str, Any] = field(default_factory=dict)


def load(source: Path | dict[str, Any]) -> World:
    """A world from its JSON file (or the parsed dict)."""
    data = json.loads(Path(source).read_text()) if isinstance(source, Path) else source
    facts = [
        Fact2(
            id=f["id"],
            cls=f["class"],
            key=f["key"],
            statements=list(f["statements"]),
            needs=[Need(n["day"], n["question"], n["expect"]) for n in f["needs"]],
            final_question=f["final_question"],
            final_expect=f["final_expect"],
            explicit_keep=bool(f.get("explicit_keep")),
            critical=bool(f.get("critical")),
            domain=str(f.get("domain") or "none"),
            group=f.get("group"),
        )
        for f in data["facts"]
    ]
    notes = [
        Note2(
            n["id"],
            n["day"],
            n["until"],
            n["text"],
            n["key"],
            n["value"],
            n["question"],
            n["ask_day"],
        )
        for n in data["notes"]
    ]
    return World(
        name=data["name"],
        seed=int(data["seed"]),
        bank=str(data["bank"]),
        user=str(data["user"]),
        start=date.fromisoformat(data["start"]),
        days=int(data["days"]),
        final_day=int(data["final_day"]),
        facts=facts,
        notes=notes,
        chatter=list(data["chatter"]),
        requests=list(data["requests"]),
        stats=dict(data.get("stats", {})),
    )


def _holds(text: str, key: str, value: str) -> bool:
    return holds_words(text, key, value)


def _holds_any(text: str, key: str, values: tuple[str, ...]) -> bool:
    return any(holds_words(text, key, v) for v in values)


def targets(world: World) -> list[Target]:
    """Every fact's final question as a :class:`Target` (all facts are still needed)."""
    out = []
    for fact in world.facts:
        old = tuple(v for v in fact.values() if v != fact.final_expect)
        last = [s["text"] for s in fact.statements if not s.get("followup")][-1]
        out.append(
            Target(
                id=fact.id,
                cls=fact.cls,
                question=fact.final_question,
                current=partial(_holds, key=fact.key, value=fact.final_expect),
                old=partial(_holds_any, key=fact.key, values=old) if old else None,
                important=fact.important,
                statement=last,
            )
        )
    return out


def _speaker(world: World) -> str:
    return world.user.split()[0].capitalize() if world.user else "User"


def replay(
    world: World,
    *,
    lifecycle: bool,
    config: Config,
    directory: Path,
    progress: Callable[[str], None] | None = None,
) -> RunResult:
    """Live ``world`` on a fresh store in ``directory`` and measure (see the module doc)."""
    db = directory / ("with.db" if lifecycle else "without.db")
    user, speaker = world.user, _speaker(world)
    start = datetime.combine(world.start, time(8, 0), tzinfo=UTC)
    writes: dict[int, list[tuple[int, str, str | None]]] = {}  # day -> (order, text, fact)
    for fact in world.facts:
        for s in fact.statements:
            writes.setdefault(s["day"], []).append((0, s["text"], fact.id))
    for note in world.notes:
        writes.setdefault(note.day, []).append((1, note.text, None))
    for c in world.chatter:
        writes.setdefault(c["day"], []).append((2, c["text"], None))
    for r in world.requests:
        writes.setdefault(r["day"], []).append((3, r["text"], None))
    asks: dict[int, list[tuple[str, str, str, str | None]]] = {}  # question, key, value, fact
    for fact in world.facts:
        for need in fact.needs:
            asks.setdefault(need.day, []).append((need.question, fact.key, need.expect, fact.id))
    for note in world.notes:
        asks.setdefault(note.ask_day, []).append((note.question, note.key, note.value, None))
    jobs: dict[str, int] = {}
    written: dict[str, list[str]] = {}
    refused: dict[str, str] = {}
    met = [0, 0]
    year_items = year_irrelevant = from_archive = 0
    with seeded_ids(0), Memory(db, config=config) as mem:
        for day in range(world.final_day):
            now = start + timedelta(days=day)
            if lifecycle:
                for run in mem.jobs.run_due(now).ran:
                    jobs[f"{run.name}_{run.status}"] = jobs.get(f"{run.name}_{run.status}", 0) + 1
            session = f"day-{day}"
            # stable sort: a fact's statements (and a followup right after its fact) first
            for i, (_, text, fact_id) in enumerate(sorted(writes.get(day, []), key=lambda w: w[0])):
                decisions = mem.remember(
                    text, user_id=user, session_id=session, speaker=speaker,
                    now=now + timedelta(minutes=i),
                )  # fmt: skip
                if fact_id is not None:
                    ids = [x for d in decisions for x in (d.memory_id or d.related_id,) if x]
                    if not ids:
                        refused[text] = "; ".join(f"{d.action}: {d.reason}" for d in decisions)
                    written.setdefault(text, []).extend(ids)
            live = _live(world, day)
            for k, (question, key, value, fact_id) in enumerate(asks.get(day, [])):
                when = now + timedelta(hours=1, minutes=k)
                block = mem.context(question, user_id=user, now=when, max_items=5)
                used = [it.memory_id for it in block.items if _holds(it.line, key, value)]
                if used:
                    mem.reference(used, user_id=user, now=when)
                if fact_id is not None:
                    met[0] += bool(used)
                    met[1] += 1
                    from_archive += any(
                        it.tier != "active" for it in block.items if it.memory_id in used
                    )
                for it in block.items:
                    year_items += 1
                    year_irrelevant += not any(_holds(it.line, k2, v2) for k2, v2 in live)
            if progress is not None and day % 30 == 0:
                progress(f"{'with' if lifecycle else 'without'} lifecycle: day {day}")
        end = start + timedelta(days=world.final_day)
        if lifecycle:
            mem.jobs.run_due(end)
        m = measure_end(mem, targets(world), user=user, end=end)
        stats = mem.stats()
        protected = [
            r
            for r in mem.store.iter_memories()
            if (str(r.tier) == "permanent" or r.promoted) and r.status is not Status.SUPERSEDED
        ]
        return RunResult(
            lifecycle=lifecycle,
            recall_at_5=m.recall_at_5,
            irrelevant_share=m.irrelevant_share,
            active=int(stats["by_status"].get("active", 0)),
            file_bytes=file_bytes(db),
            search_p95_ms=m.search_p95_ms,
            protected_lost=sum(1 for r in protected if r.status is not Status.ACTIVE),
            protected=len(protected),
            by_status=dict(stats["by_status"]),
            jobs=jobs,
            in_year_met=round(met[0] / met[1], 4) if met[1] else 0.0,
            missed=[
                {
                    "statement": t.statement,
                    "class": t.cls,
                    "holders": fates(mem, _written_for(world, t.id, written), user),
                    "refused": refused.get(t.statement),
                }
                for t in m.missed
            ],
            recall_at_10=m.recall_at_10,
            by_class=m.by_class,
            important=m.important,
            old_above_current=m.old_above_current,
            fallback_hits=m.fallback_hits,
            in_year_irrelevant=round(year_irrelevant / year_items, 4) if year_items else 0.0,
            in_year_from_archive=from_archive,
        )


def _live(world: World, day: int) -> list[tuple[str, str]]:
    """(key, value) of what is worth having in context on ``day``: every fact's value
    current then and every note within its window."""
    out = [(f.key, v) for f in world.facts if (v := f.current(day)) is not None]
    out += [(n.key, n.value) for n in world.notes if n.day <= day <= n.until]
    return out


def _written_for(world: World, fact_id: str, written: dict[str, list[str]]) -> list[str]:
    fact = next(f for f in world.facts if f.id == fact_id)
    return [i for s in fact.statements for i in written.get(s["text"], [])]


def run_both(
    world: World,
    *,
    config: Config,
    directory: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, RunResult]:
    """The world replayed without and with the lifecycle, each on a fresh store."""
    with tempfile.TemporaryDirectory() as tmp:
        where = directory or Path(tmp)
        return {
            name: replay(world, lifecycle=name == "with", config=config, directory=where,
                         progress=progress)
            for name in ("without", "with")
        }  # fmt: skip
