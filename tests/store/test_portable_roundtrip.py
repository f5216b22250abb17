"""Export then import is lossless; a damaged export imports nothing."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from remem import Memory, ValidationError
from remem.config import Config
from remem.model import MemoryRecord

SEED_FIELDS = {
    "id", "content", "category", "tags", "importance", "tier", "created", "source_session",
    "last_referenced", "reference_count", "supersedes", "superseded_by", "promoted",
    "source_trust",
}  # fmt: skip


def _fill(mem: Memory) -> None:
    said = datetime(2024, 2, 1, 9, 0, tzinfo=UTC)
    mem.add(
        [
            {
                "role": "user",
                "name": "Ann",
                "content": "Ann's cat is called Miso",
                "timestamp": said,
            },
            {"role": "assistant", "content": "Miso is a lovely name"},
        ],
        user_id="ann",
        session_id="s1",
        category="relationships",
        metadata={"channel": "chat"},
        infer=False,
    )
    first = mem.add("Ann works at the bakery", user_id="ann", agent_id="bot", importance=0.7)[0]
    mem.update(first.id, "Ann works at the library", user_id="ann", reason="new job", tags=["job"])
    gone = mem.add("Ann's old phone number", user_id="ann", namespace="contacts")[0]
    mem.forget(gone.id, user_id="ann")
    mem.add("Bob likes jazz", user_id="bob", kind="semantic", tier="permanent")
    mem.checkpoint("s1", 0, {"user_input": "hi", "internal_state": {"k": 1}}, user_id="ann")
    mem.checkpoint("s1", 1, {"llm_output": "hello", "tool_calls": [1, 2]}, user_id="ann")
    mem.erase(user_id="nobody-but-audited")


def _snapshot(mem: Memory) -> dict[str, Any]:
    store = mem.store
    memories = sorted((asdict(m) for m in store.iter_memories()), key=lambda m: m["id"])
    return {
        "memories": memories,
        "resources": [asdict(r) for r in store.iter_resources()],
        "events": [asdict(e) for e in store.iter_events()],
        "checkpoints": list(store.iter_checkpoint_rows()),  # type: ignore[attr-defined]
    }


def _counts(db_path: Path) -> tuple[int, ...]:
    with closing(sqlite3.connect(db_path)) as db:
        return tuple(
            db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("memories", "resources", "audit", "vectors", "checkpoints")
        )


def test_export_import_is_lossless(tmp_path: Path, config: Config) -> None:
    out = tmp_path / "export"
    with Memory(tmp_path / "a.db", config=config) as source:
        _fill(source)
        before = _snapshot(source)
        ids = [m["id"] for m in before["memories"]]
        vectors = source.store.get_vectors(ids)
        counts = source.export_to(out, embeddings=True)
    assert counts["embeddings.jsonl"] == len(ids) == 6
    with Memory(tmp_path / "b.db", config=config) as target:
        seen: list[tuple[int, int]] = []
        result = target.import_from(out, progress=lambda d, t: seen.append((d, t)))
        assert result["memories"] == 6 and result["embeddings"] == 6
        assert result["checkpoints"] == 2
        assert seen and seen[-1][0] == seen[-1][1]
        after = _snapshot(target)
        assert after == before
        assert target.store.get_vectors(ids) == vectors
        # the imported store works: search, history, replay
        hits = target.search("library", user_id="ann", sources=["bm25"])
        assert [h.memory.content for h in hits] == ["Ann works at the library"]
        assert [e.event for e in target.history(hits[0].memory.id, user_id="ann")] == [
            "created",
            "created",
            "superseded",
        ]
        assert target.replay("s1", 1, user_id="ann").internal_state == {"k": 1}


def test_import_without_embeddings_embeds_them(tmp_path: Path, config: Config) -> None:
    out = tmp_path / "export"
    with Memory(tmp_path / "a.db", config=config) as source:
        _fill(source)
        source.export_to(out)
    assert not (out / "embeddings.jsonl").exists()
    with Memory(tmp_path / "b.db", config=config) as target:
        assert target.import_from(out)["embedded"] == 6  # the import embeds what it lacks
        assert target.store.vector_models() == {target.embedder.model_id: 6}
        assert target.reembed() == 0  # nothing left to do
        assert target.search("Miso", user_id="ann", sources=["vector"])


def test_export_files_by_quarter_with_seed_fields(tmp_path: Path, config: Config) -> None:
    out = tmp_path / "export"
    with Memory(tmp_path / "a.db", config=config) as mem:
        now = mem.add("a fact from today", user_id="u")[0]
        old = MemoryRecord(
            content="a fact from long ago",
            user_id="u",
            created_at=datetime(2023, 5, 17, tzinfo=UTC),
            updated_at=datetime(2023, 5, 17, tzinfo=UTC),
            session_id="old-session",
        )
        mem.store.insert_memories([old], vectors=None, model_id=None)
        counts = mem.export_to(out)
    q_now = f"facts-{now.created_at.year}-Q{(now.created_at.month - 1) // 3 + 1}.jsonl"
    assert counts["facts-2023-Q2.jsonl"] == 1
    assert counts[q_now] == 1
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [
            "checkpoints.jsonl",
            "facts-2023-Q2.jsonl",
            q_now,
            "manifest.json",
            "memory-log.jsonl",
            "resources.jsonl",
        ]
    )
    line = json.loads((out / "facts-2023-Q2.jsonl").read_text("utf-8"))
    assert set(line) >= SEED_FIELDS
    assert line["id"] == old.id
    assert line["content"] == "a fact from long ago"
    assert line["created"].startswith("2023-05-17")
    assert line["source_session"] == "old-session"
    assert line["tags"] == [] and line["promoted"] is False
    assert line["source_trust"] == "trusted"
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["files"] == counts


def test_export_into_non_empty_directory_errors(tmp_path: Path, mem: Memory) -> None:
    mem.add("x marks the spot", user_id="u")
    out = tmp_path / "full"
    out.mkdir()
    (out / "keep.txt").write_text("mine", "utf-8")
    with pytest.raises(ValidationError, match="not empty"):
        mem.export_to(out)
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def _exported(tmp_path: Path, config: Config) -> Path:
    out = tmp_path / "export"
    with Memory(tmp_path / "a.db", config=config) as mem:
        _fill(mem)
        mem.export_to(out, embeddings=True)
    return out


def _facts(out: Path) -> Path:
    return next(out.glob("facts-*.jsonl"))


def _drop_last_line(path: Path) -> None:
    lines = path.read_text("utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:-1]), "utf-8")


def _cut_last_line(path: Path) -> None:
    text = path.read_text("utf-8")
    path.write_text(text[: len(text) - 10], "utf-8")


def _missing_file(path: Path) -> None:
    path.unlink()


def _bad_json(path: Path) -> None:
    lines = path.read_text("utf-8").splitlines(keepends=True)
    lines[0] = "{not json\n"
    path.write_text("".join(lines), "utf-8")


@pytest.mark.parametrize(
    ("damage", "target", "message"),
    [
        (_drop_last_line, "facts", "manifest lists"),
        (_cut_last_line, "facts", "truncated"),
        (_cut_last_line, "memory-log.jsonl", "truncated"),
        (_drop_last_line, "checkpoints.jsonl", "manifest lists"),
        (_cut_last_line, "embeddings.jsonl", "truncated"),
        (_missing_file, "resources.jsonl", "missing"),
        (_bad_json, "facts", "line 1"),
        (_missing_file, "manifest.json", "manifest"),
    ],
)
def test_damaged_export_imports_nothing(
    tmp_path: Path, config: Config, damage: object, target: str, message: str
) -> None:
    out = _exported(tmp_path, config)
    path = _facts(out) if target == "facts" else out / target
    damage(path)  # type: ignore[operator]
    db = tmp_path / "b.db"
    with Memory(db, config=config) as mem:
        with pytest.raises(ValidationError, match=message):
            mem.import_from(out)
        assert mem.stats()["memories"] == 0
    assert _counts(db) == (0, 0, 0, 0, 0)


def test_import_of_a_record_that_exists_is_refused_whole(tmp_path: Path, config: Config) -> None:
    out = _exported(tmp_path, config)
    db = tmp_path / "b.db"
    with Memory(db, config=config) as mem:
        mem.import_from(out)
        before = _counts(db)
        with pytest.raises(ValidationError, match="already exists"):
            mem.import_from(out)
        assert _counts(db) == before
        # a store holding only some of the ids refuses as well, keeping what it had
    db2 = tmp_path / "c.db"
    with Memory(db2, config=config) as mem:
        extra = mem.add("a memory of its own", user_id="zed")[0]
        with Memory(tmp_path / "a.db", config=config) as src:
            clash = next(iter(src.store.iter_memories()))
        mem.store.insert_memories([clash], vectors=None, model_id=None)
        before = _counts(db2)
        with pytest.raises(ValidationError):
            mem.import_from(out)
        assert _counts(db2) == before
        assert mem.get(extra.id, user_id="zed").content == "a memory of its own"
