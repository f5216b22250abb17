"""BM25 for :class:`remem.store.sqlite.SQLiteStore`: the in-process index
(:mod:`remem.store.lexical`, saved beside the file by :mod:`remem.store.lexical_file`)
or SQLite's FTS5, and the SQL re-check of what the index proposes."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any

from remem.model import Scope
from remem.store import lexical_file
from remem.store.base import ListFilter
from remem.store.lexical import LexicalIndex
from remem.store.lexical_file import lexical_path
from remem.store.sqlwhere import filter_sql, scope_sql

_LEXICAL_TEXT = "content || ' ' || tags || ' ' || entities"  # what BM25 indexes of a memory


class LexicalMixin:
    """``bm25_search`` and the in-process BM25 index it reads."""

    path: str
    lexical: bool
    lexical_persist: bool
    read_only: bool
    _db: sqlite3.Connection
    _lock: threading.RLock
    _depth: int
    _lexical: LexicalIndex | None
    _lexical_epochs: tuple[str, str]

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # provided by SQLiteStore

    def _cache_epochs(self) -> tuple[str, str, str]:
        raise NotImplementedError  # provided by VectorTablesMixin

    def _verified_top(
        self,
        propose: Callable[[int, bool], list[tuple[int, float]]],
        scope: Scope,
        filters: ListFilter | None,
        limit: int,
    ) -> list[tuple[str, float]]:
        raise NotImplementedError  # provided by VectorTablesMixin

    def bm25_search(
        self,
        terms: Sequence[str],
        scope: Scope,
        *,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]:
        quoted = [f'"{t.replace(chr(34), "")}"' for t in terms if t.strip()]
        if not quoted:
            return []
        if self.lexical:
            return self._lexical_search(terms, scope, limit=limit, filters=filters)
        where, params = scope_sql(scope, "m")
        fwhere, fparams = filter_sql(filters, "m")
        rows = self._query(
            "SELECT m.id, bm25(memories_fts, 1.0, 0.5, 0.5) AS s FROM memories_fts "
            "JOIN memories m ON m.seq = memories_fts.rowid "
            f"WHERE memories_fts MATCH ?{where}{fwhere} ORDER BY s LIMIT ?",
            [" OR ".join(quoted), *params, *fparams, limit],
        )
        return [(r[0], -float(r[1])) for r in rows]

    def _lexical_index(self) -> LexicalIndex:
        """The in-process BM25 index, brought up to date with the file (see lexical.py),
        loaded from its saved copy when a new process has one (lexical_file.py)."""
        with self._lock:
            status_epoch, vector_epoch, text_epoch = self._cache_epochs()
            epoch = f"{vector_epoch}/{text_epoch}"
            if self._lexical is None or self._lexical_epochs[1] != epoch:
                loaded = None
                if self.lexical_persist:
                    loaded = lexical_file.load(
                        lexical_path(self.path), epoch=epoch, read_sample=self._lexical_sample
                    )
                self._lexical = loaded or LexicalIndex()
                self._lexical_epochs = ("", epoch)
            index = self._lexical
            index.append(
                (r[0], r[1], r[2], r[3], bool(r[4]), r[5])
                for r in self._db.execute(
                    "SELECT seq, user_id, agent_id, namespace, status = 'active', "
                    f"{_LEXICAL_TEXT} FROM memories WHERE seq > ? ORDER BY seq",
                    (index.max_seq,),
                )
            )
            if self._lexical_epochs[0] != status_epoch:
                index.reset_inactive(
                    r[0]
                    for r in self._db.execute("SELECT seq FROM memories WHERE status != 'active'")
                )
            self._lexical_epochs = (status_epoch, epoch)
            if (
                self.lexical_persist
                and not self.read_only
                and self._depth == 0  # rows of an open write may yet be rolled back
                and len(index) >= lexical_file.MIN_ROWS
                and index.unsaved
                and (
                    index.unsaved == len(index)
                    or index.unsaved >= lexical_file.resave_after(len(index))
                )
            ):
                lexical_file.save(
                    index,
                    lexical_path(self.path),
                    epoch=epoch,
                    read_sample=self._lexical_sample,
                    current=lambda: "/".join(self._cache_epochs()[1:]),
                )
            return index

    def _lexical_sample(self, seqs: Sequence[int]) -> list[tuple[int, Any, Any, Any, str]]:
        """``(seq, user_id, agent_id, namespace, indexed text)`` of the rows ``seqs``."""
        if not seqs:
            return []
        rows = self._db.execute(
            f"SELECT seq, user_id, agent_id, namespace, {_LEXICAL_TEXT} FROM memories "
            f"WHERE seq IN ({', '.join('?' * len(seqs))})",
            list(seqs),
        )
        return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def _lexical_search(
        self,
        terms: Sequence[str],
        scope: Scope,
        *,
        limit: int,
        filters: ListFilter | None,
    ) -> list[tuple[str, float]]:
        index = self._lexical_index()
        return self._verified_top(
            lambda want, only_active: index.search(terms, scope, want, only_active=only_active),
            scope,
            filters,
            limit,
        )
