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

import numpy as np
import numpy.typing as npt

from remem.errors import NotARememStoreError, SchemaTooNewError, StoreError, ValidationError
from remem.model import (
    AuditEvent,
    MemoryRecord,
    Page,
    Resource,
    Scope,
    utcnow,
)
from remem.secrets import redact
from remem.store.ann import AnnSettings
from remem.store.base import ListFilter
from remem.store.codec import (
    DECODE_ERRORS,
    MEMORY_COLUMNS,
    content_hash,
    dumps,
    memory_to_row,
    resource_to_row,
    row_to_audit,
    row_to_resource,
    rows_to_memories,
    ts,
)
from remem.store.lexical import LexicalIndex
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
from remem.store.sqlite_open import check_file, connect, enable_wal, writable
from remem.store.sqlite_pending import PendingTablesMixin
from remem.store.sqlite_triggers import TriggerTablesMixin
from remem.store.sqlite_vectors import VectorTablesMixin
from remem.store.sqlwhere import filter_sql, scope_sql
from remem.store.vectors import VectorIndex

log = logging.getLogger(__name__)
T = TypeVar("T")

_MAX_INT = 2**63 - 1  # SQLite's largest integer
_INSERT_MEMORY = (
    f"INSERT INTO memories ({', '.join((*MEMORY_COLUMNS, 'content_hash'))}) "
    f"VALUES ({', '.join(':' + c for c in (*MEMORY_COLUMNS, 'content_hash'))})"
)
# Usage counters have their own atomic increments (record_access, add_references,
# mark_surfaced): a full-row update from a record read earlier must not undo one
# made meanwhile by a search in another process.
# The learned signals (echo/fizzle priority, outcome trust and counts) have theirs
# too (adjust_scores).
_COUNTERS = (
    "access_count", "last_accessed_at", "reference_count", "last_referenced_at", "surface_count",
    "retrieval_priority", "trust_score", "success_count", "failure_count",
)  # fmt: skip
_MUTABLE = tuple(c for c in MEMORY_COLUMNS if c not in ("id", "content", "created_at", *_COUNTERS))
_UPDATE_MEMORY = f"UPDATE memories SET {', '.join(f'{c} = :{c}' for c in _MUTABLE)} WHERE id = :id"
_CORRUPT_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB


@translate_errors
class SQLiteStore(
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
                file.parent.mkdir(parents=True, exist_ok=True)
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

    # -- resources ----------------------------------------------------------------
    def append_resource(self, resource: Resource) -> None:
        row = resource_to_row(resource)
        with self.transaction():
            self._db.execute(
                f"INSERT INTO resources ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                list(row.values()),
            )

    def get_resource(self, resource_id: str, scope: Scope) -> Resource | None:
        where, params = scope_sql(scope)
        rows = self._query(f"SELECT * FROM resources WHERE id = ?{where}", [resource_id, *params])
        return next(self._decoded(rows, row_to_resource, "resource"), None)

    def iter_resources(self, scope: Scope | None = None) -> Iterator[Resource]:
        where, params = scope_sql(scope) if scope else ("", [])
        rows = self._query(f"SELECT * FROM resources WHERE 1{where} ORDER BY rowid", params)
        yield from self._decoded(rows, row_to_resource, "resource")

    def known_resources(self, content_hashes: Sequence[str], scope: Scope) -> set[str]:
        where, params = scope_sql(scope)
        found: set[str] = set()
        wanted = list(dict.fromkeys(content_hashes))
        for start in range(0, len(wanted), 500):  # under SQLite's bound-variable limit
            part = wanted[start : start + 500]
            rows = self._query(
                f"SELECT content_hash FROM resources WHERE content_hash IN "
                f"({', '.join('?' * len(part))}){where}",
                [*part, *params],
            )
            found.update(r[0] for r in rows)
        return found

    # -- memories -----------------------------------------------------------------
    def insert_memories(
        self,
        records: Sequence[MemoryRecord],
        *,
        vectors: npt.NDArray[np.float32] | None,
        model_id: str | None,
        events: Sequence[AuditEvent] = (),
    ) -> None:
        if vectors is not None and len(vectors) != len(records):
            raise ValueError("one vector per record")
        with self.transaction():
            for i, record in enumerate(records):
                row = memory_to_row(record)
                cur = self._db.execute(_INSERT_MEMORY, row)
                if row["content"] != record.content:
                    self._note_redacted(record.id)
                    continue  # no vector of the unredacted text; reembed() makes one
                if vectors is not None and model_id is not None:
                    vec = np.ascontiguousarray(vectors[i], dtype=np.float32)
                    self._db.execute(
                        "INSERT INTO vectors VALUES (?, ?, ?, ?)",
                        (cur.lastrowid, model_id, vec.shape[0], vec.tobytes()),
                    )
            self.add_events(events)

    def update_memory(self, record: MemoryRecord, *, event: AuditEvent | None = None) -> None:
        row = memory_to_row(record)
        with self.transaction():
            old = self._db.execute(
                "SELECT status, content_hash, tags, entities, user_id, agent_id, namespace "
                "FROM memories WHERE id = ?",
                (record.id,),
            ).fetchone()
            if old is None:
                raise ValidationError(f"no memory {record.id}")
            if old["content_hash"] not in (row["content_hash"], content_hash(record.content)):
                # (the second: a row stored before the detector knew its secret's form)
                raise ValidationError("content is immutable: make a new version with update()")
            self._db.execute(_UPDATE_MEMORY, {c: row[c] for c in (*_MUTABLE, "id")})
            if old["status"] != row["status"]:
                self._bump("status_epoch")
            if any(
                old[c] != row[c] for c in ("tags", "entities", "user_id", "agent_id", "namespace")
            ):
                self._bump("text_epoch")  # the BM25 index analysed the old text and scope
            if event is not None:
                self.add_events([event])

    def get_memory(self, memory_id: str, scope: Scope) -> MemoryRecord | None:
        found = self.get_memories([memory_id], scope)
        return found[0] if found else None

    def get_memories(self, memory_ids: Sequence[str], scope: Scope) -> list[MemoryRecord]:
        if not memory_ids:
            return []
        where, params = scope_sql(scope, "m")
        # "+col" keeps SQLite on the key lookups: the scope indexes would scan the scope.
        where = where.replace(" AND ", " AND +")
        rows = self._rows_for_ids(
            f"SELECT m.id, m.* FROM memories m WHERE 1{where}", params, memory_ids
        )
        by_id = {m.id: m for m in rows_to_memories(rows, skip=self._skip_row)}
        return [by_id[i] for i in memory_ids if i in by_id]

    def ids_with_prefix(self, prefix: str, scope: Scope, *, limit: int) -> tuple[list[str], int]:
        where, params = scope_sql(scope)
        # A range on the id index, then the scope ("+col": not the scope index's scan).
        rows = self._query(
            "SELECT id, count(*) OVER () FROM memories WHERE id >= ? AND id < ?"
            f"{where.replace(' AND ', ' AND +')} ORDER BY id LIMIT ?",
            [prefix, prefix + "\U0010ffff", *params, limit],
        )
        return [r[0] for r in rows], (rows[0][1] if rows else 0)

    def find_by_hash(self, content: str, scope: Scope) -> MemoryRecord | None:
        where, params = scope_sql(scope)
        rows = self._query(
            f"SELECT * FROM memories WHERE content_hash = ? AND status = 'active'{where} "
            "ORDER BY seq DESC LIMIT 1",
            [content_hash(redact(content)), *params],
        )
        found = rows_to_memories(rows, skip=self._skip_row)
        return found[0] if found else None

    def list_memories(
        self, scope: Scope, *, filters: ListFilter | None = None, offset: int = 0, limit: int = 50
    ) -> Page:
        if not 0 <= offset <= _MAX_INT or not 0 <= limit <= _MAX_INT:
            raise ValidationError("offset and limit must be between 0 and 2**63 - 1")
        where, params = scope_sql(scope)
        fwhere, fparams = filter_sql(filters)
        total = self._query(
            f"SELECT count(*) FROM memories WHERE 1{where}{fwhere}", params + fparams
        )
        rows = self._query(
            f"SELECT * FROM memories WHERE 1{where}{fwhere} ORDER BY seq DESC LIMIT ? OFFSET ?",
            [*params, *fparams, limit, offset],
        )
        items = rows_to_memories(rows, skip=self._skip_row)
        return Page(items=items, total=total[0][0], offset=offset, limit=limit)

    def iter_memories(self, scope: Scope | None = None) -> Iterator[MemoryRecord]:
        where, params = scope_sql(scope) if scope else ("", [])
        rows = self._query(f"SELECT * FROM memories WHERE 1{where} ORDER BY seq", params)
        yield from rows_to_memories(rows, skip=self._skip_row)

    # -- audit --------------------------------------------------------------------
    def add_events(self, events: Sequence[AuditEvent]) -> None:
        if not events:
            return
        with self.transaction():
            self._db.executemany(
                "INSERT INTO audit (id, memory_id, event, at, actor, detail) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(e.id, e.memory_id, e.event, ts(e.at), e.actor, dumps(e.detail)) for e in events],
            )

    def mark_surfaced(
        self, memory_ids: Sequence[str], *, events: Sequence[AuditEvent] = ()
    ) -> None:
        if self.read_only:
            return  # bookkeeping of a read: a read-only store is still searched
        ids = list(dict.fromkeys(memory_ids))
        with self.transaction():
            for start in range(0, len(ids), 900):  # under SQLite's bound-variable limit
                chunk = ids[start : start + 900]
                self._db.execute(
                    "UPDATE memories SET surface_count = surface_count + 1 "
                    f"WHERE id IN ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            self.add_events(events)

    def history(self, memory_id: str) -> list[AuditEvent]:
        rows = self._query("SELECT * FROM audit WHERE memory_id = ? ORDER BY id", [memory_id])
        return list(self._decoded(rows, row_to_audit, "audit event"))

    def iter_events(self) -> Iterator[AuditEvent]:
        rows = self._query("SELECT * FROM audit ORDER BY id")
        yield from self._decoded(rows, row_to_audit, "audit event")

    def event_counts(self, event: str, key: str) -> dict[str, int]:
        """Counts of ``event`` audit rows grouped by ``detail[key]`` (e.g. gate reasons)."""
        rows = self._query(
            "SELECT json_extract(detail, '$.' || ?) AS k, count(*) FROM audit "
            "WHERE event = ? GROUP BY k ORDER BY 2 DESC",
            [key, event],
        )
        return {str(r[0]): r[1] for r in rows}

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
