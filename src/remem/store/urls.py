"""Which store a target names: a ``postgresql://`` URL, or else a SQLite file.

Kept apart from :mod:`remem.store.postgres` so the default path can tell the two
apart without importing psycopg.
"""

from __future__ import annotations

import re

SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` (a path or a URL) names a PostgreSQL database."""
    return isinstance(target, str) and target.startswith(SCHEMES)


def display_url(url: str) -> str:
    """``url`` without its password (for messages and ``stats()``)."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)
