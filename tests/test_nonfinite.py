"""NaN and infinity never reach the store, and one row whose JSON is damaged anyway
(written before remem refused them, or by another program) does not break its
scope: filters pass it over, reads show null, ``doctor`` reports it."""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from remem.aio import AsyncMemory
from remem.config import Config
from remem.errors import ValidationError
from remem.memory import Memory

BACKENDS = ("sqlite", "postgres")

NONFINITE: list[Any] = [
    math.nan,
    math.inf,
    -math.inf,
    {"deep": [1, {"x": math.nan}]},
    [0.5, -math.inf],
]


def _count(mem: Memory) -> int:
    return len(mem.export_records(user_id="u"))


@pytest.mark.parametrize("value", NONFINITE)
def test_nonfinite_metadata_is_refused_and_nothing_written(mem: Memory, value: Any) -> None:
    (kept,) = mem.add("The office is in Berlin", user_id="u")
    before = _count(mem)
    with pytest.raises(ValidationError, match="JSON cannot represent"):
        mem.add("The printer is on floor two", user_id="u", metadata={"x": value})
    with pytest.raises(ValidationError, match="JSON cannot represent"):
        mem.add("The printer is on floor two", user_id="u", data={"x": value})
    with pytest.raises(ValidationError, match="JSON cannot represent"):
        mem.update(kept.id, "The office is in Munich", user_id="u", metadata={"x": value})
    with pytest.raises(ValidationError, match="JSON cannot represent"):
        mem.checkpoint("s1", 1, {"internal_state": {"x": value}}, user_id="u")
    assert _count(mem) == before
    # the scope's filters still work
    assert [r.id for r in mem.list(user_id="u", filters={"metadata.x": 1}).items] == []


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("name", ["importance", "confidence"])
def test_nonfinite_numbers_are_refused(mem: Memory, name: str, value: float) -> None:
    with pytest.raises(ValidationError, match=name):
        mem.add("The printer is on floor two", user_id="u", **{name: value})
    with pytest.raises(ValidationError):
        mem.search("printer", user_id="u", threshold=value)
    with pytest.raises(ValidationError):
        mem.search("printer", user_id="u", limit=value)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        mem.context("printer", user_id="u", max_tokens=value)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        mem.list(user_id="u", filters={"importance": {"gt": value}})
    assert _count(mem) == 0


def test_async_memory_refuses_nan_too(mem: Memory) -> None:
    async def run() -> None:
        amem = AsyncMemory(memory=mem)
        with pytest.raises(ValidationError, match="JSON cannot represent"):
            await amem.add("The office is in Berlin", user_id="u", metadata={"x": math.nan})

    asyncio.run(run())
    assert _count(mem) == 0


def test_an_import_line_holding_nan_is_refused_whole(
    mem: Memory, tmp_path: Path, config: Config
) -> None:
    mem.add("The office is in Berlin", user_id="u")
    out = tmp_path / "export"
    mem.export_to(out)
    facts = next(out.glob("facts-*.jsonl"))
    row = json.loads(facts.read_text("utf-8"))
    row["data"] = {"metadata": {"x": math.nan}}
    facts.write_text(json.dumps(row) + "\n", "utf-8")  # json writes NaN
    with Memory(tmp_path / "other.db", config=config) as other:
        with pytest.raises(ValidationError, match=r"line 1.*JSON cannot represent"):
            other.import_from(out)
        assert other.list(user_id="u").total == 0


def _plant(db: Path, memory_id: str, column: str, text: str) -> None:
    """Write a damaged JSON text into a row of the real file, as an old remem (or
    another program) could have left it."""
    with closing(sqlite3.connect(db)) as conn:
        conn.execute(f"UPDATE memories SET {column} = ? WHERE id = ?", (text, memory_id))
        conn.commit()


def test_one_damaged_row_does_not_break_the_scope(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        nan_row = mem.add("The office is in Berlin", user_id="u", metadata={"x": 1})[0].id
        bad_tags = mem.add("The printer is on floor two", user_id="u", tags=["hw"])[0].id
        good = mem.add("Lunch is at noon", user_id="u", tags=["food"], metadata={"x": 2})[0].id
    _plant(db_path, nan_row, "data", '{"metadata": {"x": NaN}}')
    _plant(db_path, bad_tags, "tags", '["hw", ')
    with Memory(db_path, config=config) as mem:
        for filters in ({"metadata.x": 2}, {"tags": "food"}, {"entities": "noon"}):
            found = [r.id for r in mem.list(user_id="u", filters=filters).items]
            assert bad_tags not in found and nan_row not in found
        assert [r.id for r in mem.list(user_id="u", filters={"metadata.x": 2}).items] == [good]
        hits = mem.search("office", user_id="u", filters={"metadata.x": {"gte": 0}})
        assert nan_row not in [h.memory.id for h in hits]
        assert mem.get(nan_row, user_id="u").data["metadata"] == {"x": None}  # NaN reads null
        report = mem.doctor()
        rows = next(f for f in report.checks if f.check == "rows")
        assert not rows.ok and "JSON the database cannot read" in rows.detail
        assert nan_row in rows.items and bad_tags in rows.items
        mem.update(nan_row, "The office is in Munich", user_id="u")  # mended by a new version
        assert mem.jobs.run("weekly").status == "ok"
        assert mem.jobs.run("nightly").status == "ok"
