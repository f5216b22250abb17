"""Classification: category, kind, entities, relations, importance, tier, salience."""

from __future__ import annotations

import pytest

from remem.config import Config
from remem.model import Kind, Sentiment, Strength, Tier, Trust
from remem.write.classify import (
    build_candidate,
    classify_category,
    classify_kind,
    classify_tier,
    confidence_for,
    detect_sentiment,
    extract_entities,
    extract_relations,
    extract_tags,
    importance_for,
    is_informative,
    salience,
)
from remem.write.extract.base import Flag, Relation


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("The payment API crashed and caused an outage.", "incident"),
        ("Aaron decided to go with PostgreSQL.", "decision"),
        ("Aaron's WRX needs new tires.", "vehicle"),
        ("Aaron prefers dark mode.", "preference"),
        ("Aaron is allergic to peanuts.", "health"),
        ("Aaron's sister is getting married.", "relationships"),
        ("Aaron went hiking and camping.", "hobbies"),
        ("Sounds lovely.", "casual"),
    ],
)
def test_category(text: str, category: str) -> None:
    assert classify_category(text, config=Config()) == category


def test_custom_categories_fall_back_gracefully() -> None:
    config = Config(categories=["finance", "travel"], category_weights={"finance": 0.8})
    assert classify_category("Aaron's finances are in order.", config=config) == "finance"
    assert classify_category("Nothing matches here.", config=config) == "finance"
    assert importance_for("travel", config=config) == config.default_category_weight


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("To deploy, first run the migrations, then restart the service.", Kind.PROCEDURAL),
        ("Aaron learned that caching the tokens halves latency.", Kind.LESSON),
        ("Caroline went to a support group on 7 May 2023.", Kind.EPISODIC),
        ("Aaron prefers dark mode.", Kind.SEMANTIC),
    ],
)
def test_kind(text: str, kind: Kind) -> None:
    assert classify_kind(text) is kind


def test_entities_include_known_names_and_capitalised_spans() -> None:
    text = "Aaron drives a Subaru WRX and works at Acme Corp in New York."
    entities = extract_entities(text, known=["Aaron"])
    assert entities[0] == "Aaron"
    for expected in ("Subaru WRX", "Acme Corp", "New York"):
        assert expected in entities
    assert "The" not in extract_entities("The cat sat.")


def test_relations_svo_and_causal() -> None:
    relations = extract_relations("Aaron owns a WRX.", ["Aaron", "WRX"])
    assert Relation("Aaron", "owns", "WRX") in relations
    causal = extract_relations("The deploy failed because the disk was full.")
    assert [r.predicate for r in causal] == ["caused_by"]
    assert causal[0].object == "the disk was full"
    for text, predicate in [
        ("Aaron moved teams so that he could work on search.", "motivated_by"),
        ("The release requires a security review.", "requires"),
        ("The outage led to a new on-call policy.", "resulted_in"),
    ]:
        assert predicate in [r.predicate for r in extract_relations(text)]


def test_importance_arithmetic_reads_config() -> None:
    config = Config()
    assert importance_for("casual", config=config) == pytest.approx(0.3)
    assert importance_for("casual", config=config, remember=True) == pytest.approx(0.5)
    assert importance_for("preference", config=config, remember=True, action=True) == pytest.approx(
        0.95
    )
    assert importance_for("incident", config=config, remember=True, action=True) == 1.0
    assert importance_for("incident", config=config, untrusted=True) == pytest.approx(0.45)
    custom = Config(remember_bonus=0.05, untrusted_importance_factor=1.0)
    assert importance_for("casual", config=custom, remember=True) == pytest.approx(0.35)
    assert importance_for("nonexistent", config=config) == config.default_category_weight


def test_confidence_from_strength_reads_config() -> None:
    config = Config(strength_implied=0.66)
    assert confidence_for(Strength.EXPLICIT, config=config) == 0.9
    assert confidence_for(Strength.IMPLIED, config=config) == 0.66
    assert confidence_for(Strength.INFERRED, config=config) == 0.5


def test_tier() -> None:
    assert classify_tier("x", flags=[Flag.PERMANENT_REQUESTED]) is Tier.PERMANENT
    assert classify_tier("x", flags=[Flag.SAFETY_CRITICAL]) is Tier.PERMANENT
    assert classify_tier("For now the build runs on port 8000.") is Tier.TRANSIENT
    assert classify_tier("Aaron lives in Denver.") is Tier.STANDARD


def test_sentiment() -> None:
    assert detect_sentiment("Ugh, the build keeps failing") is Sentiment.FRUSTRATED
    assert detect_sentiment("Aaron is so excited about the trip") is Sentiment.EXCITED
    assert detect_sentiment("Aaron is not sure about the date") is Sentiment.UNCERTAIN
    assert detect_sentiment("Aaron lives in Denver.") is Sentiment.NEUTRAL


def test_salience_is_bounded_and_favours_dense_procedures() -> None:
    dense = salience("First run migrations, then restart the api service.", Kind.PROCEDURAL)
    thin = salience("It is what it is.", Kind.SEMANTIC)
    assert 0 <= thin < dense <= 1
    assert salience("", Kind.SEMANTIC) == 0.0
    assert salience("Aaron likes tea.", Kind.SEMANTIC, pinned=True) > salience(
        "Aaron likes tea.", Kind.SEMANTIC
    )


def test_tags() -> None:
    tags = extract_tags("Aaron's WRX oil change is due at 11,799 miles.", exclude=["Aaron"])
    assert "change" in tags and "miles" in tags and "aaron" not in tags


def test_informative() -> None:
    assert is_informative("Aaron has 2 dogs.")
    assert is_informative("The cabin has a wood stove.")
    assert not is_informative("Wow, so cool!")
    assert not is_informative("Caroline is glad.", ignore=["Caroline"])


def test_build_candidate() -> None:
    fact = build_candidate(
        "Remember: Aaron is allergic to peanuts.",
        config=Config(),
        speaker="Aaron",
        trust=Trust.UNTRUSTED,
        strength=Strength.IMPLIED,
    )
    assert fact.category == "health"
    assert fact.tier is Tier.PERMANENT
    assert {Flag.REMEMBER_REQUESTED, Flag.SAFETY_CRITICAL} <= fact.flags
    assert fact.confidence == 0.7
    assert fact.importance == pytest.approx((0.7 + 0.2) * 0.5)
    assert fact.untrusted
    assert "Aaron" in fact.entities
