"""``Memory.export_records``: one scope's memories, their audit events and its raw
inputs, nothing of another scope (what the REST export streams)."""

from __future__ import annotations

import pytest

from remem.errors import ValidationError
from remem.memory import Memory


def test_export_records_holds_one_scope_only(mem: Memory) -> None:
    (mine,) = mem.add("Alice keeps bees", user_id="alice")
    mem.update(mine.id, "Alice keeps bees and goats", user_id="alice")
    mem.add("Bob keeps snakes", user_id="bob")
    lines = mem.export_records(user_id="alice")
    memories = [line["record"] for line in lines if line["type"] == "memory"]
    assert sorted(m["content"] for m in memories) == [
        "Alice keeps bees",
        "Alice keeps bees and goats",
    ]
    assert {m["status"] for m in memories} == {"active", "superseded"}
    events = [line["record"] for line in lines if line["type"] == "event"]
    assert {e["memory_id"] for e in events} == {m["id"] for m in memories}
    resources = [line["record"] for line in lines if line["type"] == "resource"]
    assert resources and all(r["user_id"] == "alice" for r in resources)
    assert "snakes" not in repr(lines)


def test_export_records_needs_a_scope(mem: Memory) -> None:
    with pytest.raises(ValidationError):
        mem.export_records()
