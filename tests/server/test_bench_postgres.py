"""bench/postgres.py, tiny, on the session's PostgreSQL server: both stores measured,
their ratios, two replicas answering every request, the numbers docs/benchmarks.md
quotes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[2] / "bench"


def test_the_postgres_bench_runs_and_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pg_server: str
) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    import postgres

    out = tmp_path / "postgres.json"
    code = postgres.main(
        ["--n", "40", "--batch", "16", "--singles", "4", "--searches", "6", "--embedder",
         "fake", "--pg-url", pg_server, "--requests", "20", "--concurrency", "2",
         "--write-share", "0.25", "--out", str(out)]
    )  # fmt: skip
    assert code == 0
    report = json.loads(out.read_text())
    for backend in ("sqlite", "postgres"):
        store = report["store"][backend]
        assert store["adds_per_s_batched"] > 0 and store["adds_per_s_single"] > 0
        assert store["search_ms"]["p95"] >= store["search_ms"]["p50"] > 0
    assert set(report["store"]["postgres_over_sqlite"]) == {
        "adds_per_s_batched", "adds_per_s_single", "search_p50", "search_p95",
    }  # fmt: skip
    rest = report["rest"]
    assert rest["replicas"] == 2 and rest["requests_ok"] == 20 and rest["errors"] == {}
    assert rest["per_replica"] == [10, 10]  # round robin over both
    assert rest["latency_ms"]["search"]["n"] + rest["latency_ms"]["write"]["n"] == 20
    for module in ("postgres", "ingest_search", "rest_load"):
        sys.modules.pop(module, None)
