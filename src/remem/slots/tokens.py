"""Tokens of one fact: the tokenizer, the stemmer and the word classes the analysis
reads (dates, numbers, currencies, sentence starters, adverbs, verb forms).

Split from :mod:`remem.slots.facts`, which reads a fact's shape from these tokens.
Pure functions with no I/O; stems are cached.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from remem.slots import lexicon as lx

_STEMMER = snowballstemmer.stemmer("porter")

_TOKEN = re.compile(
    r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn)\b)?"  # money
    r"|\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?![a-z])"  # a clock time with am/pm
    r"|\d+(?:[.,:]\d+)*(?:st|nd|rd|th)?(?![A-Za-z])"  # numbers, versions, 9:30, 3rd
    r"|\d+[A-Za-z][\w]*"  # 4B, 10K, 1Password
    r"|[A-Za-z]+(?:n't|'re|'ve|'ll|'d|'m)(?![A-Za-z])"  # won't, I'm, we've
    r"|[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*(?:'s|')?"  # words, db-1, fly.io, possessives
    r"|[^\w\s]",
    re.IGNORECASE,
)
MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
DATE_WORDS = frozenset(
    [*MONTHS, *WEEKDAYS, *(d + "s" for d in WEEKDAYS), "spring", "summer", "fall", "autumn",
     "winter", "weekend", "weekends", "morning", "mornings", "afternoon", "evening", "tonight",
     "today", "tomorrow", "yesterday", "noon", "midnight", "week", "month", "year", "quarter"]
)  # fmt: skip
NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "twenty thirty forty fifty hundred thousand dozen half".split()
)
CURRENCY = frozenset("dollars dollar euros euro pounds usd eur gbp bucks cents yen".split())
STARTERS = frozenset(
    "the a an our my your his her their its this that these those after before since in on "
    "at during last next now today lately recently nowadays so and but actually also then "
    "finally yesterday when while if as well oh ok okay yes no sadly luckily unfortunately "
    "anyway plus".split()
)
ADVERBS = frozenset(
    "now just finally also still recently currently never always already really actually "
    "officially fully completely only even lately nowadays soon mostly usually often".split()
)

# Base forms of common verbs, so "Fern's deploys run on ..." finds "run" as the verb.
_BASE_VERBS = frozenset(
    """live work play use run have go do make take get drive ride own manage lead teach study
    attend meet open close start begin end ship cost pay earn weigh eat drink speak learn read
    write host track deploy keep hold belong stop stay visit travel fly sit seat serve stand
    need want like love prefer hate enjoy know think feel say tell see bank commute share report
    plan schedule handle support sell buy rent lease include contain cover mean reach leave
    move switch join quit hire fire replace upgrade migrate transfer rename promote""".split()
)
VERB_FORMS = frozenset(
    form
    for v in _BASE_VERBS
    for form in (v, v + "s", v + "es", v + "ed", v + "d", v + "ing", v[:-1] + "ing",
                 v[:-1] + "ies", v[:-1] + "ied")
) | {"goes", "does", "has"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Token:
    """One token: its text, lower-cased form, stem and position."""

    text: str
    low: str
    stem: str
    index: int
    possessive: bool = False
    pronoun: bool = False  # "I", "my", "we" resolved to the speaker: the subject, never a value


def stem(word: str) -> str:
    """The Porter stem of a lower-cased word (numbers and codes unchanged)."""
    return _stem(word)


@lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    return word if any(c.isdigit() for c in word) else _STEMMER.stemWord(word)


FAMILY_OF: dict[str, tuple[str, ...]] = {}
for _family, _words in lx.FAMILIES.items():
    for _word in _words.split():
        _s = _stem(_word)
        FAMILY_OF[_s] = (*FAMILY_OF.get(_s, ()), _family)


def normalise_text(text: str) -> str:
    """NFKC, straight apostrophes and quotes, single spaces."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.split())


# pronouns, demonstratives and wh-words: a following 's is a contraction
_NO_POSSESSIVE = frozenset("it he she that this there here what who where when why how let".split())


def tokenize(text: str) -> tuple[Token, ...]:
    """Word, number and punctuation tokens of normalised text."""
    out = []
    for i, match in enumerate(_TOKEN.finditer(text)):
        raw = match.group(0)
        possessive = False
        word = raw
        if raw.lower() == "let's":
            pass  # "let us": a proposal, neither the past verb "let" nor a possessive
        elif raw.endswith("'s") and len(raw) > 2 and raw[0].isalpha():
            # "it's", "that's", "he's" are "it is" / "he has": these words never
            # take a possessive 's (theirs is "its", "his", "whose")
            word, possessive = raw[:-2], raw[:-2].lower() not in _NO_POSSESSIVE
        elif raw.endswith("'") and len(raw) > 1 and raw[0].isalpha():
            word, possessive = raw[:-1], True
        low = word.lower()
        # capitalised words are not stemmed ("Wes" is not "we", "Carlos" not "carlo")
        out.append(Token(word, low, low if word[:1].isupper() else _stem(low), i, possessive))
    return tuple(out)


def is_word(t: Token) -> bool:
    """Whether the token is a word (starts with a letter), not a number or a mark."""
    return t.text[:1].isalpha()


def is_name(t: Token, first: bool) -> bool:
    """A capitalised word that is not merely sentence-initial ("Portland", "GitHub"),
    or a camel-cased one ("iPhone", "macOS")."""
    if not is_word(t):
        return False
    if not t.text[:1].isupper():
        return t.text[:1].islower() and any(c.isupper() for c in t.text[1:])
    if first:
        return t.low not in STARTERS and t.low not in lx.DETERMINERS
    return t.low not in ("i",)


def is_verb(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether ``tokens[i]`` reads as the main verb of a clause starting before it."""
    t = tokens[i]
    if not is_word(t) or t.text[:1].isupper() or t.possessive:
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    nxt_verbal = nxt is not None and (
        nxt.low in lx.AUXILIARIES or (nxt.low not in lx.PREPOSITIONS and verbish(nxt))
    )
    if t.low in lx.AUXILIARIES or t.low in lx.IRREGULAR_PAST:
        return True
    if t.low in lx.DETERMINERS or t.low in lx.PREPOSITIONS or t.low in ADVERBS:
        return False
    # "deploys run", "rent went": a noun followed by the verb is not the verb
    if verbish(t):
        return not nxt_verbal
    # "Irene swims ...": a verb outside the word list, right after a name; "The app
    # targets Python 3.9": right after a noun, before a noun phrase
    prev = tokens[i - 1] if i else None
    third = t.low.isalpha() and t.low.endswith("s") and not t.low.endswith("ss")
    if prev is None or not third or nxt_verbal or prev.possessive:
        return False
    if prev.text[:1].isupper():
        return True
    return (
        i >= 2
        and is_word(prev)
        and prev.low not in lx.DETERMINERS
        and prev.low not in lx.PREPOSITIONS
        and prev.low not in lx.LIGHT
        and (tokens[i - 2].low in lx.DETERMINERS or tokens[i - 2].possessive)
        and nxt is not None
        and (
            nxt.text[:1].isupper()
            or nxt.low[:1].isdigit()
            or nxt.low in lx.DETERMINERS
            # "Dr. Lindgren's research focuses on ...": before a preposition when no
            # verb follows ("Ali's parents in Florida are retired" has its verb later)
            or (nxt.low in lx.PREPOSITIONS and not _verb_later(tokens, i + 1))
        )
    )


def _verb_later(tokens: tuple[Token, ...], start: int) -> bool:
    """Whether a verb form follows ``start`` before the clause ends."""
    for t in tokens[start:]:
        if t.text in ",;:.!?":
            return False
        if t.low in lx.AUXILIARIES or verbish(t):
            return True
    return False


def verbish(t: Token) -> bool:
    """Whether the token has a verb's form (a listed verb, an auxiliary, an irregular
    past or a lower-case word ending in -ed), whatever its role in the clause."""
    low = t.low
    if not low.isalpha() or t.text[:1].isupper():
        return False
    if low in lx.IRREGULAR_PAST or low in lx.AUXILIARIES or low in VERB_FORMS:
        return True
    return low.endswith("ed") and len(low) > 4
