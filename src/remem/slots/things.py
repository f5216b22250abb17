"""One noun, two named things: "Anchor Street rent" and "the Marine Road rent",
"Luz's allowance" and "Tavo's allowance".

A common noun that both facts have, each time told with a name before it (a
capitalised word, or a possessive other than the speaker's) that the other fact
never says, is two members of one kind, like "project 1" / "project 28": "Henryk
dropped the Marine Road rent to £650.00" is no news of "Anchor Street rent is
£695.00 a month". The named noun must be the thing a statement is about, not its
value: before the main verb ("Anchor Street rent is ..."), or in a statement that
holds a value of its own (an amount, a number, a date, a version): "switched to the
Aldi superstore" after "shops at the Tesco superstore" names the new value, and
stays an update. Pure functions.
"""

from __future__ import annotations

from remem.slots import lexicon as lx
from remem.slots.facts import Fact
from remem.slots.subject import speaker_words
from remem.slots.tokens import ADVERBS, Token, is_name, is_word

_TYPED = frozenset("money number date version".split())


def named_things(fact: Fact) -> dict[str, frozenset[str]]:
    """The fact's common nouns told with names right before them: noun stem -> the
    names' lower-cased words ("rent" -> {"marine", "road"})."""
    me = speaker_words(fact.speaker)
    valued = {i for v in fact.values for i in v.tokens if v.kind != "name"}
    own_value = any(v.kind in _TYPED for v in fact.values)
    out: dict[str, frozenset[str]] = {}
    tokens = fact.tokens
    for p, t in enumerate(tokens):
        if p == 0 or not _common_noun(t) or t.index in valued:
            continue
        if p > fact.verb_at and not own_value:
            continue  # after the verb, in a statement with no value of its own: its value
        names: list[str] = []
        k = p - 1
        while k >= 0 and _qualifier(tokens, k):
            if tokens[k].low not in me:
                names.append(tokens[k].low)
            k -= 1
        if names:
            out[t.stem] = frozenset(names)
    return out


def _common_noun(t: Token) -> bool:
    return (
        is_word(t)
        and t.text[:1].islower()
        and not t.possessive
        and not t.pronoun
        and t.low not in lx.LIGHT
        and t.low not in lx.DETERMINERS
        and t.low not in lx.PREPOSITIONS
        and t.low not in ADVERBS
    )


def _qualifier(tokens: tuple[Token, ...], k: int) -> bool:
    """A name word before a noun: capitalised not merely as the sentence's first word
    ("Marine Road rent"), or a possessive ("Tavo's allowance", "luz's allowance")."""
    t = tokens[k]
    if t.pronoun or not is_word(t):
        return False
    return t.possessive or (k > 0 and is_name(t, first=False)) or (k == 0 and is_name(t, True))


def other_thing(old: Fact, new: Fact) -> str | None:
    """Why the two are about two named things of one kind, or None (see the module doc)."""
    ours, theirs = named_things(old), named_things(new)
    for noun in sorted(set(ours) & set(theirs)):
        a, b = ours[noun], theirs[noun]
        if a & b or a & (new.mentions | new.possessors) or b & (old.mentions | old.possessors):
            continue  # one name both say, or one side names the other's
        return f"another {noun}: {' '.join(sorted(a))} / {' '.join(sorted(b))}"
    return None


def named_apart(old: Fact, sentence: Fact, text: Fact) -> bool:
    """Whether ``sentence``, one sentence of the several of ``text``, says a noun bare
    that ``old`` tells with a name ("Anchor Street rent is £695.00") while the rest of
    the text names another thing and never that name ("Change at Marine Road. Rent is
    now £750.00."): the sentence's noun is the other text's thing, as "the Marine Road
    rent" would be (:func:`other_thing`)."""
    if sentence is text:
        return False
    ours, bare = named_things(old), named_things(sentence)
    nouns = [n for n in ours if n in sentence.mentions and n not in bare]
    if not nouns or any(ours[n] & (text.mentions | text.possessors) for n in nouns):
        return False
    me = speaker_words(text.speaker)
    told = {
        t.low
        for k, t in enumerate(text.tokens)
        if k > 0 and is_name(t, first=False) and t.low not in me and t.low not in sentence.mentions
    }
    return bool(told - old.mentions)
