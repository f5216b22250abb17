"""What the agent adopts as an instruction: lessons and rules, checked where they are
used, and revoking them.

Every lesson and rule is checked each time it would be shown at a session start,
matched, or read by reflection — whatever wrote it (``correct()``, reflection, an
import, ``add`` or ``update`` through an API, an older version of remem):
:func:`held_reason` says why it is held back, or None. It is held when revoked,
untrusted, flagged as an injection when written, when its text reads as an
injection aimed at the agent (:func:`remem.write.injection.adoption_flag`: the
check of untrusted text, a standing order aside), or when it tells the assistant
how to behave as an assistant (:mod:`remem.write.conduct`) and the user did not
state it in their own words in a session (:mod:`remem.provenance`).

:func:`revoke` takes a lesson or rule out for good: status ``forgotten`` with
``data["revoked"]`` (when and why) and an audited ``revoked`` event; a revoked
memory is never restored (``Memory.restore`` refuses) and reflection does not
learn it again (:mod:`remem.agent.reflection`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from remem.errors import ValidationError
from remem.memory import Memory
from remem.model import AuditEvent, MemoryRecord, Status, Trust
from remem.provenance import Provenance
from remem.validation import Limits, check_text
from remem.write.conduct import conduct_phrase
from remem.write.injection import adoption_flag

__all__ = ["Lesson", "held_reason", "revoke"]


def held_reason(record: MemoryRecord, text: str, provenance: Provenance) -> str | None:
    """Why the lesson or rule ``record`` (shown as ``text``) is not adopted, or None."""
    revoked = record.data.get("revoked")
    if revoked:
        return "revoked by the user"
    flag = record.data.get("injection") or adoption_flag(text)
    if flag:
        return f"reads as an instruction aimed at the agent ({flag!r})"
    if record.source_trust is not Trust.TRUSTED:
        return "from an untrusted source"
    if not provenance.user_stated:
        phrase = conduct_phrase(text)
        if phrase:
            return (
                f"tells the assistant how to behave ({phrase!r}) and the user did not state "
                "it in a session; the user may confirm it"
            )
    return None


def revoke(mem: Memory, record: MemoryRecord, *, reason: str | None, now: datetime) -> MemoryRecord:
    """Take a lesson or rule out for good (see the module doc); revoking twice is a no-op."""
    if reason is not None:
        reason = check_text(reason, "reason", max_bytes=Limits.of(mem.config).max_content_bytes)
    if record.data.get("revoked"):
        return record
    if record.status is Status.PURGED:
        raise ValidationError(f"memory {record.id} is purged")
    before = record.status
    record.data["revoked"] = {
        "at": now.isoformat(),
        "from_status": str(before),
        **({"reason": reason} if reason else {}),
    }
    record.status, record.updated_at = Status.FORGOTTEN, now
    with mem.store.transaction():
        mem.store.update_memory(
            record,
            event=AuditEvent(
                event="revoked",
                memory_id=record.id,
                at=now,
                detail={"from_status": str(before), **({"reason": reason} if reason else {})},
            ),
        )
    return record


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson as listed: its text, where it came from, and whether it is loaded
    (``held``: why not; ``revoked``: when and why the user took it out)."""

    id: str
    content: str
    shape: str | None
    provenance: Provenance
    source: str  # provenance.describe()
    status: str
    trusted: bool
    held: str | None
    revoked: dict[str, Any] | None
    references: int
    importance: float
    created_at: datetime

    @classmethod
    def of(cls, record: MemoryRecord) -> Lesson:
        """The lesson a memory of kind ``lesson`` holds."""
        meta = record.data.get("metadata", {})
        lesson = meta.get("lesson") if isinstance(meta, dict) else None
        provenance = Provenance.of(record)
        revoked = record.data.get("revoked")
        return cls(
            id=record.id,
            content=record.content,
            shape=str(lesson.get("shape")) if isinstance(lesson, dict) else None,
            provenance=provenance,
            source=provenance.describe(),
            status=str(record.status),
            trusted=record.source_trust is Trust.TRUSTED,
            held=held_reason(record, record.content, provenance),
            revoked=revoked if isinstance(revoked, dict) else None,
            references=record.reference_count,
            importance=record.importance,
            created_at=record.created_at,
        )
