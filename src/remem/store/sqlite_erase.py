"""Erase for :class:`remem.store.sqlite.SQLiteStore`: unreachable at once, gone
from disk as soon as SQLite allows.

One transaction deletes every row of the subject (memories, vectors, token
vectors, audit events, entities, resources, checkpoints, and every version of a
category summary in the scope or built from its memories), merges the FTS5
index (``optimize``: the deleted rows' terms leave its pages), writes a
tombstone without content (an HMAC of each subject id with the store's own
random key) and sets the ``erase_pending`` mark in ``meta``. The connection
runs with ``secure_delete``: deleted cells and freed pages are zeroed. After
the commit:

1. the cache files beside the database (``<db>.bm25``, ``<db>.hnsw-*`` and temp
   files of either) are deleted: they hold the erased memories' words and vectors
   (a mark set by a purge, which does not merge the FTS5 index in its own
   transaction, has the merge done here first);
2. a ``wal_checkpoint(TRUNCATE)`` copies the WAL into the file and empties it,
   so no old page survives in the WAL or the database file;
3. the mark is cleared.

A reader holding a read transaction from before the erase keeps old pages
alive: step 2 cannot finish while it reads. The mark then stays, the report
says how many readers hold old pages, and every later open of the store (and
the close of this one) resumes from step 1 without waiting. A crash anywhere
after the commit leaves the mark too, so the next open finishes the job.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
import struct
import sys
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from remem.errors import StoreError
from remem.model import AuditEvent, EraseReport, Scope, utcnow
from remem.store import sidefiles
from remem.store.codec import ts
from remem.store.sqlite_errors import read_only_error
from remem.store.sqlwhere import json_col, scope_sql

log = logging.getLogger(__name__)

PENDING = "erase_pending"  # meta key: an erase committed whose cleanup is not finished
KEY = "erase_key"  # meta key: the store's random HMAC key for tombstones


class EraseMixin:
    """``erase`` and the cleanup that finishes it (see the module docstring)."""

    path: str
    read_only: bool
    erase_wait_ms: int
    _db: sqlite3.Connection
    _lock: threading.RLock
    _depth: int
    _erase_unfinished: bool
    transaction: Callable[[], AbstractContextManager[None]]
    erase_agent_state: Callable[[str, Sequence[Any]], tuple[int, int]]  # AgentTablesMixin

    def _bump(self, key: str) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def add_events(self, events: Sequence[AuditEvent]) -> None:
        raise NotImplementedError  # provided by SQLiteStore

    def erase(self, scope: Scope, *, actor: str | None = None) -> EraseReport:
        scope_sql(scope)  # refuses an empty scope: erase_all is the explicit "everything"
        return self._erase(scope, actor=actor)

    def erase_all(self, *, actor: str | None = None) -> EraseReport:
        """Erase every subject of the store at once (``Memory.reset``), as one erase."""
        return self._erase(None, actor=actor)

    def _erase(self, scope: Scope | None, *, actor: str | None) -> EraseReport:
        if self.read_only:
            raise read_only_error(self.path)
        where, params = scope_sql(scope) if scope is not None else ("", [])
        mwhere = scope_sql(scope, "m")[0] if scope is not None else ""
        with self.transaction():
            db = self._db
            ids = [r[0] for r in db.execute(f"SELECT id FROM memories WHERE 1{where}", params)]
            resource_ids = [
                r[0] for r in db.execute(f"SELECT id FROM resources WHERE 1{where}", params)
            ]
            vectors = db.execute(
                f"DELETE FROM vectors WHERE memory_seq IN (SELECT seq FROM memories WHERE 1{where})",
                params,
            ).rowcount
            db.execute(
                "DELETE FROM token_vectors WHERE memory_seq IN "
                f"(SELECT seq FROM memories WHERE 1{where})",
                params,
            )
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                db.execute(
                    f"DELETE FROM audit WHERE memory_id IN ({', '.join('?' * len(chunk))})", chunk
                )
            # Events about no memory that name an erased input (a rejected fact quotes
            # what the gate caught in it).
            for start in range(0, len(resource_ids), 500):
                chunk = resource_ids[start : start + 500]
                db.execute(
                    "DELETE FROM audit WHERE memory_id IS NULL AND "
                    f"json_extract({json_col('detail')}, '$.resource') "
                    f"IN ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            # Every version of a summary in the scope, or built from one of its memories
            # (a summary of a wider scope lists them too).
            summaries = db.execute(
                f"DELETE FROM summaries WHERE (1{where}) OR EXISTS (SELECT 1 FROM "
                "json_each(summaries.sources) j JOIN memories m ON m.id = j.value "
                f"WHERE 1{mwhere})",
                params + params,
            ).rowcount
            memories = db.execute(f"DELETE FROM memories WHERE 1{where}", params).rowcount
            db.execute(f"DELETE FROM entities WHERE 1{where}", params)
            db.execute("INSERT INTO erase_guard VALUES ('erase')")
            resources = db.execute(f"DELETE FROM resources WHERE 1{where}", params).rowcount
            db.execute("DELETE FROM erase_guard")
            checkpoints = db.execute(f"DELETE FROM checkpoints WHERE 1{where}", params).rowcount
            triggers = db.execute(f"DELETE FROM triggers WHERE 1{where}", params).rowcount
            sessions, working = self.erase_agent_state(where, params)
            key = self._erase_key()
            named = (
                ()
                if scope is None
                else (
                    ("user_id", scope.user_id),
                    ("agent_id", scope.agent_id),
                    ("namespace", scope.namespace),
                )
            )
            subject: dict[str, Any] = {
                f"{name}_hmac": hmac.new(key, value.encode(), hashlib.sha256).hexdigest()
                for name, value in named
                if value is not None
            } or {"everything": True}  # erase_all
            counts = {
                "memories": memories,
                "resources": resources,
                "checkpoints": checkpoints,
                "vectors": vectors,
                "summaries": summaries,
                "triggers": triggers,
                "sessions": sessions,
                "working": working,
            }
            self.add_events(
                [
                    AuditEvent(
                        event="erased",
                        memory_id=None,
                        actor=actor,
                        detail={"subject": subject, **counts},
                    )
                ]
            )
            self._bump("vector_epoch")  # in-process indexes and cache files are stale
            self._bump("text_epoch")
            # Merge the FTS5 segments in this same transaction: the deleted rows' terms
            # leave the index pages before anything can see the commit (a crash right
            # after it leaves no term in the index, only old pages the mark cleans up).
            db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                (PENDING, json.dumps({"at": ts(utcnow()), "fts_merged": True})),
            )
        log.info("erase committed (%d memories); finishing on disk", memories)
        try:
            done, readers = self.finish_erase()
        except StoreError as exc:  # committed: the mark makes the next open finish it
            log.warning(
                "erase of %s committed, cleanup failed (%s); retried on open", self.path, exc
            )
            done, readers = False, 0
        self._erase_unfinished = not done
        return EraseReport(**counts, pending=not done, readers=readers)

    def _erase_key(self) -> bytes:
        """The store's HMAC key for tombstones: random, made once, kept in ``meta``."""
        self._db.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (KEY, secrets.token_hex(32))
        )
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (KEY,)).fetchone()
        return bytes.fromhex(row[0])

    def erase_pending(self) -> bool:
        """Whether an erase (or a purge) committed but its on-disk cleanup is not finished."""
        return self._pending_mark() is not None

    def _pending_mark(self) -> dict[str, Any] | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (PENDING,)).fetchone()
        if row is None:
            return None
        try:
            mark = json.loads(row[0])
        except ValueError:
            mark = None
        return mark if isinstance(mark, dict) else {}

    def finish_erase(self, *, wait_ms: int | None = None) -> tuple[bool, int]:
        """Finish a pending erase (see the module docstring), waiting up to ``wait_ms``
        (default ``erase_wait_ms``) for readers. Returns whether it is finished and,
        if not, how many other processes' readers hold old pages (0 when unknown, or
        when this connection is inside a transaction)."""
        with self._lock:
            mark = self._pending_mark()
            if self.read_only or self._depth or mark is None:
                return mark is None, 0
            sidefiles.remove(sidefiles.cache_files(self.path))
            if not mark.get("fts_merged"):
                # A mark set without the merge (a purge): merge the FTS5 segments now,
                # so the deleted rows' terms leave the index pages, and note it.
                with self.transaction():
                    self._db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
                    self._db.execute(
                        "UPDATE meta SET value = ? WHERE key = ?",
                        (json.dumps({**mark, "fts_merged": True}), PENDING),
                    )
            if not self._checkpoint(self.erase_wait_ms if wait_ms is None else wait_ms):
                readers = wal_readers(self.path)
                log.info(
                    "erase of %s not finished on disk: %s still hold old pages; "
                    "finished on the next open",
                    self.path,
                    f"{readers} reader(s)" if readers else "other connections",
                )
                return False, readers
            with self.transaction():
                self._db.execute("DELETE FROM meta WHERE key = ?", (PENDING,))
            self._erase_unfinished = False
            self._checkpoint(0)  # the mark's own removal: nothing erased is left to fold
            return True, 0

    def fold_wal(self) -> bool:
        """Copy the WAL into the store file and empty it, waiting for no reader (a
        reader keeps its frames): whether it was emptied. After it, closing the last
        connection writes neither file (:mod:`remem.integrations.start_block`)."""
        with self._lock:
            if self.read_only or self._depth:
                return False
            return self._checkpoint(0)

    def _checkpoint(self, wait_ms: int) -> bool:
        """``wal_checkpoint(TRUNCATE)``, waiting at most ``wait_ms`` for readers: whether
        every WAL frame reached the file and the WAL was emptied."""
        self._db.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
        try:
            busy, log_frames, done = self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            self._db.execute("PRAGMA busy_timeout = 30000")
        return busy == 0 and log_frames == done

    def clean_on_open(self) -> list[str]:
        """What opening repaired: a pending erase finished, orphaned temp files removed."""
        repaired = []
        if not self.read_only:
            if self.erase_pending():
                try:
                    # no waiting: an open must not stall behind a long reader
                    done, _ = self.finish_erase(wait_ms=0)
                except StoreError as exc:  # e.g. a damaged page: let doctor see the store
                    log.warning("could not finish the pending erase of %s: %s", self.path, exc)
                    done = False
                repaired.append("finished a pending erase" if done else "erase still pending")
            orphans = sidefiles.orphaned_temp_files(self.path)
            if orphans:
                left = sidefiles.remove(orphans)
                repaired.append(f"removed {len(orphans) - len(left)} orphaned temp file(s)")
        return repaired


# -- who still reads old pages --------------------------------------------------
_WAL_READ_LOCKS = range(123, 128)  # the -shm bytes SQLite's WAL readers lock (5 slots)
_FLOCK = "hhqqi4x"  # struct flock on 64-bit Linux: type, whence, start, len, pid
_PROBES: dict[str, int] = {}  # -shm path -> a descriptor kept open (see wal_readers)
_PROBES_LOCK = threading.Lock()


def wal_readers(db_path: str) -> int:
    """How many other processes hold a WAL read lock on ``db_path`` (at least: two
    readers of one snapshot share a lock slot); 0 when it cannot be told (not Linux).

    The descriptor on the ``-shm`` file stays open: closing any descriptor of a
    file drops every POSIX lock this process holds on it, SQLite's included."""
    if sys.platform != "linux" or struct.calcsize("P") != 8:
        return 0
    import fcntl

    shm = f"{db_path}-shm"
    with _PROBES_LOCK:
        try:
            inode = os.stat(shm).st_ino
            fd = _PROBES.get(shm)
            if fd is not None and os.fstat(fd).st_ino != inode:
                # SQLite deleted and re-made the file: nothing of it locks the old one
                os.close(fd)
                fd = None
            if fd is None:
                fd = _PROBES[shm] = os.open(shm, os.O_RDONLY)
            held = 0
            for start in _WAL_READ_LOCKS:
                ask = struct.pack(_FLOCK, fcntl.F_WRLCK, os.SEEK_SET, start, 1, 0)
                answer: Any = struct.unpack(_FLOCK, fcntl.fcntl(fd, fcntl.F_GETLK, ask))
                held += answer[0] != fcntl.F_UNLCK
            return held
        except OSError:
            return 0
