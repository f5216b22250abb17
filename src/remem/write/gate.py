"""The quality gate: decide whether a candidate fact is worth storing.

Checks, in order (the first that fails decides):

1. ``secret``      credentials in the content — never overridable, not even by ``force``
2. ``injection``   instructions aimed at the agent (:mod:`remem.write.injection`:
                   strong patterns always, weak ones in untrusted content) — never
                   overridable either

Every check reads the text normalised by :func:`remem.textnorm.normalise`
(NFKC, invisible characters removed, comments unwrapped, entities decoded), so
obfuscation hides nothing; the injection check also reads harder-folded views.
3. ``too_short``   fewer than ``config.gate_min_words`` words, unless it is a
                   complete short statement ("Sam moved to Tampere", "I retired";
                   :mod:`remem.write.short`, ``config.gate_short_min_information``)
                   or a verbless note naming a thing ("Blood type O negative.")
                   whose meaning put it in a domain that must not fade (the
                   importance floor outweighs the length floor)
4. ``duplicate``   ``nearest_cosine`` above ``config.gate_duplicate_cosine``:
                   the caller reinforces the existing memory instead
5. ``speculation`` a recommendation or idea, not a fact ("we could ...")
6. ``vague``       ``config.gate_vague_hedges`` or more hedges
7. ``opinion``     opinion score above ``config.gate_opinion_threshold``;
                   preferences are facts about a person and score low
8. ``chatter``     confidence at most ``config.gate_chatter_confidence`` and
                   nothing checkable in it (no number, name, or two content
                   words beyond small talk, and not a whole short statement of
                   slot information: "Mark is single." said by Mark)

``force=True`` accepts anything but secrets and injections and says what it overrode.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from remem.config import Config
from remem.secrets import find_secrets
from remem.textnorm import normalise
from remem.write.candidate import CandidateFact, Flag
from remem.write.classify import extract_entities, is_informative, words
from remem.write.injection import find_injection
from remem.write.short import is_complete_short, is_named_note

__all__ = [
    "ACCEPTED",
    "FORCED",
    "REASONS",
    "GateDecision",
    "find_injection",
    "gate",
    "opinion_score",
]

ACCEPTED = "accepted"
FORCED = "forced"
REASONS = (
    "secret", "injection", "too_short", "duplicate", "speculation", "vague", "opinion", "chatter",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class GateDecision:
    """The gate's verdict: ``reason`` is a stable code (see :data:`REASONS`) or
    ``accepted`` / ``forced``; ``detail`` is for humans; ``score`` is the measured
    value behind the decision where there is one (cosine, opinion score)."""

    accepted: bool
    reason: str
    detail: str
    score: float | None = None


_SPECULATION = re.compile(
    r"\b(?:i|we|they)?\s*(?:would |'d )?(?:recommends?|suggests?)\b|\bconsider(?:s)? using\b|"
    r"\b(?:we|you|they|one|others) could\b|\bcould (?:try|consider|use)\b|\bmight want to\b|"
    r"\bmaybe (?:we|you|they|\w+) should\b|\bhow about\b|\bwhat if we\b|\bit (?:would|might) be "
    r"(?:nice|good|worth|better)\b|\bwould be worth\b|\bshould probably\b|\bwhy not\b|"
    r"\bmight (?:try|go|do|check|consider|want)\b|"
    r"\bshould (?:definitely |totally |really |maybe )?(?:go|try|check|consider|come|join|give|"
    r"get|look|think about|visit|read|watch)\b",
    re.IGNORECASE,
)
# "... so perhaps we could keep that in mind": the suggestion is to remember the fact
_KEEP_AFTER = re.compile(
    r"\s*(?:keep|bear)\s+(?:this|that|it|these|those)\s+in\s+mind\b|\s*(?:remember|note)\b",
    re.IGNORECASE,
)
_HEDGES = re.compile(
    r"\b(?:maybe|probably|perhaps|possibly|not sure|something like|kind of|sort of|"
    r"(?:i|\w+) (?:think|thinks|guess|guesses|suppose|supposes)|i'm not certain|might)\b",
    re.IGNORECASE,
)
_EVALUATIVE = re.compile(
    r"\b(?:great|awesome|amazing|cool|beautiful|terrible|awful|best|worst|nice|fun|boring|"
    r"inspiring|powerful|wonderful|incredible|lovely|fantastic|perfect|horrible|cute|sweet|"
    r"stunning|gorgeous|brave|special|overrated|underrated|stupid|brilliant|meaningful|"
    r"important|tough|hard|rewarding|fulfilling|exciting|gorgeous|good|bad|interesting|"
    r"unreal|magical|breathtaking|impressive|strong|great job|proud|talented|gifted|"
    r"surreal|empowering|priceless)\b",
    re.IGNORECASE,
)
_OPINION_MARKERS = re.compile(
    r"\b(?:i|\w+) (?:think|thinks|believe|believes|feel|feels|felt|bet|bets)\b|\bin (?:my|\w+'s) "
    r"opinion\b|\bshould\b|\bbetter than\b|\bthe (?:best|worst)\b|\bcan be (?:so|really|such)\b|"
    r"\bit'?s (?:just )?like\b|\blooks? like\b|\bpriceless\b|\bworth it\b|"
    r"\bit'?s (?:so |really |just )?\w+ (?:to (?:see|hear|know)|how)\b",
    re.IGNORECASE,
)
_PREDICATE_EVAL = re.compile(
    r"\b(?:is|was|are|were|looks?|sounds?|seems?|feels?|'s)\s+(?:so\s+|really\s+|such\s+(?:an?\s+)?|"
    r"super\s+|very\s+|totally\s+|truly\s+|pretty\s+|absolutely\s+|just\s+)*(?:an?\s+)?"
    r"(?:great|awesome|amazing|cool|beautiful|terrible|awful|nice|fun|boring|inspiring|"
    r"powerful|wonderful|incredible|lovely|fantastic|perfect|horrible|cute|sweet|stunning|"
    r"gorgeous|special|brilliant|impressive|good|bad|tough|hard|worth it|rewarding|"
    r"exciting|interesting|talented|important|meaningful|special)\b",
    re.IGNORECASE,
)
_PERSONAL = re.compile(r"\b(?:he|she|they|him|her|them|his|their)\b", re.IGNORECASE)
_PREFERENCE = re.compile(
    r"\b(?:prefers|likes|loves|hates|avoids|enjoys|dislikes|wants|would love|favou?rite|"
    r"is a (?:big |huge )?fan of|can't stand|is into|is keen on|is passionate about)\b",
    re.IGNORECASE,
)
_FACT_SIGNALS = re.compile(
    r"\d|\b(?:went|bought|visited|moved|started|joined|works?|lives?|owns?|has|had|got|made|"
    r"took|met|signed|finished|is going to|will|plans? to|decided|uses?)\b",
    re.IGNORECASE,
)


def opinion_score(text: str, *, speaker: str | None = None) -> float:
    """How much ``text`` reads as an opinion rather than a checkable fact, 0..1.

    Evaluative words, opinion markers ("thinks", "should", "is so ..."), an
    exclamation and a statement about nobody in particular raise it; preference
    verbs (facts about a person), events, numbers and named things lower it.
    """
    score = 0.35 * min(len(_EVALUATIVE.findall(text)), 2)
    score += 0.3 if _OPINION_MARKERS.search(text) else 0.0
    score += 0.25 if _PREDICATE_EVAL.search(text) else 0.0
    score += 0.15 if text.rstrip().endswith("!") else 0.0
    if _PREFERENCE.search(text):
        score -= 0.4
    if _FACT_SIGNALS.search(text):
        score -= 0.25
    entities = extract_entities(text)
    if [e for e in entities if speaker is None or e != speaker]:
        score -= 0.1
    if not entities and not _PERSONAL.search(text):
        score += 0.15  # about nobody in particular: a general judgement
    return round(max(0.0, min(1.0, score)), 3)


def _checks(
    fact: CandidateFact, text: str, config: Config, nearest_cosine: float | None
) -> GateDecision | None:
    count = len(words(text))
    # a health, identity, legal or financial note (the domain reader's floor, by meaning)
    # is kept short: "blood group A positive." was refused for its size and never found
    critical = Flag.DOMAIN_CRITICAL in fact.flags and is_named_note(text, speaker=fact.speaker)
    if (
        count < config.gate_min_words
        and not critical
        and not is_complete_short(
            text,
            speaker=fact.speaker,
            min_information=config.gate_short_min_information,
            requested=Flag.REMEMBER_REQUESTED in fact.flags,
        )
    ):
        return GateDecision(False, "too_short", f"{count} words < {config.gate_min_words}")
    if nearest_cosine is not None and nearest_cosine > config.gate_duplicate_cosine:
        return GateDecision(
            False,
            "duplicate",
            f"cosine {nearest_cosine:.3f} > {config.gate_duplicate_cosine}",
            nearest_cosine,
        )
    match = next(
        (
            m
            for m in _SPECULATION.finditer(text)
            if m.group(0).strip() and not _KEEP_AFTER.match(text, m.end())
        ),
        None,
    )
    if match:
        return GateDecision(False, "speculation", f"suggestion, not fact: {match.group(0)!r}")
    hedges = [m.group(0) for m in _HEDGES.finditer(text)]
    if len(hedges) >= config.gate_vague_hedges:
        return GateDecision(False, "vague", f"hedges: {', '.join(hedges)}", float(len(hedges)))
    score = opinion_score(text, speaker=fact.speaker)
    if score > config.gate_opinion_threshold:
        return GateDecision(
            False, "opinion", f"opinion score {score} > {config.gate_opinion_threshold}", score
        )
    if (
        fact.confidence <= config.gate_chatter_confidence
        and not is_informative(text, ignore=[fact.speaker or "", *(fact.speaker or "").split()])
        # a whole short statement of slot information about its subject ("Mark is
        # single.", "Paula is a pescatarian." said by Mark, by Paula) is not small talk
        and not is_complete_short(
            text, speaker=fact.speaker, min_information=config.gate_short_min_information
        )
    ):
        return GateDecision(
            False,
            "chatter",
            f"confidence {fact.confidence} <= {config.gate_chatter_confidence}, no information",
        )
    return None


def gate(
    fact: CandidateFact,
    *,
    config: Config,
    force: bool = False,
    nearest_cosine: float | None = None,
) -> GateDecision:
    """Whether ``fact`` may be stored, and why not.

    ``nearest_cosine`` is the similarity of the closest stored memory, when the
    caller has looked it up. ``force`` overrides every check but ``secret`` and
    ``injection``. Every check reads the normalised text (:func:`remem.textnorm.normalise`).
    """
    text = normalise(fact.content)
    secrets = find_secrets(fact.content) or find_secrets(text)
    if secrets:
        kinds = ", ".join(sorted({s.kind for s in secrets}))
        return GateDecision(False, "secret", f"contains credentials: {kinds}")
    # An instruction aimed at the agent is never a fact, so ``force`` cannot store it.
    phrase = find_injection(fact.content, untrusted=fact.untrusted)
    if phrase:
        return GateDecision(False, "injection", f"instruction-like text: {phrase!r}")
    rejection = _checks(fact, text, config, nearest_cosine)
    if rejection is None:
        return GateDecision(True, ACCEPTED, "passed all checks", nearest_cosine)
    if force:
        return GateDecision(True, FORCED, f"forced past {rejection.reason}: {rejection.detail}")
    return rejection
