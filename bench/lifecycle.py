"""A simulated year of an assistant's life, with and without the lifecycle jobs.

    python bench/lifecycle.py --seeds 1 2 3 --out bench/results          # ONNX model
    python bench/lifecycle.py --seeds 1 2 3 4 --jobs 4 --out DIR         # replays in 4 processes
    python bench/lifecycle.py --quick --embedder fake                    # a small year

What the generator assumes is in ``remem/eval/lifecycle_sim.py`` (and in
docs/benchmarks.md). Every seed's year is replayed twice on fresh stores — with
the jobs caught up at each session start (``mem.jobs.run_due``), and without —
and both runs are reported in one table: recall@5 of the still-relevant facts,
the share of context items that hold none, the active store size, the file
size, search p95 (timing on a shared machine: reported, not judged), and how
many permanent or promoted memories were lost; then every fact a run missed,
with what became of each memory its statement was written into (its status and
the audit event that moved it: expired, archived, cold, purged, merged,
superseded). The lifecycle defaults are used as shipped; nothing here tunes them.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path

from remem.config import Config
from remem.eval.lifecycle_sim import RunResult, Year, generate, misses, replay, table


def _replay(year: Year, lifecycle: bool, config: Config) -> RunResult:
    """One arm of one year on a fresh store of its own (a worker process's task)."""
    with tempfile.TemporaryDirectory() as tmp:
        name = "with" if lifecycle else "without"
        progress = lambda m: print(f"seed {year.seed}: {m}", file=sys.stderr, flush=True)  # noqa: E731
        result = replay(year, lifecycle=lifecycle, config=config, directory=Path(tmp),
                        progress=progress)  # fmt: skip
        print(f"seed {year.seed}: {name} lifecycle done", file=sys.stderr, flush=True)
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1], help="one year per seed")
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--stable", type=int, default=36, help="stable facts")
    parser.add_argument("--updated", type=int, default=10, help="facts that are updated")
    parser.add_argument("--notes-per-day", type=int, default=4, help="operational notes a day")
    parser.add_argument("--chatter-per-day", type=int, default=2)
    parser.add_argument("--queries-per-day", type=int, default=3, help="facts needed a day")
    parser.add_argument("--embedder", default="onnx-minilm", help="onnx-minilm (default), fake")
    parser.add_argument(
        "--quick", action="store_true", help="a small year: 150 days, 16 facts, 6 updated"
    )
    parser.add_argument("--jobs", type=int, default=1, help="replays run in this many processes")
    parser.add_argument("--out", type=Path, help="write lifecycle.json and lifecycle.md here")
    args = parser.parse_args(argv)
    if args.quick:
        args.days, args.stable, args.updated, args.notes_per_day = 150, 16, 6, 3
    with tempfile.TemporaryDirectory() as home:
        config = Config(home=Path(home), embedder=args.embedder, memory_md_path="")
        years = [
            generate(
                seed,
                days=args.days,
                stable=args.stable,
                updated=args.updated,
                notes_per_day=args.notes_per_day,
                chatter_per_day=args.chatter_per_day,
                queries_per_day=args.queries_per_day,
            )
            for seed in args.seeds
        ]
        tasks = [(year, lifecycle) for year in years for lifecycle in (False, True)]
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(_replay, year, lifecycle, config) for year, lifecycle in tasks]
            done = [f.result() for f in futures]
    results: dict[int, dict[str, RunResult]] = {}
    for (year, lifecycle), result in zip(tasks, done, strict=True):
        results.setdefault(year.seed, {})["with" if lifecycle else "without"] = result
    text = table(results) + "\n\nFacts not found at the end of the year:\n\n" + misses(results)
    print(text)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        params = {k: v for k, v in vars(args).items() if k != "out"}
        data = {
            "params": params,
            "runs": {
                str(s): {k: asdict(r) for k, r in runs.items()} for s, runs in results.items()
            },
        }
        (args.out / "lifecycle.json").write_text(json.dumps(data, indent=2) + "\n")
        (args.out / "lifecycle.md").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
