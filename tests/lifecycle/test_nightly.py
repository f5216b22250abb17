"""The nightly job on a real store (SQLite file, PostgreSQL schema) and a fake clock: merge of near-duplicates
(and the pairs it must leave apart), the boost of new memories, the extraction of
resources nothing was extracted from."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from remem.config import Config
from remem.lifecycle.compare import merge_refusal, values_differ
from remem.memory import Memory
from remem.model import MemoryRecord, Resource, Status, utcnow
from storeview import snapshot

T0 = utcnow() - timedelta(days=30)
DUP_A = "Aaron prefers dark mode in the editor"
DUP_B = "Aaron prefers dark mode in his editor"  # fake-embedder cosine 0.87


BACKENDS = ("sqlite", "postgres")


def _add(mem: Memory, text: str, at: timedelta, **kw: Any) -> MemoryRecord:
    return mem.add(text, user_id=kw.pop("user_id", "aaron"), now=T0 + at, **kw)[0]


def test_near_duplicates_merge_into_the_newer_at_equal_confidence(mem: Memory) -> None:
    old = _add(mem, DUP_A, timedelta(0))
    new = _add(mem, DUP_B, timedelta(minutes=5))
    other = _add(mem, "Aaron plays chess on Sundays", timedelta(minutes=6))
    mem.reference(old.id, user_id="aaron", now=T0 + timedelta(minutes=7))
    result = mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
    assert result.status == "ok" and result.counts["merged"] == 1
    gone, kept = mem.get(old.id, user_id="aaron"), mem.get(new.id, user_id="aaron")
    assert gone.status is Status.SUPERSEDED and gone.superseded_by == new.id
    assert kept.status is Status.ACTIVE and kept.reference_count == 1  # its use carried over
    assert kept.last_referenced_at == T0 + timedelta(minutes=7)
    assert mem.get(other.id, user_id="aaron").status is Status.ACTIVE
    merged = [e for e in mem.history(old.id, user_id="aaron") if e.event == "merged"]
    assert merged and merged[0].detail["superseded_by"] == new.id
    assert merged[0].at == T0 + timedelta(hours=1)
    assert "merge_kept" in [e.event for e in mem.history(new.id, user_id="aaron")]
    hits = mem.search("dark mode editor", user_id="aaron", _record_access=False)
    assert [h.memory.id for h in hits].count(new.id) == 1 and old.id not in [
        h.memory.id for h in hits
    ]
    before = snapshot(mem.store)
    assert mem.jobs.run("nightly", now=T0 + timedelta(hours=1)).counts.get("merged", 0) == 0
    assert snapshot(mem.store) == before


def test_the_higher_confidence_is_kept(mem: Memory) -> None:
    sure = _add(mem, DUP_A, timedelta(0))
    unsure = _add(mem, DUP_B, timedelta(minutes=5))
    unsure.confidence = 0.4
    mem.store.update_memory(unsure)
    mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
    assert mem.get(unsure.id, user_id="aaron").superseded_by == sure.id
    assert mem.get(sure.id, user_id="aaron").status is Status.ACTIVE


def test_only_memories_of_one_scope_merge(mem: Memory) -> None:
    a = _add(mem, DUP_A, timedelta(0))
    b = _add(mem, DUP_B, timedelta(minutes=1), user_id="maya")
    c = _add(mem, DUP_B, timedelta(minutes=2), agent_id="coder")  # aaron, another agent
    assert mem.jobs.run("nightly", now=T0 + timedelta(hours=1)).counts.get("merged", 0) == 0
    for record, user in ((a, "aaron"), (b, "maya"), (c, "aaron")):
        assert mem.get(record.id, user_id=user).status is Status.ACTIVE


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The standup meeting is at 9:30 every day", "The standup meeting is at 10:00 every day"),
        ("Aaron uses Vim for editing code", "Aaron uses Emacs for editing code"),
        ("Aaron likes sushi a lot", "Aaron does not like sushi a lot"),
        ("The release is planned for Monday", "The release is planned for Friday"),
        ("Aaron lives in Boston", "Aaron moved to Denver"),
    ],
)
def test_near_duplicates_whose_values_differ_never_merge(
    store_target: str | Path, config: Config, a: str, b: str
) -> None:
    # A low threshold, so the vectors would merge them: only the guard keeps them apart.
    cfg = config.model_copy(update={"dedup_merge_cosine": 0.3})
    with Memory(store_target, config=cfg) as mem:
        ra, rb = _add(mem, a, timedelta(0)), _add(mem, b, timedelta(minutes=1))
        result = mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
        assert result.counts.get("merged", 0) == 0 and result.counts["merge_refused"] >= 1
        assert {mem.get(r.id, user_id="aaron").status for r in (ra, rb)} == {Status.ACTIVE}


def test_the_guard_lets_rewordings_through() -> None:
    a = MemoryRecord("Aaron prefers dark mode in the editor")
    b = MemoryRecord("He prefers the dark mode in his Editor")
    assert merge_refusal(a, b) is None and values_differ(a.content, b.content) is None
    assert values_differ("Ship 3 boxes to Lyon", "Ship 4 boxes to Lyon") == "numbers differ"
    assert values_differ("Lunch with Maya", "Lunch with Priya") == "names differ"


def test_new_memories_are_boosted_once(mem: Memory) -> None:
    old = _add(mem, "Aaron plays chess on Sundays", timedelta(0))
    mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
    assert mem.get(old.id, user_id="aaron").retrieval_priority == pytest.approx(0.1)
    new = _add(mem, "Aaron bought a red bicycle in spring", timedelta(hours=5))
    before = snapshot(mem.store)
    assert mem.jobs.run("nightly", now=T0 + timedelta(hours=1)).counts.get("boosted", 0) == 0
    assert snapshot(mem.store) == before
    result = mem.jobs.run("nightly", now=T0 + timedelta(days=1))
    assert result.counts["boosted"] == 1
    assert mem.get(old.id, user_id="aaron").retrieval_priority == pytest.approx(0.1)
    assert mem.get(new.id, user_id="aaron").retrieval_priority == pytest.approx(0.1)
    assert "boosted" in [e.event for e in mem.history(new.id, user_id="aaron")]


def test_the_boost_is_capped(store_target: str | Path, config: Config) -> None:
    cfg = config.model_copy(update={"boost_new_priority": 0.3, "boost_priority_max": 0.2})
    with Memory(store_target, config=cfg) as mem:
        record = _add(mem, "Aaron plays chess on Sundays", timedelta(0))
        mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
        assert mem.get(record.id, user_id="aaron").retrieval_priority == pytest.approx(0.2)


def test_resources_nothing_was_extracted_from_are_extracted(mem: Memory) -> None:
    # As an agent hook that logged a message and exited before extracting would leave it.
    logged = Resource(
        content="Remember that I am allergic to peanuts.",
        user_id="aaron",
        session_id="s1",
        role="user",
        created_at=T0,
        metadata={"speaker": "Aaron"},
    )
    mem.store.append_resource(logged)
    raw = _add(mem, "Aaron plays chess on Sundays", timedelta(0))  # has its memory already
    result = mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
    assert result.counts["extracted_resources"] == 1 and result.counts["extracted_facts"] >= 1
    facts = [m for m in mem.list(user_id="aaron").items if m.source_resource_id == logged.id]
    assert facts and "peanuts" in facts[0].content and facts[0].session_id == "s1"
    assert facts[0].created_at == T0 + timedelta(hours=1)
    assert len(list(mem.store.iter_resources())) == 2  # the resource was not appended again
    assert mem.get(raw.id, user_id="aaron").status is Status.ACTIVE
    before = snapshot(mem.store)
    again = mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
    assert again.counts.get("extracted_resources", 0) == 0 and snapshot(mem.store) == before


def test_a_nightly_dry_run_writes_nothing(mem: Memory) -> None:
    _add(mem, DUP_A, timedelta(0))
    _add(mem, DUP_B, timedelta(minutes=5))
    mem.store.append_resource(Resource(content="I am allergic to peanuts.", user_id="aaron"))
    before = snapshot(mem.store)
    result = mem.jobs.run("nightly", now=T0 + timedelta(hours=1), dry_run=True)
    assert result.status == "dry_run" and result.counts["merged"] == 1
    assert result.counts["boosted"] == 2 and result.counts["extracted_resources"] == 1
    assert snapshot(mem.store) == before


def test_what_runs_out_of_its_allowance_leaves_the_active_set_that_night(mem: Memory) -> None:
    """The review's nightly part (settle): chatter never used is archived the night
    its allowance (archive_session_only_days) runs out, and a one-off note the night
    after its day — not up to a week later at the weekly review; a fact stays."""
    chatter = _add(mem, "The kids are finally asleep.", timedelta(0))
    note = _add(mem, "The plumber is coming to fix the outside tap tomorrow.", timedelta(0))
    fact = _add(mem, "Aaron's dentist is Dr Lowe in Harbour Street.", timedelta(0))

    def status(record: MemoryRecord) -> Status:
        return mem.get(record.id, user_id="aaron").status

    mem.jobs.run("nightly", now=T0 + timedelta(hours=1))
    assert [status(r) for r in (chatter, note, fact)] == [Status.ACTIVE] * 3
    days = mem.config.archive_session_only_days
    result = mem.jobs.run("nightly", now=T0 + timedelta(days=days, hours=1))
    assert status(chatter) is Status.ARCHIVED and result.counts["archived"] >= 1
    assert "archived" in [e.event for e in mem.history(chatter.id, user_id="aaron")]
    mem.jobs.run("nightly", now=T0 + timedelta(days=max(days, 3), hours=2))
    assert status(note) is Status.ARCHIVED  # its day (T0 + 1 d) and the grace day passed
    assert "expired" in [e.event for e in mem.history(note.id, user_id="aaron")]
    assert status(fact) is Status.ACTIVE  # never used, but within archive_unused_days
