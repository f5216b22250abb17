"""The default store: one SQLite file in WAL mode, FTS5 for BM25, a cached vector matrix.

Opening checks the file before touching it (:mod:`remem.store.sqlite_open`): a
file that is not SQLite, belongs to another program, or was written by a newer
remem is refused and left as it was; a file that cannot be written is opened
read-only. One process writes at a time (``BEGIN IMMEDIATE`` with a busy
timeout), so concurrent writers queue instead of losing writes; readers never
block. Every public method raises remem errors only
(:mod:`remem.store.sqlite_errors`); a row that cannot be decoded is skipped
with a warning (``remem doctor`` lists them).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, TypeVar

from remem.errors import NotARememStoreError, SchemaTooNewError, StoreError
from remem.files import create_private, private_dir
from remem.model import Scope, utcnow
from remem.store.ann import AnnSettings
from remem.store.codec import DECODE_ERRORS, ts
from remem.store.lexical import LexicalIndex
from remem.store.redacting import redacted_writes
from remem.store.schema import APPLICATION_ID, LATEST_VERSION, MIGRATIONS
from remem.store.sqlite_agent import AgentTablesMixin
from remem.store.sqlite_consolidate import ConsolidationMixin
from remem.store.sqlite_doctor import DoctorMixin
from remem.store.sqlite_erase import EraseMixin
from remem.store.sqlite_errors import read_only_error, translate, translate_errors, translated
from remem.store.sqlite_extra import WriteTablesMixin
from remem.store.sqlite_hybrid import HybridMixin
from remem.store.sqlite_jobs import JobTablesMixin
from remem.store.sqlite_keys import KeyTablesMixin
from remem.store.sqlite_lexical import LexicalMixin
from remem.store.sqlite_lifecycle import BUSY_TIMEOUT_MS, LifecycleTablesMixin
from remem.store.sqlite_memories import MemoryTablesMixin
from remem.store.sqlite_open import check_file, connect, enable_wal, writable
from remem.store.sqlite_pending import PendingTablesMixin
from remem.store.sqlite_triggers import TriggerTablesMixin
from remem.store.sqlite_vectors import VectorTablesMixin
from remem.store.sqlite_working import WorkingTablesMixin
from remem.store.sqlwhere import scope_sql
from remem.store.vectors import VectorIndex

log = logging.getLogger(__name__)
T = TypeVar("T")

_CORRUPT_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB


@translate_errors
class SQLiteStore(
    MemoryTablesMixin,  # first: the other mixins declare add_events as a stub
    EraseMixin,
    DoctorMixin,
    VectorTablesMixin,
    WriteTablesMixin,
    LexicalMixin,
    HybridMixin,
    LifecycleTablesMixin,
    JobTablesMixin,
    ConsolidationMixin,
    TriggerTablesMixin,
    AgentTablesMixin,
    WorkingTablesMixin,
    KeyTablesMixin,
    PendingTablesMixin,
):
    """A remem store in one SQLite file."""

    def __init__(
        self,
        path: str | Path,
        *,
        ann: AnnSettings | None = None,
        lexical: bool = True,
        lexical_persist: bool = True,
        mmap_bytes: int = 0,
        erase_wait_ms: int = 2000,
    ) -> None:
        self.path = str(path)
        file = Path(path)
        with translated(self.path):
            check_file(file)
            self.read_only = not writable(file)  # searches work; writes raise StoreError
            if not self.read_only:
                # 0700 / 0600 whatever the umask: SQLite gives the -wal, -shm and
                # -journal files the database file's own mode (remem/files.py)
                private_dir(file.parent)
                create_private(file)
        self._init_state(
            ann=ann, lexical=lexical, lexical_persist=lexical_persist, erase_wait_ms=erase_wait_ms
        )
        try:
            self._db = connect(file, read_only=self.read_only)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {self.path}: {exc}") from exc
        self._db.row_factory = sqlite3.Row
        self._db.set_trace_callback(self._count_statement)
        try:
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if not self.read_only:
                enable_wal(self._db)
                self._db.execute("PRAGMA synchronous = FULL")  # an acknowledged write survives
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA secure_delete = ON")  # erased content is zeroed on disk
            self._db.execute(f"PRAGMA mmap_size = {int(mmap_bytes)}")
            self._migrate()
            # finish an erase a reader or a crash interrupted; drop orphaned temp files
            self.repaired = self.clean_on_open()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
            if isinstance(exc, sqlite3.OperationalError) and code not in _CORRUPT_CODES:
                raise (translate(exc, self.path) or StoreError(str(exc))) from exc
            raise NotARememStoreError(
                f"{self.path} is not a usable remem store: {exc} (run `remem doctor --db "
                f"{self.path}` for details)"
            ) from exc
        except BaseException:
            self._db.close()  # e.g. SchemaTooNewError: do not keep the refused file open
            raise

    def _init_state(
        self, *, ann: AnnSettings | None, lexical: bool, lexical_persist: bool, erase_wait_ms: int
    ) -> None:
        """The in-process state of a store handle (caches, counters), before it connects;
        shared with :class:`remem.store.postgres.PostgresStore`."""
        self.ann = ann  # None: exact vector search only
        self.erase_wait_ms = erase_wait_ms  # how long an erase waits for readers to leave
        self._lock = threading.RLock()
        self._depth = 0
        self._rollbacks = 0
        self._token_states: dict[tuple[Any, ...], tuple[str, int, str]] = {}
        self._seq_of: dict[str, int] = {}
        # Memories whose text the store had to redact itself: vectors handed in with
        # them were computed from the unredacted text, so they are not kept.
        self._redacted_ids: set[str] = set()
        self.lexical = lexical  # BM25 from the in-process index; False: FTS5 scores it
        self._lexical: LexicalIndex | None = None
        self._lexical_epochs: tuple[str, str] = ("", "")
        self.lexical_persist = lexical_persist  # save the BM25 index beside the file
        self._indexes: dict[str, VectorIndex] = {}
        self._epochs: dict[str, tuple[str, str]] = {}
        self._undecodable: set[str] = set()  # ids of rows skipped (warned about once)
        self._erase_unfinished = False  # retried on close
        self._statements = 0  # statements run on this handle (cost accounting)

    # -- plumbing -----------------------------------------------------------------
    @property
    def _db(self) -> sqlite3.Connection:
        """The database, behind the store's redaction choke point: every write's text
        parameters are scrubbed (:mod:`remem.store.redacting`), whatever the backend."""
        return self._conn

    @_db.setter
    def _db(self, connection: sqlite3.Connection) -> None:
        # The one way a backend hands the store its connection: wrapped, always.
        self._conn: sqlite3.Connection = redacted_writes(connection)

    def close(self) -> None:
        with self._lock:
            if self._erase_unfinished and not self._depth:
                try:
                    self.finish_erase(wait_ms=0)  # a reader may have left meanwhile
                except StoreError as exc:
                    log.warning("erase cleanup on close failed: %s", exc)
            self._db.close()

    @contextmanager
    def transaction(self, *, sync: bool = True) -> Iterator[None]:
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            if self.read_only:
                raise read_only_error(self.path)
            with nullcontext() if sync else self._unsynced():
                try:
                    self._db.execute("BEGIN IMMEDIATE")
                except sqlite3.Error as exc:
                    raise StoreError(f"cannot start a write on {self.path}: {exc}") from exc
                self._depth = 1
                try:
                    yield
                except BaseException:
                    self._rollback()
                    raise
                else:
                    try:
                        self._db.execute("COMMIT")
                    except sqlite3.Error as exc:
                        self._rollback()
                        raise (translate(exc, self.path) or StoreError(str(exc))) from exc
                finally:
                    self._depth = 0

    @contextmanager
    def _unsynced(self) -> Iterator[None]:
        """Commits in this block are written to the WAL (a crash of this process loses
        nothing) but not synced (``synchronous = NORMAL``); the next FULL commit's sync
        of the WAL makes them durable with its own frames. FULL again after."""
        self._db.execute("PRAGMA synchronous = NORMAL")
        try:
            yield
        finally:
            self._db.execute("PRAGMA synchronous = FULL")

    def _count_statement(self, _sql: str) -> None:
        self._statements += 1

    def _rollback(self) -> None:
        # SQLite rolls back by itself on some errors (a full disk, an I/O error):
        # a second ROLLBACK would raise and hide the first error.
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error as exc:
                log.warning("rollback of %s failed: %s", self.path, exc)
        # The vector cache may hold rows of the rolled-back writes, whose seqs
        # SQLite can hand out again: drop it so the next search reloads.
        self._indexes.clear()
        self._epochs.clear()
        self._rollbacks += 1  # token-vector versions must change too
        self._seq_of.clear()
        self._lexical = None

    def _skip_row(self, memory_id: Any, exc: Exception, kind: str = "memory") -> None:
        """A row that cannot be decoded: skipped, warned about once per store handle."""
        key = f"{kind} {memory_id}"
        if key not in self._undecodable:
            self._undecodable.add(key)
            log.warning(
                "%s in %s cannot be read (%s: %s); skipped — run `remem doctor`",
                key,
                self.path,
                type(exc).__name__,
                exc,
            )

    def _decoded(
        self, rows: Sequence[sqlite3.Row], decode: Callable[[sqlite3.Row], T], kind: str
    ) -> Iterator[T]:
        """``decode`` of each row; a row that cannot be decoded is skipped (see
        :meth:`_skip_row`), so one damaged row never breaks a listing or an export."""
        for row in rows:
            try:
                yield decode(row)
            except DECODE_ERRORS as exc:
                self._skip_row(row[0], exc, kind)

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > LATEST_VERSION:
            raise SchemaTooNewError(
                f"{self.path} has schema version {version}, newer than this remem supports"
            )
        if self.read_only and version < LATEST_VERSION:
            raise StoreError(
                f"the store is read-only and needs its schema upgraded (version {version} to "
                f"{LATEST_VERSION}): open it once with write permission"
            )
        for migration in MIGRATIONS:
            if migration.version <= version:
                continue
            with self.transaction():
                # Another process opening the same new file may have applied it meanwhile.
                if self._db.execute("PRAGMA user_version").fetchone()[0] >= migration.version:
                    continue
                if migration.version == 1:
                    self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    self._db.execute(
                        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
                        "name TEXT NOT NULL, applied_at TEXT NOT NULL)"
                    )
                migration.apply(self._db)
                self._db.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?)",
                    (migration.version, migration.name, ts(utcnow())),
                )
                self._db.execute(f"PRAGMA user_version = {migration.version}")

    def migrations(self) -> list[tuple[int, str, str]]:
        rows = self._query("SELECT version, name, applied_at FROM schema_migrations ORDER BY 1")
        return [(r[0], r[1], r[2]) for r in rows]

    def _bump(self, key: str) -> None:
        self._db.execute(
            "INSERT INTO meta(key, value) VALUES (?, '1') ON CONFLICT(key) "
            "DO UPDATE SET value = CAST(meta.value AS INTEGER) + 1",
            (key,),
        )

    def _note_redacted(self, memory_id: str) -> None:
        if len(self._redacted_ids) > 100_000:
            self._redacted_ids.clear()
        self._redacted_ids.add(memory_id)

    # -- misc ---------------------------------------------------------------------
    def stats(self, scope: Scope | None = None) -> dict[str, Any]:
        where, params = scope_sql(scope) if scope else ("", [])

        def grouped(column: str) -> dict[str, int]:
            rows = self._query(
                f"SELECT {column}, count(*) FROM memories WHERE 1{where} GROUP BY 1 ORDER BY 2 DESC",
                params,
            )
            return {str(r[0]): r[1] for r in rows}

        resources = self._query(f"SELECT count(*) FROM resources WHERE 1{where}", params)[0][0]
        return {
            "path": self.path,
            "memories": sum(grouped("status").values()),
            "by_status": grouped("status"),
            "by_kind": grouped("kind"),
            "by_category": grouped("category"),
            "resources": resources,
            "vectors": self.vector_models(),
            "token_vectors": {
                r[0]: {"count": r[1], "bytes": r[2]}
                for r in self._query(
                    "SELECT model_id, count(*), "
                    "sum(length(token_ids) + length(vectors) + length(scales)) "
                    "FROM token_vectors GROUP BY model_id"
                )
            },
            "audit_events": self._query("SELECT count(*) FROM audit")[0][0],
            "schema_version": self._query("PRAGMA user_version")[0][0],
            "file_bytes": Path(self.path).stat().st_size if Path(self.path).exists() else 0,
        }
