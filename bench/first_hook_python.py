"""A session's first hook with no service up, per client: the block prepared ahead
printed by the Python client (``--client python``) and by the bash client, against
the Python client with the block refused (the full path in the foreground, on a copy
of the store).

    .venv/bin/python bench/first_hook_python.py [--runs 15]

Whole-process wall times of the installed command, interleaved per run. The full
path the clients hand the session to in the background is a stand-in that reads
its stdin and exits (a ``remem`` package first on the child's PYTHONPATH), so the
background work does not load the machine between runs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from remem.app import agent_for, default_scope, load_config, open_memory
from remem.integrations.claude_settings import hook_program
from remem.integrations.start_block import prepare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="remem-first-hook-"))
    env = {
        **os.environ,
        "HOME": str(root / "home"),
        "REMEM_HOME": str(root / "rh"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_DEFAULT_USER_ID": "maya",
        "REMEM_HOOKS_AUTOSTART_SERVICE": "false",
    }
    Path(env["HOME"]).mkdir(parents=True)
    cwd = root / "proj"
    (cwd / ".git").mkdir(parents=True)
    fake = root / "fake" / "remem"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "__main__.py").write_text("import sys\nsys.stdin.buffer.read()\n")
    with open_memory(load_config(environ=env)) as mem:
        agent = agent_for(mem, default_scope(mem.config, cwd=cwd, environ=env))
        agent.start_session("s1")
        agent.observe("s1", "user", "the staging database is atlas-db-2")
        agent.observe("s1", "user", "no, don't use npm here, always use pnpm")
        agent.end_session("s1")
        if prepare(mem, cwd, environ=env) is None:
            sys.exit("no block was prepared")
    payload = json.dumps(
        {
            "session_id": "s2",
            "cwd": str(cwd),
            "hook_event_name": "SessionStart",
            "source": "startup",
        }
    ).encode()
    runs = {
        "python client, block": (["python"], env | {"PYTHONPATH": str(root / "fake")}),
        "bash client, block": (["bash"], env | {"PYTHONPATH": str(root / "fake")}),
        # a copy of the home, so the full path's writes (the session it opens, the
        # blocks it prepares again) leave the measured block alone
        "python client, block refused (full path)": (
            ["python"],
            env | {"REMEM_HOME": str(root / "rh-copy"), "REMEM_AGENT_START_FACTS_MAX": "7"},
        ),
    }
    shutil.copytree(root / "rh", root / "rh-copy")
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.runs):
        for name, (client, environ) in runs.items():
            start = time.perf_counter()
            said = subprocess.run(
                [*hook_program(client=client[0]), "hook", "SessionStart"],
                input=payload,
                capture_output=True,
                env=environ,
                cwd=cwd,
                check=False,
            )
            times[name].append((time.perf_counter() - start) * 1000)
            if not said.stdout.startswith(b"Memories from remem"):
                sys.exit(f"{name}: no block printed: {said.stderr[-300:]!r}")
    shutil.rmtree(root, ignore_errors=True)
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    for name, values in times.items():
        print(f"{name}: median {statistics.median(values):.1f} ms, min {min(values):.1f} ms")


if __name__ == "__main__":
    main()
