"""The default store: one SQLite file in WAL mode, FTS5 for BM25, a cached vector matrix.

Opening checks the file before touching it: a file that is not SQLite, belongs
to another program, or was written by a newer remem is refused and left as it
was. One process writes at a time (``BEGIN IMMEDIATE`` with a busy timeout), so
concurrent writers queue instead of losing writes; readers never block.
"""

from __future__ import annotations

import hashlib
import json
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
    Checkpoint,
    EraseReport,
    MemoryRecord,
    Page,
    Resource,
    Scope,
    utcnow,
)
from remem.store.ann import AnnSettings, ann_path, remove_ann_files
from remem.store.ann import sync as sync_ann
from remem.store.base import ListFilter, PackedTokens
from remem.store.codec import (
    MEMORY_COLUMNS,
    content_hash,
    dumps,
    memory_to_row,
    parse_ts,
    resource_to_row,
    row_to_audit,
    row_to_memory,
    row_to_resource,
    ts,
)
from remem.store.schema import APPLICATION_ID, LATEST_VERSION, MIGRATIONS
from remem.store.sqlite_extra import WriteTablesMixin
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


def scope_sql(scope: Scope, alias: str = "") -> tuple[str, list[Any]]:
    """`` AND col = ?`` clauses for the set scope fields. Refuses an empty scope."""
    if scope.is_empty():
        raise ValidationError("a scope is required: pass user_id, agent_id or namespace")
    prefix = f"{alias}." if alias else ""
    clauses, params = [], []
    for column in ("user_id", "agent_id", "namespace"):
        value = getattr(scope, column)
        if value is not None:
            clauses.append(f" AND {prefix}{column} = ?")
            params.append(value)
    return "".join(clauses), params


def filter_sql(filters: ListFilter | None, alias: str = "") -> tuple[str, list[Any]]:
    filters = filters or ListFilter()
    prefix = f"{alias}." if alias else ""
    sql, params = "", list[Any]()
    for column, values in (
        ("status", filters.statuses),
        ("kind", filters.kinds),
        ("category", filters.categories),
    ):
        if values:
            sql += f" AND {prefix}{column} IN ({', '.join('?' * len(values))})"
            params.extend(values)
    if filters.session_id is not None:
        sql += f" AND {prefix}session_id = ?"
        params.append(filters.session_id)
    for tag in filters.tags:
        sql += f" AND EXISTS (SELECT 1 FROM json_each({prefix}tags) WHERE value = ?)"
        params.append(tag)
    return sql, params


class SQLiteStore(WriteTablesMixin):
    """A remem store in one SQLite file."""

    def __init__(self, path: str | Path, *, ann: AnnSettings | None = None) -> None:
        self.path = str(path)
        self.ann = ann  # None: exact vector search only
        file = Path(path)
        check_file(file)
        file.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._depth = 0
        self._rollbacks = 0
        self._token_states: dict[tuple[Any, ...], tuple[str, int, str]] = {}
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
                "SELECT status, content_hash FROM memories WHERE id = ?", (record.id,)
            ).fetchone()
            if old is None:
                raise ValidationError(f"no memory {record.id}")
            if old["content_hash"] != row["content_hash"]:
                raise ValidationError("content is immutable: make a new version with update()")
            self._db.execute(_UPDATE_MEMORY, {c: row[c] for c in (*_MUTABLE, "id")})
            if old["status"] != row["status"]:
                self._bump("status_epoch")
            if event is not None:
                self.add_events([event])

    def get_memory(self, memory_id: str, scope: Scope) -> MemoryRecord | None:
        found = self.get_memories([memory_id], scope)
        return found[0] if found else None

    def get_memories(self, memory_ids: Sequence[str], scope: Scope) -> list[MemoryRecord]:
        if not memory_ids:
            return []
        where, params = scope_sql(scope)
        marks = ", ".join("?" * len(memory_ids))
        # "+col" keeps SQLite on the id index: the scope indexes would scan the scope.
        where = where.replace(" AND ", " AND +")
        rows = self._query(
            f"SELECT * FROM memories WHERE id IN ({marks}){where}", [*memory_ids, *params]
        )
        by_id = {row["id"]: row_to_memory(row) for row in rows}
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
        items = [row_to_memory(r) for r in rows]
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

    # -- search -------------------------------------------------------------------
    def bm25_search(
        self,
        terms: Sequence[str],
        scope: Scope,
        *,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]:
        quoted = [f'"{t.replace(chr(34), "")}"' for t in terms if t.strip()]
        if not quoted:
            return []
        where, params = scope_sql(scope, "m")
        fwhere, fparams = filter_sql(filters, "m")
        rows = self._query(
            "SELECT m.id, bm25(memories_fts, 1.0, 0.5, 0.5) AS s FROM memories_fts "
            "JOIN memories m ON m.seq = memories_fts.rowid "
            f"WHERE memories_fts MATCH ?{where}{fwhere} ORDER BY s LIMIT ?",
            [" OR ".join(quoted), *params, *fparams, limit],
        )
        return [(r[0], -float(r[1])) for r in rows]

    def _index(self, model_id: str) -> VectorIndex | None:
        with self._lock:
            epochs = dict(
                self._db.execute(
                    "SELECT key, value FROM meta WHERE key IN ('status_epoch', 'vector_epoch')"
                ).fetchall()
            )
            status_epoch = epochs.get("status_epoch", "0")
            vector_epoch = epochs.get("vector_epoch", "0")
            index = self._indexes.get(model_id)
            seen = self._epochs.get(model_id)
            if index is None or seen is None or seen[1] != vector_epoch:
                dim = self._db.execute(
                    "SELECT dim FROM vectors WHERE model_id = ? LIMIT 1", (model_id,)
                ).fetchone()
                if dim is None:
                    self._indexes.pop(model_id, None)
                    return None
                index = VectorIndex(model_id, dim[0])
                self._indexes[model_id] = index
                seen = ("", vector_epoch)
            index.append(
                self._db.execute(
                    "SELECT v.memory_seq, m.user_id, m.agent_id, m.namespace, "
                    "m.status = 'active', v.vector FROM vectors v "
                    "JOIN memories m ON m.seq = v.memory_seq "
                    "WHERE v.model_id = ? AND v.memory_seq > ? ORDER BY v.memory_seq",
                    (model_id, index.max_seq),
                )
            )
            if seen[0] != status_epoch:
                index.reset_inactive(
                    r[0]
                    for r in self._db.execute(
                        "SELECT v.memory_seq FROM vectors v JOIN memories m "
                        "ON m.seq = v.memory_seq WHERE v.model_id = ? AND m.status != 'active'",
                        (model_id,),
                    )
                )
            self._epochs[model_id] = (status_epoch, vector_epoch)
            if self.ann is not None:
                sync_ann(
                    index,
                    self.ann,
                    epoch=vector_epoch,
                    path=ann_path(self.path, model_id) if self.ann.persist else None,
                    may_save=self._depth == 0,
                )
            return index

    def vector_search(
        self,
        query: npt.NDArray[np.float32],
        scope: Scope,
        *,
        model_id: str,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]:
        where, params = scope_sql(scope)
        index = self._index(model_id)
        if index is None:
            return []
        filters = filters or ListFilter()
        only_active = tuple(filters.statuses) == ("active",)
        want = limit * 2 + 10
        while True:
            proposed = index.search(query, scope, want, only_active=only_active)
            if not proposed:
                return []
            fwhere, fparams = filter_sql(filters)
            seqs = [seq for seq, _ in proposed]
            rows = self._query(
                f"SELECT seq, id FROM memories WHERE seq IN ({', '.join('?' * len(seqs))})"
                f"{where}{fwhere}",
                [*seqs, *params, *fparams],
            )
            ids = {r[0]: r[1] for r in rows}
            hits = [(ids[seq], score) for seq, score in proposed if seq in ids]
            if len(hits) >= limit or len(proposed) < want:
                return hits[:limit]
            want *= 4

    def other_vector_model(self, model_id: str) -> str | None:
        # Two index range probes instead of a scan of every vector.
        rows = self._query(
            "SELECT (SELECT model_id FROM vectors WHERE model_id < ?1 LIMIT 1), "
            "(SELECT model_id FROM vectors WHERE model_id > ?1 LIMIT 1)",
            [model_id],
        )
        return rows[0][0] or rows[0][1]

    def vector_models(self) -> dict[str, int]:
        rows = self._query("SELECT model_id, count(*) FROM vectors GROUP BY model_id")
        return {r[0]: r[1] for r in rows}

    def memories_needing_vectors(self, model_id: str, *, limit: int) -> list[MemoryRecord]:
        rows = self._query(
            "SELECT m.* FROM memories m LEFT JOIN vectors v ON v.memory_seq = m.seq "
            "WHERE v.model_id IS NULL OR v.model_id != ? ORDER BY m.seq LIMIT ?",
            [model_id, limit],
        )
        return [row_to_memory(r) for r in rows]

    def put_vectors(
        self, memory_ids: Sequence[str], vectors: npt.NDArray[np.float32], *, model_id: str
    ) -> None:
        with self.transaction():
            for memory_id, vec in zip(memory_ids, vectors, strict=True):
                vec = np.ascontiguousarray(vec, dtype=np.float32)
                self._db.execute(
                    "INSERT OR REPLACE INTO vectors SELECT seq, ?, ?, ? FROM memories WHERE id = ?",
                    (model_id, vec.shape[0], vec.tobytes(), memory_id),
                )
            self._bump("vector_epoch")

    def get_vectors(self, memory_ids: Sequence[str]) -> dict[str, tuple[str, bytes]]:
        if not memory_ids:
            return {}
        rows = self._query(
            "SELECT m.id, v.model_id, v.vector FROM vectors v JOIN memories m "
            f"ON m.seq = v.memory_seq WHERE m.id IN ({', '.join('?' * len(memory_ids))})",
            list(memory_ids),
        )
        return {r[0]: (r[1], bytes(r[2])) for r in rows}

    def put_token_vectors(
        self, memory_ids: Sequence[str], packed: Sequence[PackedTokens], *, model_id: str
    ) -> None:
        with self.transaction():
            for memory_id, item in zip(memory_ids, packed, strict=True):
                ids = item.token_ids
                # Wordpiece vocabularies fit in 16 bits; keep 32 for any that do not.
                id_blob = (
                    ids.astype("<u2").tobytes()
                    if ids.size == 0 or int(ids.max()) < 65536
                    else ids.astype("<u4").tobytes()
                )
                self._db.execute(
                    "INSERT OR REPLACE INTO token_vectors "
                    "SELECT seq, ?, ?, ?, ?, ?, ? FROM memories WHERE id = ?",
                    (
                        model_id,
                        int(item.vectors.shape[1]) if item.vectors.ndim == 2 else 0,
                        len(item),
                        id_blob,
                        np.ascontiguousarray(item.vectors, dtype=np.int8).tobytes(),
                        np.ascontiguousarray(item.scales, dtype="<f4").tobytes(),
                        memory_id,
                    ),
                )
            self._bump("token_epoch")

    def token_vectors(
        self,
        scope: Scope,
        *,
        model_id: str,
        filters: ListFilter | None = None,
        memory_ids: Sequence[str] | None = None,
    ) -> list[tuple[str, str | None, PackedTokens]]:
        where, params = scope_sql(scope, "m")
        fwhere, fparams = filter_sql(filters, "m")
        sql = (
            "SELECT m.id, t.dim, t.tokens, t.token_ids, t.vectors, t.scales, m.session_id "
            "FROM token_vectors t JOIN memories m ON m.seq = t.memory_seq "
            f"WHERE t.model_id = ?{where}{fwhere}"
        )
        args: list[Any] = [model_id, *params, *fparams]
        if memory_ids is not None:
            if not memory_ids:
                return []
            sql += f" AND m.id IN ({', '.join('?' * len(memory_ids))})"
            args.extend(memory_ids)
        out = []
        for row in self._query(sql + " ORDER BY m.seq", args):
            dim, n, id_blob = row[1], row[2], row[3]
            width = "<u2" if n and len(id_blob) == 2 * n else "<u4"
            out.append(
                (
                    row[0],
                    row[6],
                    PackedTokens(
                        token_ids=np.frombuffer(id_blob, dtype=width).astype(np.uint32),
                        vectors=np.frombuffer(row[4], dtype=np.int8).reshape(n, dim),
                        scales=np.frombuffer(row[5], dtype="<f4"),
                    ),
                )
            )
        return out

    def token_vector_state(
        self, scope: Scope, *, model_id: str, filters: ListFilter | None = None
    ) -> tuple[int, str]:
        # A cheap store-wide version first (two index probes); the scoped count and
        # version (a scan of the scope) are recomputed only when it has moved.
        probe = self._query(
            "SELECT coalesce((SELECT max(memory_seq) FROM token_vectors), 0), "
            "(SELECT group_concat(key || '=' || value) FROM meta WHERE key IN "
            "('status_epoch', 'vector_epoch', 'token_epoch'))"
        )[0]
        store_version = f"{probe[0]}/{probe[1] or ''}/{self._rollbacks}"
        key = (model_id, scope.user_id, scope.agent_id, scope.namespace, repr(filters))
        cached = self._token_states.get(key)
        if cached is not None and cached[0] == store_version:
            return cached[1], cached[2]
        where, params = scope_sql(scope, "m")
        fwhere, fparams = filter_sql(filters, "m")
        rows = self._query(
            "SELECT count(*), coalesce(max(t.memory_seq), 0) "
            "FROM token_vectors t JOIN memories m ON m.seq = t.memory_seq "
            f"WHERE t.model_id = ?{where}{fwhere}",
            [model_id, *params, *fparams],
        )
        count, max_seq = rows[0]
        version = f"{max_seq}/{probe[1] or ''}/{self._rollbacks}"
        if len(self._token_states) > 1024:
            self._token_states.clear()
        self._token_states[key] = (store_version, int(count), version)
        return int(count), version

    def memories_needing_token_vectors(self, model_id: str, *, limit: int) -> list[MemoryRecord]:
        rows = self._query(
            "SELECT m.* FROM memories m LEFT JOIN token_vectors t ON t.memory_seq = m.seq "
            "WHERE t.model_id IS NULL OR t.model_id != ? ORDER BY m.seq LIMIT ?",
            [model_id, limit],
        )
        return [row_to_memory(r) for r in rows]

    # -- checkpoints --------------------------------------------------------------
    def put_checkpoint(self, checkpoint: Checkpoint, scope: Scope) -> None:
        scope_sql(scope)  # refuses an empty scope
        state = {
            "user_input": checkpoint.user_input,
            "tool_calls": checkpoint.tool_calls,
            "llm_output": checkpoint.llm_output,
            "internal_state": checkpoint.internal_state,
        }
        try:
            payload = json.dumps(state, ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            raise ValidationError(f"checkpoint state must be JSON-serialisable: {exc}") from exc
        with self.transaction():
            try:
                self._db.execute(
                    "INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        checkpoint.session_id,
                        checkpoint.turn,
                        scope.namespace,
                        scope.user_id,
                        scope.agent_id,
                        payload,
                        ts(checkpoint.created_at),
                    ),
                )
            except sqlite3.IntegrityError as exc:
                raise ValidationError(
                    f"session {checkpoint.session_id!r} already has a checkpoint at turn "
                    f"{checkpoint.turn}; checkpoints are never overwritten"
                ) from exc

    def list_checkpoints(
        self, session_id: str, scope: Scope, *, upto: int | None = None
    ) -> list[Checkpoint]:
        where, params = scope_sql(scope)
        sql = f"SELECT * FROM checkpoints WHERE session_id = ?{where}"
        args: list[Any] = [session_id, *params]
        if upto is not None:
            sql += " AND turn <= ?"
            args.append(upto)
        out = []
        for row in self._query(sql + " ORDER BY turn", args):
            state = json.loads(row["state"])
            created = parse_ts(row["created_at"])
            assert created is not None
            out.append(Checkpoint(session_id, row["turn"], created_at=created, **state))
        return out

    def iter_checkpoint_rows(self) -> Iterator[dict[str, Any]]:
        """Every checkpoint with its scope, for export."""
        for row in self._query("SELECT * FROM checkpoints ORDER BY session_id, turn"):
            yield {
                "session_id": row["session_id"],
                "turn": row["turn"],
                "user_id": row["user_id"],
                "agent_id": row["agent_id"],
                "namespace": row["namespace"],
                "created_at": row["created_at"],
                "state": json.loads(row["state"]),
            }

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
