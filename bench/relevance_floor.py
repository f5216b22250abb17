"""Calibrate the absolute relevance floor (``min_relevance``) on LoCoMo and everyday pairs.

    python bench/relevance_floor.py /path/to/locomo.json --out bench/results

For each candidate floor: LoCoMo R@10 with the floor applied to the ranked
candidates (an estimate; bench/locomo.py measures the configured floor exactly),
how many questions get nothing from their own conversation and from each other
conversation, and how many of the everyday pairs in bench/relevance_pairs.json
(written for this check, not from any dataset) keep a related memory or return
nothing for an unrelated question. The data is read at run time; outputs hold
only numbers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from remem.config import Config
from remem.eval.floor import floor_table, run_floor_calibration

FLOORS = (0.0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo-format JSON file")
    parser.add_argument(
        "--pairs", type=Path, default=Path(__file__).parent / "relevance_pairs.json"
    )
    parser.add_argument("--out", type=Path, default=Path("bench/results"), help="output folder")
    args = parser.parse_args(argv)
    results = run_floor_calibration(
        args.path,
        args.pairs,
        config=Config.load(),
        floors=FLOORS,
        progress=lambda msg: print(msg, file=sys.stderr, flush=True),
    )
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / f"relevance-floor-{args.path.stem}.json"
    target.write_text(json.dumps(results, indent=2) + "\n", "utf-8")
    print(floor_table(results))
    print(f"json: {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
