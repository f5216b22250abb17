"""Value-based episode retention in the weekly job, on a fake clock: the value formula,
low-value episodes archived with their summaries, high-value ones kept past the
generic idle-time archive, abandoned open episodes, use resetting the clock, dry
runs, and a restore."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from remem.agent.episodes import Episodes
from remem.config import Config
from remem.lifecycle.episodes import episode_value, outcome_value
from remem.memory import Memory
from remem.model import Scope, Status

BACKENDS = ("sqlite", "postgres")
T0 = datetime(2026, 1, 14, 9, 0, tzinfo=UTC)
AARON = Scope(user_id="aaron")


def _episode(mem: Memory, task: str, score: float) -> tuple[str, str]:
    episodes = Episodes(mem, AARON)
    e = episodes.start(task, now=T0)
    done = episodes.complete(e.id, outcome_score=score, success=score >= 0.5, now=T0)
    assert done.summary_id is not None
    return e.id, done.summary_id


def _status(mem: Memory, memory_id: str) -> Status:
    return mem.get(memory_id, user_id="aaron").status


def test_the_outcome_value_is_the_designs_formula(config: Config) -> None:
    assert outcome_value(0.65, config) == 1.0
    assert outcome_value(1.0, config) == pytest.approx(0.65)
    assert outcome_value(0.0, config) == pytest.approx(0.35)


def test_value_halves_with_each_half_life_of_disuse(mem: Memory) -> None:
    eid, _ = _episode(mem, "Tune the build cache", 0.65)
    record = mem.get(eid, user_id="aaron")
    assert episode_value(record, T0, mem.config) == pytest.approx(1.0)
    later = T0 + timedelta(days=mem.config.episode_half_life_days)
    assert episode_value(record, later, mem.config) == pytest.approx(0.5)
    plain = mem.add("a plain fact", user_id="aaron")[0]
    assert episode_value(plain, T0, mem.config) is None


def test_the_weekly_job_archives_low_value_episodes_with_their_summaries(mem: Memory) -> None:
    fail_id, fail_summary = _episode(mem, "Migrate the database by hand", 0.0)
    mid_id, mid_summary = _episode(mem, "Refactor the payment client", 0.65)
    # 100 days on: the failure (0.35 x 0.46 = 0.16) goes; the mixed result (0.46) stays,
    # though the generic policy archives anything idle for 90 days
    fact = mem.add("the office moved to the fourth floor", user_id="aaron", now=T0)[0].id
    result = mem.jobs.run("weekly", now=T0 + timedelta(days=100))
    assert result.status == "ok"
    assert result.counts["episodes_archived"] == 2
    assert _status(mem, fail_id) is Status.ARCHIVED
    assert _status(mem, fail_summary) is Status.ARCHIVED
    assert _status(mem, mid_id) is Status.ACTIVE and _status(mem, mid_summary) is Status.ACTIVE
    assert _status(mem, fact) is Status.ARCHIVED  # the generic policy still applies to the rest
    (event,) = [e for e in mem.history(fail_id, user_id="aaron") if e.event == "archived"]
    assert "episode value" in event.detail["reason"]
    # idempotent: the same review again changes nothing
    again = mem.jobs.run("weekly", now=T0 + timedelta(days=100))
    assert again.counts.get("episodes_archived", 0) == 0
    # and much later the mixed one goes too (value 1.0 x 0.5 ** (230 / 90) < 0.18)
    mem.jobs.run("weekly", now=T0 + timedelta(days=230))
    assert _status(mem, mid_id) is Status.ARCHIVED
    restored = mem.restore(mid_id, user_id="aaron")
    assert restored.status is Status.ACTIVE


def test_use_keeps_an_episode(mem: Memory) -> None:
    eid, _ = _episode(mem, "Renew the TLS certificate for the API gateway", 0.0)
    # found again on day 80: its clock restarts from that use
    hits = Episodes(mem, AARON).similar("renew the TLS certificate", now=T0 + timedelta(days=80))
    assert hits and hits[0].episode.id == eid
    mem.jobs.run("weekly", now=T0 + timedelta(days=100))
    assert _status(mem, eid) is Status.ACTIVE


def test_abandoned_open_episodes_are_archived(mem: Memory) -> None:
    episodes = Episodes(mem, AARON)
    stale = episodes.start("Investigate the memory leak", now=T0)
    fresh = episodes.start("Investigate the CPU spike", now=T0 + timedelta(days=25))
    mem.jobs.run("weekly", now=T0 + timedelta(days=31))
    assert _status(mem, stale.id) is Status.ARCHIVED
    assert _status(mem, fresh.id) is Status.ACTIVE


def test_a_dry_run_changes_nothing(mem: Memory) -> None:
    eid, _ = _episode(mem, "Migrate the database by hand", 0.0)
    result = mem.jobs.run("weekly", now=T0 + timedelta(days=100), dry_run=True)
    assert {i.memory_id for i in result.items if i.action == "archived"} >= {eid}
    assert _status(mem, eid) is Status.ACTIVE
