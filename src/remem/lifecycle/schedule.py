"""The jobs remem runs, and the steps of each: the one place to add lifecycle work.

A step is one function ``(ctx: JobContext) -> StepResult`` (the contract is in
:mod:`remem.lifecycle.jobs`); add it to its job's ``steps`` below. Intervals are
defaults; ``config.jobs_interval_hours`` overrides them by job name.
"""

from __future__ import annotations

from datetime import timedelta

from remem.lifecycle.consolidate import contradictions_step, insights_step, summaries_step
from remem.lifecycle.episodes import episode_retention_step
from remem.lifecycle.job import Job, Step
from remem.lifecycle.monthly import cold_archive_step, health_step, reembed_step, reindex_step
from remem.lifecycle.nightly import boost_step, extract_step, merge_step
from remem.lifecycle.review import compact_step, memory_md_step, review_step, settle_step
from remem.lifecycle.rollups import rollups_step


def default_jobs() -> tuple[Job, ...]:
    """Nightly, weekly and monthly, in the order catch-up breaks ties."""
    return (
        Job(
            "nightly",
            timedelta(days=1),
            steps=(
                Step("extract", extract_step),
                Step("merge", merge_step),
                Step("boost", boost_step),
                Step("rollups", rollups_step),
                Step("settle", settle_step),  # after the digests: they quote the day's notes
            ),
            description="daily upkeep: extract what was logged, merge near-duplicates, "
            "boost new memories, day / week / month digests, expire and archive what "
            "ran out of its allowance (the review's nightly part)",
        ),
        Job(
            "weekly",
            timedelta(days=7),
            steps=(
                Step("review", review_step),
                Step("episodes", episode_retention_step),
                Step("contradictions", contradictions_step),
                Step("insights", insights_step),
                Step("summaries", summaries_step),  # after insights: they have categories too
                Step("memory_md", memory_md_step),
                Step("compact", compact_step),
            ),
            description="the review (expire, archive, cold, promote, purge), episode "
            "retention, contradictions, category summaries, insights from archived "
            "memories; MEMORY.md",
        ),
        Job(
            "monthly",
            timedelta(days=30),
            steps=(
                Step("reembed", reembed_step),
                Step("reindex", reindex_step),
                Step("cold_archive", cold_archive_step),
                Step("health", health_step),
            ),
            description="re-embed after a model change, full re-index, cold archive, health report",
        ),
    )
