"""The Python API raises remem errors, never raw sqlite3/OSError/RecursionError/
OverflowError, and one row that cannot be decoded never breaks its scope.

Real conditions: a damaged page written into a real file, SQLite's own "full"
state (``max_page_count``: the SQLITE_FULL a full disk gives), nesting deeper
than the JSON encoder allows, rows damaged behind the store's back."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from remem import Memory, NotFoundError, StoreError, ValidationError
from remem.config import Config
from remem.store.sqlite import SQLiteStore

TABLES = ("memories", "resources", "audit", "vectors", "checkpoints")


def _counts(db_path: Path) -> dict[str, int]:
    with closing(sqlite3.connect(db_path)) as db:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def _nested(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def test_a_damaged_page_is_a_store_error_that_points_to_doctor(
    config: Config, db_path: Path
) -> None:
    with Memory(db_path, config=config) as mem:
        for i in range(40):
            mem.add(f"note {i} about the garden shed and its rusty hinges " * 20, user_id="u")
    with closing(sqlite3.connect(db_path)) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'memories'").fetchone()
    with db_path.open("r+b") as fh:  # garbage over the memories table's root page
        fh.seek((root[0] - 1) * page_size)
        fh.write(b"\xa5" * page_size)
    with Memory(db_path, config=config) as mem:
        with pytest.raises(StoreError, match="remem doctor"):
            mem.list(user_id="u")
        with pytest.raises(StoreError, match="remem doctor"):
            mem.add("one more", user_id="u")


def test_a_full_disk_is_a_store_error_and_writes_nothing(mem: Memory, db_path: Path) -> None:
    mem.add("an existing memory", user_id="u")
    before = _counts(db_path)
    assert isinstance(mem.store, SQLiteStore)
    # SQLite's page limit gives the same SQLITE_FULL a full disk does
    pages = mem.store._db.execute("PRAGMA page_count").fetchone()[0]
    mem.store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreError, match="disk is full"):
        mem.add(
            [{"role": "user", "content": f"fact {i} " * 300} for i in range(50)],
            user_id="u",
            infer=False,
        )
    assert _counts(db_path) == before
    mem.store._db.execute("PRAGMA max_page_count = 1073741823")
    mem.add("room again", user_id="u")


def test_deeply_nested_json_is_a_validation_error(mem: Memory, db_path: Path) -> None:
    mem.add("an existing memory", user_id="u")
    before = _counts(db_path)
    with pytest.raises(ValidationError, match="nested too deeply"):
        mem.add("a memory with a deep metadata", user_id="u", metadata=_nested(5000))
    with pytest.raises(ValidationError, match="nested too deeply"):
        mem.checkpoint("s", 0, {"internal_state": _nested(5000)}, user_id="u")
    assert _counts(db_path) == before


def test_huge_offsets_and_limits_are_validation_errors(mem: Memory) -> None:
    mem.add("an existing memory", user_id="u")
    with pytest.raises(ValidationError, match="offset"):
        mem.list(user_id="u", offset=2**70)
    with pytest.raises(ValidationError):
        mem.store.list_memories(mem.list(user_id="u").items[0].scope, limit=2**64)


def test_export_onto_an_existing_file_is_a_validation_error(mem: Memory, tmp_path: Path) -> None:
    mem.add("an existing memory", user_id="u")
    target = tmp_path / "backup.jsonl"
    target.write_text("keep me")
    with pytest.raises(ValidationError, match="not a directory"):
        mem.export_to(target)
    assert target.read_text() == "keep me"


def _damage(db_path: Path, memory_id: str, column: str, value: object) -> None:
    with closing(sqlite3.connect(db_path)) as db:
        db.execute(f"UPDATE memories SET {column} = ? WHERE id = ?", (value, memory_id))
        db.commit()


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("tier", "bogus"),
        ("kind", "memo"),
        ("tags", '"x"'),
        ("tags", "{not json"),
        ("data", "[1, 2]"),
        ("importance", "high"),
        ("created_at", "yesterday"),
    ],
)
def test_a_row_that_cannot_be_decoded_is_skipped_everywhere(
    mem: Memory,
    db_path: Path,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    column: str,
    value: object,
) -> None:
    good = mem.add("the garden shed has a green door", user_id="u")[0]
    bad = mem.add("the garden shed has a red roof", user_id="u")[0]
    _damage(db_path, bad.id, column, value)
    with caplog.at_level(logging.WARNING, logger="remem"):
        for _ in range(2):
            assert [h.memory.id for h in mem.search("garden shed", user_id="u")] == [good.id]
            assert [m.id for m in mem.list(user_id="u").items] == [good.id]
        with pytest.raises(NotFoundError):
            mem.get(bad.id, user_id="u")
        counts = mem.export_to(tmp_path / "out")
    assert sum(n for name, n in counts.items() if name.startswith("facts-")) == 1
    warnings = [r for r in caplog.records if bad.id in r.getMessage()]
    assert len(warnings) == 1 and "remem doctor" in warnings[0].getMessage()
    assert mem.get(good.id, user_id="u").content == good.content


def test_a_vector_of_the_wrong_size_never_breaks_a_search(mem: Memory, db_path: Path) -> None:
    mine = mem.add("the garden shed has a green door", user_id="u")[0]
    theirs = mem.add("the garden shed has a red roof", user_id="v")[0]
    with closing(sqlite3.connect(db_path)) as db:  # as a bad import would leave it
        db.execute(
            "UPDATE vectors SET dim = 3, vector = ? WHERE memory_seq = "
            "(SELECT seq FROM memories WHERE id = ?)",
            (np.ones(3, np.float32).tobytes(), theirs.id),
        )
        db.commit()
    for sources in (["vector"], None):
        hits = mem.search("garden shed door", user_id="u", sources=sources)
        assert [h.memory.id for h in hits] == [mine.id]
    # its own user still finds it through the words
    assert [h.memory.id for h in mem.search("red roof", user_id="v")] == [theirs.id]


def test_every_public_store_method_is_translated() -> None:
    # A method added later is covered too: the class decorator wraps what is public.
    for name in dir(SQLiteStore):
        attr = getattr(SQLiteStore, name)
        if name.startswith("_") or name == "transaction" or not callable(attr):
            continue
        assert hasattr(attr, "__wrapped__"), name


def test_damaged_inputs_events_and_checkpoints_never_break_an_export(
    mem: Memory, db_path: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for text in ("the shed door is green", "the shed roof is red"):
        mem.add(text, user_id="u", session_id="s")
    mem.checkpoint("s", 0, {"user_input": "hello"}, user_id="u")
    mem.checkpoint("s", 1, {"user_input": "again"}, user_id="u")
    with closing(sqlite3.connect(db_path)) as db:
        db.execute("DROP TRIGGER resources_no_update")  # damage behind the store's back
        db.execute("UPDATE resources SET metadata = '{broken' WHERE rowid = 1")
        db.execute("UPDATE audit SET at = 'a while ago' WHERE id = 1")
        db.execute("UPDATE checkpoints SET state = '[1]' WHERE turn = 0")
        db.commit()
    with caplog.at_level(logging.WARNING, logger="remem"):
        counts = mem.export_to(tmp_path / "out")
        assert mem.replay("s", 1, user_id="u").user_input == "again"
    assert counts["resources.jsonl"] == 1 and counts["checkpoints.jsonl"] == 1
    assert counts["memory-log.jsonl"] == _counts(db_path)["audit"] - 1
    skipped = [r.getMessage() for r in caplog.records if "cannot be read" in r.getMessage()]
    assert len(skipped) == 3, skipped
