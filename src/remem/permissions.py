"""``remem doctor``'s ``permissions`` check: which of remem's files and folders other
users of the machine can read.

remem creates its files 0600 and its folders 0700 (:mod:`remem.files`), but a
store made by an older remem, copied in, or ``chmod``-ed by hand may be open to
others: the database and its WAL hold every memory, the API keys' digests and
the erase key. The check lists each such path with its mode and the fix.
"""

from __future__ import annotations

from pathlib import Path

from remem.config import Config
from remem.files import loose_mode
from remem.model import Finding

__all__ = ["permission_finding", "remem_paths"]


def remem_paths(config: Config, database: Path | None) -> list[Path]:
    """The files and folders remem writes for ``config`` that exist: the home, the
    SQLite database with its WAL, SHM and cache files (``database``: None on
    PostgreSQL), the local token and hook port files, the hook log, MEMORY.md, the
    session-start blocks prepared for the hook client (their folder and files)."""
    from remem.integrations.runner import LOG_NAME
    from remem.lifecycle.memory_md import remem_files
    from remem.server.local import port_file
    from remem.store.sidefiles import cache_files

    found: list[Path] = [config.home]
    if database is not None:
        found += [database.with_name(database.name + s) for s in ("", "-wal", "-shm", "-journal")]
        found += cache_files(str(database))
    found += [config.token_path, port_file(config.socket_path), config.home / LOG_NAME]
    found += remem_files(config)
    blocks = config.start_blocks_dir  # the session-start blocks: memories' text
    if blocks.is_dir():
        found += [blocks, *sorted(blocks.iterdir())]
    return [p for p in dict.fromkeys(found) if p.exists()]


def permission_finding(config: Config, database: Path | None) -> Finding:
    """The ``permissions`` finding: every path of :func:`remem_paths` that group or
    other users may read, write or enter, with its mode."""
    loose = []
    for path in remem_paths(config, database):
        mode = loose_mode(path)
        if mode is not None:
            loose.append(f"{path} ({mode})")
    if not loose:
        return Finding("permissions", True, "only this user can read remem's files")
    return Finding(
        "permissions",
        False,
        f"{len(loose)} of remem's files or folders can be read by other users of this "
        "machine: `chmod 600` the files and `chmod 700` the folders (remem creates them so)",
        loose,
    )
