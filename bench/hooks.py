"""How long a Claude Code ``UserPromptSubmit`` hook takes, as a whole process.

    .venv/bin/python bench/hooks.py --sizes 10000,100000 --runs 60 [--keep /tmp/remem-hooks]

For each store size (built once as ``bench/stages.py`` builds one and kept in
``--keep DIR/<n>/scale.db``; each run works on a fresh copy of it, so runs start
from the same store and the kept one is never written), from the same run:

- **in-process search** (the baseline): ``Memory.search`` in this process, warm,
  over distinct generated questions — what a search costs with nothing around it;
- **hook, service up**: the command ``remem hooks install`` writes (its default
  client: with bash 4+ on the PATH ``<bash> -p <...>/remem/integrations/hook_fast.sh
  <python> hook UserPromptSubmit``, answered over the service's loopback hook port;
  else ``<python> -I -S <...>/hook_fast.py hook UserPromptSubmit``, over the unix
  socket) started as a new process per prompt, its payload on stdin, answered by
  ``remem serve --socket``; timed from outside, start to exit (the process's start,
  the client, the call, the answer);
- **hook, Python client** (when the default is bash): the Python client's command,
  the same way — what the bash client saves;
- **service answer**: the same request sent from this process (no new process):
  the service's part of the hook's time;
- **hook, in-process** (no service): the same command with no service (it hands
  the payload to ``python -m remem hook``, which answers in its own process) — the
  cost the service saves.

With the service up, these are interleaved prompt by prompt (a search, a hook
process, a request, a Python-client hook process), so a machine whose load changes
during the run slows all of them alike; each starts once the service has done the writes of the turn before
and ``--gap`` seconds more (the service does the writes after answering, then
brings its search indexes up to them; between two real prompts the model's
answer takes seconds). Each prompt is a distinct question in one session, so every hook does
the real work: ``recall`` (working memory and a search) and ``observe`` (a
checkpoint, working memory), their writes done by the service after it answered.
Reports p50 / p95 in ms and the ratio of the hook's p95 (service up) to the
in-process search p95. The machine is shared: compare within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
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
from remem.integrations.claude_settings import hook_program

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


def payload(prompt: str, cwd: Path) -> dict[str, str]:
    return {
        "session_id": SESSION,
        "transcript_path": str(cwd / "transcript.jsonl"),
        "cwd": str(cwd),
        "permission_mode": "default",
        "hook_event_name": "UserPromptSubmit",
        "prompt": prompt,
    }


def hook_runs(
    prompts: list[str], env: dict[str, str], cwd: Path, client: str = "auto"
) -> list[float]:
    """Wall ms of one hook process per prompt (the command installed with ``client``)."""
    command = [*hook_program(client=client), "hook", "UserPromptSubmit"]
    times = []
    for prompt in prompts:
        data = json.dumps(payload(prompt, cwd)).encode("utf-8")
        t0 = time.perf_counter()
        done = subprocess.run(command, input=data, capture_output=True, env=env, cwd=cwd)
        times.append((time.perf_counter() - t0) * 1000)
        if done.returncode != 0 or done.stderr:
            raise RuntimeError(f"the hook failed: {done.stderr.decode()[:300]}")
    return times


def request_ms(prompt: str, folder: Path) -> float:
    """Wall ms of one hook request to the service from this process."""
    from remem.integrations.hook_client import ask_service

    data = json.dumps(payload(prompt, folder)).encode("utf-8")
    t0 = time.perf_counter()
    answer = ask_service("UserPromptSubmit", data, {"REMEM_HOME": str(folder)})
    elapsed = (time.perf_counter() - t0) * 1000
    if answer is None:
        raise RuntimeError("the service did not answer")
    return elapsed


def start_service(env: dict[str, str], folder: Path) -> subprocess.Popen[bytes]:
    sock = folder / "remem.sock"
    proc = subprocess.Popen(
        [sys.executable, "-m", "remem", "serve", "--socket", str(sock)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 300
    while not sock.is_socket():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("remem serve did not start")
        time.sleep(0.1)
    return proc


def settled(mem: Memory, gap: float) -> None:
    """Wait until the service has done the last turn's writes (it does them after
    answering, then brings its search indexes up to them), and ``gap`` seconds more:
    between two prompts the model answers, which takes seconds, so a prompt does not
    find the service still busy with the turn before."""
    deadline = time.monotonic() + 60
    while mem.store.has_pending():
        if time.monotonic() > deadline:
            raise RuntimeError("the service never did the deferred writes")
        time.sleep(0.005)
    time.sleep(gap)


def fresh_copy(kept: Path, run: Path) -> Path:
    """A copy of the kept store (and its side files) in ``run``."""
    if run.exists():
        shutil.rmtree(run)
    run.mkdir(parents=True)
    for path in kept.parent.glob(kept.name + "*"):
        if path.is_file():
            shutil.copy2(path, run / path.name)
    return run / kept.name


def measure(n: int, folder: Path, runs: int, cold_runs: int, gap: float) -> dict[str, Any]:
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / "scale.db"
    if not kept.exists():
        print(f"building {n} memories in {kept}", file=sys.stderr)
        build(kept, n)
    run = folder / "run"
    db = fresh_copy(kept, run)
    # the baseline searches its own copy: a store another process writes to costs
    # this process a re-sync of its indexes on its next search (twice the time at
    # 10k in one measurement), which a search with nothing around it does not pay
    base = fresh_copy(kept, folder / "base")
    rng = random.Random(n)
    questions = unique_queries(rng, 4 * runs + cold_runs + 20)
    python_too = hook_program() != hook_program(client="python")
    env = env_for(run, db)
    config = Config.load(home=base.parent, db_path=base, jobs_catchup_budget_ms=0)
    search: list[float] = []
    hooks: list[float] = []
    answered: list[float] = []
    python_hooks: list[float] = []
    try:
        with tempfile.TemporaryDirectory() as project:
            cwd = Path(project)
            service = start_service(env, run)
            try:
                # the first hooks through the service load its indexes and model
                hook_runs(questions[:5], env, cwd)
                with Memory(base, config=config) as mem, Memory(db, config=config) as served:
                    for q in questions[5:10]:
                        mem.search(q, user_id=USER)  # load this process's indexes and model
                    rest = questions[10:]
                    for i in range(runs):
                        settled(served, gap)
                        t0 = time.perf_counter()
                        mem.search(rest[4 * i], user_id=USER, limit=10)
                        search.append((time.perf_counter() - t0) * 1000)
                        settled(served, gap)
                        hooks += hook_runs([rest[4 * i + 1]], env, cwd)
                        settled(served, gap)
                        answered.append(request_ms(rest[4 * i + 2], run))
                        if python_too:
                            settled(served, gap)
                            python_hooks += hook_runs([rest[4 * i + 3]], env, cwd, "python")
            finally:
                service.terminate()
                service.wait(timeout=60)
            alone = hook_runs(questions[10 + 4 * runs :][:cold_runs], env, cwd)
    finally:
        shutil.rmtree(run, ignore_errors=True)
        shutil.rmtree(base.parent, ignore_errors=True)
    report = {
        "n": n,
        "search_in_process_ms": summary(search),
        "hook_service_ms": summary(hooks),
        "hook_client": "bash" if python_too else "python",
        "service_answer_ms": summary(answered),
        **({"hook_python_client_ms": summary(python_hooks)} if python_too else {}),
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
    ap.add_argument(
        "--gap", type=float, default=0.5, help="seconds between two prompts (the model answering)"
    )
    ap.add_argument(
        "--keep", type=Path, default=Path("/tmp/remem-hooks"), help="where the built stores stay"
    )
    ap.add_argument("--out", type=Path, default=Path("bench/results/hooks.json"))
    args = ap.parse_args(argv)
    results = [
        measure(int(n), args.keep / n.strip(), args.runs, args.cold_runs, args.gap)
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
