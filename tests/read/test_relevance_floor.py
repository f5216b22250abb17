"""The absolute relevance floor: a question with no related memory gets nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remem.cli import app
from remem.config import Config
from remem.memory import Memory

UNRELATED = "what is the capital of France?"
RELATED = "what does Aaron prefer?"


@pytest.fixture
def aaron(mem: Memory) -> Memory:
    mem.add("Aaron prefers dark mode", user_id="aaron")
    return mem


def test_unrelated_question_gets_nothing(aaron: Memory) -> None:
    assert aaron.search(UNRELATED, user_id="aaron") == []
    block = aaron.context(UNRELATED, user_id="aaron")
    assert block.text == "" and block.items == () and block.tokens == 0


def test_related_question_is_answered_and_explained(aaron: Memory) -> None:
    [hit] = aaron.search(RELATED, user_id="aaron")
    assert hit.memory.content == "Aaron prefers dark mode"
    match = hit.explain["match"]
    assert match["floor"] == aaron.config.min_relevance
    assert match["score"] >= match["floor"]
    # the fake embedder has no token vectors: the token-level part is the keyword share
    assert set(match) == {"cosine", "terms", "score", "floor"}
    assert "Aaron prefers dark mode" in aaron.context(RELATED, user_id="aaron").text


def test_without_the_floor_the_unrelated_memory_comes_back(tmp_path: Path) -> None:
    # the defence itself: relevance is relative, so with the floor off the only memory
    # is the top hit of any question
    config = Config(home=tmp_path / "home", embedder="fake", min_relevance=0)
    with Memory(tmp_path / "off.db", config=config) as mem:
        mem.add("Aaron prefers dark mode", user_id="aaron")
        [hit] = mem.search(UNRELATED, user_id="aaron")
        assert hit.explain["rank"]["relevance"] == 1.0
        assert mem.context(UNRELATED, user_id="aaron").items


def test_floor_cuts_weak_hits_but_keeps_strong_ones(mem: Memory) -> None:
    mem.add("Aaron prefers dark mode", user_id="aaron")
    mem.add("the gym locker code is 7731", user_id="aaron")
    hits = mem.search("locker code 7731", user_id="aaron")
    assert [h.memory.content for h in hits] == ["the gym locker code is 7731"]


def test_bm25_only_search_is_floored_too(tmp_path: Path) -> None:
    # BM25 proposes any memory sharing a keyword; the floor still measures each one
    # (the query is embedded for it even though the vector source does not run)
    for floor, expected in ((0.05, 1), (0.9, 0)):
        config = Config(home=tmp_path / "home", embedder="fake", min_relevance=floor)
        with Memory(tmp_path / f"bm25-{floor}.db", config=config) as mem:
            mem.add("France trip: pack the charger", user_id="aaron")
            hits = mem.search(UNRELATED, user_id="aaron", sources=["bm25"])
            assert len(hits) == expected
            if hits:
                assert set(hits[0].explain["match"]) == {"cosine", "terms", "score", "floor"}


def test_memories_without_a_vector_are_not_judged(aaron: Memory) -> None:
    # a memory whose vector is of another model (e.g. imported, not re-embedded) has
    # no match score: the floor keeps it rather than guess
    from remem.read.floor import apply_floor, match_scores

    [record] = aaron.list(user_id="aaron").items
    assert match_scores(aaron.store, "x", None, [record], model_id="m", maxsim={}) == {}
    from remem.model import SearchHit

    hit = SearchHit(memory=record, score=1.0)
    assert apply_floor([hit], {}, floor=0.9) == [hit]
    assert hit.explain["match"] == {"floor": 0.9}


def test_retrieve_prints_nothing_for_an_unrelated_question(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake"}
    assert (
        runner.invoke(app, ["add", "Aaron prefers dark mode", "-u", "aaron"], env=env).exit_code
        == 0
    )
    plain = runner.invoke(app, ["retrieve", UNRELATED, "-u", "aaron"], env=env)
    assert plain.exit_code == 0 and plain.stdout == ""
    as_json = runner.invoke(app, ["retrieve", UNRELATED, "-u", "aaron", "--json"], env=env)
    block = json.loads(as_json.stdout)["result"]
    assert block["text"] == "" and block["items"] == [] and block["tokens"] == 0
    found = runner.invoke(app, ["retrieve", RELATED, "-u", "aaron"], env=env)
    assert "Aaron prefers dark mode" in found.stdout


@pytest.mark.slow
def test_floor_with_the_bundled_model(tmp_path: Path) -> None:
    with Memory(tmp_path / "onnx.db", config=Config(home=tmp_path / "home")) as mem:
        mem.add("Aaron prefers dark mode", user_id="aaron")
        mem.add("We migrated from MySQL to Postgres last year", user_id="aaron")
        assert mem.search(UNRELATED, user_id="aaron") == []
        assert mem.context("how do I bake bread?", user_id="aaron").items == ()
        [hit] = mem.search("which theme does Aaron prefer?", user_id="aaron")
        assert hit.memory.content == "Aaron prefers dark mode"
        assert set(hit.explain["match"]) == {"cosine", "maxsim", "score", "floor"}
        # related without a shared word: found through the model, not the keywords
        hits = mem.search("which database do we use?", user_id="aaron")
        assert [h.memory.content for h in hits][:1] == [
            "We migrated from MySQL to Postgres last year"
        ]
