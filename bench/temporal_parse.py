"""Time expressions resolved to date ranges: exact match and overlap (IoU) per set.

    .venv/bin/python bench/temporal_parse.py bench/data/judgement/temporal.dev.jsonl [--show]

Scores the grammar (remem/timeexpr.py, what the read path uses) and, for
comparison, the query-window parser it replaced (``--before``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from remem.eval.temporal import grammar_parser, load_rows, score, window_parser


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="JSON Lines set (anchor, expr, start, end)")
    parser.add_argument("--show", action="store_true", help="print every miss")
    parser.add_argument("--before", action="store_true", help="also score the old parser")
    parser.add_argument("--out", type=Path, help="write the result (JSON) here")
    args = parser.parse_args(argv)
    rows = load_rows(args.path)
    parsers = {"grammar": grammar_parser} | ({"before": window_parser} if args.before else {})
    report: dict[str, object] = {"benchmark": "temporal-parse", "data": args.path.name}
    for name, fn in parsers.items():
        result = score(rows, fn)
        print(
            f"{name:8s} {args.path.name}: {result['rows']} expressions, found "
            f"{result['found']:.3f}, exact {result['exact']:.3f}, IoU {result['iou']:.3f}"
        )
        if args.show:
            for miss in result["misses"]:
                print(
                    f"  {miss['id']} {miss['anchor']} {miss['expr']!r}: want {miss['want']} "
                    f"got {miss['got']} (IoU {miss['iou']})"
                )
        report[name] = {k: v for k, v in result.items() if k != "misses"} | {
            "misses": [m["id"] for m in result["misses"]]
        }
    report["command"] = "python bench/temporal_parse.py " + " ".join(argv or sys.argv[1:])
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
