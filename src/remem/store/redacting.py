"""The store's one redaction choke point: a SQLite connection that scrubs what it writes.

:class:`SQLiteStore` opens its file through :class:`RedactingConnection`, so
every ``INSERT``, ``UPDATE`` or ``REPLACE`` any of its methods (or a method
added later) runs has each text parameter passed through
:func:`remem.secrets.scrub` before SQLite sees it: memories, resources, audit
details, checkpoints, summaries, entities, metadata, reasons, names, session
ids. JSON texts are scrubbed value by value so they stay valid JSON. Reads are
untouched. Statements are parameterised throughout the store; literal text in
SQL is never user text.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from typing import Any

from remem.secrets import scrub_params

_WRITE = re.compile(
    r"\s*(?:INSERT|UPDATE|REPLACE|WITH\b.*?\b(?:INSERT|UPDATE|REPLACE))\b", re.I | re.S
)


def _is_write(sql: str) -> bool:
    return _WRITE.match(sql) is not None


class RedactingCursor(sqlite3.Cursor):
    """A cursor whose writes scrub their text parameters."""

    def execute(self, sql: str, parameters: Any = (), /) -> RedactingCursor:
        if parameters and _is_write(sql):
            parameters = scrub_params(parameters)
        super().execute(sql, parameters)
        return self

    def executemany(self, sql: str, seq_of_parameters: Iterable[Any], /) -> RedactingCursor:
        if _is_write(sql):
            seq_of_parameters = [scrub_params(p) for p in seq_of_parameters]
        super().executemany(sql, seq_of_parameters)
        return self


class RedactingConnection(sqlite3.Connection):
    """A connection whose ``execute``/``executemany`` (and cursors) scrub what they write.

    ``sqlite3.Connection.execute`` makes its cursor in C without calling
    :meth:`cursor`, so both entry points are overridden."""

    def cursor(self, factory: Any = RedactingCursor) -> Any:
        return super().cursor(factory)

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if parameters and _is_write(sql):
            parameters = scrub_params(parameters)
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        if _is_write(sql):
            parameters = [scrub_params(p) for p in parameters]
        return super().executemany(sql, parameters)
