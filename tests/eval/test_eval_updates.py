"""`remem bench updates` end to end on the committed held-out scenarios (fake embedder),
with the targets the issue sets, and the bench's own bookkeeping on small files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remem.cli import app
from remem.config import Config
from remem.errors import ValidationError
from remem.eval.updates import load_scenarios, run_updates

FIXTURES = Path(__file__).parent / "fixtures"


def _bench(tmp_path: Path, *args: str) -> dict[str, object]:
    # The read path's relevance floor (min_relevance) is calibrated in the default
    # embedder's space; the hashing fake embedder scores paraphrases ("Which city does
    # Jonas live in?" / "Jonas relocated to Chicago") below it and returns nothing.
    # This test measures update handling, so the floor is off; with the default
    # embedder and the floor on, benchmarks.md reports the numbers.
    env = {
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_MIN_RELEVANCE": "0",
    }
    result = CliRunner().invoke(app, ["bench", "updates", *args, "--json"], env=env)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["result"]


def test_held_out_scenarios_meet_the_targets(tmp_path: Path) -> None:
    result = _bench(
        tmp_path,
        str(FIXTURES / "updates-heldout.json"),
        "--distinct",
        str(FIXTURES / "distinct-facts.json"),
    )
    assert result["scenarios"] >= 60 and result["controls"] >= 15
    assert result["newest_first"] >= 0.90, result["failures"]
    assert result["superseded"] >= 0.85, result["failures"]
    assert result["controls_kept_count"] == result["controls"], result["failures"]
    distinct = result["distinct"]
    assert isinstance(distinct, dict)
    assert distinct["facts"] == 50
    assert distinct["false_supersedes"] == 0, distinct["superseded_pairs"]
    assert distinct["collapsed"] == 0, distinct["outcomes"]
    rows = result["rows"]
    assert isinstance(rows, list) and {r["id"] for r in rows} >= {"h01", "k01"}


def test_rows_say_what_happened(tmp_path: Path) -> None:
    scenarios = [
        {"id": "u1", "speaker": "Jo", "before": "I live in Lisbon with my wife.",
         "after": "We moved from Lisbon to Porto last spring.", "q": "Where does Jo live?",
         "new": "porto", "old": "lisbon with"},
        {"id": "c1", "speaker": "Jo", "before": "I have a dog named Biscuit at home.",
         "after": "We also adopted a cat named Miso.", "q": "What is Jo's dog called?",
         "new": "biscuit", "old": None, "keep": "biscuit"},
        {"id": "v1", "speaker": "Jo", "before": "I like tea in the morning.",
         "after": "I drink coffee at night now.", "q": "What does Jo drink at night?",
         "new": "coffee", "old": "never said"},
    ]  # fmt: skip
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenarios), "utf-8")
    result = run_updates(path, config=Config(embedder="fake", home=tmp_path))
    rows = {r["id"]: r for r in result["rows"]}
    assert rows["u1"]["superseded"] and rows["u1"]["old_found"] and rows["u1"]["newest_first"]
    assert rows["u1"]["active"] == ["Jo and others moved from Lisbon to Porto last spring."]
    assert rows["c1"]["kept"] and len(rows["c1"]["active"]) == 2
    assert result["vacuous_superseded"] == ["v1"]  # its old value was never stored
    text = CliRunner().invoke(
        app,
        ["bench", "updates", str(path)],
        env={"REMEM_EMBEDDER": "fake", "REMEM_HOME": str(tmp_path)},
    )
    assert "newest value ranked first" in text.stdout and "vacuously: v1" in text.stdout


def test_bad_scenario_files_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"id": "x", "speaker": "Jo"}]', "utf-8")
    with pytest.raises(ValidationError, match="lacks before"):
        load_scenarios(bad)
    env = {"REMEM_EMBEDDER": "fake", "REMEM_HOME": str(tmp_path)}
    result = CliRunner().invoke(app, ["bench", "updates", str(bad)], env=env)
    assert result.exit_code == 2 and result.stderr.startswith("error:")
    missing = CliRunner().invoke(app, ["bench", "updates", str(tmp_path / "none.json")], env=env)
    assert missing.exit_code == 2


def test_a_value_the_extractor_reworded_is_found_in_the_memory_that_holds_it(
    tmp_path: Path,
) -> None:
    # "I reside in Bath" is stored in the third person ("Fitz resides in Bath"): the
    # substring "reside in bath" is in no memory, but the memory holding it is known.
    scenarios = [
        {"id": "c1", "speaker": "Fitz", "before": "I reside in Bath near the abbey.",
         "after": "My sister bought a flat in Leeds.", "q": "Where does Fitz live?",
         "new": "bath", "old": None, "keep": "reside in Bath"},
        {"id": "u1", "speaker": "Fitz", "before": "I reside in Bath near the abbey.",
         "after": "I moved from Bath to York in the spring.", "q": "Where does Fitz live?",
         "new": "york", "old": "reside in bath"},
    ]  # fmt: skip
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenarios), "utf-8")
    result = run_updates(path, config=Config(embedder="fake", home=tmp_path))
    rows = {r["id"]: r for r in result["rows"]}
    assert not any("reside in bath" in m.lower() for m in rows["c1"]["before"]), rows["c1"]
    assert rows["c1"]["kept"], rows["c1"]
    assert not rows["u1"]["old_found"] and rows["u1"]["old_held"], rows["u1"]
    assert rows["u1"]["superseded"] == (rows["u1"]["before"][0] not in rows["u1"]["active"])
    assert result["vacuous_superseded"] == []
