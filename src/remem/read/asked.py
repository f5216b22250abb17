"""The thing a specific question asks for, read from its structure (closed word classes
only, as :mod:`remem.read.broad` does): a first-person question whose wh-word is not
itself the subject of a verb ("who cuts my hair?" asks for a person, not for the hair)
asks for

- the noun phrase a first-person possessive opens, up to a possessive ``'s``, a function
  word or a participle: "my cat" in "what's my cat's name?", "my favourite board game",
  "my rent";
- the wh-determiner's noun: "which car do I drive?", "what kind of bike do I ride?",
  "how many lessons do I take?";
- the object of the user's verb in a question for a procedure: "how do I bake bagels?"
  ("where do we eat lunch?" asks for a place, not the lunch).

:mod:`remem.read.answerable` judges each hit against it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from remem.read.broad import tokens
from remem.stopwords import STOPWORDS
from remem.timewords import MONTHS, WEEKDAYS

__all__ = ["CALLED", "FIRST_PERSON", "Head", "asked_head"]

FIRST_PERSON = frozenset("i me my mine we us our".split())
_POSSESSIVE = frozenset("my our".split())
_SUBJECT = frozenset("i we".split())
_WH = frozenset("what which who whom whose when where why how".split())
_AUX = frozenset(
    "am is are was were 'm 're 's be been do does did have has had can could will "
    "would should shall may might must 've 'd 'll".split()
)
# closed-class adverbs of time and frequency end a phrase: "where do I work now?"
_ADVERB = frozenset(
    "now currently today tonight lately recently usually normally often always ever "
    "still yet again already each every these those".split()
)
# calendar units: "how do I spend my week?" asks what fills a period, not for the period
_PERIOD = (
    frozenset(
        "day days week weeks weekend weekends morning mornings afternoon afternoons evening "
        "evenings night nights month months year years summer summers winter winters spring "
        "autumn fall holiday holidays vacation time".split()
    )
    | frozenset(MONTHS)
    | frozenset(WEEKDAYS)
    | frozenset(d + "s" for d in WEEKDAYS)
)
# a first-person phrase after one of these is a setting, not the thing asked ("of" is
# the attribute's link: "the name of my boat")
_PREPOSITION = frozenset(
    "in into at on with for from to by about over under near around among between before "
    "after since until while because".split()
)
_MEASURE = frozenset("much many long big old far often tall heavy".split())
_NAME = frozenset("name names".split())
_COPULA = frozenset("is are was were 's 're".split())
CALLED = frozenset("called named".split())
_GLUED = frozenset("whats wheres whos hows whens".split())
# classifier nouns: "which brand of tea", "which model do I buy?" ask for a kind's name,
# the classifier names no thing of its own
_KIND = frozenset("kind kinds sort sorts type types brand brands make makes model models".split())
# a participle or gerund ends the noun phrase: "my cat called", "my sister doing"
_VERB_FORM = re.compile(r"^[a-z]{3,}(?:ed|ing)$")


@dataclass(frozen=True, slots=True)
class Head:
    """The thing a question asks for: its noun phrase and the phrase's last noun."""

    phrase: str
    noun: str
    frame: str  # "possessive", "determiner" or "object"
    value: str | None = None  # "name" or "quantity": the kind of value asked of it


def _phrase(words: Sequence[str]) -> list[str]:
    """Content words from the start of ``words`` up to a function word, a pronoun, an
    auxiliary, a possessive ``'s`` or (after the first word) a participle."""
    kept: list[str] = []
    for w in words:
        if w.startswith("'") or w in _AUX or w in FIRST_PERSON or w in _WH:
            break
        if w in STOPWORDS or w in _ADVERB or w in _PREPOSITION:
            break
        if kept and _VERB_FORM.match(w):
            break
        kept.append(w)
    return kept


def asked_head(query: str) -> Head | None:
    """The thing ``query`` asks for, or None when it is not a first-person question
    for one thing (see the module doc), or the thing is a period of time."""
    head = _head(query)
    if head is None or head.noun in _PERIOD:
        return None
    words = _words(query)
    value = None
    if words[0] == "how" and words[1] == "long":
        value = "duration"
    elif words[0] == "how" and words[1] in _MEASURE:
        value = "quantity"
    elif _NAME.intersection(words) or words[-1] in CALLED:
        value = "name"
    if not head.noun:
        return Head("", "", head.frame, value)
    phrase = head.phrase.split()
    if len(phrase) > 1 and phrase[-1] in _NAME:  # "whats my brothers name"
        phrase = phrase[:-1]
    return Head(" ".join(phrase), phrase[-1], head.frame, value)


def _words(query: str) -> list[str]:
    words = tokens(query)
    if words and words[0] in _GLUED:  # "whats my ...", typed without the apostrophe
        words[:1] = [words[0][:-1], "'s"]
    return words


def _head(query: str) -> Head | None:
    words = _words(query)
    if len(words) < 3 or words[0] not in _WH or not FIRST_PERSON.intersection(words):
        return None
    second = words[1]
    if words[0] == "how" and second in _MEASURE:  # "how many lessons do I take?"
        phrase = _phrase([w for w in words[2:] if w != "of"])
        if phrase:
            return Head(" ".join(phrase), phrase[-1], "quantity")
        return _possessed(words) or Head("", "", "quantity")  # "how much is my rent?"
    if second not in _AUX:
        if words[0] in ("who", "whom", "whose"):
            return None  # "who cuts my hair?": a person is asked for, not the hair
        if words[0] in ("what", "which"):  # "which car do I drive?", "what kind of bike..."
            rest = [w for w in words[1:] if w not in _KIND and w != "of"]
            phrase = _phrase(rest)
            if phrase and len(phrase) < len(rest) and rest[len(phrase)] in _AUX:
                return Head(" ".join(phrase), phrase[-1], "determiner")
        return None
    for i, w in enumerate(words[:-2]):  # "what's the name of the shop I run?"
        if w in _NAME and words[i + 1] == "of" and words[i + 2] not in _POSSESSIVE:
            phrase = _phrase([x for x in words[i + 2 :] if x not in ("the", "a", "an")])
            if phrase:
                return Head(" ".join(phrase), phrase[-1], "name-of")
    if words[1] in _COPULA and words[2] == "the" and words[-1] in CALLED:
        phrase = _phrase(words[3:])  # "what's the shop I run called?"
        if phrase:
            return Head(" ".join(phrase), phrase[-1], "definite")
    if any(w in _POSSESSIVE for w in words):
        return _possessed(words)
    if words[0] != "how":
        return None  # "where do we eat lunch?": a place is asked for, not the lunch
    for i, w in enumerate(words[:-2]):  # "how do I bake bagels?": the user's verb's object
        if w in _SUBJECT and words[i + 1] not in _AUX and not words[i + 1].startswith("'"):
            phrase = _phrase(words[i + 2 :])
            if phrase:
                return Head(" ".join(phrase), phrase[-1], "object")
            return None
    return None


def _possessed(words: list[str]) -> Head | None:
    """The noun phrase the first first-person possessive opens ("my cat" in "what's
    my cat's name?"), unless a preposition puts it in the setting ("who's in my team?":
    the people in it are asked for)."""
    for i, w in enumerate(words):
        if w in _POSSESSIVE:
            if i and words[i - 1] in _PREPOSITION:
                return None
            phrase = _phrase(words[i + 1 :])
            return Head(" ".join(phrase), phrase[-1], "possessive") if phrase else None
    return None
