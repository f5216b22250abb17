"""``remem doctor``: each check finds what it is for, on real damaged files."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner, Result

from remem.cli import app
from remem.config import Config
from remem.memory import Memory

READER = r"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN")
db.execute("SELECT count(*) FROM memories").fetchone()
print("reading", flush=True)
sys.stdin.readline()
"""


@pytest.fixture
def store(tmp_path: Path) -> Path:
    db = tmp_path / "home" / "remem.db"
    with Memory(db, config=Config(embedder="fake", home=tmp_path / "home")) as mem:
        for text in ("the shed door is green", "the shed roof is red", "the gate creaks"):
            mem.add(text, user_id="u")
    return db


def doctor(db: Path, *args: str) -> tuple[int, dict[str, Any]]:
    result: Result = CliRunner().invoke(
        app,
        ["doctor", "--db", str(db), "--json", *args],
        env={"REMEM_HOME": str(db.parent), "REMEM_EMBEDDER": "fake"},
    )
    return result.exit_code, json.loads(result.stdout)["result"]


def failed(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["check"]: c for c in report["checks"] if not c["ok"]}


def _sql(db: Path, sql: str, params: tuple[Any, ...] = ()) -> None:
    with closing(sqlite3.connect(db)) as raw:
        raw.execute(sql, params)
        raw.commit()


def _id(db: Path, content: str) -> str:
    with closing(sqlite3.connect(db)) as raw:
        return str(
            raw.execute("SELECT id FROM memories WHERE content = ?", (content,)).fetchone()[0]
        )


def test_a_healthy_store_exits_0(store: Path) -> None:
    code, report = doctor(store)
    assert code == 0 and report["healthy"] is True
    assert [c["check"] for c in report["checks"]] == [
        "quick_check", "schema", "rows", "vectors", "fts", "erase", "temp_files", "permissions",
    ]  # fmt: skip
    text = CliRunner().invoke(app, ["doctor", "--db", str(store), "--full"], env={
        "REMEM_EMBEDDER": "fake"})  # fmt: skip
    assert text.exit_code == 0 and "integrity_check" in text.stdout and "healthy" in text.stdout


def test_undecodable_rows_are_listed(store: Path) -> None:
    bad = _id(store, "the shed roof is red")
    _sql(store, "UPDATE memories SET tier = 'bogus' WHERE id = ?", (bad,))
    code, report = doctor(store)
    assert code == 1
    assert failed(report)["rows"]["items"] == [bad]


def test_vectors_of_the_wrong_size_or_model_are_listed(store: Path) -> None:
    short = _id(store, "the shed roof is red")
    other = _id(store, "the gate creaks")
    seq = "(SELECT seq FROM memories WHERE id = ?)"
    _sql(store, f"UPDATE vectors SET dim = 3, vector = ? WHERE memory_seq = {seq}",
         (np.ones(3, np.float32).tobytes(), short))  # fmt: skip
    _sql(store, f"UPDATE vectors SET model_id = 'some-other-model' WHERE memory_seq = {seq}",
         (other,))  # fmt: skip
    code, report = doctor(store)
    vectors = failed(report)["vectors"]
    assert code == 1 and short in vectors["items"]
    assert "3 dimensions" in vectors["detail"] and "some-other-model" in vectors["detail"]
    assert "remem reembed" in vectors["detail"]


def test_a_full_text_index_out_of_step_is_found_and_rebuilt(store: Path) -> None:
    # the index loses a memory's terms behind the store's back
    _sql(
        store,
        "INSERT INTO memories_fts(memories_fts, rowid, content, tags, entities) "
        "SELECT 'delete', seq, content, tags, entities FROM memories WHERE content LIKE '%gate%'",
    )
    code, report = doctor(store)
    assert code == 1 and "rebuild-fts" in failed(report)["fts"]["detail"]
    code, report = doctor(store, "--rebuild-fts")
    assert code == 0, report


def test_damaged_pages_are_found(store: Path) -> None:
    with closing(sqlite3.connect(store)) as raw:
        page = raw.execute("PRAGMA page_size").fetchone()[0]
        root = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'audit'").fetchone()[0]
    with store.open("r+b") as fh:
        fh.seek((root - 1) * page)
        fh.write(b"\x5a" * page)
    code, report = doctor(store)
    assert code == 1 and "quick_check" in failed(report)


def test_a_pending_erase_and_orphaned_temp_files(store: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True)  # fmt: skip
    reader = subprocess.Popen([sys.executable, "-c", READER, str(store)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert reader.stdout is not None and reader.stdout.readline().strip() == "reading"
        with Memory(store, config=Config(embedder="fake", erase_checkpoint_wait_ms=50)) as mem:
            assert mem.erase(user_id="u").pending
        orphan = Path(f"{store}.bm25.tmp-{int(dead.stdout)}-1")
        orphan.write_bytes(b"half a save")
        code, report = doctor(store)
        assert code == 1 and "not finished on disk" in failed(report)["erase"]["detail"]
        assert "erase still pending" in report["repaired"]
        assert not orphan.exists()  # a pending erase removes every cache and temp file
    finally:
        reader.communicate("\n", timeout=30)
    code, report = doctor(store)  # the reader left: this open finished the erase
    assert code == 0 and "finished a pending erase" in report["repaired"]
    orphan.write_bytes(b"half a save")
    code, report = doctor(store)
    assert code == 0 and report["repaired"] == ["removed 1 orphaned temp file(s)"]
    assert not orphan.exists()


def test_a_file_that_cannot_be_opened_or_is_missing(tmp_path: Path) -> None:
    garbage = tmp_path / "notes.db"
    garbage.write_bytes(b"shopping list: eggs, milk\n" * 200)
    code, report = doctor(garbage)
    assert code == 1 and failed(report)["open"]["detail"].startswith(str(garbage))
    missing = CliRunner().invoke(app, ["doctor", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code == 2 and "no store" in missing.stderr


def test_reembed_replaces_what_doctor_found(store: Path) -> None:
    short = _id(store, "the shed roof is red")
    _sql(store, "UPDATE vectors SET dim = 3, vector = ? WHERE memory_seq = "
         "(SELECT seq FROM memories WHERE id = ?)", (np.ones(3, np.float32).tobytes(), short))  # fmt: skip
    assert doctor(store)[0] == 1
    with Memory(store, config=Config(embedder="fake", home=store.parent)) as mem:
        assert mem.reembed() == 1
        assert [h.memory.id for h in mem.search("roof", user_id="u", sources=["vector"])][:1] == [
            short
        ]
    assert doctor(store)[0] == 0
