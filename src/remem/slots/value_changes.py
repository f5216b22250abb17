"""What changed between two statements' values and words: a family of attribute, a
modifier, a kind of value, a product, an identifier; which values are stated rather
than placing the statement in time (:mod:`remem.slots.evidence` weighs them)."""

from __future__ import annotations

import re
from itertools import pairwise

from remem.slots import lexicon as lx
from remem.slots.facts import Fact, Identifier, Value
from remem.slots.tokens import (
    ADVERBS,
    FAMILY_OF,
    Token,
    is_word,
)


def acronym(t: Token) -> bool:
    return t.text.isalpha() and t.text.isupper() and 2 <= len(t.text) <= 5


def attribute(framed: frozenset[str]) -> frozenset[str]:
    """The subject's attribute words of a frame (not its verb or prepositions)."""
    return frozenset(w for w in framed if not w.startswith(("v:", "p:")))


def stated(values: list[Value]) -> list[Value]:
    """The values without dates that only place a statement in time ("in 2024", "this
    fall", "on 15 April 2024"): those are context, not the attribute's value."""
    return [
        v
        for v in values
        if not (
            v.kind == "date" and (re.search(r"\b(?:19|20)\d\d\b", v.text) or v.text in _SEASONS)
        )
    ]


def all_typed(fact: Fact, other: Fact) -> bool:
    """Whether everything ``fact`` says that ``other`` does not is a typed value."""
    typed = {i for v in stated(list(fact.values)) for i in v.tokens}
    rest = [
        t
        for t in fact.tokens[fact.verb_at + 1 :]
        if is_word(t)
        and t.low not in lx.LIGHT
        and t.low not in ADVERBS
        and t.low not in other.mentions
        and t.index not in typed
    ]
    return bool(typed) and not rest


_SEASONS = frozenset("spring summer fall autumn winter".split())


def ident_changed(ident: Identifier, old: Fact) -> bool:
    return any(p.noun == ident.noun and p.code != ident.code for p in old.identifiers)


def augment(stems: frozenset[str]) -> set[str]:
    out = set(stems)
    for s in stems:
        out.update("@" + f for f in FAMILY_OF.get(s, ()))
    return out


def family_changed(old_only: frozenset[str], new_only: frozenset[str]) -> str | None:
    """An attribute family whose word differs: each fact has a word of it that the
    other lacks ("is single" / "has been dating", "a pescatarian" / "eating meat"):
    two values of one attribute, like two dates."""
    a = {f for w in old_only for f in FAMILY_OF.get(w, ())}
    b = {f for w in new_only for f in FAMILY_OF.get(w, ())}
    both = sorted(a & b)
    return both[0] if both else None


def modifier_changed(old: Fact, new: Fact) -> str | None:
    """A noun both predicates have, told with another word before it ("sleeps on the
    left side" / "switched to the right side", "the night shift" / "the day shift"):
    the word before the noun is the value. None when either word is a function word
    or one the other fact has too."""

    def modified(fact: Fact) -> dict[str, str]:
        out: dict[str, str] = {}
        after = fact.tokens[fact.verb_at + 1 :]
        for prev, t in pairwise(after):
            word = is_word(t) and is_word(prev) and not prev.pronoun
            if word and prev.low not in lx.LIGHT | lx.DETERMINERS | ADVERBS:
                out.setdefault(t.stem, prev.low)
        return out

    a, b = modified(old), modified(new)
    for noun in sorted(set(a) & set(b)):
        x, y = a[noun], b[noun]
        if x != y and x not in new.mentions and y not in old.mentions and noun not in (x, y):
            return "modifier"
    return None


def same_kind(old_values: list[Value], new_values: list[Value]) -> str | None:
    """The kind of a value that differs between the two ("date", "money", ...), if any."""
    for a in old_values:
        for b in new_values:
            if a.kind != b.kind:
                continue
            if a.kind == "number" and a.unit and b.unit and a.unit != b.unit:
                continue  # 8 engineers / 3 nodes: two different counts
            return a.kind
    return None


def same_product(old_values: list[Value], new_values: list[Value]) -> str | None:
    """The product whose version changed ("Node 16" -> "Node 20"), if any."""
    old_products = {v.unit for v in old_values if v.kind == "version" and v.unit}
    return next(
        (v.unit for v in new_values if v.kind == "version" and v.unit in old_products), None
    )


def targeted(cues: tuple[str, ...], old: Fact) -> str | None:
    families = old.families
    # a year or season that only places the old statement in time ("passed it in
    # 2008") is no schedule a "moved" could change (see stated)
    has_date = any(v.kind == "date" for v in stated(list(old.values)))
    for cue in cues:
        for family in lx.STRONG_CUES.get(cue, ()):
            if family in families or (family == "schedule" and has_date):
                return f"{family} ({cue})"
    return None
