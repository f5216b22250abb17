"""Every lifecycle policy on hand-built records and a fake clock (no store)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from remem.config import Config
from remem.lifecycle import policies as p
from remem.model import Kind, MemoryRecord, SearchHit, Status, Tier, Trust
from remem.read.rank import RankContext, importance_factor, rank, recency_factor

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
C = Config(embedder="fake")


def rec(days_old: float = 0.0, **fields: Any) -> MemoryRecord:
    """A memory created ``days_old`` days before NOW; other fields as given."""
    created = NOW - timedelta(days=days_old)
    for key in ("last_referenced_at", "last_accessed_at", "purge_candidate_since"):
        if isinstance(fields.get(key), int | float):
            fields[key] = NOW - timedelta(days=fields[key])  # given as days ago
    return MemoryRecord(content="x", created_at=created, updated_at=created, **fields)


# -- decay -------------------------------------------------------------------------------
def test_tier_decay_per_unreferenced_week() -> None:
    assert p.tier_decay(rec(14), NOW, C) == pytest.approx(0.95**2)
    assert p.tier_decay(rec(3.5), NOW, C) == pytest.approx(0.95**0.5)
    # counts from the last reference, not from creation
    assert p.tier_decay(rec(300, last_referenced_at=7), NOW, C) == pytest.approx(0.95)
    assert p.tier_decay(rec(14, tier=Tier.TRANSIENT), NOW, C) == pytest.approx(0.25)
    assert p.tier_decay(rec(999, tier=Tier.PERMANENT), NOW, C) == 1.0
    assert p.tier_decay(rec(-5), NOW, C) == 1.0  # created "after" now: no negative age


def test_accesses_do_not_stop_decay_but_references_do() -> None:
    accessed = rec(70, last_accessed_at=0, access_count=40)
    assert p.tier_decay(accessed, NOW, C) == pytest.approx(0.95**10)


@pytest.mark.parametrize(
    ("fields", "half_life"),
    [
        ({"access_count": 0}, 3.0),
        ({"access_count": 1}, 7.0),
        ({"access_count": 2}, 7.0),
        ({"access_count": 3}, 30.0),
        ({"access_count": 9}, 30.0),
        ({"access_count": 10}, 90.0),
        ({"access_count": 0, "reference_count": 1}, 180.0),
        ({"access_count": 50, "success_count": 1}, 180.0),
    ],
)
def test_adaptive_half_life_from_access_history(fields: dict[str, int], half_life: float) -> None:
    record = rec(0, **fields)
    assert p.adaptive_half_life(record, C) == half_life
    aged = rec(half_life, **fields)
    assert p.adaptive_decay(aged, NOW, C) == pytest.approx(0.5)


def test_decay_policy_is_selected_by_config_and_protects_permanent_and_promoted() -> None:
    old = rec(30)  # never accessed: adaptive half-life 3 days
    assert p.decay(old, NOW, C) == pytest.approx(0.95 ** (30 / 7))
    adaptive = Config(embedder="fake", decay_policy="adaptive")
    assert p.decay(old, NOW, adaptive) == pytest.approx(0.5**10)
    assert p.decay(old, NOW, Config(embedder="fake", decay_policy="none")) == 1.0
    assert p.decay(rec(400, promoted=True), NOW, adaptive) == 1.0
    assert p.decay(rec(400, tier=Tier.PERMANENT), NOW, adaptive) == 1.0


# -- reinforcement and the effective score -----------------------------------------------
def test_reinforcement_is_x1_1_per_reference_capped() -> None:
    assert p.reinforcement(rec(reference_count=0), C) == 1.0
    assert p.reinforcement(rec(reference_count=2), C) == pytest.approx(1.21)
    assert p.reinforcement(rec(reference_count=10), C) == C.reinforce_max == 2.0
    assert p.reinforcement(rec(reference_count=10**9), C) == 2.0


def test_effective_score_worked_example_of_the_docs() -> None:
    # docs/concepts.md: importance 0.6, standard, referenced twice, last 10 weeks ago.
    record = rec(200, importance=0.6, reference_count=2, last_referenced_at=70)
    score = p.effective_score(record, NOW, C)
    assert (score.base, score.tier) == (0.6, 1.0)
    assert score.decay == pytest.approx(0.95**10)
    assert score.reinforcement == pytest.approx(1.21)
    assert score.value == pytest.approx(0.6 * 0.95**10 * 1.21)
    assert round(score.value, 3) == 0.435


def test_effective_score_is_capped_at_one_and_uses_the_tier() -> None:
    strong = rec(0, importance=0.95, tier=Tier.PERMANENT, reference_count=5)
    assert p.effective_score(strong, NOW, C).value == 1.0
    transient = p.effective_score(rec(0, importance=0.8, tier=Tier.TRANSIENT), NOW, C)
    assert transient.value == pytest.approx(0.8 * 0.75)


# -- review policies ---------------------------------------------------------------------
def used(days_old: float, refs: int, last_ref_days_ago: float = 0, **fields: Any) -> MemoryRecord:
    """Created ``days_old`` days ago, referenced ``refs`` times, the last time
    ``last_ref_days_ago`` days ago."""
    return rec(days_old, reference_count=refs, last_referenced_at=last_ref_days_ago, **fields)


def test_promote_needs_importance_and_references_stricter_when_untrusted() -> None:
    assert p.promote_policy(used(40, 3, importance=0.85), NOW, C) is not None
    assert p.promote_policy(used(40, 2, importance=0.85), NOW, C) is None
    assert p.promote_policy(used(40, 9, importance=0.8), NOW, C) is None  # > 0.8
    untrusted = {"importance": 0.9, "source_trust": Trust.UNTRUSTED}
    assert p.promote_policy(used(40, 5, **untrusted), NOW, C) is None
    change = p.promote_policy(used(40, 6, **untrusted), NOW, C)
    assert change is not None and change.fields == {"promoted": True}
    assert p.promote_policy(used(40, 3, importance=0.9, promoted=True), NOW, C) is None
    archived = used(40, 3, importance=0.9, status=Status.ARCHIVED)
    assert p.promote_policy(archived, NOW, C) is None


def test_a_memory_flagged_as_an_injection_is_never_promoted() -> None:
    """However often it is referenced: MEMORY.md puts promoted memories before the model."""
    flagged = {"importance": 0.9, "source_trust": Trust.UNTRUSTED, "data": {"injection": "ignore"}}
    assert p.promote_policy(used(40, 50, **flagged), NOW, C) is None
    assert p.promote_policy(used(40, 50, importance=0.9, data={"injection": "x"}), NOW, C) is None
    assert p.promote_policy(used(40, 50, importance=0.9, data={}), NOW, C) is not None


def test_promote_needs_lasting_use_not_a_burst_of_references() -> None:
    # an incident note referenced five times in the days it mattered: one use, not lasting
    burst = used(200, 5, last_ref_days_ago=197, importance=0.9)
    assert not p.lasting(burst, C)
    assert p.promote_policy(burst, NOW, C) is None
    # the same references, the last one a month after it was written: lasting
    kept = used(200, 5, last_ref_days_ago=170, importance=0.9)
    assert p.lasting(kept, C) and p.promote_policy(kept, NOW, C) is not None
    assert not p.lasting(rec(200, importance=0.9), C)  # never referenced
    # lasting_min_days = 0: the plain rule (importance and references)
    plain = Config(embedder="fake", lasting_min_days=0)
    assert p.promote_policy(burst, NOW, plain) is not None


def test_transient_expires_after_its_ttl_from_creation() -> None:
    assert p.expire_policy(rec(6.9, tier=Tier.TRANSIENT), NOW, C) is None
    change = p.expire_policy(rec(7, tier=Tier.TRANSIENT, last_referenced_at=0), NOW, C)
    assert change is not None and change.status is Status.ARCHIVED
    assert change.detail["ttl_days"] == 7 and change.detail["since"] == "created"


def test_category_ttls_count_from_the_last_reference() -> None:
    assert p.expire_policy(rec(91, category="work"), NOW, C) is not None
    assert p.expire_policy(rec(89, category="work"), NOW, C) is None
    assert p.expire_policy(rec(300, category="work", last_referenced_at=30), NOW, C) is None
    assert p.expire_policy(rec(61, category="hobbies"), NOW, C) is not None
    assert p.expire_policy(rec(364, category="health"), NOW, C) is None
    assert p.expire_policy(rec(999, category="incident"), NOW, C) is None  # no TTL
    assert p.expire_policy(rec(999, category="work", tier=Tier.PERMANENT), NOW, C) is None
    custom = Config(embedder="fake", category_ttl_days={"incident": 10})
    assert p.expire_policy(rec(11, category="incident"), NOW, custom) is not None
    assert p.expire_policy(rec(999, category="work"), NOW, custom) is None


def test_a_category_ttl_leaves_a_fact_of_lasting_use_unconfirmed_not_archived() -> None:
    # "Kenji works as a chemist at Pellucid": said in January, still needed in
    # September, then not for 91 days: due for confirmation, not gone
    fact = used(300, 9, last_ref_days_ago=91, category="work")
    assert p.lasting(fact, C)
    assert p.expire_policy(fact, NOW, C) is None
    state = p.ttl_state(fact, NOW, C)
    assert state is not None and state.state == "unconfirmed" and state.ttl_days == 90
    assert p.review(fact, NOW, C) == []  # nothing moves it before its lasting allowance
    # it still decays as any unreferenced memory does, and leaves by the archive policy
    assert p.decay(fact, NOW, C) == pytest.approx(0.95 ** (91 / 7))
    gone = used(300, 9, last_ref_days_ago=181, category="work")
    assert [c.action for c in p.review(gone, NOW, C)] == ["cold"]
    # the same TTL archives what was used only while it was new (an incident's ticket)
    burst = used(100, 4, last_ref_days_ago=91, category="work")
    assert not p.lasting(burst, C)
    change = p.expire_policy(burst, NOW, C)
    assert change is not None and change.status is Status.ARCHIVED
    assert p.ttl_state(burst, NOW, C).state == "expired"  # type: ignore[union-attr]
    # a transient memory expires whatever its use
    assert p.expire_policy(used(8, 3, 0, tier=Tier.TRANSIENT), NOW, C) is not None
    # "archive": the TTL archives lasting use too (the behaviour before)
    strict = Config(embedder="fake", category_ttl_lasting="archive")
    assert p.expire_policy(fact, NOW, strict) is not None
    assert p.ttl_state(fact, NOW, strict).state == "expired"  # type: ignore[union-attr]


def test_explain_shows_where_a_memory_stands_against_its_ttl() -> None:
    fact = used(300, 9, last_ref_days_ago=91, category="work")
    assert p.explain(fact, NOW, C)["ttl"] == {
        "ttl_days": 90,
        "days": 91.0,
        "since": "last_referenced",
        "state": "unconfirmed",
    }
    assert p.explain(rec(10, category="work"), NOW, C)["ttl"]["state"] == "fresh"
    assert "ttl" not in p.explain(rec(10, category="incident"), NOW, C)  # no TTL
    assert "ttl" not in p.explain(rec(999, category="work", tier=Tier.PERMANENT), NOW, C)


def test_archive_when_not_used_for_90_days() -> None:
    change = p.archive_policy(rec(91), NOW, C)
    assert change is not None and change.status is Status.ARCHIVED
    # an access (a search result, an injection) is not a use: idle from its creation
    assert p.archive_policy(rec(200, last_accessed_at=10), NOW, C) is not None
    assert p.archive_policy(rec(200, last_referenced_at=89), NOW, C) is None
    assert p.archive_policy(rec(400, promoted=True), NOW, C) is None
    assert p.archive_policy(rec(400, tier=Tier.PERMANENT), NOW, C) is None


def test_the_reference_clock_injection_does_not_keep_a_used_memory() -> None:
    # an incident note used twice in its first days, then shown 40 times as filler
    filler = used(120, 2, last_ref_days_ago=117, last_accessed_at=1, access_count=40)
    change = p.archive_policy(filler, NOW, C)
    assert change is not None and change.detail["clock"] == "reference"
    assert change.detail["idle_days"] == 117
    # the use clock (the "not accessed"): every injection keeps it
    assert p.archive_policy(filler, NOW, Config(embedder="fake", idle_clock="use")) is None
    # never referenced: idle since its creation, however often it was shown (the
    # archive tier still answers with it)
    searched = rec(200, last_accessed_at=10, access_count=5)
    assert p.idle_clock(searched, C) == "reference" and p.archive_policy(searched, NOW, C)
    # an instruction's use is being injected: a lesson counts its accesses
    lesson = used(200, 1, last_ref_days_ago=150, last_accessed_at=1, kind=Kind.LESSON)
    assert p.archive_policy(lesson, NOW, C) is None


def test_lasting_use_earns_a_longer_archive_allowance() -> None:
    # a fact still used months after it was written, then not needed for 4 months
    fact = used(300, 8, last_ref_days_ago=120)
    assert p.lasting(fact, C) and p.archive_allowance(fact, C) == 180
    assert p.archive_policy(fact, NOW, C) is None
    assert [c.action for c in p.review(used(300, 8, last_ref_days_ago=181), NOW, C)] == ["cold"]
    no_extension = Config(embedder="fake", archive_lasting_days=90)
    assert p.archive_policy(fact, NOW, no_extension) is not None
    # a burst of references within the first days: the plain 90 d
    burst = used(120, 5, last_ref_days_ago=117)
    assert p.archive_allowance(burst, C) == 90 and p.archive_policy(burst, NOW, C) is not None


def test_derived_memories_are_archived_unless_referenced() -> None:
    # an insight shown as filler every day, never used: 30 d from its creation
    insight = rec(31, kind=Kind.INSIGHT, last_accessed_at=0, access_count=20)
    change = p.archive_policy(insight, NOW, C)
    assert change is not None and change.detail["allowed_days"] == 30
    assert p.archive_policy(rec(29, kind=Kind.INSIGHT), NOW, C) is None
    assert p.archive_policy(used(200, 1, last_ref_days_ago=10, kind=Kind.INSIGHT), NOW, C) is None
    week = {"tags": ["rollup", "rollup:week"], "kind": Kind.EPISODIC}
    assert p.archive_policy(rec(31, **week), NOW, C) is not None
    assert p.archive_policy(rec(31, promoted=True, **week), NOW, C) is None
    # a plain episodic memory is not derived (used once: the plain allowance)
    plain = rec(31, kind=Kind.EPISODIC, reference_count=1, last_referenced_at=31)
    assert p.archive_policy(plain, NOW, C) is None
    longer = Config(embedder="fake", archive_derived_after_days=90)
    assert p.archive_policy(insight, NOW, longer) is None


def test_cold_after_six_months_without_use() -> None:
    assert p.cold_policy(rec(181, status=Status.ARCHIVED), NOW, C) is not None
    assert p.cold_policy(rec(179, status=Status.ARCHIVED), NOW, C) is None
    assert p.cold_policy(rec(400, status=Status.SUPERSEDED), NOW, C) is None
    # an active memory idle that long moves once, straight to cold
    changes = p.review(rec(200, importance=0.9), NOW, C)
    assert [c.action for c in changes] == ["cold"]


def test_purge_needs_two_reviews_a_week_apart() -> None:
    low = {"importance": 0.2, "status": Status.ARCHIVED, "tier": Tier.TRANSIENT}
    first = p.purge_policy(rec(200, **low), NOW, C)
    assert first is not None and first.action == "purge_candidate"
    assert first.fields == {"purge_candidate_since": NOW}
    assert p.purge_policy(rec(200, purge_candidate_since=3, **low), NOW, C) is None
    second = p.purge_policy(rec(200, purge_candidate_since=7, **low), NOW, C)
    assert second is not None and second.status is Status.PURGED
    # never an active memory, never a stable fact, never permanent or promoted ones
    assert p.purge_policy(rec(200, importance=0.01, tier=Tier.TRANSIENT), NOW, C) is None
    assert p.purge_policy(rec(200, importance=0.01, status=Status.COLD), NOW, C) is None
    for keep in ({"tier": Tier.PERMANENT}, {"promoted": True}):
        assert p.purge_policy(rec(999, importance=0.01, status=Status.COLD, **keep), NOW, C) is None


def test_a_purge_candidate_that_recovers_is_cleared() -> None:
    strong = rec(
        0, importance=0.9, status=Status.ARCHIVED, purge_candidate_since=7, tier=Tier.TRANSIENT
    )
    change = p.purge_policy(strong, NOW, C)
    assert change is not None and change.action == "purge_cleared"
    assert change.fields == {"purge_candidate_since": None}


def test_review_composes_policies_and_respects_the_enabled_list() -> None:
    idle = rec(100, importance=0.05, tier=Tier.TRANSIENT)  # expired, then a purge candidate
    assert [c.action for c in p.review(idle, NOW, C)] == ["expired", "purge_candidate"]
    stable = rec(100, importance=0.05)  # the same score, a stable fact: archived only
    assert [c.action for c in p.review(stable, NOW, C)] == ["archived"]
    marked = rec(300, importance=0.05, status=Status.ARCHIVED, purge_candidate_since=8,
                 tier=Tier.TRANSIENT)  # fmt: skip
    assert [c.action for c in p.review(marked, NOW, C)] == ["purged"]
    only_archive = Config(embedder="fake", review_policies=["archive"])
    assert [c.action for c in p.review(stable, NOW, only_archive)] == ["archived"]
    assert [c.action for c in p.review(idle, NOW, only_archive)] == ["archived"]
    assert p.review(rec(999, status=Status.FORGOTTEN), NOW, C) == []
    assert p.review(rec(999, status=Status.PURGED), NOW, C) == []


# -- ranking sees the policies ---------------------------------------------------------
def test_rank_importance_uses_the_effective_score_and_explains_it() -> None:
    ctx = RankContext(config=C, now=NOW)
    fresh, faded = rec(0, importance=0.6), rec(70, importance=0.6)
    assert importance_factor(faded, ctx) < importance_factor(fresh, ctx)
    base = RankContext(config=Config(embedder="fake", rank_importance="base"), now=NOW)
    assert importance_factor(faded, base) == importance_factor(fresh, base)
    referenced = rec(70, importance=0.6, reference_count=2, last_referenced_at=0)
    assert importance_factor(referenced, ctx) > importance_factor(fresh, ctx)
    hits = rank([SearchHit(memory=faded, score=1.0)], query="x", config=C, now=NOW)
    explained = hits[0].explain["lifecycle"]
    assert explained["effective"] == round(0.6 * 0.95**10, 4)
    assert explained["policies"] == {
        "importance": "effective",
        "decay": "tier",
        "recency": "half_life",
    }


def test_adaptive_recency_takes_its_half_life_from_access_history() -> None:
    ctx = RankContext(
        config=Config(embedder="fake", recency_mode="adaptive", recency_floor=0), now=NOW
    )
    assert recency_factor(rec(3), ctx) == pytest.approx(0.5)  # never accessed: 3 d
    assert recency_factor(rec(90, access_count=20), ctx) == pytest.approx(0.5)
    validated = rec(400, reference_count=1, last_referenced_at=180)
    assert recency_factor(validated, ctx) == pytest.approx(0.5)
