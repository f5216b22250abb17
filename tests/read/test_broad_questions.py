"""Broad questions: "what do you know about me?" returns the user's memories, ranked;
a question about one facet returns that facet; a specific question about something
never said still returns nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from remem.config import Config
from remem.memory import Memory
from remem.model import MemoryRecord, SearchHit
from remem.read.broad import broad_question, centrality, diversify, facet_cut

NOW = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)
FACTS = [  # (text, importance)
    ("Noor works as a structural engineer at a bridge consultancy", 0.9),
    ("Noor is allergic to shellfish", 0.95),
    ("Noor's partner Idris restores old clocks", 0.7),
    ("Noor plays five-a-side football on Thursdays", 0.4),
    ("Noor keeps sourdough starter in the fridge", 0.2),
    ("Noor's sister Hana lives in Rotterdam", 0.6),
    ("Noor is saving to buy a canal boat", 0.5),
    ("Noor takes the 7:40 train to work", 0.3),
]


@pytest.fixture
def noor(mem: Memory) -> Memory:
    for i, (text, importance) in enumerate(FACTS):
        mem.add(text, user_id="noor", importance=importance, now=NOW - timedelta(days=30 - i))
    mem.add("Someone else's secret plans for a heist", user_id="other", importance=1.0)
    return mem


@pytest.mark.parametrize(
    ("question", "frame", "facet"),
    [
        ("What do you know about me?", "request", None),
        ("what do u remember about me", "request", None),  # "u": no assistant word...
        ("Tell me everything you've learned about me so far", "request", None),
        ("give me a rundown of what I've told you", "request", None),
        ("Could you summarize my finances?", "request", "finances"),
        ("recap my travel plans for me", "request", "travel plans"),
        ("What did I mention about the garage project?", "request", "garage project"),
        ("which hobbies have I talked about?", "request", "hobbies"),
        ("who am I?", "identity", None),
        ("anything about my diet lately?", "set", "diet"),
        ("Anything money-wise I should remember?", "set", "money"),
        ("what are my priorities this quarter?", "set", "priorities"),
        ("what does the agent know about the user?", "request", None),
    ],
)
def test_broad_questions_are_recognised_with_their_facet(
    question: str, frame: str, facet: str | None
) -> None:
    found = broad_question(question)
    if question.startswith("what do u"):  # no word for the assistant: not recognised
        assert found is None
        return
    assert found is not None and (found.frame, found.facet) == (frame, facet)


@pytest.mark.parametrize(
    "question",
    [
        "what is my sister's name?",
        "Which gym do I go to?",
        "When is my next dentist appointment?",
        "How much do I pay for rent?",
        "Where did I park the car?",
        "What programming languages do I know?",  # the user knows, not the assistant
        "who am I meeting on Friday?",
        "What is the capital of Peru?",
        "Did Caroline go to the support group?",
        "What did Melanie tell Caroline about her kids?",  # third person, not the user
    ],
)
def test_specific_questions_are_not_broad(question: str) -> None:
    assert broad_question(question) is None


def test_what_do_you_know_about_me_returns_the_users_memories_ranked(noor: Memory) -> None:
    hits = noor.search("What do you know about me?", user_id="noor", limit=20, now=NOW)
    assert {h.memory.content for h in hits} == {text for text, _ in FACTS}  # all, hers only
    for hit in hits:
        broad = hit.explain["broad"]
        assert broad["frame"] == "request" and broad["facet"] is None
        assert 0 <= broad["centrality"] <= 1 and "overlap" in broad
        assert set(hit.explain["rank"]) >= {"relevance", "importance", "recency", "final"}
    # relevance is the memory's centrality in scope: hits differ by it
    assert len({h.explain["rank"]["relevance"] for h in hits}) > 1
    # with centrality and diversity off the order is importance x recency exactly
    noor.config.broad_centrality_floor, noor.config.broad_diversity = 1.0, 0.0
    hits = noor.search("What do you know about me?", user_id="noor", limit=20, now=NOW)
    finals = [
        h.explain["rank"]["importance"] ** 0.5 * h.explain["rank"]["recency"] ** 0.5 for h in hits
    ]
    assert finals == sorted(finals, reverse=True)
    assert hits[0].memory.content == "Noor is allergic to shellfish"
    assert hits[-1].memory.content == "Noor keeps sourdough starter in the fridge"
    # the limit still holds, and the context block is filled too
    assert len(noor.search("tell me about myself", user_id="noor", limit=3, now=NOW)) == 3
    assert len(noor.context("what do you know about me?", user_id="noor", now=NOW).items) == 8


def test_without_the_broad_path_the_floor_returns_nothing(tmp_path: Path) -> None:
    config = Config(home=tmp_path / "home", embedder="fake", broad_questions=False)
    with Memory(tmp_path / "off.db", config=config) as mem:
        for text, importance in FACTS:
            mem.add(text, user_id="noor", importance=importance)
        assert mem.search("What do you know about me?", user_id="noor") == []


def test_a_facet_returns_what_matches_it(noor: Memory) -> None:
    hits = noor.search("what have I told you about my sister?", user_id="noor", now=NOW)
    assert hits[0].memory.content == "Noor's sister Hana lives in Rotterdam"
    assert hits[0].explain["broad"]["facet"] == "sister"
    assert "facet_best_match" in hits[0].explain["broad"]


def test_a_facet_nothing_is_about_returns_nothing(noor: Memory) -> None:
    assert noor.search("tell me about my motorbike", user_id="noor", now=NOW) == []
    # and the gate is what does it: with the facet floor off the scope comes back
    noor.config.broad_facet_floor = 0.0
    assert noor.search("tell me about my motorbike", user_id="noor", now=NOW)


def test_specific_questions_about_nothing_stored_still_return_nothing(noor: Memory) -> None:
    for question in ("What is the capital of Peru?", "what is my cat's name?"):
        assert noor.search(question, user_id="noor", now=NOW) == []


def _hit(memory_id: str, score: float) -> SearchHit:
    return SearchHit(memory=MemoryRecord(id=memory_id, content=memory_id), score=score)


def test_centrality_ranks_what_the_others_are_about() -> None:
    a, b = np.array([1.0, 0.0, 0.0]), np.array([0.8, 0.6, 0.0])
    c, odd = np.array([0.6, 0.8, 0.0]), np.array([0.0, 0.0, 1.0])
    central = centrality([a, b, c, odd, None])
    assert central[1] == 1.0 and central[3] == 0.0 and central[4] == 0.5
    assert centrality([a, b]) == [0.5, 0.5]  # too few to tell


def test_diversify_covers_different_things_first() -> None:
    vectors = {
        "job": np.array([1.0, 0.0]),
        "job2": np.array([1.0, 0.0]),
        "family": np.array([0.0, 1.0]),
    }
    hits = [_hit("job", 1.0), _hit("job2", 0.95), _hit("family", 0.9)]
    order = [h.memory.id for h in diversify(hits, vectors, weight=0.5)]
    assert order == ["job", "family", "job2"]
    assert [h.memory.id for h in diversify(hits, vectors, weight=0.0)] == ["job", "job2", "family"]


def test_facet_cut_is_all_or_nothing_on_the_best_match() -> None:
    weak, strong = _hit("a", 1.0), _hit("b", 0.5)
    weak.explain["match"] = {"score": 0.05}
    strong.explain["match"] = {"score": 0.3}
    assert [h.memory.id for h in facet_cut([weak, strong], floor=0.2)] == ["a", "b"]
    assert facet_cut([weak], floor=0.2) == []


def test_a_time_expression_narrows_a_broad_question(noor: Memory) -> None:
    found = broad_question("what did I tell you over the past 28 days?")
    assert found is not None and found.facet is None and found.when == ("over the past 28 days",)
    hits = noor.search("what did I tell you over the past 28 days?", user_id="noor", now=NOW)
    assert {h.memory.content for h in hits} == {text for text, _ in FACTS[2:]}
    assert hits[0].explain["broad"]["window"] == ["2024-05-04", "2024-06-02"]
    assert (
        noor.search("what have I told you about my sister this week?", user_id="noor", now=NOW)
        == []
    )
