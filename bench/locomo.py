"""LoCoMo retrieval benchmark: turn-level recall of remem's search and two baselines.

    python bench/locomo.py /path/to/locomo.json --out bench/results

The data is read at run time and never copied; the outputs hold only numbers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from remem.config import Config
from remem.eval.report import markdown_table
from remem.eval.runner import run_locomo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo-format JSON file")
    parser.add_argument("--out", type=Path, default=Path("bench/results"), help="output folder")
    parser.add_argument("--limit-conversations", type=int, default=None, metavar="N")
    parser.add_argument(
        "--include-facts",
        action="store_true",
        help="also run the write path's fact extraction and retrieve over the facts",
    )
    args = parser.parse_args(argv)
    results = run_locomo(
        args.path,
        config=Config.load(),
        out_dir=args.out,
        include_facts=args.include_facts,
        limit_conversations=args.limit_conversations,
        progress=lambda msg: print(msg, file=sys.stderr, flush=True),
    )
    print(markdown_table(results))
    for kind, file in results.get("files", {}).items():
        print(f"{kind}: {file}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
