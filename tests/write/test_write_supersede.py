"""The write side of updates: which neighbour a candidate supersedes, flags or may duplicate."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from remem.config import Config
from remem.model import Kind, MemoryRecord, Status, Trust
from remem.write.candidate import CandidateFact
from remem.write.supersede import may_meet, plan_update, subject_attribute

T0 = datetime(2024, 1, 15, tzinfo=UTC)
LATER = T0 + timedelta(days=90)


def stored(content: str, *, when: datetime = T0, **fields: object) -> MemoryRecord:
    return MemoryRecord(content=content, valid_from=when, data={"speaker": "Aaron"}, **fields)  # type: ignore[arg-type]


def fact(content: str, *, when: datetime = LATER, **fields: object) -> CandidateFact:
    return CandidateFact(content=content, speaker="Aaron", valid_from=when, **fields)  # type: ignore[arg-type]


def plan(new: CandidateFact, *olds: MemoryRecord, resource: str | None = "r2") -> object:
    return plan_update(
        new, [(o, 0.9) for o in olds], config=Config(), resource_id=resource, when=new.valid_from
    )


def test_the_best_scoring_update_is_the_target() -> None:
    boston = stored("Aaron lives in Boston.")
    tea = stored("Aaron prefers tea over coffee.")
    result = plan(fact("Aaron moved to Denver in April 2024."), tea, boston)
    assert result.target is boston and result.flag is None
    assert result.verdict is not None and "cue targets home" in result.verdict.explain()
    assert not result.dedup  # values differ from Boston: never a duplicate of it


def test_facts_of_one_message_never_replace_each_other() -> None:
    boston = stored("Aaron lives in Boston.", source_resource_id="r1")
    assert plan(fact("Aaron moved to Denver."), boston, resource="r1").target is None
    assert plan(fact("Aaron moved to Denver."), boston, resource="r2").target is boston


def test_history_arriving_late_never_replaces_what_came_after() -> None:
    denver = stored("Aaron lives in Denver.", when=LATER)
    assert plan(fact("Aaron moved to Boston.", when=T0), denver).target is None
    assert plan(fact("Aaron moved to Boston.", when=LATER + timedelta(days=1)), denver).target


def test_untrusted_content_never_replaces_a_trusted_memory() -> None:
    boston = stored("Aaron lives in Boston.")
    result = plan(fact("Aaron moved to Denver.", source_trust=Trust.UNTRUSTED), boston)
    assert result.target is None and result.flag is boston
    trusted_again = plan(fact("Aaron moved to Denver."), boston)
    assert trusted_again.target is boston


def test_only_memories_whose_values_agree_may_be_duplicates() -> None:
    first = stored("Kofi and others deploy on 2 October.")
    same = stored("Aaron drives a Subaru WRX.")
    result = plan(fact("Kofi and others deploy on 10 October."), first)
    assert result.dedup == [] and result.target is first  # a new date: an update
    rerun = plan(fact("Aaron drives a Subaru WRX!"), same)
    assert rerun.dedup == [(same, 0.9)] and rerun.target is None


def test_inactive_neighbours_are_ignored() -> None:
    boston = stored("Aaron lives in Boston.", status=Status.SUPERSEDED)
    assert plan(fact("Aaron moved to Denver."), boston).target is None


def test_subject_attribute_names_the_family() -> None:
    assert subject_attribute("Priya works at Acme Corp as a data engineer.") == ("priya", "job")
    assert subject_attribute("Aaron lives in Boston.") == ("aaron", "home")
    assert subject_attribute("The weather.") is None


def test_an_episode_is_history_that_only_another_episode_meets() -> None:
    # a session's record and summary quote the values of their day; a later fact
    # changes the value, never the history (the quote is marked where it is shown)
    summary = MemoryRecord(
        content="Succeeded at: the staging database is Postgres 14.",
        kind=Kind.EPISODIC,
        data={"episode_of": "e1"},
    )
    record = MemoryRecord(
        content="Task: the staging database is Postgres 14.",
        kind=Kind.EPISODIC,
        data={"episode": {}},
    )
    event = MemoryRecord(content="Went to Lisbon on 3 May 2025.", kind=Kind.EPISODIC)
    new = fact("The staging database is Postgres 16 now.")
    assert not may_meet(summary, new) and not may_meet(record, new)
    assert may_meet(summary, fact("Succeeded at: the migration.", kind=Kind.EPISODIC))
    assert may_meet(event, new)  # an event the write path stored is no session's history
