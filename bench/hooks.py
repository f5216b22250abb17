"""How long a Claude Code ``UserPromptSubmit`` hook takes, as a whole process.

    .venv/bin/python bench/hooks.py --sizes 10000,100000 --runs 60 [--keep /tmp/remem-hooks]

For each store size (built as ``bench/stages.py`` builds one, reused from
``--keep DIR/<n>/scale.db``), three figures from the same run:

- **in-process search** (the baseline): ``Memory.search`` in this process, warm,
  over distinct generated questions — what a search costs with nothing around it;
- **hook, service up**: ``python -m remem hook UserPromptSubmit`` (the command
  ``remem hooks install`` writes) started as a new process per prompt, its payload
  on stdin, answered by ``remem serve --socket`` over the unix socket; timed from
  outside, start to exit (interpreter start, imports, the call, the answer);
- **hook, in-process** (no service): the same command answering in its own
  process — the cost the service saves.

Each prompt is a distinct question in one session, so every hook does the real
work: ``recall`` (working memory and a search) and ``observe`` (a checkpoint,
working memory). Reports p50 / p95 in ms and the ratio of the hook's p95 (service
up) to the in-process search p95. The machine is shared: compare within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from scale import USER, unique_queries
from stages import build

from remem import Config, Memory

SESSION = "bench-hooks-session"


def pct(values: list[float], p: int) -> float:
    return round(statistics.quantiles(values, n=100)[p - 1], 1) if len(values) > 1 else values[0]


def summary(values: list[float]) -> dict[str, float]:
    return {"runs": len(values), "p50": pct(values, 50), "p95": pct(values, 95)}


def env_for(folder: Path, db: Path) -> dict[str, str]:
    return {
        **os.environ,
        "REMEM_HOME": str(folder),
        "REMEM_DB_PATH": str(db),
        "REMEM_DEFAULT_USER_ID": USER,
        "REMEM_SCOPE_MODE": "user",  # the synthetic memories have no namespace
        "REMEM_HOOKS_AUTOSTART_SERVICE": "false",  # each mode is chosen here
        "REMEM_JOBS_CATCHUP_BUDGET_MS": "0",
    }


def hook_runs(prompts: list[str], env: dict[str, str], cwd: Path) -> list[float]:
    """Wall ms of one ``remem hook UserPromptSubmit`` process per prompt."""
    command = [sys.executable, "-m", "remem", "hook", "UserPromptSubmit"]
    times = []
    for prompt in prompts:
        payload = {
            "session_id": SESSION,
            "transcript_path": str(cwd / "transcript.jsonl"),
            "cwd": str(cwd),
            "permission_mode": "default",
            "hook_event_name": "UserPromptSubmit",
            "prompt": prompt,
        }
        data = json.dumps(payload).encode("utf-8")
        t0 = time.perf_counter()
        done = subprocess.run(command, input=data, capture_output=True, env=env, cwd=cwd)
        times.append((time.perf_counter() - t0) * 1000)
        if done.returncode != 0 or done.stderr:
            raise RuntimeError(f"the hook failed: {done.stderr.decode()[:300]}")
    return times


def search_runs(db: Path, folder: Path, queries: list[str]) -> list[float]:
    config = Config.load(home=folder, db_path=db, jobs_catchup_budget_ms=0)
    times = []
    with Memory(db, config=config) as mem:
        for q in queries[:5]:
            mem.search(q, user_id=USER)  # load the indexes and the model
        for q in queries[5:]:
            t0 = time.perf_counter()
            mem.search(q, user_id=USER, limit=10)
            times.append((time.perf_counter() - t0) * 1000)
    return times


def with_service(env: dict[str, str], folder: Path, work: Any) -> Any:
    sock = folder / "remem.sock"
    proc = subprocess.Popen(
        [sys.executable, "-m", "remem", "serve", "--socket", str(sock)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 300
        while not sock.is_socket():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("remem serve did not start")
            time.sleep(0.1)
        return work()
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def measure(n: int, folder: Path, runs: int, cold_runs: int) -> dict[str, Any]:
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "scale.db"
    if not db.exists():
        print(f"building {n} memories in {db}", file=sys.stderr)
        build(db, n)
    rng = random.Random(n)
    questions = unique_queries(rng, 2 * runs + cold_runs + 20)
    env = env_for(folder, db)
    with tempfile.TemporaryDirectory() as project:
        cwd = Path(project)
        search = search_runs(db, folder, questions[: runs + 5])
        rest = questions[runs + 5 :]
        # the first few hooks through the service load its indexes and model: warm-up
        served = with_service(env, folder, lambda: hook_runs(rest[: runs + 5], env, cwd)[5:])
        alone = hook_runs(rest[runs + 5 : runs + 5 + cold_runs], env, cwd)
    report = {
        "n": n,
        "search_in_process_ms": summary(search),
        "hook_service_ms": summary(served),
        "hook_in_process_ms": summary(alone),
    }
    report["hook_service_p95_over_search_p95"] = round(
        report["hook_service_ms"]["p95"] / report["search_in_process_ms"]["p95"], 2
    )
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000", help="comma-separated store sizes")
    ap.add_argument("--runs", type=int, default=60, help="hook processes per size (service up)")
    ap.add_argument("--cold-runs", type=int, default=10, help="hook processes with no service")
    ap.add_argument("--keep", type=Path, default=Path("/tmp/remem-hooks"), help="store folder")
    ap.add_argument("--out", type=Path, default=Path("bench/results/hooks.json"))
    args = ap.parse_args(argv)
    results = [
        measure(int(n), args.keep / n.strip(), args.runs, args.cold_runs)
        for n in args.sizes.split(",")
    ]
    report = {
        "command": "python bench/hooks.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "cores": os.cpu_count(),
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
