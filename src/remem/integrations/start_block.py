"""Session-start blocks prepared ahead, for the first hook of a session.

A session's first hook usually finds no local service (it idled out between two
sessions), and answering in a new process costs the engine's start (~1.4 s of CPU:
the imports, the store, the block). So the block a new session of a project would
start with is built ahead — at a session's end, when the service exits, after the
maintenance jobs — and written for the bash client (``hook_fast.sh``), which prints
it without starting Python and hands the hook to the full path in the background
(which opens the session, records what was shown and starts the service).

One file per working directory, ``$REMEM_HOME/start-blocks/<cwd, %-encoded>``: the
directory 0700, the file 0600, written whole and renamed into place. It starts
with a header the client checks, line by line, before printing anything; any doubt
sends the hook to the full path:

- ``cwd``: the payload's ``cwd`` it was built for (a file renamed to another
  project's name is refused);
- ``db``: the store file; the block's mtime is taken before the block is read from
  the store (with the WAL folded into the file first and no writer in between), and
  the client requires it newer than the store file and its WAL: any write since —
  a new memory, a forget, an erase, a job — makes the block stale;
- ``until``: when it stops being valid (epoch seconds), ``hooks_start_block_max_age_h``
  after it was built; ``clock``: the clock file it was built on (``clock_file``), read
  by the client for the time as every process reads it;
- ``toml`` and ``env``: the ``remem.toml`` the hook would read (the client requires it
  the same file, not changed since) and the ``REMEM_*`` variables and the user's
  (``LOGNAME``, ``USER``, ``LNAME``, ``USERNAME``, ``HOME``: the scope's user), as
  ``NAME=value`` — a name holding KEY, TOKEN, SECRET, PASSWORD or URL by its value's
  length only, so no credential is written;
- ``here`` and ``top``: the directory resolved and the folder holding ``.git`` found
  from it (the project, hence the scope's namespace): the client walks the same
  folders again.

The body is what ``remem hook SessionStart`` prints for a new session
(:meth:`MemoryAgent.preview_start`: the same redacted store, the same visibility
and trust filters, built in the scope the hook itself would use), in pieces
``\\x02<until>\\x02<text>``: each the block until it changes by itself (a reminder
comes due, a carried-over item expires); a piece ``\\x03`` has no block (the full
path answers then). A memory line's age is written ``\\x01<epoch>\\x01`` and computed
by the client at print time. Only the SQLite store has prepared blocks
(``store_url`` unset), and only the configuration a hook in that directory loads
(not a ``--db`` or an override).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from remem.files import private_dir
from remem.integrations.block_client import (
    DIR_NAME,
    FORMAT,
    MAX_NAME_BYTES,
    fingerprint,
)

if TYPE_CHECKING:
    from remem.agent import MemoryAgent
    from remem.memory import Memory

__all__ = ["DIR_NAME", "block_path", "fingerprint", "prepare", "refresh"]

AGE_MARK = "\x01"  # around a memory line's time: the client writes its age there
SEGMENT_MARK = "\x02"  # around the time until which the text after it is the block
MAX_SEGMENTS = 12  # texts of one block (each until it changes by itself)
EXACT_SEGMENTS = 4  # then the rest of the carried-over items' life is left to Python
NO_BLOCK = "\x03"  # a piece with no block: the full path answers in that time
MAX_BLOCKS = 32  # blocks a refresh rebuilds, the newest first
TICK_WAIT_S = 0.005  # file times are coarse (a few ms): wait for the next tick
TICK_TRIES = 60


def block_path(home: Path, cwd: str) -> Path | None:
    """The block file of working directory ``cwd`` in remem home ``home`` (None: a
    ``cwd`` no block is kept for: not absolute, or too long a name)."""
    if not cwd.startswith("/") or "\n" in cwd or "\t" in cwd:
        return None
    name = cwd.replace("%", "%25").replace("/", "%2F")
    if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
        return None
    return home / DIR_NAME / name


def prepare(
    mem: Memory,
    cwd: Path | str,
    *,
    now: datetime | None = None,
    environ: Mapping[str, str] | None = None,
) -> Path | None:
    """Write the block a new session in ``cwd`` would start with; its path, or None
    when none is kept (not the SQLite store, blocks off, a ``cwd`` with no usable
    scope). Never raises for a block it cannot write: the hook then takes the full
    path, as without one."""
    from remem.app import agent_for, default_scope, project_folder
    from remem.config import Config, find_toml
    from remem.errors import RememError
    from remem.integrations.claude_code import HEADER
    from remem.model import utcnow

    config = mem.config
    env = os.environ if environ is None else environ
    fold = getattr(mem.store, "fold_wal", None)
    if config.hooks_start_block_max_age_h <= 0 or config.store_url or fold is None:
        return None
    path = block_path(config.home, str(cwd))
    folder = project_folder(Path(cwd), home=Path(env["HOME"]) if env.get("HOME") else None)
    prints = fingerprint(env)
    if path is None or folder is None or prints is None:
        return None
    here, top, _ = folder
    try:
        toml = find_toml(env)
        if Config.load(environ=env).model_dump() != config.model_dump():
            return None  # not the configuration a hook here loads (a --db, an override)
        scope = default_scope(config, cwd=Path(cwd), environ=env)
    except RememError:
        return None
    db = config.database.resolve()
    tmp = path.with_name(f".{path.name[:40]}.{os.getpid()}.tmp")
    fd = -1
    try:
        private_dir(path.parent)
        if path.parent.is_symlink():
            return None
        tmp.unlink(missing_ok=True)
        fold()  # the WAL into the file and emptied: closing the store changes neither
        with mem.store.transaction():  # no writer is between its frames and its commit
            fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        mark = _after_writes(fd, db)
        built = utcnow() if now is None else now
        segments = _segments(agent_for(mem, scope), built, config.hooks_start_block_max_age_h)
        if mark is None or segments is None:
            return None
        header = [
            FORMAT,
            f"cwd\t{cwd}",
            f"db\t{db}",
            f"until\t{segments[-1][0]}",
            f"clock\t{config.clock_file or ''}",
            f"toml\t{toml or ''}",
            f"env\t{prints}",
            f"here\t{here}",
            f"top\t{top or ''}",
        ]
        if any("\n" in line for line in header):
            return None
        text = "\n".join(header) + "\n\n"
        for until, body in segments:
            shown = f"{HEADER}\n\n{body}\n" if body.strip() and body != NO_BLOCK else body
            text += f"{SEGMENT_MARK}{until}{SEGMENT_MARK}{shown}"
        os.write(fd, text.encode("utf-8", "surrogateescape"))
        os.fsync(fd)
        os.utime(fd, ns=(mark, mark))  # the time before the store was read
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
        return path
    except (OSError, RememError):
        return None
    finally:
        if fd >= 0:
            os.close(fd)
        tmp.unlink(missing_ok=True)


def refresh(mem: Memory, *, environ: Mapping[str, str] | None = None) -> list[Path]:
    """Rebuild the blocks of the home (the newest :data:`MAX_BLOCKS`), each for its own
    ``cwd``: after work that changed the store (the maintenance jobs)."""
    folder = mem.config.home / DIR_NAME
    try:
        files = sorted(
            (f for f in folder.iterdir() if f.is_file() and not f.name.startswith(".")),
            key=lambda f: f.stat().st_mtime_ns,
            reverse=True,
        )[:MAX_BLOCKS]
    except OSError:
        return []
    done = []
    for file in files:
        cwd = _header_cwd(file)
        if cwd is not None and Path(cwd).is_dir():
            written = prepare(mem, cwd, environ=environ)
            if written is not None:
                done.append(written)
    return done


def _segments(agent: MemoryAgent, built: datetime, hours: float) -> list[tuple[int, str]] | None:
    """The block as it will read from ``built`` on, in pieces: each until the time it
    changes by itself (a carried-over item expires, a reminder comes due), the last
    until ``hours`` after ``built``. Past :data:`EXACT_SEGMENTS` pieces, the time
    until the last carried-over item expires is one piece of :data:`NO_BLOCK` (many
    small changes: the full path answers then). None when a block cannot be marked."""
    limit = math.ceil(built.timestamp() + hours * 3600)
    segments: list[tuple[int, str]] = []
    at = built
    while len(segments) < MAX_SEGMENTS:
        preview = agent.preview_start(now=at)
        body = _marked(preview, at)
        if body is None:
            return None
        changes = preview.changes_at
        end = limit if changes is None else min(limit, math.ceil(changes.timestamp()))
        segments.append((end, body))
        if end >= limit:
            return segments
        settles = preview.settles_at
        if len(segments) >= EXACT_SEGMENTS and settles is not None and settles.timestamp() > end:
            end = min(limit, math.ceil(settles.timestamp()))
            segments.append((end, NO_BLOCK))
        at = datetime.fromtimestamp(end, UTC)
    return segments


def _after_writes(fd: int, db: Path) -> int | None:
    """The mtime of the new file ``fd``, once it is later than the store file's and
    its WAL's (a write in the same clock tick would look older than the block)."""
    for _ in range(TICK_TRIES):
        mark = os.fstat(fd).st_mtime_ns
        newest = max((_mtime(p) for p in (db, Path(f"{db}-wal"))), default=0)
        if mark > newest:
            return mark
        time.sleep(TICK_WAIT_S)
        os.utime(fd)
    return None


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return 0


def _marked(preview: object, now: datetime) -> str | None:
    """The preview's text with each memory line's age made a mark the client fills."""
    from remem.agent.results import StartPreview
    from remem.read.inject import age_label

    assert isinstance(preview, StartPreview)
    if any(c in preview.context.text for c in (AGE_MARK, SEGMENT_MARK, NO_BLOCK, "\x00")):
        return None  # never in a stored text (invisible characters are not shown)
    parts = []
    for part in preview.context.parts:
        lines = list(part.lines)
        if len(part.memory_ids) == len(lines):
            for k, memory_id in enumerate(part.memory_ids):
                record = preview.memories.get(memory_id)
                if record is None:
                    continue
                label = f"; age: {age_label(record, now)}"
                head, found, tail = lines[k].rpartition(label)
                if found:
                    when = record.valid_from or record.created_at
                    when = when if when.tzinfo else when.replace(tzinfo=UTC)
                    lines[k] = f"{head}; age: {AGE_MARK}{int(when.timestamp())}{AGE_MARK}{tail}"
        parts.append("\n".join([part.label, *lines]))
    return "\n\n".join(parts)


def _header_cwd(file: Path) -> str | None:
    try:
        with file.open("r", encoding="utf-8", errors="surrogateescape") as fh:
            if fh.readline().rstrip("\n") != FORMAT:
                return None
            key, _, value = fh.readline().rstrip("\n").partition("\t")
    except OSError:
        return None
    return value if key == "cwd" else None
