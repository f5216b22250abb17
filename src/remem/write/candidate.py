"""Candidate facts: what extractors propose and the gate judges.

A candidate is not yet a memory: the gate decides whether it is stored, and
the caller turns it into a :class:`remem.model.MemoryRecord` after dedup and
supersede checks against the store.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from remem.model import Kind, Sentiment, Strength, Tier, Trust


class Flag(StrEnum):
    """Facts about how a candidate was said, used by scoring and the gate."""

    REMEMBER_REQUESTED = "remember_requested"  # "remember this", "note that"
    PERMANENT_REQUESTED = "permanent_requested"  # "always remember"
    ACTION_REQUIRED = "action_required"  # due, overdue, must do by
    SAFETY_CRITICAL = "safety_critical"  # allergies, medication, hazards
    KEEP_REQUESTED = "keep_requested"  # a keep request in any phrasing (write/keep.py)
    REMIND_REQUESTED = "remind_requested"  # "remind me before it's due"
    DOMAIN_CRITICAL = "domain_critical"  # health, identity, legal, financial (write/domains.py)
    CONFIRMED = "confirmed"  # an assistant statement the user confirmed
    PINNED = "pinned"


@dataclass(frozen=True, slots=True)
class Relation:
    """A typed edge between two entities stated by a fact: ``(Aaron, owns, WRX)``."""

    subject: str
    predicate: str
    object: str


@dataclass(slots=True)
class CandidateFact:
    """One atomic, self-contained fact proposed for storage.

    ``message_index`` is the position of the source message in the sequence
    given to the extractor; ``ref`` is that message's own id (LoCoMo dia_id).
    ``subject`` / ``attribute`` name the slot the fact fills (for supersede
    detection); ``supersedes_hint`` describes what it updates, if anything.
    """

    content: str
    speaker: str | None = None
    category: str = "casual"
    kind: Kind = Kind.SEMANTIC
    tags: list[str] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    importance: float = 0.5
    tier: Tier = Tier.STANDARD
    confidence: float = 0.9
    strength: Strength = Strength.EXPLICIT
    sentiment: Sentiment = Sentiment.NEUTRAL
    source_trust: Trust = Trust.TRUSTED
    salience: float = 0.5
    supersedes_hint: str | None = None
    subject: str | None = None
    attribute: str | None = None
    valid_from: datetime | None = None
    message_index: int = 0
    ref: str | None = None
    session: str | None = None
    flags: set[Flag] = field(default_factory=set)
    extractor_version: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)  # the caller's, kept in data

    @property
    def untrusted(self) -> bool:
        """Whether the fact came from untrusted content."""
        return self.source_trust is Trust.UNTRUSTED
