"""The trust pass: conflict, uncertain, stale and untrusted tags."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from remem.config import Config
from remem.model import MemoryRecord, SearchHit, Tier, Trust
from remem.read.trust import claim_slot, find_conflicts, negates, trust_pass

NOW = datetime(2024, 6, 1, tzinfo=UTC)


def rec(content: str, *, days_old: float = 1.0, **fields: object) -> MemoryRecord:
    when = NOW - timedelta(days=days_old)
    return MemoryRecord(content=content, created_at=when, updated_at=when, **fields)  # type: ignore[arg-type]


def tags(*records: MemoryRecord, config: Config | None = None) -> list[list[str]]:
    hits = [SearchHit(memory=r, score=1.0) for r in records]
    return [h.explain["tags"] for h in trust_pass(hits, config=config or Config(), now=NOW)]


def test_same_slot_different_values_conflict_both_ways() -> None:
    boston, denver = rec("Aaron lives in Boston."), rec("Aaron moved to Denver last year")
    other = rec("Aaron prefers dark mode")
    assert tags(boston, denver, other) == [["conflict"], ["conflict"], []]
    hits = trust_pass(
        [SearchHit(memory=boston, score=1.0), SearchHit(memory=denver, score=0.5)],
        config=Config(),
        now=NOW,
    )
    assert hits[0].explain["conflicts_with"] == [denver.id]


def test_same_value_or_other_subject_is_no_conflict() -> None:
    assert tags(rec("Aaron lives in Boston"), rec("Aaron moved to Boston")) == [[], []]
    assert tags(rec("Aaron lives in Boston"), rec("Maria lives in Denver")) == [[], []]


def test_first_person_claims_are_keyed_by_speaker() -> None:
    alice = rec("I live in Paris", role="Alice")
    bob = rec("I live in Rome", role="Bob")
    alice_later = rec("I moved to Lyon", role="Alice")
    assert find_conflicts([alice, bob]) == {}
    assert set(find_conflicts([alice, bob, alice_later])) == {alice.id, alice_later.id}


def test_negation_conflicts() -> None:
    assert negates("Aaron likes sushi", "Aaron does not like sushi")
    assert negates("Maria is allergic to peanuts", "Maria isn't allergic to peanuts")
    assert not negates("Aaron likes sushi", "Aaron likes pizza")
    assert not negates("Aaron does not like sushi", "Aaron never likes sushi at all")
    assert tags(rec("Aaron likes sushi"), rec("Aaron doesn't like sushi")) == [
        ["conflict"],
        ["conflict"],
    ]


def test_supersede_chain_is_history_not_conflict() -> None:
    old = rec("Aaron lives in Boston")
    new = rec("Aaron lives in Denver", supersedes=old.id)
    assert find_conflicts([old, new]) == {}


def test_claim_slot_favourite_and_name() -> None:
    assert claim_slot(rec("Aaron's favourite color is blue")) == (
        ("aaron", "favourite color"),
        "blue",
    )
    slot = claim_slot(rec("My name is Jo Ann", user_id="u"))
    assert slot is not None and slot[0][1] == "name" and slot[1] == "jo ann"
    assert claim_slot(rec("the weather is nice")) is None


def test_uncertain_stale_untrusted() -> None:
    config = Config(uncertain_below=0.3, stale_days=90)
    assert tags(rec("a guess", confidence=0.2), config=config) == [["uncertain"]]
    assert tags(rec("old news", days_old=91), config=config) == [["stale"]]
    referenced = rec("old but used", days_old=400, last_referenced_at=NOW - timedelta(days=5))
    assert tags(referenced, config=config) == [[]]
    permanent = rec("birthday is May 3", days_old=1000, tier=Tier.PERMANENT)
    assert tags(permanent, config=config) == [[]]
    assert tags(rec("web page says", source_trust=Trust.UNTRUSTED)) == [["untrusted"]]
    every = rec("x is y", confidence=0.1, days_old=200, source_trust=Trust.UNTRUSTED)
    assert tags(every, config=config) == [["uncertain", "stale", "untrusted"]]


def test_every_slot_passes_the_cue_check() -> None:
    """The one-search pre-check must let every slot pattern's sentences through."""
    examples = {
        "residence": "Aaron relocated to Denver",
        "employer": "Aaron was hired by Acme",
        "occupation": "Aaron works as a nurse",
        "car": "Aaron drives a Volvo",
        "preference": "Aaron prefers tea",
        "age": "Aaron is 41 years old",
        "favourite food": "Aaron's all-time favorite food is ramen",
        "name": "My name is Jo",
    }
    for attribute, text in examples.items():
        slot = claim_slot(rec(text, user_id="u"))
        assert slot is not None and slot[0][1] == attribute, text
