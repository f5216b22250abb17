"""Feedback loops: echo/fizzle (was an injected memory used?) and outcomes (trust).

**Echo/fizzle.** After the agent answers, each memory injected since the last
feedback is checked against the response: the share of its keywords the response
covers (stem-tolerant, as tiered recall matches summaries), and, when the
embedder makes token vectors, its MaxSim — the mean over the memory's stored
token vectors of the best cosine with a response token. Used (coverage at least
``echo_overlap_min`` or MaxSim at least ``echo_maxsim_min``): ``retrieval_priority
+ echo_boost`` and a reference (confirmed use). Ignored: ``- fizzle_penalty``, and
an expensive memory (more than ``fizzle_expensive_tokens`` tokens injected) up to
``fizzle_expensive_penalty`` more — a long memory that goes unused costs more than
a short one. Priority stays in [-1, 1]; each change is audited (``echo`` /
``fizzle``). Lessons, rules and due reminders are instructions, not facts to
echo: they are not judged.

**Outcomes.** ``outcome(ids, success=...)``: ``trust_score + outcome_success_trust``
and ``success_count + 1``, or ``- outcome_failure_trust`` and ``failure_count + 1``,
clipped to [0, 1], audited (``outcome``). Ranking drops memories whose trust score
is under ``min_trust``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from remem.config import Config
from remem.memory import Memory
from remem.model import AuditEvent, Injected, MemoryRecord, Scope
from remem.providers.base import token_embedder
from remem.read.late import maxsim
from remem.read.query import keyword_terms
from remem.read.tiered import score_summary
from remem.store.base import ScoreChange
from remem.write.embed import embed_for_store

JUDGED_PARTS = ("relevant", "promoted", "carried", "working")


def content_hash(text: str) -> str:
    """The hash an injection records of a memory's content (feedback skips a memory
    whose content changed since)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Echo:
    """How one injected memory fared in a response."""

    memory_id: str
    used: bool
    overlap: float
    maxsim: float | None
    tokens: int
    delta: float


def judge(
    mem: Memory,
    scope: Scope,
    injected: Sequence[Injected],
    response: str,
) -> tuple[list[Echo], list[MemoryRecord]]:
    """The echo of each judged, still-unchanged injected memory in ``response``, and
    the memories judged. Entries of other parts, of memories gone from the scope or
    no longer active, or whose content changed since, are left out."""
    config = mem.config
    entries = {e.memory_id: e for e in injected if e.part in JUDGED_PARTS}
    if not entries:
        return [], []
    records = [
        r
        for r in mem.store.get_memories(list(entries), scope)
        if r.status.value == "active" and content_hash(r.content) == entries[r.id].content_hash
    ]
    if not records:
        return [], []
    sims = _maxsims(mem, scope, records, response)
    out = []
    for record in records:
        entry = entries[record.id]
        overlap, _ = score_summary(keyword_terms(record.content), response)
        sim = sims.get(record.id)
        used = overlap >= config.echo_overlap_min or (
            sim is not None and sim >= config.echo_maxsim_min
        )
        delta = config.echo_boost if used else -fizzle(config, entry.tokens)
        out.append(Echo(record.id, used, round(overlap, 4), sim, entry.tokens, round(delta, 4)))
    return out, records


def fizzle(config: Config, tokens: int) -> float:
    """The penalty of an unused memory that cost ``tokens``: ``fizzle_penalty``, plus
    up to ``fizzle_expensive_penalty`` past ``fizzle_expensive_tokens`` (all of it
    at twice that)."""
    over = max(0, tokens - config.fizzle_expensive_tokens) / config.fizzle_expensive_tokens
    return config.fizzle_penalty + config.fizzle_expensive_penalty * min(1.0, over)


def apply_echoes(
    mem: Memory, scope: Scope, echoes: Sequence[Echo], *, session_id: str, now: datetime
) -> list[str]:
    """Write the priority changes (one atomic update, audited) and reference the used
    memories; the ids changed."""
    changes = [
        ScoreChange(
            memory_id=e.memory_id,
            retrieval_priority=e.delta,
            event=AuditEvent(
                event="echo" if e.used else "fizzle",
                memory_id=e.memory_id,
                at=now,
                actor="feedback",
                detail={
                    "session_id": session_id,
                    "overlap": e.overlap,
                    **({"maxsim": e.maxsim} if e.maxsim is not None else {}),
                    "tokens": e.tokens,
                    "delta": e.delta,
                },
            ),
        )
        for e in echoes
    ]
    changed = mem.store.adjust_scores(changes, scope, at=now) if changes else []
    used = [e.memory_id for e in echoes if e.used and e.memory_id in changed]
    if used:
        mem.reference(
            used,
            user_id=scope.user_id,
            agent_id=scope.agent_id,
            namespace=scope.namespace,
            now=now,
        )
    return changed


def outcome_changes(
    config: Config,
    memory_ids: Sequence[str],
    *,
    success: bool,
    task: str | None,
    now: datetime,
) -> list[ScoreChange]:
    """The trust changes of one outcome, each with its ``outcome`` audit event."""
    delta = config.outcome_success_trust if success else -config.outcome_failure_trust
    return [
        ScoreChange(
            memory_id=mid,
            trust_score=delta,
            successes=1 if success else 0,
            failures=0 if success else 1,
            event=AuditEvent(
                event="outcome",
                memory_id=mid,
                at=now,
                actor="outcome",
                detail={"success": success, "delta": delta, **({"task": task} if task else {})},
            ),
        )
        for mid in memory_ids
    ]


def _maxsims(
    mem: Memory, scope: Scope, records: Sequence[MemoryRecord], response: str
) -> dict[str, float]:
    """MaxSim of each memory's stored token vectors against the response's (one
    embedding call), when the embedder makes token vectors; else nothing."""
    if token_embedder(mem.embedder) is None:
        return {}
    block = mem.store.token_vectors(
        scope, model_id=mem.embedder.model_id, memory_ids=[r.id for r in records]
    )
    if not len(block):
        return {}
    _, packed = embed_for_store(
        mem.embedder, [response], drop_low_information=mem.config.late_drop_stopwords
    )
    if not packed or not len(packed[0]):
        return {}
    out = {}
    for i, memory_id in enumerate(block.memory_ids):
        tokens = block.tokens(i)
        if not len(tokens):
            continue
        query = tokens.vectors.astype(np.float32) * tokens.scales[:, None]
        norms = np.linalg.norm(query, axis=1, keepdims=True)
        query = (query / np.where(norms == 0, 1.0, norms)).astype(np.float32)
        out[memory_id] = round(float(maxsim(query, packed)[0]), 4)
    return out
