"""Jobs across real processes: the lease lock between two processes, a run killed with
SIGKILL and taken over after its lease lapsed, and catch-up after a restart (on a
SQLite file, and on a PostgreSQL schema)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from remem.config import Config
from remem.lifecycle.jobs import Jobs
from remem.memory import Memory
from remem.model import utcnow

# A process that runs the job "slow": ten items, one at a time, saving its place after
# each. argv: db, home, lease seconds, item log, mode ("stall" hangs after item 4,
# "wait:<file>" waits for the file to appear before starting, "go" runs at once).
WORKER = r"""
import json, os, sys, time
from datetime import timedelta
from pathlib import Path
from remem import Config, Memory
from remem.lifecycle.jobs import Job, Jobs, Step, StepResult

db, home, lease, log, mode = sys.argv[1:6]

def work(ctx):
    done = start = int(ctx.state.get("done", 0))
    while done < 10:
        done += 1
        with open(log, "a") as fh:
            fh.write(f"{os.getpid()} {done}\n")
        ctx.save({"done": done})
        if mode == "stall" and done == 4:
            print("stalled", flush=True)
            time.sleep(600)
        if mode.startswith("wait"):
            time.sleep(0.2)  # long enough for the other process to try meanwhile
    return StepResult({"items": done - start})

SLOW = Job("slow", timedelta(hours=1), (Step("work", work),))
if mode.startswith("wait:"):
    go = Path(mode[5:])
    while not go.exists():
        time.sleep(0.005)
config = Config(home=Path(home), embedder="fake", jobs_lease_s=float(lease))
with Memory(db, config=config) as mem:
    result = Jobs(mem, jobs=[SLOW]).run("slow")
print(json.dumps({"status": result.status, "counts": result.counts}), flush=True)
"""


BACKENDS = ("sqlite", "postgres")


def _worker(
    tmp_path: Path, target: str | Path, mode: str, lease: float = 30.0
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, str(target), str(tmp_path / "home"),
         str(lease), str(tmp_path / "items.log"), mode],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def _items(tmp_path: Path) -> list[tuple[int, int]]:
    lines = (tmp_path / "items.log").read_text().split("\n")
    return [(int(a), int(b)) for a, b in (line.split() for line in lines if line)]


def _slow_jobs(mem: Memory) -> Jobs:
    from remem.lifecycle.jobs import Job, Step, StepResult

    # The same name as the worker's job: enough to read its state and try its lease.
    return Jobs(
        mem, jobs=[Job("slow", timedelta(hours=1), (Step("work", lambda c: StepResult()),))]
    )


def test_two_processes_never_run_one_job_at_once(tmp_path: Path, store_target: str | Path) -> None:
    Memory(store_target, config=Config(home=tmp_path / "home", embedder="fake")).close()
    go = tmp_path / "go"
    procs = [_worker(tmp_path, store_target, f"wait:{go}") for _ in range(2)]
    time.sleep(1.0)  # both imported and polling
    go.touch()
    outputs = [json.loads(p.communicate(timeout=120)[0].strip().splitlines()[-1]) for p in procs]
    assert sorted(o["status"] for o in outputs) == ["busy", "ok"]
    items = _items(tmp_path)
    assert [n for _, n in items] == list(range(1, 11))  # every item once, by one process
    assert len({pid for pid, _ in items}) == 1


def test_a_killed_run_is_taken_over_after_its_lease_and_resumed(
    tmp_path: Path, store_target: str | Path
) -> None:
    config = Config(home=tmp_path / "home", embedder="fake")
    Memory(store_target, config=config).close()
    stalled = _worker(tmp_path, store_target, "stall", lease=6.0)
    assert stalled.stdout is not None and stalled.stdout.readline().strip() == "stalled"
    os.kill(stalled.pid, signal.SIGKILL)
    stalled.wait(30)
    stalled.stdout.close()
    with Memory(store_target, config=config) as mem:
        jobs = _slow_jobs(mem)
        state = jobs.status()[0]
        assert state.running and state.partial  # the dead run's lease has not lapsed yet
        assert jobs.run("slow").status == "busy"
        assert state.lock_until is not None
        wait = (state.lock_until - utcnow()).total_seconds()
        assert wait < 60, f"the lease ends in {wait:.0f} s: is a fake clock installed?"
        time.sleep(max(0.0, wait) + 0.2)
    taker = _worker(tmp_path, store_target, "go", lease=6.0)
    out = json.loads(taker.communicate(timeout=120)[0].strip().splitlines()[-1])
    assert out == {"status": "ok", "counts": {"items": 6}}
    items = _items(tmp_path)
    assert [n for _, n in items] == list(range(1, 11))  # resumed at 5, nothing done twice
    assert {pid for pid, n in items if n > 4} == {taker.pid}
    with Memory(store_target, config=config) as mem:
        runs = mem.store.job_runs("slow")
        assert [r.status for r in runs] == ["ok", "abandoned"]
        state = _slow_jobs(mem).status()[0]
        assert state.last_status == "ok" and not state.running and not state.partial


CATCH_UP = r"""
import json, sys
from datetime import datetime, timedelta
from pathlib import Path
from remem import Config, Memory
db, home, now, budget = sys.argv[1:5]
with Memory(db, config=Config(home=Path(home), embedder="fake")) as mem:
    due = [s.name for s in mem.jobs.status(datetime.fromisoformat(now)) if s.due]
    result = mem.jobs.run_due(datetime.fromisoformat(now),
                              budget_ms=None if budget == "none" else float(budget))
print(json.dumps({"due": due, "ran": [[r.name, r.status] for r in result.ran],
                  "deferred": result.deferred}))
"""


def _catch_up(tmp_path: Path, target: str | Path, now: str, budget: str) -> dict[str, list[object]]:
    out = subprocess.run(
        [sys.executable, "-c", CATCH_UP, str(target), str(tmp_path / "home"), now, budget],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_overdue_jobs_are_caught_up_by_a_new_process_within_its_budget(
    tmp_path: Path, store_target: str | Path
) -> None:
    t0 = utcnow()
    config = Config(home=tmp_path / "home", embedder="fake")
    with Memory(store_target, config=config) as mem:
        note = mem.add("Aaron is in Paris this week", user_id="aaron", tier="transient")[0]
        assert [r.name for r in mem.jobs.run_due(t0).ran] == ["nightly", "weekly", "monthly"]
    later = (t0 + timedelta(days=8)).isoformat()  # nightly and weekly overdue, not monthly
    spent = _catch_up(tmp_path, store_target, later, "0")
    assert spent == {"due": ["nightly", "weekly"], "ran": [], "deferred": ["nightly", "weekly"]}
    done = _catch_up(tmp_path, store_target, later, "none")
    assert done["ran"] == [["nightly", "ok"], ["weekly", "ok"]] and done["deferred"] == []
    assert _catch_up(tmp_path, store_target, later, "none")["ran"] == []  # nothing due any more
    with Memory(store_target, config=config) as mem:
        assert str(mem.get(note.id, user_id="aaron").status) == "archived"
        weekly = {s.name: s for s in mem.jobs.status()}["weekly"]
        assert weekly.last_run_at is not None and weekly.last_run_at.isoformat() == later
