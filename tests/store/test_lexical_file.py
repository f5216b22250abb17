"""The saved BM25 index (<db>.bm25): reused by a new process only while it matches."""

from __future__ import annotations

import dataclasses
import shutil
from contextlib import closing
from pathlib import Path

import pytest

from remem.model import MemoryRecord, Scope, Status
from remem.store import lexical_file
from remem.store.lexical_file import lexical_path
from remem.store.sqlite import SQLiteStore

SCOPE = Scope(user_id="u")
MIN_ROWS = 300  # the store's threshold for saving a file, lowered for these tests


@pytest.fixture(autouse=True)
def _smaller_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The store saves its index from lexical_file.MIN_ROWS rows (5,000): the same
    rules at 300 rows, so each test fills 300 memories instead of 5,000. The save-again
    threshold (RESAVE_ROWS) is left as shipped."""
    assert lexical_file.MIN_ROWS > MIN_ROWS
    monkeypatch.setattr(lexical_file, "MIN_ROWS", MIN_ROWS)


TOPICS = ["kayak", "violin", "garden", "pottery", "marathon", "chess"]


def _fill(path: Path, n: int = MIN_ROWS, *, user: str = "u", first: int = 0) -> list[MemoryRecord]:
    records = [
        MemoryRecord(content=f"{TOPICS[i % 6]} club note {first + i}", user_id=user)
        for i in range(n)
    ]
    with closing(SQLiteStore(path)) as store:
        store.insert_memories(records, vectors=None, model_id=None)
    return records


def _open(path: Path, **kwargs: bool) -> SQLiteStore:
    return SQLiteStore(path, **kwargs)


def _search(store: SQLiteStore, word: str, limit: int = 5) -> list[str]:
    return [m for m, _ in store.bm25_search([word], SCOPE, limit=limit)]


def test_saved_index_is_reused_and_kept_current(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    records = _fill(db)
    with closing(_open(db)) as first:
        built = _search(first, "kayak")
        assert first._lexical_index().loaded is False
    assert lexical_path(str(db)).exists()
    with closing(_open(db)) as second:
        assert _search(second, "kayak") == built
        assert second._lexical_index().loaded is True
        # rows added after the save are appended, status changes are re-read
        second.insert_memories(
            [MemoryRecord(content="kayak kayak kayak regatta", user_id="u")],
            vectors=None,
            model_id=None,
        )
        gone = dataclasses.replace(records[0], status=Status.FORGOTTEN)
        second.update_memory(gone)
    with closing(_open(db)) as third:
        hits = _search(third, "kayak", limit=3)
        assert third._lexical_index().loaded is True
        assert records[0].id not in _search(third, "kayak", limit=MIN_ROWS)
        new = third.get_memories(hits[:1], SCOPE)[0]
        assert new.content == "kayak kayak kayak regatta"


def test_changed_tags_make_the_file_unusable(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    records = _fill(db)
    with closing(_open(db)) as store:
        _search(store, "kayak")
        store.update_memory(dataclasses.replace(records[1], tags=["zeppelin"]))
    with closing(_open(db)) as store:
        assert _search(store, "zeppelin") == [records[1].id]
        assert store._lexical_index().loaded is False  # rebuilt: the text changed


def test_erase_removes_the_file_and_its_words(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _fill(db)
    _fill(db, 10, user="gone")
    with closing(_open(db)) as store:
        _search(store, "kayak")
        assert lexical_path(str(db)).exists()
        store.erase(Scope(user_id="gone"))
        assert not lexical_path(str(db)).exists()
        assert store.bm25_search(["kayak"], Scope(user_id="gone"), limit=5) == []
        assert _search(store, "kayak")  # rebuilt for the others (and saved again)
    assert lexical_path(str(db)).exists()


def test_foreign_or_broken_files_are_ignored(tmp_path: Path) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    _fill(a)
    other = _fill(b, first=1)
    with closing(_open(a)) as store:
        _search(store, "kayak")
    with closing(_open(b)) as store:
        expected = _search(store, "kayak")
    # b's file replaced by a's (same epoch, same size, other texts): not used
    shutil.copy(lexical_path(str(a)), lexical_path(str(b)))
    with closing(_open(b)) as store:
        assert _search(store, "kayak") == expected
        assert store._lexical_index().loaded is False
        assert set(expected) <= {r.id for r in other}
    lexical_path(str(b)).write_bytes(b"PK\x03\x04 not really a zip file")
    with closing(_open(b)) as store:
        assert _search(store, "kayak") == expected


def test_small_stores_and_opt_out_write_no_file(tmp_path: Path) -> None:
    small, off = tmp_path / "small.db", tmp_path / "off.db"
    _fill(small, MIN_ROWS - 1)
    _fill(off)
    with closing(_open(small)) as store:
        assert _search(store, "kayak")
    with closing(_open(off, lexical_persist=False)) as store:
        assert _search(store, "kayak")
    assert not lexical_path(str(small)).exists()
    assert not lexical_path(str(off)).exists()
