"""Where a lesson or a rule came from, and whether the user said it.

Lessons and rules are instructions the agent is shown at every session start, so
each records its provenance in ``data["provenance"]``:

- ``source``: ``correction`` (``correct()``: a user's correction, in session X),
  ``reflection`` (learnt from lessons and episodes: their ids), ``user`` (the
  user's own behaviour for a rule: ``Rules.override``), ``import`` (``remem
  import``: whatever the file claims), ``api`` (written by an API caller through
  ``add`` or ``update``) or ``extraction`` (a fact the extractor classed as a
  lesson);
- ``user_stated``: the user said it in their own words in a session (a trusted
  correction, the user's override or confirmation). Only such a lesson or rule
  may carry an instruction about the assistant's own conduct
  (:mod:`remem.write.conduct`); anything else learnt that way is held;
- ``trusted``: the source's trust when it was written;
- ``sha``: a digest of the text as it was stated. A text changed since (an
  ``update`` through the API) is no longer what the user said: its provenance
  reads as ``api``, not user-stated, whatever was recorded.

Records without a stored provenance (written before it existed) are read by
what they hold; nothing a record says about itself makes it user-stated unless
its text is still the one its provenance was stamped on. A neutral module: the
agent layer, the store's import and the surfaces use it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from remem.model import Kind, MemoryRecord, Trust

__all__ = [
    "API",
    "CORRECTION",
    "EXTRACTION",
    "IMPORT",
    "REFLECTION",
    "SOURCES",
    "USER",
    "Provenance",
    "digest",
]

CORRECTION, REFLECTION, USER, IMPORT, API, EXTRACTION = (
    "correction",
    "reflection",
    "user",
    "import",
    "api",
    "extraction",
)
SOURCES = (CORRECTION, REFLECTION, USER, IMPORT, API, EXTRACTION)
_RAW = "raw-1"  # remem.memory_add.RAW_EXTRACTOR (not imported: this module is neutral)


def digest(text: str) -> str:
    """A short digest of ``text`` (whitespace-insensitive)."""
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a lesson or a rule came from (see the module doc)."""

    source: str
    user_stated: bool
    trusted: bool
    session_id: str | None = None
    lessons: tuple[str, ...] = ()
    episodes: tuple[str, ...] = ()
    changed: bool = False  # its text was changed after it was written (``api``)
    confirmed: bool = False  # the user confirmed it (``Rules.override(enabled=True)``)
    legacy: bool = False  # written before provenance was recorded: read from the record

    def describe(self) -> str:
        """One line a person reads: "user correction in session s1", "reflection over
        episodes [...]", "import", "API caller (trusted)" ..."""
        if self.source == CORRECTION:
            where = f" in session {self.session_id}" if self.session_id else ""
            text = ("user correction" if self.trusted else "untrusted correction") + where
        elif self.source == REFLECTION:
            parts = [
                f"{name} [{', '.join(ids)}]"
                for name, ids in (("lessons", self.lessons), ("episodes", self.episodes))
                if ids
            ]
            text = "reflection over " + (" and ".join(parts) or "nothing recorded")
        elif self.source == USER:
            text = "the user's own words"
        elif self.source == IMPORT:
            text = "import"
        elif self.source == EXTRACTION:
            text = "extracted from a conversation"
        else:
            text = "API caller" + (", text changed after it was written" if self.changed else "")
        text += " (trusted)" if self.trusted else " (untrusted)"
        if self.confirmed:
            text += ", confirmed by the user"
        if self.legacy:
            text += ", recorded before provenance"
        return text + ("; user-stated" if self.user_stated else "; not user-stated")

    def to_data(self, content: str) -> dict[str, Any]:
        """What ``data["provenance"]`` stores for a record whose text is ``content``."""
        return {
            "source": self.source,
            "user_stated": self.user_stated,
            "trusted": self.trusted,
            **({"session_id": self.session_id} if self.session_id else {}),
            **({"lessons": list(self.lessons)} if self.lessons else {}),
            **({"episodes": list(self.episodes)} if self.episodes else {}),
            **({"confirmed": True} if self.confirmed else {}),
            "sha": digest(content),
        }

    @classmethod
    def of(cls, record: MemoryRecord) -> Provenance:
        """The provenance of a lesson or rule memory: stored, or read from what an older
        record holds; ``api`` and not user-stated when its text changed since."""
        trusted = record.source_trust is Trust.TRUSTED
        stored = record.data.get("provenance")
        if isinstance(stored, dict) and stored.get("source") in SOURCES:
            if stored.get("sha") != digest(record.content):
                return cls(API, False, trusted, changed=True)
            return cls(
                str(stored["source"]),
                bool(stored.get("user_stated")) and trusted,
                bool(stored.get("trusted", trusted)) and trusted,
                session_id=_str(stored.get("session_id")),
                lessons=_ids(stored.get("lessons")),
                episodes=_ids(stored.get("episodes")),
                confirmed=bool(stored.get("confirmed")),
            )
        return _legacy(record, trusted)


def _legacy(record: MemoryRecord, trusted: bool) -> Provenance:
    lesson = record.data.get("metadata", {})
    lesson = lesson.get("lesson") if isinstance(lesson, dict) else None
    # Never user-stated: an API caller can write a lesson's metadata as correct() did.
    if record.kind is Kind.LESSON and isinstance(lesson, dict):
        session = _str(lesson.get("session_id"))
        return Provenance(CORRECTION, False, trusted, session_id=session, legacy=True)
    rule = record.data.get("rule")
    if record.kind is Kind.PROCEDURAL and isinstance(rule, dict):
        if rule.get("author") == "user":  # data.rule is set by remem itself only
            return Provenance(USER, trusted, trusted, legacy=True)
        if rule.get("source_lessons") or rule.get("source_episodes"):
            return Provenance(
                REFLECTION,
                False,
                trusted,
                lessons=_ids(rule.get("source_lessons")),
                episodes=_ids(rule.get("source_episodes")),
                legacy=True,
            )
    if record.extractor_version == _RAW or record.extractor_version is None:
        return Provenance(API, False, trusted)
    return Provenance(EXTRACTION, False, trusted)


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _ids(value: object) -> tuple[str, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        return ()
    return tuple(str(v) for v in value)
