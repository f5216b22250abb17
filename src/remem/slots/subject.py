"""Who a fact is about: the speaker, another person, or a thing.

Read from the subject noun phrase of a fact (already in third person: "Aiden
lives in Denver", "Aiden's parents live in Tampa", "Rohan's wife drives a
Volvo", "Chiara's salary is $75,000", "The app targets Python 3.9"):

- ``self``: the speaker ("Aiden ...", "Kwame and others ...", and an attribute
  of the speaker: "Chiara's salary is ...", "Femi's manager is Greg");
- ``other:<who>``: a person other than the speaker — a relative, colleague or
  friend named by a relation noun ("Aiden's parents", "Rohan's wife", "my
  colleague Tunde"), or a named person whose attribute it is ("Rohan's car"
  said by Mia);
- ``pronoun``: "he", "she", "they" that the fact does not resolve: some person
  other than the speaker;
- ``None``: a thing ("The app", "Logs", "Prod"), part of the speaker's world.

Two facts about different people never fill one slot (:func:`clash`): a fact
about the user's parents is not an update of where the user lives.
"""

from __future__ import annotations

import re

from remem.slots import lexicon as lx
from remem.slots.tokens import ADVERBS, Token, is_name, is_word

SELF = "self"
PRONOUN = "pronoun"
_THIRD = frozenset("he she they him her them his their hers theirs".split())
_TITLES = frozenset("mr mrs ms mx dr prof sir madam miss".split())
# before a relation noun these make it a role of the speaker's, not a person
_ROLE = frozenset("new current former previous old latest".split())


def speaker_words(speaker: str | None) -> frozenset[str]:
    """The lower-cased words that name the speaker ("Mrs. Abara" -> {"abara"})."""
    if not speaker:
        return frozenset()
    words = {w.lower() for w in re.findall(r"[A-Za-z][\w'-]*", speaker)}
    return frozenset(words - _TITLES) or frozenset(words)


def who(
    tokens: tuple[Token, ...], start: int, end: int, speaker: str | None, copula: bool
) -> str | None:
    """Who the subject ``tokens[start:end]`` is (see the module doc)."""
    me = speaker_words(speaker)
    span = [t for t in tokens[start:end] if is_word(t)]
    if not span:
        return None
    possessor = next((k for k, t in enumerate(span) if t.possessive), None)
    if possessor is not None:
        owner = span[possessor]
        rest = span[possessor + 1 :]
        relation = [t for t in rest if t.low in lx.RELATION_NOUNS]
        names = [t for t in rest if is_name(t, first=False) and t.low not in me]
        is_me = owner.low in me or owner.pronoun
        if relation and is_me and any(t.low in _ROLE for t in rest):
            return SELF  # "Elsa's new landlord is ...": who holds the speaker's role now
        # "Olu's son is in Year 4": where the relative is, not who fills a slot
        placed = bool(rest) and rest[-1].low in lx.RELATION_NOUNS and placed_by(tokens, end)
        if relation and (not copula or placed or not _names_after(tokens, end)):
            # "Aiden's parents live ...", "Jin's roommate is vegan": another person;
            # "Femi's manager is Greg" names who fills the speaker's slot
            named = names[0].low if names else relation[-1].stem
            return f"other:{named}"
        if relation and names:
            return f"other:{names[0].low}"  # "Nadia's sister Amira is ..."
        if is_me:
            return SELF  # "Chiara's salary", "Femi's manager is Greg": the speaker's
        if owner.low in _THIRD:
            return PRONOUN  # "his braces", "her school"
        if is_name(owner, first=False) or owner.text[:1].isupper():
            return f"other:{owner.low}"  # "Rohan's car" said by someone else
        return None  # "the team's sprint length": a thing
    lows = [t.low for t in span]
    if any(t.low in me or t.pronoun for t in span):
        return SELF
    if any(low in _THIRD for low in lows):
        return PRONOUN
    relation = [t for t in span if t.low in lx.RELATION_NOUNS]
    if relation and not copula:
        return f"other:{relation[-1].stem}"  # "the landlord raised ..."
    return None


def placed_by(tokens: tuple[Token, ...], end: int) -> bool:
    """Whether the copula at ``end`` places its subject ("is in Year 4", "is at the
    cricket club", "is still on puppy food"): a state of the relative the subject
    names ("Olu's son is in Year 4" is about the son), not who the relative is ("Ben's
    girlfriend is Hannah" is about Ben)."""
    k = end + 1
    while k < len(tokens) and tokens[k].low in ADVERBS:
        k += 1
    return k < len(tokens) and tokens[k].low in _PLACING


_PLACING = frozenset("in at on".split())


def _names_after(tokens: tuple[Token, ...], end: int) -> bool:
    """Whether the complement after the copula at ``end`` is a person's name
    ("... is Greg", "... is my brother Jake"), not a description ("... is vegan")."""
    rest = [t for t in tokens[end + 1 :] if is_word(t) and t.low not in ("now", "still")]
    if not rest or rest[0].low in ("a", "an"):
        return False  # "... is a die-hard Lakers fan": a description of the person
    return any(is_name(t, first=False) or t.low in lx.RELATION_NOUNS for t in rest[:4])


def clash(old: str | None, new: str | None) -> str | None:
    """Why two facts with these subjects are about different people, else None."""
    if old is None or new is None or old == new:
        return None
    people = {old, new}
    if SELF in people:
        return f"about different people: {_name(old)} / {_name(new)}"
    if PRONOUN in people:
        return None  # "she" may be the daughter named before
    return f"about different people: {_name(old)} / {_name(new)}"


def _name(who_: str) -> str:
    return who_.removeprefix("other:")
