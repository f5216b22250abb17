"""The trust pass: conflict, uncertain, stale and untrusted tags."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from remem.config import Config
from remem.model import Kind, MemoryRecord, SearchHit, Tier, Trust
from remem.read.trust import find_conflicts, trust_pass

NOW = datetime(2024, 6, 1, tzinfo=UTC)


def rec(content: str, *, days_old: float = 1.0, **fields: object) -> MemoryRecord:
    when = NOW - timedelta(days=days_old)
    return MemoryRecord(content=content, created_at=when, updated_at=when, **fields)  # type: ignore[arg-type]


def tags(*records: MemoryRecord, config: Config | None = None) -> list[list[str]]:
    hits = [SearchHit(memory=r, score=1.0) for r in records]
    return [h.explain["tags"] for h in trust_pass(hits, config=config or Config(), now=NOW)]


def test_same_slot_different_values_conflict_and_the_newer_comes_first() -> None:
    boston = rec("Aaron lives in Boston.", days_old=60)
    denver = rec("Aaron moved to Denver last year", days_old=5)
    other = rec("Aaron prefers dark mode")
    hits = trust_pass(
        [SearchHit(memory=m, score=1.0) for m in (boston, other, denver)], config=Config(), now=NOW
    )
    assert [h.memory.id for h in hits] == [other.id, denver.id, boston.id] or [
        h.memory.id for h in hits
    ] == [denver.id, boston.id, other.id]
    by_id = {h.memory.id: h for h in hits}
    assert by_id[boston.id].explain["tags"] == ["conflict", "outdated"]
    assert by_id[boston.id].explain["outdated_by"] == [denver.id]
    assert by_id[denver.id].explain["tags"] == ["conflict"]
    assert by_id[denver.id].explain["conflicts_with"] == [boston.id]
    assert by_id[other.id].explain["tags"] == []


def test_the_newer_moves_just_above_the_older_and_nothing_else_moves() -> None:
    filler = [rec(f"Aaron read book number {i} about birds") for i in range(3)]
    boston = rec("Aaron lives in Boston.", days_old=60)
    denver = rec("Aaron moved to Denver last year", days_old=5)
    ranked = [filler[0], boston, filler[1], filler[2], denver]
    hits = trust_pass([SearchHit(memory=m, score=1.0) for m in ranked], config=Config(), now=NOW)
    assert [h.memory.id for h in hits] == [
        filler[0].id, denver.id, boston.id, filler[1].id, filler[2].id
    ]  # fmt: skip
    # already in order: unchanged
    again = trust_pass([SearchHit(memory=m, score=1.0) for m in (denver, boston)], config=Config())
    assert [h.memory.id for h in again] == [denver.id, boston.id]


def test_same_value_or_other_subject_is_no_conflict() -> None:
    assert tags(rec("Aaron lives in Boston"), rec("Aaron moved to Boston")) == [[], []]
    assert tags(rec("Aaron lives in Boston"), rec("Maria lives in Denver")) == [[], []]
    assert tags(
        rec("Rack 3 is in server room 101.", days_old=9), rec("Rack 4 is in server room 102.")
    ) == [[], []]


def test_first_person_claims_are_keyed_by_speaker() -> None:
    alice = rec("I live in Paris", role="Alice", days_old=10)
    bob = rec("I live in Rome", role="Bob", days_old=10)
    alice_later = rec("I moved to Lyon", role="Alice")
    config = Config()
    assert find_conflicts([alice, bob], config=config) == {}
    found = find_conflicts([alice, bob, alice_later], config=config)
    assert found == {alice.id: {alice_later.id: "newer"}, alice_later.id: {alice.id: "older"}}
    named = rec("I live in Oslo", data={"metadata": {"name": "Bob"}}, days_old=10)
    assert find_conflicts([named, rec("I moved to Bergen", data={"speaker": "Bob"})], config=config)


def test_negation_conflicts() -> None:
    old, new = rec("Aaron likes sushi", days_old=3), rec("Aaron doesn't like sushi")
    hits = trust_pass(
        [SearchHit(memory=m, score=1.0) for m in (old, new)], config=Config(), now=NOW
    )
    assert [(h.memory.id, h.explain["tags"]) for h in hits] == [
        (new.id, ["conflict"]),
        (old.id, ["conflict", "outdated"]),
    ]
    assert tags(rec("Aaron likes sushi"), rec("Aaron likes pizza")) == [[], []]


def test_supersede_chain_is_history_not_conflict() -> None:
    old = rec("Aaron lives in Boston", days_old=9)
    new = rec("Aaron lives in Denver", supersedes=old.id)
    assert find_conflicts([old, new], config=Config()) == {}
    assert find_conflicts([old, rec("Aaron lives in Denver")], config=Config())


def test_episodes_and_digests_are_no_conflict() -> None:
    # an episode quotes the value of its day (marked where shown), a digest or insight
    # holds its sources' facts: neither is in conflict with a newer fact
    new = rec("Aaron lives in Denver.")
    summary = rec(
        "Succeeded at: Aaron lives in Boston.", days_old=9, kind=Kind.EPISODIC,
        data={"episode_of": "e1"},
    )  # fmt: skip
    digest = rec("Aaron lives in Boston.", days_old=9, tags=["rollup:week"])
    insight = rec("Aaron lives in Boston.", days_old=9, kind=Kind.INSIGHT)
    plain = rec("Aaron lives in Boston.", days_old=9)
    for old in (summary, digest, insight):
        assert find_conflicts([old, new], config=Config()) == {}
    assert find_conflicts([plain, new], config=Config())  # the same text as a fact is one


def test_the_threshold_decides() -> None:
    old, new = rec("Aaron lives in Boston.", days_old=9), rec("Aaron moved to Denver")
    assert tags(old, new, config=Config(conflict_threshold=99.0)) == [[], []]


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
