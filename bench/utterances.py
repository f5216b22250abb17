"""What the Claude Code hook path decides for one prompt, measured on a blind set.

    .venv/bin/python bench/utterances.py                       # the dev half
    .venv/bin/python bench/utterances.py --set bench/data/utterances/utterances.held.jsonl
    .venv/bin/python bench/utterances.py --misses              # every wrong row
    .venv/bin/python bench/utterances.py --embedder fake       # the test double

Each row of the set (JSONL, written blind by a helper who does not read the code:
``text`` the user's prompt, ``previous`` the assistant's turn before it or null,
``label`` one of fact, update, correction, rule, preference_work, request, question,
chatter, keep_request, mixed; ``lesson`` the lesson it should teach or null, ``fact``
the fact it states or null, ``tool``, ``style``) goes through what the installed hooks
call, in a scope of its own on one fresh SQLite store with the configured embedder:
the assistant's turn (``Stop``: ``MemoryAgent.observe(..., "assistant", ...)``; for a
``keep_request`` row ``previous`` is the user's own message before it, the set's
convention, observed as the user's), the
prompt (``UserPromptSubmit``: ``observe(..., "user", ...)``), then the session's end
(``SessionEnd``: ``flush`` and ``end_session``, which extract the observed turns through
the write path). What the store holds for the row afterwards is its outcome:

- **lesson**: a lesson memory was written (from a correction, a rule or a preference
  about how to work);
- **fact**: a memory of another kind (no episode) whose source is the prompt;
- **nothing**: neither.

Expected: ``correction``, ``rule``, ``preference_work`` -> a lesson; ``fact``,
``update``, ``keep_request``, ``mixed`` -> a fact (a mixed prompt's fact said beside
its request); ``request``, ``question``, ``chatter`` -> nothing. Reported: the
confusion matrix of label against outcome, per outcome precision and recall, the
share right per label and per style, the act :func:`remem.write.acts.classify` gave
(the sentence-level reading the hooks use), and the **pollution proxy**: the share of
request / question / chatter rows that left a fact in long-term memory.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from remem import Memory
from remem.config import Config
from remem.model import Kind

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SET = ROOT / "bench" / "data" / "utterances" / "utterances.dev.jsonl"
LABELS = (
    "fact",
    "update",
    "keep_request",
    "mixed",
    "correction",
    "rule",
    "preference_work",
    "request",
    "question",
    "chatter",
)
EXPECT = {
    **dict.fromkeys(("fact", "update", "keep_request", "mixed"), "fact"),
    **dict.fromkeys(("correction", "rule", "preference_work"), "lesson"),
    **dict.fromkeys(("request", "question", "chatter"), "nothing"),
}
OUTCOMES = ("fact", "lesson", "nothing")
_T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def outcome(mem: Memory, row: dict[str, Any], index: int) -> dict[str, Any]:
    """What the hook path left in the store for one row (see the module docstring)."""
    from remem.agent.agent import MemoryAgent

    agent = MemoryAgent(mem, user_id=f"u{index}", agent_id="claude-code")
    sid = f"row-{index}"
    now = _T0 + timedelta(minutes=index)
    agent.start_session(sid, now=now)
    if row.get("previous"):
        # the set's convention: a keep request's ``previous`` is the user's own message
        # that holds the fact ("remember that"); elsewhere, the assistant's turn
        role = "user" if row["label"] == "keep_request" else "assistant"
        agent.observe(sid, role, row["previous"], now=now)
    seen = agent.observe(sid, "user", row["text"], now=now + timedelta(seconds=30))
    agent.flush(sid, now=now + timedelta(seconds=60))
    agent.end_session(sid, now=now + timedelta(seconds=90))
    records = mem.get_all(user_id=f"u{index}", agent_id="claude-code", limit=200)
    lessons = [m.content for m in records if m.kind is Kind.LESSON]
    facts = [
        m.content
        for m in records
        if m.kind not in (Kind.LESSON, Kind.INSIGHT)
        and "episode" not in m.data
        and "episode_of" not in m.data
    ]
    got = "lesson" if lessons else "fact" if facts else "nothing"
    return {
        "outcome": got,
        "lessons": lessons,
        "facts": facts,
        "remembered": list(seen.remembered),
        "skipped": list(seen.skipped),
    }


def acts_of(mem: Memory, row: dict[str, Any]) -> list[str]:
    """The acts the hook path reads in the prompt, sentence by sentence, against the
    assistant's turn before it (:func:`remem.write.act_meaning.reader`: structure, and
    the embedding model's reading where the configured embedder has its margins)."""
    from remem.write.act_meaning import reader

    previous = row.get("previous") if row["label"] != "keep_request" else None
    said = reader(mem.embedder, mem.config)(row["text"], previous=previous or "")
    return [s.act.value for s in said.sentences]


def _ratio(a: int, b: int) -> float:
    return round(a / b, 3) if b else 0.0


def measure(rows: list[dict[str, Any]], config: Config) -> dict[str, Any]:
    """Run every row and count (see the module docstring)."""
    results: list[tuple[dict[str, Any], dict[str, Any]]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        cfg = config.model_copy(update={"home": Path(tmp), "jobs_catchup_budget_ms": 0})
        with Memory(Path(tmp) / "utterances.db", config=cfg) as mem:
            for i, row in enumerate(rows):
                got = outcome(mem, row, i)
                got["acts"] = acts_of(mem, row)
                results.append((row, got))
    elapsed = time.perf_counter() - started
    matrix: dict[str, Counter[str]] = {label: Counter() for label in LABELS}
    by_style: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_label: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    for row, got in results:
        label = row["label"]
        right = got["outcome"] == EXPECT[label]
        matrix.setdefault(label, Counter())[got["outcome"]] += 1
        for table, key in ((by_style, row.get("style") or "-"), (by_label, label)):
            table[key][0] += right
            table[key][1] += 1
        if not right:
            misses.append({"label": label, "style": row.get("style"), "text": row["text"], **got})
    per_outcome = {}
    for name in OUTCOMES:
        tp = sum(1 for r, g in results if g["outcome"] == name and EXPECT[r["label"]] == name)
        said = sum(1 for _, g in results if g["outcome"] == name)
        gold = sum(1 for r, _ in results if EXPECT[r["label"]] == name)
        per_outcome[name] = {
            "precision": _ratio(tp, said),
            "recall": _ratio(tp, gold),
            "n": gold,
        }
    asks = [(r, g) for r, g in results if EXPECT[r["label"]] == "nothing"]
    polluting = sum(1 for _, g in asks if g["facts"])
    return {
        "rows": len(results),
        "accuracy": _ratio(
            sum(1 for r, g in results if g["outcome"] == EXPECT[r["label"]]), len(results)
        ),
        "per_outcome": per_outcome,
        "per_label": {k: {"right": _ratio(*v), "n": v[1]} for k, v in sorted(by_label.items())},
        "per_style": {k: {"right": _ratio(*v), "n": v[1]} for k, v in sorted(by_style.items())},
        "pollution_proxy": {
            "stored": polluting,
            "of": len(asks),
            "share": _ratio(polluting, len(asks)),
        },
        "confusion": {k: dict(v) for k, v in matrix.items() if v},
        "seconds": round(elapsed, 1),
        "misses": misses,
    }


def _print(report: dict[str, Any], *, misses: bool) -> None:
    print(f"rows {report['rows']}, right {report['accuracy']}, {report['seconds']} s")
    print("\nlabel \\ outcome   " + "".join(f"{o:>9}" for o in OUTCOMES) + "   expect")
    for label, counts in report["confusion"].items():
        cells = "".join(f"{counts.get(o, 0):>9}" for o in OUTCOMES)
        print(f"{label:<17} {cells}   {EXPECT[label]}")
    print("\noutcome   precision  recall  n")
    for name, v in report["per_outcome"].items():
        print(f"{name:<9} {v['precision']:>9}  {v['recall']:>6}  {v['n']}")
    print("\nper label (share right):")
    for k, v in report["per_label"].items():
        print(f"  {k:<17} {v['right']:>6}  (n={v['n']})")
    print("per style (share right):")
    for k, v in report["per_style"].items():
        print(f"  {k:<17} {v['right']:>6}  (n={v['n']})")
    p = report["pollution_proxy"]
    print(
        f"\npollution proxy: {p['stored']} of {p['of']} requests/questions/chatter stored a fact ({p['share']})"
    )
    if misses:
        print("\nmisses:")
        for m in report["misses"]:
            print(f"- [{m['label']} -> {m['outcome']}] {m['text']!r}")
            print(f"    acts {m['acts']}; lessons {m['lessons']}; facts {m['facts']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", type=Path, default=DEFAULT_SET)
    parser.add_argument("--embedder", default=None, help="override the configured embedder")
    parser.add_argument("--misses", action="store_true", help="print every wrong row")
    parser.add_argument("--out", type=Path, default=None, help="write the report as JSON")
    args = parser.parse_args(argv)
    if not args.set.exists():
        sys.exit(f"no such set: {args.set}")
    rows = [json.loads(line) for line in args.set.read_text().splitlines() if line.strip()]
    config = Config()
    if args.embedder:
        config = config.model_copy(update={"embedder": args.embedder})
    report = measure(rows, config)
    _print(report, misses=args.misses)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"set": str(args.set), **report}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
