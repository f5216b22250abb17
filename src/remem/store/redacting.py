"""The store's one redaction choke point, shared by every backend.

All of the store's code (the mixins of :class:`remem.store.sqlite.SQLiteStore`,
which :class:`remem.store.postgres.PostgresStore` runs too) reaches its database
through ``self._db``; whatever connection a backend assigns there (``sqlite3``,
the PostgreSQL adapter of :mod:`remem.store.pg_conn`, a future one) is wrapped
in :class:`RedactedWrites` by the store itself (the ``_db`` property), so no
backend can forget it. Each ``INSERT``, ``UPDATE`` or ``REPLACE`` has every text
parameter passed through :func:`remem.secrets.scrub` before the backend sees it:
memories, resources, audit details and actors, checkpoints, summaries, entities,
relations, metadata keys and values, reasons, names, session ids, triggers,
working items, sessions, pending work, API key names, job details. JSON texts
are scrubbed value by value so they stay valid JSON. Reads pass untouched.

Statements are parameterised throughout the store; literal text in SQL is never
user text. A memory's content is also redacted earlier, by the codec
(:func:`remem.store.codec.memory_to_row`), because its hash must be of the
redacted text; that is the same function, so the two agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from remem.secrets import scrub_params

_WRITE = re.compile(
    r"\s*(?:INSERT|UPDATE|REPLACE|WITH\b.*?\b(?:INSERT|UPDATE|REPLACE))\b", re.I | re.S
)


def _is_write(sql: str) -> bool:
    return _WRITE.match(sql) is not None


class RedactedWrites:
    """A database connection (anything with ``execute``/``executemany``) whose writes
    scrub their text parameters; every other attribute is the connection's own."""

    __slots__ = ("_inner",)

    def __init__(self, inner: Any) -> None:
        object.__setattr__(self, "_inner", inner)

    @property
    def inner(self) -> Any:
        """The backend's connection under the choke point."""
        return self._inner

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        if parameters and _is_write(sql):
            parameters = scrub_params(parameters)
        return self._inner.execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Any:
        if _is_write(sql):
            parameters = [scrub_params(p) for p in parameters]
        return self._inner.executemany(sql, parameters)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._inner, name, value)  # row_factory and the like are the connection's


def redacted_writes(connection: Any) -> Any:
    """``connection`` behind the choke point (once: a wrapped one is returned as is)."""
    return connection if isinstance(connection, RedactedWrites) else RedactedWrites(connection)
