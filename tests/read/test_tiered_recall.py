"""Tiered recall: summaries first, memories when no summary covers the query."""

from __future__ import annotations

import logging

import pytest

from remem.memory import Memory
from remem.model import Scope, Summary, utcnow
from remem.read.tiered import rank_summaries, score_summary


def _summary(category: str, content: str, sources: tuple[str, ...] = ()) -> Summary:
    return Summary(
        category=category,
        content=content,
        facts=3,
        generator="test",
        created_at=utcnow(),
        sources=sources,
    )


def _backed(mem: Memory, category: str, content: str, user: str = "aaron") -> Summary:
    """A summary whose one source is a memory stating ``content``."""
    fact = mem.add(content, user_id=user, category=category)[0]
    return _summary(category, content, (fact.id,))


def test_score_is_query_term_coverage() -> None:
    score, matched = score_summary(["hiking", "boots"], "Aaron hikes every weekend; boots: size 44")
    assert score == 1.0 and matched == ("hiking", "boots")
    assert score_summary(["sailing"], "Aaron hikes")[0] == 0.0


def test_summary_answers_and_counter_moves(mem: Memory, caplog: pytest.LogCaptureFixture) -> None:
    scope = Scope(user_id="aaron")
    hobbies = _backed(mem, "hobbies", "Aaron goes hiking in the Alps with his dog.")
    mem.store.put_summary(scope, hobbies)
    mem.store.put_summary(scope, _backed(mem, "vehicle", "Aaron drives a blue Volvo estate."))
    mem.add("Aaron bought new hiking boots", user_id="aaron")
    with caplog.at_level(logging.INFO, logger="remem.read.tiered"):
        result = mem.recall_tiered("Where does Aaron go hiking?", user_id="aaron")
    assert result.tier == "summaries" and result.items == []
    assert result.summaries[0].summary.category == "hobbies"
    assert "answered from summaries" in caplog.text
    assert mem.stats()["tiered_recall"] == {"summaries": 1, "items": 0, "summary_hit_rate": 1.0}


def test_falls_back_to_items_when_no_summary_covers(mem: Memory) -> None:
    scope = Scope(user_id="aaron")
    mem.store.put_summary(scope, _backed(mem, "vehicle", "Aaron drives a blue Volvo estate."))
    stored = mem.add("Aaron's dentist appointment is on Friday", user_id="aaron")[0]
    result = mem.recall_tiered("dentist appointment", user_id="aaron")
    assert result.tier == "items" and result.summaries == []
    assert stored.id in {h.memory.id for h in result.items}
    assert result.best_summary_score < mem.config.summary_min_score
    mem.recall_tiered("Volvo estate", user_id="aaron")
    assert mem.stats()["tiered_recall"] == {"summaries": 1, "items": 1, "summary_hit_rate": 0.5}


def test_summaries_of_another_scope_never_answer(mem: Memory) -> None:
    mem.store.put_summary(Scope(user_id="bea"), _backed(mem, "hobbies", "Bea goes sailing.", "bea"))
    result = mem.recall_tiered("sailing", user_id="aaron")
    assert result.tier == "items"


def test_top_k_cuts_the_summaries() -> None:
    summaries = [_summary(f"c{i}", "hiking") for i in range(5)]
    assert len(rank_summaries(summaries, "hiking", top_k=3)) == 3


def test_search_is_unchanged_by_summaries(mem: Memory) -> None:
    mem.store.put_summary(Scope(user_id="aaron"), _summary("hobbies", "Aaron goes hiking."))
    mem.add("Aaron goes hiking on Sundays", user_id="aaron")
    hits = mem.search("hiking", user_id="aaron")
    assert all(h.memory.content != "Aaron goes hiking." for h in hits)
    assert "tiered_recall" not in mem.stats()
