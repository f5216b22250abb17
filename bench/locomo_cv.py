"""Read-path variants on LoCoMo dev with a leave-one-conversation-out estimate.

    .venv/bin/python bench/locomo_cv.py /work/shared/bench/locomo-dev.json \
        --db /tmp/locomo-cv/locomo.db \
        --variant base='{}' --variant boost='{"temporal_boost": true}' --out FILE

The store is built at --db on the first run and reused (the same memories for
every variant). Each --variant is NAME=JSON (Config overrides). Prints each
variant's R@5/R@10/R@20 overall and per category with p50/p95 search
milliseconds, then, for each held-out conversation, the variant chosen on the
other four and its score there (remem/eval/locomo_cv.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from remem.config import Config
from remem.eval.locomo_cv import cross_validate, open_store, run_variants, summarise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo-format JSON file")
    parser.add_argument("--db", type=Path, required=True, help="store to build or reuse")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=JSON")
    parser.add_argument("--metric", default="R@10", choices=("R@5", "R@10", "R@20"))
    parser.add_argument("--out", type=Path, help="write the result (JSON) here")
    args = parser.parse_args(argv)
    variants = {"base": {}}
    for item in args.variant:
        name, _, raw = item.partition("=")
        variants[name] = json.loads(raw or "{}")
    args.db.parent.mkdir(parents=True, exist_ok=True)
    say = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    memory, conversations, mapping = open_store(
        args.path, args.db, config=Config.load(), progress=say
    )
    with memory:
        rows = run_variants(memory, conversations, mapping, variants, progress=say)
    summary = summarise(rows)
    cv = cross_validate(rows, metric=args.metric)
    cats = list(next(iter(summary.values()))["by_category"])
    print(
        "| variant | R@5 | R@10 | R@20 | "
        + " | ".join(f"R@10 {c}" for c in cats)
        + " | p50 / p95 ms |"
    )
    print("|---" * (5 + len(cats)) + "|")
    for name, s in summary.items():
        per = " | ".join(f"{s['by_category'][c]['R@10']:.3f}" for c in cats)
        print(
            f"| {name} | {s['R@5']:.3f} | {s['R@10']:.3f} | {s['R@20']:.3f} | {per} | {s['p50_ms']:.1f} / {s['p95_ms']:.1f} |"
        )
    print(f"\nleave-one-conversation-out on {cv['metric']} (chosen on 4, scored on the 5th):")
    for fold in cv["folds"]:
        print(
            f"  {fold['held_out']}: chose {fold['chosen']} (train {fold['train']:.3f}, held out {fold['test']:.3f})"
        )
    per = ", ".join(f"{c} {v['R@10']:.3f}" for c, v in cv["by_category"].items())
    print(
        f"  estimate R@5 {cv['R@5']:.3f} R@10 {cv['R@10']:.3f} ({per}); optimism {cv['optimism']:+.3f}"
    )
    if args.out is not None:
        report = {
            "benchmark": "locomo-cv",
            "data": args.path.name,
            "variants": variants,
            "summary": summary,
            "cv": cv,
            "command": "python bench/locomo_cv.py " + " ".join(argv or sys.argv[1:]),
        }
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
