"""REST API keys in SQLite (the ``api_keys`` table, migration m010). A mixin of
:class:`remem.store.sqlite.SQLiteStore`.

Only a key's SHA-256 digest is stored, as a BLOB: the connection's redaction
(:mod:`remem.store.redacting`) scrubs text parameters, and a digest is no text.
Revocation is one conditional ``UPDATE``: a revoked key keeps its first
revocation time.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from remem.errors import ValidationError
from remem.model import ApiKey, KeyRole
from remem.store.codec import parse_ts, ts

_COLUMNS = (
    "id", "digest", "role", "name", "namespace", "user_id", "agent_id", "rate_per_minute",
    "created_at", "revoked_at",
)  # fmt: skip


class KeyTablesMixin:
    """API keys: add, get, list, revoke."""

    _db: sqlite3.Connection
    _lock: threading.RLock

    def transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # provided by SQLiteStore

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def add_api_key(self, key: ApiKey) -> None:
        with self.transaction():
            if self._db.execute("SELECT 1 FROM api_keys WHERE id = ?", (key.id,)).fetchone():
                raise ValidationError(f"an API key with id {key.id!r} exists already")
            self._db.execute(
                f"INSERT INTO api_keys ({', '.join(_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(_COLUMNS))})",
                [
                    key.id,
                    sqlite3.Binary(key.digest),
                    key.role.value,
                    key.name,
                    key.namespace,
                    key.user_id,
                    key.agent_id,
                    key.rate_per_minute,
                    ts(key.created_at),
                    ts(key.revoked_at),
                ],
            )

    def get_api_key(self, key_id: str) -> ApiKey | None:
        rows = self._query("SELECT * FROM api_keys WHERE id = ?", (key_id,))
        return _key(rows[0]) if rows else None

    def list_api_keys(self, *, include_revoked: bool = False) -> list[ApiKey]:
        where = "" if include_revoked else " WHERE revoked_at IS NULL"
        rows = self._query(f"SELECT * FROM api_keys{where} ORDER BY created_at, id")
        return [_key(r) for r in rows]

    def revoke_api_key(self, key_id: str, *, at: datetime) -> ApiKey | None:
        with self.transaction():
            self._db.execute(
                "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                (ts(at), key_id),
            )
            row = self._db.execute("SELECT * FROM api_keys WHERE id = ?", (key_id,)).fetchone()
        return _key(row) if row is not None else None


def _key(row: sqlite3.Row) -> ApiKey:
    created = parse_ts(row["created_at"])
    assert created is not None  # NOT NULL column
    return ApiKey(
        id=row["id"],
        digest=bytes(row["digest"]),
        role=KeyRole(row["role"]),
        name=row["name"],
        namespace=row["namespace"],
        user_id=row["user_id"],
        agent_id=row["agent_id"],
        rate_per_minute=row["rate_per_minute"],
        created_at=created,
        revoked_at=parse_ts(row["revoked_at"]),
    )
