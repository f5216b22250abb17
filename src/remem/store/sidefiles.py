"""The files a SQLite store keeps beside its database, and their cleanup.

``<db>.bm25`` (the saved BM25 index) and ``<db>.hnsw-<model>`` (HNSW graphs) are
caches of the database: they hold words and vectors of its memories and can
always be rebuilt. Each is written to ``<name>.tmp-<pid>-<thread>`` and renamed
into place, so a process killed mid-save leaves that temp file behind.

- :func:`orphaned_temp_files`: temp files whose writing process is gone (removed
  on every open of the store);
- :func:`cache_files`: every cache and temp file, live or not (removed by an
  erase: any of them may hold the erased memories' words or vectors).
"""

from __future__ import annotations

import logging
import os
import re
import sys
from pathlib import Path

log = logging.getLogger(__name__)

_TEMP = re.compile(r"\.tmp-(\d+)-\d+$")


def _glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def cache_files(db_path: str) -> list[Path]:
    """``<db>.bm25``, ``<db>.hnsw-*`` and their temp files, as they are now."""
    base = Path(db_path)
    name = _glob_escape(base.name)
    found = [*base.parent.glob(f"{name}.bm25"), *base.parent.glob(f"{name}.bm25.tmp-*")]
    found += base.parent.glob(f"{name}.hnsw-*")
    return sorted(set(found))


def temp_files(db_path: str) -> list[Path]:
    """The temp files of interrupted or running saves of ``db_path``'s caches."""
    return [p for p in cache_files(db_path) if _TEMP.search(p.name)]


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # one of this process's threads may be writing it now
    if sys.platform == "win32":
        return True  # no cheap liveness check: leave it (an erase still removes it)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def orphaned_temp_files(db_path: str) -> list[Path]:
    """Temp files whose writer (the pid in the name) no longer runs."""
    out = []
    for path in temp_files(db_path):
        match = _TEMP.search(path.name)
        if match is not None and not _alive(int(match.group(1))):
            out.append(path)
    return out


def remove(paths: list[Path]) -> list[Path]:
    """Delete ``paths``; return those that could not be deleted (e.g. a read-only folder)."""
    left = []
    for path in paths:
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove %s: %s", path, exc)
            left.append(path)
    return left
