"""Many processes opening new stores at the same moment (issue 23, defect 9).

    .venv/bin/python bench/open_race.py --processes 20 --stores 16
    .venv/bin/python bench/open_race.py --processes 20 --stores 4 --pg postgresql://...

Each of ``--processes`` processes (spawned, released together by a barrier) opens
each of ``--stores`` new stores in turn — a SQLite file in a temp folder, or with
``--pg URL`` an empty PostgreSQL schema made for the run — and adds one memory to
it. Reports how many of the opens failed and with what (an audit once saw 3 of
320 fail with NotARememStoreError). Prints JSON; writes nothing else.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import tempfile
import time
from pathlib import Path
from typing import Any


def _target(root: str, k: int, url: str) -> str | Path:
    if url:
        return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3Drace{k}"
    return Path(root) / f"new-{k}.db"


def _opener(root: str, stores: int, url: str, barrier: Any, errors: Any) -> None:
    from remem.config import Config
    from remem.memory import Memory

    config = Config(home=Path(root) / "home", embedder="fake")
    barrier.wait(300)
    for k in range(stores):
        try:
            with Memory(_target(root, k, url), config=config) as mem:
                mem.add(f"note {k}", user_id="u")
        except Exception as exc:  # counted and reported, whatever it is
            errors.put(f"store {k}: {type(exc).__name__}: {str(exc)[:160]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, default=20)
    parser.add_argument("--stores", type=int, default=16)
    parser.add_argument("--pg", default="", help="a PostgreSQL URL: new schemas there")
    args = parser.parse_args()
    if args.pg:
        import psycopg

        with psycopg.connect(args.pg, autocommit=True) as db:
            for k in range(args.stores):
                db.execute(f'DROP SCHEMA IF EXISTS "race{k}" CASCADE')
                db.execute(f'CREATE SCHEMA "race{k}"')
    ctx = mp.get_context("spawn")
    barrier, errors = ctx.Barrier(args.processes), ctx.Queue()
    with tempfile.TemporaryDirectory() as root:
        procs = [
            ctx.Process(target=_opener, args=(root, args.stores, args.pg, barrier, errors))
            for _ in range(args.processes)
        ]
        began = time.monotonic()
        for proc in procs:
            proc.start()
        for proc in procs:
            proc.join(1800)
        seconds = time.monotonic() - began
    failed = []
    while not errors.empty():
        failed.append(errors.get())
    print(
        json.dumps(
            {
                "backend": "postgres" if args.pg else "sqlite",
                "processes": args.processes,
                "stores": args.stores,
                "opens": args.processes * args.stores,
                "failed": len(failed),
                "failures": failed[:20],
                "exit_codes": sorted({p.exitcode for p in procs}, key=str),
                "seconds": round(seconds, 1),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
