"""What remem writes is its user's alone: files 0600, folders 0700, whatever the umask.

A store holds every memory, the API keys' digests and the erase HMAC key; the
files beside it (the BM25 and HNSW caches, MEMORY.md, exports, reports, the hook
log, the local token and port files) hold its words. With the usual umask (022)
a plain ``open`` or ``mkdir`` would make them readable by every user of the
machine, so every file remem creates goes through this module:

- :func:`private_dir`: a folder and its missing parents, each made 0700;
  folders that exist already are left as they are (``/tmp`` is not remem's);
- :func:`open_private`: a file opened for writing, 0600 (also an existing file
  remem rewrites: what remem writes is private, whoever made it first);
- :func:`write_atomic`: a file replaced in one rename, 0600;
- :func:`create_private`: an empty file made 0600 if there is none (the SQLite
  database before SQLite opens it: SQLite gives its ``-wal``, ``-shm`` and
  ``-journal`` files the database file's mode).

The mode is set with ``fchmod``/``chmod`` after creation, so a umask of 0 (or one
that takes the owner's bits away) changes nothing. On Windows the modes mean
little and are set as far as Python can.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO, Any, Literal

__all__ = [
    "DIR_MODE",
    "FILE_MODE",
    "create_private",
    "loose_mode",
    "open_private",
    "private_dir",
    "write_atomic",
]

FILE_MODE = 0o600
DIR_MODE = 0o700
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def private_dir(path: Path) -> Path:
    """``path`` as a folder, made with its missing parents; every folder made here is
    0700 whatever the umask. Folders that exist are not touched. Raises OSError."""
    missing: list[Path] = []
    here = path
    while not here.exists() and here.parent != here:
        missing.append(here)
        here = here.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, DIR_MODE)
        except FileExistsError:
            continue  # another process made it: its maker set its mode
        os.chmod(folder, DIR_MODE)
    if not path.is_dir():
        raise NotADirectoryError(f"{path} is not a directory")
    return path


def _fix_mode(fd: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, FILE_MODE)


def create_private(path: Path) -> bool:
    """Make ``path`` an empty 0600 file if nothing is there (True when made here); an
    existing file is left as it is. Raises OSError."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, FILE_MODE)
    except FileExistsError:
        return False
    try:
        _fix_mode(fd)
    finally:
        os.close(fd)
    return True


def open_private(
    path: Path,
    mode: Literal["w", "a", "wb", "ab"] = "w",
    *,
    encoding: str | None = "utf-8",
) -> IO[Any]:
    """``path`` opened for writing (``w`` truncates, ``a`` appends), created 0600; an
    existing file is made 0600 too. Raises OSError."""
    flags = os.O_WRONLY | os.O_CREAT | _CLOEXEC
    flags |= os.O_APPEND if mode.startswith("a") else os.O_TRUNC
    fd = os.open(path, flags, FILE_MODE)
    try:
        _fix_mode(fd)
        if "b" in mode:
            return os.fdopen(fd, mode)
        return os.fdopen(fd, mode, encoding=encoding)
    except BaseException:
        os.close(fd)
        raise


def write_atomic(path: Path, data: str | bytes, *, fsync: bool = True) -> None:
    """Replace ``path`` with ``data`` in one rename (a reader sees the old file or the
    new one), mode 0600; the folder is made (0700) if missing. Raises OSError."""
    import tempfile

    private_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        _fix_mode(fd)  # mkstemp makes it 0600 already; a umask can only narrow that
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            if fsync:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def loose_mode(path: Path) -> str | None:
    """Why ``path`` is readable by others (its mode lets group or others in, e.g.
    ``"0644"``), or None when it is private or gone."""
    try:
        info = path.lstat()
    except OSError:
        return None
    if stat.S_ISLNK(info.st_mode):
        return None
    if stat.S_IMODE(info.st_mode) & 0o077:
        return f"{stat.S_IMODE(info.st_mode):04o}"
    return None
