"""Importance from meaning: keep requests and domain floors, measured end to end.

    .venv/bin/python bench/importance.py                                  # the dev half
    .venv/bin/python bench/importance.py --set tests/fixtures/importance.held.jsonl
    .venv/bin/python bench/importance.py --embedder fake                  # the test double

Each row of the set (JSONL: ``text``, ``style``, ``explicit_keep``, ``domain``,
``expect`` = permanent / action / normal; written blind, see docs/benchmarks.md)
goes through ``Memory.remember`` as one user message, each row in a scope of its
own, on a fresh SQLite store with the configured embedder. What the write path
stored for the row decides its outcome:

- **protected**: a stored memory is in the permanent tier (the lifecycle never
  decays, archives or purges it);
- **action**: a stored memory carries ``action_required`` because the user asked
  to be reminded (flag ``remind_requested``);
- **request stored**: a stored memory is the request itself ("Keep this.") and
  not a fact (no word of it outside the request).

Reported: precision / recall of protected against ``expect != normal`` (the
headline), recall by style, the false-positive rate on the negatives by style,
explicit-keep recall (a keep request recognised, flag ``keep_requested``), domain
recall (domain rows protected) and the action labelling. With ``--misses`` every
wrong row is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from remem import Memory
from remem.config import Config
from remem.model import Tier

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SET = ROOT / "tests" / "fixtures" / "importance.dev.jsonl"


def outcome(mem: Memory, row: dict[str, Any], index: int) -> dict[str, Any]:
    """What the write path did with one row: its stored memories' tier and flags."""
    decisions = mem.remember(row["text"], user_id=f"u{index}", speaker="Ingrid")
    stored = [d for d in decisions if d.action in ("stored", "merged")]
    flags = {str(f) for d in stored for f in d.fact.flags}
    return {
        "protected": any(d.fact.tier is Tier.PERMANENT for d in stored),
        "keep_requested": "keep_requested" in flags,
        "action": "remind_requested" in flags,
        "stored": [d.fact.content for d in stored],
        "importance": max((d.fact.importance for d in stored), default=0.0),
    }


def _ratio(a: int, b: int) -> float:
    return round(a / b, 3) if b else 0.0


def measure(rows: list[dict[str, Any]], config: Config) -> dict[str, Any]:
    """Run every row and count (see the module docstring)."""
    results = []
    started = time.perf_counter()
    with Memory(config=config) as mem:
        for i, row in enumerate(rows):
            results.append((row, outcome(mem, row, i)))
    elapsed = time.perf_counter() - started
    positive = [(r, o) for r, o in results if r["expect"] != "normal"]
    negative = [(r, o) for r, o in results if r["expect"] == "normal"]
    tp = sum(o["protected"] for _, o in positive)
    fp = sum(o["protected"] for _, o in negative)
    explicit = [(r, o) for r, o in results if r["explicit_keep"]]
    domain = [(r, o) for r, o in results if r["style"].startswith("domain_")]
    actions = [(r, o) for r, o in results if r["expect"] == "action"]
    kept_perm = [(r, o) for r, o in results if r["expect"] == "permanent" and r["explicit_keep"]]
    by_style: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r, o in results:
        right = o["protected"] == (r["expect"] != "normal")
        by_style[r["style"]][0] += right
        by_style[r["style"]][1] += 1
    precision = _ratio(tp, tp + fp)
    recall = _ratio(tp, len(positive))
    return {
        "rows": len(rows),
        "protected": {
            "precision": precision,
            "recall": recall,
            "f1": round(2 * precision * recall / (precision + recall), 3)
            if precision + recall
            else 0.0,
            "tp": tp,
            "fp": fp,
            "positives": len(positive),
            "negatives": len(negative),
        },
        "explicit_keep_recall": _ratio(
            sum(o["keep_requested"] for _, o in explicit), len(explicit)
        ),
        "keep_flag_on_negatives": sum(o["keep_requested"] for _, o in negative),
        "domain_recall": _ratio(sum(o["protected"] for _, o in domain), len(domain)),
        "action_recall": _ratio(sum(o["action"] for _, o in actions), len(actions)),
        "action_on_permanent_requests": sum(o["action"] for _, o in kept_perm),
        "request_stored_as_fact": sum(
            1 for r, o in explicit for text in o["stored"] if _request_only(text, r["text"])
        ),
        "by_style": {s: f"{a}/{n}" for s, (a, n) in sorted(by_style.items())},
        "ms_per_row": round(1000 * elapsed / max(1, len(rows)), 1),
        "misses": [
            {"expect": r["expect"], "style": r["style"], "text": r["text"], "got": o}
            for r, o in results
            if o["protected"] != (r["expect"] != "normal")
            or (r["expect"] == "action") != o["action"]
        ],
    }


def _request_only(stored: str, text: str) -> bool:
    """A stored memory with no digit and no capitalised name: the request sentence
    itself stored as a fact ("Commit this to memory, please.")."""
    words = stored.rstrip(".!?").split()
    named = any(w[:1].isupper() for w in words[1:]) or any(c.isdigit() for c in stored)
    return not named and len(words) <= 8 and stored.rstrip(".!?") in text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="JSONL rows")
    parser.add_argument("--embedder", default="onnx-minilm", help="onnx-minilm (default), fake")
    parser.add_argument("--misses", action="store_true", help="print every wrong row")
    parser.add_argument("--out", type=Path, help="write the result as JSON here")
    args = parser.parse_args(argv)
    rows = [json.loads(line) for line in args.set.read_text("utf-8").splitlines() if line.strip()]
    with tempfile.TemporaryDirectory() as home:
        config = Config(home=Path(home), embedder=args.embedder, memory_md_path="")
        result = measure(rows, config)
    misses = result.pop("misses")
    result["set"] = str(args.set.relative_to(ROOT) if args.set.is_relative_to(ROOT) else args.set)
    print(json.dumps(result, indent=2))
    if args.misses:
        for miss in misses:
            got = miss["got"]
            mark = "P" if got["protected"] else "-"
            mark += "K" if got["keep_requested"] else "-"
            mark += "A" if got["action"] else "-"
            print(
                f"{miss['expect'][:4]} {mark} {miss['style'][:12]:12} {miss['text']}",
                file=sys.stderr,
            )
    if args.out:
        args.out.write_text(json.dumps({**result, "misses": misses}, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
