#!/usr/bin/env python3
"""Bootstrap and run remem from a fresh clone, with nothing but python3.

    python3 dev.py demo     # make .venv, install remem, run `remem demo` (offline model)
    python3 dev.py test     # same bootstrap, then lint + the whole test suite
    python3 dev.py remem ARGS...   # run the remem CLI from the local virtualenv

The virtualenv lives in ./.venv and is reinstalled only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".remem-installed"
RAM_DIR = Path("/dev/shm")  # a tmpfs on Linux
RAM_NEEDED = 2 << 30  # free bytes it must have for the tests' temp dirs


def run(*cmd: str | Path) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    code = subprocess.call([str(c) for c in cmd], cwd=ROOT)
    if code:
        sys.exit(code)


def bootstrap() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py runs before any install
        sys.exit(f"remem needs Python >= 3.11; this is {sys.version.split()[0]}")
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == want:
        return
    if not (BIN / "python").exists():
        print(f"creating virtualenv {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[dev]")
    STAMP.write_text(want)


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("demo", "test", "remem"):
        sys.exit(__doc__)
    bootstrap()
    command, rest = argv[0], argv[1:]
    if command == "demo":
        run(BIN / "remem", "demo", *rest)
    elif command == "remem":
        run(BIN / "remem", *rest)
    else:
        run(BIN / "ruff", "check", "src", "tests", "bench")
        run(BIN / "ruff", "format", "--check", "src", "tests", "bench")
        run(BIN / "mypy", "src")
        # pytest exits 5 when it collects nothing; run() turns any non-zero into a failure.
        # One worker per core (at most 4): each test has its own temp dir and store, and
        # each worker its own PostgreSQL server.
        workers = str(min(4, os.cpu_count() or 1))
        basetemp = ram_basetemp(rest)
        cmd: list[str | Path] = [
            BIN / "python",
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-n",
            workers,
            # idle workers take tests queued on a busy one: the suite's long tests (a pip
            # install, a simulated year) no longer leave one worker running alone at the end
            *(() if any(a.startswith("--dist") for a in rest) else ("--dist", "worksteal")),
            *rest,
        ]
        try:
            run(*cmd, *(("--basetemp", basetemp) if basetemp else ()))
        finally:
            if basetemp:
                shutil.rmtree(basetemp, ignore_errors=True)


def ram_basetemp(args: list[str]) -> Path | None:
    """A folder in RAM for the tests' temp dirs, or None for pytest's default.

    Every test writes real SQLite files, and each commit is synced to disk
    (``synchronous = FULL``): on this project's 2-core virtual machine a run of
    the read, agent and lifecycle tests took 0.65 of its time with them in RAM. In RAM the files are the same files; only the syncs are free.
    Used when /dev/shm is a folder with 2 GiB free and the caller gave no
    ``--basetemp``; ``REMEM_TEST_TMP=disk`` keeps pytest's default. Temp files
    made outside pytest (``tempfile``: the PostgreSQL test server's data) follow
    ``TMPDIR``, set to /dev/shm too.
    """
    if os.environ.get("REMEM_TEST_TMP") == "disk" or any(a.startswith("--basetemp") for a in args):
        return None
    try:
        usage = os.statvfs(RAM_DIR)
    except OSError:
        return None
    if usage.f_bavail * usage.f_frsize < RAM_NEEDED or not os.access(RAM_DIR, os.W_OK):
        return None
    os.environ.setdefault("TMPDIR", str(RAM_DIR))
    return RAM_DIR / f"remem-tests-{os.getpid()}"


if __name__ == "__main__":
    main(sys.argv[1:])
