"""Load test of the REST service over loopback: a real `remem serve` process, a
seeded store, and an asyncio httpx client keeping C requests in flight.

    .venv/bin/python bench/rest_load.py --n 2000 --requests 2000 --concurrency 8

Seeds N memories (raw adds, in-process, before the server starts), makes a writer
key with no practical rate limit, starts `remem serve --port 0`, then sends a
bounded number of requests (stopping early after --max-seconds): searches, and a
share of writes (--write-share) through `POST /v1/memories`. Prints and writes
(--out, default bench/results/rest_load.json) requests/s overall and p50 / p95 /
max latency per kind, measured at the client (HTTP, JSON, auth, the engine).
Traffic goes to 127.0.0.1 only; the run is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from remem import Config, Memory
from remem.server.keys import Keys
from remem.validation import Limits

NAMES = ["Aaron", "Maya", "Lena", "Omar", "Priya", "Jonas", "Sofia", "Kenji", "Ruth", "Tariq"]
THINGS = [
    "dark mode", "green tea", "the WRX", "PostgreSQL", "hiking boots", "the Denver office",
    "morning standups", "vegetarian food", "the staging server", "jazz records", "a road bike",
    "the quarterly report", "Rust", "the oil change", "window seats", "the dentist",
]  # fmt: skip
VERBS = ["prefers", "bought", "fixed", "asked about", "dislikes", "scheduled", "reviewed"]


def sentence(rng: random.Random) -> str:
    return f"{rng.choice(NAMES)} {rng.choice(VERBS)} {rng.choice(THINGS)} (note {rng.randrange(10**6)})"


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def seed(config: Config, n: int, rng: random.Random) -> str:
    with Memory(config=config) as mem:
        for start in range(0, n, 256):
            mem.add(
                [{"role": "user", "content": sentence(rng)} for _ in range(min(256, n - start))],
                user_id="bench",
                infer=False,
            )
        return (
            Keys(mem.store, Limits.of(config))
            .create(role="writer", user_id="bench", rate_per_minute=10**9)
            .key
        )


def start_server(env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    remem = str(Path(sys.executable).parent / "remem")
    proc = subprocess.Popen(
        [remem, "serve", "--port", "0"], env=env, stderr=subprocess.PIPE, text=True
    )
    assert proc.stderr is not None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        found = re.search(r"listening on (http://\S+)", line)
        if found:
            return proc, found.group(1)
    proc.kill()
    raise SystemExit("remem serve did not start")


async def load(
    url: str, key: str, *, requests: int, concurrency: int, write_share: float,
    max_seconds: float, rng: random.Random,
) -> dict[str, object]:  # fmt: skip
    latencies: dict[str, list[float]] = {"search": [], "write": []}
    errors: dict[str, int] = {}
    sent = 0
    stop_at = time.monotonic() + max_seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, limits=limits, timeout=60) as c:

        async def worker() -> None:
            nonlocal sent
            while sent < requests and time.monotonic() < stop_at:
                sent += 1
                kind = "write" if rng.random() < write_share else "search"
                began = time.perf_counter()
                if kind == "write":
                    r = await c.post("/v1/memories", json={"content": sentence(rng)})
                else:
                    q = f"what did {rng.choice(NAMES)} say about {rng.choice(THINGS)}?"
                    r = await c.post("/v1/search", json={"query": q, "limit": 10})
                took = (time.perf_counter() - began) * 1000
                if r.status_code >= 400:
                    errors[str(r.status_code)] = errors.get(str(r.status_code), 0) + 1
                else:
                    latencies[kind].append(took)

        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - began
    done = sum(len(v) for v in latencies.values())
    return {
        "requests_ok": done,
        "errors": errors,
        "seconds": round(wall, 3),
        "requests_per_s": round(done / wall, 1) if wall else 0.0,
        "latency_ms": {
            kind: {
                "n": len(v),
                "p50": round(pct(v, 0.5), 2),
                "p95": round(pct(v, 0.95), 2),
                "max": round(max(v), 2) if v else 0.0,
                "mean": round(statistics.fmean(v), 2) if v else 0.0,
            }
            for kind, v in latencies.items()
        },
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=2000, help="memories to seed")
    ap.add_argument("--requests", type=int, default=2000, help="requests to send (at most)")
    ap.add_argument("--concurrency", type=int, default=8, help="requests in flight")
    ap.add_argument("--write-share", type=float, default=0.1, help="share of writes (0..1)")
    ap.add_argument("--max-seconds", type=float, default=300.0, help="stop sending after this")
    ap.add_argument("--embedder", default=None, help="override the configured embedder")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=Path("bench/results/rest_load.json"))
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="remem-rest-load-") as tmp:
        env = {**os.environ, "REMEM_HOME": str(Path(tmp) / "home")}
        if args.embedder:
            env["REMEM_EMBEDDER"] = args.embedder
        config = Config.load(environ=env)
        key = seed(config, args.n, rng)
        proc, url = start_server(env)
        try:
            result = asyncio.run(
                load(
                    url, key, requests=args.requests, concurrency=args.concurrency,
                    write_share=args.write_share, max_seconds=args.max_seconds, rng=rng,
                )
            )  # fmt: skip
        finally:
            proc.terminate()
            proc.communicate(timeout=60)
    report = {
        "n": args.n,
        "concurrency": args.concurrency,
        "write_share": args.write_share,
        "embedder": config.embedder,
        "cpus": os.cpu_count(),
        **result,
    }
    print(json.dumps(report, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
