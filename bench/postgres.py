"""The PostgreSQL store against the SQLite store, in one run, and the REST service on
PostgreSQL with two replicas.

    nice -n 19 .venv/bin/python bench/postgres.py --n 10000 --out bench/results/postgres.json

Store part, the same for each backend in turn (a fresh SQLite file, a fresh
PostgreSQL schema), in one process: add N short memories in batches of --batch
(raw adds, ``infer=False``: each batch one write transaction), then --singles
more one at a time (one transaction each: the agent's path), then --searches
searches of one user's N memories (the first, which loads the indexes, is not
timed; every search records its accesses, as it does for users). Reports adds/s
(batched and single), search p50/p95, and the PostgreSQL/SQLite ratio of each.

REST part: the PostgreSQL store (already holding the N memories) behind two
``remem serve --port 0`` processes, --requests requests (--write-share of them
``POST /v1/memories``, the rest ``POST /v1/search``) with --concurrency in flight,
sent to the two replicas in turn as a round-robin load balancer would; requests/s
and p50/p95 per kind, measured at the client.

The PostgreSQL server is a throwaway one (``pgserver``, in the dev extra) unless
--pg-url names one (a fresh schema is made in it and dropped after). The embedder
is --embedder (default ``hashing``: cheap and deterministic, so the numbers are
the store's and the service's, not the model's). Everything runs on loopback /
unix sockets. The machine's load average is recorded with the numbers: on a
shared machine, read the ratios, not the absolute times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from ingest_search import query, sentence
from rest_load import pct, start_server

from remem import Config, Memory
from remem.server.keys import Keys
from remem.validation import Limits


@contextmanager
def postgres(url: str | None) -> Iterator[str]:
    """A fresh schema on ``url``'s server, or on a throwaway pgserver: its URL."""
    import psycopg

    server = data = None
    if url is None:
        import pgserver

        # not under a private (0700) dir: pgserver may run the server as another user
        data = tempfile.mkdtemp(prefix="remem-pg-bench-")
        server = pgserver.get_server(data, cleanup_mode="stop")
        url = server.get_uri()
    name = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f'CREATE SCHEMA "{name}"')
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{name}"
    finally:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(f'DROP SCHEMA "{name}" CASCADE')
        if server is not None:
            server.cleanup()
        if data is not None:
            shutil.rmtree(data, ignore_errors=True)


def ms(seconds: list[float]) -> dict[str, float]:
    values = [s * 1000 for s in seconds]
    return {"p50": round(pct(values, 0.5), 2), "p95": round(pct(values, 0.95), 2)}


def store_run(
    target: str | Path, config: Config, texts: list[str], queries: list[str], args: Any
) -> dict[str, Any]:
    """Batched adds, single adds and searches on one store."""
    with Memory(target, config=config) as mem:
        mem.embedder.embed_documents(texts[:8])  # load the embedder outside the timings
        began = time.perf_counter()
        for start in range(0, args.n, args.batch):
            chunk = texts[start : start + args.batch]
            mem.add([{"role": "user", "content": c} for c in chunk], user_id="bench", infer=False)
        batched = args.n / (time.perf_counter() - began)
        singles = []
        for text in texts[args.n : args.n + args.singles]:
            t0 = time.perf_counter()
            mem.add(text, user_id="bench", infer=False)
            singles.append(time.perf_counter() - t0)
        mem.search(queries[0], user_id="bench")  # loads the BM25 and vector indexes
        searches = []
        for q in queries:
            t0 = time.perf_counter()
            mem.search(q, user_id="bench", limit=10)
            searches.append(time.perf_counter() - t0)
    return {
        "adds_per_s_batched": round(batched, 1),
        "adds_per_s_single": round(len(singles) / sum(singles), 1),
        "single_add_ms": ms(singles),
        "search_ms": ms(searches),
    }


async def rest_load(urls: list[str], key: str, args: Any, rng: random.Random) -> dict[str, Any]:
    """--requests requests over the replicas in turn; client-side latencies."""
    latencies: dict[str, list[float]] = {"search": [], "write": []}
    per_replica = [0] * len(urls)
    errors: dict[str, int] = {}
    sent = 0
    stop_at = time.monotonic() + args.max_seconds
    headers = {"Authorization": f"Bearer {key}"}
    clients = [httpx.AsyncClient(base_url=u, headers=headers, timeout=120) for u in urls]
    try:

        async def worker() -> None:
            nonlocal sent
            while sent < args.requests and time.monotonic() < stop_at:
                replica = sent % len(clients)  # round robin, as a load balancer
                sent += 1
                kind = "write" if rng.random() < args.write_share else "search"
                t0 = time.perf_counter()
                if kind == "write":
                    r = await clients[replica].post("/v1/memories", json={"content": sentence(rng)})
                else:
                    r = await clients[replica].post("/v1/search", json={"query": query(rng)})
                took = time.perf_counter() - t0
                if r.status_code >= 400:
                    errors[str(r.status_code)] = errors.get(str(r.status_code), 0) + 1
                else:
                    latencies[kind].append(took)
                    per_replica[replica] += 1

        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(args.concurrency)))
        wall = time.perf_counter() - began
    finally:
        for client in clients:
            await client.aclose()
    done = sum(len(v) for v in latencies.values())
    return {
        "replicas": len(urls),
        "requests_ok": done,
        "per_replica": per_replica,
        "errors": errors,
        "seconds": round(wall, 2),
        "requests_per_s": round(done / wall, 1) if wall else 0.0,
        "latency_ms": {k: {"n": len(v), **ms(v)} for k, v in latencies.items()},
    }


def rest_part(
    url: str, config: Config, home: Path, args: Any, rng: random.Random
) -> dict[str, Any]:
    with Memory(url, config=config) as mem:
        key = (
            Keys(mem.store, Limits.of(config))
            .create(role="writer", user_id="bench", rate_per_minute=10**9)
            .key
        )
    env = {**os.environ, "REMEM_HOME": str(home), "REMEM_STORE_URL": url,
           "REMEM_EMBEDDER": config.embedder}  # fmt: skip
    procs: list[subprocess.Popen[str]] = []
    try:
        urls = []
        for _ in range(args.replicas):
            proc, where = start_server(env)
            procs.append(proc)
            urls.append(where)
        for where in urls:  # each replica loads its indexes before the clock starts
            httpx.post(f"{where}/v1/search", json={"query": "warm up"},
                       headers={"Authorization": f"Bearer {key}"}, timeout=600)  # fmt: skip
        return asyncio.run(rest_load(urls, key, args, rng))
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.communicate(timeout=60)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=10_000, help="memories to add (batched)")
    ap.add_argument("--batch", type=int, default=256, help="memories per add() call")
    ap.add_argument("--singles", type=int, default=200, help="single adds after the batches")
    ap.add_argument("--searches", type=int, default=300)
    ap.add_argument("--embedder", default="hashing")
    ap.add_argument("--pg-url", default=None, help="a PostgreSQL server (default: pgserver)")
    ap.add_argument("--replicas", type=int, default=2, help="remem serve processes")
    ap.add_argument("--requests", type=int, default=1000, help="REST requests (at most)")
    ap.add_argument("--concurrency", type=int, default=8, help="REST requests in flight")
    ap.add_argument("--write-share", type=float, default=0.1)
    ap.add_argument("--max-seconds", type=float, default=300.0, help="stop REST load after")
    ap.add_argument("--skip-rest", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("bench/results/postgres.json"))
    args = ap.parse_args(argv)
    rng = random.Random(11)
    texts = [sentence(rng) for _ in range(args.n + args.singles)]
    queries = [query(rng) for _ in range(args.searches)]
    load_before = os.getloadavg()
    report: dict[str, Any] = {
        "command": "nice -n 19 .venv/bin/python bench/postgres.py " + " ".join(argv or sys.argv[1:]),
        "n": args.n, "batch": args.batch, "singles": args.singles, "searches": args.searches,
        "embedder": args.embedder, "cpus": os.cpu_count(),
    }  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="remem-pg-bench-") as tmp:
        home = Path(tmp) / "home"
        config = Config(home=home, embedder=args.embedder)
        with postgres(args.pg_url) as url:
            import psycopg

            with psycopg.connect(url) as db:
                report["postgres_version"] = db.execute("SHOW server_version").fetchone()[0]
            stores = {}
            for backend, target in (("sqlite", Path(tmp) / "bench.db"), ("postgres", url)):
                print(f"store: {backend} ...", file=sys.stderr)
                stores[backend] = store_run(target, config, texts, queries, args)
                print(json.dumps(stores[backend]), file=sys.stderr)
            sq, pg = stores["sqlite"], stores["postgres"]
            stores["postgres_over_sqlite"] = {
                "adds_per_s_batched": round(pg["adds_per_s_batched"] / sq["adds_per_s_batched"], 2),
                "adds_per_s_single": round(pg["adds_per_s_single"] / sq["adds_per_s_single"], 2),
                "search_p50": round(pg["search_ms"]["p50"] / sq["search_ms"]["p50"], 2),
                "search_p95": round(pg["search_ms"]["p95"] / sq["search_ms"]["p95"], 2),
            }
            report["store"] = stores
            if not args.skip_rest:
                print(f"rest: {args.replicas} replicas on postgres ...", file=sys.stderr)
                report["rest"] = {
                    "concurrency": args.concurrency,
                    "write_share": args.write_share,
                    **rest_part(url, config, home, args, rng),
                }
    report["load_average"] = {"before": [round(x, 1) for x in load_before],
                              "after": [round(x, 1) for x in os.getloadavg()]}  # fmt: skip
    print(json.dumps(report, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
