"""The extraction benchmark on a tiny LoCoMo-format fixture (hashing embedder)."""

from __future__ import annotations

from pathlib import Path

from remem.config import Config
from remem.eval.extraction import run_extraction

FIXTURE = Path(__file__).parent / "fixtures" / "mini_locomo.json"


def test_extraction_benchmark_reports_every_measure(tmp_path: Path) -> None:
    result = run_extraction(FIXTURE, config=Config(embedder="hashing", home=tmp_path))
    assert result["conversations"] == 2 and result["questions"] > 0
    for variant in ("raw", "facts", "both"):
        assert 0.0 <= result["recall"][variant]["R@5"] <= result["recall"][variant]["R@10"] <= 1.0
    # Facts point back at their turns, so searching facts finds the evidence too.
    assert result["recall"]["facts"]["R@10"] > 0.5
    assert result["turns"] == 8
    assert 0 < result["facts_stored"] <= result["candidates"]
    assert result["facts_per_turn"] == round(result["facts_stored"] / 8, 3)
    assert 0.0 <= result["rejection_rate"] < 1.0
    assert 0.0 <= result["duplicate_rate"] <= 1.0
