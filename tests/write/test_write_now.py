"""The write path on a fake clock: ``now=`` dates the records and their audit."""

from __future__ import annotations

from datetime import UTC, datetime

from remem.memory import Memory

WHEN = datetime(2031, 3, 4, 5, 6, 7, tzinfo=UTC)


def _dated(mem: Memory, memory_id: str) -> None:
    record = mem.get(memory_id, user_id="aaron")
    assert record.created_at == WHEN and record.updated_at == WHEN
    assert {e.at for e in mem.store.history(memory_id)} == {WHEN}


def test_add_raw_and_inferred_take_now(mem: Memory) -> None:
    raw = mem.add("Aaron plays chess on Sundays", user_id="aaron", now=WHEN)[0]
    _dated(mem, raw.id)
    assert mem.store.get_resource(raw.source_resource_id or "", raw.scope).created_at == WHEN  # type: ignore[union-attr]
    inferred = mem.add("I am allergic to peanuts.", user_id="aaron", infer=True, now=WHEN)
    assert inferred
    for record in inferred:
        _dated(mem, record.id)


def test_remember_and_update_take_now(mem: Memory) -> None:
    decisions = mem.remember("Remember that I am allergic to peanuts.", user_id="aaron", now=WHEN)
    stored = [d.memory_id for d in decisions if d.memory_id]
    assert stored
    _dated(mem, stored[0])
    new = mem.update(stored[0], "Aaron is allergic to peanuts and cashews", user_id="aaron",
                     now=WHEN)  # fmt: skip
    _dated(mem, new.id)
    old = mem.get(stored[0], user_id="aaron")
    assert old.valid_to == WHEN and old.updated_at == WHEN
