"""Portability keeps meaning: an export made without vectors comes back searchable by
meaning (the import embeds what it lacks), and doctor flags a store whose memories
have no vector."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from remem import Memory, MemoryRecord
from remem.cli import app
from remem.config import Config


def _vector_only(mem: Memory, query: str, **scope: str) -> list[str]:
    """Ids a meaning search alone returns (no words in common needed)."""
    hits = mem.search(query, **scope, sources=["vector"])
    return [h.memory.id for h in hits if "vector" in h.explain]


def test_an_export_without_vectors_imports_searchable_and_healthy(tmp_path: Path) -> None:
    config = Config(home=tmp_path / "home", embedder="fake")
    with Memory(tmp_path / "a.db", config=config) as mem:
        (fact,) = mem.add("The staging database is atlas-db-2", user_id="u")
        mem.export_to(tmp_path / "backup")  # no embeddings in it
    assert not (tmp_path / "backup" / "embeddings.jsonl").exists()
    with Memory(tmp_path / "b.db", config=config) as copy:
        counts = copy.import_from(tmp_path / "backup")
        assert counts["memories"] == 1 and counts["embeddings"] == 0
        assert counts["embedded"] == 1
        assert copy.store.vector_models() == {copy.embedder.model_id: 1}
        assert fact.id in _vector_only(copy, "The staging database is atlas-db-2", user_id="u")
        assert copy.doctor().healthy


def test_doctor_flags_memories_without_vectors_and_reembed_mends_it(tmp_path: Path) -> None:
    config = Config(home=tmp_path / "home", embedder="fake")
    db = tmp_path / "a.db"
    with Memory(db, config=config) as mem:
        mem.store.insert_memories(
            [MemoryRecord(content="The VPN gateway is vpn-3", user_id="u")],
            vectors=None,
            model_id=None,
        )
        report = mem.doctor()
        (finding,) = [f for f in report.checks if f.check == "vectors"]
        assert not report.healthy and not finding.ok
        assert "1 memories have no vector" in finding.detail and finding.items
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake"}
    runner = CliRunner()
    said = runner.invoke(app, ["doctor", "--db", str(db), "--json"], env=env)
    assert said.exit_code != 0 and "have no vector" in said.stdout
    assert runner.invoke(app, ["reembed", "--db", str(db)], env=env).exit_code == 0
    again = runner.invoke(app, ["doctor", "--db", str(db), "--json"], env=env)
    assert again.exit_code == 0, again.stdout
    assert json.loads(again.stdout)["result"]["healthy"] is True
