"""A memory's clock and worth, as the lifecycle policies (:mod:`remem.lifecycle.policies`)
judge it: time since its last use, what protects it, decay, reinforcement, the
effective score and where it stands against its TTL. Pure functions of
``(record, now, config)``; see the policies module for the Config keys that choose them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import Any

from remem.config import Config
from remem.lifecycle.oneoff import one_off_day, slot_value
from remem.lifecycle.prompts import chatter, session_only
from remem.model import Kind, MemoryRecord, Tier


# -- time -------------------------------------------------------------------------------
def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def days_since(now: datetime, then: datetime) -> float:
    """Days from ``then`` to ``now`` (0 when ``then`` is later)."""
    return max(0.0, (_aware(now) - _aware(then)).total_seconds() / 86400.0)


def last_reference(record: MemoryRecord) -> datetime:
    """When the memory was last confirmed used, else when it was created: what decay
    and recency count from."""
    return record.last_referenced_at or record.created_at


def last_use(record: MemoryRecord) -> datetime:
    """The latest of its last access, last reference and creation: what archive and
    cold count from with ``idle_clock = "use"``."""
    moments = [record.created_at, record.last_accessed_at, record.last_referenced_at]
    return max(_aware(m) for m in moments if m is not None)


def derived(record: MemoryRecord) -> bool:
    """Made by a job from other memories (an insight, a rollup digest): it adds no
    fact of its own, its sources keep them."""
    return record.kind is Kind.INSIGHT or any(t.startswith("rollup:") for t in record.tags)


def instruction(record: MemoryRecord) -> bool:
    """A lesson or a rule: an instruction the agent follows, whose use is being
    injected (echo/fizzle does not judge instructions, so no reference confirms them)."""
    return record.kind in (Kind.LESSON, Kind.PROCEDURAL)


def idle_clock(record: MemoryRecord, config: Config) -> str:
    """Which clock archive and cold count ``record``'s idle time by (``idle_clock``).

    ``use``: :func:`last_use`, any access included. ``reference`` (Ratchet: injection
    is not a reference; idle time means not needed): a memory counts from its last
    confirmed use — its last reference (a restore counts as one), else its creation.
    Being shown and not used (filler in a context block, a search result nobody acted
    on) does not keep a memory active; leaving the active set loses nothing, the
    archive tier still answers with it (:mod:`remem.read.fallback`). An instruction (a
    lesson or a rule) counts from its last use: the agent follows it whenever it is
    injected, and no reference ever confirms one."""
    if config.idle_clock == "use" or instruction(record):
        return "use"
    return "reference"


def idle_since(record: MemoryRecord, config: Config) -> datetime:
    """The moment ``record``'s idle time counts from (:func:`idle_clock`)."""
    if idle_clock(record, config) == "reference":
        return _aware(last_reference(record))
    return last_use(record)


def lasting(record: MemoryRecord, config: Config) -> bool:
    """Still confirmed useful ``lasting_min_days`` or more after it was written: its
    last reference is that long after its creation. Several references within one
    incident's few days are one use, not lasting value."""
    last = record.last_referenced_at
    return last is not None and days_since(last, record.created_at) >= config.lasting_min_days


def archive_allowance(record: MemoryRecord, config: Config) -> float:
    """The idle days after which the archive policy moves an active memory:
    ``archive_derived_after_days`` for a derived memory, ``archive_lasting_days`` for
    one of :func:`lasting` use (engram: validated memories fade slower),
    ``archive_unused_days`` for one never used since it was written (by the
    reference clock: nothing confirmed it was needed, and the archive tier still
    answers with it) — ``archive_session_only_days`` when it also pins no value down
    (:func:`remem.lifecycle.prompts.chatter`) —, else ``archive_after_days``."""
    if derived(record):
        return config.archive_derived_after_days
    if session_only(record):
        return min(config.archive_after_days, config.archive_session_only_days)
    if lasting(record, config):
        return max(config.archive_after_days, config.archive_lasting_days)
    if unused(record) and idle_clock(record, config) == "reference":
        # no value pinned down, never used: as a prompt — unless it is a note for a near
        # day ("... tomorrow"): that pins the day down, and it leaves after its day
        if chatter(record) and one_off_day(record, config.one_off_horizon_days) is None:
            return min(config.archive_after_days, config.archive_session_only_days)
        return min(config.archive_after_days, config.archive_unused_days)
    return config.archive_after_days


def unused(record: MemoryRecord) -> bool:
    """Never referenced (nor restored) since it was written."""
    return record.last_referenced_at is None and record.reference_count <= 0


def protected(record: MemoryRecord) -> bool:
    """Permanent and promoted memories never decay or leave by a policy; a permanent
    prompt (:func:`remem.lifecycle.prompts.session_only`: a request or a question its
    tier came to by a floor or a misread keep request) is not held by its tier."""
    if record.promoted:
        return True
    return record.tier is Tier.PERMANENT and not session_only(record)


def kept_on_request(record: MemoryRecord) -> bool:
    """Promoted, or the user asked to keep it: what holds a one-off note past its day
    (a domain floor alone does not: "the plumber is coming to fix the shower today")."""
    flags = record.data.get("flags") or ()
    return record.promoted or (
        record.tier is Tier.PERMANENT and any(f in _KEEP_FLAGS for f in flags)
    )


_KEEP_FLAGS = frozenset({"keep_requested", "permanent_requested", "remember_requested"})


def transient_kind(record: MemoryRecord) -> bool:
    """Transient by kind, the only memories a score may purge: the transient tier
    (session notes the classifier marked so) and derived memories (insights and
    digests add no fact of their own; their sources keep every fact). A stable fact
    is never purged by its score: it leaves the active set for the archive tier."""
    return record.tier is Tier.TRANSIENT or derived(record)


def value_retained(record: MemoryRecord) -> bool:
    """Episodes and their summaries: while active, kept or archived by their value
    (:mod:`remem.lifecycle.episodes`), not by the idle-time archive and cold policies."""
    return record.kind is Kind.EPISODIC and (
        "episode" in record.data or "episode_of" in record.data
    )


def validated(record: MemoryRecord) -> bool:
    """Confirmed useful: referenced at least once, or a task outcome succeeded with it."""
    return record.reference_count > 0 or record.success_count > 0


# -- decay, reinforcement, the effective score ----------------------------------------
def adaptive_half_life(record: MemoryRecord, config: Config) -> float:
    """Adaptive forgetting (engram): the longer a memory has proven useful, the slower
    it fades. Validated 180 d; else by accesses: none 3 d, few 7 d, some 30 d, many 90 d."""
    c = config
    if validated(record):
        return c.adaptive_half_life_validated_days
    if record.access_count <= 0:
        return c.adaptive_half_life_unused_days
    if record.access_count < c.adaptive_few_accesses:
        return c.adaptive_half_life_few_days
    if record.access_count < c.adaptive_many_accesses:
        return c.adaptive_half_life_some_days
    return c.adaptive_half_life_many_days


def tier_decay(record: MemoryRecord, now: datetime, config: Config) -> float:
    """``weekly ** weeks`` since the last reference (else creation), by tier."""
    if record.tier is Tier.PERMANENT:
        return 1.0
    weekly = (
        config.decay_transient_weekly
        if record.tier is Tier.TRANSIENT
        else config.decay_standard_weekly
    )
    return float(weekly ** (days_since(now, last_reference(record)) / 7.0))


def adaptive_decay(record: MemoryRecord, now: datetime, config: Config) -> float:
    """``0.5 ** (days since the last reference / the adaptive half-life)``."""
    half_life = adaptive_half_life(record, config)
    return 0.5 ** (days_since(now, last_reference(record)) / half_life)


def no_decay(record: MemoryRecord, now: datetime, config: Config) -> float:
    """No decay: the effective score is importance x tier x reinforcement."""
    return 1.0


DecayPolicy = Callable[[MemoryRecord, datetime, Config], float]

DECAY_POLICIES: Mapping[str, DecayPolicy] = MappingProxyType(
    {"tier": tier_decay, "adaptive": adaptive_decay, "none": no_decay}
)


def decay(record: MemoryRecord, now: datetime, config: Config) -> float:
    """The configured decay policy's factor in (0, 1]; 1.0 for protected memories."""
    if protected(record):
        return 1.0
    return DECAY_POLICIES[config.decay_policy](record, now, config)


def reinforcement(record: MemoryRecord, config: Config) -> float:
    """``reinforce_factor ** reference_count``, at most ``reinforce_max``."""
    refs = max(0, record.reference_count)
    # log form: no float overflow for a memory referenced a million times
    exponent = refs * math.log(config.reinforce_factor)
    return float(min(config.reinforce_max, math.exp(min(exponent, 50.0))))


def tier_multiplier(record: MemoryRecord, config: Config) -> float:
    """``tier_permanent/standard/transient_importance``."""
    return {
        Tier.PERMANENT: config.tier_permanent_importance,
        Tier.STANDARD: config.tier_standard_importance,
        Tier.TRANSIENT: config.tier_transient_importance,
    }[record.tier]


@dataclass(frozen=True, slots=True)
class Score:
    """The effective score and its parts: ``min(1, base x tier x decay x reinforcement)``."""

    base: float
    tier: float
    decay: float
    reinforcement: float
    value: float

    def explain(self) -> dict[str, float]:
        return {
            "effective": round(self.value, 4),
            "base": round(self.base, 4),
            "tier": round(self.tier, 4),
            "decay": round(self.decay, 4),
            "reinforcement": round(self.reinforcement, 4),
        }


def effective_score(record: MemoryRecord, now: datetime, config: Config) -> Score:
    """The one score the lifecycle judges a memory by (see the module docstring)."""
    base = min(1.0, max(0.0, record.importance))
    tier = tier_multiplier(record, config)
    fade = decay(record, now, config)
    boost = reinforcement(record, config)
    return Score(base, tier, fade, boost, min(1.0, base * tier * fade * boost))


def explain(record: MemoryRecord, now: datetime, config: Config) -> dict[str, Any]:
    """What the lifecycle policies make of a memory, for ``SearchHit.explain``."""
    out: dict[str, Any] = dict(effective_score(record, now, config).explain())
    out["policies"] = {
        "importance": config.rank_importance,
        "decay": config.decay_policy,
        "recency": config.recency_mode,
    }
    out["since"] = "last_referenced" if record.last_referenced_at else "created"
    if config.recency_mode == "adaptive" or config.decay_policy == "adaptive":
        out["half_life_days"] = adaptive_half_life(record, config)
    ttl = ttl_state(record, now, config)
    if ttl is not None:
        out["ttl"] = ttl.explain()
    note = one_off_state(record, now, config)
    if note is not None:
        out["one_off"] = note.explain()
    return out


@dataclass(frozen=True, slots=True)
class Ttl:
    """Where a memory stands against its TTL (:func:`ttl_state`).

    ``state``: ``fresh`` (within it), ``expired`` (past it: the expire policy archives
    it) or ``unconfirmed`` (a category TTL passed on a memory of :func:`lasting` use:
    it stays active, ``category_ttl_lasting = "unconfirmed"``)."""

    ttl_days: int
    days: float
    since: str  # what the days count from: created or last_referenced
    state: str

    def explain(self) -> dict[str, Any]:
        return {
            "ttl_days": self.ttl_days,
            "days": round(self.days, 1),
            "since": self.since,
            "state": self.state,
        }


def ttl_state(record: MemoryRecord, now: datetime, config: Config) -> Ttl | None:
    """The memory's TTL and where it stands, or None when it has none (permanent,
    promoted, or standard of a category not in ``category_ttl_days``).

    Transient: ``transient_ttl_days`` after creation. Standard, of a category in
    ``category_ttl_days``: that many days after the last reference (else creation).
    A category TTL is a horizon of truth — a job nobody confirmed for three months
    may have changed — not a measure of value: past it, a memory of lasting use
    (still needed a month or more after it was said) is due for confirmation, not
    gone. Archiving it would leave no answer at all where the store holds no newer
    version (an update supersedes it, and nothing else does), so with
    ``category_ttl_lasting = "unconfirmed"`` it stays active, marked
    ``unconfirmed`` here and in ``explain``, decaying as any unreferenced memory
    does, and leaves by the archive policy's lasting allowance
    (``archive_lasting_days``) like any memory of lasting use."""
    if protected(record):
        return None
    if record.tier is Tier.TRANSIENT:
        ttl, age, since = config.transient_ttl_days, days_since(now, record.created_at), "created"
    else:
        category_ttl = config.category_ttl_days.get(record.category or "")
        if category_ttl is None:
            return None
        ttl, age = category_ttl, days_since(now, last_reference(record))
        since = "last_referenced" if record.last_referenced_at else "created"
    if age < ttl:
        state = "fresh"
    elif (
        record.tier is not Tier.TRANSIENT
        and config.category_ttl_lasting == "unconfirmed"
        and lasting(record, config)
    ):
        state = "unconfirmed"
    else:
        state = "expired"
    return Ttl(ttl, age, since, state)


@dataclass(frozen=True, slots=True)
class OneOff:
    """A one-off note's day and where it stands (:func:`one_off_state`).

    ``state``: ``pending`` (its day, plus ``one_off_grace_days``, has not passed) or
    ``passed`` (it has: the expire policy archives it)."""

    day: str
    state: str

    def explain(self) -> dict[str, Any]:
        return {"day": self.day, "state": self.state}


def one_off_state(record: MemoryRecord, now: datetime, config: Config) -> OneOff | None:
    """Where a one-off note (:mod:`remem.lifecycle.oneoff`) stands at ``now``; None for
    a memory that is not one (or is kept on request or promoted — a domain floor alone does
    not hold a note past its day —, or ``one_off_horizon_days`` is 0). A memory that
    superseded another and states a change of a day named only as "on Tuesday"
    (:func:`remem.lifecycle.oneoff.slot_value`) is the current value of a slot
    ("pharm class is on Tuesday now" after "... on Thursdays"), not a note for one
    day; a note that updates the last note of its kind is a note ("The hay lorry is
    bringing 60 bales on Monday.").

    A use after its day does not make it lasting: the note still says what was to
    happen on that day (a later question it happens to answer — the same name on a
    later note of the same kind — is served by the archive tier and restores it until
    the next review)."""
    if kept_on_request(record) or config.one_off_horizon_days <= 0 or derived(record):
        return None
    if record.supersedes and slot_value(record.content):
        return None  # it replaced an earlier value: a slot's current state, not a note
    day = one_off_day(record, config.one_off_horizon_days)
    if day is None:
        return None
    ends = datetime(day.year, day.month, day.day, tzinfo=UTC)
    ends += timedelta(days=1 + config.one_off_grace_days)
    state = "passed" if _aware(now) >= ends else "pending"
    return OneOff(day.isoformat(), state)
