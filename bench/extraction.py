"""Extraction quality on LoCoMo-format data: recall of raw turns vs facts vs both,
facts per turn, gate rejection rate, duplicate rate.

    .venv/bin/python bench/extraction.py ../shared/bench/locomo-dev.json

The data is read at run time and never copied; the output holds only numbers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from remem.config import Config
from remem.eval.extraction import run_extraction


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo-format JSON file")
    parser.add_argument("--out", type=Path, default=Path("bench/results/extraction.json"))
    parser.add_argument("--limit-conversations", type=int, default=None, metavar="N")
    args = parser.parse_args(argv)
    result = run_extraction(
        args.path,
        config=Config.load(),
        limit_conversations=args.limit_conversations,
        progress=lambda msg: print(msg, file=sys.stderr, flush=True),
    )
    result["command"] = "python bench/extraction.py " + " ".join(argv or sys.argv[1:])
    text = json.dumps(result, indent=2)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
