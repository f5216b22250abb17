"""``remem doctor`` on a PostgreSQL store: the server and pgvector, schema, indexes,
rows, vectors, erase and counts; each check finds what it is for, on a real schema
damaged behind remem's back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pytest
from typer.testing import CliRunner, Result

from remem.cli import app
from remem.config import Config
from remem.memory import Memory

CHECKS = ["server", "schema", "indexes", "rows", "vectors", "erase", "counts", "permissions"]


@pytest.fixture
def store(pg_url: str, tmp_path: Path) -> str:
    with Memory(pg_url, config=Config(embedder="fake", home=tmp_path / "home")) as mem:
        for text in ("the shed door is green", "the shed roof is red", "the gate creaks"):
            mem.add(text, user_id="u")
    return pg_url


def doctor(url: str, *args: str) -> tuple[int, dict[str, Any]]:
    result: Result = CliRunner().invoke(
        app,
        ["doctor", "--json", *args],
        env={"REMEM_STORE_URL": url, "REMEM_EMBEDDER": "fake"},
    )
    return result.exit_code, json.loads(result.stdout)["result"]


def failed(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["check"]: c for c in report["checks"] if not c["ok"]}


def _sql(url: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    with psycopg.connect(url) as db:  # commits on leaving
        cur = db.execute(sql, params)
        return [tuple(r) for r in cur.fetchall()] if cur.description else []


def _id(url: str, content: str) -> str:
    return str(_sql(url, "SELECT id FROM memories WHERE content = %s", (content,))[0][0])


def test_a_healthy_store_reports_server_schema_indexes_and_counts(store: str) -> None:
    code, report = doctor(store)
    assert code == 0 and report["healthy"] is True, report
    assert [c["check"] for c in report["checks"]] == CHECKS
    detail = {c["check"]: c["detail"] for c in report["checks"]}
    version = _sql(store, "SHOW server_version")[0][0]
    assert detail["server"].startswith(f"PostgreSQL {version}; ") and "pgvector" in detail["server"]
    assert "version " in detail["schema"] and "tables" in detail["schema"]
    assert "present and valid" in detail["indexes"]
    assert detail["vectors"] == "3 vectors, all usable"
    assert "memories: 3 active" in detail["counts"] and "database size" in detail["counts"]
    assert report["path"].startswith("postgresql://") and "search_path" in report["path"]
    text = CliRunner().invoke(app, ["doctor"], env={"REMEM_STORE_URL": store,
                                                    "REMEM_EMBEDDER": "fake"})  # fmt: skip
    assert text.exit_code == 0 and "server: PostgreSQL" in text.stdout
    assert text.stdout.rstrip().endswith("healthy")


def test_undecodable_rows_and_bad_vectors_are_listed(store: str) -> None:
    bad, short = _id(store, "the gate creaks"), _id(store, "the shed roof is red")
    _sql(store, "UPDATE memories SET tier = 'bogus' WHERE id = %s", (bad,))
    _sql(store, "UPDATE vectors SET dim = 3, vector = %s WHERE memory_seq = "
         "(SELECT seq FROM memories WHERE id = %s)", (np.ones(3, np.float32).tobytes(), short))  # fmt: skip
    code, report = doctor(store)
    assert code == 1 and failed(report)["rows"]["items"] == [bad]
    vectors = failed(report)["vectors"]
    assert short in vectors["items"] and "3 dimensions" in vectors["detail"]


def test_a_missing_or_invalid_index_and_a_missing_table_are_found(store: str) -> None:
    (name,) = _sql(
        store,
        "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() "
        "AND tablename = 'memories' AND indexname NOT LIKE '%%pkey' ORDER BY 1 LIMIT 1",
    )[0]
    _sql(store, f"DROP INDEX {name}")
    code, report = doctor(store)
    assert code == 1 and failed(report)["indexes"]["items"] == [name]
    assert "missing" in failed(report)["indexes"]["detail"]
    # an index marked invalid, as a failed CREATE INDEX CONCURRENTLY leaves it
    (other,) = _sql(
        store,
        "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() "
        "AND tablename = 'audit' AND indexname NOT LIKE '%%pkey' ORDER BY 1 LIMIT 1",
    )[0]
    _sql(store, "UPDATE pg_index SET indisvalid = false WHERE indexrelid = %s::regclass", (other,))
    code, report = doctor(store)
    assert (
        other in failed(report)["indexes"]["items"] and "REINDEX" in report["checks"][2]["detail"]
    )
    _sql(store, "DROP TABLE api_keys")
    code, report = doctor(store)
    assert code == 1 and failed(report)["schema"]["items"] == ["api_keys"]


def test_an_unreachable_server_is_the_finding_under_its_url(tmp_path: Path) -> None:
    url = "postgresql://remem:hunter2@127.0.0.1:1/remem?connect_timeout=2"
    code, report = doctor(url)
    assert code == 1 and list(failed(report)) == ["open"]
    assert (
        report["path"].startswith("postgresql://remem:") and "@127.0.0.1:1/remem" in report["path"]
    )
    assert "hunter2" not in json.dumps(report)
