"""What a store holds, on either backend: read through the Store protocol (the
snapshot a "this changed nothing" assertion compares), or every text column of the
live schema read directly (what redaction tests search for secrets)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from remem.store.base import Store


def snapshot(store: Store) -> tuple[list[tuple[Any, ...]], int]:
    """Every memory (any status, every field) in id order, and the audit log's length:
    what a lifecycle job or a feedback judgement would alter."""
    rows = [dataclasses.astuple(r) for r in sorted(store.iter_memories(), key=lambda r: r.id)]
    return rows, sum(1 for _ in store.iter_events())


def stored_text(target: object) -> str:
    """Every byte a store holds, as text: a SQLite file with its WAL and every file
    beside it (``target`` a path), or every row of every table of a PostgreSQL
    schema (``target`` its URL). What "this string is gone from the store" checks."""
    from pathlib import Path

    if isinstance(target, Path):
        files = sorted(target.parent.glob(target.name + "*"))
        return b"".join(p.read_bytes() for p in files).decode("utf-8", "replace")
    import psycopg

    with psycopg.connect(str(target)) as db:
        tables = [
            r[0]
            for r in db.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            )
        ]
        out = []
        for table in tables:
            for (row,) in db.execute(f'SELECT t::text FROM "{table}" t'):
                out.append(row)
    return "\n".join(out)


Rows = Callable[..., list[tuple[Any, ...]]]  # the store_rows fixture of conftest


def text_columns(rows: Rows, backend: str) -> list[tuple[str, str]]:
    """Every (table, column) of a text type in the live schema of either backend."""
    if backend == "postgres":
        found = rows(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND data_type IN "
            "('text', 'character varying', 'json', 'jsonb') ORDER BY 1, 2"
        )
        return [(str(t), str(c)) for t, c in found]
    out = []
    for (table,) in rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1"):
        for column in rows(f"SELECT name, type FROM pragma_table_info('{table}')"):
            if str(column[1]).upper() in ("TEXT", ""):
                out.append((str(table), str(column[0])))
    return out


def dump(rows: Rows, columns: list[tuple[str, str]]) -> Iterator[tuple[str, str, str]]:
    """``(table, column, value)`` of every non-NULL value of the columns."""
    for table, column in columns:
        for (value,) in rows(f'SELECT CAST("{column}" AS TEXT) FROM "{table}"'):
            if value is not None:
                yield table, column, str(value)
