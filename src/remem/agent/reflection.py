"""Reflection: recurring lessons, corrections and episode learnings become rules.

:func:`reflect` (``Rules.reflect``) reads the scope's trusted, active lessons
(kind ``lesson``: what ``correct()`` writes) and the learnings and failure modes
of its completed episodes, the newest ``reflection_max_items`` of each, and:

1. **contradictions** — a new lesson on a rule's topic (the same words) whose
   polarity ("don't", "never", "avoid" ... or not) is the opposite of every
   lesson the rule was learned from lowers its confidence by
   ``rule_contradiction_penalty``; so does each failure recorded against the
   rule since the last reflection (``outcome(..., success=False)``);
2. **decay** — a rule not injected for ``rule_unused_days`` loses
   ``rule_unused_decay`` of its confidence; below ``rule_min_confidence`` it is
   archived (reversible);
3. **grouping** — the remaining texts are grouped by similarity (vectors'
   cosine at least ``rule_group_cosine``, or at least ``rule_group_overlap`` of
   the shorter one's content words shared): each text joins the group it is
   most like on average, if like enough;
4. **rules** — a group whose support reaches ``rule_min_support`` (each distinct
   episode counts 1, each distinct lesson 1 + its references: ``correct()``
   references a lesson said again word for word, and feedback one the agent
   used) that an existing rule already covers (shared sources, or the same
   wording) reinforces it when it has new sources or more support
   (``rule_reinforce_boost``, sources merged); a new one
   becomes a rule. With an LLM (one call for all groups, before any write) the
   LLM writes trigger, behaviour, rationale, confidence and template; without
   one — or when its reply is unusable — the deterministic path keeps the
   group's shared wording: the member most like the others is the behaviour,
   the words most members share are the trigger. Rules below
   ``rule_min_confidence`` are not kept; past ``rule_max`` the least confident
   are archived.

Rules the user overrode are never touched. Untrusted lessons (tool output, web
pages, other agents, injection) are never read: nothing untrusted becomes a
rule. Every lesson and learning is checked as the instruction it may become
(:mod:`remem.agent.adoption`): one that reads as an injection is not read
(``flagged``). A candidate that tells the assistant how to behave
(:mod:`remem.write.conduct`) becomes a rule only in the words of a lesson the
user stated in a session — never in an agent's learning or the LLM's rewording —
else it is ``held``. A candidate a revoked rule already said (the same sources,
or the same wording) is not learnt again (``revoked``) unless the user has said
it anew since. Each new rule records its provenance (:mod:`remem.provenance`). No LLM call happens inside a write transaction. Grouping and wording (steps 3
and 4's candidates) are :mod:`remem.agent.rule_groups`; what it reads and writes,
:mod:`remem.agent.reflection_store`.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.agent.reflection_store import (
    FAILURE_LEAD,
    ReflectionReport,
    enforce_cap,
    read_items,
    write_changes,
)
from remem.agent.rule_groups import (
    RULE_SCHEMA,
    Candidate,
    alike,
    deterministic_rule,
    group_items,
    likeness,
    llm_rules,
    support_of,
)
from remem.agent.rules import DEFAULT_TEMPLATE, Rule, rule_data
from remem.errors import ProviderError
from remem.lifecycle.policies import days_since
from remem.model import Kind, MemoryRecord, Status
from remem.provenance import REFLECTION, Provenance
from remem.write.conduct import conduct_phrase
from remem.write.injection import adoption_flag

if TYPE_CHECKING:
    from remem.agent.rules import Rules

_NEGATION = re.compile(
    r"\b(?:don'?t|do not|never|avoid|stop|no longer|not|shouldn'?t|must not|mustn'?t)\b", re.I
)


def reflect(rules: Rules, *, now: datetime) -> ReflectionReport:
    """One reflection over ``rules``' scope (see the module doc)."""
    mem, config = rules.mem, rules.mem.config
    report = ReflectionReport()
    items = read_items(rules, report)
    report.items = len(items)
    every = rules.records(statuses=("active", "archived", "cold", "forgotten", "superseded"))
    active = [r for r in every if r.status is Status.ACTIVE]
    revoked = [r for r in every if r.data.get("revoked")]
    # Sources of rules no longer active: a group with nothing new is not learned again.
    retired = {
        s
        for r in every
        if r.status is not Status.ACTIVE
        for key in ("source_lessons", "source_episodes")
        for s in (rule_data(r) or {}).get(key, [])
    }
    existing = [r for r in active if not (rule_data(r) or {}).get("user_override")]
    known = active + revoked
    vectors = _vectors(rules, [i.text for i in items] + [r.content for r in known])
    item_vecs = vectors[: len(items)]
    vec_of = {r.id: vectors[len(items) + n] for n, r in enumerate(known)}

    # 1-2. contradictions and decay of existing rules (writes below, in one transaction)
    changed: dict[str, MemoryRecord] = {}
    contradicting: set[int] = set()
    for record in existing:
        data = rule_data(record) or {}
        polarity = {_negative(t) for t in data.get("source_texts", [])}
        seen = set(data.get("contradicted_by", []))
        hits = 0
        for i, item in enumerate(items):
            if item.kind != "lesson" or item.source in seen or item.created_at <= record.created_at:
                continue
            if item.source in data.get("source_lessons", []) or len(polarity) != 1:
                continue
            if _negative(item.text) in polarity:
                continue
            if alike(item, record.content, item_vecs[i], vec_of[record.id], config):
                hits += 1
                contradicting.add(i)
                data.setdefault("contradicted_by", []).append(item.source)
        failures = max(0, record.failure_count - int(data.get("failures_seen", 0)))
        data["failures_seen"] = record.failure_count
        confidence = float(data.get("confidence", record.confidence))
        if hits or failures:
            confidence -= config.rule_contradiction_penalty * (hits + failures)
            report.contradicted.append(record.id)
        last = (
            _time(data.get("last_used_at")) or _time(data.get("reinforced_at")) or record.created_at
        )
        if days_since(now, last) >= config.rule_unused_days:
            confidence *= config.rule_unused_decay
            report.decayed.append(record.id)
        if confidence != float(data.get("confidence", record.confidence)) or failures or hits:
            data["confidence"] = round(max(0.0, confidence), 4)
            changed[record.id] = record

    # 3. grouping
    pool = [i for i in range(len(items)) if i not in contradicting]
    groups = group_items(items, item_vecs, pool, config)
    supported = [g for g in groups if support_of([items[i] for i in g]) >= config.rule_min_support]
    report.groups = len(supported)

    # 4. candidates: the LLM's (one call, before any write) or the deterministic ones
    candidates = [deterministic_rule(items, g, item_vecs, config) for g in supported]
    llm = rules.llm
    if llm is not None and candidates:
        try:
            written = llm_rules(llm, candidates, config)
            report.llm_used = True
            candidates = [written.get(n, c) for n, c in enumerate(candidates)]
        except (ProviderError, ValueError) as exc:  # unusable reply: the deterministic rules
            report.llm_error = str(exc)[:200]
    new: list[Candidate] = []
    for proposed in candidates:
        cand = _adoptable(proposed, report)
        if cand is None:
            continue
        match = _covering(cand, active, vec_of, rules, config)
        if match is not None:
            if (rule_data(match) or {}).get("user_override"):
                continue  # the user's rule: reflection does not touch it
            record = changed.get(match.id, match)
            data = rule_data(record) or {}
            lessons = set(data.get("source_lessons", []))
            episodes = set(data.get("source_episodes", []))
            added = (set(cand.lessons) - lessons) | (set(cand.episodes) - episodes)
            if added or cand.support > int(data.get("support", 0)):
                data["support"] = max(cand.support, int(data.get("support", 0)))
                data["source_lessons"] = sorted(lessons | set(cand.lessons))
                data["source_episodes"] = sorted(episodes | set(cand.episodes))
                texts = list(data.get("source_texts", []))
                texts += [m.text for m in cand.members if m.source in added][:10]
                data["source_texts"] = texts[-20:]
                conf = float(data.get("confidence", record.confidence))
                data["confidence"] = round(
                    min(config.rule_confidence_max, conf + config.rule_reinforce_boost), 4
                )
                data["reinforced_at"] = now.isoformat()
                changed[record.id] = record
                report.reinforced.append(record.id)
            continue
        gone = _covering(cand, revoked, vec_of, rules, config)
        if gone is not None and not _said_again(cand, gone):
            report.revoked += 1
            continue  # the user revoked it: the same evidence, or more of it, is no reason
        if set(cand.lessons) | set(cand.episodes) <= retired:
            continue  # learned before, then retired: nothing new says it again
        if cand.confidence < config.rule_min_confidence:
            report.rejected += 1
            continue
        new.append(cand)

    # writes: new rules (each embedded, then stored), then the changed ones together
    for cand in new:
        (record,) = mem.add(
            cand.behavior,
            user_id=rules.scope.user_id,
            agent_id=rules.scope.agent_id,
            namespace=rules.scope.namespace,
            kind=Kind.PROCEDURAL,
            importance=cand.confidence,
            confidence=cand.confidence,
            tags=["rule"],
            trusted=True,
            now=now,
            data={
                "rule": {
                    "trigger": cand.trigger,
                    "keywords": cand.keywords,
                    "tools": cand.tools,
                    "rationale": cand.rationale,
                    "confidence": round(cand.confidence, 4),
                    "source_lessons": cand.lessons,
                    "support": cand.support,
                    "source_episodes": cand.episodes,
                    "source_texts": [m.text for m in cand.members][:20],
                    "injection_point": cand.injection_point,
                    "prompt_template": cand.prompt_template,
                    "enabled": True,
                    "user_override": False,
                    "author": cand.author,
                    "uses": 0,
                    "last_used_at": None,
                    "reflected_at": now.isoformat(),
                },
                "provenance": Provenance(
                    REFLECTION,
                    _users_words(cand),
                    True,
                    lessons=tuple(cand.lessons),
                    episodes=tuple(cand.episodes),
                ).to_data(cand.behavior),
            },
        )
        report.created.append(record.id)
    write_changes(rules, changed, report, now)
    enforce_cap(rules, report, now)
    return report


def _vectors(rules: Rules, texts: list[str]) -> np.ndarray:
    if not texts:
        return np.zeros((0, 1), dtype=np.float32)
    return np.asarray(rules.mem.embedder.embed_documents(texts), dtype=np.float32)


# -- matching candidates to existing rules -------------------------------------------------
def _covering(
    cand: Candidate,
    active: list[MemoryRecord],
    vec_of: dict[str, np.ndarray],
    rules: Rules,
    config: Any,
) -> MemoryRecord | None:
    """The active rule that already says what ``cand`` says: one learned from some of
    the same lessons or episodes, else one worded alike."""
    sources = set(cand.lessons) | set(cand.episodes)
    for record in active:
        data = rule_data(record) or {}
        if sources & (set(data.get("source_lessons", [])) | set(data.get("source_episodes", []))):
            return record
    if not active:
        return None
    vec = _vectors(rules, [cand.behavior])[0]
    for record in active:
        if likeness(cand.behavior, record.content, vec, vec_of[record.id], config) >= 1.0:
            return record
    return None


# -- what may become a rule --------------------------------------------------------------
def _adoptable(cand: Candidate, report: ReflectionReport) -> Candidate | None:
    """``cand`` as it may become a rule, or None (``report.flagged`` / ``report.held``):
    a rule that reads as an injection is refused; one about the assistant's conduct
    keeps the words of a lesson the user stated (the LLM's template aside), or is held."""
    shown = f"{_render(cand)}\n{cand.behavior}"
    if adoption_flag(shown):
        report.flagged += 1
        return None
    if conduct_phrase(shown) is None:
        return cand
    stated = sorted(
        (m for m in cand.members if m.user_stated), key=lambda m: (-m.weight, m.created_at)
    )
    if not stated:
        report.held += 1
        return None
    cand.behavior = stated[0].text.strip()
    cand.prompt_template = DEFAULT_TEMPLATE
    return cand


def _users_words(cand: Candidate) -> bool:
    """Whether the rule's behaviour is, word for word, a lesson the user stated."""
    return any(m.user_stated and m.text.strip() == cand.behavior for m in cand.members)


def _said_again(cand: Candidate, revoked: MemoryRecord) -> bool:
    """Whether the user stated this since it was revoked (their newer word wins)."""
    at = _time((revoked.data.get("revoked") or {}).get("at"))
    return at is not None and any(m.user_stated and m.created_at > at for m in cand.members)


def _render(cand: Candidate) -> str:
    try:
        return cand.prompt_template.format(
            behavior=cand.behavior, trigger=cand.trigger, rationale=cand.rationale
        )
    except (KeyError, IndexError, ValueError):
        return cand.behavior


def _negative(text: str) -> bool:
    return _NEGATION.search(text) is not None


def _time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


__all__ = ["FAILURE_LEAD", "RULE_SCHEMA", "ReflectionReport", "Rule", "reflect"]
