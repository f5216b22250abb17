"""``remem doctor`` for :class:`remem.store.postgres.PostgresStore`: what the SQLite
doctor checks where it means something on PostgreSQL, and what only PostgreSQL has.

Checks, in order: the server (its version, and whether the pgvector extension is
installed or could be: remem does not use it yet, docs/postgres.md says why), the
schema (version, and every table remem needs), the database indexes (each one
the schema defines present and valid: a failed concurrent build leaves an
invalid one that PostgreSQL never uses), rows that cannot be decoded, vectors of
the wrong size or model, an erase not finished, and the counts (memories by
status, vectors, resources, audit events, API keys, the database's size).

SQLite's page checks (``quick_check``), its FTS5 index and the temp files beside
its file have no counterpart: PostgreSQL checks its own pages (data checksums,
``amcheck``), and BM25 is the in-process index, rebuilt from the tables.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from remem.errors import StoreError
from remem.model import Finding
from remem.store.pg_schema import LATEST_VERSION

__all__ = ["MIN_SERVER_VERSION", "expected_indexes", "pg_findings"]

# PostgreSQL 11 is the oldest with what the schema uses (EXECUTE FUNCTION in
# triggers, identity columns); remem is tested with 16.
MIN_SERVER_VERSION = 110000
_INDEX = re.compile(r"^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.I)
SHOWN = 50


def expected_indexes(ddl: list[str]) -> list[str]:
    """The names of the indexes the schema's statements create (keys aside)."""
    return [m.group(1) for m in (_INDEX.match(s) for s in ddl) if m]


def _one(db: sqlite3.Connection, sql: str, params: tuple[Any, ...] = ()) -> Any:
    row = db.execute(sql, params).fetchone()
    return None if row is None else row[0]


def server(db: sqlite3.Connection) -> Finding:
    """The server's version, and pgvector: installed here, available, or neither."""
    number = int(_one(db, "SELECT current_setting('server_version_num')"))
    version = str(_one(db, "SELECT current_setting('server_version')"))
    installed = _one(db, "SELECT extversion FROM pg_extension WHERE extname = 'vector'")
    available = _one(
        db, "SELECT default_version FROM pg_available_extensions WHERE name = 'vector'"
    )
    if installed is not None:
        vector = f"pgvector {installed} installed (not used by remem yet)"
    elif available is not None:
        vector = f"pgvector {available} available, not installed (not needed)"
    else:
        vector = "pgvector not available (not needed)"
    if number < MIN_SERVER_VERSION:
        return Finding("server", False, f"PostgreSQL {version}: remem needs 11 or newer; {vector}")
    return Finding("server", True, f"PostgreSQL {version}; {vector}")


def schema(db: sqlite3.Connection, schema_name: str, tables: Mapping[str, object]) -> Finding:
    """The schema version, and the tables remem needs."""
    version = int(_one(db, "SELECT value FROM meta WHERE key = 'schema_version'") or 0)
    present = {
        str(r[0])
        for r in db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    }
    missing = sorted(set(tables) - present)
    where = f"schema {schema_name!r}"
    if missing:
        return Finding(
            "schema", False, f"{where}: {len(missing)} tables are missing (restore or re-import)",
            missing,
        )  # fmt: skip
    if version != LATEST_VERSION:
        return Finding(
            "schema", False, f"{where}, version {version}; this remem expects {LATEST_VERSION}"
        )
    return Finding("schema", True, f"{where}, version {version}, {len(tables)} tables")


def indexes(db: sqlite3.Connection, expected: list[str]) -> Finding:
    """Every index the schema defines exists, is valid and ready."""
    found = {
        str(r[0]): bool(r[1])
        for r in db.execute(
            "SELECT c.relname, i.indisvalid AND i.indisready FROM pg_index i "
            "JOIN pg_class c ON c.oid = i.indexrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()"
        )
    }
    missing = [name for name in expected if name not in found]
    invalid = [name for name in expected if found.get(name) is False]
    if not missing and not invalid:
        return Finding(
            "indexes", True, f"{len(expected)} indexes present and valid ({len(found)} in all)"
        )
    problems = []
    if missing:
        problems.append(f"{len(missing)} missing")
    if invalid:
        problems.append(f"{len(invalid)} invalid (REINDEX INDEX <name>)")
    return Finding(
        "indexes",
        False,
        "indexes " + ", ".join(problems) + ": queries still answer, slower",
        (missing + invalid)[:SHOWN],
    )


def counts(db: sqlite3.Connection) -> Finding:
    """What the store holds (always passes: it informs)."""
    by_status = ", ".join(
        f"{n} {status}"
        for status, n in db.execute(
            "SELECT status, count(*) FROM memories GROUP BY status ORDER BY 2 DESC, 1"
        )
    )
    parts = [f"memories: {by_status or 'none'}"]
    for label, sql in (
        ("vectors", "SELECT count(*) FROM vectors"),
        ("resources", "SELECT count(*) FROM resources"),
        ("audit events", "SELECT count(*) FROM audit"),
        ("API keys", "SELECT count(*) FROM api_keys WHERE revoked_at IS NULL"),
    ):
        parts.append(f"{label}: {_one(db, sql)}")
    size = _one(db, "SELECT pg_database_size(current_database())")
    parts.append(f"database size: {int(size) / 2**20:.1f} MiB")
    return Finding("counts", True, "; ".join(parts))


def pg_findings(checks: list[tuple[str, Callable[[], Finding]]]) -> list[Finding]:
    """Each check; the database failing while checking is itself the finding."""
    findings = []
    for name, check in checks:
        try:
            findings.append(check())
        except (StoreError, sqlite3.Error) as exc:  # psycopg's, translated by PgConnection
            findings.append(Finding(name, False, f"the check failed: {exc}"))
    return findings
