"""Ingest and search throughput: add N short memories in batches, then run searches.

    .venv/bin/python bench/ingest_search.py --n 100000 --searches 1000

Prints adds/s, search p50/p95 (including the query embedding), peak RSS, and
the same-run baselines they should be read against: the embedder alone on the
same sentences (adds are embedding-bound) and the query embedding alone.
Writes JSON to --out (default bench/results/ingest_search.json).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from remem import Config, Memory

NAMES = ["Aaron", "Maya", "Lena", "Omar", "Priya", "Jonas", "Sofia", "Kenji", "Ruth", "Tariq"]
THINGS = [
    "dark mode", "green tea", "the WRX", "PostgreSQL", "hiking boots", "the Denver office",
    "morning standups", "vegetarian food", "the staging server", "jazz records", "a road bike",
    "the quarterly report", "Rust", "the oil change", "window seats", "the dentist",
]  # fmt: skip
VERBS = [
    "prefers", "bought", "fixed", "asked about", "dislikes", "scheduled", "reviewed",
    "recommended", "forgot", "shared", "cancelled", "planned",
]  # fmt: skip
WHEN = ["on Monday", "last week", "in March", "yesterday", "after lunch", "before the trip", ""]


def sentence(rng: random.Random) -> str:
    return (
        f"{rng.choice(NAMES)} {rng.choice(VERBS)} {rng.choice(THINGS)} {rng.choice(WHEN)} "
        f"(note {rng.randrange(10**6)})"
    ).replace("  ", " ")


def query(rng: random.Random) -> str:
    return f"what did {rng.choice(NAMES)} say about {rng.choice(THINGS)}?"


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=100_000, help="memories to add")
    ap.add_argument("--batch", type=int, default=256, help="memories per add() call")
    ap.add_argument("--searches", type=int, default=1000)
    ap.add_argument("--users", type=int, default=1, help="spread memories over this many users")
    ap.add_argument("--embedder", default=None, help="override the configured embedder")
    ap.add_argument("--out", type=Path, default=Path("bench/results/ingest_search.json"))
    args = ap.parse_args(argv)

    rng = random.Random(7)
    texts = [sentence(rng) for _ in range(args.n)]
    queries = [query(rng) for _ in range(args.searches)]
    with tempfile.TemporaryDirectory(prefix="remem-bench-") as tmp:
        config = Config.load(
            home=Path(tmp), **({"embedder": args.embedder} if args.embedder else {})
        )
        with Memory(Path(tmp) / "bench.db", config=config) as mem:
            # Baseline in the same run: the embedder alone on a sample of the same texts.
            sample = texts[: min(2000, args.n)]
            mem.embedder.embed_documents(sample[:64])  # load the model outside the timings
            t0 = time.perf_counter()
            mem.embedder.embed_documents(sample)
            embed_rate = len(sample) / (time.perf_counter() - t0)

            t0 = time.perf_counter()
            for start in range(0, args.n, args.batch):
                chunk = texts[start : start + args.batch]
                user = f"user-{(start // args.batch) % args.users}"
                mem.add([{"role": "user", "content": c} for c in chunk], user_id=user, infer=False)
                done = start + len(chunk)
                if done % (args.batch * 40) == 0 or done == args.n:
                    rate = done / (time.perf_counter() - t0)
                    print(f"  added {done}/{args.n} ({rate:.0f}/s)", file=sys.stderr)
            add_rate = args.n / (time.perf_counter() - t0)

            mem.search(queries[0], user_id="user-0")  # warm the vector cache
            q_times, s_times = [], []
            for i, q in enumerate(queries):
                t0 = time.perf_counter()
                mem.embedder.embed_query(q)
                q_times.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                mem.search(q, user_id=f"user-{i % args.users}", limit=10)
                s_times.append((time.perf_counter() - t0) * 1000)

    def pct(values: list[float], p: float) -> float:
        return statistics.quantiles(values, n=100)[int(p) - 1]

    result = {
        "n": args.n,
        "batch": args.batch,
        "users": args.users,
        "embedder": config.embedder,
        "adds_per_s": round(add_rate, 1),
        "baseline_embed_only_per_s": round(embed_rate, 1),
        "adds_vs_embed_only": round(add_rate / embed_rate, 3),
        "search_p50_ms": round(pct(s_times, 50), 2),
        "search_p95_ms": round(pct(s_times, 95), 2),
        "query_embed_p50_ms": round(pct(q_times, 50), 2),
        "query_embed_p95_ms": round(pct(q_times, 95), 2),
        "peak_rss_mb": round(rss_mb(), 1),
        "command": "python bench/ingest_search.py " + " ".join(argv or sys.argv[1:]),
    }
    print(json.dumps(result, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
