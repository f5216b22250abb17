"""The optional HNSW index: used above the threshold, scoped, persisted, rebuilt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from remem.config import Config
from remem.memory import Memory
from remem.model import Scope
from remem.store.ann import AnnSettings, ann_path, usearch_available
from remem.store.ann import sync as sync_ann
from remem.store.sqlite import SQLiteStore
from remem.store.vectors import VectorIndex

pytestmark = pytest.mark.skipif(not usearch_available(), reason="needs the 'ann' extra")

TOPICS = ["garden", "invoice", "violin", "kernel", "harbour", "recipe", "glacier", "tax"]


def _memory(db: Path, **overrides: object) -> Memory:
    config = Config(embedder="fake", home=db.parent, ann_threshold=200, **overrides)
    return Memory(db, config=config)


def _texts(n: int, prefix: str = "") -> list[str]:
    return [
        f"{prefix}note {i} about the {TOPICS[i % len(TOPICS)]} and item{i} code{i * 7}"
        for i in range(n)
    ]


def _fill(mem: Memory, texts: list[str], user: str = "bulk") -> dict[str, str]:
    added = mem.add([{"role": "user", "content": t} for t in texts], user_id=user, infer=False)
    return {m.content: m.id for m in added}


def _index(mem: Memory) -> VectorIndex:
    assert isinstance(mem.store, SQLiteStore)
    index = mem.store._index(mem.embedder.model_id, mem.embedder.dim)
    assert index is not None
    return index


def _vector_ids(mem: Memory, text: str, user: str, limit: int = 5) -> list[str]:
    query = np.asarray(mem.embedder.embed_query(text), dtype=np.float32)
    hits = mem.store.vector_search(
        query, Scope(user_id=user), model_id=mem.embedder.model_id, limit=limit
    )
    return [memory_id for memory_id, _ in hits]


def test_graph_answers_above_threshold_like_exact_search(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    texts = _texts(400)
    with _memory(db) as mem:
        ids = _fill(mem, texts)
        index = _index(mem)
        assert index.ann is not None and len(index.ann) == 400
        found = [_vector_ids(mem, t, "bulk") for t in texts[:40:4]]
        assert index.last_path == "ann"
        # HNSW is approximate (and its threaded build is not deterministic): the query's
        # own memory must come first for nearly every query, not necessarily all.
        own_first = sum(hits[0] == ids[t] for hits, t in zip(found, texts[:40:4], strict=True))
        assert own_first >= 9
    with _memory(db, ann_enabled=False) as exact:
        assert _index(exact).ann is None
        truth = [_vector_ids(exact, t, "bulk") for t in texts[:40:4]]
        # ... and it agrees with the exact scan on nearly all of the top 5.
        assert sum(t[0] == f[0] for t, f in zip(truth, found, strict=True)) >= 9
        overlap = sum(len(set(t) & set(f)) for t, f in zip(truth, found, strict=True))
        assert overlap / sum(len(t) for t in truth) >= 0.9
        assert _index(exact).last_path == "exact"


def test_small_scope_among_many_is_found_by_the_exact_fallback(tmp_path: Path) -> None:
    with _memory(tmp_path / "m.db") as mem:
        _fill(mem, _texts(400))
        _fill(mem, ["Maya keeps her violin in the blue case"], user="maya")
        hits = mem.search("where is the violin case?", user_id="maya")
        assert [h.memory.content for h in hits] == ["Maya keeps her violin in the blue case"]
        assert _index(mem).last_path == "ann-fallback"


def test_persisted_graph_is_reused_and_extended(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with _memory(db) as mem:
        _fill(mem, _texts(300))
        ann = _index(mem).ann
        assert ann is not None and not ann.loaded
        path = ann_path(str(db), mem.embedder.model_id)
        assert path.is_file()
    with _memory(db) as again:
        ann = _index(again).ann
        assert ann is not None and ann.loaded and len(ann) == 300
        _fill(again, _texts(20, prefix="late "), user="late")
        ann = _index(again).ann
        assert ann is not None and ann.loaded and len(ann) == 320  # added, not rebuilt
        assert _vector_ids(again, "late note 3 about the kernel and item3 code21", "late")


def test_graph_is_rebuilt_after_erase_and_reembed(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with _memory(db) as mem:
        _fill(mem, _texts(300))
        _fill(mem, _texts(30, prefix="gone "), user="gone")
        assert _index(mem).ann is not None
        path = ann_path(str(db), mem.embedder.model_id)
        mem.erase(user_id="gone")
        assert not path.exists()  # no vectors of erased memories left beside the file
        ann = _index(mem).ann
        assert ann is not None and len(ann) == 300 and path.is_file()
    with _memory(db) as again:
        again.embedder.model_id = "fake-embedder-v2"  # type: ignore[misc]
        again.reembed()
        ann = _index(again).ann
        assert ann is not None and not ann.loaded and len(ann) == 300
        assert ann_path(str(db), "fake-embedder-v2").is_file()


def test_stale_file_of_another_epoch_is_not_used(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with _memory(db) as mem:
        _fill(mem, _texts(300))
        _index(mem)
        path = ann_path(str(db), mem.embedder.model_id)
        stale = path.read_bytes()
        mem.erase(user_id="nobody")  # bumps the vector epoch
        path.write_bytes(stale)
    with _memory(db) as again:
        ann = _index(again).ann
        assert ann is not None and not ann.loaded


def test_exact_search_when_disabled_or_below_threshold(tmp_path: Path) -> None:
    with _memory(tmp_path / "off.db", ann_enabled=False) as off:
        _fill(off, _texts(300))
        assert _vector_ids(off, _texts(1)[0], "bulk")
        assert _index(off).ann is None and _index(off).last_path == "exact"
        assert not list(tmp_path.glob("off.db.hnsw-*"))
    with _memory(tmp_path / "small.db") as small:
        _fill(small, _texts(150))
        assert _vector_ids(small, _texts(1)[0], "bulk")
        assert _index(small).ann is None and _index(small).last_path == "exact"


def test_graph_made_before_the_onnx_embedder_loads_does_not_crash() -> None:
    # usearch imported before onnxruntime made onnxruntime's import segfault; in a
    # child process so that a crash fails this test instead of killing the run.
    code = (
        "from remem.store.ann import AnnIndex, AnnSettings\n"
        "AnnIndex(4, AnnSettings(), epoch='1')\n"
        "import onnxruntime\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_scope_with_a_share_of_the_graph_is_answered_by_it() -> None:
    # 4000 vectors, a third of them user a's: the graph is asked for enough
    # proposals (scaled by that share) that 10 of a's survive the mask, so the
    # graph answers; asked for only oversample x 10 it would fall back to a scan.
    rng = np.random.default_rng(5)
    vectors = rng.normal(size=(4000, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = VectorIndex("m", 16)
    index.append(
        (seq, "a" if seq % 3 == 0 else "b", None, None, True, vectors[seq - 1].tobytes())
        for seq in range(1, 4001)
    )
    settings = AnnSettings(threshold=1000, oversample=2)
    sync_ann(index, settings, epoch="1", path=None, may_save=False)
    assert index.ann is not None
    own_first = 0
    for seq in range(3, 63, 3):  # user a's
        found = index.search(vectors[seq - 1], Scope(user_id="a"), 10)
        assert index.last_path == "ann"
        assert len(found) == 10 and all(s % 3 == 0 for s, _ in found)
        own_first += found[0][0] == seq
    assert own_first >= 17  # approximate: the query's own row first nearly always
    # a scope of one row among 4001 is scanned exactly (and found)
    index.append([(4001, "c", None, None, True, vectors[0].tobytes())])
    sync_ann(index, settings, epoch="1", path=None, may_save=False)
    assert index.search(vectors[0], Scope(user_id="c"), 10) == [(4001, pytest.approx(1.0))]
    assert index.last_path == "ann-fallback"
