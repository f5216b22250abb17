"""The write path end to end: resources ─► extract ─► gate ─► dedup / supersede ─► store.

Every input is appended to resources first (secrets redacted before the write),
every decision is audited with its reason, and nothing is overwritten: a
duplicate reinforces the memory it repeats, a near-duplicate supersedes it with
the fresher wording (``merged``), an update supersedes the fact it replaces.
All writes of one call happen in one transaction; ``dry_run`` writes nothing. The
per-fact decision is :func:`remem.write.decide.decide`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

import numpy as np

from remem.config import Config
from remem.model import MemoryRecord, Resource, Scope, Trust, utcnow
from remem.providers.base import LLM, Embedder
from remem.secrets import redact, secret_is_point
from remem.slots.semantic import Similarity
from remem.store.base import ListFilter, Store
from remem.write.act_meaning import reader
from remem.write.acts import statements_only
from remem.write.candidate import CandidateFact
from remem.write.decide import FactDecision, IngestSession, decide
from remem.write.embed import embed_for_store
from remem.write.extract.base import ExtractContext, Extractor
from remem.write.gate import gate
from remem.write.importance import (
    apply_domain_floors,
    apply_keep_requests,
    keep_earlier,
    kept_event,
)
from remem.write.injection import MAX_PHRASE, flag_messages, injection_of, seen_only
from remem.write.llm_update import UpdateChoice, ask
from remem.write.summaries import refresh_citing, refresh_summaries
from remem.write.supersede import UPDATABLE, slot_similarity
from remem.write.transcript import Message


@dataclass(slots=True)
class IngestReport:
    """The outcome of one ingest: resources written and a decision per candidate."""

    extractor_version: str
    resource_ids: list[str] = field(default_factory=list)
    decisions: list[FactDecision] = field(default_factory=list)
    fallback_reason: str | None = None
    dry_run: bool = False
    skipped: int = 0  # messages an earlier run already stored (extract re-runs)
    kept_earlier: list[str] = field(default_factory=list)  # marked by a follow-up request

    def count(self, action: str) -> int:
        return sum(1 for d in self.decisions if d.action == action)

    @property
    def stored(self) -> list[str]:
        """Ids of the memories this ingest created (new facts and merged rewordings)."""
        return [
            d.memory_id for d in self.decisions if d.action in ("stored", "merged") and d.memory_id
        ]


def _resources(
    messages: Sequence[Message], scope: Scope, *, session_id: str | None, now: datetime
) -> list[Resource]:
    """One append-only resource per (already redacted) message."""
    return [
        Resource(
            content=m.text,
            kind="tool_output" if m.role == "tool" else "message",
            user_id=scope.user_id,
            agent_id=scope.agent_id,
            namespace=scope.namespace,
            session_id=session_id or m.session,
            role=m.role,
            occurred_at=m.timestamp,
            created_at=now,
            metadata={
                "speaker": m.speaker,
                **({"ref": m.ref} if m.ref else {}),
                **({"untrusted": True} if m.untrusted else {}),
                **({"injection": m.injection} if m.injection else {}),
                **({"prompt": True} if m.prompt else {}),
            },
            content_hash=m.key,
        )
        for m in messages
    ]


def redacted(messages: Sequence[Message]) -> list[Message]:
    """``messages`` with every credential replaced by ``[REDACTED:<kind>]``: what the
    resources store and what the extractor reads, so no secret reaches a write."""
    return [
        replace(
            m,
            text=redact(m.text),
            speaker=redact(m.speaker),  # a name becomes "I" in facts: it must be clean too
            ref=redact(m.ref) if m.ref else m.ref,
            session=redact(m.session) if m.session else m.session,
            caption=redact(m.caption) if m.caption else m.caption,
        )
        for m in messages
    ]


def _reject_injections(
    session: IngestSession,
    messages: Sequence[Message],
    resources: Sequence[Resource],
    decided: Sequence[FactDecision],
) -> list[FactDecision]:
    """A rejection for each flagged message that no fact came from, so every flagged
    message is audited (``rejected``, reason ``injection``) and shows in the report."""
    covered = {min(max(d.fact.message_index, 0), len(messages) - 1) for d in decided}
    out = []
    for index, message in enumerate(messages):
        if not message.injection or index in covered:
            continue
        detail = f"message flagged: {message.injection!r}"
        stand_in = CandidateFact(
            content=" ".join(message.text.split())[: MAX_PHRASE * 2],
            source_trust=Trust.UNTRUSTED if message.untrusted else Trust.TRUSTED,
            message_index=index,
            ref=message.ref,
            session=message.session,
        )
        session.audit(
            "rejected",
            None,
            reason="injection",
            detail=detail,
            resource=resources[index].id if index < len(resources) else None,
        )
        out.append(FactDecision(stand_in, "rejected", "injection", detail))
    return out


def _ask_llm(
    session: IngestSession,
    llm: LLM,
    facts: Sequence[CandidateFact],
    vectors: np.ndarray,
    messages: Sequence[Message],
    *,
    force: bool,
) -> list[UpdateChoice | None]:
    """The LLM's update decision for each fact that has close neighbours it may update
    (active, archived or cold: :data:`remem.write.supersede.UPDATABLE`). Runs
    before the write transaction opens, so a slow model never holds the write lock."""
    config = session.config
    choices: list[UpdateChoice | None] = []
    for fact, vector in zip(facts, vectors, strict=True):
        shown = [
            m
            for m, cos in session.nearest(vector, k=config.update_llm_candidates)
            if m.status.value in UPDATABLE and cos >= config.update_llm_min_cosine
        ]
        worth_asking = (
            not secret_is_point(fact.content, min_words=config.secret_context_min_words)
            and not injection_of(fact.content, fact.message_index, messages)
            and (force or gate(fact, config=config).accepted)
        )
        choices.append(ask(llm, fact, shown) if shown and worth_asking else None)
    return choices


def _slot_similarity(
    session: IngestSession,
    embedder: Embedder,
    facts: Sequence[CandidateFact],
    vectors: np.ndarray,
) -> Similarity:
    """The embedding evidence of every pair the update check may meet in this ingest:
    each fact with its nearest memories it may update and with the facts of earlier messages
    of the same call. Embedded before the transaction opens (a remote embedder never
    holds the write lock)."""
    config = session.config
    pairs: list[tuple[MemoryRecord | CandidateFact, CandidateFact]] = []
    for i, (fact, vector) in enumerate(zip(facts, vectors, strict=True)):
        nearest = session.nearest(vector, k=config.update_neighbours)
        pairs += [(old, fact) for old, _ in nearest if old.status.value in UPDATABLE]
        pairs += [(prior, fact) for prior in facts[:i] if prior.message_index != fact.message_index]
    return slot_similarity(embedder, pairs, config=config)


def ingest(
    store: Store,
    embedder: Embedder,
    config: Config,
    messages: Sequence[Message],
    *,
    scope: Scope,
    extractor: Extractor,
    session_id: str | None = None,
    force: bool = False,
    dry_run: bool = False,
    user_name: str | None = None,
    llm: object | None = None,
    now: datetime | None = None,
    stored: Sequence[Resource] | None = None,
) -> IngestReport:
    """Extract facts from ``messages`` and store what passes the gate (see module doc).
    ``now`` (default: the clock) dates the resources, memories and audit events.
    ``stored``: the resources these messages already are (one per message, e.g. the
    nightly re-extraction of resources no extractor processed): facts link to them
    and they are marked extracted, but not appended again."""
    now = now or utcnow()
    if stored is not None and len(stored) != len(messages):
        raise ValueError("ingest: one stored resource per message")
    # A message holding an instruction aimed at the agent is flagged whole: the
    # extractor does not follow it and every fact from it is rejected below.
    # Hidden markup (comments, hidden elements, attributes, link titles, encoded runs)
    # was inspected by the flag above; facts come from what a reader sees only.
    clean = flag_messages(redacted(messages))
    resources = (
        list(stored)
        if stored is not None
        else _resources(clean, scope, session_id=session_id, now=now)
    )
    context = ExtractContext(config=config, user_name=user_name)
    prompts_read = reader(embedder, config)  # as the hooks read a prompt
    extraction = extractor.extract(
        statements_only(seen_only(clean), read=prompts_read), context=context
    )
    version = getattr(extraction, "extractor_version", extractor.version)
    report = IngestReport(
        extractor_version=version,
        resource_ids=[r.id for r in resources],
        fallback_reason=getattr(extraction, "fallback_reason", None),
        dry_run=dry_run,
    )
    # Importance from meaning: keep requests (the request clause is not a fact),
    # then, once the facts have vectors, the health/identity/legal/financial floors.
    facts, pending = apply_keep_requests(clean, list(extraction), embedder=embedder, config=config)
    vectors, tokens = (
        embed_for_store(
            embedder, [f.content for f in facts], drop_low_information=config.late_drop_stopwords
        )
        if facts
        else (None, None)
    )
    if vectors is not None:
        apply_domain_floors(facts, vectors, embedder=embedder, config=config)
    session = IngestSession(store, embedder, config, scope, dry_run=dry_run, now=now)
    choices: list[UpdateChoice | None] = [None] * len(facts)
    if facts and config.update_llm and isinstance(llm, LLM):
        assert vectors is not None
        choices = _ask_llm(session, llm, facts, vectors, clean, force=force)
    similarity = (
        _slot_similarity(session, embedder, facts, vectors)
        if facts and vectors is not None and config.update_semantic
        else None
    )
    if report.fallback_reason:
        session.audit("extractor_fallback", None, reason=report.fallback_reason, extractor=version)
    written = 0
    if session_id is not None:
        written = store.list_memories(
            scope, filters=ListFilter(session_id=session_id), limit=1
        ).total
    with store.transaction():
        if not dry_run and stored is None:
            for res in resources:
                store.append_resource(res)
        for i, fact in enumerate(facts):
            assert vectors is not None
            index = min(max(fact.message_index, 0), len(resources) - 1) if resources else 0
            resource = resources[index] if resources else None
            when = clean[index].timestamp if clean else None
            flagged = injection_of(fact.content, fact.message_index, clean)
            if flagged:
                detail = f"message flagged: {flagged!r}"
                session.audit(
                    "rejected",
                    None,
                    reason="injection",
                    detail=detail,
                    resource=resource.id if resource else None,
                    extractor=fact.extractor_version,
                )
                report.decisions.append(FactDecision(fact, "rejected", "injection", detail))
                continue
            decision = decide(
                session,
                fact,
                vectors[i],
                tokens[i] if tokens is not None else None,
                force=force,
                session_id=session_id,
                resource=resource,
                when=when,
                session_count=written,
                choice=choices[i],
                similarity=similarity,
            )
            written += decision.action == "stored"
            report.decisions.append(decision)
        report.decisions.extend(_reject_injections(session, clean, resources, report.decisions))
        for at, request in pending.items():  # "That's one I can't afford to lose." alone
            own = resources[min(at, len(resources) - 1)].id if resources else None
            marked = keep_earlier(
                store, scope, request, session_id=session_id, now=now, config=config,
                own_resource=own,
            )  # fmt: skip
            report.kept_earlier.extend(r.id for r in marked)
            if not dry_run:
                for record in marked:
                    store.update_memory(record, event=kept_event(record, request, now=now))
        if not dry_run:
            store.add_events(session.events)
            per_resource: dict[str, int] = {}
            for d in report.decisions:
                if d.memory_id and d.action in ("stored", "merged"):
                    rid = resources[min(d.fact.message_index, len(resources) - 1)].id
                    per_resource[rid] = per_resource.get(rid, 0) + 1
            for resource in resources:
                store.mark_extracted(resource.id, version, per_resource.get(resource.id, 0))
    if not dry_run:
        # After the commit (the LLM may rewrite them): the touched categories, and
        # every summary that listed a fact this ingest superseded.
        kept = [d for d in report.decisions if d.action in ("stored", "merged")]
        touched = sorted({d.fact.category for d in kept})
        refresh_summaries(store, scope, touched, config=config, llm=llm)
        refresh_citing(store, [d.related_id for d in kept if d.related_id], config=config, llm=llm)
    return report
