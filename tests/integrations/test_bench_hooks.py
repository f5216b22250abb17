"""bench/hooks.py, tiny: a store built as the benchmark builds it, real hook
processes with and without a real ``remem serve``, and the report has the numbers
docs/benchmarks.md quotes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[2] / "bench"

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")


def test_the_hooks_bench_runs_and_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    import hooks

    out, keep = tmp_path / "hooks.json", tmp_path / "stores"
    args = ["--sizes", "200", "--runs", "3", "--cold-runs", "1", "--gap", "0"]
    assert hooks.main([*args, "--keep", str(keep), "--out", str(out)]) == 0
    (result,) = json.loads(out.read_text())["results"]
    assert result["n"] == 200
    for key in ("search_in_process_ms", "hook_service_ms", "service_answer_ms"):
        assert result[key]["runs"] == 3 and result[key]["p95"] >= result[key]["p50"] > 0, key
    assert result["hook_in_process_ms"]["runs"] == 1
    if result["hook_client"] == "bash":  # and the Python client's, beside it
        assert result["hook_python_client_ms"]["runs"] == 3
    assert result["hook_service_p95_over_search_p95"] > 0
    # the kept store is reused and never written; each run works on copies
    assert sorted(p.name for p in (keep / "200").iterdir()) == ["scale.db"]
    sys.modules.pop("hooks", None)
