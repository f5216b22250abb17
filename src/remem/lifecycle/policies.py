"""Lifecycle policies: pure functions of ``(record, now, config)``.

Nothing here reads or writes the store; the jobs (:mod:`remem.lifecycle.review`)
apply what these decide, and ranking (:mod:`remem.read.rank`) reads the
effective score. Every policy is chosen by a ``Config`` key:

- decay (``decay_policy``): ``tier`` — permanent 1.0, standard
  ``decay_standard_weekly`` per week since the last reference (else creation),
  transient ``decay_transient_weekly``; ``adaptive`` — a half-life from the
  memory's access history (:func:`adaptive_half_life`); ``none``.
- reinforcement: ``reinforce_factor ** reference_count``, capped at ``reinforce_max``.
- the **effective score** = base importance x tier multiplier x decay x
  reinforcement, capped at 1.0 (:func:`effective_score`): what purge compares
  to ``purge_below``, what the reports show, and (``rank_importance =
  "effective"``) ranking's importance input.
- the review policies (``review_policies``), each ``(record, now, config) ->
  Change | None``: promote, expire (transient and per-category TTLs, one-off notes
  past their day), archive, cold, purge (two reviews apart; only what is transient
  by kind, :func:`transient_kind`, and superseded versions past
  ``purge_superseded_after_days``). :func:`review` composes them.

Permanent and promoted memories never decay and are never expired, archived,
made cold or purged by a policy; only an explicit forget or erase removes them.
Two exceptions of the permanent tier, both only archived (never purged): a memory
that is a prompt, not a fact (:mod:`remem.lifecycle.prompts`: a request or a
question its tier came to by a floor or a misread keep request), and a one-off note
past its day whose tier came from a domain floor alone.
Expire, archive and cold are reversible: the archive tier still answers with such
memories (:mod:`remem.read.fallback`) and a reference restores them. The table of
what can happen to which memory is in docs/concepts.md ("What can and cannot be lost").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any

from remem.config import Config
from remem.lifecycle.scoring import (
    DECAY_POLICIES,
    DecayPolicy,
    Score,
    Ttl,
    adaptive_decay,
    adaptive_half_life,
    archive_allowance,
    days_since,
    decay,
    derived,
    effective_score,
    explain,
    idle_clock,
    idle_since,
    instruction,
    last_reference,
    last_use,
    lasting,
    no_decay,
    one_off_state,
    protected,
    reinforcement,
    tier_decay,
    tier_multiplier,
    transient_kind,
    ttl_state,
    validated,
    value_retained,
)
from remem.model import MemoryRecord, Status, Trust

__all__ = [
    "DECAY_POLICIES",
    "PURGEABLE",
    "REVIEWED",
    "REVIEW_POLICIES",
    "Change",
    "DecayPolicy",
    "ReviewPolicy",
    "Score",
    "Ttl",
    "adaptive_decay",
    "adaptive_half_life",
    "archive_allowance",
    "archive_policy",
    "cold_policy",
    "days_since",
    "decay",
    "derived",
    "effective_score",
    "expire_policy",
    "explain",
    "idle_clock",
    "idle_since",
    "instruction",
    "last_reference",
    "last_use",
    "lasting",
    "no_decay",
    "one_off_state",
    "promote_policy",
    "protected",
    "purge_policy",
    "reinforcement",
    "review",
    "reviewed",
    "tier_decay",
    "tier_multiplier",
    "transient_kind",
    "ttl_state",
    "validated",
    "value_retained",
]

# Statuses the weekly review looks at; superseded memories only when they have a
# retention (purge_superseded_after_days); forgotten ones never.
REVIEWED = (Status.ACTIVE, Status.ARCHIVED, Status.COLD)
PURGEABLE = (Status.ARCHIVED, Status.COLD)


def reviewed(config: Config) -> tuple[Status, ...]:
    """The statuses the weekly review scans under ``config``."""
    if config.purge_superseded_after_days > 0:
        return (*REVIEWED, Status.SUPERSEDED)
    return REVIEWED


# -- the review policies -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Change:
    """One change a review policy decides for a memory.

    ``action``: ``promoted``, ``expired``, ``archived``, ``cold``, ``purge_candidate``,
    ``purge_cleared`` or ``purged`` (also the audit event's name). ``fields`` is what
    it sets (status, promoted, purge_candidate_since); ``detail`` goes to the audit.
    """

    action: str
    fields: Mapping[str, Any]
    reason: str
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> Status | None:
        value = self.fields.get("status")
        return None if value is None else Status(value)


def promote_policy(record: MemoryRecord, now: datetime, config: Config) -> Change | None:
    """Active, base importance above ``promote_min_importance``, at least
    ``promote_min_references`` confirmed references (``_untrusted`` for untrusted
    sources), and of :func:`lasting` use -> promoted. A promoted memory is protected
    for good: a burst of references while an incident lasted does not earn that. A
    memory flagged as an instruction aimed at the agent is never promoted: the files
    agent platforms load (MEMORY.md) would put it before the model unmarked."""
    if record.status is not Status.ACTIVE or record.promoted or not lasting(record, config):
        return None
    if record.data.get("injection"):
        return None
    needed = (
        config.promote_min_references_untrusted
        if record.source_trust is Trust.UNTRUSTED
        else config.promote_min_references
    )
    if record.importance > config.promote_min_importance and record.reference_count >= needed:
        return Change(
            "promoted",
            {"promoted": True},
            f"importance {record.importance:.2f} and {record.reference_count} references",
            {"importance": record.importance, "references": record.reference_count},
        )
    return None


def expire_policy(record: MemoryRecord, now: datetime, config: Config) -> Change | None:
    """Active and past its TTL (:func:`ttl_state`: ``expired``), or a one-off note
    whose day has passed (:func:`one_off_state`: ``passed``) -> archived (reversible).
    A memory of lasting use past a category TTL is left active (``unconfirmed``)
    unless ``category_ttl_lasting = "archive"``; a one-off note referenced after its
    day is left active (it was not a one-off)."""
    if record.status is not Status.ACTIVE:
        return None
    ttl = ttl_state(record, now, config)
    if ttl is not None and ttl.state == "expired":
        return Change(
            "expired",
            {"status": Status.ARCHIVED},
            f"{record.tier} {record.category or ''} ttl {ttl.ttl_days} d passed "
            f"({ttl.days:.0f} d since {ttl.since})",
            {
                "ttl_days": ttl.ttl_days,
                "days": round(ttl.days, 1),
                "since": ttl.since,
                "category": record.category,
            },
        )
    note = one_off_state(record, now, config)
    if note is not None and note.state == "passed":
        return Change(
            "expired",
            {"status": Status.ARCHIVED},
            f"one-off note: its day {note.day} passed",
            {"one_off_day": note.day, "grace_days": config.one_off_grace_days},
        )
    return None


def _idle_detail(record: MemoryRecord, idle: float, config: Config) -> dict[str, Any]:
    return {"idle_days": round(idle, 1), "clock": idle_clock(record, config)}


def archive_policy(record: MemoryRecord, now: datetime, config: Config) -> Change | None:
    """Active and idle (:func:`idle_since`) for its :func:`archive_allowance`
    (episodes are left to their value-based retention)."""
    if record.status is not Status.ACTIVE or protected(record) or value_retained(record):
        return None
    idle = days_since(now, idle_since(record, config))
    allowance = archive_allowance(record, config)
    if idle < allowance:
        return None
    return Change(
        "archived",
        {"status": Status.ARCHIVED},
        f"not used for {idle:.0f} d (allowed {allowance:g} d)",
        {**_idle_detail(record, idle, config), "allowed_days": allowance},
    )


def cold_policy(record: MemoryRecord, now: datetime, config: Config) -> Change | None:
    """Active or archived and idle (:func:`idle_since`) for ``cold_after_days`` (for
    a memory of :func:`lasting` use, at least its archive allowance; active episodes
    are left to their value-based retention)."""
    if record.status not in (Status.ACTIVE, Status.ARCHIVED) or protected(record):
        return None
    if record.status is Status.ACTIVE and value_retained(record):
        return None
    idle = days_since(now, idle_since(record, config))
    allowance = float(config.cold_after_days)
    if lasting(record, config) and not derived(record):
        allowance = max(allowance, config.archive_lasting_days)
    if idle < allowance:
        return None
    return Change(
        "cold",
        {"status": Status.COLD},
        f"not used for {idle:.0f} d",
        _idle_detail(record, idle, config),
    )


def purge_policy(record: MemoryRecord, now: datetime, config: Config) -> Change | None:
    """Purge (the content deleted) only what is transient by kind
    (:func:`transient_kind`: the transient tier, insights and digests) once archived or
    cold with an effective score below ``purge_below``, at two reviews at least
    ``purge_confirm_days`` apart: the first marks it a candidate, the second purges
    it; a candidate whose score recovers (or that was restored) is cleared. And a
    superseded version ``purge_superseded_after_days`` after it was superseded (0:
    never). A stable fact is never purged by its score: it stays archived or cold,
    and the archive tier still answers with it."""
    if record.status is Status.SUPERSEDED:
        return _retention(record, now, config)
    score = effective_score(record, now, config).value
    candidate = (
        record.status in PURGEABLE
        and transient_kind(record)
        and not protected(record)
        and score < config.purge_below
    )
    since = record.purge_candidate_since
    detail = {"effective": round(score, 4)}
    if not candidate:
        if since is None:
            return None
        return Change(
            "purge_cleared", {"purge_candidate_since": None}, "no longer purgeable", detail
        )
    if since is None:
        return Change(
            "purge_candidate",
            {"purge_candidate_since": now},
            f"effective score {score:.3f} < {config.purge_below}",
            detail,
        )
    if days_since(now, since) < config.purge_confirm_days:
        return None
    return Change(
        "purged",
        {"status": Status.PURGED},
        f"effective score {score:.3f} < {config.purge_below} since {since.date().isoformat()}",
        {**detail, "candidate_since": since.isoformat()},
    )


def _retention(record: MemoryRecord, now: datetime, config: Config) -> Change | None:
    """A superseded version past ``purge_superseded_after_days`` -> purged."""
    keep = config.purge_superseded_after_days
    since = record.valid_to or record.updated_at
    if keep <= 0 or protected(record) or days_since(now, since) < keep:
        return None
    return Change(
        "purged",
        {"status": Status.PURGED},
        f"superseded {days_since(now, since):.0f} d ago (kept {keep} d)",
        {"superseded_days": round(days_since(now, since), 1), "retention_days": keep},
    )


ReviewPolicy = Callable[[MemoryRecord, datetime, Config], Change | None]
# In the order review() applies them.
REVIEW_POLICIES: Mapping[str, ReviewPolicy] = MappingProxyType(
    {
        "promote": promote_policy,
        "expire": expire_policy,
        "archive": archive_policy,
        "cold": cold_policy,
        "purge": purge_policy,
    }
)


def review(
    record: MemoryRecord,
    now: datetime,
    config: Config,
    *,
    only: Collection[str] | None = None,
) -> list[Change]:
    """The changes the enabled review policies make to ``record`` at ``now``, in order,
    each seeing the record as the earlier ones left it. Status changes collapse to
    the last (a memory idle for half a year goes straight to cold); a purge is final.
    ``only``: apply just these of the enabled policies (the nightly settle step)."""
    if record.status not in reviewed(config):
        return []
    enabled = set(config.review_policies)
    if only is not None:
        enabled &= set(only)
    changes: list[Change] = []
    current = record
    for name, policy in REVIEW_POLICIES.items():
        if name not in enabled:
            continue
        change = policy(current, now, config)
        if change is None:
            continue
        if change.status is not None and changes and changes[-1].status is not None:
            changes.pop()  # archived then cold in one review: one move, to cold
        changes.append(change)
        current = replace(current, **dict(change.fields))
    if any(c.action == "purged" for c in changes):
        return [c for c in changes if c.action == "purged"]
    return changes
