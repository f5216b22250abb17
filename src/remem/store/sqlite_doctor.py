"""``remem doctor`` for :class:`remem.store.sqlite.SQLiteStore`: what is wrong with
the file, found without changing it.

Checks: SQLite's own ``quick_check`` (``integrity_check`` with ``full``), the
schema version and mark, rows that cannot be decoded (skipped by every read),
vectors of the wrong size or of another model than the configured one, the
FTS5 index against the memories it indexes, an erase not yet finished on disk,
and temp files left beside the database. Opening the store has already
repaired what it safely can (a pending erase, orphaned temp files); the report
lists that too.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any

from remem.errors import StoreError
from remem.model import DoctorReport, Finding
from remem.store import sidefiles
from remem.store.codec import rows_to_memories
from remem.store.schema import APPLICATION_ID, LATEST_VERSION

SHOWN = 50  # ids or lines a finding lists (the count says how many there are)
_BATCH = 2000  # rows decoded at a time while looking for undecodable ones
_JSON_COLUMNS = (  # (table, key, JSON columns) the store's SQL reads with JSON functions
    ("memories", "id", ("data", "tags", "entities")),
    ("resources", "id", ("metadata",)),
    ("audit", "id", ("detail",)),
    ("working_memory", "id", ("data",)),
    ("triggers", "id", ("memory_ids",)),
)


class DoctorMixin:
    """:meth:`doctor` (see the module docstring)."""

    path: str
    read_only: bool
    repaired: list[str]
    _db: sqlite3.Connection
    _lock: threading.RLock
    transaction: Callable[[], AbstractContextManager[None]]

    def erase_pending(self) -> bool:
        raise NotImplementedError  # provided by EraseMixin

    def doctor(self, *, model_id: str | None = None, full: bool = False) -> DoctorReport:
        """Every check, each a :class:`Finding`; ``model_id``: the configured embedder's."""
        checks: list[tuple[str, Callable[[], Finding]]] = [
            ("integrity_check" if full else "quick_check", lambda: self._integrity(full)),
            ("schema", self._schema),
            ("rows", self._undecodable_rows),
            ("vectors", lambda: self._vectors(model_id)),
            ("fts", self._fts),
            ("erase", self._pending_erase),
            ("temp_files", self._temp_files),
        ]
        with self._lock:
            findings = [_run(name, check) for name, check in checks]
        return DoctorReport(
            path=self.path,
            healthy=all(f.ok for f in findings),
            checks=findings,
            repaired=list(self.repaired),
        )

    def _integrity(self, full: bool) -> Finding:
        pragma = "integrity_check" if full else "quick_check"
        lines = [str(r[0]) for r in self._db.execute(f"PRAGMA {pragma}({SHOWN})")]
        if lines == ["ok"]:
            return Finding(pragma, True, "the file's pages are consistent")
        return Finding(
            pragma, False, "damaged pages: export what reads, then restore or rebuild", lines
        )

    def _schema(self) -> Finding:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        mark = self._db.execute("PRAGMA application_id").fetchone()[0]
        if mark != APPLICATION_ID:
            return Finding("schema", False, f"application_id {mark:#x}, not remem's")
        if version != LATEST_VERSION:
            return Finding(
                "schema", False, f"schema version {version}; this remem expects {LATEST_VERSION}"
            )
        return Finding("schema", True, f"schema version {version}")

    def _undecodable_rows(self) -> Finding:
        bad: list[str] = []
        for rows in self._memory_batches():
            rows_to_memories(rows, skip=lambda memory_id, exc: bad.append(str(memory_id)))
        damaged = self._damaged_json()
        problems = []
        if bad:
            problems.append(
                f"{len(bad)} memories cannot be read (skipped by search, list, get and "
                "export); forget or re-import them"
            )
        if damaged:
            problems.append(
                f"{len(damaged)} rows hold JSON the database cannot read (NaN, infinity or "
                "damaged text; filters pass them over, reads show NaN as null): update "
                "or delete them, or export and re-import"
            )
        if not problems:
            return Finding("rows", True, "every memory decodes; every JSON field is valid")
        shown = [*bad, *(d for d in damaged if d not in bad)]
        return Finding("rows", False, "; ".join(problems), shown[:SHOWN])

    def _damaged_json(self) -> list[str]:
        """``table id`` of each row whose JSON column the database cannot parse (its
        JSON functions, and so every filter reading it, would fail on it)."""
        found: list[str] = []
        for table, key, columns in _JSON_COLUMNS:
            test = " OR ".join(f"NOT json_valid({c})" for c in columns)
            rows = self._db.execute(
                f"SELECT {key} FROM {table} WHERE {test} ORDER BY {key} LIMIT ?", (SHOWN,)
            ).fetchall()
            found += [f"{table} {r[0]}" if table != "memories" else str(r[0]) for r in rows]
        return found

    def _memory_batches(self) -> Iterator[Sequence[sqlite3.Row]]:
        last = 0
        while True:
            rows = self._db.execute(
                "SELECT * FROM memories WHERE seq > ? ORDER BY seq LIMIT ?", (last, _BATCH)
            ).fetchall()
            if not rows:
                return
            yield rows
            last = rows[-1]["seq"]

    def _vectors(self, model_id: str | None) -> Finding:
        models = self._db.execute(
            # CASE, not sum(<bool>): PostgreSQL has no sum of booleans
            "SELECT model_id, dim, count(*), sum(CASE WHEN length(vector) != 4 * dim THEN 1 "
            "ELSE 0 END) "
            "FROM vectors GROUP BY 1, 2 ORDER BY 1, 3 DESC"
        ).fetchall()
        problems: list[str] = []
        ids: list[str] = []
        seen: set[str] = set()
        for model, dim, count, broken in models:
            if model in seen:  # a second size of one model: the first (most) is its size
                problems.append(f"{count} vectors of {model} have {dim} dimensions")
                ids += self._vector_ids("v.model_id = ? AND v.dim = ?", (model, dim))
            seen.add(model)
            if broken:
                problems.append(f"{broken} vectors of {model} are not {dim} floats long")
                ids += self._vector_ids(
                    "v.model_id = ? AND v.dim = ? AND length(v.vector) != 4 * v.dim",
                    (model, dim),
                )
            if model_id is not None and model != model_id:
                problems.append(
                    f"{count} vectors of model {model}, not the configured {model_id} "
                    "(run `remem reembed`)"
                )
        # memories a meaning search cannot find: no vector at all (an import of an
        # export made without --embeddings, an interrupted write); purged ones hold none
        (missing,) = self._db.execute(
            "SELECT count(*) FROM memories m WHERE m.status != 'purged' AND NOT EXISTS "
            "(SELECT 1 FROM vectors v WHERE v.memory_seq = m.seq)"
        ).fetchone()
        if missing:
            problems.append(f"{missing} memories have no vector (meaning search misses them)")
            ids += [
                str(r[0])
                for r in self._db.execute(
                    "SELECT m.id FROM memories m WHERE m.status != 'purged' AND NOT EXISTS "
                    f"(SELECT 1 FROM vectors v WHERE v.memory_seq = m.seq) ORDER BY m.seq "
                    f"LIMIT {SHOWN}"
                )
            ]
        if not problems:
            return Finding("vectors", True, f"{sum(r[2] for r in models)} vectors, all usable")
        return Finding(
            "vectors",
            False,
            "; ".join(problems) + " (searches leave them out; `remem reembed` replaces them)",
            list(dict.fromkeys(ids))[:SHOWN],
        )

    def _vector_ids(self, where: str, params: tuple[Any, ...]) -> list[str]:
        rows = self._db.execute(
            "SELECT m.id FROM vectors v JOIN memories m ON m.seq = v.memory_seq "
            f"WHERE {where} ORDER BY m.seq LIMIT {SHOWN}",
            params,
        )
        return [str(r[0]) for r in rows]

    def _fts(self) -> Finding:
        if self.read_only:
            return Finding("fts", True, "not checked (the store is read-only)")
        try:
            # checks the index and that it matches the memories it indexes; writes nothing
            self._db.execute(
                "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)"
            )
        except sqlite3.DatabaseError as exc:
            return Finding(
                "fts",
                False,
                f"the full-text index does not match the memories ({exc}); rebuild it with "
                "`remem doctor --rebuild-fts`",
            )
        return Finding("fts", True, "the full-text index matches the memories")

    def _pending_erase(self) -> Finding:
        if not self.erase_pending():
            return Finding("erase", True, "no erase pending")
        return Finding(
            "erase",
            False,
            "an erase is not finished on disk: a reader still holds old pages; the next "
            "open after it leaves finishes it",
        )

    def _temp_files(self) -> Finding:
        left = sidefiles.temp_files(self.path)
        orphans = set(sidefiles.orphaned_temp_files(self.path))
        if not orphans:
            detail = f"{len(left)} temp files of running saves" if left else "no temp files"
            return Finding("temp_files", True, detail, [str(p) for p in left])
        return Finding(
            "temp_files",
            False,
            f"{len(orphans)} temp files of dead processes could not be removed",
            sorted(str(p) for p in orphans),
        )

    def rebuild_fts(self) -> None:
        """Rebuild the full-text index from the memories (after ``doctor`` found it off)."""
        with self.transaction():
            self._db.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")


def _run(name: str, check: Callable[[], Finding]) -> Finding:
    """One check; SQLite failing while checking is itself the finding."""
    try:
        return check()
    except (StoreError, sqlite3.Error) as exc:
        return Finding(name, False, f"the check failed: {exc}")
