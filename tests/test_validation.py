"""One validator for every write: update, add, remember, checkpoint, infer and the
store's own guard refuse bad input, name the field, and write nothing."""

from __future__ import annotations

import math
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from remem import Memory, ValidationError
from remem.config import Config
from remem.model import MemoryRecord, Tier

TABLES = ("memories", "resources", "audit", "vectors", "checkpoints", "token_vectors")


def _snapshot(mem: Memory, db_path: Path) -> tuple[dict[str, int], bytes]:
    """Row counts and the main file's bytes (a refused call must change neither)."""
    mem.store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[attr-defined]
    with closing(sqlite3.connect(db_path)) as db:
        counts = {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
    return counts, db_path.read_bytes()


@pytest.fixture
def stored(mem: Memory) -> MemoryRecord:
    return mem.add("Aaron prefers dark mode", user_id="aaron")[0]


BAD_UPDATES: list[tuple[dict[str, Any], str]] = [
    ({"tier": "bogus"}, "tier must be one of permanent, standard, transient"),
    ({"kind": "fact"}, "kind must be one of semantic"),
    ({"importance": 5}, "importance must be between 0 and 1"),
    ({"importance": -0.1}, "importance must be between 0 and 1"),
    ({"importance": math.nan}, "importance must be between 0 and 1"),
    ({"importance": "high"}, "importance must be a number"),
    ({"importance": True}, "importance must be a number"),
    ({"tags": "x"}, "tags must be a list of strings, not str"),
    ({"tags": ["ok", 3]}, r"tags\[1\] must be a string"),
    ({"tags": [""]}, r"tags\[0\] must be a non-empty string"),
    ({"tags": ["a\x00b"]}, "control character"),
    ({"tags": ["t"] * 300}, "tags has 300 items, over the maximum of 256"),
    ({"category": 7}, "category must be a string"),
    ({"category": "c" * 300}, "category is 300 characters, over the maximum of 256"),
    ({"category": "work\nrm -rf"}, "category contains a control character"),
    ({"valid_from": "2024-05-01"}, "valid_from must be a datetime"),
    ({"status": "active"}, "cannot change status in an update"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_UPDATES)
def test_bad_update_is_refused_and_writes_nothing(
    mem: Memory, db_path: Path, stored: MemoryRecord, changes: dict[str, Any], message: str
) -> None:
    before = _snapshot(mem, db_path)
    with pytest.raises(ValidationError, match=message):
        mem.update(stored.id, "Aaron now prefers light mode", user_id="aaron", **changes)
    assert _snapshot(mem, db_path) == before
    # the scope still works: nothing undecodable was stored
    assert mem.get(stored.id, user_id="aaron").status.value == "active"
    assert mem.search("what does Aaron prefer?", user_id="aaron")
    assert mem.list(user_id="aaron").total == 1


def test_good_update_changes_are_applied_and_normalised(mem: Memory, stored: MemoryRecord) -> None:
    when = datetime(2024, 5, 1)  # naive: taken as UTC
    new = mem.update(
        stored.id,
        "Aaron now prefers light mode",
        user_id="aaron",
        tier="permanent",
        tags=[" ui ", "theme"],
        category=" preference ",
        importance=1,
        valid_from=when,
    )
    assert new.tier is Tier.PERMANENT and new.tags == ["ui", "theme"]
    assert new.category == "preference" and new.importance == 1.0
    again = mem.get(new.id, user_id="aaron")
    assert again.valid_from == when.replace(tzinfo=UTC)


def test_update_reason_is_checked(mem: Memory, db_path: Path, stored: MemoryRecord) -> None:
    before = _snapshot(mem, db_path)
    with pytest.raises(ValidationError, match="reason contains a NUL"):
        mem.update(stored.id, "Aaron now prefers light mode", user_id="aaron", reason="a\x00b")
    assert _snapshot(mem, db_path) == before


def test_a_malformed_id_is_a_validation_error(mem: Memory) -> None:
    for bad in ("", "a b", "x" * 200, "../etc", 42):
        with pytest.raises(ValidationError, match="not a valid id"):
            mem.get(bad, user_id="aaron")  # type: ignore[arg-type]


BAD_ADDS: list[tuple[dict[str, Any], str]] = [
    ({"kind": "fact"}, "kind must be one of"),
    ({"tier": "forever"}, "tier must be one of"),
    ({"category": ["work"]}, "category must be a string"),
    ({"session_id": "s\x001"}, "session_id contains a control character"),
    ({"session_id": "s" * 257}, "session_id is 257 characters"),
    ({"role": ""}, "role must be a non-empty string"),
    ({"valid_from": 1714550000}, "valid_from must be a datetime"),
    ({"metadata": ["not", "a", "mapping"]}, "metadata must be a mapping"),
    ({"metadata": {1: "int key"}}, "metadata has a key that is not a string"),
    ({"metadata": {"blob": "x" * 70_000}}, "metadata is .* bytes as JSON, over the maximum"),
    ({"user_id": "u\nv"}, "user_id contains a control character"),
    ({"namespace": "n" * 300}, "namespace is 300 characters"),
]


@pytest.mark.parametrize(("kwargs", "message"), BAD_ADDS)
def test_bad_add_arguments_are_refused(
    mem: Memory, db_path: Path, stored: MemoryRecord, kwargs: dict[str, Any], message: str
) -> None:
    before = _snapshot(mem, db_path)
    args: dict[str, Any] = {"user_id": "aaron", **kwargs}
    with pytest.raises(ValidationError, match=message):
        mem.add("a perfectly fine sentence", **args)
    assert _snapshot(mem, db_path) == before


def test_deep_and_circular_metadata_are_refused(
    mem: Memory, db_path: Path, stored: MemoryRecord
) -> None:
    before = _snapshot(mem, db_path)
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(100_000):  # would exhaust the stack of a recursive encoder
        node["x"] = {}
        node = node["x"]
    with pytest.raises(ValidationError, match="nested too deeply"):
        mem.add("fine text", user_id="aaron", metadata=deep)
    loop: dict[str, Any] = {}
    loop["self"] = loop
    with pytest.raises(ValidationError, match="reference to itself"):
        mem.add("fine text", user_id="aaron", metadata=loop)
    assert _snapshot(mem, db_path) == before
    shared = {"k": 1}  # the same object twice is no cycle
    mem.add("fine text", user_id="aaron", metadata={"a": shared, "b": [shared, shared]})


@pytest.mark.parametrize("infer", [False, True])
@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"role": "user", "content": "fine\x00hidden"}, "message 2 content contains a NUL"),
        ({"role": "user", "content": "x" * (10 * 2**20)}, "message 2 content is 10485760 bytes"),
        ({"role": "us\x00er", "content": "fine"}, "message 2 role contains a control"),
        ({"role": "user", "name": "N" * 300, "content": "fine"}, "message 2 name is 300"),
        ({"role": "user", "content": "fine", "timestamp": 5}, "message 2 timestamp must be"),
    ],
)
def test_each_message_is_checked_as_add_checks_content(
    mem: Memory,
    db_path: Path,
    stored: MemoryRecord,
    message: dict[str, Any],
    error: str,
    infer: bool,
) -> None:
    before = _snapshot(mem, db_path)
    messages = [{"role": "user", "content": "I moved to Denver last week."}, message]
    with pytest.raises(ValidationError, match=error):
        mem.add(messages, user_id="aaron", infer=infer)
    assert _snapshot(mem, db_path) == before


def test_remember_validates_and_keeps_any_category(mem: Memory, db_path: Path) -> None:
    before = _snapshot(mem, db_path)
    with pytest.raises(ValidationError, match="speaker contains a control"):
        mem.remember("Remember that I love hiking", user_id="a", speaker="Aa\nron")
    with pytest.raises(ValidationError, match="category must be a string"):
        mem.remember("Remember that I love hiking", user_id="a", category=3)  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="content contains a NUL"):
        mem.remember("Remember that I \x00 love hiking", user_id="a")
    assert _snapshot(mem, db_path) == before
    # categories are free labels everywhere, as in add (not silently dropped)
    [decision] = mem.remember(
        "Remember that I love hiking in the Alps", user_id="a", category="outdoors"
    )
    assert mem.get(decision.memory_id or "", user_id="a").category == "outdoors"


@pytest.mark.parametrize(
    ("session", "turn", "state", "error"),
    [
        ("", 0, {}, "session_id must be a non-empty string"),
        ("s\x00", 0, {}, "session_id contains a control"),
        ("s", -1, {}, "turn must be an integer >= 0"),
        ("s", "3", {}, "turn must be an integer >= 0"),
        ("s", True, {}, "turn must be an integer >= 0"),
        ("s", 0, ["not", "a", "mapping"], "checkpoint state must be a mapping"),
        ("s", 0, {"mood": "fine"}, "unknown checkpoint keys: mood"),
        ("s", 0, {"internal_state": "x" * (2 * 2**20)}, "over the maximum of 1048576"),
    ],
)
def test_bad_checkpoints_are_refused(
    mem: Memory, db_path: Path, session: str, turn: Any, state: Any, error: str
) -> None:
    before = _snapshot(mem, db_path)
    with pytest.raises(ValidationError, match=error):
        mem.checkpoint(session, turn, state, user_id="aaron")
    assert _snapshot(mem, db_path) == before


def test_deeply_nested_checkpoint_state_is_refused(mem: Memory, db_path: Path) -> None:
    deep: list[Any] = []
    node = deep
    for _ in range(50_000):
        node.append([])
        node = node[0]
    with pytest.raises(ValidationError, match="nested too deeply"):
        mem.checkpoint("s", 0, {"internal_state": deep}, user_id="aaron")


def test_the_store_never_writes_an_undecodable_record(mem: Memory, stored: MemoryRecord) -> None:
    # Whatever path builds a record, the codec refuses what could not be read back.
    record = mem.get(stored.id, user_id="aaron")
    for field, value in (("tier", "bogus"), ("tags", "x"), ("importance", math.inf)):
        broken = mem.get(stored.id, user_id="aaron")
        setattr(broken, field, value)
        with pytest.raises(ValidationError, match=field):
            mem.store.update_memory(broken)
    assert mem.get(stored.id, user_id="aaron") == record
    assert mem.search("dark mode", user_id="aaron")


def test_limits_come_from_config(tmp_path: Path) -> None:
    config = Config(home=tmp_path, embedder="fake", max_label_chars=8, max_list_items=2)
    with Memory(tmp_path / "small.db", config=config) as mem:
        [record] = mem.add("fine text here", user_id="aaron", category="eight888")
        with pytest.raises(
            ValidationError, match="category is 9 characters, over the maximum of 8"
        ):
            mem.add("fine text here", user_id="aaron", category="nine99999")
        with pytest.raises(ValidationError, match="tags has 3 items, over the maximum of 2"):
            mem.update(record.id, "new text here", user_id="aaron", tags=["a", "b", "c"])
