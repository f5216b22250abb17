"""A simulated year of an assistant's life, with and without the lifecycle jobs.

    python bench/lifecycle.py --seeds 1 2 3 --out bench/results          # world 1, ONNX model
    python bench/lifecycle.py --world 2 --bank dev --seeds 1 2 --jobs 2  # the blind world
    python bench/lifecycle.py --quick --embedder fake                    # a small year

Two worlds. **World 1** is the project's own generator (``remem/eval/lifecycle_sim.py``
says what it assumes). **World 2** was written blind, from a spec, by someone who
never read the lifecycle code (``bench/worlds/world2.py`` and its phrasing bank,
copied verbatim; ``bench/worlds/README.md``): another persona and domain, facts by
class (frequent, rare, dormant, updated, important), keep requests in many
phrasings, notes, chatter and requests. ``--bank dev`` is the bank to develop on;
``--bank held`` is run once, for the reported number.

Every seed's year is replayed twice on fresh stores through the public API — with
the jobs caught up at each session start (``mem.jobs.run_due``), and without — and
both runs are reported: recall@5 and @10 of the still-needed facts (overall, by
class, the important ones), how often an older value ranks above the current one,
the facts' needs met during the year, the share of context items holding nothing
still needed (at the end, and during the year), the active store size, the file
size, search p95 (timing on a shared machine: reported, not judged), and how many
permanent or promoted memories were lost; then every fact a run missed at 5, with
what became of each memory its statements were written into. The lifecycle defaults
are used as shipped unless ``--set KEY=VALUE`` overrides one (for experiments).
``--keep DIR`` keeps each replay's store (``DIR/seed-N/with.db``, ``without.db``) for
``bench/lifecycle_end.py``, which asks the final questions again on a copy of one.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval import lifecycle_world2 as world2
from remem.eval.lifecycle_measure import class_table, misses, table
from remem.eval.lifecycle_sim import RunResult, Year, generate, replay

WORLDS = Path(__file__).resolve().parent / "worlds"


def _replay(
    year: Year | world2.World, lifecycle: bool, config: Config, keep: Path | None = None
) -> RunResult:
    """One arm of one year on a fresh store of its own (a worker process's task); the
    store is left in ``keep/seed-N`` when ``keep`` is given."""
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp) if keep is None else keep / f"seed-{year.seed}"
        where.mkdir(parents=True, exist_ok=True)
        name = "with" if lifecycle else "without"
        progress = lambda m: print(f"seed {year.seed}: {m}", file=sys.stderr, flush=True)  # noqa: E731
        run = world2.replay if isinstance(year, world2.World) else replay
        result = run(year, lifecycle=lifecycle, config=config, directory=where,  # type: ignore[arg-type]
                     progress=progress)  # fmt: skip
        print(f"seed {year.seed}: {name} lifecycle done", file=sys.stderr, flush=True)
        return result


def world2_year(seed: int, bank: str, days: int | None = None) -> world2.World:
    """World 2's year for ``seed`` from ``bench/worlds/world2.py`` (its own CLI)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "world.json"
        extra = [] if days is None else ["--days", str(days)]
        subprocess.run(
            [sys.executable, str(WORLDS / "world2.py"), "--seed", str(seed), "--bank", bank,
             "--out", str(out), *extra],
            check=True, cwd=WORLDS, capture_output=True,
        )  # fmt: skip
        return world2.load(out)


def _overrides(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        try:  # a number, true/false/null, a list or an object; else the word itself
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--world", type=int, choices=(1, 2), default=1)
    parser.add_argument(
        "--bank",
        choices=("dev", "held", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"),
        default="dev",
        help="world 2's bank",
    )
    parser.add_argument("--seeds", type=int, nargs="+", default=[1], help="one year per seed")
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--stable", type=int, default=36, help="world 1: stable facts")
    parser.add_argument("--updated", type=int, default=10, help="world 1: facts that are updated")
    parser.add_argument("--notes-per-day", type=int, default=4, help="world 1: notes a day")
    parser.add_argument("--chatter-per-day", type=int, default=2, help="world 1")
    parser.add_argument(
        "--queries-per-day", type=int, default=3, help="world 1: facts needed a day"
    )
    parser.add_argument("--embedder", default="onnx-minilm", help="onnx-minilm (default), fake")
    parser.add_argument(
        "--quick", action="store_true", help="a small year: 150 days (world 1: 16 facts, 6 updated)"
    )
    parser.add_argument("--only", choices=("with", "without"), help="replay one arm only")
    parser.add_argument("--set", nargs="*", default=[], metavar="KEY=VALUE",
                        help="Config overrides (experiments; reported numbers use none)")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1, help="replays run in this many processes")
    parser.add_argument("--out", type=Path, help="write the JSON and markdown reports here")
    parser.add_argument("--keep", type=Path, help="keep each replay's store here (seed-N/)")
    args = parser.parse_args(argv)
    if args.quick:
        args.days, args.stable, args.updated, args.notes_per_day = 150, 16, 6, 3
    with tempfile.TemporaryDirectory() as home:
        config = Config(
            home=Path(home), embedder=args.embedder, memory_md_path="", **_overrides(args.set)
        )
        years: list[Year | world2.World]
        if args.world == 2:
            days = args.days if args.days != 365 else None
            years = [world2_year(seed, args.bank, days) for seed in args.seeds]
        else:
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
        arms = {"with": (True,), "without": (False,)}.get(args.only or "", (False, True))
        tasks = [(year, lifecycle) for year in years for lifecycle in arms]
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [
                pool.submit(_replay, year, lifecycle, config, args.keep)
                for year, lifecycle in tasks
            ]
            done = [f.result() for f in futures]
    results: dict[int, dict[str, RunResult]] = {}
    for (year, lifecycle), result in zip(tasks, done, strict=True):
        results.setdefault(year.seed, {})["with" if lifecycle else "without"] = result
    text = (
        f"World {args.world}" + (f" ({args.bank} bank)" if args.world == 2 else "") + "\n\n"
        + table(results) + "\n\nRecall by class of fact:\n\n" + class_table(results)
        + "\n\nFacts not found (top 5) at the end of the year:\n\n" + misses(results)
    )  # fmt: skip
    print(text)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        params = {k: v for k, v in vars(args).items() if k not in ("out", "keep")}
        data = {
            "params": params,
            "runs": {
                str(s): {k: asdict(r) for k, r in runs.items()} for s, runs in results.items()
            },
        }
        stem = "lifecycle" if args.world == 1 else f"lifecycle-world2-{args.bank}"
        (args.out / f"{stem}.json").write_text(json.dumps(data, indent=2) + "\n")
        (args.out / f"{stem}.md").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
