"""The store a :class:`~remem.config.Config` (or a path / URL) names: the one place
that chooses between the SQLite file and the PostgreSQL database."""

from __future__ import annotations

from pathlib import Path

from remem.config import Config
from remem.store.ann import ann_settings
from remem.store.base import Store
from remem.store.sqlite import SQLiteStore
from remem.store.urls import is_postgres_url


def open_store(config: Config, target: str | Path | None = None) -> Store:
    """``target`` (a SQLite path or a ``postgresql://`` URL) if given, else
    ``config.store_url``, else the SQLite file ``config.database``."""
    where = str(target) if target is not None else config.store_url
    if where is not None and is_postgres_url(where):
        from remem.store.postgres import PostgresStore  # psycopg only when asked for

        return PostgresStore(
            where, ann=ann_settings(config), erase_wait_ms=config.erase_checkpoint_wait_ms
        )
    return SQLiteStore(
        Path(target) if target is not None else config.database,
        ann=ann_settings(config),
        lexical=config.bm25_backend == "memory",
        lexical_persist=config.bm25_persist,
        mmap_bytes=config.sqlite_mmap_mb * 2**20,
        erase_wait_ms=config.erase_checkpoint_wait_ms,
    )
