"""How a search's time grows with its query's length: why queries are bounded.

    .venv/bin/python bench/query_size.py --n 10000 --repeats 5 [--keep /tmp/q10k]

Builds (or reuses, ``--keep``) a synthetic store as ``bench/stages.py`` builds it,
with the configured embedder (the bundled ONNX model by default), then times whole
``Memory.search`` calls whose query is made of distinct generated questions joined
until it reaches each size: 1 KiB up to 32 KiB (``max_query_bytes``, the default
bound), then past it with the bound raised (``max_query_bytes`` set to the size),
to show what the bound keeps out. Reports the median and the maximum ms of
``--repeats`` searches at each size. One process, one ``Memory``; the writes
(access counts) go to the store.
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
from stages import build

from remem import Config, Memory

SIZES = (1024, 4096, 16 * 1024, 32 * 1024, 128 * 1024, 512 * 1024)


def query_of(size: int, rng: random.Random) -> str:
    """Distinct questions joined until ``size`` bytes (ASCII: characters = bytes)."""
    parts: list[str] = []
    length = 0
    for q in unique_queries(rng, max(8, size // 20)):
        parts.append(q)
        length += len(q) + 1
        if length >= size:
            break
    return " ".join(parts)[:size]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=10_000, help="memories in the store")
    ap.add_argument("--repeats", type=int, default=5, help="searches at each size")
    ap.add_argument("--keep", type=Path, default=None, help="folder to keep (and reuse) the store")
    ap.add_argument("--out", type=Path, default=None, help="write the result as JSON here")
    args = ap.parse_args(argv)
    folder = args.keep or Path(f"/tmp/remem-query-size-{args.n}")
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "scale.db"
    if not db.exists():
        print(f"building {args.n} memories in {db}", file=sys.stderr)
        build(db, args.n)
    rng = random.Random(17)
    rows = []
    base = Config.load(home=folder)
    with Memory(db, config=base.model_copy(update={"max_query_bytes": max(SIZES)})) as mem:
        for q in unique_queries(random.Random(3), 5):  # load the indexes and the model
            mem.search(q, user_id=USER, limit=10)
        for size in SIZES:
            times = []
            for _ in range(args.repeats):
                query = query_of(size, rng)
                t0 = time.perf_counter()
                mem.search(query, user_id=USER, limit=10)
                times.append((time.perf_counter() - t0) * 1000)
            rows.append(
                {
                    "query_bytes": size,
                    "within_default_bound": size <= base.max_query_bytes,
                    "p50_ms": round(statistics.median(times), 1),
                    "max_ms": round(max(times), 1),
                }
            )
            print(json.dumps(rows[-1]), file=sys.stderr)
    report = {"n": args.n, "repeats": args.repeats, "embedder": base.embedder, "sizes": rows}
    print(json.dumps(report, indent=2))
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
