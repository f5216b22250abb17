"""Lifecycle settings: usage signals, policies, jobs and consolidation (remem/lifecycle/).

A part of :class:`remem.config.Config`, which inherits it; set and read them there."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from remem.config_defaults import DEFAULT_CATEGORY_TTL_DAYS


class LifecycleSettings(BaseModel):
    """Lifecycle settings."""

    # -- lifecycle: usage signals (remem/lifecycle/, docs/concepts.md#lifecycle) -
    record_access: bool = True  # searches add 1 to access_count of what they return
    access_wait_ms: int = Field(20, ge=0)  # a search's access write waits this long for the lock
    access_close_wait_ms: int = Field(1000, ge=0)  # ...and the last flush, at close
    access_buffer_max: int = Field(10_000, ge=1)  # ids held in-process while the lock is busy
    reinforce_factor: float = Field(1.1, ge=1)  # effective score x this per confirmed reference
    reinforce_max: float = Field(2.0, ge=1)  # the reinforcement factor's cap
    # -- lifecycle: policies --------------------------------------------------------
    # ranking's importance factor: "base" (importance x tier) or "effective" (the
    # effective score: x decay x reinforcement)
    rank_importance: Literal["base", "effective"] = "effective"
    # decay of the effective score: "tier" (x decay_*_weekly per unreferenced week),
    # "adaptive" (half-life from access history, adaptive_*), "none"
    decay_policy: Literal["tier", "adaptive", "none"] = "tier"
    decay_standard_weekly: float = Field(0.95, gt=0, le=1)
    decay_transient_weekly: float = Field(0.5, gt=0, le=1)
    # adaptive forgetting (engram): the half-life by access history
    adaptive_half_life_unused_days: float = Field(3.0, gt=0)  # never accessed
    adaptive_half_life_few_days: float = Field(7.0, gt=0)  # < adaptive_few_accesses
    adaptive_half_life_some_days: float = Field(30.0, gt=0)  # < adaptive_many_accesses
    adaptive_half_life_many_days: float = Field(90.0, gt=0)  # more
    adaptive_half_life_validated_days: float = Field(180.0, gt=0)  # referenced or succeeded
    adaptive_few_accesses: int = Field(3, ge=1)
    adaptive_many_accesses: int = Field(10, ge=1)
    # which review policies the weekly job applies (each a function in lifecycle/policies.py;
    # expire and archive of them also nightly, to the active set: the settle step)
    review_policies: list[Literal["promote", "expire", "archive", "cold", "purge"]] = Field(
        ["promote", "expire", "archive", "cold", "purge"]
    )
    transient_ttl_days: int = Field(7, ge=1)  # transient memories expire this long after creation
    # standard memories of these categories expire this long after their last reference
    category_ttl_days: dict[str, int] = Field(
        default_factory=lambda: dict(DEFAULT_CATEGORY_TTL_DAYS)
    )
    # what a passed category TTL does to a memory of lasting use (lasting_min_days):
    # "unconfirmed" (stays active, marked in explain; archived by archive_lasting_days
    # idle or superseded by a newer version) or "archive" (archived like any other)
    category_ttl_lasting: Literal["unconfirmed", "archive"] = "unconfirmed"
    # one-off notes (remem/lifecycle/oneoff.py: about a day at most this far ahead of
    # when they were said; 0: none is): archived this many days after their day
    one_off_horizon_days: int = Field(7, ge=0)
    one_off_grace_days: int = Field(1, ge=0)
    promote_min_importance: float = Field(0.8, ge=0, le=1)  # base importance above this
    promote_min_references: int = Field(3, ge=1)  # and at least this many references
    promote_min_references_untrusted: int = Field(6, ge=1)  # for untrusted sources
    # where promoted memories are written (markdown); {home}, {user_id}, {agent_id},
    # {namespace} are filled in: one file per distinct path; "" writes none
    memory_md_path: str = "{home}/MEMORY.md"
    archive_after_days: int = Field(90, ge=1)  # archived when not used for this long
    # ...and a memory never used since it was written (idle_clock "reference"), this long
    # after its creation: the archive tier still answers with it
    archive_unused_days: int = Field(30, ge=1)
    # a prompt stored as a memory (every sentence a request or a question to the assistant:
    # remem/lifecycle/prompts.py) is archived this long unused, whatever its tier; so is a
    # statement never used that pins no value down (no number, code or name: chatter)
    archive_session_only_days: int = Field(2, ge=1)
    cold_after_days: int = Field(180, ge=1)  # cold when not used for this long
    # what archive and cold count idle time from: "use" (the latest access, reference or
    # creation) or "reference" (Ratchet: a memory referenced once counts from its last
    # reference, so being injected and not used does not keep it; derived memories from
    # their last reference or creation; never-referenced ones and instructions: "use")
    idle_clock: Literal["use", "reference"] = "reference"
    # lasting use: still referenced this many days after it was written (a burst of
    # references within an incident is not); promotion needs it, and such a memory is
    # archived only after archive_lasting_days idle (engram: validated fades slower)
    lasting_min_days: int = Field(30, ge=0)
    archive_lasting_days: int = Field(180, ge=1)
    # insights and digests (made from other memories, adding no fact of their own) are
    # archived when not referenced for this long since created or last referenced
    archive_derived_after_days: int = Field(30, ge=1)
    # purge (content deleted) only of what is transient by kind (the transient tier,
    # insights and digests): archived or cold with an effective score below this...
    purge_below: float = Field(0.1, ge=0, le=1)
    purge_confirm_days: int = Field(7, ge=0)  # ...at two reviews at least this far apart
    # superseded versions purged this long after they were superseded; 0: kept as history
    purge_superseded_after_days: int = Field(0, ge=0)
    # -- lifecycle: jobs --------------------------------------------------------------
    jobs_interval_hours: dict[str, float] = Field(
        default_factory=lambda: {"nightly": 24.0, "weekly": 168.0, "monthly": 720.0}
    )
    jobs_catchup_budget_ms: int = Field(150, ge=0)  # `remem retrieve` runs overdue jobs this long
    jobs_lease_s: float = Field(600.0, gt=0)  # a job's lock lapses this long after its last sign
    jobs_retry_minutes: float = Field(60.0, ge=0)  # a failed job is retried after this
    jobs_batch: int = Field(500, ge=1)  # memories a job step reads and writes at a time
    jobs_report_items: int = Field(200, ge=0)  # changed memories listed in a job's run record
    # -- lifecycle: consolidation (nightly, weekly, monthly jobs) -----------------------
    # the nightly merge compares each new memory with this many nearest active ones
    # of its scope (the vector index: never all pairs); merged above dedup_merge_cosine
    merge_neighbours: int = Field(5, ge=1)
    boost_new_priority: float = Field(0.1, ge=0, le=1)  # nightly: new memories' priority + this
    boost_priority_max: float = Field(1.0, ge=0, le=1)  # ...never above this
    # weekly: each new memory is checked for contradictions with this many nearest
    # active memories of its scope
    contradiction_neighbours: int = Field(10, ge=1)
    # weekly insights: archived memories at least this similar to a seed cluster with it
    insight_cluster_cosine: float = Field(0.6, ge=0, le=1)
    insight_min_items: int = Field(3, ge=2)  # a smaller cluster makes no insight
    insight_max_items: int = Field(20, ge=2)  # at most this many archived memories in one
    insight_max_chars: int = Field(600, ge=80)  # an insight's text is cut to this length
    # nightly rollups: which digests are written (one per complete period and scope)
    rollup_periods: list[Literal["day", "week", "month"]] = Field(["day", "week", "month"])
    rollup_max_sources: int = Field(500, ge=1)  # memories of a period a digest reads
    rollup_max_chars: int = Field(800, ge=80)  # a digest's text is cut to this length
    rollup_archive_days: bool = True  # a week's digest archives the day digests it covers
