"""Updates on the write path: which memory a candidate fact replaces.

The slot logic itself lives in :mod:`remem.slots` (shared with the read path's
conflict tags); this module applies it to a candidate and its nearest active
memories and plans what the pipeline does:

- **update**: the candidate supersedes the memory with the best update score at
  or above ``config.update_threshold`` (one that shares a subject or attribute word
  with it before one that does not), among the active, archived and cold ones
  (:data:`UPDATABLE`: an old value that left the active set is still its slot's
  value, and the update must find it there rather than attach to another slot) (a contradiction — the same claim negated —
  is an update too). Never a memory from the same message (its facts complement
  each other), never one said later than the candidate, and never a trusted
  memory replaced by untrusted content: that is stored beside it, **flagged**
  (``conflicts_with`` on both). A lesson or a procedural rule is replaced,
  reinforced or merged only by a fact of its own kind (:func:`may_meet`): the agent layer writes and revises those itself, and
  the sentence a lesson was learned from ("No, don't use npm here.") is not an
  update of it.
- **dedup**: only neighbours whose values do not differ may count as duplicates
  or as "not novel"; near-duplicates whose values differ ("deploy on 2 October" /
  "deploy on 10 October", "project 1" / "project 28") are updates or distinct
  facts, never reinforcements.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

import numpy as np

from remem.config import DEFAULT_UPDATE_WEIGHTS as DEFAULT_WEIGHTS
from remem.config import Config
from remem.model import Kind, MemoryRecord, Status, Trust
from remem.providers.base import Embedder
from remem.slots import Fact, Verdict, analyse, compare, content_hash, normalise
from remem.slots.compare import texts_to_embed
from remem.slots.lexicon import LIGHT, STRONG_CUES
from remem.slots.semantic import Similarity, lookup
from remem.slots.subject import speaker_words
from remem.slots.tokens import FAMILY_OF
from remem.write.candidate import CandidateFact

__all__ = [
    "UPDATABLE",
    "UpdatePlan",
    "content_hash",
    "fact_shape",
    "may_meet",
    "normalise",
    "plan_update",
    "relation",
    "subject_attribute",
]


def speaker_of(record: MemoryRecord) -> str | None:
    """Who said a stored memory (its speaker, else its message name), for "I"/"my"."""
    speaker = record.data.get("speaker")
    if isinstance(speaker, str) and speaker:
        return speaker
    metadata = record.data.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return name if isinstance(name, str) and name else None


def fact_shape(text: str, speaker: str | None = None) -> Fact:
    """The analysed fact (see :func:`remem.slots.analyse`)."""
    return analyse(text, speaker)


def relation(
    old: MemoryRecord,
    fact: CandidateFact,
    *,
    config: Config,
    similarity: Similarity | None = None,
) -> Verdict:
    """How ``fact`` (said now) relates to the stored memory ``old``; an extractor that
    said the fact supersedes ``old`` (``supersedes_hint``) adds its weight as evidence.
    ``similarity``: the embedding evidence (:func:`slot_similarity`), when there is one."""
    verdict = compare(
        analyse(old.content, speaker_of(old)),
        analyse(fact.content, fact.speaker),
        weights=config.update_weights,
        similarity=similarity,
    )
    if verdict.relation in ("same", "candidate", "unrelated") and hint_names(
        fact.supersedes_hint, old
    ):
        # the extractor ties the two to one attribute: no penalty for sharing no word
        weights = {**DEFAULT_WEIGHTS, **config.update_weights}
        untied = sum(
            weights[k] * v for k, v in verdict.features.items() if k in ("unshared", "generic")
        )
        verdict = replace(
            verdict,
            relation="candidate",
            score=round(verdict.score - untied + weights["extractor_hint"], 3),
            reasons=(*verdict.reasons, "the extractor says it supersedes this"),
            differs=True,
        )
    return verdict


def subject_attribute(content: str, speaker: str | None = None) -> tuple[str, str] | None:
    """``(subject, attribute)`` a fact talks about, for the record's ``slot`` field: the
    subject noun phrase, and the attribute family of its first template word that has
    one ("lives" -> ``home``), else of its change cue ("moved" -> ``home``), else that word."""
    shape = analyse(content, speaker)
    words = [t.stem for t in shape.tokens if t.stem in shape.content]
    families = [FAMILY_OF[w][0] for w in words if w in FAMILY_OF]
    families += [f for cue in shape.strong_cues for f in STRONG_CUES.get(cue, ())[:1]]
    attribute = families[0] if families else (words[0] if words else None)
    if not shape.key or attribute is None:
        return None
    return " ".join(sorted(shape.key)), attribute


def hint_names(hint: str | None, old: MemoryRecord) -> bool:
    """Whether an extractor's ``supersedes`` answer ("Aaron lives in Boston") names the
    stored memory ``old``: most of the hint's words are the memory's."""
    if not hint:
        return False
    words = {w for w in normalise(hint).split() if w not in LIGHT}
    have = set(normalise(old.content).split())
    return bool(words) and len(words & have) >= 0.6 * len(words)


# The statuses an update may supersede: whatever is still the latest word of its slot.
UPDATABLE = ("active", "archived", "cold")


@dataclass(slots=True)
class UpdatePlan:
    """What the offline check found for one candidate among its neighbours.

    ``target``: the memory it updates (with ``verdict``); ``flag``: a trusted memory
    an untrusted candidate contradicts (stored beside, both flagged);
    ``dedup``: ``(memory, cosine)`` of the neighbours it may duplicate, best first;
    ``verdicts``: every neighbour's verdict, by memory id, for explanations;
    ``repeats``: an archived or cold memory the fact says again (the same, nothing
    differs) — the fact's slot is found there, so it updates no other memory, and
    its new version replaces that one (merged) unless it duplicates an active one.
    """

    target: MemoryRecord | None = None
    verdict: Verdict | None = None
    flag: MemoryRecord | None = None
    dedup: list[tuple[MemoryRecord, float]] = field(default_factory=list)
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    repeats: MemoryRecord | None = None


# Kinds the agent layer writes and revises (lessons, rules): other facts never replace them.
_OWN_KIND_ONLY = frozenset({Kind.LESSON, Kind.PROCEDURAL})


def may_meet(old: MemoryRecord, fact: CandidateFact) -> bool:
    """Whether ``fact`` may update, duplicate or merge into ``old`` at all: a lesson
    or a rule only meets a fact of its own kind, and an episode's record or summary (a
    session's history: a value it quotes that changed since is marked where it is
    shown) only another episode's."""
    if old.is_episode:
        return fact.kind is Kind.EPISODIC
    return old.kind not in _OWN_KIND_ONLY or fact.kind is old.kind


def plan_update(
    fact: CandidateFact,
    neighbours: Sequence[tuple[MemoryRecord, float]],
    *,
    config: Config,
    resource_id: str | None,
    when: datetime | None,
    similarity: Similarity | None = None,
) -> UpdatePlan:
    """The update, flag and dedup candidates of ``fact`` among ``neighbours``
    (``(memory, cosine)``, best first); see the module doc for the rules."""
    plan = UpdatePlan()
    best: tuple[tuple[bool, bool, float, float], MemoryRecord, Verdict] | None = None
    said_at = fact.valid_from or when
    for old, cosine in neighbours:
        if old.status.value not in UPDATABLE:
            continue
        verdict = relation(old, fact, config=config, similarity=similarity)
        plan.verdicts[old.id] = verdict
        if not verdict.differs:
            if old.status is Status.ACTIVE:  # only an active memory is a duplicate
                plan.dedup.append((old, cosine))
            elif verdict.relation == "same" and plan.repeats is None and _may_replace(old, fact):
                plan.repeats = old  # said again after it left the active set
            continue
        if not verdict.updates(config.update_threshold):
            continue
        if resource_id is not None and old.source_resource_id == resource_id:
            continue  # facts of one message complement each other
        if _said_later(old, said_at):
            continue  # history arriving out of order never replaces what came after
        rank = (verdict.relation == "contradiction", _names_slot(old, fact), verdict.score, cosine)
        if best is None or rank > best[0]:
            best = (rank, old, verdict)
    if plan.repeats is not None:
        # Its slot is found, outside the active set: it updates no other memory (a
        # note said again while its first telling was archived superseded an active
        # fact of another slot: "The Kendry road is closed tomorrow." the deeds).
        return plan
    if best is not None:
        _, old, verdict = best
        if not _may_replace(old, fact):
            plan.flag, plan.verdict = old, verdict
        else:
            plan.target, plan.verdict = old, verdict
    return plan


def _may_replace(old: MemoryRecord, fact: CandidateFact) -> bool:
    """Untrusted content never replaces a trusted memory."""
    return not (fact.source_trust is Trust.UNTRUSTED and old.source_trust is Trust.TRUSTED)


def _names_slot(old: MemoryRecord, fact: CandidateFact) -> bool:
    """Whether the two share a word of what they say (subject or attribute words,
    the speaker's name aside): among memories an update may replace, one the new fact
    names ("Msrv is 1.74." for "The user bumped msrv to 1.80.") goes before one tied
    only by a cue and a value of some kind (a pasted linker note with a number)."""
    a, b = analyse(old.content, speaker_of(old)), analyse(fact.content, fact.speaker)
    me = speaker_words(a.speaker) | speaker_words(b.speaker) | LIGHT
    return bool(((a.key | a.content) & (b.key | b.content)) - me)


def slot_similarity(
    embedder: Embedder,
    pairs: Iterable[tuple[MemoryRecord | CandidateFact, CandidateFact]],
    *,
    config: Config,
) -> Similarity:
    """The embedding evidence for ``pairs`` (``(older, newer)``): every text the update
    check may compare for them (:func:`remem.slots.texts_to_embed`), embedded in one
    batch, so the check inside the write transaction only looks vectors up. Pairs the
    check rules out without it (another person, another list member, the same words)
    are skipped."""
    texts: dict[str, None] = {}
    for older, newer in pairs:
        speaker = speaker_of(older) if isinstance(older, MemoryRecord) else older.speaker
        old_fact, new_fact = analyse(older.content, speaker), analyse(newer.content, newer.speaker)
        if compare(old_fact, new_fact, weights=config.update_weights).relation in _RULED_OUT:
            continue
        texts.update(dict.fromkeys(texts_to_embed(old_fact, new_fact)))
    known = _cache_of(embedder)
    wanted = [t for t in texts if t not in known]
    if wanted:
        for text, vector in zip(wanted, embedder.embed_documents(wanted), strict=True):
            known[text] = vector
        while len(known) > _MAX_CACHED:
            known.pop(next(iter(known)))
    vectors = {t: known[t] for t in texts if t in known}
    # a lexical embedder's low cosine means other words, not another meaning: the
    # floors under which statements count as apart apply to a model of meaning only
    lexical = bool(getattr(embedder, "lexical", False))
    return lookup(
        vectors,
        config.update_slot_floor,
        config.update_kin_floor,
        config.update_slot_share,
        config.update_change_share,
        -1.0 if lexical else config.update_weak_cue_floor,
        -1.0 if lexical else config.update_tie_floor,
        None if lexical else config.update_person_margin,
    )


_RULED_OUT = ("other", "same")
# Short slot texts recur (the same memory meets many new facts): their vectors are
# kept per embedder (so per open store: one store's history never changes what
# another's writes cost, and a closed store's texts go with it), oldest dropped
# first past this many.
_MAX_CACHED = 20_000
_VECTORS: weakref.WeakKeyDictionary[Embedder, dict[str, np.ndarray]] = weakref.WeakKeyDictionary()


def _cache_of(embedder: Embedder) -> dict[str, np.ndarray]:
    try:
        return _VECTORS.setdefault(embedder, {})
    except TypeError:  # an embedder that cannot be weakly referenced: no cache
        return {}


def _said_later(old: MemoryRecord, said_at: datetime | None) -> bool:
    if said_at is None or old.valid_from is None:
        return False
    return _aware(old.valid_from) > _aware(said_at)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
