"""`import` validates every line as `add` validates its input, and writes nothing
when any line is bad: enums, ranges, types, sizes, NUL, scope, ids, dates, JSON,
vector dimensions and model ids."""

from __future__ import annotations

import base64
import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from remem import Memory, ValidationError
from remem.config import Config

Edit = Callable[[dict[str, Any]], None]
TABLES = ("memories", "resources", "audit", "vectors", "checkpoints")


def _export(tmp_path: Path, config: Config) -> Path:
    out = tmp_path / "export"
    with Memory(tmp_path / "source.db", config=config) as mem:
        mem.add(
            [{"role": "user", "name": "Ann", "content": "Ann's cat is called Miso"}],
            user_id="ann",
            session_id="s1",
            metadata={"channel": "chat"},
            infer=False,
        )
        first = mem.add("Ann works at the bakery", user_id="ann")[0]
        mem.update(first.id, "Ann works at the library", user_id="ann", tags=["job"])
        mem.checkpoint("s1", 0, {"user_input": "hi"}, user_id="ann")
        mem.export_to(out, embeddings=True)
    return out


def _edit_line(out: Path, prefix: str, edit: Edit, index: int = 0) -> None:
    path = next(p for p in sorted(out.iterdir()) if p.name.startswith(prefix))
    lines = path.read_text("utf-8").splitlines()
    row = json.loads(lines[index])
    edit(row)
    lines[index] = json.dumps(row, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", "utf-8")


def _set(**values: Any) -> Edit:
    return lambda row: row.update(values)


def _drop(*names: str) -> Edit:
    def edit(row: dict[str, Any]) -> None:
        for name in names:
            row.pop(name, None)

    return edit


def _vector(values: list[float], dim: int | None = None) -> Edit:
    blob = np.asarray(values, dtype=np.float32).tobytes()
    return _set(vector=base64.b64encode(blob).decode(), dim=len(values) if dim is None else dim)


CASES: list[tuple[str, Edit, str]] = [
    ("facts-", _set(tier="bogus"), "tier must be one of permanent, standard, transient"),
    ("facts-", _set(kind="fact"), "kind must be one of"),
    ("facts-", _set(status="deleted"), "status must be one of"),
    ("facts-", _set(strength="strong"), "strength must be one of"),
    ("facts-", _set(sentiment="angry"), "sentiment must be one of"),
    ("facts-", _set(source_trust="maybe"), "source_trust must be one of"),
    ("facts-", _set(visibility="public"), "visibility must be one of"),
    ("facts-", _set(importance=5), "importance must be between 0 and 1"),
    ("facts-", _set(confidence=-1), "confidence must be between 0 and 1"),
    ("facts-", _set(trust_score="high"), "trust_score must be a number"),
    ("facts-", _set(retrieval_priority=3), "retrieval_priority must be between -1 and 1"),
    ("facts-", _set(reference_count=-2), "reference_count must be an integer >= 0"),
    ("facts-", _set(access_count=1.5), "access_count must be an integer >= 0"),
    ("facts-", _set(tags="x"), "tags must be a list of strings"),
    ("facts-", _set(entities=[None]), r"entities\[0\] must be a string"),
    ("facts-", _set(category=12), "category must be a string"),
    ("facts-", _set(content="bad\x00byte"), "content contains a NUL"),
    ("facts-", _set(content="x" * 40_000), "content is 40000 bytes, over the maximum"),
    ("facts-", _set(content="   "), "content is empty"),
    ("facts-", _set(valid_from="yesterday"), "valid_from 'yesterday' is not an ISO-8601"),
    ("facts-", _set(created_at=12), "created_at must be an ISO-8601 date string"),
    ("facts-", _set(user_id=None, agent_id=None, namespace=None), "a scope is required"),
    ("facts-", _set(user_id=""), "user_id must be a non-empty string"),
    ("facts-", _set(user_id="../../evil"), "could name a place outside remem's folders"),
    ("facts-", _set(namespace="/etc"), "could name a place outside remem's folders"),
    ("facts-", _set(user_id="ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L9mNb"), "holds a credential"),
    ("resources.", _set(agent_id="a/../../b"), "could name a place outside remem's folders"),
    ("checkpoints.", _set(user_id="~root"), "could name a place outside remem's folders"),
    ("facts-", _set(id="has spaces"), "not a valid id"),
    ("facts-", _set(supersedes="../x"), "supersedes '../x' is not a valid id"),
    ("facts-", _set(data=[1]), "data must be a mapping"),
    ("facts-", _set(promoted="yes"), "promoted must be true or false"),
    ("facts-", _set(surprise=1), "unknown fields surprise"),
    ("facts-", _drop("id"), "required field 'id' is missing"),
    ("facts-", _drop("content"), "required field 'content' is missing"),
    ("resources.", _set(user_id=None, agent_id=None, namespace=None), "no scope"),
    ("resources.", _set(content="a\x00b"), "content contains a NUL"),
    ("resources.", _set(id=""), "not a valid id"),
    ("resources.", _set(kind=""), "kind must be a non-empty string"),
    ("resources.", _set(metadata="flat"), "metadata must be a mapping"),
    ("resources.", _set(content_hash="zz"), "content_hash must be 64"),
    ("memory-log.", _set(at="noon"), "at 'noon' is not an ISO-8601 date"),
    ("memory-log.", _set(event=""), "event must be a non-empty string"),
    ("memory-log.", _set(id=-4), "id must be an integer >= 0"),
    ("memory-log.", _set(detail=[]), "detail must be a mapping"),
    ("checkpoints.", _set(turn=-1), "turn must be an integer >= 0"),
    ("checkpoints.", _set(session_id=""), "session_id must be a non-empty string"),
    ("checkpoints.", _set(state={"mood": 1}), "unknown state keys mood"),
    ("checkpoints.", _set(user_id=None, agent_id=None, namespace=None), "no scope"),
    (
        "embeddings.",
        _vector([0.1] * 63),
        "vector of dimension 63, but fake-embedder-64 vectors have dimension 64",
    ),
    ("embeddings.", _vector([0.1] * 64, dim=65), "not the 65 float32 values"),
    ("embeddings.", _vector([float("nan")] * 64), "NaN or infinite"),
    ("embeddings.", _set(model_id="other-model"), "a vector of other-model"),
    ("embeddings.", _set(vector="***"), "not valid base64"),
    ("embeddings.", _set(id="f" * 32), "a memory not in the export"),
]


@pytest.mark.parametrize(("prefix", "edit", "message"), CASES)
def test_a_bad_line_imports_nothing(
    tmp_path: Path, config: Config, prefix: str, edit: Edit, message: str
) -> None:
    out = _export(tmp_path, config)
    _edit_line(out, prefix, edit)
    db = tmp_path / "target.db"
    with Memory(db, config=config) as mem:
        mem.store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[attr-defined]
        before = db.read_bytes()
        with pytest.raises(ValidationError, match=message) as caught:
            mem.import_from(out)
        assert f"{prefix}" in str(caught.value) and "line 1" in str(caught.value)
        mem.store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[attr-defined]
        assert db.read_bytes() == before
    with closing(sqlite3.connect(db)) as conn:
        assert all(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] == 0 for t in TABLES)


def test_the_export_itself_imports(tmp_path: Path, config: Config) -> None:
    out = _export(tmp_path, config)
    with Memory(tmp_path / "target.db", config=config) as mem:
        counts = mem.import_from(out)
        assert counts["memories"] == 3 and counts["embeddings"] == 3
        assert mem.search("where does Ann work?", user_id="ann")


def test_duplicate_ids_in_one_export_are_named(tmp_path: Path, config: Config) -> None:
    out = _export(tmp_path, config)
    path = next(out.glob("facts-*.jsonl"))
    lines = path.read_text("utf-8").splitlines()
    first = json.loads(lines[0])
    second = json.loads(lines[1])
    second["id"] = first["id"]
    lines[1] = json.dumps(second)
    path.write_text("\n".join(lines) + "\n", "utf-8")
    with Memory(tmp_path / "target.db", config=config) as mem:
        with pytest.raises(ValidationError, match="appears twice in the export"):
            mem.import_from(out)
        assert mem.stats()["memories"] == 0


def test_a_second_vector_for_one_memory_is_refused(tmp_path: Path, config: Config) -> None:
    out = _export(tmp_path, config)
    path = out / "embeddings.jsonl"
    lines = path.read_text("utf-8").splitlines()
    lines.append(lines[0])
    path.write_text("\n".join(lines) + "\n", "utf-8")
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    manifest["files"]["embeddings.jsonl"] += 1
    (out / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    with (
        Memory(tmp_path / "target.db", config=config) as mem,
        pytest.raises(ValidationError, match="a second vector for memory"),
    ):
        mem.import_from(out)


@pytest.mark.parametrize(
    "files",
    [{"../../etc/passwd": 1}, {"facts-2024-Q1.jsonl": -1}, ["facts-2024-Q1.jsonl"]],
)
def test_a_manifest_naming_other_files_is_refused(
    tmp_path: Path, config: Config, files: Any
) -> None:
    out = _export(tmp_path, config)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    manifest["files"] = files
    (out / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    with (
        Memory(tmp_path / "target.db", config=config) as mem,
        pytest.raises(ValidationError, match="'files' must map export file names"),
    ):
        mem.import_from(out)


def test_deeply_nested_json_line_is_a_validation_error(tmp_path: Path, config: Config) -> None:
    out = _export(tmp_path, config)
    path = next(out.glob("facts-*.jsonl"))
    lines = path.read_text("utf-8").splitlines()
    lines[0] = "[" * 200_000 + "]" * 200_000
    path.write_text("\n".join(lines) + "\n", "utf-8")
    with (
        Memory(tmp_path / "target.db", config=config) as mem,
        pytest.raises(ValidationError, match="line 1"),
    ):
        mem.import_from(out)


def test_seed_format_lines_import_with_defaults(tmp_path: Path, config: Config) -> None:
    out = tmp_path / "seed"
    out.mkdir()
    line = {
        "id": "seed1",
        "content": "Ann likes tea",
        "user_id": "ann",
        "tier": "permanent",
        "created": "2024-03-01T10:00:00+00:00",
        "source_session": "s9",
    }
    (out / "facts-2024-Q1.jsonl").write_text(json.dumps(line) + "\n", "utf-8")
    manifest = {"format": "remem-export", "version": 1, "files": {"facts-2024-Q1.jsonl": 1}}
    (out / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    with Memory(tmp_path / "target.db", config=config) as mem:
        assert mem.import_from(out)["memories"] == 1
        record = mem.get("seed1", user_id="ann")
        assert record.session_id == "s9" and record.tier.value == "permanent"
        assert record.updated_at == record.created_at
