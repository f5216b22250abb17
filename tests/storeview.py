"""What a store holds, read through the Store protocol (so on either backend): the
snapshot a "this changed nothing" assertion compares."""

from __future__ import annotations

import dataclasses
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
