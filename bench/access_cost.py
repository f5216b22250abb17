"""What recording accesses costs a search: ``Memory.search`` with and without it, one run.

    .venv/bin/python bench/access_cost.py --n 100000 --queries 300 [--keep /tmp/s100]

Every search records an access to each memory it returns (``access_count``,
``last_accessed_at``: the lifecycle's usage signal) in one short write
transaction after the read path. This times whole ``Memory.search`` calls on a
synthetic store built as ``bench/stages.py`` builds it (reused with ``--keep``),
in one process and one ``Memory``: each distinct generated question is searched
once with the recording on (as shipped) and once with it off, the order of the
two alternating per question, so both arms see the same machine load, caches and
store. Reports p50 / p95 / mean ms of each arm and the ratio of the p95s. The
writes go to the store: run it on a copy you do not mind changing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from scale import USER, unique_queries
from stages import build, pct

from remem import Config, Memory


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=100_000, help="memories in the store")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--keep", type=Path, default=None, help="folder to keep (and reuse) the store")
    ap.add_argument("--out", type=Path, default=None, help="write the result as JSON here")
    args = ap.parse_args(argv)
    folder = args.keep or Path(f"/tmp/remem-stages-{args.n}")
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "scale.db"
    if not db.exists():
        print(f"building {args.n} memories in {db}", file=sys.stderr)
        build(db, args.n)
    queries = unique_queries(random.Random(13), args.queries + 10)
    times: dict[str, list[float]] = {"on": [], "off": []}
    with Memory(db, config=Config.load(home=folder)) as mem:
        for q in queries[:10]:  # load the indexes and the model
            mem.search(q, user_id=USER, limit=10)
        for i, q in enumerate(queries[10:]):
            arms = ("on", "off") if i % 2 == 0 else ("off", "on")
            for arm in arms:
                t0 = time.perf_counter()
                mem.search(q, user_id=USER, limit=10, _record_access=arm == "on")
                times[arm].append((time.perf_counter() - t0) * 1000)
    report = {
        "n": args.n,
        "queries": args.queries,
        **{
            arm: {
                "p50": pct(values, 50),
                "p95": pct(values, 95),
                "mean": round(statistics.mean(values), 2),
            }
            for arm, values in times.items()
        },
    }
    report["p95_ratio_on_off"] = round(report["on"]["p95"] / report["off"]["p95"], 3)
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
