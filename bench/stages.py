"""Where a search's time goes: each stage of ``Memory.search`` timed on a synthetic store.

    .venv/bin/python bench/stages.py --n 100000 --queries 200 [--keep /tmp/s100]

Builds (or, with ``--keep DIR`` holding one from an earlier run, reuses) a store
of ``--n`` synthetic memories as ``bench/scale.py`` does, then runs distinct
generated questions through ``Memory.search`` with the default sources and
reports p50/p95 ms of the whole search and of each stage: the query embedding
(one ONNX pass), BM25 and vector candidates (each with its SQL re-check), the
late-interaction stage (its token-vector read included), fusion, reading the
candidates' records, and ranking. Stages are timed by wrapping the functions
``remem.read.search`` calls; the wrappers add a few microseconds each.
``--set key=value`` overrides a Config field (repeatable).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from scale import USER, grow, sentence, unique_queries

import remem.read.search as search_module
from remem import Config, Memory
from remem.store.sqlite import SQLiteStore
from remem.write.embed import embed_for_store

STAGES = {
    "embed": (None, "embed"),  # the embedder's own method, patched per instance below
    "bm25": (SQLiteStore, "bm25_search"),
    "vector": (SQLiteStore, "vector_search"),
    "late": (search_module, "late_search"),
    "fuse": (search_module, "fuse"),
    "records": (SQLiteStore, "get_memories"),
    "hybrid": (SQLiteStore, "hybrid_candidates"),
    "rank": (search_module, "rank"),
}


def build(db: Path, n: int) -> None:
    rng = random.Random(11)
    nrng = np.random.default_rng(11)
    texts = [sentence(rng) for _ in range(2000)]
    with Memory(db, config=Config.load(home=db.parent)) as mem:
        pooled, tokens = embed_for_store(mem.embedder, texts)
        model_id = mem.embedder.model_id
    store = SQLiteStore(db)
    grow(
        store,
        start=0,
        stop=n,
        pool_texts=texts,
        pool_vectors=np.asarray(pooled, dtype=np.float32),
        pool_tokens=tokens,
        model_id=model_id,
        rng=nrng,
        noise=0.3,
    )
    store.close()


def wrap(owner: Any, name: str, times: list[float]) -> None:
    inner = getattr(owner, name)

    @functools.wraps(inner)
    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            times.append((time.perf_counter() - t0) * 1000)

    setattr(owner, name, timed)


def pct(values: list[float], p: int) -> float:
    return round(statistics.quantiles(values, n=100)[p - 1], 2) if len(values) > 1 else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=100_000, help="memories in the store")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--keep", type=Path, default=None, help="folder to keep (and reuse) the store")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args(argv)
    folder = args.keep or Path(f"/tmp/remem-stages-{args.n}")
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "scale.db"
    if not db.exists():
        print(f"building {args.n} memories in {db}", file=sys.stderr)
        build(db, args.n)
    base = Config.load(home=folder)
    updates = {}
    for item in args.set:
        key, _, value = item.partition("=")
        if key not in type(base).model_fields or not value:
            ap.error(f"--set wants KEY=VALUE with a Config field as KEY, got {item!r}")
        updates[key] = type(getattr(base, key))(value)
    config = base.model_copy(update=updates)
    rng = random.Random(7)
    queries = unique_queries(rng, args.queries + 5)
    times: dict[str, list[float]] = {name: [] for name in STAGES}
    with Memory(db, config=config) as mem:
        for q in queries[:5]:
            mem.search(q, user_id=USER)  # load the indexes
        wrap(mem.embedder, "embed_with_tokens", times["embed"])
        wrap(mem.embedder, "embed_query", times["embed"])
        for name, (owner, attr) in STAGES.items():
            if owner is not None:
                wrap(owner, attr, times[name])
        total = []
        for q in queries[5:]:
            t0 = time.perf_counter()
            mem.search(q, user_id=USER, limit=10)
            total.append((time.perf_counter() - t0) * 1000)
    report = {
        "n": args.n,
        "queries": len(total),
        "config": updates,
        "search": {"p50": pct(total, 50), "p95": pct(total, 95)},
        "stages": {k: {"p50": pct(v, 50), "p95": pct(v, 95)} for k, v in times.items() if v},
        "command": "python bench/stages.py " + " ".join(argv or sys.argv[1:]),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
