"""Ranking: the fused candidates re-scored by what remem knows about each memory.

    final = relevance ** w_rel  x  importance ** w_imp  x  recency ** w_rec
            x  usage ** w_use  x  trust ** w_trust  x  visibility ** w_vis
            [x  sentiment ** w_sent]  [x  temporal ** w_time]

a weighted geometric blend. The weights are ``config.rank_weight_*``.

Why relevance dominates: every factor except relevance is bounded to a narrow
range — importance to ``[importance_floor, 1]``, recency to
``[recency_floor, 1]``, usage to ``[usage_floor, 1 + retrieval_priority_boost]``
— and, with the default weights, raised to 0.5, while relevance is squared.
With defaults importance and recency together span at most 1 : 0.32
(sqrt(0.3) x sqrt(0.35)), while relevance squared already spans 1 : 0.25
between the top hit and a hit half as relevant. So a top hit of importance 0
that is a year old still beats a brand new, permanent, maximally important
memory half as relevant; only the sum of every penalty (also heavy use, an
untrusted source, or another visibility) can tip such a pair.

Relevance: ``(s - lo) / (hi - lo)`` over the candidate set, with ``hi`` the
highest fused score and ``lo = min(0, lowest fused score)``. With rank fusion
(RRF, scores > 0) that is the score divided by the top score, so the best
candidate has 1.0 and the others keep their ratios to it, whatever the depth
of the tail; with z-score fusion (scores may be negative) it is a min-max
normalisation over the candidates.

The factors (each a named policy, swappable through ``policies=``):

- ``importance``: the lifecycle's effective score — base importance x the tier
  multiplier (``tier_*_importance``) x decay x reinforcement, see
  :mod:`remem.lifecycle.policies` — (``rank_importance="effective"``), or base
  importance x tier only (``"base"``); clipped to [0, 1], mapped to
  ``[importance_floor, 1]``.
- ``recency``: ``max(recency_floor, exp(-ln2/half_life x days))`` with days
  since last referenced, else since created (``recency_mode="half_life"``;
  ``"adaptive"``: the half-life from the memory's access history), or
  the ADR's ``exp(-recency_linear_rate x days since created)``
  (``recency_mode="linear_exp"``), floored the same. Permanent tier: 1.0, it
  never decays.
- ``usage``: ``max(usage_floor, 1 / (1 + usage_penalty x access_count))``
  times ``(1 + retrieval_priority_boost x retrieval_priority)``, the echo/fizzle
  priority clipped to [-1, 1] — a small *multiplicative* boost (or penalty).
- ``trust``: ``untrusted_multiplier`` for an untrusted source, else 1.0.
  Before scoring, memories whose ``trust_score`` (the outcome-learned trust,
  0.5 for a new memory) is below ``min_trust`` are dropped; ``confidence`` is
  not filtered on, it is tagged ``uncertain`` by the trust pass instead.
- ``visibility``: ``visibility_private`` / ``_role`` / ``_universal``. Memories
  the asker may not see are dropped (see :func:`visible_to`).
- ``sentiment`` (``rank_sentiment``, off by default): 1.0 when the memory's
  sentiment matches the query's (a small offline lexicon), or the query is
  neutral; else ``sentiment_mismatch``.
- ``temporal`` (``temporal_boost``, on by default): 1.0 when
  ``valid_from`` is in the query's time window (:mod:`remem.read.temporal`),
  decaying outside it to ``temporal_floor``.
- ``dated`` (``rank_when_undated``): for a question that asks for a time ("when
  did ...", "what year ..."), 1.0 for a memory that states one (a time expression
  of :mod:`remem.timeexpr`: "yesterday", "last May", "two weeks ago"), else
  ``rank_when_undated`` — the answer to "when" is a memory that says when
  (:func:`remem.read.temporal.states_time`).
- ``speaker`` (``rank_other_speaker``): for a question about one of the
  speakers in view ("What does Odile play?" over Odile's and Bram's turns), the
  factor of a memory someone else said — a person's own words answer for them
  (:func:`remem.read.subject.speaker_factor`).
- ``subject`` (``rank_subject_mismatch``): 1.0, or the mismatch multiplier for a
  memory plainly about someone other than the person the question asks about
  ("Aiden's parents live in Tampa" for "Where does Aiden live?";
  :mod:`remem.read.subject`).
- ``feedback``: echo/fizzle in context — 1.0 unless the memory was judged for
  queries like this one, then ``1 +/- feedback_context_weight`` at most, by how
  often it was used for them (:mod:`remem.read.feedback_context`).

When every factor is equal across candidates (e.g. a benchmark whose memories
share importance and age), final is a monotone function of the fused score and
the order is unchanged; ties keep the fused order. Factors are rounded to 4
decimals before they are multiplied (recency moves by 1e-4 in about six
minutes at age 0), so memories stored minutes apart count as equally recent.

Every hit's ``explain["rank"]`` holds each factor and the final score, which
also becomes ``SearchHit.score`` (the fused score stays in
``explain["fusion"]``); ``explain["lifecycle"]`` the effective score's parts
and the policies in force.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import MappingProxyType

from remem.config import Config
from remem.lifecycle import policies as lifecycle
from remem.model import MemoryRecord, SearchHit, Sentiment, Tier, Trust, Visibility, utcnow
from remem.read.feedback_context import context_terms, evidence
from remem.read.subject import (
    QuestionSubject,
    asked_speaker,
    question_subject,
    speaker_factor,
    subject_factor,
)
from remem.read.temporal import TimeQuery, parse_time, states_time, temporal_factor
from remem.read.trust import trust_pass

LN2 = math.log(2.0)


@dataclass(frozen=True, slots=True)
class Asker:
    """Who is asking: the agent and its role. Unset fields mean "the owner" (no
    visibility restriction), as for a user or operator reading their own store."""

    agent_id: str | None = None
    role: str | None = None


@dataclass(frozen=True, slots=True)
class RankContext:
    """What the factor policies may look at besides the memory."""

    config: Config
    now: datetime
    asker: Asker = field(default_factory=Asker)
    time: TimeQuery = field(default_factory=TimeQuery)
    sentiment: Sentiment = Sentiment.NEUTRAL
    terms: tuple[str, ...] = ()  # the query's hashed terms (feedback in context)
    asked: QuestionSubject = field(default_factory=QuestionSubject)  # whom it asks about
    speaker: str | None = None  # ...when that is one of the speakers in view


Policy = Callable[[MemoryRecord, RankContext], float]


# -- the factor policies ------------------------------------------------------------
def importance_factor(record: MemoryRecord, ctx: RankContext) -> float:
    """Base importance x tier multiplier (``rank_importance="base"``) or the lifecycle's
    effective score (``"effective"``: also x decay x reinforcement), clipped to
    [0, 1], mapped to [floor, 1]."""
    c = ctx.config
    if c.rank_importance == "effective":
        adjusted = lifecycle.effective_score(record, ctx.now, c).value
    else:
        adjusted = min(1.0, max(0.0, record.importance * lifecycle.tier_multiplier(record, c)))
    return c.importance_floor + (1.0 - c.importance_floor) * adjusted


def recency_factor(record: MemoryRecord, ctx: RankContext) -> float:
    """Exponential decay with age, floored; 1.0 for the permanent tier."""
    c = ctx.config
    if record.tier is Tier.PERMANENT:
        return 1.0
    if c.recency_mode == "linear_exp":
        days = _days(ctx.now, record.created_at)
        value = math.exp(-c.recency_linear_rate * days)
    else:
        days = _days(ctx.now, lifecycle.last_reference(record))
        half_life = (
            lifecycle.adaptive_half_life(record, c)
            if c.recency_mode == "adaptive"
            else c.recency_half_life_days
        )
        value = math.exp(-LN2 / half_life * days)
    return max(c.recency_floor, value)


def usage_factor(record: MemoryRecord, ctx: RankContext) -> float:
    """A repetition penalty on access_count, floored, times the retrieval-priority boost."""
    c = ctx.config
    penalty = max(c.usage_floor, 1.0 / (1.0 + c.usage_penalty * max(0, record.access_count)))
    priority = min(1.0, max(-1.0, record.retrieval_priority))
    return penalty * (1.0 + c.retrieval_priority_boost * priority)


def trust_factor(record: MemoryRecord, ctx: RankContext) -> float:
    """``untrusted_multiplier`` for an untrusted source, else 1.0."""
    return ctx.config.untrusted_multiplier if record.source_trust is Trust.UNTRUSTED else 1.0


def visibility_factor(record: MemoryRecord, ctx: RankContext) -> float:
    """The multiplier of the memory's visibility (private / role / universal)."""
    c = ctx.config
    return {
        Visibility.PRIVATE: c.visibility_private,
        Visibility.ROLE: c.visibility_role,
        Visibility.UNIVERSAL: c.visibility_universal,
    }[record.visibility]


def sentiment_factor(record: MemoryRecord, ctx: RankContext) -> float:
    """1.0 on a match (or a neutral query), else ``sentiment_mismatch``."""
    if ctx.sentiment is Sentiment.NEUTRAL or record.sentiment is ctx.sentiment:
        return 1.0
    return ctx.config.sentiment_mismatch


def temporal_policy(record: MemoryRecord, ctx: RankContext) -> float:
    """1.0 inside the query's time window, decaying outside (see ``read.temporal``)."""
    return temporal_factor(
        record,
        ctx.time.window,
        floor=ctx.config.temporal_floor,
        scale_days=ctx.config.temporal_scale_days,
    )


def dated_policy(record: MemoryRecord, ctx: RankContext) -> float:
    """For a "when" question: 1.0 for a memory that states a time, else
    ``rank_when_undated`` (only enabled for such questions)."""
    return 1.0 if states_time(record) else ctx.config.rank_when_undated


def speaker_policy(record: MemoryRecord, ctx: RankContext) -> float:
    """``rank_other_speaker`` for a memory said by someone other than the speaker a
    question asks about, else 1.0 (see :mod:`remem.read.subject`)."""
    return speaker_factor(record, ctx.speaker, ctx.config.rank_other_speaker)


def feedback_policy(record: MemoryRecord, ctx: RankContext) -> float:
    """Echo/fizzle for queries like this one (1.0 without such feedback; see
    :mod:`remem.read.feedback_context`)."""
    return evidence(record, ctx.terms, ctx.config).factor(ctx.config)


def subject_policy(record: MemoryRecord, ctx: RankContext) -> float:
    """``rank_subject_mismatch`` for a memory about someone other than the person the
    question asks about, else 1.0 (see :mod:`remem.read.subject`)."""
    return subject_factor(record, ctx.asked, ctx.config.rank_subject_mismatch)


POLICIES: Mapping[str, Policy] = MappingProxyType(
    {
        "importance": importance_factor,
        "recency": recency_factor,
        "usage": usage_factor,
        "trust": trust_factor,
        "visibility": visibility_factor,
        "sentiment": sentiment_factor,
        "temporal": temporal_policy,
        "dated": dated_policy,
        "feedback": feedback_policy,
        "subject": subject_policy,
        "speaker": speaker_policy,
    }
)


# -- filters ------------------------------------------------------------------------
def visible_to(record: MemoryRecord, asker: Asker) -> bool:
    """Whether ``asker`` may see ``record``.

    Universal: everyone. Private: its own agent only — never another asking
    agent (a memory with no agent belongs to its user and is not hidden).
    Role: its own agent, or an asker of the same role. An asker with no agent
    id is the owner and sees everything in scope.
    """
    if asker.agent_id is None or record.visibility is Visibility.UNIVERSAL:
        return True
    own = record.agent_id is None or record.agent_id == asker.agent_id
    if record.visibility is Visibility.PRIVATE:
        return own
    return own or (asker.role is not None and record.role == asker.role)


def passes_min_trust(record: MemoryRecord, config: Config) -> bool:
    """``trust_score >= min_trust`` (``min_trust`` 0 keeps everything)."""
    return record.trust_score >= config.min_trust


def normalised_relevance(scores: Sequence[float]) -> list[float]:
    """Fused scores mapped monotonically onto [0, 1]: ``(s - lo) / (hi - lo)`` with
    ``lo = min(0, min(scores))`` (so positive scores are divided by the top one)."""
    if not scores:
        return []
    hi, lo = max(scores), min(0.0, min(scores))
    if hi <= lo:
        return [1.0 for _ in scores]
    return [(s - lo) / (hi - lo) for s in scores]


# -- the ranking step ---------------------------------------------------------------
def rank(
    hits: Sequence[SearchHit],
    *,
    query: str,
    config: Config,
    asker: Asker | None = None,
    now: datetime | None = None,
    limit: int | None = None,
    policies: Mapping[str, Policy] | None = None,
    trust: bool = True,
) -> list[SearchHit]:
    """Filter, re-score, sort and cut fused hits, then run the trust pass (``trust``
    False: not; the caller runs :func:`remem.read.trust.trust_pass` on what it needs).

    ``hits`` carry the fused score in ``score``, best first. Returns at most
    ``limit`` hits with ``score`` the final score and ``explain["rank"]`` each
    factor; ``explain["tags"]`` the trust tags. ``now`` is the reference time
    for recency, staleness and relative time expressions (default: now).
    """
    now = _aware(now or utcnow())
    asker = asker or Asker()
    kept = [h for h in hits if visible_to(h.memory, asker) and passes_min_trust(h.memory, config)]
    time_query = parse_time(query, reference=now) if config.temporal_boost else TimeQuery()
    asks = config.rank_subject_mismatch < 1 or config.rank_other_speaker < 1
    asked = question_subject(query) if asks else QuestionSubject()
    ctx = RankContext(
        config=config,
        now=now,
        asker=asker,
        time=time_query,
        sentiment=query_sentiment(query) if config.rank_sentiment else Sentiment.NEUTRAL,
        terms=context_terms(query) if config.feedback_context_weight > 0 else (),
        asked=asked,
        speaker=asked_speaker(asked, [h.memory for h in kept])
        if config.rank_other_speaker < 1
        else None,
    )
    table = POLICIES if policies is None else policies
    weights = {
        "importance": config.rank_weight_importance,
        "recency": config.rank_weight_recency,
        "usage": config.rank_weight_usage,
        "trust": config.rank_weight_trust,
        "visibility": config.rank_weight_visibility,
        "sentiment": config.rank_weight_sentiment,
        "temporal": config.rank_weight_temporal,
    }
    active = [name for name in table if _enabled(name, ctx)]
    scored: list[tuple[float, int, bool, SearchHit]] = []
    for index, (hit, relevance) in enumerate(
        zip(kept, normalised_relevance([h.score for h in kept]), strict=True)
    ):
        final = relevance**config.rank_weight_relevance
        parts: dict[str, float] = {"relevance": round(relevance, 4)}
        for name in active:
            # Rounded before use, so the explanation is exactly what was multiplied and
            # memories stored seconds apart do not reorder fused ties by recency noise.
            value = round(table[name](hit.memory, ctx), 4)
            parts[name] = value
            final *= value ** weights.get(name, 1.0) if value > 0 else 0.0
        parts["final"] = round(final, 6)
        hit.explain["rank"] = parts
        hit.explain["lifecycle"] = lifecycle.explain(hit.memory, now, config)
        if time_query.window is not None and "temporal" in active:
            start, end = time_query.window
            hit.explain["time_window"] = {
                "from": start.date().isoformat(),
                "to": end.date().isoformat(),
                "matched": "; ".join(time_query.matched),
            }
        # subject attribution before ranking: a memory plainly about someone other than
        # the person asked about comes after every memory that is not
        later = config.rank_subject_first and parts.get("subject", 1.0) < 1.0
        scored.append((final, index, later, hit))
    scored.sort(key=lambda item: (item[2], -item[0], item[1]))
    out = []
    for final, _, _, hit in scored[:limit]:
        hit.score = final
        out.append(hit)
    return trust_pass(out, config=config, now=now) if trust else out


def _enabled(name: str, ctx: RankContext) -> bool:
    config, time_query = ctx.config, ctx.time
    if name == "sentiment":
        return config.rank_sentiment
    if name == "temporal":
        return config.temporal_boost and time_query.window is not None
    if name == "dated":
        return config.rank_when_undated < 1 and time_query.asks_when
    if name == "feedback":
        return config.feedback_context_weight > 0
    if name == "subject":
        return config.rank_subject_mismatch < 1
    if name == "speaker":
        return config.rank_other_speaker < 1 and ctx.speaker is not None
    return True


# -- query sentiment ----------------------------------------------------------------
_LEXICON = {
    Sentiment.FRUSTRATED: re.compile(
        r"\b(?:frustrat\w*|annoy\w*|angry|upset|hate[sd]?|broken|keeps? failing|fed up|"
        r"ugh|sick of|tired of|again\?!)\b",
        re.I,
    ),
    Sentiment.EXCITED: re.compile(
        r"\b(?:excit\w*|thrilled|can'?t wait|love[sd]?|amazing|awesome|great news|yay)\b", re.I
    ),
    Sentiment.UNCERTAIN: re.compile(
        r"\b(?:not sure|unsure|maybe|perhaps|i think|i guess|confus\w*|don'?t know)\b", re.I
    ),
}


def query_sentiment(query: str) -> Sentiment:
    """The sentiment a query expresses, by a small lexicon (neutral when none or mixed)."""
    found = [s for s, pattern in _LEXICON.items() if pattern.search(query)]
    return found[0] if len(found) == 1 else Sentiment.NEUTRAL


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _days(now: datetime, then: datetime) -> float:
    return max(0.0, (now - _aware(then)).total_seconds() / 86400.0)
