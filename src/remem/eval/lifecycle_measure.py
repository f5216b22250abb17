"""What a simulated year's replay measures at its end, the same way for every world
(:mod:`remem.eval.lifecycle_sim`'s own year and the blind second world of
:mod:`remem.eval.lifecycle_world2`).

A world hands over its still-needed facts as :class:`Target`\\ s: the final
question, a test of whether a text holds the current value, one for an older value
(updated facts), the fact's class and whether the user asked to keep it or it is
critical by domain. :func:`measure_end` asks every question once through
``mem.search`` (10 results) and once through ``mem.context`` (5 items) and counts:

- recall@5 and @10, overall and by class: a returned memory holds the current value;
- old above current: an updated fact whose top 10 hold an older value above the
  first memory holding the current one (or an older value and no current one);
- the share of context items holding no still-needed fact;
- search p95 (timing: reported, not judged);
- which memories answered from outside the active set (``explain["tier"]``).
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from remem.memory import Memory
from remem.model import Scope, seed_ids

__all__ = [
    "CLASSES",
    "MOVES",
    "EndMeasure",
    "RunResult",
    "Target",
    "class_table",
    "fates",
    "file_bytes",
    "holds_words",
    "measure_end",
    "misses",
    "seeded_ids",
    "table",
    "words",
]

_WORD = re.compile(r"[0-9a-z]+")
# The audit events that move a memory out of the active set (or into another).
MOVES = ("expired", "archived", "cold", "purged", "merged", "superseded", "rolled_up", "forgotten")


@contextmanager
def seeded_ids(seed: int) -> Iterator[None]:
    """Record ids drawn from ``seed`` while a replay runs: ties between equal scores
    fall to the id, so both arms of a year (and two runs of one) must draw the same."""
    seed_ids(seed)
    try:
        yield
    finally:
        seed_ids(None)


def words(text: str) -> frozenset[str]:
    """The lower-case alphanumeric words of ``text`` ("Moss's 6:30" -> moss, s, 6, 30)."""
    return frozenset(_WORD.findall(text.casefold()))


def holds_words(text: str, *groups: str) -> bool:
    """Whether every word of every one of ``groups`` is a word of ``text``."""
    have = words(text)
    return all(words(g) <= have for g in groups)


@dataclass(frozen=True, slots=True)
class Target:
    """A fact still needed at the end of the year, as the measurement sees it."""

    id: str
    cls: str  # frequent | rare | dormant | updated | important
    question: str
    current: Callable[[str], bool]  # the text holds the current value
    old: Callable[[str], bool] | None = None  # ... holds an older value (updated facts)
    important: bool = False  # the user asked to keep it, or it is critical by domain
    statement: str = ""  # the statement of the current value (for the list of misses)


@dataclass(slots=True)
class EndMeasure:
    """What :func:`measure_end` counted."""

    recall_at_5: float
    recall_at_10: float
    by_class: dict[str, list[int]]  # class -> [found@5, found@10, facts]
    important: list[int]  # [found@5, found@10, facts] of the important ones
    old_above_current: int
    irrelevant_share: float
    search_p95_ms: float
    fallback_hits: int  # results (top 10) that came from outside the active set
    missed: list[Target] = field(default_factory=list)  # not in the top 5


def measure_end(mem: Memory, targets: Sequence[Target], *, user: str, end: datetime) -> EndMeasure:
    """Ask every target's question at ``end`` and count (see the module doc)."""
    by_class: dict[str, list[int]] = {}
    important = [0, 0, 0]
    timings: list[float] = []
    items = irrelevant = old_above = fallback = 0
    missed: list[Target] = []
    for target in targets:
        started = time.perf_counter()
        hits = mem.search(target.question, user_id=user, limit=10, now=end, _record_access=False)
        timings.append((time.perf_counter() - started) * 1000)
        fallback += sum(1 for h in hits if h.explain.get("tier", "active") != "active")
        texts = [h.memory.content for h in hits]
        rank = next((i for i, t in enumerate(texts) if target.current(t)), None)
        at5, at10 = rank is not None and rank < 5, rank is not None
        row = by_class.setdefault(target.cls, [0, 0, 0])
        for counts in (row, *((important,) if target.important else ())):
            counts[0] += at5
            counts[1] += at10
            counts[2] += 1
        if not at5:
            missed.append(target)
        if target.old is not None:
            stale = next(
                (i for i, t in enumerate(texts) if target.old(t) and not target.current(t)), None
            )
            old_above += stale is not None and (rank is None or stale < rank)
        block = mem.context(target.question, user_id=user, now=end, max_items=5, record=False)
        for it in block.items:
            items += 1
            irrelevant += not any(t.current(it.line) for t in targets)
    timings.sort()
    found5 = sum(r[0] for r in by_class.values())
    found10 = sum(r[1] for r in by_class.values())
    n = len(targets)
    return EndMeasure(
        recall_at_5=round(found5 / n, 4) if n else 0.0,
        recall_at_10=round(found10 / n, 4) if n else 0.0,
        by_class=by_class,
        important=important,
        old_above_current=old_above,
        irrelevant_share=round(irrelevant / items, 4) if items else 0.0,
        search_p95_ms=round(
            statistics.quantiles(timings, n=20)[-1] if len(timings) > 1 else timings[0], 2
        )
        if timings
        else 0.0,
        fallback_hits=fallback,
        missed=missed,
    )


def file_bytes(db: Path) -> int:
    """The store's size on disk: the database, its WAL and the index files beside it."""
    files = [db, *db.parent.glob(db.name + "-wal"), *db.parent.glob(db.name + ".*")]
    return sum(p.stat().st_size for p in files if p.exists())


def fates(mem: Memory, memory_ids: Sequence[str], user: str) -> list[dict[str, Any]]:
    """For each memory a statement was written into: its status at the end and the
    last audit event that moved it."""
    holders = []
    for memory_id in dict.fromkeys(memory_ids):
        records = mem.store.get_memories([memory_id], Scope(user_id=user))
        moves = [e for e in mem.store.history(memory_id) if e.event in MOVES]
        last = moves[-1] if moves else None
        holders.append(
            {
                "status": str(records[0].status) if records else "missing",
                "category": records[0].category if records else None,
                "moved_by": last.event if last else None,
                "on": last.at.date().isoformat() if last else None,
                "reason": _why_moved(mem, last.detail, user) if last else "",
            }
        )
    return holders


def _why_moved(mem: Memory, detail: dict[str, Any], user: str) -> str:
    """The reason an audit event gives; for a supersede or merge (whose events say
    ``why`` and ``superseded_by``, not ``reason``) the successor's text and why."""
    reason = str(detail.get("reason") or detail.get("why") or "")
    successor = detail.get("superseded_by")
    if not successor:
        return reason
    found = mem.store.get_memories([str(successor)], Scope(user_id=user))
    text = found[0].content if found else f"{successor} (missing)"
    extra = f" ({detail['detail']})" if detail.get("detail") else ""
    return f'{reason or "superseded"} by "{text}"{extra}'


@dataclass(slots=True)
class RunResult:
    """What one replay of a year measured (either world)."""

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
    # each still-needed fact search did not find at the end: its statement and what
    # became of every memory its statement was written into (status, last move)
    missed: list[dict[str, Any]] = field(default_factory=list)
    recall_at_10: float = 0.0
    by_class: dict[str, list[int]] = field(default_factory=dict)  # [found@5, found@10, n]
    important: list[int] = field(default_factory=lambda: [0, 0, 0])  # [found@5, @10, n]
    old_above_current: int = 0
    fallback_hits: int = 0
    # the share of the year's context items that held nothing needed that day
    in_year_irrelevant: float = 0.0
    # the year's needs of a fact met by a memory the archive tier answered with
    in_year_from_archive: int = 0


# The classes of still-needed facts, in the order the tables show them.
CLASSES = ("frequent", "rare", "dormant", "updated", "important")


def _arms(runs: dict[str, RunResult]) -> list[str]:
    """The arms a seed ran, in table order (a replay of one arm has only that one)."""
    return [name for name in ("without", "with") if name in runs]


def table(results: dict[Any, dict[str, RunResult]]) -> str:
    """A markdown table of every seed's runs (the active ratio when both arms ran)."""
    lines = [
        "| seed | jobs | recall@5 | recall@10 | important found @5 / @10 | old above current | "
        "needs met in the year (of them by the archive tier) | irrelevant in context "
        "(end / year) | active | file | search p95 | permanent/promoted lost |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for seed, runs in results.items():
        for name in _arms(runs):
            r = runs[name]
            imp = r.important
            lines.append(
                f"| {seed} | {name} | {r.recall_at_5:.3f} | {r.recall_at_10:.3f} | "
                f"{imp[0]} / {imp[1]} of {imp[2]} | {r.old_above_current} | "
                f"{r.in_year_met:.3f} ({r.in_year_from_archive}) | "
                f"{r.irrelevant_share:.3f} / {r.in_year_irrelevant:.3f} | "
                f"{r.active} | {r.file_bytes / 2**20:.1f} MiB | {r.search_p95_ms:.1f} ms | "
                f"{r.protected_lost} of {r.protected} |"
            )
        if len(_arms(runs)) < 2:
            continue
        ratio = runs["with"].active / max(1, runs["without"].active)
        lines.append(f"| {seed} | active with / without | | | | | | | **{ratio:.1%}** | | | |")
    return "\n".join(lines)


def class_table(results: dict[Any, dict[str, RunResult]]) -> str:
    """Recall@5 / @10 by class of fact, each seed's runs one under the other."""
    classes = [
        c for c in CLASSES if any(c in r.by_class for rs in results.values() for r in rs.values())
    ]
    head = " | ".join(f"{c} @5 / @10" for c in classes)
    lines = [f"| seed | jobs | {head} |", "|---|---|" + "---:|" * len(classes)]
    for seed, runs in results.items():
        for name in _arms(runs):
            cells = []
            for c in classes:
                f5, f10, n = runs[name].by_class.get(c, [0, 0, 0])
                cells.append(f"{f5 / n:.2f} / {f10 / n:.2f} (n={n})" if n else "-")
            lines.append(f"| {seed} | {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def misses(results: dict[Any, dict[str, RunResult]]) -> str:
    """Every run's missed facts, each with what became of the memories that held it."""
    lines = []
    for seed, runs in results.items():
        for name in _arms(runs):
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
                label = f" [{miss['class']}]" if miss.get("class") else ""
                lines.append(
                    f'- seed {seed}, {name} jobs{label}: "{miss["statement"]}" — '
                    f"{fates or 'not written: ' + str(miss.get('refused') or 'no memory')}"
                )
    return "\n".join(lines) if lines else "- none"
