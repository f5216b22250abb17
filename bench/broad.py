"""Broad questions ("what do you know about me?") and unrelated ones, per persona.

    .venv/bin/python bench/broad.py bench/data/judgement/broad.dev.json [--show] [--out FILE]

Each persona's facts go into their own user scope; broad questions are scored by
the share of their expected facts among the first 5 / 10 results, unrelated
questions by whether they return nothing (src/remem/eval/broad.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from remem.config import Config
from remem.eval.broad import flatten, format_summary, run_broad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="persona file (JSON)")
    parser.add_argument("--limit", type=int, default=10, help="results asked per question")
    parser.add_argument("--show", action="store_true", help="list every miss")
    parser.add_argument("--out", type=Path, help="write the result (JSON) here")
    parser.add_argument("--probes", type=Path, help="facet probes for these personas (JSON)")
    args = parser.parse_args(argv)
    result = run_broad(
        args.path,
        config=Config.load(),
        limit=args.limit,
        probes=args.probes,
        progress=lambda msg: print(msg, file=sys.stderr, flush=True),
    )
    print(format_summary(result, show=args.show))
    if args.out is not None:
        report = {k: v for k, v in result.items() if k != "rows"}
        report["command"] = "python bench/broad.py " + " ".join(argv or sys.argv[1:])
        report["questions"] = flatten(result["rows"])
        args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
