"""bench/rest_load.py, tiny: a real `remem serve`, a seeded store, every request
answered, and the report has the numbers docs/benchmarks.md quotes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[2] / "bench"


def test_the_load_bench_runs_and_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    import rest_load

    out = tmp_path / "rest_load.json"
    code = rest_load.main(
        ["--n", "30", "--requests", "24", "--concurrency", "3", "--embedder", "fake",
         "--write-share", "0.25", "--out", str(out)]
    )  # fmt: skip
    assert code == 0
    report = json.loads(out.read_text())
    assert report["requests_ok"] == 24 and report["errors"] == {}
    assert report["requests_per_s"] > 0
    assert report["latency_ms"]["search"]["n"] + report["latency_ms"]["write"]["n"] == 24
    assert report["latency_ms"]["search"]["p95"] >= report["latency_ms"]["search"]["p50"] > 0
    sys.modules.pop("rest_load", None)
