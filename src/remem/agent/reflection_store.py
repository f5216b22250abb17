"""The store side of a reflection (:mod:`remem.agent.reflection`): what it reads
(the scope's trusted lessons and its completed episodes' learnings and failure
modes) and what it writes (rule confidences, audited; archives past
``rule_min_confidence`` or ``rule_max``), and the report of what it did.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

from remem.agent.adoption import held_reason
from remem.agent.rule_groups import Item
from remem.agent.rules import Rule, rule_data
from remem.lifecycle.episodes import episode_data
from remem.model import AuditEvent, Kind, MemoryRecord, Status, Trust
from remem.provenance import Provenance
from remem.store.base import FieldChange, ListFilter
from remem.write.injection import adoption_flag

if TYPE_CHECKING:
    from remem.agent.rules import Rules

_TOOL_ACTIONS = ("tool", "tool_call", "command", "run")
FAILURE_LEAD = "Watch out, this went wrong before:"


@dataclass(slots=True)
class ReflectionReport:
    """What one reflection did (ids of the rules concerned)."""

    items: int = 0  # lessons and episode learnings read
    groups: int = 0  # groups with enough support
    created: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    decayed: list[str] = field(default_factory=list)
    contradicted: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    rejected: int = 0  # candidate rules below rule_min_confidence
    flagged: int = 0  # lessons and learnings not read: they read as injections
    held: int = 0  # candidate rules about the assistant's conduct the user never stated
    revoked: int = 0  # candidate rules the user revoked before: not learnt again
    llm_used: bool = False
    llm_error: str | None = None


def read_items(rules: Rules, report: ReflectionReport) -> list[Item]:
    """The texts a reflection groups: trusted lessons, and the learnings and failure
    modes (as warnings) of trusted completed episodes, the newest of each. Each is
    checked as the instruction it may become (:mod:`remem.agent.adoption`): one that
    reads as an injection is not read (``report.flagged``); a lesson is user-stated
    as its provenance says, an episode's learning never is (the agent wrote it)."""
    mem, config = rules.mem, rules.mem.config
    cap = config.reflection_max_items
    lessons = mem.list(
        user_id=rules.scope.user_id,
        agent_id=rules.scope.agent_id,
        namespace=rules.scope.namespace,
        filters=ListFilter(kinds=(Kind.LESSON.value,)),
        limit=cap,
    ).items
    out = []
    for r in lessons:
        if r.source_trust is not Trust.TRUSTED:
            continue
        provenance = Provenance.of(r)
        # Conduct is judged on the rule a group becomes, with every member's provenance.
        why = held_reason(r, r.content, replace(provenance, user_stated=True))
        if why is not None:
            report.flagged += 1
            continue
        out.append(
            Item(
                r.content,
                r.id,
                "lesson",
                r.created_at,
                weight=1 + r.reference_count,
                user_stated=provenance.user_stated,
            )
        )
    episodes = mem.list(
        user_id=rules.scope.user_id,
        agent_id=rules.scope.agent_id,
        namespace=rules.scope.namespace,
        filters=ListFilter(kinds=(Kind.EPISODIC.value,)),
        limit=cap,
    ).items
    for record in episodes:
        data = episode_data(record)
        if data is None or data.get("status") != "completed":
            continue
        if record.source_trust is not Trust.TRUSTED:
            continue
        tools = tuple(
            sorted(
                {
                    str(a.get("target", "")).lower()
                    for a in data.get("actions", [])
                    if isinstance(a, dict) and a.get("type") in _TOOL_ACTIONS and a.get("target")
                }
            )
        )
        outcome = data.get("outcome") or {}
        task = str((data.get("situation") or {}).get("task") or record.content)
        # A failure mode says what happened, not what to do: as a rule it is a warning.
        texts = [
            *data.get("learnings", []),
            *(
                f"{FAILURE_LEAD} {t}"
                for t in outcome.get("failure_modes", [])
                if isinstance(t, str)
            ),
        ]
        for text in texts:
            if not isinstance(text, str) or not text.strip():
                continue
            if adoption_flag(text):
                report.flagged += 1
            else:
                out.append(
                    Item(text, record.id, "episode", record.created_at, tools, situation=task)
                )
    return out


# -- writes ------------------------------------------------------------------------------
def write_changes(
    rules: Rules, changed: dict[str, MemoryRecord], report: ReflectionReport, now: datetime
) -> None:
    """Store the changed rules' confidences (audited, one transaction); archive those
    now below ``rule_min_confidence``. A rule the user overrode meanwhile is left."""
    config = rules.mem.config
    store = rules.mem.store
    archive: list[FieldChange] = []
    with store.transaction():
        for record in changed.values():
            data = rule_data(record) or {}
            current = store.get_memory(record.id, rules.scope)
            if current is None or current.status is not Status.ACTIVE:
                continue
            if (rule_data(current) or {}).get("user_override"):
                continue  # the user overrode it meanwhile: theirs
            confidence = float(data["confidence"])
            current.data["rule"] = data
            current.confidence = max(0.0, min(1.0, confidence))
            current.updated_at = now
            store.update_memory(
                current,
                event=AuditEvent(
                    event="rule_reflected",
                    memory_id=current.id,
                    at=now,
                    detail={
                        "confidence": confidence,
                        "reinforced": current.id in report.reinforced,
                        "decayed": current.id in report.decayed,
                        "contradicted": current.id in report.contradicted,
                    },
                ),
            )
            if confidence < config.rule_min_confidence:
                archive.append(
                    _archive(
                        current.id,
                        f"confidence {confidence:.2f} < {config.rule_min_confidence}",
                        now,
                    )
                )
        report.archived.extend(store.change_fields(archive))
        store.drop_token_vectors(report.archived)


def enforce_cap(rules: Rules, report: ReflectionReport, now: datetime) -> None:
    """Archive the least confident rules past ``rule_max`` (never a user's override)."""
    config = rules.mem.config
    active = [Rule.of(r) for r in rules.records()]
    if len(active) <= config.rule_max:
        return
    removable = sorted(
        (r for r in active if not r.user_override), key=lambda r: (r.confidence, r.id)
    )
    extra = removable[: len(active) - config.rule_max]
    with rules.mem.store.transaction():
        done = rules.mem.store.change_fields(
            [_archive(r.id, f"over rule_max {config.rule_max}", now) for r in extra]
        )
        rules.mem.store.drop_token_vectors(done)
    report.archived.extend(done)


def _archive(memory_id: str, reason: str, now: datetime) -> FieldChange:
    return FieldChange(
        memory_id,
        "active",
        {"status": Status.ARCHIVED, "updated_at": now},
        AuditEvent(
            event="archived",
            memory_id=memory_id,
            at=now,
            detail={"reason": reason, "from_status": "active"},
        ),
    )
