"""Feedback loops: echo/fizzle (was an injected memory used?) and outcomes (trust).

**Echo/fizzle.** After the agent answers, each memory injected since the last
feedback is checked against the response: the share of its keywords the response
covers (stem-tolerant, as tiered recall matches summaries) — counting only the
words the query it was injected for did not already say, so a response that
restates the task does not "use" every memory that matched the task's words —
and, when the embedder makes token vectors, its MaxSim — the mean over the
memory's stored token vectors of the best cosine with a response token. Both
weigh each word (token) by its idf among the memories judged together: a
template or domain word they all share does not tell which one was used. Used
(coverage at least ``echo_overlap_min`` or MaxSim at least ``echo_maxsim_min``):
``retrieval_priority + echo_boost`` — retrieval priority only: the agent's own use
is no confirmation. A reference (which drives reinforcement and promotion) comes
from the user: explicitly (``Memory.reference``), or by accepting the answer that
used the memory (thanks, "yes, exactly" as the next prompt: :meth:`MemoryAgent.observe`
references what the last judged answer used). Ignored:
``- fizzle_penalty``, and an expensive memory (more than
``fizzle_expensive_tokens`` tokens injected) up to ``fizzle_expensive_penalty``
more — a long memory that goes unused costs more than a short one. Priority
stays in [-1, 1]; each change is audited (``echo`` / ``fizzle``). Lessons, rules
and due reminders are instructions, not facts to echo: they are not judged.
Among used memories that quote each other, the credit goes to the one with
evidence of its own (:func:`explained_away`): a memory whose echo another
explains is *redundant* (no change, audited ``explained``).

**In context.** A memory injected for a query also keeps the judgement with that
query's (hashed) terms, its last ``feedback_context_keep`` in ``data["feedback"]``,
so ranking and injection can tell "ignored for queries like this one" from
"ignored elsewhere" (:mod:`remem.read.feedback_context`).

**Outcomes.** ``outcome(ids, success=...)``: ``trust_score + outcome_success_trust``
and ``success_count + 1``, or ``- outcome_failure_trust`` and ``failure_count + 1``,
clipped to [0, 1], audited (``outcome``). Ranking drops memories whose trust score
is under ``min_trust``.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from remem.config import Config
from remem.memory import Memory
from remem.model import AuditEvent, Injected, MemoryRecord, Scope
from remem.providers.base import token_embedder
from remem.read.feedback_context import (
    inside,
    judgement,
    keyword_stems,
    novel_keywords,
    response_key,
    stems,
)
from remem.read.late import idf_weights, maxsim
from remem.read.query import keyword_terms
from remem.read.tiered import score_summary
from remem.store.base import ScoreChange
from remem.write.embed import embed_for_store

JUDGED_PARTS = ("relevant", "promoted", "fact", "carried", "working")


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
    context: tuple[str, ...] = ()
    match: float | None = None  # its match score for the query it was injected for
    explained_by: str | None = None  # the used memory that quotes it (redundant)
    echoed_through: str | None = None  # the memory it quotes, its only echo (hollow)


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
    idf = batch_idf([record.content for record in records])
    novel = {r.id: novel_keywords(r.content, entries[r.id].context) for r in records}
    overlaps, used = {}, set()
    for record in records:
        overlaps[record.id] = coverage(novel[record.id], response, idf)
        sim = sims.get(record.id)
        if overlaps[record.id] >= config.echo_overlap_min or (
            sim is not None and sim >= config.echo_maxsim_min
        ):
            used.add(record.id)
    redundant, hollow = explained_away(config, records, used, novel, response, idf)
    out = []
    for record in records:
        entry = entries[record.id]
        was_used = record.id in used and record.id not in redundant and record.id not in hollow
        if record.id in redundant:
            delta = 0.0  # what it says was delivered by the memory that quotes it
        else:
            delta = config.echo_boost if was_used else -fizzle(config, entry.tokens)
        out.append(
            Echo(
                record.id,
                was_used,
                round(overlaps[record.id], 4),
                sims.get(record.id),
                entry.tokens,
                round(delta, 4),
                entry.context,
                entry.match,
                redundant.get(record.id),
                hollow.get(record.id),
            )
        )
    return out, records


def explained_away(
    config: Config,
    records: Sequence[MemoryRecord],
    used: set[str],
    novel: dict[str, list[str]],
    response: str,
    idf: dict[str, float],
) -> tuple[dict[str, str], dict[str, str]]:
    """Credit among used memories that quote each other: the *redundant* ones (id ->
    the memory that explains their echo) and the *hollow* ones (id -> a memory they
    quote: echoed only through it).

    A memory whose words (``echo_subsumed_min`` of its keyword stems) are all inside
    another memory judged with it — a past request quoted in the episode of that
    task, a fact quoted in a digest — echoes whenever the other is quoted. The
    containing memory *stands* when the response covers (``echo_overlap_min``,
    idf-weighted) the words only it holds among the used memories, or, when it
    holds none, its words beyond the used memories inside it. Then each of those is
    redundant: the response shows nothing of it the other does not explain, so it
    is neither used nor ignored (no priority change; its judgement names the other,
    and the agent leaves it out of a block the other is ranked above it in). When
    the containing memory does not stand it was echoed only through what it quotes:
    it is hollow, judged ignored, and they keep their echo. Memories inside each
    other cannot be told apart and keep their echo. ``echo_subsumed_min`` 0 turns
    this off."""
    redundant: dict[str, str] = {}
    hollow: dict[str, str] = {}
    if config.echo_subsumed_min <= 0 or len(used) < 2:
        return redundant, hollow
    keys = {r.id: keyword_stems(r.content) for r in records}
    share = config.echo_subsumed_min
    order = [r.id for r in records if r.id in used]
    for whole in order:
        inner = [
            a
            for a in order
            if a != whole
            and inside(keys[a], keys[whole], share)
            and not inside(keys[whole], keys[a], share)
        ]
        if not inner:
            continue
        others = set().union(*(keys[a] for a in order if a != whole))
        own = [w for w in novel[whole] if not others.intersection(stems(w))]
        if not own:  # nothing only it says: its words beyond what it quotes
            theirs = set().union(*(keys[a] for a in inner))
            own = [w for w in novel[whole] if not theirs.intersection(stems(w))]
        if own and coverage(own, response, idf) >= config.echo_overlap_min:
            for part in inner:
                redundant.setdefault(part, whole)
        else:
            hollow.setdefault(whole, inner[0])
    return redundant, {w: p for w, p in hollow.items() if w not in redundant}


def batch_idf(texts: Sequence[str]) -> dict[str, float]:
    """BM25 idf of each keyword stem over ``texts`` (the memories judged together):
    a word most of them share — their template, the task's own words that made them
    match — says little about which one a response used."""
    df: dict[str, int] = {}
    for text in texts:
        for stem in {s for w in keyword_terms(text) for s in stems(w)}:
            df[stem] = df.get(stem, 0) + 1
    n = len(texts)
    return {s: math.log1p((n - d + 0.5) / (d + 0.5)) for s, d in df.items()}


def coverage(words: Sequence[str], response: str, idf: dict[str, float]) -> float:
    """The idf-weighted share of ``words`` the response covers (stem-tolerant)."""
    _, matched = score_summary(words, response)
    weight = {w: max((idf.get(s, 0.0) for s in stems(w)), default=0.0) for w in words}
    total = sum(weight.values())
    if total <= 0:
        return len(matched) / len(words) if words else 0.0
    return sum(weight[w] for w in set(matched)) / total


def fizzle(config: Config, tokens: int) -> float:
    """The penalty of an unused memory that cost ``tokens``: ``fizzle_penalty``, plus
    up to ``fizzle_expensive_penalty`` past ``fizzle_expensive_tokens`` (all of it
    at twice that)."""
    over = max(0, tokens - config.fizzle_expensive_tokens) / config.fizzle_expensive_tokens
    return config.fizzle_penalty + config.fizzle_expensive_penalty * min(1.0, over)


def apply_echoes(
    mem: Memory, scope: Scope, echoes: Sequence[Echo], *, session_id: str, now: datetime
) -> list[str]:
    """Write the priority changes (one atomic update, audited); the ids changed. The
    used memories are not referenced here: the agent using a memory is no user's
    confirmation. Each judgement kept names the response (one key per
    call: the memories judged here were judged against one response)."""
    response = response_key(session_id, now.isoformat())
    changes = [
        ScoreChange(
            memory_id=e.memory_id,
            retrieval_priority=e.delta,
            event=AuditEvent(
                event="echo" if e.used else "explained" if e.explained_by else "fizzle",
                memory_id=e.memory_id,
                at=now,
                actor="feedback",
                detail={
                    "session_id": session_id,
                    "overlap": e.overlap,
                    **({"maxsim": e.maxsim} if e.maxsim is not None else {}),
                    "tokens": e.tokens,
                    "delta": e.delta,
                    **({"in_context": True} if e.context else {}),
                    **({"match": e.match} if e.match is not None else {}),
                    **({"explained_by": e.explained_by} if e.explained_by else {}),
                    **({"echoed_through": e.echoed_through} if e.echoed_through else {}),
                },
            ),
            judgement=judgement(
                e.used, e.context, e.match, e.explained_by, e.echoed_through, response
            )
            if e.context
            else None,
            keep_judgements=mem.config.feedback_context_keep,
        )
        for e in echoes
    ]
    # The agent's own use tunes retrieval priority only: a reference (what drives
    # reinforcement and promotion) is the user's confirmation (see confirm_used).
    return mem.store.adjust_scores(changes, scope, at=now) if changes else []


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
    embedding call), idf-weighted among ``records``, when the embedder makes token
    vectors; else nothing."""
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
    batch = [block.tokens(i) for i in range(len(block.memory_ids))]
    for i, memory_id in enumerate(block.memory_ids):
        tokens = batch[i]
        if not len(tokens):
            continue
        query = tokens.vectors.astype(np.float32) * tokens.scales[:, None]
        norms = np.linalg.norm(query, axis=1, keepdims=True)
        query = (query / np.where(norms == 0, 1.0, norms)).astype(np.float32)
        # weighted by each token's idf among the memories judged together, as the
        # keyword coverage is: tokens they all share do not tell them apart
        weights = idf_weights(tokens.token_ids.tolist(), batch)
        out[memory_id] = round(float(maxsim(query, packed, weights=weights)[0]), 4)
    return out
