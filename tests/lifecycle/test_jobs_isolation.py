"""One bad item, or one step's own error, never stops the lifecycle jobs: the item is
reported as failed and skipped, the step's other items and the job's other steps
run, and the job completes (so the next interval runs it whole again). The store
failing still fails the job (tests/lifecycle/test_jobs.py)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import pytest

from remem.lifecycle.jobs import Job, JobContext, Jobs, Step, StepResult
from remem.memory import Memory

BACKENDS = ("sqlite", "postgres")
NOW = datetime(2025, 6, 20, 12, tzinfo=UTC)


def test_a_memory_dated_year_one_does_not_stop_the_nightly_job(mem: Memory) -> None:
    # add(now=...) takes any datetime (simulations run on fake clocks); so does import
    mem.add("The museum opened its doors", user_id="u", now=datetime(1, 1, 1, 9, tzinfo=UTC))
    for day in (3, 4):
        mem.add(f"Standup notes of June {day}", user_id="u", now=NOW - timedelta(days=day))
    before = mem.store.statement_count()
    result = mem.jobs.run("nightly", now=NOW)
    assert result.status == "ok", result.error
    assert result.counts.get("rollups_day", 0) >= 2  # the recent days are digested
    # The empty years between are skipped with a query a gap, not walked day by day.
    assert mem.store.statement_count() - before < 3_000
    again = mem.jobs.run("nightly", now=NOW + timedelta(days=1))
    assert again.status == "ok" and again.error is None


def _items_job(seen: list[int]) -> Job:
    def items(ctx: JobContext) -> StepResult:
        for n in range(5):
            with ctx.isolated(f"item-{n}", hide=[f"secret content {n}"]):
                if n == 2:
                    raise ValueError(f"cannot digest 'secret content {n}'")
                seen.append(n)
        return StepResult({"items": len(seen)})

    def broken(ctx: JobContext) -> StepResult:
        raise TypeError("a bug in this step")

    def after(ctx: JobContext) -> StepResult:
        seen.append(99)
        return StepResult({"after": 1})

    return Job(
        "iso",
        timedelta(hours=1),
        (Step("items", items), Step("broken", broken), Step("after", after)),
    )


def test_a_failing_item_and_a_failing_step_are_skipped_and_reported(
    mem: Memory, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[int] = []
    jobs = Jobs(mem, jobs=[_items_job(seen)])
    with caplog.at_level(logging.WARNING):
        result = jobs.run("iso", now=NOW)
    assert seen == [0, 1, 3, 4, 99]  # the other items, and the step after the broken one
    assert result.status == "ok"
    assert result.error is not None and "broken" in result.error and "TypeError" in result.error
    failed = [(i.memory_id, i.action) for i in result.items]
    assert ("item-2", "failed") in failed and ("broken", "failed") in failed
    assert result.counts["item_failures"] == 1 and result.counts["step_failed"] == 1
    run = mem.store.job_runs("iso")[0]
    assert run.status == "ok" and "broken" in run.detail["error"]
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("item-2" in m for m in warned) and any("broken" in m for m in warned)
    assert not any("secret content 2" in m for m in warned)  # never the item's content
    state = jobs.status(NOW)[0]
    assert state.last_run_at == NOW and not state.due  # complete: next interval runs it all
