"""bench/agent.py on a short script with the fake embedder: every measure is computed
from what the agent layer did (deadlines fire on the day the oracle names, repeated
tasks are looked up, corrections are checked in the next session), and the deadline
oracle is right."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest

from remem.config import Config

BENCH = Path(__file__).parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from agent_script import build, expected_day, load_world  # noqa: E402

import agent as bench_agent  # noqa: E402


@pytest.mark.parametrize(
    ("expect", "said", "day"),
    [
        ("days:1", date(2026, 1, 14), date(2026, 1, 15)),
        ("next_weekday:4", date(2026, 1, 14), date(2026, 1, 16)),
        ("next_weekday:2", date(2026, 1, 14), date(2026, 1, 21)),
        ("month_end", date(2026, 1, 14), date(2026, 1, 31)),
        ("month_end", date(2026, 1, 31), date(2026, 2, 28)),
        ("date:02-02", date(2026, 1, 14), date(2026, 2, 2)),
        ("date:01-02", date(2026, 1, 14), date(2027, 1, 2)),
    ],
)
def test_the_deadline_oracle(expect: str, said: date, day: date) -> None:
    assert expected_day(expect, said) == day


def test_the_script_is_seeded() -> None:
    world = load_world(BENCH / "data" / "agent-world-webapp.json")
    a, b = build(world, 7), build(world, 7)
    assert [(s.opening, s.corrections) for s in a] == [(s.opening, s.corrections) for s in b]
    assert [s.opening for s in build(world, 8)] != [s.opening for s in a]
    assert len(a) == 30 and sum(len(s.deadlines) for s in a) == 5


def test_a_short_run_measures_everything(tmp_path: Path) -> None:
    world = load_world(BENCH / "data" / "agent-world-webapp.json")
    config = Config(home=tmp_path, embedder="fake")
    arm = bench_agent.run(world, 3, feedback=True, config=config, sessions=14)
    assert arm.driver.startswith("MemoryAgent")
    assert arm.deadlines and arm.deadlines.count("on_day") == len(arm.deadlines)
    assert arm.spurious_triggers == 0
    assert arm.recall3 and arm.lessons
    assert len(arm.tokens) == 14 and sum(arm.tokens) > 0
