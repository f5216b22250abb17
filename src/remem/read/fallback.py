"""The archive tier: when the active set answers a question weakly, recall looks in the
archived and cold memories too.

Leaving the active set is not leaving memory (docs/concepts.md, "What can and
cannot be lost"). A search of the active set — the default; a caller that names
statuses (``include_history``, a filter) gets exactly those — is the first tier.
Its answer is **insufficient** when no hit matches the question well: the best
*tier match* among its hits is below ``config.fallback_below`` (no hit at all is
0). Only then is the second tier searched: the same query over the archived and
cold memories of the scope, with the same filters, floor and ranking (archived
and cold memories keep no token vectors, so the late-interaction source is left
out there).

The tier match is measured the same way in both tiers, so they can be compared:
the mean of the pooled cosine (``explain["match"]["cosine"]``) and a token-level
match, the better of the share of the query's keywords found in the memory
(:func:`remem.read.floor.term_match`) and the plain MaxSim of the query's tokens
against the memory's (``explain["match"]["maxsim"]``). An active memory has its
MaxSim from the late stage; the second tier's first ``fallback_reembed`` candidates,
and its first so many by the pooled vector's rank (:func:`to_reembed`), get theirs
from token vectors made for the search (:func:`late_match`, one model
pass, never stored): a fact that answers a question in other words ("What's our
wedding date?" — "Ingrid got married on 3 August 2013.") shares no keyword with it,
and its pooled cosine alone left it under the floor once it went cold. A
second-tier hit is returned when it scores better than anything the active set
returned (before the active hits, best first); one under it goes **among** the
active hits, right after the last of them that matches at least as well, when that
place is within the first ``fallback_within`` (or it is within ``fallback_margin`` of
the best, a near tie). A hit past its validity scores ``fallback_past_penalty`` less;
neither it nor a prompt is admitted under the best (:func:`merge`). This is the
comparison the arm without jobs makes: there a cold fact is an active one, and it
comes third behind an unrelated fact that matches better, not never ("What was the
first tourer we had?" — "First caravan a Lunar Clubman.", 0.45 under an active line
about the tourer's awning, 0.56). A digest or an insight is judged by the fact it would bring
(:func:`remem.read.digests.best_sources`), not by its own many-word match. Otherwise
an archived memory stays out of the way. The second tier is ordered by that match, not by the
ranking's recency and usage factors: every memory there has gone unused for a
while, and an old note used last month must not hide the fact the question asks
for. Its search looks at ``rank_candidates`` hits for that reason.

Every hit's ``explain["tier"]`` is the status it answered from (``active``,
``archived``, ``cold``); a second-tier hit also has ``explain["fallback"]``: its
tier match, the first tier's best and the threshold. A second-tier memory comes
back to the active set when it is referenced (:func:`remem.lifecycle.usage.reference`),
not by being returned.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

import numpy as np

from remem.config import Config
from remem.lifecycle.prompts import session_only
from remem.lifecycle.scoring import derived, one_off_state, ttl_state
from remem.model import MemoryRecord, SearchHit, Tier
from remem.providers.base import informative_tokens, token_embedder
from remem.read.floor import term_match
from remem.read.late import maxsim, pack_tokens
from remem.store.base import ListFilter, PackedTokens

ACTIVE_ONLY = ("active",)
SECOND_TIER = ("archived", "cold")


def applies(config: Config, filters: ListFilter | None) -> bool:
    """Whether a search with ``filters`` may fall back: the fallback is on and the
    search is of the active set only."""
    statuses = ACTIVE_ONLY if filters is None else tuple(filters.statuses)
    return config.fallback_below > 0 and statuses == ACTIVE_ONLY


def widened(filters: ListFilter | None) -> ListFilter:
    """The same narrowing over the second tier's statuses."""
    return replace(filters or ListFilter(), statuses=SECOND_TIER)


def sources(wanted: Sequence[str]) -> tuple[str, ...]:
    """The candidate sources of the second tier: archived and cold memories hold no
    token vectors, so the late-interaction source has nothing to score there (a
    search of that source alone has no second tier). With ``config.archive_tokens``
    the facts among them keep theirs (:func:`keeps_tokens`) and the late source is
    searched over the tier on its own (:func:`late_only`)."""
    return tuple(s for s in wanted if s != "late")


def late_only(wanted: Sequence[str], config: Config) -> tuple[str, ...]:
    """The second tier's own late-interaction search, added to the cheap sources'
    candidates (never fused with them: at weight 6 it pushed the cold fact BM25 put
    first out of the fused cut) — with ``config.archive_tokens`` only."""
    return ("late",) if config.archive_tokens and "late" in wanted else ()


def keeps_tokens(record: MemoryRecord, now: datetime, config: Config) -> bool:
    """Whether ``record``, archived or cold, keeps its token vectors: only with
    ``config.archive_tokens``, and only a fact — not a digest or insight (most of the
    tier's bytes; they bring their facts), a transient memory, a one-off note or a
    prompt (transient by kind)."""
    return (
        config.archive_tokens
        and not derived(record)
        and record.tier is not Tier.TRANSIENT
        and one_off_state(record, now, config) is None
        and not session_only(record)
    )


_CACHE_MAX = 4096  # token vectors made for the second tier, per process (content-keyed)
_cache: OrderedDict[tuple[str, str, str], PackedTokens] = OrderedDict()
_cache_lock = threading.Lock()


def late_match(
    embedder: object,
    query_tokens: np.ndarray,
    records: Sequence[MemoryRecord],
    *,
    drop: bool,
    limit: int,
) -> dict[str, float]:
    """``{memory_id: plain MaxSim}`` of ``query_tokens`` against token vectors made now
    from the content of the first ``limit`` of ``records`` that are not digests or
    insights (they bring their facts instead: :mod:`remem.read.digests`; ``drop``:
    without function-word rows, as the write path stores them). Archived and cold
    memories keep none; these are made for the search and kept only in a small
    per-process cache keyed by the content, never stored. Empty when the embedder
    makes no token vectors."""
    tokens_of = token_embedder(embedder)
    records = [r for r in records if not derived(r)][:limit]
    if not records or query_tokens.size == 0 or tokens_of is None:
        return {}
    model = str(getattr(embedder, "model_id", ""))
    keys = [(model, r.id, r.content) for r in records]
    with _cache_lock:
        packed = {k: _cache[k] for k in keys if k in _cache}
    missing = list(dict.fromkeys(k for k in keys if k not in packed))
    if missing:
        _, vectors, ids = tokens_of.embed_with_tokens([k[2] for k in missing])
        with _cache_lock:
            for key, rows, token_ids in zip(missing, vectors, ids, strict=True):
                if drop:  # as the write path stores them (remem.write.embed)
                    rows, token_ids = informative_tokens(embedder, rows, token_ids)
                packed[key] = _cache[key] = pack_tokens(token_ids, rows)
            while len(_cache) > _CACHE_MAX:
                _cache.popitem(last=False)
    scores = maxsim(query_tokens, [packed[k] for k in keys])
    return {r.id: round(float(s), 4) for r, s in zip(records, scores, strict=True)}


def to_reembed(hits: Sequence[SearchHit], limit: int) -> list[MemoryRecord]:
    """The second-tier candidates that get token vectors made for the search: the first
    ``limit`` facts (not digests or insights) of the fused order, and the first ``limit``
    by the pooled vector's rank. The fused order leans on shared words (BM25), and a cold
    fact that answered a question in other words (a "timer" asked for, a "clock" said)
    came 25th of the second tier, past the first ten, and was never given the token
    match that finds it."""
    facts = [h for h in hits if not derived(h.memory)]
    by_meaning = sorted(
        facts, key=lambda h: int(h.explain.get("vector", {}).get("rank", len(hits) + 1))
    )
    chosen = {h.memory.id: h.memory for h in facts[:limit]}
    for hit in by_meaning[:limit]:
        if "rank" in hit.explain.get("vector", {}):
            chosen.setdefault(hit.memory.id, hit.memory)
    return list(chosen.values())


def tier_match(hit: SearchHit, query: str) -> float:
    """How well ``hit`` matches ``query``, comparably across tiers (see the module doc):
    the mean of the pooled cosine and the better of the keyword share and the plain
    MaxSim; the token match alone when the memory has no vector of the configured model."""
    match = hit.explain.get("match", {})
    cosine = match.get("cosine")
    tokens = max(term_match(query, hit.memory), float(match.get("maxsim", 0.0)))
    return tokens if cosine is None else (float(cosine) + tokens) / 2


def best_match(hits: Sequence[SearchHit], query: str) -> float:
    """The first tier's best tier match (0 without hits)."""
    return max((tier_match(h, query) for h in hits), default=0.0)


def past(record: MemoryRecord, now: datetime, config: Config) -> str | None:
    """Why ``record`` is past its validity at ``now`` by its kind — a one-off note whose
    day has passed, a transient memory past its TTL: the expire policy's tests — or
    None. A category TTL is not one: it is a horizon of truth, not an end ("Kiara's
    first job was at the Kmart on Cicero.", a work fact never referenced, stays true)."""
    note = one_off_state(record, now, config)
    if note is not None and note.state == "passed":
        return f"one-off note, its day {note.day} passed"
    if record.tier is Tier.TRANSIENT:
        ttl = ttl_state(record, now, config)
        if ttl is not None and ttl.state == "expired":
            return f"transient, ttl {ttl.ttl_days} d passed"
    return None


def merge(
    active: list[SearchHit],
    others: list[SearchHit],
    *,
    best: float,
    query: str,
    config: Config,
    now: datetime,
    judged: Mapping[str, SearchHit | None] | None = None,
) -> list[SearchHit]:
    """The second tier's hits admitted against ``best`` (the active set's best tier
    match), then the active hits — all of them: the caller cuts to its limit after the
    digest rules (:func:`remem.read.digests.serve_facts`), which drop the outdated
    digests among the second tier's hits. Cut here, archived digests that matched
    better than the active best filled every place and, dropped as outdated, left one
    active answer of ten ("What time do I need the milk ready for collection?").

    A hit's **score** is its tier match, less ``config.fallback_past_penalty`` when it
    is past its validity (:func:`past`: a one-off note whose day passed answers what
    was to happen that day, not a current need — "Blood drive at work today ..." had
    matched "what did my dad drive?" better than the active fact about the car). A hit
    scoring above ``best`` goes before the active hits, best first. A hit under it is
    placed **among** the active hits (in their rank order), right after the last one
    whose tier match is at least its score, so it never pushes down an active hit that
    matches as well; it is admitted when that place is within the first
    ``config.fallback_within``, or when it is within ``config.fallback_margin`` of the
    best (a **near tie**: the two tiers' matches are not measured that precisely; a cold
    fact 0.004 under an unrelated active one was lost at the gate). Admitted only on
    the best was too narrow: a cold fact 0.02-0.1 under an unrelated active best stayed
    out where the arm without jobs ranked it 2nd to 7th (the fifth and sixth worlds'
    dormant facts). A hit under the best is never past its validity or a prompt (a
    request or a question to the assistant: :func:`remem.lifecycle.prompts.session_only`):
    an admission under the best is kept for what can be a current fact; a note whose
    day passed or an old request ("What time is it in Toronto when it is 4 pm here?"
    beside "Which city is my daughter in?") is let in only when it beats the active
    best outright. Others stay out of the way.

    A derived hit (a digest, an insight) is judged by ``judged[its id]``, the source it
    would bring (:func:`remem.read.digests.best_sources`): that fact's tier match,
    validity and kind decide, the fact is admitted in its place (``explain["via"]``
    names the digest: an outdated digest would be dropped with the fact it stood for,
    a cold plate number lost that way), and a derived hit judged None (no source to
    bring) is left out. Archived day digests matching a question 0.41-0.45 by the many words
    they quote had taken every place while the cold fact that answered it (0.40, above
    the active best) stayed out.

    At most ``config.fallback_max_hits`` of the second tier's hits are admitted, and one
    of each text (a derived hit's text is its fact's; a text the active hits hold is
    not admitted again): the second tier holds every repetition of a note said again
    and again through the year ("The hay lorry is bringing 40 bales today."), and its
    copies had filled the block ahead of the active set's answer."""
    admitted: list[tuple[float, int, SearchHit]] = []
    seen = {" ".join(h.memory.content.casefold().split()) for h in active}
    active_matches = [tier_match(h, query) for h in active]
    judged = judged or {}
    for order, hit in enumerate(others):
        fact = judged.get(hit.memory.id) if hit.memory.id in judged else hit
        if fact is None:
            continue  # a digest none of whose facts matches: nothing to bring
        match = tier_match(fact, query)
        if hit.explain.get("late_only") and match < config.archive_late_min:
            continue  # found by the late scan alone, and weakly: not in the way
        ended = past(fact.memory, now, config)
        score = match - (config.fallback_past_penalty if ended else 0.0)
        text = " ".join(fact.memory.content.casefold().split())
        # after every active hit that matches at least as well: none is pushed down by it
        place = max((i + 1 for i, m in enumerate(active_matches) if m >= score), default=0)
        near = score > best - config.fallback_margin
        if text in seen or not (near or place < config.fallback_within):
            continue
        if score <= best and (ended or session_only(fact.memory)):
            continue  # under the best is for a fact: not a past note, not a prompt
        seen.add(text)
        if fact is not hit:  # the fact is admitted, not the digest that led to it
            fact.score = hit.score
            fact.explain["via"] = {"digest": hit.memory.id}
            hit = fact
        hit.explain["tier"] = str(hit.memory.status)
        hit.explain["fallback"] = {
            "tier_match": round(match, 4),
            "score": round(score, 4),
            "active_best": round(best, 4),
            "below": config.fallback_below,
            "placed": "ahead" if score > best else "near tie" if near else "among",
            "place": place,
            **({"past": ended} if ended else {}),
        }
        admitted.append((score, order, hit))
    admitted.sort(key=lambda a: (-a[0], a[1]))
    chosen = [h for _, _, h in admitted[: config.fallback_max_hits]]
    merged: list[SearchHit] = []
    for index in range(len(active) + 1):  # each admitted hit right before active[place]
        merged.extend(
            h for h in chosen if min(h.explain["fallback"]["place"], len(active)) == index
        )
        merged.extend(active[index : index + 1])
    return merged
