"""One candidate fact against the store: duplicate, merge, update, conflict or new.

:func:`decide` is the write path's per-fact step (:mod:`remem.write.pipeline` runs
it for every candidate inside the ingest's transaction): it gates the fact, finds
the active neighbours it may meet, lets the offline update check (or the LLM's
choice, made before the transaction) pick what it replaces, and writes or plans
the record with an audit event for every decision. Nothing is overwritten: a
replaced memory is superseded, a contradicted trusted one is flagged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np

from remem.config import Config
from remem.model import AuditEvent, MemoryRecord, Resource, Scope, Status, utcnow
from remem.providers.base import Embedder
from remem.secrets import kinds as secret_kinds
from remem.secrets import secret_is_point
from remem.slots import Verdict
from remem.slots.semantic import Similarity
from remem.store.base import ListFilter, PackedTokens, Store
from remem.write.candidate import CandidateFact
from remem.write.gate import GateDecision, gate
from remem.write.llm_update import UpdateChoice, describe
from remem.write.supersede import UPDATABLE, may_meet, plan_update


@dataclass(slots=True)
class FactDecision:
    """What happened to one candidate fact, and why."""

    fact: CandidateFact
    action: str  # stored | merged | reinforced | rejected
    reason: str
    detail: str = ""
    memory_id: str | None = None
    related_id: str | None = None  # the memory merged into, reinforced or superseded


class IngestSession:
    """State of one ingest call: the store, what was decided, what to write."""

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        config: Config,
        scope: Scope,
        *,
        dry_run: bool,
        now: datetime | None = None,
    ) -> None:
        self.store, self.embedder, self.config, self.scope = store, embedder, config, scope
        self.dry_run = dry_run
        self.now = now or utcnow()  # what this ingest's records and audit events are dated
        self.events: list[AuditEvent] = []
        self.pending: list[tuple[np.ndarray, MemoryRecord]] = []  # dry-run view of "stored"

    def nearest(self, vector: np.ndarray, k: int = 10) -> list[tuple[MemoryRecord, float]]:
        """The ``k`` nearest memories that an update may replace: active, archived or
        cold (an old value that left the active set is still the slot's value)."""
        hits = self.store.vector_search(
            vector,
            self.scope,
            model_id=self.embedder.model_id,
            limit=k,
            filters=ListFilter(statuses=UPDATABLE),
        )
        records = {m.id: m for m in self.store.get_memories([h[0] for h in hits], self.scope)}
        found = [(records[i], s) for i, s in hits if i in records]
        for pending_vec, record in self.pending:  # dry runs see their own earlier facts
            found.append((record, float(pending_vec @ vector)))
        return sorted(found, key=lambda p: -p[1])[:k]

    def audit(self, event: str, memory_id: str | None, **detail: object) -> None:
        self.events.append(
            AuditEvent(event=event, memory_id=memory_id, at=self.now, detail=dict(detail))
        )

    def touch(self, record: MemoryRecord, *, boost: float, event: str, **detail: object) -> None:
        record.confidence = min(1.0, record.confidence + boost)
        record.updated_at = self.now
        if not self.dry_run:
            self.store.update_memory(record)
        self.audit(event, record.id, confidence=round(record.confidence, 3), **detail)


def _record(
    fact: CandidateFact,
    scope: Scope,
    *,
    session_id: str | None,
    resource: Resource | None,
    when: datetime | None,
    now: datetime,
) -> MemoryRecord:
    return MemoryRecord(
        content=fact.content,
        user_id=scope.user_id,
        agent_id=scope.agent_id,
        namespace=scope.namespace,
        session_id=session_id or fact.session,
        role="user",
        kind=fact.kind,
        category=fact.category,
        tags=list(fact.tags),
        entities=list(fact.entities),
        importance=fact.importance,
        tier=fact.tier,
        confidence=fact.confidence,
        strength=fact.strength,
        sentiment=fact.sentiment,
        source_trust=fact.source_trust,
        valid_from=fact.valid_from or when,
        created_at=now,
        updated_at=now,
        source_resource_id=resource.id if resource else None,
        extractor_version=fact.extractor_version,
        data={
            "speaker": fact.speaker,
            "salience": round(fact.salience, 3),
            **(
                {"slot": {"subject": fact.subject, "attribute": fact.attribute}}
                if fact.subject
                else {}
            ),
            **({"ref": fact.ref} if fact.ref else {}),
            **({"metadata": dict(fact.metadata)} if fact.metadata else {}),
            **({"flags": sorted(str(f) for f in fact.flags)} if fact.flags else {}),
            **(
                {"relations": [[r.subject, r.predicate, r.object] for r in fact.relations]}
                if fact.relations
                else {}
            ),
        },
    )


def decide(
    session: IngestSession,
    fact: CandidateFact,
    vector: np.ndarray,
    tokens: PackedTokens | None,
    *,
    force: bool,
    session_id: str | None,
    resource: Resource | None,
    when: datetime | None,
    session_count: int,
    choice: UpdateChoice | None = None,
    similarity: Similarity | None = None,
) -> FactDecision:
    """Gate one candidate against the store and write (or plan) what follows.

    ``choice`` is the LLM's update decision, made before the transaction opened;
    without one (or when it is unusable) the offline update check decides, with the
    embedding evidence ``similarity`` embedded before the transaction.
    """
    config, scope = session.config, session.scope
    neighbours = [
        (m, c)
        for m, c in session.nearest(vector, k=config.update_neighbours)
        if m.status.value in UPDATABLE and may_meet(m, fact)
    ]
    resource_id = resource.id if resource else None
    plan = plan_update(
        fact,
        neighbours,
        config=config,
        resource_id=resource_id,
        when=when,
        similarity=similarity,
    )
    llm = _llm_verdict(session, choice, neighbours)
    # Only a neighbour whose values do not differ can be a duplicate of this fact.
    top, top_cos = plan.dedup[0] if plan.dedup else (None, None)
    if llm.action == "add":
        top, top_cos = None, None  # the LLM says it is new: no dedup, no novelty rejection
    if secret_is_point(fact.content, min_words=config.secret_context_min_words):
        # The fact existed to state a secret (redacted before anything was written):
        # never stored, whatever ``force`` says. One that merely mentions one is
        # stored with the [REDACTED:kind] marker in its place.
        kinds = ", ".join(secret_kinds(fact.content))
        decision = GateDecision(False, "secret", f"the fact stated a credential ({kinds})")
    elif session_count >= config.max_writes_per_session and not force:
        decision = GateDecision(False, "session_cap", f"{session_count} writes in this session")
    else:
        decision = gate(fact, config=config, force=force, nearest_cosine=top_cos)
    if decision.accepted and llm.action == "none":
        decision = GateDecision(False, "duplicate" if llm.target else "not_novel", llm.detail)
        top = llm.target
    if not decision.accepted:
        if decision.reason == "duplicate" and top is not None:
            # Said again in another session, or by someone else: a confirmation.
            confirmed = (
                top.session_id != (session_id or fact.session)
                or top.data.get("speaker") != fact.speaker
            )
            session.touch(
                top,
                boost=config.confirmation_boost if confirmed else config.merge_confidence_boost,
                event="confirmed" if confirmed else "reinforced",
                resource=resource_id,
            )
            reason = "confirmed" if confirmed else "duplicate"
            return FactDecision(fact, "reinforced", reason, decision.detail, None, top.id)
        session.audit(
            "rejected",
            None,
            reason=decision.reason,
            detail=decision.detail,
            resource=resource_id,
            extractor=fact.extractor_version,
        )
        return FactDecision(fact, "rejected", decision.reason, decision.detail)

    record = _record(
        fact, scope, session_id=session_id, resource=resource, when=when, now=session.now
    )
    replaced, flagged = None, None
    action, reason, detail = "stored", decision.reason, decision.detail
    if llm.action == "update" and llm.target is not None:
        replaced, reason, detail = llm.target, "update", llm.detail
    elif llm.action is None and plan.repeats is not None:
        # said again after it left the active set: the new version takes its place
        replaced, action = plan.repeats, "merged"
        reason, detail = "repeat", f"says again a memory that was {plan.repeats.status}"
    elif llm.action is None and plan.target is not None and plan.verdict is not None:
        replaced, reason = plan.target, _why(plan.verdict)
        detail = plan.verdict.explain()
    elif llm.action is None and plan.flag is not None and plan.verdict is not None:
        flagged, detail = plan.flag, plan.verdict.explain()
    elif top is not None and top_cos is not None and config.dedup_merge_cosine < top_cos:
        replaced, action, reason = top, "merged", f"cosine {top_cos:.3f}"
        record.confidence = min(
            1.0, max(top.confidence, record.confidence) + config.merge_confidence_boost
        )
    if (
        replaced is None
        and flagged is None
        and config.novelty_enabled
        and top_cos is not None
        and top_cos >= config.novelty_threshold
        and not force
    ):
        session.audit(
            "rejected",
            None,
            reason="not_novel",
            detail=f"cosine {top_cos:.3f}",
            resource=resource_id,
        )
        return FactDecision(
            fact, "rejected", "not_novel", f"cosine {top_cos:.3f}", None, top.id if top else None
        )

    if replaced is not None:
        record.supersedes = replaced.id
    if flagged is not None:
        # Untrusted content never replaces a trusted memory: stored beside it, both
        # flagged, and only the newcomer loses confidence.
        record.data["conflicts_with"] = [flagged.id]
        record.confidence = max(0.0, record.confidence - config.contradiction_penalty)
    session.audit(
        "created",
        record.id,
        resource=resource_id,
        extractor=fact.extractor_version,
        gate=decision.reason,
        **({"supersedes": replaced.id, "why": reason, "detail": detail} if replaced else {}),
        **({"conflicts_with": flagged.id, "detail": detail} if flagged else {}),
        **({"llm": llm.audit} if llm.audit else {}),
    )
    _write(session, record, vector, tokens, fact)
    if flagged is not None:
        flagged.data = {
            **flagged.data,
            "conflicts_with": [*flagged.data.get("conflicts_with", []), record.id],
        }
        flagged.updated_at = session.now
        if not session.dry_run:
            session.store.update_memory(flagged)
        session.audit("flagged", flagged.id, conflict=record.id, detail=detail)
        reason = "conflict"
    if replaced is not None:
        now = session.now
        replaced.status, replaced.superseded_by = Status.SUPERSEDED, record.id
        replaced.valid_to, replaced.updated_at = record.valid_from or now, now
        if not session.dry_run:
            session.store.update_memory(replaced)
        session.audit(
            "merged" if action == "merged" else "superseded",
            replaced.id,
            superseded_by=record.id,
            why=reason,
            detail=detail,
        )
    related = replaced or flagged
    return FactDecision(fact, action, reason, detail, record.id, related.id if related else None)


def _why(verdict: Verdict) -> str:
    return "contradiction" if verdict.relation == "contradiction" else "update"


def _write(
    session: IngestSession,
    record: MemoryRecord,
    vector: np.ndarray,
    tokens: PackedTokens | None,
    fact: CandidateFact,
) -> None:
    if session.dry_run:
        session.pending.append((vector, record))
        return
    store, model_id = session.store, session.embedder.model_id
    store.insert_memories([record], vectors=vector[None, :], model_id=model_id)
    if tokens is not None:
        store.put_token_vectors([record.id], [tokens], model_id=model_id)
    store.link_entities(
        record.id,
        session.scope,
        entities=record.entities,
        relations=[(r.subject, r.predicate, r.object) for r in fact.relations],
    )


@dataclass(slots=True)
class _LLMVerdict:
    """The LLM's usable decision inside the transaction (``action`` None: decide offline)."""

    action: str | None = None
    target: MemoryRecord | None = None
    detail: str = ""
    audit: str = ""


def _llm_verdict(
    session: IngestSession,
    choice: UpdateChoice | None,
    neighbours: Sequence[tuple[MemoryRecord, float]],
) -> _LLMVerdict:
    """``choice`` re-checked inside the transaction: the memory it names must still
    be active in scope, and untrusted content never replaces a trusted memory."""
    if choice is None:
        return _LLMVerdict()
    if choice.action is None:
        return _LLMVerdict(audit=describe(choice))
    detail = f"llm: {choice.reason}".strip()
    if choice.target_id is None:
        return _LLMVerdict(choice.action, None, detail, describe(choice))
    target = next((m for m, _ in neighbours if m.id == choice.target_id), None)
    if target is None:
        found = session.store.get_memories([choice.target_id], session.scope)
        target = found[0] if found and found[0].status.value in UPDATABLE else None
    if target is None:
        return _LLMVerdict(audit=describe(replace(choice, error="chosen memory no longer active")))
    return _LLMVerdict(choice.action, target, detail, describe(choice))
