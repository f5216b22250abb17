"""Procedural rules: what the agent learned to do, injected when it applies.

A rule is a memory of kind ``procedural``: its **content** is the behaviour
("Use pnpm, not npm, in this repository"), embedded and searchable like any
memory; ``data["rule"]`` holds the rest — ``trigger`` (a readable condition),
``keywords`` and ``tools`` (what :meth:`Rules.matching` compares), ``rationale``,
``confidence``, ``source_lessons`` / ``source_episodes`` (what it was learned
from), ``injection_point`` (``session_start`` or ``tool_call``),
``prompt_template`` (how it reads in a context block; ``{behavior}``,
``{trigger}``, ``{rationale}`` are filled in), ``enabled``, ``user_override``,
``uses`` and ``last_used_at``. ``record.confidence`` mirrors the rule's.

Rules are written by reflection (:mod:`remem.agent.reflection`, every
``reflection_every_sessions`` sessions) and by the user (:meth:`Rules.override`),
whose word wins: reflection never changes, decays or archives a rule the user
overrode. Every change is an audited update of the same memory, except a new
behaviour, which is a new version (``Memory.update``: the old one superseded).

Each rule records its provenance (:mod:`remem.provenance`) and is checked each
time it is listed or matched (:func:`remem.agent.adoption.held_reason`): a rule
that reads as an injection, or tells the assistant how to behave without the user
having said so, is *held* — listed with the reason, never matched nor injected —
until the user confirms it (``override(enabled=True)``) or revokes it
(:meth:`Rules.revoke`: never again, not even learnt anew from the same evidence).
"""

from __future__ import annotations

import builtins
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from remem.agent.adoption import held_reason, revoke
from remem.errors import NotFoundError, ValidationError
from remem.ids import resolve_id
from remem.memory import Memory
from remem.model import AuditEvent, Kind, MemoryRecord, Scope, Status
from remem.provenance import USER, Provenance
from remem.providers.base import LLM
from remem.stopwords import STOPWORDS
from remem.store.base import ListFilter
from remem.validation import Limits, check_id, check_text, now_or
from remem.write.injection import adoption_flag

if TYPE_CHECKING:
    from remem.agent.reflection import ReflectionReport

__all__ = ["Rule", "Rules", "rule_data", "stems"]

SESSION_START, TOOL_CALL = "session_start", "tool_call"
INJECTION_POINTS = (SESSION_START, TOOL_CALL)
TEMPLATE_FIELDS = ("behavior", "trigger", "rationale")
DEFAULT_TEMPLATE = "{behavior}"

# Words every instruction uses: never what a rule is about.
_GENERIC = frozenset(
    """always never dont don't do not use using used should must prefer prefers preferred user
    users wants want please instead rather make sure avoid keep remember note ok okay one
    like get got let lets let's need needs each every thing things way here again before
    after also can't cannot won't isn't aren't doesn't didn't shouldn't mustn't watch out
    went wrong""".split()
)
_WORD = re.compile(r"[a-z0-9][a-z0-9_+#.'\-]*[a-z0-9+#]|[a-z0-9]")


def stems(text: str) -> list[str]:
    """The content words of ``text``, lower-cased and lightly stemmed (``tests`` and
    ``testing`` -> ``test``), in order; function and instruction words dropped."""
    out = []
    for word in _WORD.findall(text.lower().replace("\u2019", "'")):
        if word in STOPWORDS or word in _GENERIC or len(word) < 2:
            continue
        out.append(_stem(word))
    return out


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True, slots=True)
class Rule:
    """A procedural rule as stored (see the module doc)."""

    id: str
    behavior: str
    trigger: str
    rationale: str
    confidence: float
    keywords: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    source_lessons: tuple[str, ...] = ()
    source_episodes: tuple[str, ...] = ()
    injection_point: str = SESSION_START
    prompt_template: str = DEFAULT_TEMPLATE
    enabled: bool = True
    user_override: bool = False
    author: str = "reflection"  # reflection, llm or user
    uses: int = 0
    last_used_at: datetime | None = None
    created_at: datetime | None = None
    memory_status: str = "active"
    provenance: Provenance | None = None
    source: str = ""  # provenance.describe()
    held: str | None = None  # why it is not applied (see remem.agent.adoption)
    revoked: dict[str, Any] | None = None  # when and why the user revoked it

    @classmethod
    def of(cls, record: MemoryRecord) -> Rule:
        """The rule a memory holds (ValidationError when it holds none)."""
        data = rule_data(record)
        if data is None:
            raise ValidationError(f"memory {record.id} is not a rule")
        provenance = Provenance.of(record)
        revoked = record.data.get("revoked")
        rule = cls(
            id=record.id,
            behavior=record.content,
            trigger=str(data.get("trigger", "")),
            rationale=str(data.get("rationale", "")),
            confidence=float(data.get("confidence", record.confidence)),
            keywords=tuple(str(k) for k in data.get("keywords", [])),
            tools=tuple(str(t) for t in data.get("tools", [])),
            source_lessons=tuple(str(s) for s in data.get("source_lessons", [])),
            source_episodes=tuple(str(s) for s in data.get("source_episodes", [])),
            injection_point=str(data.get("injection_point", SESSION_START)),
            prompt_template=str(data.get("prompt_template", DEFAULT_TEMPLATE)),
            enabled=bool(data.get("enabled", True)),
            user_override=bool(data.get("user_override", False)),
            author=str(data.get("author", "reflection")),
            uses=int(data.get("uses", 0)),
            last_used_at=_when(data.get("last_used_at")),
            created_at=record.created_at,
            memory_status=str(record.status),
            provenance=provenance,
            source=provenance.describe(),
            revoked=revoked if isinstance(revoked, dict) else None,
        )
        # What it would say in a context block is what is checked (template included).
        shown = f"{rule.render()}\n{rule.behavior}"
        return replace(rule, held=held_reason(record, shown, provenance))

    def render(self) -> str:
        """The rule as a context block line: its template filled in (the behaviour
        alone if the template is unusable)."""
        try:
            text = self.prompt_template.format(
                behavior=self.behavior, trigger=self.trigger, rationale=self.rationale
            )
        except (KeyError, IndexError, ValueError):
            return self.behavior
        return text if text.strip() else self.behavior


def rule_data(record: MemoryRecord) -> dict[str, Any] | None:
    """The rule structure of ``record``, or None when it holds no rule."""
    if record.kind is not Kind.PROCEDURAL:
        return None
    value = record.data.get("rule")
    return value if isinstance(value, dict) else None


class Rules:
    """The procedural rules of one scope (``agent.rules``).

    ``llm``: the model reflection asks to write rules (default: the configured
    one, if any; without one, or if it fails, the deterministic path)."""

    def __init__(self, mem: Memory, scope: Scope, *, llm: LLM | None = None) -> None:
        if scope.is_empty():
            raise ValidationError("a scope is required: pass user_id, agent_id or namespace")
        self.mem = mem
        self.scope = scope
        self._llm = llm

    @property
    def llm(self) -> LLM | None:
        """The model reflection uses (None: deterministic only). The configured one
        is built through ``Memory.llm()``, so a MemoryAgent's meter counts its calls."""
        return self._llm if self._llm is not None else self.mem.llm()

    # -- reads ------------------------------------------------------------------------
    def list(
        self,
        *,
        include_disabled: bool = False,
        include_archived: bool = False,
        include_held: bool = False,
        include_revoked: bool = False,
    ) -> builtins.list[Rule]:
        """The scope's rules, most confident first: the enabled, active ones that apply
        unless asked for the disabled, archived, held (see the module doc) or revoked."""
        statuses = ["active"]
        statuses += ["archived"] if include_archived else []
        statuses += ["forgotten"] if include_revoked else []
        rules = [
            Rule.of(r)
            for r in self.records(statuses=statuses)
            if (include_disabled or rule_data(r).get("enabled", True))  # type: ignore[union-attr]
            and (r.status is not Status.FORGOTTEN or r.data.get("revoked"))
        ]
        rules = [r for r in rules if include_held or r.held is None or r.revoked]
        return sorted(rules, key=lambda r: (-r.confidence, r.id))

    def get(self, rule_id: str) -> Rule:
        """The rule with this id in scope (any status)."""
        return Rule.of(self._record(rule_id))

    def matching(
        self, text: str, *, tool: str | None = None, limit: int = 5
    ) -> builtins.list[Rule]:
        """The enabled rules (confidence at least ``rule_min_confidence``) that apply:
        ``tool`` is one of a rule's tools or trigger words, or ``text`` holds at
        least ``rule_match_overlap`` of its trigger words. A rule without trigger
        words applies to every session start (not to tool calls). Best match first,
        then most confident."""
        limits = Limits.of(self.mem.config)
        text = check_text(text, "text", max_bytes=limits.max_content_bytes, blank=True)
        if not 1 <= limit <= 100:
            raise ValidationError("limit must be between 1 and 100")
        words = set(stems(text))
        tool_word = _stem(tool.lower()) if tool else None
        config = self.mem.config
        scored: builtins.list[tuple[float, float, str, Rule]] = []
        for rule in self.list():
            if rule.confidence < config.rule_min_confidence and not rule.user_override:
                continue
            keys = {_stem(k.lower()) for k in rule.keywords}
            tools = {_stem(t.lower()) for t in rule.tools}
            match = 0.0
            if tool_word is not None and (tool_word in tools or tool_word in keys):
                match = 1.0
            elif keys:
                share = len(keys & words) / len(keys)
                if share >= config.rule_match_overlap and keys & words:
                    match = share
            elif tool is None and rule.injection_point == SESSION_START:
                match = 0.5  # a general rule: every session start
            if match > 0:
                scored.append((-match, -rule.confidence, rule.id, rule))
        return [s[-1] for s in sorted(scored)[:limit]]

    # -- writes -----------------------------------------------------------------------
    def mark_used(self, ids: Sequence[str], *, now: datetime) -> None:
        """Count an injection of each rule (``uses``, ``last_used_at``): a rule in use
        does not decay. Ids of no rule in scope are skipped."""
        wanted = [check_id(i, "rule id") for i in ids]
        if not wanted:
            return
        with self.mem.store.transaction():
            for record in self.mem.store.get_memories(wanted, self.scope):
                data = rule_data(record)
                if data is None or record.status is not Status.ACTIVE:
                    continue
                data["uses"] = int(data.get("uses", 0)) + 1
                data["last_used_at"] = now.isoformat()
                self.mem.store.update_memory(
                    record,
                    event=AuditEvent(
                        event="rule_used",
                        memory_id=record.id,
                        at=now,
                        detail={"uses": data["uses"]},
                    ),
                )

    def override(
        self,
        rule_id: str,
        *,
        behavior: str | None = None,
        enabled: bool | None = None,
        now: datetime | None = None,
    ) -> Rule:
        """The user's word on a rule: a new ``behavior`` (a new version of the rule;
        the old one is superseded) and/or ``enabled``. An overridden rule is the
        user's: reflection leaves it alone from then on. A new behaviour is the user's
        own words (provenance ``user``); ``enabled=True`` confirms a held rule (the user
        stated it now). A behaviour that reads as an instruction aimed at the agent is
        refused (ValidationError), nothing written."""
        if behavior is None and enabled is None:
            raise ValidationError("give a new behavior, enabled=True/False, or both")
        if enabled is not None and not isinstance(enabled, bool):
            raise ValidationError("enabled must be true or false")
        if behavior is not None:
            behavior = check_text(
                behavior, "behavior", max_bytes=Limits.of(self.mem.config).max_content_bytes
            )
            flag = adoption_flag(behavior)
            if flag:
                raise ValidationError(
                    f"the behavior reads as an instruction aimed at the agent ({flag!r}); "
                    "not stored"
                )
        now = now_or(now)
        record = self._record(rule_id)
        if record.status is not Status.ACTIVE:
            raise ValidationError(f"rule {rule_id} is {record.status}; restore it first")
        if behavior is not None and behavior != record.content:
            record = self.mem.update(
                record.id,
                behavior,
                user_id=self.scope.user_id,
                agent_id=self.scope.agent_id,
                namespace=self.scope.namespace,
                reason="rule behaviour overridden by the user",
                now=now,
            )
        with self.mem.store.transaction():
            current = self.mem.store.get_memory(record.id, self.scope)
            if current is None:
                raise NotFoundError(f"no rule {rule_id!r} in this scope")
            data = rule_data(current) or {}
            data["user_override"] = True
            data["author"] = "user" if behavior is not None else data.get("author", "reflection")
            if enabled is not None:
                data["enabled"] = enabled
            was = Provenance.of(current)
            if behavior is not None:
                current.data["provenance"] = Provenance(USER, True, True).to_data(current.content)
            elif enabled:  # the user confirms this very text: theirs from now on
                current.data["provenance"] = replace(was, user_stated=True, confirmed=True).to_data(
                    current.content
                )
            current.updated_at = now
            self.mem.store.update_memory(
                current,
                event=AuditEvent(
                    event="rule_overridden",
                    memory_id=current.id,
                    at=now,
                    detail={
                        "enabled": data.get("enabled", True),
                        "behavior_changed": behavior is not None,
                        **({"replaces": rule_id} if current.id != rule_id else {}),
                    },
                ),
            )
        return Rule.of(current)

    def revoke(
        self, rule_id: str, *, reason: str | None = None, now: datetime | None = None
    ) -> Rule:
        """Take a rule out for good: never matched, injected or restored again, and
        reflection does not learn it anew (see :func:`remem.agent.adoption.revoke`)."""
        record = self._record(rule_id)
        return Rule.of(revoke(self.mem, record, reason=reason, now=now_or(now)))

    # -- reflection -------------------------------------------------------------------
    def due(self, *, sessions_ended: int) -> bool:
        """Whether a reflection is due: ``reflection_every_sessions`` sessions have
        ended since the last one (``sessions_ended``: the scope's ended sessions)."""
        last = self.mem.store.counters(self._counter()).get(self._counter(), 0)
        return sessions_ended - last >= self.mem.config.reflection_every_sessions

    def reflect(self, *, now: datetime, sessions_ended: int | None = None) -> ReflectionReport:
        """Turn recurring lessons, corrections and episode learnings into rules; decay
        unused and contradicted rules (see :mod:`remem.agent.reflection`). With
        ``sessions_ended``, record it as the count this reflection ran at (see
        :meth:`due`)."""
        from remem.agent.reflection import reflect

        report = reflect(self, now=now)
        if sessions_ended is not None:
            name = self._counter()
            last = self.mem.store.counters(name).get(name, 0)
            if sessions_ended != last:
                self.mem.store.bump_counter(name, sessions_ended - last)
        return report

    # -- helpers ----------------------------------------------------------------------
    def records(self, *, statuses: Sequence[str] = ("active",)) -> builtins.list[MemoryRecord]:
        """The scope's rule memories in ``statuses``."""
        out: builtins.list[MemoryRecord] = []
        offset = 0
        while True:
            page = self.mem.list(
                user_id=self.scope.user_id,
                agent_id=self.scope.agent_id,
                namespace=self.scope.namespace,
                filters=ListFilter(statuses=tuple(statuses), kinds=(Kind.PROCEDURAL.value,)),
                offset=offset,
                limit=500,
            )
            out.extend(r for r in page.items if rule_data(r) is not None)
            offset += len(page.items)
            if offset >= page.total or not page.items:
                return out

    def _record(self, rule_id: str) -> MemoryRecord:
        record = self.mem.store.get_memory(
            resolve_id(
                self.mem.store,
                rule_id,
                self.scope,
                min_chars=self.mem.config.id_prefix_min_chars,
                what="rule",
            ),
            self.scope,
        )
        if record is None or rule_data(record) is None:
            raise NotFoundError(f"no rule {rule_id!r} in this scope")
        return record

    def _counter(self) -> str:
        # A digest, not the ids: counters outlive an erase of the subject.
        key = "\x1f".join(
            v or "" for v in (self.scope.user_id, self.scope.agent_id, self.scope.namespace)
        )
        return "agent.reflection_sessions:" + hashlib.sha256(key.encode()).hexdigest()[:24]


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)
