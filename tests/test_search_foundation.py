"""Search v1: BM25 + vector candidates, fused, explained, and fresh across instances."""

from __future__ import annotations

from pathlib import Path

from remem import Memory
from remem.config import Config


def test_hits_are_explained(mem: Memory) -> None:
    mem.add("Aaron prefers dark mode in his editor", user_id="aaron")
    mem.add("Aaron walks his dog every morning", user_id="aaron")
    hits = mem.search("dark mode editor", user_id="aaron")
    top = hits[0]
    assert top.memory.content == "Aaron prefers dark mode in his editor"
    assert set(top.sources) == {"bm25", "vector"}
    for source in top.sources:
        part = top.explain[source]
        assert part["rank"] == 1
        assert isinstance(part["score"], float)
        assert part["contribution"] > 0
    # the fusion step records its method and the fused score, the sum of contributions
    fusion = top.explain["fusion"]
    assert fusion["method"] in {"rrf", "zscore"}
    assert abs(sum(top.explain[s]["contribution"] for s in top.sources) - fusion["score"]) < 1e-5
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_keyword_only_match_is_found_by_bm25(mem: Memory) -> None:
    target = mem.add("the locker code is 7731 for the gym", user_id="u")[0]
    for i in range(5):
        mem.add(f"unrelated sentence about weather number {i}", user_id="u")
    hits = mem.search("7731", user_id="u", sources=["bm25"])
    assert [h.memory.id for h in hits] == [target.id]
    assert hits[0].sources == ["bm25"]
    fused = mem.search("7731", user_id="u")
    assert fused[0].memory.id == target.id
    assert "bm25" in fused[0].sources


def test_limit_is_respected(mem: Memory) -> None:
    for i in range(12):
        mem.add(f"coffee note {i}", user_id="u")
    assert len(mem.search("coffee", user_id="u", limit=5)) == 5
    assert len(mem.search("coffee", user_id="u", limit=1)) == 1
    assert len(mem.search("coffee", user_id="u", limit=100)) == 12


def test_weights_change_the_score(tmp_path: Path) -> None:
    config = Config(home=tmp_path, embedder="fake", vector_weight=0.0)
    with Memory(tmp_path / "w.db", config=config) as mem:
        mem.add("a note about kayaks", user_id="u")
        hit = mem.search("kayaks", user_id="u")[0]
        assert hit.explain["vector"]["contribution"] == 0.0
        fused = hit.explain["fusion"]["score"]
        assert abs(fused - hit.explain["bm25"]["contribution"]) < 1e-5


def test_vector_cache_sees_rows_and_status_from_another_instance(
    config: Config, db_path: Path
) -> None:
    with Memory(db_path, config=config) as reader, Memory(db_path, config=config) as writer:
        first = reader.add("penguins live in Antarctica", user_id="u")[0]
        # warm the reader's vector index
        assert [
            h.memory.id for h in reader.search("penguins", user_id="u", sources=["vector"])
        ] == [first.id]
        second = writer.add("penguins cannot fly", user_id="u")[0]
        hits = reader.search("penguins", user_id="u", sources=["vector"])
        assert {h.memory.id for h in hits} == {first.id, second.id}

        writer.forget(first.id, user_id="u")
        hits = reader.search("penguins", user_id="u", sources=["vector"])
        assert [h.memory.id for h in hits] == [second.id]

        newer = writer.update(second.id, "penguins can swim fast", user_id="u")
        hits = reader.search("penguins", user_id="u", sources=["vector"])
        assert [h.memory.id for h in hits] == [newer.id]
        history = reader.search("penguins", user_id="u", sources=["vector"], include_history=True)
        assert {h.memory.id for h in history} == {second.id, newer.id}

        writer.erase(user_id="u")
        assert reader.search("penguins", user_id="u", sources=["vector"]) == []
        reader.add("penguins again", user_id="u")
        assert len(reader.search("penguins", user_id="u", sources=["vector"])) == 1
