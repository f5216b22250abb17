"""The lifecycle benchmark's report: a missed fact's superseded memory names the memory
that superseded it (the update decision's audit event says ``why`` and
``superseded_by``, not ``reason``: the report showed an empty successor), and a replay
of one arm reports that arm once, under its own name."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from remem import Config, Memory, Status
from remem.eval.lifecycle_measure import RunResult, class_table, fates, misses, table

T0 = datetime(2024, 1, 15, 10, 0, tzinfo=UTC)
T1 = datetime(2024, 4, 15, 10, 0, tzinfo=UTC)


def _say(text: str, when: datetime) -> list[dict[str, object]]:
    return [{"role": "user", "name": "Aaron", "content": text, "timestamp": when}]


def test_a_superseded_holder_names_its_successor_and_why(tmp_path: Path) -> None:
    config = Config(home=tmp_path / "home", embedder="fake", memory_md_path="")
    with Memory(tmp_path / "m.db", config=config) as mem:
        [old] = mem.add(_say("I like sushi a lot.", T0), user_id="u", infer=True)
        [new] = mem.add(_say("I don't like sushi a lot.", T1), user_id="u", infer=True)
        assert mem.get(old.id, user_id="u").status is Status.SUPERSEDED
        [holder] = fates(mem, [old.id], "u")
    assert holder["status"] == "superseded" and holder["moved_by"] == "superseded"
    assert f'by "{new.content}"' in holder["reason"]
    assert holder["reason"].startswith("contradiction by ")


def _run(lifecycle: bool, recall: float) -> RunResult:
    return RunResult(
        lifecycle=lifecycle,
        recall_at_5=recall,
        irrelevant_share=0.5,
        active=100,
        file_bytes=2**20,
        search_p95_ms=1.0,
        protected_lost=0,
        protected=0,
        by_class={"rare": [1, 1, 2]},
        missed=[{"statement": "The shed key is under the pot.", "class": "rare", "holders": []}],
    )


def test_one_arm_is_reported_once_under_its_own_name() -> None:
    results = {1: {"with": _run(True, 0.123)}}
    text = table(results) + class_table(results) + misses(results)
    assert text.count("0.123") == 1 and "| 1 | with |" in text
    assert "without" not in text and "active with / without" not in text
    assert text.count("The shed key") == 1
    both = {1: {"without": _run(False, 0.5), "with": _run(True, 0.123)}}
    assert "active with / without" in table(both) and "| 1 | without |" in table(both)
