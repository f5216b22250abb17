"""The updates benchmark: is the newest value answered first, is the old one superseded,
and do distinct facts stay distinct?

A scenario file is a JSON list of objects::

    {"id": "d01", "speaker": "Priya", "before": "I live in Seattle.",
     "after": "We moved to Portland.", "q": "Where does Priya live?",
     "new": "portland", "old": "seattle"}

and, for a control (a later fact that must *not* replace the earlier one),
``"old": null`` and ``"keep": "<text of the earlier fact that must stay active>"``.

Each scenario runs in its own scope of one temporary store: ``before`` is ingested
through ``Memory.add(infer=True)`` (the speaker as the message name), ``after``
three months later (message timestamps), then ``q`` is searched as of the time of
``after``. Per scenario:

- ``newest_first``: the top hit contains ``new`` (case-insensitive);
- ``superseded`` (updates): no active memory contains ``old``, and the memory stored
  from ``before`` that holds ``old`` is no longer active; ``old_found`` says whether
  any memory stored from ``before`` contained ``old`` word for word;
- ``kept`` (controls): an active memory still contains ``keep``, or the memory stored
  from ``before`` that holds it is still active.

The extractor may reword what it stores ("I reside in Bath" is stored as "Fitz resides
in Bath"), so the memory that holds a value is the one containing it word for word or,
failing that, the one of ``before``'s memories sharing at least half of its words (each
word compared by its first five letters). Only when no memory of ``before`` holds the
value does ``superseded`` hold vacuously, and the row says so.

A distinct-facts file (``{"speaker": ..., "facts": [...]}``) is ingested fact by
fact, a day apart, into one scope; every memory that ends up superseded is a false
supersede, and every fact not stored (rejected as a duplicate or not novel, or
reinforcing another) is reported as collapsed.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.errors import ValidationError
from remem.memory import Memory
from remem.model import MemoryRecord, Scope, Status
from remem.store.base import ListFilter
from remem.write.transcript import Message

Progress = Callable[[str], None]

START = datetime(2024, 1, 15, 10, 0, tzinfo=UTC)  # when every scenario's ``before`` is said
GAP = timedelta(days=91)  # ``after`` is said three months later
_FIELDS = ("id", "speaker", "before", "after", "q", "new")


def load_scenarios(path: str | Path) -> list[dict[str, Any]]:
    """The scenarios of ``path``, checked for the fields every row needs."""
    try:
        rows = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"cannot read scenarios from {path}: {exc}") from exc
    if not isinstance(rows, list) or not rows:
        raise ValidationError(f"{path}: expected a non-empty JSON list of scenarios")
    for i, row in enumerate(rows):
        missing = [f for f in _FIELDS if not isinstance(row, dict) or not row.get(f)]
        if missing:
            raise ValidationError(f"{path}: scenario {i} lacks {', '.join(missing)}")
        if row.get("old") is None and not row.get("keep"):
            raise ValidationError(
                f"{path}: scenario {row['id']} needs 'old' or, as a control, 'keep'"
            )
    return rows


def load_distinct(path: str | Path) -> tuple[str, list[str]]:
    """``(speaker, facts)`` of a distinct-facts file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"cannot read distinct facts from {path}: {exc}") from exc
    facts = data.get("facts") if isinstance(data, dict) else None
    if not isinstance(facts, list) or not all(isinstance(f, str) and f for f in facts):
        raise ValidationError(f'{path}: expected {{"speaker": ..., "facts": ["...", ...]}}')
    return str(data.get("speaker") or "user"), facts


def _say(
    mem: Memory, text: str, speaker: str, when: datetime, namespace: str
) -> list[MemoryRecord]:
    message = {"role": "user", "name": speaker, "content": text, "timestamp": when}
    return mem.add([message], namespace=namespace, infer=True)


def _active(mem: Memory, namespace: str) -> list[MemoryRecord]:
    return [
        m for m in mem.store.iter_memories(Scope(namespace=namespace)) if m.status is Status.ACTIVE
    ]


def _stems(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z0-9]+", text.lower())}


def _holder(stored: Sequence[MemoryRecord], value: str) -> MemoryRecord | None:
    """The memory of ``stored`` that holds ``value``: word for word, else by its words."""
    for m in stored:
        if value in m.content.lower():
            return m
    want = _stems(value)
    if not want:
        return None
    scored = [(len(want & _stems(m.content)), m) for m in stored]
    best = max(scored, key=lambda pair: pair[0], default=None)
    if best is None or 2 * best[0] < len(want) or best[0] == 0:
        return None
    return best[1]


def run_scenario(mem: Memory, row: Mapping[str, Any], *, namespace: str) -> dict[str, Any]:
    """Ingest one scenario into ``namespace`` of ``mem`` and score it (see module doc)."""
    speaker = str(row["speaker"])
    stored_before = _say(mem, row["before"], speaker, START, namespace)
    stored_after = _say(mem, row["after"], speaker, START + GAP, namespace)
    hits = mem.search(row["q"], namespace=namespace, limit=5, now=START + GAP + timedelta(hours=1))
    live = _active(mem, namespace)
    active = [m.content for m in live]
    live_ids = {m.id for m in live}
    top = hits[0].memory.content if hits else ""
    out: dict[str, Any] = {
        "id": row["id"],
        "control": row.get("old") is None,
        "newest_first": row["new"].lower() in top.lower(),
        "top": top,
        "before": [m.content for m in stored_before],
        "after": [m.content for m in stored_after],
        "active": active,
        "top_tags": hits[0].explain.get("tags", []) if hits else [],
    }
    if row.get("old") is None:
        keep = str(row["keep"]).lower()
        holder = _holder(stored_before, keep)
        out["kept"] = any(keep in text.lower() for text in active) or (
            holder is not None and holder.id in live_ids
        )
    else:
        old = str(row["old"]).lower()
        holder = _holder(stored_before, old)
        out["superseded"] = not any(old in text.lower() for text in active) and (
            holder is None or holder.id not in live_ids
        )
        out["old_found"] = any(old in m.content.lower() for m in stored_before)
        out["old_held"] = holder is not None
    return out


def run_distinct(
    mem: Memory, speaker: str, facts: Sequence[str], *, namespace: str
) -> dict[str, Any]:
    """Ingest ``facts`` one by one, a day apart; count false supersedes and collapses."""
    outcomes: Counter[str] = Counter()
    for i, fact in enumerate(facts):
        report = mem.ingest_messages(
            [Message(speaker=speaker, role="user", text=fact, timestamp=START + timedelta(days=i))],
            scope=Scope(namespace=namespace),
        )
        for d in report.decisions:
            outcomes[d.action if d.action != "rejected" else f"rejected:{d.reason}"] += 1
    everything = mem.store.list_memories(
        Scope(namespace=namespace),
        filters=ListFilter(statuses=("active", "superseded")),
        limit=10 * len(facts) + 10,
    ).items
    superseded = [m for m in everything if m.status is Status.SUPERSEDED]
    by_id = {m.id: m for m in everything}
    return {
        "facts": len(facts),
        "false_supersedes": len(superseded),
        "collapsed": sum(v for k, v in outcomes.items() if k != "stored"),
        "outcomes": dict(sorted(outcomes.items())),
        "superseded_pairs": [
            [m.content, by_id[m.superseded_by].content if m.superseded_by in by_id else None]
            for m in superseded
        ],
    }


def run_updates(
    path: str | Path,
    *,
    config: Config,
    distinct: str | Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Run the scenarios of ``path`` (and the distinct facts of ``distinct``) on a
    temporary store built from ``config``; return the summary and one row per scenario."""
    say = progress or (lambda _m: None)
    rows = load_scenarios(path)
    distinct_facts = load_distinct(distinct) if distinct is not None else None
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="remem-updates-") as tmp:
        run_config = config.model_copy(update={"home": Path(tmp), "db_path": None})
        with Memory(Path(tmp) / "updates.db", config=run_config) as mem:
            for n, row in enumerate(rows, start=1):
                results.append(run_scenario(mem, row, namespace=f"updates/{row['id']}"))
                say(f"[{n}/{len(rows)}] {row['id']}")
            distinct_result = (
                run_distinct(mem, *distinct_facts, namespace="updates/distinct")
                if distinct_facts is not None
                else None
            )
    updates = [r for r in results if not r["control"]]
    controls = [r for r in results if r["control"]]
    summary: dict[str, Any] = {
        "benchmark": "updates",
        "data": Path(path).name,
        "scenarios": len(results),
        "updates": len(updates),
        "controls": len(controls),
        "extractor": config.extractor,
        "embedder": config.embedder,
        "llm": config.llm_provider,
        "newest_first": _rate(r["newest_first"] for r in results),
        "superseded": _rate(r["superseded"] for r in updates),
        "controls_kept": _rate(r["kept"] for r in controls),
        "controls_kept_count": sum(r["kept"] for r in controls),
        "vacuous_superseded": [r["id"] for r in updates if not r["old_held"]],
        "failures": {
            "newest_first": [r["id"] for r in results if not r["newest_first"]],
            "superseded": [r["id"] for r in updates if not r["superseded"]],
            "controls_kept": [r["id"] for r in controls if not r["kept"]],
        },
    }
    if distinct_result is not None:
        summary["distinct"] = distinct_result
    summary["rows"] = results
    return summary


def _rate(values: Any) -> float:
    items = list(values)
    return round(sum(bool(v) for v in items) / len(items), 4) if items else 0.0


def format_summary(result: Mapping[str, Any]) -> str:
    """A short human-readable summary of :func:`run_updates`' result."""
    lines = [
        f"updates benchmark on {result['data']}: {result['scenarios']} scenarios "
        f"({result['updates']} updates, {result['controls']} controls)",
        f"  newest value ranked first  {result['newest_first']:.3f}",
        f"  old fact superseded        {result['superseded']:.3f}",
        f"  controls kept              {result['controls_kept_count']}/{result['controls']}",
    ]
    if result["vacuous_superseded"]:
        lines.append(
            "  (old value never stored, superseded holds vacuously: "
            + ", ".join(result["vacuous_superseded"])
            + ")"
        )
    for name, ids in result["failures"].items():
        if ids:
            lines.append(f"  failed {name}: {', '.join(ids)}")
    distinct = result.get("distinct")
    if distinct is not None:
        lines.append(
            f"  distinct facts: {distinct['false_supersedes']} false supersedes, "
            f"{distinct['collapsed']} collapsed of {distinct['facts']}"
        )
    return "\n".join(lines)
