"""Ranking factors, one by one, on hand-built records (no store)."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from remem.config import Config
from remem.model import MemoryRecord, SearchHit, Sentiment, Tier, Trust, Visibility
from remem.read.rank import (
    Asker,
    RankContext,
    importance_factor,
    normalised_relevance,
    passes_min_trust,
    query_sentiment,
    rank,
    recency_factor,
    usage_factor,
    visible_to,
)

NOW = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)


def rec(content: str = "a fact", *, days_old: float = 0.0, **fields: object) -> MemoryRecord:
    when = NOW - timedelta(days=days_old)
    return MemoryRecord(content=content, created_at=when, updated_at=when, **fields)  # type: ignore[arg-type]


def hits(*records: MemoryRecord, scores: list[float] | None = None) -> list[SearchHit]:
    scores = scores or [1.0] * len(records)
    return [SearchHit(memory=r, score=s) for r, s in zip(records, scores, strict=True)]


def ctx(config: Config | None = None) -> RankContext:
    return RankContext(config=config or Config(), now=NOW)


def order(ranked: list[SearchHit]) -> list[str]:
    return [h.memory.content for h in ranked]


# -- relevance ------------------------------------------------------------------------
def test_relevance_is_divided_by_the_top_score_or_min_max_when_negative() -> None:
    assert normalised_relevance([0.04, 0.02, 0.01]) == [1.0, 0.5, 0.25]
    assert normalised_relevance([2.0, 0.0, -2.0]) == [1.0, 0.5, 0.0]
    assert normalised_relevance([0.0, 0.0]) == [1.0, 1.0]
    assert normalised_relevance([]) == []


def test_equal_factors_keep_the_fused_order() -> None:
    records = [rec(f"memory {i}", days_old=10) for i in range(30)]
    scores = [1.0 / (60 + i // 2) for i in range(30)]  # with ties, as RRF gives
    ranked = rank(hits(*records, scores=scores), query="q", config=Config(), now=NOW)
    assert order(ranked) == [r.content for r in records]
    finals = [h.score for h in ranked]
    assert finals == sorted(finals, reverse=True)


def test_equal_factors_keep_order_with_zscore_scores() -> None:
    records = [rec(f"memory {i}") for i in range(8)]
    scores = [3.0, 2.5, 1.0, 0.0, -0.5, -1.0, -1.0, -2.0]
    ranked = rank(hits(*records, scores=scores), query="q", config=Config(), now=NOW, limit=5)
    assert order(ranked) == [f"memory {i}" for i in range(5)]


def test_every_factor_is_explained() -> None:
    [hit] = rank(hits(rec()), query="q", config=Config(), now=NOW)
    parts = hit.explain["rank"]
    assert set(parts) == {
        "relevance",
        "importance",
        "recency",
        "usage",
        "trust",
        "visibility",
        "feedback",  # echo/fizzle in context: 1.0 for a memory never judged
        "subject",  # 1.0 unless the memory is plainly about someone the query is not
        "final",
    }
    assert hit.score == pytest.approx(parts["final"], abs=1e-6)
    assert "rank" not in parts  # the CLI prints dicts with a "rank" key as source ranks


def test_relevance_dominates_importance_and_age() -> None:
    relevant = rec("relevant but dull and old", importance=0.0, days_old=365)
    important = rec("important, new, permanent", importance=1.0, tier=Tier.PERMANENT)
    ranked = rank(hits(relevant, important, scores=[1.0, 0.5]), query="q", config=Config(), now=NOW)
    assert order(ranked)[0] == "relevant but dull and old"


# -- importance -----------------------------------------------------------------------
def test_importance_orders_equal_relevance_and_tier_adjusts_it() -> None:
    c = ctx()
    low, high = rec(importance=0.2), rec(importance=0.9)
    assert importance_factor(low, c) < importance_factor(high, c) <= 1.0
    assert importance_factor(rec(importance=0.0), c) == pytest.approx(c.config.importance_floor)
    base = rec(importance=0.6)
    permanent = rec(importance=0.6, tier=Tier.PERMANENT)
    transient = rec(importance=0.6, tier=Tier.TRANSIENT)
    assert importance_factor(transient, c) < importance_factor(base, c)
    assert importance_factor(base, c) < importance_factor(permanent, c)
    ranked = rank(hits(low, high), query="q", config=Config(), now=NOW)
    assert ranked[0].memory is high


# -- recency --------------------------------------------------------------------------
def test_newer_fact_beats_an_older_equal_one() -> None:
    old, new = rec("old", days_old=40), rec("new", days_old=1)
    ranked = rank(hits(old, new), query="q", config=Config(), now=NOW)
    assert order(ranked) == ["new", "old"]


def test_recency_half_life_and_floor() -> None:
    c = ctx()
    assert recency_factor(rec(days_old=0), c) == pytest.approx(1.0)
    assert recency_factor(rec(days_old=30), c) == pytest.approx(0.5)
    assert recency_factor(rec(days_old=3650), c) == pytest.approx(c.config.recency_floor)


def test_recency_counts_from_the_last_reference() -> None:
    c = ctx()
    referenced = rec(days_old=300, last_referenced_at=NOW - timedelta(days=30))
    assert recency_factor(referenced, c) == pytest.approx(0.5)


def test_linear_exp_mode_is_the_adr_formula_since_created() -> None:
    c = ctx(Config(recency_mode="linear_exp", recency_floor=0.0))
    record = rec(days_old=50, last_referenced_at=NOW)
    assert recency_factor(record, c) == pytest.approx(math.exp(-0.01 * 50))


def test_permanent_fact_never_decays() -> None:
    c = ctx()
    for days in (0, 30, 365, 10_000):
        assert recency_factor(rec(days_old=days, tier=Tier.PERMANENT), c) == 1.0
    old_permanent = rec("permanent", days_old=2000, tier=Tier.PERMANENT)
    new_standard = rec("standard", days_old=0)
    ranked = rank(hits(new_standard, old_permanent), query="q", config=Config(), now=NOW)
    assert ranked[0].explain["rank"]["recency"] == 1.0
    assert ranked[1].explain["rank"]["recency"] == 1.0


# -- usage ----------------------------------------------------------------------------
def test_usage_penalty_and_priority_boost() -> None:
    c = ctx()
    assert usage_factor(rec(access_count=0), c) == 1.0
    assert usage_factor(rec(access_count=2), c) == pytest.approx(1 / (1 + 0.15 * 2))
    assert usage_factor(rec(access_count=10_000), c) == pytest.approx(c.config.usage_floor)
    assert usage_factor(rec(retrieval_priority=1.0), c) == pytest.approx(1.1)
    assert usage_factor(rec(retrieval_priority=-5.0), c) == pytest.approx(0.9)
    fresh, worn = rec("fresh"), rec("worn", access_count=8)
    assert order(rank(hits(worn, fresh), query="q", config=Config(), now=NOW)) == [
        "fresh",
        "worn",
    ]


# -- trust ----------------------------------------------------------------------------
def test_untrusted_source_is_multiplied_down() -> None:
    trusted, untrusted = rec("trusted"), rec("untrusted", source_trust=Trust.UNTRUSTED)
    ranked = rank(hits(untrusted, trusted), query="q", config=Config(), now=NOW)
    assert order(ranked) == ["trusted", "untrusted"]
    assert ranked[1].explain["rank"]["trust"] == pytest.approx(0.7)
    assert "untrusted" in ranked[1].explain["tags"]


def test_min_trust_filters_on_trust_score() -> None:
    config = Config(min_trust=0.4)
    weak, ok = rec("weak", trust_score=0.2, confidence=1.0), rec("ok", trust_score=0.5)
    assert not passes_min_trust(weak, config) and passes_min_trust(ok, config)
    assert order(rank(hits(weak, ok), query="q", config=config, now=NOW)) == ["ok"]
    assert len(rank(hits(weak, ok), query="q", config=Config(min_trust=0.0), now=NOW)) == 2


# -- visibility -----------------------------------------------------------------------
def test_visibility_rules() -> None:
    mine = rec(agent_id="a1", visibility=Visibility.PRIVATE)
    users = rec(agent_id=None, visibility=Visibility.PRIVATE)
    role = rec(agent_id="a1", role="support", visibility=Visibility.ROLE)
    shared = rec(agent_id="a1", visibility=Visibility.UNIVERSAL)
    other = Asker(agent_id="a2", role="sales")
    same_role = Asker(agent_id="a3", role="support")
    owner = Asker(agent_id="a1")
    assert not visible_to(mine, other) and visible_to(mine, owner)
    assert visible_to(users, other)
    assert not visible_to(role, other) and visible_to(role, same_role) and visible_to(role, owner)
    assert visible_to(shared, other)
    assert all(visible_to(r, Asker()) for r in (mine, role, shared))
    ranked = rank(hits(mine, role, shared), query="q", config=Config(), asker=other, now=NOW)
    assert [h.memory for h in ranked] == [shared]


def test_visibility_multipliers() -> None:
    private = rec("private", visibility=Visibility.PRIVATE)
    shared = rec("shared", visibility=Visibility.UNIVERSAL)
    ranked = rank(hits(shared, private), query="q", config=Config(), now=NOW)
    assert order(ranked) == ["private", "shared"]
    assert ranked[1].explain["rank"]["visibility"] == pytest.approx(0.8)


# -- sentiment (off by default) -------------------------------------------------------
def test_sentiment_match_only_when_enabled() -> None:
    assert query_sentiment("ugh, the build keeps failing again, so frustrating") is (
        Sentiment.FRUSTRATED
    )
    assert query_sentiment("what is my editor") is Sentiment.NEUTRAL
    calm = rec("calm", sentiment=Sentiment.NEUTRAL)
    angry = rec("angry", sentiment=Sentiment.FRUSTRATED)
    query = "so frustrating, the deploy failed"
    off = rank(hits(calm, angry), query=query, config=Config(), now=NOW)
    assert order(off) == ["calm", "angry"] and "sentiment" not in off[0].explain["rank"]
    on = rank(hits(calm, angry), query=query, config=Config(rank_sentiment=True), now=NOW)
    assert order(on) == ["angry", "calm"]
    assert on[1].explain["rank"]["sentiment"] == pytest.approx(0.85)


def test_limit_cuts_after_ranking() -> None:
    records = [rec(f"m{i}", days_old=20 - i) for i in range(10)]
    ranked = rank(hits(*records), query="q", config=Config(), now=NOW, limit=3)
    assert order(ranked) == ["m9", "m8", "m7"]


# -- subject attribution --------------------------------------------------------------
def said(content: str, speaker: str, importance: float = 0.5) -> MemoryRecord:
    return rec(content, data={"speaker": speaker}, importance=importance)


def test_a_relatives_fact_never_answers_a_question_about_the_person() -> None:
    """ "Aiden's parents live in Tampa" matched the words better, but "Where does Aiden
    live?" asks about Aiden: his own fact comes first, however far behind it fused."""
    parents = said("Aiden's parents live in Tampa.", "Aiden", importance=0.9)
    own = said("Aiden lives in Denver.", "Aiden", importance=0.3)
    ranked = rank(
        hits(parents, own, scores=[4.0, -4.0]),
        query="Where does Aiden live?",
        config=Config(),
        now=NOW,
    )
    assert order(ranked) == ["Aiden lives in Denver.", "Aiden's parents live in Tampa."]
    assert ranked[1].explain["rank"]["subject"] == pytest.approx(Config().rank_subject_mismatch)
    # the multiplier alone cannot lift a fact that fused last: the order is what does it
    off = rank(
        hits(parents, own, scores=[4.0, -4.0]),
        query="Where does Aiden live?",
        config=Config(rank_subject_first=False),
        now=NOW,
    )
    assert order(off)[0] == "Aiden's parents live in Tampa."


def test_a_fact_about_the_person_asked_about_told_by_someone_else_is_not_marked_down() -> None:
    told = said("My colleague Tunde is on call this week.", "Femi")  # about Tunde
    other = said("My sister is on call this week.", "Femi")
    ranked = rank(hits(other, told), query="Is Tunde on call this week?", config=Config(), now=NOW)
    assert ranked[0].memory is told
    assert ranked[0].explain["rank"]["subject"] == 1.0
    assert ranked[1].explain["rank"]["subject"] < 1.0


def test_a_question_about_a_relative_puts_the_persons_own_facts_after() -> None:
    own = said("Aiden lives in Denver.", "Aiden")
    parents = said("Aiden's parents live in Tampa.", "Aiden")
    ranked = rank(
        hits(own, parents, scores=[4.0, -4.0]),
        query="Where do Aiden's parents live?",
        config=Config(),
        now=NOW,
    )
    assert order(ranked)[0] == "Aiden's parents live in Tampa."


@pytest.mark.parametrize(
    ("content", "speaker", "query"),
    [
        ("It's a map of Middle-earth from LOTR.", "Tim", "What map does Tim show to John?"),
        ("He's moving to Leeds in May.", "Sam", "Where does Sam live?"),
        ("Our team bond is awesome.", "John", "How did John describe the team bond?"),
    ],
)
def test_a_contraction_or_the_speakers_own_group_is_no_other_person(
    content: str, speaker: str, query: str
) -> None:
    """ "It's" is "it is", never "its owner"; "our team" is the speaker with others."""
    (hit,) = rank(hits(said(content, speaker)), query=query, config=Config(), now=NOW)
    assert hit.explain["rank"]["subject"] == 1.0


# -- a "when" question and a memory that says when -------------------------------------
def test_a_when_question_prefers_the_memory_that_states_a_time() -> None:
    """Two memories about the kayak trip; "when" is answered by the one saying when."""
    undated = rec("Odile: The kayak trip on the lake was wonderful, so calm.")
    dated = rec("Odile: We took the kayaks out on the lake two weekends ago.")
    config = Config(rank_when_undated=0.5)
    ranked = rank(
        hits(undated, dated, scores=[1.0, 0.9]),
        query="When did Odile go kayaking?",
        config=config,
        now=NOW,
    )
    assert ranked[0].memory is dated
    assert ranked[1].explain["rank"]["dated"] == 0.5
    # not a "when" question: no factor, the fused order stands
    plain = rank(
        hits(undated, dated, scores=[1.0, 0.9]),
        query="Where did Odile go kayaking?",
        config=config,
        now=NOW,
    )
    assert plain[0].memory is undated
    assert "dated" not in plain[0].explain["rank"]


# -- a question about a speaker and the turns someone else said ------------------------
def test_a_question_about_a_speaker_prefers_their_own_turns() -> None:
    """Bram's reply echoes the words; Odile's own turn says what she plays."""
    echo = rec("Bram: Nice! Do you play the cello too, Odile?")
    own = rec("Odile: I took up the cello in school and still play most evenings.")
    config = Config(rank_other_speaker=0.5)
    ranked = rank(
        hits(echo, own, scores=[1.0, 0.9]),
        query="What instrument does Odile play?",
        config=config,
        now=NOW,
    )
    assert ranked[0].memory is own
    assert ranked[1].explain["rank"]["speaker"] == 0.5
    # a person who is not one of the speakers in view: no factor
    third = rank(
        hits(echo, own, scores=[1.0, 0.9]),
        query="What instrument does Pieter play?",
        config=config,
        now=NOW,
    )
    assert third[0].memory is echo
    assert "speaker" not in third[0].explain["rank"]


def test_the_speaker_comes_from_the_message_name_before_the_text() -> None:
    named = rec("I keep bees on the roof.", data={"metadata": {"name": "Odile"}})
    ranked = rank(
        hits(rec("Bram: Bees, wow."), named, scores=[1.0, 0.9]),
        query="What does Odile keep on the roof?",
        config=Config(rank_other_speaker=0.5),
        now=NOW,
    )
    assert ranked[0].memory is named
