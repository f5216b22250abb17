"""The Mem0 drop-in (remem.compat.mem0) runs a corpus of Mem0's own documented
examples (tests/compat/mem0_examples/), each changed only in its import (and in
placeholder ids, taken from an add), in-process on a temp store; and what a Mem0
user relies on beyond the examples."""

from __future__ import annotations

import logging
import runpy
from pathlib import Path

import pytest

from remem.compat.mem0 import Mem0ValueError, Memory
from remem.errors import ValidationError

EXAMPLES = sorted((Path(__file__).parent / "mem0_examples").glob("*.py"))


@pytest.fixture(autouse=True)
def _fake_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REMEM_EMBEDDER", "fake")


def test_the_corpus_holds_every_documented_area() -> None:
    names = {p.stem for p in EXAMPLES}
    assert {"quickstart", "add", "search", "metadata_filtering", "update_delete"} <= names
    assert {"async_memory", "procedural", "configuration"} <= names
    for path in EXAMPLES:
        assert "from remem.compat.mem0 import" in path.read_text()
        assert "from mem0" not in path.read_text().replace("(was: from mem0", "")


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_a_documented_example_runs(path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="remem.compat.mem0"):
        runpy.run_path(str(path), run_name="__main__")
    if path.stem == "configuration":  # one warning per part remem cannot honour
        said = [r.getMessage() for r in caplog.records]
        for part in ("vector_store", "llm", "embedder", "reranker"):
            assert sum(f"'{part}'" in s for s in said) == 1, said
        assert sum("rerank=True" in s for s in said) == 1


def test_the_scope_as_arguments_or_in_filters_and_errors_as_mem0() -> None:
    m = Memory()
    m.add("Sam's locker code is on the blue card", user_id="sam", infer=False)
    old_style = m.search("locker", user_id="sam", limit=5)  # Mem0 v1/v2 arguments
    new_style = m.search("locker", filters={"user_id": "sam"}, top_k=5)
    assert old_style["results"]
    assert [r["id"] for r in old_style["results"]] == [r["id"] for r in new_style["results"]]
    with pytest.raises(ValueError, match="user_id"):
        m.search("locker")  # no scope
    with pytest.raises(ValueError, match="whitespace"):
        m.add("x", user_id="   ")
    with pytest.raises(ValueError, match="one id"):
        m.search("locker", filters={"user_id": {"in": ["sam", "ann"]}})
    with pytest.raises(Mem0ValueError) as caught:
        m.search("locker", filters={"user_id": "sam", "x": {"nope": 1}})
    assert isinstance(caught.value, ValidationError)  # remem's error too
    assert m.get("0" * 32) is None
    assert m.search("locker", filters={"user_id": "ann"})["results"] == []  # another scope


def test_a_run_alone_is_a_scope_of_its_own() -> None:
    m = Memory()
    m.add("The deploy window is Friday", run_id="r1", infer=False)
    m.add("The deploy window is Monday", user_id="sam", run_id="r1", infer=False)
    alone = m.get_all(filters={"run_id": "r1"})["results"]
    assert [r["memory"] for r in alone] == ["The deploy window is Friday"]
    assert [
        r["memory"] for r in m.get_all(filters={"user_id": "sam", "run_id": "r1"})["results"]
    ] == ["The deploy window is Monday"]


def test_an_update_through_add_says_update_with_the_previous_memory() -> None:
    m = Memory()
    m.add("I live in Boston.", user_id="lee")
    moved = m.add("I moved to Denver.", user_id="lee")["results"]
    assert [r["event"] for r in moved] == ["UPDATE"]
    assert "Boston" in moved[0]["previous_memory"]
    assert [r["memory"] for r in m.get_all(filters={"user_id": "lee"})["results"]] == [
        moved[0]["memory"]
    ]


def test_expired_memories_are_hidden_unless_asked() -> None:
    m = Memory()
    m.add("The promo code works", user_id="u", infer=False, expiration_date="2020-01-01")
    assert m.get_all(filters={"user_id": "u"})["results"] == []
    assert len(m.get_all(filters={"user_id": "u"}, show_expired=True)["results"]) == 1
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        m.add("x", user_id="u", infer=False, expiration_date="next week")


@pytest.mark.slow
def test_the_quickstart_question_with_the_bundled_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mem0's own quickstart question, on remem's default embedder and relevance floor."""
    monkeypatch.delenv("REMEM_EMBEDDER")
    runpy.run_path(str(Path(__file__).parent / "mem0_examples" / "quickstart.py"))


def test_the_older_argument_forms_and_what_remem_cannot_honour(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Mem0's older names (``update(data=)``, ``limit``, ids as arguments), ``threshold``,
    and ``add(prompt=)``, which remem cannot honour: accepted, said once."""
    m = Memory()
    with caplog.at_level(logging.WARNING, logger="remem.compat.mem0"):
        for n in range(2):
            m.add(f"Kim's badge number is 40{n}", user_id="kim", infer=False, prompt="Be brief")
    assert sum("prompt" in r.getMessage() for r in caplog.records) == 1
    first = m.get_all(user_id="kim", limit=1)["results"]
    assert len(first) == 1 and first[0]["memory"] == "Kim's badge number is 401"
    assert m.update(first[0]["id"], data="Kim's badge number is 409") == {
        "message": "Memory updated successfully!"
    }
    assert m.get(first[0]["id"])["memory"] == "Kim's badge number is 409"
    found = m.search("badge number", filters={"user_id": "kim"}, threshold=0.0)["results"]
    assert {"id", "memory", "hash", "score", "created_at", "updated_at"} <= set(found[0])
    assert all(r["score"] >= 0.0 for r in found)
    above = m.search("badge number", filters={"user_id": "kim"}, threshold=0.9999)
    assert above["results"] == []  # a minimum of the score: none reaches it
    with pytest.raises(ValueError, match="threshold"):
        m.search("badge", filters={"user_id": "kim"}, threshold=1.5)
