"""The policy table of docs/concepts.md ("What can and cannot be lost"), one test per
row: what can happen to each kind of memory in each state, on hand-built records and
a fake clock (no store). Each test fails if its rule is removed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from remem.config import Config
from remem.lifecycle import policies as p
from remem.model import Kind, MemoryRecord, Status, Tier

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)  # a Monday
C = Config(embedder="fake")
DAYS = C.archive_session_only_days  # what a prompt or chatter is allowed unused


def rec(
    days_old: float = 0.0, content: str = "Aaron's dentist is Dr Lowe.", **fields: Any
) -> MemoryRecord:
    """A memory created ``days_old`` days before NOW; ``*_at`` fields given as days ago."""
    created = NOW - timedelta(days=days_old)
    for key in ("last_referenced_at", "last_accessed_at", "purge_candidate_since", "valid_to"):
        if isinstance(fields.get(key), int | float):
            fields[key] = NOW - timedelta(days=fields[key])
    return MemoryRecord(content=content, created_at=created, updated_at=created, **fields)


def actions(record: MemoryRecord, config: Config = C) -> list[str]:
    return [c.action for c in p.review(record, NOW, config)]


# -- a stable fact (standard tier) -------------------------------------------------------
def test_a_stable_fact_leaves_the_active_set_but_is_never_purged_by_its_score() -> None:
    assert actions(rec(31)) == ["archived"]  # never used since it was said: 30 d
    assert actions(rec(29)) == []
    used_once = {"reference_count": 1, "last_referenced_at": 91}
    assert actions(rec(91, importance=0.05, **used_once)) == ["archived"]  # idle 90 d
    assert actions(rec(89, **{**used_once, "last_referenced_at": 89})) == []
    assert actions(rec(200, importance=0.05)) == ["cold"]  # idle 180 d: cold
    for status in (Status.ARCHIVED, Status.COLD):
        # its effective score is far below purge_below, for years: still never purged
        faded = rec(3000, importance=0.01, status=status, purge_candidate_since=30)
        assert p.effective_score(faded, NOW, C).value < C.purge_below
        # (a purge mark left by an older rule is cleared)
        assert [a for a in actions(faded) if "purge" in a] == ["purge_cleared"]


def test_idle_time_counts_from_the_last_use_not_from_being_shown() -> None:
    shown = rec(120, last_accessed_at=1, access_count=60, surface_count=60)
    assert actions(shown) == ["archived"]  # injected every day, never used
    used = rec(120, last_referenced_at=20, reference_count=1, last_accessed_at=20)
    assert actions(used) == []  # used 20 days ago
    lesson = rec(120, kind=Kind.LESSON, last_accessed_at=1)
    assert actions(lesson) == []  # an instruction's use is being injected


def test_a_fact_needed_rarely_but_repeatedly_gets_the_lasting_allowance() -> None:
    # said on day 0, needed on day 60 and 100, not since: 150 days idle
    rare = rec(250, reference_count=2, last_referenced_at=150)
    assert p.lasting(rare, C) and p.archive_allowance(rare, C) == C.archive_lasting_days
    assert actions(rare) == []
    assert actions(rec(350, reference_count=2, last_referenced_at=181)) == ["cold"]


# -- protected: the permanent tier and promoted memories ---------------------------------
def test_permanent_and_promoted_memories_never_leave_by_a_policy() -> None:
    for protected in ({"tier": Tier.PERMANENT}, {"promoted": True}):
        assert actions(rec(3000, importance=0.01, category="work", **protected)) == []
        archived = rec(3000, importance=0.01, status=Status.ARCHIVED, **protected)
        assert actions(archived) == []  # restored by hand, never purged


def test_a_prompt_is_not_held_by_its_tier_and_leaves_after_its_allowance_unused() -> None:
    # a request or a question stored as a memory, permanent by a domain floor or a
    # keep request misread in it: archived after archive_session_only_days unused
    for text in ("Can you draft an email to Ashby Dairy about the overdue invoice?",
                 "How many teaspoons in a tablespoon"):  # fmt: skip
        for tier in (Tier.PERMANENT, Tier.STANDARD):
            assert actions(rec(DAYS + 1, content=text, tier=tier)) == ["archived"]
            assert actions(rec(DAYS - 0.5, content=text, tier=tier)) == []
        cold = rec(3000, content=text, tier=Tier.PERMANENT, importance=0.01, status=Status.COLD)
        assert "purged" not in actions(cold)  # never purged by its score
        assert actions(rec(DAYS + 1, content=text, promoted=True)) == []  # promoted: held
    # a fact with a keep request beside it is a fact
    for text in ("Old Bess is buried under the holly hedge (please don't let me forget it).",
                 "Please store this permanently: the crush serial is CR-91146."):  # fmt: skip
        assert actions(rec(3000, content=text, tier=Tier.PERMANENT)) == []
    assert actions(rec(DAYS + 1, content="They come once in June.")) == []  # a statement: 30 d


def test_a_statement_that_pins_no_value_down_leaves_as_a_prompt_does_until_used() -> None:
    # chatter: no number, code or name; never used: archived after its allowance, reversibly
    for text in ("Back from the mart, knackered.", "The kids are finally asleep."):
        assert actions(rec(DAYS + 1, content=text)) == ["archived"]
        assert actions(rec(DAYS - 0.5, content=text)) == []
        cold = rec(3000, content=text, importance=0.01, status=Status.COLD)
        assert "purged" not in actions(cold)  # never purged by its score
        used = rec(60, content=text, reference_count=1, last_referenced_at=50)
        assert actions(used) == []  # used: the ordinary 90 days
    assert actions(rec(DAYS + 1, content="Aaron's dentist is Dr Lowe in Harbour Street.")) == []
    # a possessive name opening the sentence pins a value down: an update's new value
    # ("Tam's food is raw tripe.") was archived as chatter two days after it was said
    assert actions(rec(DAYS + 1, content="Tam's food is raw tripe.")) == []
    assert actions(rec(DAYS + 1, content="It's been a long day.")) == ["archived"]


def test_a_project_fact_naming_its_things_is_no_chatter() -> None:
    # a coding project's facts name things by hyphen-joined identifiers and counts in
    # words, in lower case ("Aws profiles are acme-staging and acme-prod.": shown at
    # every session start, never confirmed by the user, it was archived after a week)
    for text in ("Aws profiles are acme-staging and acme-prod.",
                 "staging runs three replicas behind the lb"):  # fmt: skip
        assert actions(rec(8, content=text)) == [], text
    assert actions(rec(8, content="That's one I can't afford to lose, honestly.")) == ["archived"]


def test_a_domain_floor_does_not_hold_a_one_off_note_past_its_day() -> None:
    note = "The plumber is coming to fix the shower today."
    floored = rec(5, content=note, tier=Tier.PERMANENT, data={"flags": ["domain_critical"]})
    assert actions(floored) == ["expired"]
    asked = rec(5, content=note, tier=Tier.PERMANENT, data={"flags": ["keep_requested"]})
    assert actions(asked) == []  # the user asked to keep it
    assert actions(rec(5, content=note, promoted=True)) == []


# -- transient by kind -------------------------------------------------------------------
def test_the_transient_tier_expires_and_is_purged_at_two_reviews() -> None:
    said = rec(8, tier=Tier.TRANSIENT, importance=0.2)
    assert actions(said) == ["expired", "purge_candidate"]
    marked = rec(30, tier=Tier.TRANSIENT, status=Status.ARCHIVED, purge_candidate_since=8)
    assert actions(marked) == ["purged"]


def test_a_one_off_note_is_archived_once_its_day_has_passed() -> None:
    note = "The plumber is coming to fix the outside tap tomorrow."
    said = rec(5, content=note)  # said on a Wednesday: its day was Thursday
    change = p.expire_policy(said, NOW, C)
    assert change is not None and change.status is Status.ARCHIVED
    assert change.detail["one_off_day"] == (NOW - timedelta(days=4)).date().isoformat()
    assert p.expire_policy(rec(0.5, content=note), NOW, C) is None  # its day is to come
    # used after its day (restored by the reference): still about its day
    used = rec(5, content=note, last_referenced_at=1, reference_count=1)
    assert p.expire_policy(used, NOW, C) is not None
    # what recurs, or what already happened, is no one-off
    for text in ("The feed comes every Thursday.", "Rory has football on Tuesdays.",
                 "The build server was rebooted on Tuesday."):  # fmt: skip
        assert p.expire_policy(rec(30, content=text), NOW, C) is None
    # a new value of a slot names a weekday but is a state, not a note for one day
    moved = "Pharm class switched, it is on Tuesday."
    assert p.expire_policy(rec(30, content=moved), NOW, C) is not None  # read alone: a note
    assert p.expire_policy(rec(30, content=moved, supersedes="0" * 32), NOW, C) is None
    # ...but a note that updates the last note of its kind is still a note for its day
    for lorry in ("The hay lorry is bringing 40 bales today.",
                  "The hay lorry is bringing 60 bales on Monday."):  # fmt: skip
        assert p.expire_policy(rec(30, content=lorry, supersedes="0" * 32), NOW, C) is not None
    # archived, its score long faded: a one-off note is not purged by its score either
    old = rec(400, content=note, importance=0.05, status=Status.COLD, purge_candidate_since=30)
    assert "purged" not in actions(old)


def test_a_weekday_said_with_now_is_a_changed_schedule_not_a_one_off_note() -> None:
    # the old value left the active set, so nothing was superseded: read alone
    for text in ("Pharm class is on Tuesday now.", "Bin collection is now Friday, not Monday.",
                 "The choir is now on Wednesday."):  # fmt: skip
        assert p.expire_policy(rec(30, content=text), NOW, C) is None, text
    # "now" away from the day does not make a note a schedule
    for note in ("Right now the vet is coming on Friday.", "The boiler man comes on Friday."):
        assert p.expire_policy(rec(30, content=note), NOW, C) is not None, note


def test_derived_memories_are_archived_unreferenced_and_purgeable() -> None:
    digest = {"tags": ["rollup", "rollup:week"], "kind": Kind.EPISODIC, "importance": 0.2}
    assert actions(rec(31, **digest)) == ["archived"]
    assert actions(rec(200, status=Status.COLD, **digest)) == ["purge_candidate"]
    insight = rec(200, kind=Kind.INSIGHT, importance=0.2, status=Status.COLD,
                  purge_candidate_since=8)  # fmt: skip
    assert actions(insight) == ["purged"]


# -- history: superseded and forgotten ---------------------------------------------------
def test_superseded_versions_are_kept_unless_a_retention_is_set() -> None:
    old = rec(400, status=Status.SUPERSEDED, valid_to=200, importance=0.01)
    assert actions(old) == []  # history, by default for good
    kept_a_while = Config(embedder="fake", purge_superseded_after_days=365)
    assert actions(old, kept_a_while) == []  # superseded 200 days ago
    assert actions(rec(900, status=Status.SUPERSEDED, valid_to=400), kept_a_while) == ["purged"]


def test_forgotten_and_purged_memories_are_left_alone() -> None:
    for status in (Status.FORGOTTEN, Status.PURGED):
        assert actions(rec(999, status=status, importance=0.01)) == []
