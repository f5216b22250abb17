"""The default store: one SQLite file in WAL mode, FTS5 for BM25, a cached vector matrix.

Opening checks the file before touching it: a file that is not SQLite, belongs
to another program, or was written by a newer remem is refused and left as it
was. One process writes at a time (``BEGIN IMMEDIATE`` with a busy timeout), so
concurrent writers queue instead of losing writes; readers never block.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from remem.errors import NotARememStoreError, SchemaTooNewError, StoreError, ValidationError
from remem.model import (
    AuditEvent,
    EraseReport,
    MemoryRecord,
    Page,
    Resource,
    Scope,
    utcnow,
)
from remem.store.ann import AnnSettings, remove_ann_files
from remem.store.base import ListFilter
from remem.store.codec import (
    MEMORY_COLUMNS,
    content_hash,
    dumps,
    memory_to_row,
    resource_to_row,
    row_to_audit,
    row_to_memory,
    row_to_resource,
    rows_to_memories,
    ts,
)
from remem.store.lexical import LexicalIndex
from remem.store.lexical_file import lexical_path
from remem.store.schema import APPLICATION_ID, LATEST_VERSION, MIGRATIONS
from remem.store.sqlite_extra import WriteTablesMixin
from remem.store.sqlite_hybrid import HybridMixin
from remem.store.sqlite_lexical import LexicalMixin
from remem.store.sqlite_vectors import VectorTablesMixin
from remem.store.sqlwhere import filter_sql, scope_sql
from remem.store.vectors import VectorIndex

_SQLITE_MAGIC = b"SQLite format 3\x00"
_INSERT_MEMORY = (
    f"INSERT INTO memories ({', '.join((*MEMORY_COLUMNS, 'content_hash'))}) "
    f"VALUES ({', '.join(':' + c for c in (*MEMORY_COLUMNS, 'content_hash'))})"
)
_MUTABLE = tuple(c for c in MEMORY_COLUMNS if c not in ("id", "content", "created_at"))
_UPDATE_MEMORY = f"UPDATE memories SET {', '.join(f'{c} = :{c}' for c in _MUTABLE)} WHERE id = :id"


def check_file(path: Path) -> None:
    """Refuse a file that is not a remem store, or is from a newer remem, without writing."""
    if not path.exists() or path.stat().st_size == 0:
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
        # still hold its mark in the WAL, so ask SQLite (read-only, which sees the WAL).
        # Otherwise only an empty database may become a store.
        uri = f"{path.resolve().as_uri()}?mode=ro"
        try:
            with closing(sqlite3.connect(uri, uri=True)) as db:
                app_id = db.execute("PRAGMA application_id").fetchone()[0]
                version = db.execute("PRAGMA user_version").fetchone()[0]
                tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
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


def _enable_wal(db: sqlite3.Connection, timeout: float = 30.0) -> None:
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


class SQLiteStore(VectorTablesMixin, WriteTablesMixin, LexicalMixin, HybridMixin):
    """A remem store in one SQLite file."""

    def __init__(
        self,
        path: str | Path,
        *,
        ann: AnnSettings | None = None,
        lexical: bool = True,
        lexical_persist: bool = True,
        mmap_bytes: int = 0,
    ) -> None:
        self.path = str(path)
        self.ann = ann  # None: exact vector search only
        file = Path(path)
        check_file(file)
        file.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._depth = 0
        self._rollbacks = 0
        self._token_states: dict[tuple[Any, ...], tuple[str, int, str]] = {}
        self._seq_of: dict[str, int] = {}
        self.lexical = lexical  # BM25 from the in-process index; False: FTS5 scores it
        self._lexical: LexicalIndex | None = None
        self._lexical_epochs: tuple[str, str] = ("", "")
        self.lexical_persist = lexical_persist  # save the BM25 index beside the file
        self._indexes: dict[str, VectorIndex] = {}
        self._epochs: dict[str, tuple[str, str]] = {}
        try:
            self._db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=30.0
            )
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {self.path}: {exc}") from exc
        self._db.row_factory = sqlite3.Row
        try:
            self._db.execute("PRAGMA busy_timeout = 30000")
            _enable_wal(self._db)
            self._db.execute("PRAGMA synchronous = FULL")  # an acknowledged write survives
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA secure_delete = ON")  # erased content is zeroed on disk
            self._db.execute(f"PRAGMA mmap_size = {int(mmap_bytes)}")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise NotARememStoreError(f"{self.path} is not a usable remem store: {exc}") from exc
        except BaseException:
            self._db.close()  # e.g. SchemaTooNewError: do not keep the refused file open
            raise

    # -- plumbing -----------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot start a write on {self.path}: {exc}") from exc
            self._depth = 1
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                # The vector cache may hold rows of the rolled-back writes, whose seqs
                # SQLite can hand out again: drop it so the next search reloads.
                self._indexes.clear()
                self._epochs.clear()
                self._rollbacks += 1  # token-vector versions must change too
                self._seq_of.clear()
                self._lexical = None
                raise
            else:
                self._db.execute("COMMIT")
            finally:
                self._depth = 0

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > LATEST_VERSION:
            raise SchemaTooNewError(
                f"{self.path} has schema version {version}, newer than this remem supports"
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
            "DO UPDATE SET value = CAST(value AS INTEGER) + 1",
            (key,),
        )

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
        return row_to_resource(rows[0]) if rows else None

    def iter_resources(self, scope: Scope | None = None) -> Iterator[Resource]:
        where, params = scope_sql(scope) if scope else ("", [])
        for row in self._query(f"SELECT * FROM resources WHERE 1{where} ORDER BY rowid", params):
            yield row_to_resource(row)

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
                cur = self._db.execute(_INSERT_MEMORY, memory_to_row(record))
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
            if old["content_hash"] != row["content_hash"]:
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
        by_id = {m.id: m for m in rows_to_memories(rows)}
        return [by_id[i] for i in memory_ids if i in by_id]

    def find_by_hash(self, content: str, scope: Scope) -> MemoryRecord | None:
        where, params = scope_sql(scope)
        rows = self._query(
            f"SELECT * FROM memories WHERE content_hash = ? AND status = 'active'{where} "
            "ORDER BY seq DESC LIMIT 1",
            [content_hash(content), *params],
        )
        return row_to_memory(rows[0]) if rows else None

    def list_memories(
        self, scope: Scope, *, filters: ListFilter | None = None, offset: int = 0, limit: int = 50
    ) -> Page:
        where, params = scope_sql(scope)
        fwhere, fparams = filter_sql(filters)
        total = self._query(
            f"SELECT count(*) FROM memories WHERE 1{where}{fwhere}", params + fparams
        )
        rows = self._query(
            f"SELECT * FROM memories WHERE 1{where}{fwhere} ORDER BY seq DESC LIMIT ? OFFSET ?",
            [*params, *fparams, limit, offset],
        )
        items = rows_to_memories(rows)
        return Page(items=items, total=total[0][0], offset=offset, limit=limit)

    def iter_memories(self, scope: Scope | None = None) -> Iterator[MemoryRecord]:
        where, params = scope_sql(scope) if scope else ("", [])
        for row in self._query(f"SELECT * FROM memories WHERE 1{where} ORDER BY seq", params):
            yield row_to_memory(row)

    def erase(self, scope: Scope, *, actor: str | None = None) -> EraseReport:
        where, params = scope_sql(scope)
        with self.transaction():
            db = self._db
            ids = [r[0] for r in db.execute(f"SELECT id FROM memories WHERE 1{where}", params)]
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
            memories = db.execute(f"DELETE FROM memories WHERE 1{where}", params).rowcount
            db.execute(f"DELETE FROM entities WHERE 1{where}", params)
            db.execute("INSERT INTO erase_guard VALUES ('erase')")
            resources = db.execute(f"DELETE FROM resources WHERE 1{where}", params).rowcount
            db.execute("DELETE FROM erase_guard")
            checkpoints = db.execute(f"DELETE FROM checkpoints WHERE 1{where}", params).rowcount
            db.execute(f"DELETE FROM summaries WHERE 1{where}", params)
            subject = {
                f"{k}_sha256": hashlib.sha256(v.encode()).hexdigest()
                for k, v in (
                    ("user_id", scope.user_id),
                    ("agent_id", scope.agent_id),
                    ("namespace", scope.namespace),
                )
                if v is not None
            }
            report = EraseReport(memories, resources, checkpoints, vectors)
            detail = {"subject": subject, **asdict(report)}
            self.add_events(
                [AuditEvent(event="erased", memory_id=None, actor=actor, detail=detail)]
            )
            self._bump("vector_epoch")
        remove_ann_files(self.path)  # the graphs hold vectors of erased memories
        lexical_path(self.path).unlink(missing_ok=True)  # and this one their words
        with self._lock:
            # Merge FTS segments so erased terms are gone from the index pages too,
            # and fold the WAL back so old pages do not linger beside the file.
            self._db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return report

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
        return [row_to_audit(r) for r in rows]

    def iter_events(self) -> Iterator[AuditEvent]:
        for row in self._query("SELECT * FROM audit ORDER BY id"):
            yield row_to_audit(row)

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
