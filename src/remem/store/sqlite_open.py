"""Opening the SQLite file: refuse what is not a remem store, recover what SQLite
can recover, and fall back to read-only access when the file cannot be written.

- A file that is not SQLite, belongs to another program or was written by a
  newer remem is refused and left as it was.
- A *hot journal* (a write interrupted in rollback-journal mode, e.g. a kill
  while the file was being created) is rolled back: the file is opened
  read-write first, which is what SQLite needs to recover it. A read-only
  connection cannot, and would refuse the file forever.
- A file (or folder) that cannot be written is opened read-only: searching and
  listing work, writes raise "the store is read-only". In a read-only folder
  SQLite cannot create the ``-shm`` file a WAL-mode reader needs; the file is
  then read as immutable, which is exact as long as no ``-wal`` holds changes.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import TypeVar

from remem.errors import NotARememStoreError, SchemaTooNewError, StoreError
from remem.store.schema import APPLICATION_ID, LATEST_VERSION

_SQLITE_MAGIC = b"SQLite format 3\x00"
T = TypeVar("T")


def writable(path: Path) -> bool:
    """Whether a store at ``path`` can be written: the file (if it exists) and its
    folder (where SQLite keeps the ``-wal`` and ``-shm`` files)."""
    folder = path.parent if path.parent.exists() else _existing_parent(path)
    if not os.access(folder, os.W_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)


def _existing_parent(path: Path) -> Path:
    for parent in path.parents:
        if parent.exists():
            return parent
    return Path(".")


def _side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _nonempty(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def connect(path: Path, *, read_only: bool, timeout: float = 30.0) -> sqlite3.Connection:
    """A connection to ``path``: read-write (creating it), or read-only.

    Read-only: ``mode=ro``; when that fails because the folder cannot hold the
    ``-shm`` file, ``immutable=1`` if no ``-wal`` holds changes that would then be
    missed. A hot journal in a read-only file cannot be rolled back: refused with
    what to do."""
    if not read_only:
        # The store puts it behind its redaction choke point (store/redacting.py).
        return sqlite3.connect(
            str(path), isolation_level=None, check_same_thread=False, timeout=timeout
        )
    if _nonempty(_side(path, "-journal")):
        raise StoreError(
            f"{path} holds an interrupted write (a hot journal) and is read-only; "
            "make it writable once so it can be rolled back"
        )
    uri = path.resolve().as_uri()
    try:
        db = _probe(f"{uri}?mode=ro", timeout)
    except sqlite3.Error as exc:
        if _nonempty(_side(path, "-wal")):
            raise StoreError(
                f"cannot read {path} read-only: its -wal file holds changes that only a "
                f"writable folder lets SQLite read ({exc}); make the folder writable"
            ) from exc
        db = _probe(f"{uri}?mode=ro&immutable=1", timeout)
    return db


def _probe(uri: str, timeout: float) -> sqlite3.Connection:
    db = sqlite3.connect(
        uri, uri=True, isolation_level=None, check_same_thread=False, timeout=timeout
    )
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException:
        db.close()
        raise
    return db


def check_file(path: Path) -> None:
    """Refuse a file that is not a remem store, or is from a newer remem.

    Nothing is written, except that SQLite rolls back a hot journal (an
    interrupted write) when the file is writable, as any SQLite reader must."""
    if not path.exists():
        return
    if _nonempty(_side(path, "-journal")) and writable(path):
        # An interrupted write: the file's first page may not even be written yet.
        # SQLite rolls the journal back on the first read of a read-write connection.
        # (Or another connection is creating the file right now: its journal is not
        # hot, and SQLite may answer "locked" at once until it is done.)
        try:
            _locked_retry(path, lambda db: db.execute("PRAGMA schema_version").fetchone())
        except sqlite3.DatabaseError as exc:
            raise NotARememStoreError(f"{path} is not a remem store: {exc}") from exc
    if path.stat().st_size == 0:
        return
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc}") from exc
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise NotARememStoreError(
            f"{path} is not a remem store (not an SQLite database, or corrupt); "
            "point REMEM_HOME or --db at another file"
        )
    app_id = int.from_bytes(header[68:72], "big")
    version = int.from_bytes(header[60:64], "big")
    if app_id == 0:
        # No mark in the file's header. A store another connection just created may
        # still hold its mark in the WAL, or a hot journal may hold the file's real
        # first page: ask SQLite, which reads the WAL and rolls a hot journal back.
        # Otherwise only an empty database may become a store.
        # The three in one read transaction: another process creating the file commits
        # its mark and its tables together, and three reads of their own could see the
        # mark still unset, then the tables (a half-made store taken for a foreign one).
        try:
            app_id, version, tables = _locked_retry(path, _mark_and_tables)
        except sqlite3.DatabaseError as exc:
            raise NotARememStoreError(f"{path} is not a remem store: {exc}") from exc
        if app_id == 0 and tables:
            raise NotARememStoreError(f"{path} is an SQLite database of another program")
    if app_id not in (0, APPLICATION_ID):
        raise NotARememStoreError(f"{path} is an SQLite database of another program")
    if version > LATEST_VERSION:
        raise SchemaTooNewError(
            f"{path} has schema version {version}, newer than this remem supports "
            f"({LATEST_VERSION}); upgrade remem to open it"
        )


def _mark_and_tables(db: sqlite3.Connection) -> tuple[int, int, int]:
    """``(application_id, user_version, tables)`` of one snapshot of the file."""
    db.execute("BEGIN")
    try:
        return (
            db.execute("PRAGMA application_id").fetchone()[0],
            db.execute("PRAGMA user_version").fetchone()[0],
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0],
        )
    finally:
        db.execute("COMMIT")


def _locked_retry(path: Path, read: Callable[[sqlite3.Connection], T], timeout: float = 30.0) -> T:
    """``read`` on a new connection to ``path``, retried while SQLite says "locked"
    (it may, at once and without its busy handler, while another connection is
    creating the file); past ``timeout`` the store is busy, not foreign."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with closing(connect(path, read_only=not writable(path))) as db:
                return read(db)
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            if time.monotonic() > deadline:
                raise StoreError(f"{path} stays locked by another process; retry") from exc
        time.sleep(0.01)


def enable_wal(db: sqlite3.Connection, timeout: float = 30.0) -> None:
    """Switch the file to WAL mode.

    While other connections are creating the same new file, SQLite can answer
    "database is locked" at once, without calling the busy handler, so retry.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
        time.sleep(0.01)
