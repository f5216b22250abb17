"""The monthly job (re-embed on a model change, re-index, cold archive, health) and
the nightly rollups, on a real store (SQLite file, PostgreSQL schema) and a fake clock."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import numpy as np

from remem.config import Config
from remem.lifecycle.report import health, render
from remem.lifecycle.rollups import digest_text, periods, rollup_id
from remem.memory import Memory
from remem.model import Kind, MemoryRecord, Scope, Status
from remem.providers.fake import FakeEmbedder
from remem.store.base import PackedTokens
from remem.store.codec import pack_tokens
from remem.store.sidefiles import cache_files
from storeview import snapshot

DAY0 = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)  # a Monday


BACKENDS = ("sqlite", "postgres")


def _token_holders(mem: Memory, *statuses: str) -> list[str]:
    """Ids of the memories in ``statuses`` that still hold token vectors."""
    return mem.store.token_vector_holders(statuses=statuses, limit=10_000)


# -- monthly ------------------------------------------------------------------------------
def test_a_changed_model_is_re_embedded_by_the_monthly_job(
    store_target: str | Path, config: Config
) -> None:
    db = store_target
    old = FakeEmbedder(model_id="fake-old")
    with Memory(db, config=config, embedder=old) as mem:
        mem.add("Aaron plays chess on Sundays", user_id="aaron", now=DAY0)
        assert mem.jobs.run("monthly", now=DAY0).counts["reembedded"] == 0
    with Memory(db, config=config, embedder=FakeEmbedder(model_id="fake-new")) as mem:
        result = mem.jobs.run("monthly", now=DAY0 + timedelta(days=31))
        assert result.status == "ok" and result.counts["reembedded"] == 1
        assert mem.store.vector_models() == {"fake-new": 1}
        assert mem.search("chess", user_id="aaron")  # searchable in the new space
        assert mem.jobs.run("monthly", now=DAY0 + timedelta(days=31)).counts["reembedded"] == 0


def test_the_monthly_job_reindexes_drops_cold_token_vectors_and_reports(
    store_target: str | Path, config: Config
) -> None:
    db = store_target
    # archive_tokens off: every archived memory's token vectors are dropped
    cfg = config.model_copy(update={"bm25_persist": True, "archive_tokens": False})
    with Memory(db, config=cfg) as mem:
        note = mem.add("The build server was rebooted", user_id="aaron", now=DAY0)[0]
        keep = mem.add("Aaron plays chess on Sundays", user_id="aaron", now=DAY0)[0]
        for i in range(30):
            mem.add(f"Aaron walked {i} miles on the beach", user_id="aaron", now=DAY0)
        mem.search("walked miles", user_id="aaron")  # builds the in-process indexes
        mem.jobs.run("weekly", now=DAY0 + timedelta(days=100))  # everything archived
        # token vectors back on an archived memory (as a re-embed leaves them)
        mem.store.put_token_vectors([note.id], _tokens(mem, note), model_id=mem.embedder.model_id)
        assert _token_holders(mem, "archived") == [note.id]
        mem.restore(keep.id, user_id="aaron", now=DAY0 + timedelta(days=101))
        result = mem.jobs.run("monthly", now=DAY0 + timedelta(days=101))
        assert result.status == "ok"
        assert result.counts["reindexed"] == 1 and result.counts["cold_archived"] == 1
        insights = [m for m in mem.list(user_id="aaron").items if m.kind is Kind.INSIGHT]
        assert insights  # the archived notes were clustered
        assert result.counts["health_active"] == 1 + len(insights)  # and the restored one
        assert result.counts["health_archived"] == 31
        assert _token_holders(mem, "archived", "superseded", "cold", "purged") == []
        hits = mem.search("chess Sundays", user_id="aaron", _record_access=False)
        assert hits and hits[0].memory.id == keep.id  # the rebuilt indexes answer
        runs = mem.store.job_runs("monthly")
        assert runs[0].counts["health_archived"] == 31
        before = snapshot(mem.store)
        again = mem.jobs.run("monthly", now=DAY0 + timedelta(days=101))
        assert again.counts["cold_archived"] == 0 and snapshot(mem.store) == before
    if isinstance(db, Path):  # a SQLite file: at most its own saved BM25 index beside it
        saved = [p.name for p in cache_files(str(db)) if p.name.endswith(".bm25")]
        assert saved in ([], [db.name + ".bm25"])


def _tokens(mem: Memory, record: MemoryRecord) -> list[PackedTokens]:
    """Token vectors for ``record`` (the fake embedder makes none: a few rows do)."""
    return [pack_tokens([1, 2, 3], np.ones((3, mem.embedder.dim), np.float32))]


def test_the_health_report_counts_and_decays(mem: Memory) -> None:
    mem.add("Aaron is allergic to peanuts", user_id="aaron", tier="permanent", now=DAY0)
    for i in range(3):
        mem.add(f"The build {i} was deployed to staging", user_id="aaron", importance=0.2,
                now=DAY0 + timedelta(days=7 * i))  # fmt: skip
    mem.jobs.run("weekly", now=DAY0 + timedelta(days=20))
    report = health(mem.store, mem.config, DAY0 + timedelta(days=20))
    assert report.by_status == {"active": 4}
    assert report.fresh == 4 and report.stale == 0
    assert [g[1] for g in report.growth] == [2, 1, 1]
    curve = {d: (m, p) for d, m, p in report.decay}
    assert curve[0][0] > curve[365][0]  # it decays...
    assert curve[365][1] == 0.75  # ...until all but the permanent fall below the line
    text = render(report)
    assert "| active | 4 |" in text and "| weekly | ok |" in text


# -- rollups ------------------------------------------------------------------------------
def test_periods_are_complete_days_weeks_and_months() -> None:
    assert periods("day", date(2030, 1, 7), date(2030, 1, 9)) == [
        (date(2030, 1, 7), date(2030, 1, 8)),
        (date(2030, 1, 8), date(2030, 1, 9)),
    ]
    assert periods("week", date(2030, 1, 9), date(2030, 1, 20)) == [
        (date(2030, 1, 7), date(2030, 1, 14))
    ]
    assert periods("month", date(2030, 1, 9), date(2030, 3, 1)) == [
        (date(2030, 1, 1), date(2030, 2, 1)),
        (date(2030, 2, 1), date(2030, 3, 1)),
    ]
    assert rollup_id("day", date(2030, 1, 7), Scope(user_id="a")) != rollup_id(
        "day", date(2030, 1, 7), Scope(user_id="b")
    )


def test_rollups_digest_each_period_once_per_scope(mem: Memory, store_target: str | Path) -> None:
    for day in range(9):  # Monday 7 to Tuesday 15
        when = DAY0 + timedelta(days=day)
        mem.add(f"Aaron fixed bug number {day} in the parser", user_id="aaron",
                session_id=f"s{day}", now=when)  # fmt: skip
        mem.add(f"Aaron reviewed pull request {day}", user_id="aaron", session_id=f"s{day}",
                now=when + timedelta(hours=1))  # fmt: skip
    mem.add("Maya baked bread", user_id="maya", now=DAY0)
    result = mem.jobs.run("nightly", now=DAY0 + timedelta(days=9, hours=1))
    assert result.counts["rollups_day"] == 10  # 9 of aaron's days, 1 of maya's
    assert result.counts["rollups_week"] == 2  # aaron's and maya's first week
    assert result.counts["rollup_days_archived"] == 8  # the days of the weeks digested
    day = mem.get(rollup_id("day", date(2030, 1, 7), Scope(user_id="aaron")), user_id="aaron")
    assert day.kind is Kind.EPISODIC and "rollup:day" in day.tags
    assert day.status is Status.ARCHIVED  # its week speaks for it
    assert len(day.data["sources"]) == 2 and day.data["period"]["start"] == "2030-01-07"
    assert day.content.startswith("Digest of Monday 07 January 2030: 2 memories from 1 sessions")
    week = mem.get(rollup_id("week", date(2030, 1, 7), Scope(user_id="aaron")), user_id="aaron")
    assert week.status is Status.ACTIVE and len(week.data["sources"]) == 7
    assert "rolled_up" in [e.event for e in mem.history(day.id, user_id="aaron")]
    last = mem.get(rollup_id("day", date(2030, 1, 15), Scope(user_id="aaron")), user_id="aaron")
    assert last.status is Status.ACTIVE  # its week is not complete
    for _ in range(3):  # used again and again, with a high importance: promoted
        mem.reference(last.id, user_id="aaron", now=DAY0 + timedelta(days=9, hours=2))
    hits = mem.search(
        "digest of the week parser bugs", user_id="aaron", limit=40, _record_access=False
    )
    found = [h.memory.id for h in hits]  # found, below the facts it quotes
    assert week.id in found and found.index(week.id) > 0
    before = snapshot(mem.store)
    again = mem.jobs.run("nightly", now=DAY0 + timedelta(days=9, hours=1))
    assert not any(k.startswith("rollups_") for k in again.counts) and snapshot(mem.store) == before
    # a month later: January's digest, from the day digests, and nothing twice
    last.importance = 0.9
    mem.store.update_memory(last)
    # promoted at once (no lasting use needed): what follows needs a promoted day digest
    at_once = mem.config.model_copy(update={"lasting_min_days": 0})
    with Memory(store_target, config=at_once) as other:
        other.jobs.run("weekly", now=DAY0 + timedelta(days=9, hours=3))
    assert mem.get(last.id, user_id="aaron").promoted
    later = mem.jobs.run("nightly", now=DAY0 + timedelta(days=30))
    assert mem.get(last.id, user_id="aaron").status is Status.ACTIVE  # promoted: never rolled up
    assert later.counts.get("rollups_month") == 2 and later.counts.get("rollups_day", 0) == 0
    month = mem.get(rollup_id("month", date(2030, 1, 1), Scope(user_id="aaron")), user_id="aaron")
    assert len(month.data["sources"]) == 9


def test_the_digest_text_lists_the_most_important_first() -> None:
    said = [
        MemoryRecord("minor thing", importance=0.1, created_at=DAY0, session_id="a"),
        MemoryRecord("big decision", importance=0.9, created_at=DAY0, session_id="b"),
    ]
    text = digest_text("day", date(2030, 1, 7), said, max_chars=200)
    assert text == (
        "Digest of Monday 07 January 2030: 2 memories from 2 sessions. big decision; minor thing"
    )
    short = digest_text("day", date(2030, 1, 7), said, max_chars=70)
    assert short == "Digest of Monday 07 January 2030: 2 memories from 2 sessions. big dec…"


def test_a_digest_never_holds_a_value_the_store_superseded(mem: Memory) -> None:
    old = mem.remember("Aaron's car is a blue Volvo.", user_id="aaron", now=DAY0)[0].memory_id
    mem.add("Aaron fixed the parser bug", user_id="aaron", now=DAY0 + timedelta(hours=1))
    new = mem.remember("Aaron's car is now a green Skoda.", user_id="aaron",
                       now=DAY0 + timedelta(hours=2))[0]  # fmt: skip
    assert new.related_id == old
    mem.jobs.run("nightly", now=DAY0 + timedelta(days=1, hours=1))
    day = mem.get(rollup_id("day", DAY0.date(), Scope(user_id="aaron")), user_id="aaron")
    assert "Skoda" in day.content and "parser" in day.content
    assert "Volvo" not in day.content and old not in day.data["sources"]
