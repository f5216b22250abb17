"""The value spans and list identifiers of a fact (:mod:`remem.slots.facts`): dates,
times, money, numbers with their unit, versions and names (the parts an update
changes), and the noun-and-code identifiers that name one member of a list
("project 28", "db-1"). Pure functions over tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from remem.slots import lexicon as lx
from remem.slots.tokens import (
    ADVERBS,
    CURRENCY,
    DATE_WORDS,
    MONTHS,
    NUMBER_WORDS,
    Token,
    is_name,
    is_word,
    verbish,
)


@dataclass(frozen=True, slots=True)
class Value:
    """A value span: ``kind`` is date, money, number, version, name or quoted;
    ``unit`` the noun a number counts ("engineers"); ``tokens`` its token indices."""

    text: str
    kind: str
    tokens: tuple[int, ...]
    unit: str = ""


@dataclass(frozen=True, slots=True)
class Identifier:
    """A member of a list named by a noun and a number or code ("project 28", "db-1")."""

    noun: str
    code: str
    in_subject: bool


def values_in(
    tokens: tuple[Token, ...], start: int, end: int
) -> tuple[tuple[Value, ...], set[int]]:
    """The value spans and the token positions they cover (names inside the subject,
    "the Berlin office", are part of the key, not values)."""
    values: list[Value] = []
    used: set[int] = set()
    n = len(tokens)
    i = 0
    while i < n:
        t = tokens[i]
        kind, span = _value_at(tokens, i, start)
        if kind == "name" and start <= i < end:
            kind = None
        if kind is None:
            i += 1
            continue
        unit = ""
        prev = tokens[i - 1] if i else None
        if kind in ("number", "version") and prev is not None and is_name(prev, i - 1 == start):
            kind, unit = "version", prev.low  # "Node 16", "Python 3.9": a product's version
        elif kind == "number" and i + span < n and is_word(tokens[i + span]):
            nxt = tokens[i + span]
            if nxt.low in CURRENCY:
                kind, span = "money", span + 1
            elif nxt.low not in lx.LIGHT and nxt.low not in lx.PREPOSITIONS:
                unit = nxt.stem
        idx = tuple(range(i, i + span))
        text = " ".join(tokens[j].low for j in idx)
        values.append(Value(text, kind, idx, unit))
        used.update(idx)
        i += span
        del t
    return tuple(values), used


def _value_at(tokens: tuple[Token, ...], i: int, start: int) -> tuple[str | None, int]:
    t = tokens[i]
    low = t.low
    if low[:1] in "$€£¥":
        return "money", 1
    if re.fullmatch(r"\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}", low):
        return "date", 1  # clock times count with dates: both say "when"
    if low in DATE_WORDS:
        span = 1
        while i + span < len(tokens) and (
            tokens[i + span].low[:1].isdigit() or tokens[i + span].low in DATE_WORDS
        ):
            span += 1
        return "date", span
    if re.fullmatch(r"(?:19|20)\d\d", low):
        return "date", 1
    if (
        re.fullmatch(r"\d+(?:st|nd|rd|th)?", low)
        and i + 3 < len(tokens)
        and tokens[i + 1].low in ("-", "–", "—", "to")
        and re.fullmatch(r"\d+(?:st|nd|rd|th)?", tokens[i + 2].low)
        and tokens[i + 3].low in MONTHS
    ):
        span = 4  # a range of days: "13–14 April 2024"
        if i + 4 < len(tokens) and re.fullmatch(r"(?:19|20)\d\d", tokens[i + 4].low):
            span = 5
        return "date", span
    if (
        re.fullmatch(r"\d+(?:st|nd|rd|th)?", low)
        and i + 1 < len(tokens)
        and tokens[i + 1].low in MONTHS
    ):
        span = 2
        if i + 2 < len(tokens) and re.fullmatch(r"(?:19|20)\d\d", tokens[i + 2].low):
            span = 3
        return "date", span
    if re.fullmatch(r"\d+\.\d+(?:\.\d+)*", low):
        prev = tokens[i - 1] if i else None
        if prev is not None and (prev.low in ("version", "v") or is_name(prev, i - 1 == start)):
            return "version", 1
        return "number", 1
    if low[:1].isdigit() or low in NUMBER_WORDS:
        if re.fullmatch(r"\d+[a-z]\w*", low) and not re.fullmatch(r"\d+(?:k|st|nd|rd|th)", low):
            return None, 0  # a code like 4B: an identifier, not a value
        return "number", 1
    if t.text.startswith('"'):
        return None, 0
    if i > start and is_name(t, first=False) and not t.possessive and not t.pronoun:
        span = 1
        while (
            i + span < len(tokens)
            and not tokens[i + span - 1].possessive
            and is_name(tokens[i + span], first=False)
        ):
            span += 1
        return "name", span
    return None, 0


_CODE = re.compile(r"^(?:[a-z]+-?\d+[a-z]?|\d+[a-z])$")


def identifiers_in(
    tokens: tuple[Token, ...], subject: tuple[int, int], value_tokens: set[int]
) -> tuple[Identifier, ...]:
    """Nouns followed by a number ("project 28") and codes ("db-1", "INC-204", "Q1")."""
    found: list[Identifier] = []
    start, end = subject
    for i, t in enumerate(tokens):
        in_subject = start <= i < end
        if _CODE.match(t.low) and not re.fullmatch(r"\d+(?:k|st|nd|rd|th|am|pm)", t.low):
            prefix = re.match(r"^[a-z]*", t.low)
            found.append(Identifier(prefix.group(0) if prefix else "", t.low, in_subject))
            continue
        if i == 0 or not re.fullmatch(r"\d+(?:\.\d+)*[a-z]?", t.low):
            continue
        noun = tokens[i - 1]
        if (
            not is_word(noun)
            or noun.low in lx.LIGHT
            or noun.low in lx.PREPOSITIONS
            or noun.low in DATE_WORDS
            or noun.low in ("version", "v")
            or verbish(noun)  # "weighs 72 kg", "sees 25 patients": a verb's amount
            or noun.low in ADVERBS  # "approximately 25", "about 40": an amount
            or (noun.low.endswith("ly") and len(noun.low) > 4)
            # outside the subject "Python 3.9" is a product's version, a value; as the
            # subject ("Rack 3 is ...", "Invoice 1001 is due ...") it names a member
            or (not in_subject and is_name(noun, False) and not noun.text.isupper())
        ):
            continue
        found.append(Identifier(noun.stem, t.low, in_subject))
        value_tokens.discard(i)
    return tuple(found)


def ident_positions(tokens: tuple[Token, ...], ident: Identifier) -> list[int]:
    """Where ``ident``'s code stands in ``tokens``."""
    return [t.index for t in tokens if t.low == ident.code]
