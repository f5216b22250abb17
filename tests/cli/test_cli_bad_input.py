"""Every command: bad input is one `error:` line, exit 2, and the store is unchanged
(row counts of every table and the file's bytes)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from remem.cli import app

Run = Callable[..., Result]
TABLES = (
    "memories", "resources", "audit", "vectors", "token_vectors", "checkpoints",
    "resource_extractions", "entities", "summaries",
)  # fmt: skip


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def run(home: Path) -> Run:
    runner = CliRunner()
    env = {"REMEM_HOME": str(home), "REMEM_EMBEDDER": "fake", "COLUMNS": "60"}

    def invoke(*args: str, input: Any = None, **extra_env: str) -> Result:
        return runner.invoke(app, list(args), env={**env, **extra_env}, input=input)

    return invoke


def _state(db: Path) -> tuple[dict[str, int], bytes]:
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
    return counts, db.read_bytes()


def _files(tmp_path: Path) -> dict[str, Path]:
    nul = tmp_path / "nul.txt"
    nul.write_text("Aaron: I moved to Denver last week.\nMaya: a \x00 hidden byte\n", "utf-8")
    huge = tmp_path / "huge.txt"
    huge.write_text("Aaron: fine\nMaya: " + "x" * (10 * 2**20) + "\n", "utf-8")
    jsonl = tmp_path / "nul.jsonl"
    jsonl.write_text(
        '{"role": "user", "content": "fine words here"}\n'
        '{"role": "user", "content": "bad \\u0000 byte"}\n',
        "utf-8",
    )
    return {"nul": nul, "huge": huge, "jsonl": jsonl}


def _bad_export(run: Run, tmp_path: Path, name: str = "export", **fields: Any) -> Path:
    out = tmp_path / name
    assert run("export", str(out), "--db", str(tmp_path / "src.db")).exit_code == 0
    facts = next(out.glob("facts-*.jsonl"))
    row = json.loads(facts.read_text("utf-8").splitlines()[0])
    row.update(fields or {"tier": "bogus"})
    facts.write_text(json.dumps(row) + "\n", "utf-8")
    return out


CASES: list[tuple[list[str], str]] = [
    (["add", "x y z", "-u", "u", "--importance", "abc"], "Invalid value for '--importance'"),
    (["add", "x y z", "-u", "u", "--importance", "5"], "importance must be between 0 and 1"),
    (["add", "x y z", "-u", "u", "--kind", "bogus"], "Invalid value for '--kind'"),
    (["add", "x y z", "-u", "u", "--tier", "forever"], "Invalid value for '--tier'"),
    (["add", "x y z", "-u", "u", "--category", "c" * 300], "category is 300 characters"),
    (["add", "x y z", "-u", "u", "--session", "a\nb"], "session_id contains a control"),
    (["add", "x y z", "-u", "u" * 300], "user_id is 300 characters"),
    (["add", "x y z", "-u", "u", "--nope"], "No such option: --nope"),
    (["add"], "Missing argument"),
    (["frobnicate"], "No such command"),
    (["search", "q", "-u", "u", "--limit", "0"], "limit must be between 1 and 1000"),
    (["search", "q", "-u", "u", "--limit", "many"], "Invalid value for '--limit'"),
    (["list", "-u", "u", "--offset", "-1"], "offset must be >= 0"),
    (["list", "-u", "u", "--status", "gone"], "status"),
    (["get", "no such/id", "-u", "u"], "not a valid id"),
    (["forget", "x" * 200, "-u", "u"], "not a valid id"),
    (["history", "a b", "-u", "u"], "not a valid id"),
    (["retrieve", "q", "-u", "u", "--max-items", "0"], "max_items must be between 1 and 500"),
    (["retrieve", "-u", "u"], "give a QUERY or --transcript"),
    (["retrieve", "   ", "-u", "u"], "query is empty"),
    (["erase", "--yes"], "a scope is required"),  # the one command with no default scope
    (["remember", "Remember that I love tea", "-u", "u", "--speaker", "A\nB"], "speaker"),
    (["remember", "Remember that I love tea", "-u", "u", "--category", "c" * 300], "category"),
    (["extract", "{nul}", "-u", "u"], "message 2 content contains a NUL"),
    (["extract", "{jsonl}", "-u", "u"], "message 2 content contains a NUL"),
    (["extract", "{huge}", "-u", "u"], "message 2 content is 10485760 bytes"),
    (["extract", "{nul}", "-u", "u", "--format", "docx"], "unknown transcript format"),
    (["extract", "{nul}", "-u", "u", "--session", "s" * 300], "session_id is 300"),
    (["import", "{export}"], "tier must be one of"),
    (["import", "{nan_export}"], "JSON cannot represent"),
    (["add", "x y z", "-u", "u", "--importance", "nan"], "importance must be between 0 and 1"),
    (["add", "x y z", "-u", "u", "--importance", "inf"], "importance must be between 0 and 1"),
    (["search", "q", "-u", "u", "--filter", '{"metadata.x": NaN}'], "needs a finite number"),
    (["search", "q " * 20_000, "-u", "u"], "REMEM_MAX_QUERY_BYTES"),
    (["retrieve", "q " * 20_000, "-u", "u"], "REMEM_MAX_QUERY_BYTES"),
]


@pytest.mark.parametrize(("args", "needle"), CASES)
def test_bad_input_is_one_error_line_exit_2_and_writes_nothing(
    run: Run, home: Path, tmp_path: Path, args: list[str], needle: str
) -> None:
    assert run("add", "Aaron prefers dark mode", "-u", "u").exit_code == 0
    assert (
        run("add", "an exported memory", "-u", "e", "--db", str(tmp_path / "src.db")).exit_code == 0
    )
    files = {
        **_files(tmp_path),
        "export": _bad_export(run, tmp_path),
        "nan_export": _bad_export(run, tmp_path, "nan", data={"metadata": {"x": float("nan")}}),
    }
    db = home / "remem.db"
    before = _state(db)
    result = run(*[str(files[a[1:-1]]) if a[1:-1] in files else a for a in args])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert needle in lines[0]
    assert result.stdout == ""
    assert _state(db) == before
