"""Embedding spaces are never mixed: a model change needs `remem reembed`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from remem import EmbeddingMismatchError, Memory
from remem.cli import app
from remem.config import Config
from remem.providers.fake import FakeEmbedder
from remem.providers.hashing import HashingEmbedder


def test_other_model_is_refused_until_reembed(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        added = [mem.add(f"note {w} about gardening", user_id="u")[0] for w in ("one", "two")]
        old_model = mem.embedder.model_id

    switched = FakeEmbedder(model_id="fake-embedder-v2")
    with Memory(db_path, config=config, embedder=switched) as mem:
        with pytest.raises(EmbeddingMismatchError) as info:
            mem.search("gardening", user_id="u")
        message = str(info.value)
        assert "remem reembed" in message
        assert old_model in message and "fake-embedder-v2" in message
        with pytest.raises(EmbeddingMismatchError):
            mem.add("a third note", user_id="u")
        assert mem.list(user_id="u").total == 2

        seen: list[tuple[int, int]] = []
        assert mem.reembed(progress=lambda done, total: seen.append((done, total))) == 2
        assert seen[-1] == (2, 2)
        assert mem.store.vector_models() == {"fake-embedder-v2": 2}
        vectors = mem.store.get_vectors([r.id for r in added])
        assert {model for model, _ in vectors.values()} == {"fake-embedder-v2"}
        hits = mem.search("gardening", user_id="u", sources=["vector"])
        assert {h.memory.id for h in hits} == {r.id for r in added}
        assert mem.reembed() == 0  # nothing left to do


def test_reembed_with_another_dimension(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        record = mem.add("vectors of another size", user_id="u")[0]
    with Memory(db_path, config=config, embedder=HashingEmbedder(dim=32)) as mem:
        assert mem.reembed() == 1
        model, blob = mem.store.get_vectors([record.id])[record.id]
        assert model == "hashing-v1-32"
        assert np.frombuffer(blob, dtype=np.float32).shape == (32,)
        assert [h.memory.id for h in mem.search("size", user_id="u")] == [record.id]


def test_cli_reembed_switches_models(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake"}
    assert runner.invoke(app, ["add", "tea with lemon", "--user", "u"], env=env).exit_code == 0

    hashing = {**env, "REMEM_EMBEDDER": "hashing"}
    refused = runner.invoke(app, ["search", "tea", "--user", "u"], env=hashing)
    assert refused.exit_code == 1
    assert "remem reembed" in refused.stderr

    done = runner.invoke(app, ["reembed", "--json"], env=hashing)
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["result"] == {"reembedded": 1, "model_id": "hashing-v1-256"}

    found = runner.invoke(app, ["search", "tea", "--user", "u", "--json"], env=hashing)
    assert found.exit_code == 0, found.output
    assert [h["content"] for h in json.loads(found.stdout)["result"]] == ["tea with lemon"]

    back = runner.invoke(app, ["reembed"], env=env)
    assert back.exit_code == 0, back.output
    assert "re-embedded 1 memories with fake-embedder-64" in back.stdout
