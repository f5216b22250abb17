"""The mood of a statement: does it say what holds, or what might?

A newer statement replaces an older one only when it tells what holds now. A
statement in the *irrealis* mood tells a possibility, a condition or a wish
("If I get the internship I'd quit the café", "Should the board agree, I would
go part-time", "Might switch to a cheaper plan", "I may be asked to run the
Porto office instead"): whatever change words it holds, the old fact still
stands. Read from the sentence's grammar, two closed classes:

- a *condition* that governs the sentence: it opens with a conditional
  subordinator ("if", "unless", "in case", "assuming", "provided") or with
  "should" put before its subject ("Should the quote come in low, ...");
- a *hedging modal* on the clause's own verb ("would", "might", "could",
  lower-case "may", the contraction "'d"), or on the speaker's later in the
  sentence: not "will" (an announced change is one) nor "can" (an ability);
- an adverb of doubt ("maybe", "perhaps", "possibly").

:func:`irrealis` reads one statement (a whole fact or one of its clauses); the
update check (:mod:`remem.slots.compare`) compares no irrealis statement with
an older one, and a sentence under a condition not at all. Pure functions.
"""

from __future__ import annotations

from itertools import pairwise

from remem.slots.facts import Fact
from remem.slots.subject import speaker_words
from remem.slots.tokens import ADVERBS, Token

__all__ = ["conditional", "irrealis"]

# conditional subordinators that open a sentence (one or two words)
_CONDITIONS = ("if", "unless", "in case", "assuming", "supposing", "provided", "providing")
# replies and fillers before the condition: "Ok so if ...", "Honestly, if ..."
_FILLERS = frozenset("ok okay so and but well oh honestly tbh ngl actually then".split())
_HEDGES = frozenset(("would", "might", "could", "may"))
_DOUBT = frozenset(("maybe", "perhaps", "possibly"))  # adverbs of doubt


def _words(fact: Fact) -> list[Token]:
    return [t for t in fact.tokens if t.text not in ",;:-—–!?.\"'()"]


def conditional(fact: Fact) -> bool:
    """Whether ``fact`` opens with a condition that governs it ("If the lease ends, we
    move", "Should the offer come through, Ana would relocate")."""
    words = _words(fact)
    i = 0
    while i < len(words) and words[i].low in _FILLERS:
        i += 1
    rest = [t.low for t in words[i : i + 2]]
    if not rest:
        return False
    if rest[0] in _CONDITIONS or " ".join(rest) in _CONDITIONS:
        return True
    # "Should the company approve ..." (inversion), not "Should-have list: ..."
    return words[i].text == "Should" and len(words) > i + 1 and words[i + 1].low not in _HEDGES


def _hedge(token: Token) -> bool:
    if token.low == "may":
        return token.text == "may"  # "May" is a month more often than a modal
    return token.low in _HEDGES or token.low.endswith("'d")


def irrealis(fact: Fact) -> str | None:
    """Why ``fact`` tells a possibility, not what holds (None when it tells what
    holds): a governing condition, or a hedging modal on its verb ("Kim would take
    the job", "Might move to Dublin", "Kim'd love to go freelance")."""
    if conditional(fact):
        return "a condition, not what holds"
    doubt = next((t.low for t in fact.tokens if t.low in _DOUBT), None)
    if doubt:  # "Maybe → Utrecht next year?", "like maybe in January"
        return "a possibility, not what holds: " + doubt
    tokens = fact.tokens
    j = fact.verb_at
    # a subjectless fragment reads its modal as the subject: "Might move to Dublin"
    if 0 < j < len(tokens) and _hedge(tokens[j - 1]) and j - 1 <= 1:
        return "a possibility, not what holds: " + tokens[j - 1].low
    while j < len(tokens) and (tokens[j].low in ADVERBS or _hedge(tokens[j]) or j == fact.verb_at):
        if _hedge(tokens[j]):
            return "a possibility, not what holds: " + tokens[j].low
        j += 1
    # the speaker's own hedged verb later in the sentence ("Since you asked about my
    # plans, I might move to Lisbon"): not "Since nobody could spell it, I go by Sasha"
    me = speaker_words(fact.speaker) | _PERSONS
    for prev, token in pairwise(tokens):
        if _hedge(token) and (prev.low in me or prev.pronoun):
            return "a possibility, not what holds: " + token.low
    return None


_PERSONS = frozenset(("i", "we", "others"))  # "Kim and others might ...", from "we"
