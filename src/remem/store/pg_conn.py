"""A PostgreSQL connection that speaks the part of ``sqlite3`` the store uses.

:class:`remem.store.postgres.PostgresStore` runs the SQLite store's own code
(every mixin of :class:`remem.store.sqlite.SQLiteStore`) on PostgreSQL through
this connection, so each behaviour has one implementation. It offers what that
code calls on a ``sqlite3.Connection`` (``execute``, ``executemany``,
``in_transaction``, rows readable by index and by name, ``lastrowid``,
``rowcount``) and translates, once per distinct statement:

* ``?`` and ``:name`` placeholders to psycopg's, values bound client-side so
  literals take the column's type as in SQLite (booleans are sent as 0/1);
* ``INSERT OR IGNORE`` / ``INSERT OR REPLACE`` to ``ON CONFLICT`` clauses, a
  plain ``INSERT`` into a table with an identity key to ``... RETURNING`` it
  (``lastrowid``), ``IS ?`` to ``IS NOT DISTINCT FROM``, ``LIMIT -1`` to
  ``LIMIT ALL``, two-argument ``max``/``min`` to ``GREATEST``/``LEAST``,
  ``LIKE`` to ``ILIKE`` (SQLite's is case-insensitive), SQLite's JSON and
  string functions to the ``remem_`` functions of :mod:`remem.store.pg_schema`;
* ``BEGIN IMMEDIATE`` to ``BEGIN`` plus a transaction-scoped advisory lock, so
  writers queue one at a time exactly as on SQLite (every read-then-write of the
  shared code stays atomic), ``PRAGMA busy_timeout`` to ``lock_timeout``, ``PRAGMA
  synchronous`` to ``synchronous_commit`` (NORMAL/OFF: off, as a commit of
  ``transaction(sync=False)`` waits for no disk flush on either store); other
  pragmas and FTS5 upkeep are no-ops (BM25 is the in-process index).

psycopg errors leave this module as the ``sqlite3`` exceptions the shared code
already handles and translates (:mod:`remem.store.sqlite_errors`): a constraint
is ``IntegrityError`` (SQLITE_CONSTRAINT), a lock wait that timed out is
``OperationalError`` "database is locked" (SQLITE_BUSY), a lost connection is an
I/O error; never a raw psycopg error.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import psycopg
from psycopg import errors as pgerrors
from psycopg.pq import TransactionStatus

from remem.store.pg_schema import TableInfo

_STRING = re.compile(r"'(?:[^']|'')*'")
_FUNCS = re.compile(
    r"\b(json_extract|json_each|json_type|json_array_length|json_patch|instr|group_concat)\s*\(",
    re.I,
)
_NUMBERED = re.compile(r"\?(\d+)")
_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_INSERT = re.compile(r"^\s*INSERT\s+(?:OR\s+(IGNORE|REPLACE)\s+)?INTO\s+(\w+)", re.I)
_RETURNING = re.compile(r"\bRETURNING\b", re.I)
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bIS\s+NOT\s+\?", re.I), "IS DISTINCT FROM ?"),
    (re.compile(r"\bIS\s+\?", re.I), "IS NOT DISTINCT FROM ?"),
    (re.compile(r"\bLIMIT\s+-1\b", re.I), "LIMIT ALL"),
    (re.compile(r"\bWHERE\s+1(?![\w.])", re.I), "WHERE TRUE"),
    (re.compile(r"\(\s*1(?=\s+AND\b)", re.I), "(TRUE"),
    (re.compile(r"\(\s*1\s*\)"), "(TRUE)"),
    (re.compile(r"\b(AND|OR|WHERE)\s+\+(?=[A-Za-z_])", re.I), r"\1 "),
    (re.compile(r"\bifnull\s*\(", re.I), "coalesce("),
    (re.compile(r"\bAS\s+REAL\b", re.I), "AS DOUBLE PRECISION"),
    (re.compile(r"\bAS\s+INTEGER\b", re.I), "AS BIGINT"),
    (re.compile(r"(?<!I)\bLIKE\b", re.I), "ILIKE"),
)
_SCALAR = re.compile(r"\b(max|min)\s*\(", re.I)
# json_valid(column): PostgreSQL 16 tells without raising; an older server has no
# such test, and its rows were checked when written (remem.store.codec.dumps).
_JSON_VALID = re.compile(r"\bjson_valid\s*\(\s*([\w.]+)\s*\)", re.I)
_BUSY_TIMEOUT = re.compile(r"^\s*PRAGMA\s+busy_timeout\s*=\s*(\d+)\s*$", re.I)
_SYNCHRONOUS = re.compile(r"^\s*PRAGMA\s+synchronous\s*=\s*(\w+)\s*$", re.I)
_FTS_UPKEEP = re.compile(r"^\s*INSERT\s+INTO\s+memories_fts\b", re.I)


class Row(tuple):
    """A result row read by position or by column name, like ``sqlite3.Row``."""

    __slots__ = ()
    _index: dict[str, int] = {}  # noqa: RUF012 - set on each per-shape subclass
    _names: tuple[str, ...] = ()

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            try:
                return tuple.__getitem__(self, self._index[key.lower()])
            except KeyError:
                raise IndexError(f"No item with that key: {key}") from None
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


_ROW_TYPES: dict[tuple[str, ...], type[Row]] = {}


def _row_type(names: tuple[str, ...]) -> type[Row]:
    found = _ROW_TYPES.get(names)
    if found is None:
        index: dict[str, int] = {}
        for i, name in enumerate(names):
            index.setdefault(name.lower(), i)
        found = _ROW_TYPES[names] = type("Row", (Row,), {"_index": index, "_names": names})
    return found


class Cursor:
    """The already-fetched result of one statement."""

    def __init__(self, rows: list[Row], rowcount: int = -1, lastrowid: int | None = None):
        self._rows = rows
        self._at = 0
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    def fetchone(self) -> Row | None:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    def fetchall(self) -> list[Row]:
        rest = self._rows[self._at :]
        self._at = len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Row]:
        return iter(self.fetchall())


class _Statement:
    """One SQLite statement as PostgreSQL runs it."""

    __slots__ = ("order", "returns_id", "special", "sql")

    def __init__(
        self,
        sql: str,
        *,
        returns_id: bool = False,
        special: str = "",
        order: tuple[int, ...] | None = None,
    ) -> None:
        self.sql = sql
        self.returns_id = returns_id  # a RETURNING was added for lastrowid
        self.special = special
        self.order = order  # numbered placeholders (?1): which parameter each one takes


def _scalar_max_min(code: str) -> str:
    """``max(a, b)`` (SQLite's scalar form) as ``GREATEST(a, b)``; the aggregate stays."""
    out, at = [], 0
    for match in _SCALAR.finditer(code):
        if match.start() < at:
            continue
        depth, commas, i = 1, 0, match.end()
        while i < len(code) and depth:
            ch = code[i]
            depth += ch == "("
            depth -= ch == ")"
            commas += ch == "," and depth == 1
            i += 1
        if commas:
            name = "GREATEST(" if match.group(1).lower() == "max" else "LEAST("
            out.append(code[at : match.start()] + name)
            at = match.end()
    out.append(code[at:])
    return "".join(out)


def translate_sql(
    sql: str, tables: Mapping[str, TableInfo], *, named: bool, server: int = 160000
) -> _Statement:
    """``sql`` (SQLite's dialect, as the shared store code writes it) for PostgreSQL
    ``server`` (its ``server_version_num``)."""
    stripped = sql.strip().rstrip(";").strip()
    head = stripped.upper()
    if head in ("BEGIN", "BEGIN IMMEDIATE", "BEGIN EXCLUSIVE", "BEGIN DEFERRED"):
        return _Statement("BEGIN", special="begin")
    if head.startswith("PRAGMA"):
        busy = _BUSY_TIMEOUT.match(stripped)
        if busy:  # SQLite's 0 fails at once; PostgreSQL's 0 would wait forever
            return _Statement(f"SET lock_timeout = {max(1, int(busy.group(1)))}")
        if head.startswith("PRAGMA USER_VERSION") and "=" not in head:
            return _Statement("SELECT CAST(value AS BIGINT) FROM meta WHERE key = 'schema_version'")
        sync = _SYNCHRONOUS.match(stripped)
        if sync:  # transaction(sync=False): a commit that does not wait for the WAL flush
            level = "on" if sync.group(1).upper() in ("FULL", "EXTRA") else "off"
            return _Statement(f"SET synchronous_commit = {level}")
        return _Statement("", special="noop")
    if _FTS_UPKEEP.match(stripped):
        return _Statement("", special="noop")
    literals: list[str] = []

    def hide(match: re.Match[str]) -> str:
        literals.append(match.group(0).replace("%", "%%"))
        return f"\x00{len(literals) - 1}\x00"

    code = _STRING.sub(hide, stripped).replace("%", "%%")
    insert = _INSERT.match(code)
    conflict = ""
    returns_id = False
    if insert:
        mode, table = (insert.group(1) or "").upper(), insert.group(2)
        code = code[: insert.start()] + f"INSERT INTO {table}" + code[insert.end() :]
        info = tables.get(table)
        if mode == "IGNORE":
            conflict = " ON CONFLICT DO NOTHING"
        elif mode == "REPLACE" and info is not None:
            listed = re.match(rf"\s*INSERT INTO {table}\s*\(([^)]*)\)", code)
            columns = [c.strip() for c in listed.group(1).split(",")] if listed else info.columns
            sets = [f"{c} = EXCLUDED.{c}" for c in columns if c not in info.key]
            conflict = f" ON CONFLICT ({', '.join(info.key)}) " + (
                f"DO UPDATE SET {', '.join(sets)}" if sets else "DO NOTHING"
            )
        if info is not None and info.identity and not _RETURNING.search(code) and not conflict:
            conflict = f" RETURNING {info.identity}"
            returns_id = True
    for pattern, repl in _REWRITES:
        code = pattern.sub(repl, code)
    valid = r"pg_input_is_valid(\1, 'jsonb')" if server >= 160000 else "(\1 IS NOT NULL)"
    code = _JSON_VALID.sub(valid, code)
    code = _FUNCS.sub(lambda m: f"remem_{m.group(1).lower()}(", code)
    code = _scalar_max_min(code)
    if conflict:
        returning = _RETURNING.search(code)
        if returning and not returns_id:
            code = code[: returning.start()] + conflict.strip() + " " + code[returning.start() :]
        else:
            code += conflict
    order: tuple[int, ...] | None = None
    if named:
        code = _NAMED.sub(r"%(\1)s", code)
    elif _NUMBERED.search(code):
        order = tuple(int(n) - 1 for n in _NUMBERED.findall(code))
        code = _NUMBERED.sub("%s", code)
    else:
        code = code.replace("?", "%s")
    code = re.sub("\x00(\\d+)\x00", lambda m: literals[int(m.group(1))], code)
    return _Statement(code, returns_id=returns_id, order=order)


def _value(value: Any) -> Any:
    return int(value) if isinstance(value, bool) else value


def _params(params: Sequence[Any] | Mapping[str, Any]) -> list[Any] | dict[str, Any]:
    if isinstance(params, Mapping):
        return {k: _value(v) for k, v in params.items()}
    return [_value(v) for v in params]


def _sqlite_error(exc: psycopg.Error) -> BaseException:
    """The ``sqlite3`` exception the shared store code expects for ``exc``."""
    message = (exc.diag.message_primary or str(exc)).strip()

    def coded(error: sqlite3.Error, code: int, name: str) -> sqlite3.Error:
        error.sqlite_errorcode = code
        error.sqlite_errorname = name
        return error

    if isinstance(exc, pgerrors.UniqueViolation):
        return coded(sqlite3.IntegrityError(f"UNIQUE constraint failed: {message}"), 19, "")
    if isinstance(exc, pgerrors.NumericValueOutOfRange):
        return OverflowError(message)
    if isinstance(exc, (psycopg.IntegrityError, psycopg.DataError, pgerrors.RaiseException)):
        return coded(sqlite3.IntegrityError(message), 19, "SQLITE_CONSTRAINT")
    if isinstance(exc, (pgerrors.LockNotAvailable, pgerrors.QueryCanceled)):
        return coded(sqlite3.OperationalError("database is locked"), 5, "SQLITE_BUSY")
    if isinstance(exc, pgerrors.ReadOnlySqlTransaction | pgerrors.InsufficientPrivilege):
        return coded(sqlite3.OperationalError(message), 8, "SQLITE_READONLY")
    if isinstance(exc, pgerrors.DiskFull):
        return coded(sqlite3.OperationalError(message), 13, "SQLITE_FULL")
    if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
        return coded(sqlite3.OperationalError(f"PostgreSQL: {message}"), 10, "SQLITE_IOERR")
    return coded(sqlite3.OperationalError(f"PostgreSQL: {message}"), 1, "SQLITE_ERROR")


class PgConnection:
    """psycopg under the ``sqlite3.Connection`` surface the store uses (module docstring)."""

    def __init__(self, raw: psycopg.Connection[Any], tables: Mapping[str, TableInfo], lock: int):
        self._raw = raw
        self._tables = dict(tables)
        self._lock_key = lock  # the advisory lock every write transaction takes
        self._cache: dict[tuple[str, bool], _Statement] = {}
        self._server = int(raw.info.server_version)
        self._trace: Callable[[str], None] | None = None
        self.row_factory: Any = None  # rows are always Row (readable by name)

    # -- the sqlite3.Connection surface ---------------------------------------------
    @property
    def in_transaction(self) -> bool:
        return self._raw.info.transaction_status != TransactionStatus.IDLE

    def set_trace_callback(self, callback: Callable[[str], None] | None) -> None:
        self._trace = callback

    def close(self) -> None:
        self._raw.close()

    def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> Cursor:
        statement = self._statement(sql, isinstance(params, Mapping))
        if self._trace is not None:
            self._trace(sql)
        if statement.special == "noop":
            return Cursor([], 0)
        if statement.special == "begin":
            self._run("BEGIN", [])
            try:
                self._run("SELECT pg_advisory_xact_lock(%s)", [self._lock_key])
            except BaseException:
                self._run("ROLLBACK", [])
                raise
            return Cursor([], 0)
        if statement.order is not None:
            params = [list(params)[i] for i in statement.order]
        return self._run(statement.sql, _params(params), returns_id=statement.returns_id)

    def executemany(self, sql: str, seq: Sequence[Sequence[Any] | Mapping[str, Any]]) -> Cursor:
        rows = [_params(p) for p in seq]
        if not rows:
            return Cursor([], 0)
        statement = self._statement(sql, isinstance(rows[0], Mapping))
        if statement.returns_id:  # executemany never needs lastrowid
            statement = _Statement(_RETURNING.split(statement.sql)[0].rstrip())
        if self._trace is not None:
            self._trace(sql)
        try:
            with psycopg.ClientCursor(self._raw) as cur:
                cur.executemany(statement.sql, rows)
                return Cursor([], cur.rowcount)
        except psycopg.Error as exc:
            raise _sqlite_error(exc) from exc

    # -- helpers -------------------------------------------------------------------
    def raw(self) -> psycopg.Connection[Any]:
        """The psycopg connection (PostgreSQL-only statements of the store itself)."""
        return self._raw

    def _statement(self, sql: str, named: bool) -> _Statement:
        key = (sql, named)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 4096:
                self._cache.clear()
            found = self._cache[key] = translate_sql(
                sql, self._tables, named=named, server=self._server
            )
        return found

    def _run(
        self, sql: str, params: list[Any] | dict[str, Any], *, returns_id: bool = False
    ) -> Cursor:
        try:
            with psycopg.ClientCursor(self._raw) as cur:
                cur.execute(sql, params)
                rows: list[Row] = []
                if cur.description is not None:
                    make = _row_type(tuple(d.name for d in cur.description))
                    rows = [make(r) for r in cur.fetchall()]
                if returns_id:
                    return Cursor([], cur.rowcount, rows[-1][0] if rows else None)
                return Cursor(rows, cur.rowcount)
        except psycopg.Error as exc:
            raise _sqlite_error(exc) from exc
