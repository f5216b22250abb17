"""The second lifecycle world (written blind, ``bench/worlds/world2.py``) in a small
year, replayed through the public API with and without the jobs (fake embedder):
the adapter reads the world's JSON, and both runs are measured the same way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from remem.config import Config
from remem.eval import lifecycle_world2 as world2
from remem.eval.lifecycle_measure import class_table, holds_words, misses, table

WORLD2 = Path(__file__).resolve().parents[2] / "bench" / "worlds" / "world2.py"
SMALL = ["--days", "60", "--frequent", "3", "--rare", "2", "--dormant", "2", "--updated", "2",
         "--important", "2", "--notes-per-day", "1", "--chatter-per-day", "1",
         "--requests-per-day", "1"]  # fmt: skip


def _small_world(tmp_path: Path, seed: int = 5) -> world2.World:
    out = tmp_path / "world.json"
    subprocess.run(
        [sys.executable, str(WORLD2), "--seed", str(seed), "--bank", "dev", *SMALL,
         "--out", str(out)],
        check=True, cwd=WORLD2.parent, capture_output=True,
    )  # fmt: skip
    return world2.load(out)


def test_the_world_loads_and_its_statements_hold_their_values(tmp_path: Path) -> None:
    world = _small_world(tmp_path)
    assert world.bank == "dev" and world.final_day == 60 and len(world.facts) == 11
    assert {f.cls for f in world.facts} == {"frequent", "rare", "dormant", "updated", "important"}
    for fact in world.facts:
        for s in fact.statements:
            if not s.get("followup"):
                assert holds_words(s["text"], fact.key, s["value"]), s["text"]
        for need in fact.needs:  # the value current on the need's day
            assert need.expect == fact.current(need.day)
    targets = world2.targets(world)
    assert [t.id for t in targets] == [f.id for f in world.facts]
    updated = next(f for f in world.facts if f.cls == "updated")
    target = next(t for t in targets if t.id == updated.id)
    last = [s for s in updated.statements if not s.get("followup")][-1]
    assert target.current(last["text"]) and target.old is not None


def test_a_small_year_replays_with_and_without_the_jobs(tmp_path: Path) -> None:
    world = _small_world(tmp_path)
    config = Config(home=tmp_path / "home", embedder="fake", memory_md_path="")
    runs = world2.run_both(world, config=config, directory=tmp_path)
    without, with_ = runs["without"], runs["with"]
    assert not without.jobs and with_.jobs["nightly_ok"] >= 59
    for run in (without, with_):
        assert sum(n for _, _, n in run.by_class.values()) == 11
        assert 0 <= run.recall_at_5 <= run.recall_at_10 <= 1
        assert 0 < run.in_year_met <= 1 and 0 <= run.in_year_irrelevant <= 1
        assert len(run.missed) == round((1 - run.recall_at_5) * 11)
    text = table({5: runs}) + class_table({5: runs}) + misses({5: runs})
    assert "| 5 | with |" in text and "dormant @5 / @10" in text
