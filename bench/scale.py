"""Search at scale: 10k / 100k / 1M memories, exact scan vs the optional HNSW graph.

    .venv/bin/python bench/scale.py --sizes 10000,100000 --queries 200

What is synthetic (embedding a million texts with MiniLM on a CPU takes hours):
a pool of ``--pool`` generated sentences is embedded for real with the default
ONNX embedder (pooled and token vectors). Memory ``i`` then gets the text of a
pool sentence plus a unique ``(note i)``, that sentence's real token vectors
(for the late stage), and a pooled vector that is a random mix of three pool
embeddings plus Gaussian noise, re-normalised, so the vectors spread over the
region real MiniLM embeddings occupy instead of being uniform on the sphere.
Rows are written straight through the Store protocol (``insert_memories``,
``put_token_vectors``), all in one user's scope. Queries are real: generated
questions embedded by the ONNX model inside every timed ``Memory.search``.

Per size: the time to build the graph (first search of a fresh process) and to
load it back (first search of the next one); ``Memory.search`` p50/p95 with the
default sources and with ``sources=("bm25", "vector")``; the pooled vector
search alone with the graph and, as same-run baseline, exactly; the query
embedding alone; recall@10 of the graph against the exact scan; RSS.
Writes JSON to --out (default bench/results/scale.json).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from ingest_search import NAMES, THINGS, VERBS, WHEN, sentence

from remem import Config, Memory
from remem.model import MemoryRecord, Scope
from remem.store.ann import usearch_available
from remem.store.sqlite import SQLiteStore
from remem.store.vectors import VectorIndex
from remem.write.embed import embed_for_store

USER = "bench"


TEMPLATES = (
    "what did {name} say about {thing}?",
    "when did {name} mention {thing} {when}?",
    "has {name} {verb} {thing}?",
    "who {verb} {thing} {when}?",
    "{name} and {thing}",
)


def unique_queries(rng: random.Random, n: int) -> list[str]:
    """``n`` distinct questions about the generated memories (no repeats, so no
    query is answered from a cache the same query filled)."""
    out: dict[str, None] = {}
    while len(out) < n:
        text = rng.choice(TEMPLATES).format(
            name=rng.choice(NAMES),
            thing=rng.choice(THINGS),
            verb=rng.choice(VERBS),
            when=rng.choice(WHEN),
        )
        out[" ".join(text.split()).replace(" ?", "?")] = None
    return list(out)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pct(values: list[float], p: int) -> float:
    return round(statistics.quantiles(values, n=100)[p - 1], 2)


def timed(fn: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, (time.perf_counter() - t0) * 1000


def grow(
    store: SQLiteStore,
    *,
    start: int,
    stop: int,
    pool_texts: list[str],
    pool_vectors: np.ndarray,
    pool_tokens: list[Any] | None,
    model_id: str,
    rng: np.random.Generator,
    noise: float,
    batch: int = 5000,
) -> None:
    """Write synthetic memories ``start..stop`` straight through the Store protocol."""
    dim = pool_vectors.shape[1]
    for lo in range(start, stop, batch):
        hi = min(stop, lo + batch)
        n = hi - lo
        picks = rng.integers(0, len(pool_texts), size=(n, 3))
        weights = rng.dirichlet([1.0, 1.0, 1.0], size=n).astype(np.float32)
        vectors = np.einsum("nk,nkd->nd", weights, pool_vectors[picks])
        vectors += rng.normal(0, noise / np.sqrt(dim), size=(n, dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        records = [
            MemoryRecord(content=f"{pool_texts[picks[j, 0]]} (note {lo + j})", user_id=USER)
            for j in range(n)
        ]
        with store.transaction():
            store.insert_memories(records, vectors=vectors.astype(np.float32), model_id=model_id)
            if pool_tokens is not None:
                store.put_token_vectors(
                    [r.id for r in records],
                    [pool_tokens[picks[j, 0]] for j in range(n)],
                    model_id=model_id,
                )
        print(f"  wrote {hi}/{stop}", file=sys.stderr)


def recall_at(index: VectorIndex, queries: np.ndarray, k: int) -> tuple[float, float, float]:
    """Mean recall@k of the graph vs the exact scan, and each one's p50 ms."""
    ann = index.ann
    assert ann is not None
    scope = Scope(user_id=USER)
    got, t_ann, t_exact = [], [], []
    for q in queries:
        index.ann = ann
        approx, ms = timed(lambda q=q: index.search(q, scope, k))
        t_ann.append(ms)
        index.ann = None
        exact, ms = timed(lambda q=q: index.search(q, scope, k))
        t_exact.append(ms)
        truth = {s for s, _ in exact}
        got.append(len(truth & {s for s, _ in approx}) / max(1, len(truth)))
    index.ann = ann
    return float(np.mean(got)), pct(t_ann, 50), pct(t_exact, 50)


def first_search(db: Path, config: Config, query: str) -> dict[str, Any]:
    """The first vector search of a process: loads the matrix, builds or loads the graph."""
    with Memory(db, config=config) as mem:
        mem.embedder.embed_query("warm up")  # model load is not part of it
        _, ms = timed(lambda: mem.search(query, user_id=USER, sources=("vector",)))
        assert isinstance(mem.store, SQLiteStore)
        index = mem.store._index(mem.embedder.model_id)
        return {
            "first_search_ms": round(ms, 1),
            "ann_used": index is not None and index.ann is not None,
            "ann_loaded_from_file": bool(index and index.ann and index.ann.loaded),
        }


def in_child(phase: str, db: Path, n: int, queries: int, recall_n: int) -> dict[str, Any]:
    """Run one phase in a fresh Python process (what a service or a CLI call sees)."""
    command = [sys.executable, __file__, "--phase", phase, "--db", str(db), "--n", str(n)]
    command += ["--queries", str(queries), "--recall-queries", str(recall_n)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def measure(db: Path, config: Config, n: int, queries: list[str], recall_n: int) -> dict[str, Any]:
    """The timed searches, the recall of the graph, RSS (run in a fresh process)."""
    result: dict[str, Any] = {"n": n}
    ann_on = config.ann_enabled and usearch_available() and n > config.ann_threshold
    with Memory(db, config=config) as mem:
        assert isinstance(mem.store, SQLiteStore)
        index = mem.store._index(mem.embedder.model_id)
        assert index is not None
        embed = mem.embedder
        warm, queries = queries[:5], queries[5:]
        for q in warm:
            mem.search(q, user_id=USER)  # load the indexes, fill nothing the queries use
        scope = Scope(user_id=USER)

        def loop(fn: Any) -> list[float]:
            return [timed(lambda q=q: fn(q))[1] for q in queries]

        # One loop per variant, so that no variant's work (an exact scan's
        # multi-threaded BLAS) runs right before another's timed searches.
        vectors = {q: np.asarray(embed.embed_query(q), dtype=np.float32) for q in queries}
        t_embed = loop(embed.embed_query)
        t_default = loop(lambda q: mem.search(q, user_id=USER, limit=10))
        t_pooled = loop(lambda q: mem.search(q, user_id=USER, limit=10, sources=("bm25", "vector")))
        t_vec_ann = loop(
            lambda q: mem.store.vector_search(vectors[q], scope, model_id=embed.model_id, limit=50)
        )
        last_path = index.last_path
        # exact baseline: without settings the store does not re-attach the graph
        ann, index.ann = index.ann, None
        settings, mem.store.ann = mem.store.ann, None
        t_vec_exact = loop(
            lambda q: mem.store.vector_search(vectors[q], scope, model_id=embed.model_id, limit=50)
        )
        index.ann, mem.store.ann = ann, settings
        result["vector_path"] = last_path if ann_on else "exact"
        result.update(
            {
                "query_embed_p50_ms": pct(t_embed, 50),
                "query_embed_p95_ms": pct(t_embed, 95),
                "search_default_p50_ms": pct(t_default, 50),
                "search_default_p95_ms": pct(t_default, 95),
                "search_bm25_vector_p50_ms": pct(t_pooled, 50),
                "search_bm25_vector_p95_ms": pct(t_pooled, 95),
                "vector_search_p50_ms": pct(t_vec_ann, 50),
                "vector_search_p95_ms": pct(t_vec_ann, 95),
                "vector_search_exact_p50_ms": pct(t_vec_exact, 50),
                "vector_search_exact_p95_ms": pct(t_vec_exact, 95),
            }
        )
        if index.ann is not None:
            qv = np.asarray(embed.embed_documents(queries[:recall_n]), dtype=np.float32)
            recall, p50_ann, p50_exact = recall_at(index, qv, 10)
            result["ann_recall_at_10"] = round(recall, 4)
            result["ann_index_search_p50_ms"] = p50_ann
            result["exact_index_search_p50_ms"] = p50_exact
            # what a default search asks the vector source for: its candidates + 10
            depth = max(config.vector_candidates, config.late_rerank_depth) + 10
            result[f"ann_recall_at_{depth}"] = round(recall_at(index, qv, depth)[0], 4)
        result["rss_mb"] = round(rss_mb(), 1)
        result["peak_rss_mb"] = round(peak_rss_mb(), 1)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000", help="comma-separated store sizes")
    ap.add_argument("--queries", type=int, default=200, help="timed searches per size")
    ap.add_argument("--recall-queries", type=int, default=200)
    ap.add_argument("--pool", type=int, default=2000, help="real sentences embedded")
    ap.add_argument("--noise", type=float, default=0.3, help="noise norm added to mixes")
    ap.add_argument("--no-tokens", action="store_true", help="store no token vectors")
    ap.add_argument("--dir", type=Path, default=None, help="keep the store here")
    ap.add_argument("--out", type=Path, default=Path("bench/results/scale.json"))
    ap.add_argument("--phase", choices=("first", "loops"), help=argparse.SUPPRESS)
    ap.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--n", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.phase:  # one phase in this (child) process, JSON on stdout
        config = Config.load(home=args.db.parent)
        rng = random.Random(11)
        _ = [sentence(rng) for _ in range(args.pool)]  # same draws as the parent
        asked = unique_queries(rng, max(args.queries, args.recall_queries) + 5)
        if args.phase == "first":
            out = first_search(args.db, config, asked[0])
        else:
            out = measure(args.db, config, args.n, asked[: args.queries + 5], args.recall_queries)
        print(json.dumps(out))
        return 0
    sizes = sorted(int(s) for s in args.sizes.split(","))

    rng = random.Random(11)
    nrng = np.random.default_rng(11)
    pool_texts = [sentence(rng) for _ in range(args.pool)]
    tmp = tempfile.TemporaryDirectory(prefix="remem-scale-", dir=args.dir)
    db = Path(tmp.name) / "scale.db"
    config = Config.load(home=Path(tmp.name))
    results: list[dict[str, Any]] = []
    with Memory(db, config=config) as mem:
        t0 = time.perf_counter()
        pooled, tokens = embed_for_store(mem.embedder, pool_texts)
        pool_embed_s = time.perf_counter() - t0
        pool_vectors = np.asarray(pooled, dtype=np.float32)
        model_id = mem.embedder.model_id
    if args.no_tokens:
        tokens = None
    done = 0
    for n in sizes:
        store = SQLiteStore(db)
        t0 = time.perf_counter()
        grow(
            store,
            start=done,
            stop=n,
            pool_texts=pool_texts,
            pool_vectors=pool_vectors,
            pool_tokens=tokens,
            model_id=model_id,
            rng=nrng,
            noise=args.noise,
        )
        write_s = time.perf_counter() - t0
        store.close()
        done = n
        cold = in_child("first", db, n, args.queries, args.recall_queries)
        reopen = in_child("first", db, n, args.queries, args.recall_queries)
        row = in_child("loops", db, n, args.queries, args.recall_queries)
        row["cold_first_search_ms"] = cold["first_search_ms"]
        row["ann_used"] = cold["ann_used"]
        row["ann_loaded_from_file"] = cold["ann_loaded_from_file"]
        row["reopen_first_search_ms"] = reopen["first_search_ms"]
        row["reopen_loaded_from_file"] = reopen["ann_loaded_from_file"]
        row["write_s"] = round(write_s, 1)
        row["db_mb"] = round(db.stat().st_size / 2**20, 1)
        print(json.dumps(row), file=sys.stderr)
        results.append(row)
    report = {
        "sizes": results,
        "embedder": model_id,
        "pool": args.pool,
        "pool_embed_s": round(pool_embed_s, 1),
        "noise": args.noise,
        "token_vectors": tokens is not None,
        "usearch": usearch_available(),
        "ann": {
            k: getattr(config, k)
            for k in type(config).model_fields
            if k.startswith("ann_") or k.startswith("late_")
        },
        "command": "python bench/scale.py " + " ".join(argv or sys.argv[1:]),
        "synthetic": (
            "pooled vectors: Dirichlet mixes of 3 real MiniLM embeddings of a pool of "
            "generated sentences + Gaussian noise, re-normalised; texts: a pool sentence "
            "+ unique note number; token vectors: that sentence's real ones; queries real"
        ),
    }
    print(json.dumps(report, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
