"""The simulated-year benchmark in its quick mode (a small year, the fake embedder):
the generator is seeded, and the lifecycle run moves the targets' way."""

from __future__ import annotations

from pathlib import Path

from remem.config import Config
from remem.eval.lifecycle_sim import class_table, generate, misses, run_both, table
from remem.memory import Memory


def test_the_generator_is_seeded_and_its_facts_are_current() -> None:
    a, b = generate(3, days=200), generate(3, days=200)
    assert [f.values for f in a.facts] == [f.values for f in b.facts]
    assert [n.text for n in a.notes] == [n.text for n in b.notes]
    assert [f.values for f in generate(4, days=200).facts] != [f.values for f in a.facts]
    updated = [f for f in a.facts if len(f.values) > 1]
    assert updated and all(f.answer == f.values[-1][2] for f in updated)
    assert sum(f.permanent for f in a.facts) == 1
    assert all(n.until > n.day for n in a.notes)


def test_every_statement_of_a_fact_passes_the_gates_length_check(tmp_path: Path) -> None:
    # "Sam switched to Zed." was refused as too short in both runs, so the end of the
    # year asked for an update neither store had ever been told
    statements = {s for seed in (1, 2, 3, 4) for f in generate(seed).facts for _, s, _ in f.values}
    config = Config(home=tmp_path / "home", embedder="fake")
    with Memory(tmp_path / "m.db", config=config) as mem:
        for statement in sorted(statements):
            decisions = mem.remember(statement, user_id="sam", speaker="Sam")
            assert all(d.reason != "too_short" for d in decisions), statement


def test_quick_year_with_the_lifecycle_keeps_fewer_and_finds_as_much(tmp_path: Path) -> None:
    year = generate(
        11, days=150, stable=10, updated=4, notes_per_day=2, chatter_per_day=1, queries_per_day=3
    )
    config = Config(home=tmp_path / "home", embedder="fake", memory_md_path="")
    runs = run_both(year, config=config, directory=tmp_path)
    without, with_ = runs["without"], runs["with"]
    assert with_.active < without.active  # the active set shrinks...
    # ...and finds what still matters about as well (one fact of 14 is 0.07 of recall;
    # the full year's measured difference is in docs/benchmarks.md)
    assert with_.recall_at_5 >= without.recall_at_5 - 0.08
    assert with_.protected_lost == 0
    assert 0 < with_.in_year_met <= 1 and 0 < without.in_year_met <= 1
    assert with_.jobs["nightly_ok"] >= 140 and with_.jobs["weekly_ok"] >= 20
    assert not without.jobs
    assert "| 11 | with |" in table({11: runs})
    assert with_.recall_at_10 >= with_.recall_at_5 and "frequent @5 / @10" in class_table(
        {11: runs}
    )
    # every fact a run missed is listed with what became of the memories that held it
    for run in (without, with_):
        assert len(run.missed) == round((1 - run.recall_at_5) * len(year.facts))
        assert all(m["holders"] or m["refused"] for m in run.missed)
    listed = misses({11: runs})
    assert listed.count("- seed 11, with jobs [") == len(with_.missed)
    assert listed.count("- seed 11, without jobs [") == len(without.missed)
