"""`Memory.add` with a kind's structure: tags, confidence, data and the time it is
stored (raw mode only), validated before anything is written and redacted as stored."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from remem.errors import ValidationError
from remem.memory import Memory
from remem.model import Kind

T0 = datetime(2026, 1, 14, 9, 0, tzinfo=UTC)


def test_tags_confidence_data_and_now_are_stored(mem: Memory) -> None:
    (record,) = mem.add(
        "Use pnpm, not npm",
        user_id="aaron",
        kind=Kind.PROCEDURAL,
        tags=["rule", "js"],
        confidence=0.75,
        data={"rule": {"trigger": "npm"}},
        metadata={"from": "test"},
        now=T0,
    )
    stored = mem.get(record.id, user_id="aaron")
    assert stored.tags == ["rule", "js"] and stored.confidence == 0.75
    assert stored.data == {"rule": {"trigger": "npm"}, "metadata": {"from": "test"}}
    assert stored.created_at == T0 and stored.updated_at == T0
    assert [e.at for e in mem.history(record.id, user_id="aaron")] == [T0]
    assert [h.memory.id for h in mem.search("js", user_id="aaron")] == [record.id]  # tags indexed


def test_a_secret_in_data_is_redacted_in_what_is_returned(mem: Memory) -> None:
    key = "sk-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6"
    (record,) = mem.add("note", user_id="aaron", data={"detail": f"the key is {key} now"})
    assert key not in str(record.data) and key not in str(mem.get(record.id, user_id="aaron").data)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"tags": "one"},
        {"tags": ["bad\ntag"]},
        {"confidence": 1.5},
        {"data": ["not", "a", "mapping"]},
        {"data": {"metadata": {}}},
        {"data": {"injection": "x"}},
        {"infer": True, "tags": ["x"]},
    ],
)
def test_bad_fields_are_refused_and_nothing_is_written(mem: Memory, kwargs: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValidationError):
        mem.add("a note about the build", user_id="aaron", **kwargs)
    assert mem.list(user_id="aaron").total == 0
