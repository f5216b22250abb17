"""The scale-out store: the same store on PostgreSQL, shared by many processes.

:class:`PostgresStore` *is* the SQLite store's code (it subclasses
:class:`remem.store.sqlite.SQLiteStore` and every mixin with it) running on a
connection that translates its SQL and errors (:mod:`remem.store.pg_conn`), on
a schema derived from the SQLite migrations (:mod:`remem.store.pg_schema`). So
each behaviour (redaction at the boundary, scope on every read and write, the
supersede chain, audit events, atomic writes, job leases) has one
implementation, tested on both backends by the same contract tests.

What is different, and why:

* Writers take one transaction-scoped advisory lock, as SQLite's ``BEGIN
  IMMEDIATE`` takes the file's write lock: writes from every replica queue one
  at a time; reads never wait. Replicas see each other's writes at once (their
  in-process BM25 and vector indexes re-sync from the tables when the epochs in
  ``meta`` move, as SQLite processes do).
* Nothing is kept beside the database: no saved BM25 index, no saved HNSW graph
  (each process builds them in memory on first search).
* Erase deletes every row in one transaction, then runs ``VACUUM`` on the
  tables that held them; PostgreSQL's write-ahead log and base backups keep old
  pages for as long as their retention says (see docs/postgres.md).
* ``remem doctor`` checks the server, schema, indexes, rows, vectors, a pending
  erase and the counts (:mod:`remem.store.pg_doctor`); SQLite's page and FTS5
  checks have no counterpart.

The schema lives in the connection's first ``search_path`` schema (``public``
unless the URL says ``?options=-csearch_path=NAME``); it is created on first
open, under an advisory lock so replicas starting together create it once.
"""

from __future__ import annotations

import dataclasses
import logging
import sqlite3
import zlib
from contextlib import suppress
from typing import Any, cast

from remem.errors import NotARememStoreError, SchemaTooNewError, StoreError, UserError
from remem.model import DoctorReport, Scope, utcnow
from remem.store import pg_doctor
from remem.store.ann import AnnSettings
from remem.store.codec import ts
from remem.store.pg_schema import LATEST_VERSION, postgres_ddl
from remem.store.schema import MIGRATIONS
from remem.store.sqlite import SQLiteStore
from remem.store.sqlite_errors import translate, translate_errors
from remem.store.sqlite_lifecycle import BUSY_TIMEOUT_MS
from remem.store.urls import display_url

log = logging.getLogger(__name__)

_ERASED_TABLES = (
    "memories", "vectors", "token_vectors", "audit", "entities", "memory_entities",
    "relations", "resources", "checkpoints", "summaries", "meta",
)  # fmt: skip


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError as exc:
        raise UserError(
            "the PostgreSQL store needs psycopg: pip install '.[postgres]' in remem's checkout"
        ) from exc
    return psycopg


@translate_errors
class PostgresStore(SQLiteStore):
    """A remem store in a PostgreSQL database (see the module docstring)."""

    def __init__(
        self,
        url: str,
        *,
        ann: AnnSettings | None = None,
        erase_wait_ms: int = 2000,
        connect_timeout_s: int = 10,
    ) -> None:
        self.path = display_url(url)
        self.read_only = False
        if ann is not None:  # the graph is rebuilt in memory: nothing beside a file
            ann = dataclasses.replace(ann, persist=False)
        self._init_state(ann=ann, lexical=True, lexical_persist=False, erase_wait_ms=erase_wait_ms)
        self.repaired = []
        psycopg = _psycopg()
        from remem.store.pg_conn import PgConnection

        try:
            raw = psycopg.connect(url, autocommit=True, connect_timeout=connect_timeout_s)
        except psycopg.Error as exc:
            raise StoreError(
                f"cannot connect to {self.path}: {str(exc).strip()} (check the URL, that the "
                "server runs, and the user's rights)"
            ) from exc
        try:
            schema = raw.execute("SELECT current_schema()").fetchone()[0]
            if schema is None:
                raise StoreError(
                    f"{self.path}: the search_path names no existing schema; create it first"
                )
            ddl, tables = postgres_ddl()
            lock = zlib.crc32(f"remem:{schema}".encode()) - 2**31
            # _db duck-types the part of sqlite3.Connection the shared code uses
            self._db = cast(sqlite3.Connection, PgConnection(raw, tables, lock))
            self._db.set_trace_callback(self._count_statement)
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._schema_name = schema
            self._create(ddl)
        except sqlite3.Error as exc:
            raw.close()
            raise (translate(exc, self.path) or StoreError(str(exc))) from exc
        except psycopg.Error as exc:
            raw.close()
            raise StoreError(f"cannot open {self.path}: {str(exc).strip()}") from exc
        except BaseException:
            raw.close()
            raise

    # -- schema ---------------------------------------------------------------------
    def _create(self, ddl: list[str]) -> None:
        """Create the schema on first open; refuse a database of a newer remem or of
        another program."""
        with self.transaction():
            tables = {
                r[0]
                for r in self._db.execute(
                    "SELECT table_name FROM information_schema.tables "
                    "WHERE table_schema = current_schema()"
                )
            }
            if "memories" in tables and "meta" in tables:
                self._check_version()
                return
            if tables & {"memories", "meta", "resources"}:
                raise NotARememStoreError(
                    f"{self.path} (schema {self._schema_name}) has tables of another program "
                    "named like remem's; use an empty schema (?options=-csearch_path=NAME)"
                )
            raw = self._db.raw()  # type: ignore[attr-defined]
            for statement in ddl:
                raw.execute(statement)
            now = ts(utcnow())
            for migration in MIGRATIONS:
                self._db.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?)",
                    (migration.version, migration.name, now),
                )
            self._db.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(LATEST_VERSION),)
            )

    def _check_version(self) -> None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        version = int(row[0]) if row is not None else 0
        if version > LATEST_VERSION:
            raise SchemaTooNewError(
                f"{self.path} has schema version {version}, newer than this remem supports"
            )
        if version < LATEST_VERSION:
            raise StoreError(
                f"{self.path} has schema version {version}; this remem needs "
                f"{LATEST_VERSION} and migrating an older PostgreSQL schema is not supported "
                "on the PostgreSQL store yet: export it with the remem that wrote it "
                "(`remem export`) and import into an empty schema"
            )

    def _migrate(self) -> None:  # the schema is made whole by _create
        return

    # -- what lives beside a SQLite file, not here -----------------------------------
    def finish_erase(self, *, wait_ms: int | None = None) -> tuple[bool, int]:
        """Clear the erase mark, then ``VACUUM`` the tables so the deleted rows' pages
        are rewritten (best effort: a VACUUM that cannot run now is logged)."""
        with self._lock:
            if self._depth or self._pending_mark() is None:
                return self._pending_mark() is None, 0
            with self.transaction():
                self._db.execute("DELETE FROM meta WHERE key = 'erase_pending'")
            self._erase_unfinished = False
            raw = self._db.raw()  # type: ignore[attr-defined]
            try:
                raw.execute(f"VACUUM {', '.join(_ERASED_TABLES)}")
            except Exception as exc:
                log.warning("VACUUM after erase on %s failed: %s", self.path, exc)
            return True, 0

    def _checkpoint(self, wait_ms: int) -> bool:
        return True

    def clean_on_open(self) -> list[str]:
        if self.erase_pending():
            done, _ = self.finish_erase(wait_ms=0)
            return ["finished a pending erase" if done else "erase still pending"]
        return []

    def rebuild_fts(self) -> None:
        """Nothing to rebuild: BM25 is the in-process index on PostgreSQL."""

    def doctor(self, *, model_id: str | None = None, full: bool = False) -> DoctorReport:
        """What :mod:`remem.store.pg_doctor` checks (``full`` changes nothing here:
        PostgreSQL checks its own pages)."""
        db = self._db
        ddl, tables = postgres_ddl()
        checks = [
            ("server", lambda: pg_doctor.server(db)),
            ("schema", lambda: pg_doctor.schema(db, self._schema_name, tables)),
            ("indexes", lambda: pg_doctor.indexes(db, pg_doctor.expected_indexes(ddl))),
            ("rows", self._undecodable_rows),
            ("vectors", lambda: self._vectors(model_id)),
            ("erase", self._pending_erase),
            ("counts", lambda: pg_doctor.counts(db)),
        ]
        with self._lock:
            findings = pg_doctor.pg_findings(checks)
        return DoctorReport(
            path=self.path,
            healthy=all(f.ok for f in findings),
            checks=findings,
            repaired=list(self.repaired),
        )

    def stats(self, scope: Scope | None = None) -> dict[str, Any]:
        found = super().stats(scope)
        with suppress(sqlite3.Error):
            found["file_bytes"] = self._db.execute(
                "SELECT pg_database_size(current_database())"
            ).fetchone()[0]
        return found
