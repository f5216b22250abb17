"""Change cues and events read from a fact's form (split from :mod:`remem.slots.facts`).

Whether a change word says a change ("won't quit" does not), whether "went" means
*became* ("went vegan"), whether the main verb tells a past event ("visited
Florence") rather than a state, and a change told by its form alone: a passive
or perfect verb right before "to" and a value ("has been reduced to 18 a day").
Pure functions.
"""

from __future__ import annotations

from remem.slots import lexicon as lx
from remem.slots.tokens import ADVERBS, Token, is_word, stem
from remem.slots.values import Value

__all__ = ["became", "cue_counts", "decided", "moved_to", "past_event"]


# Before a cue, these make it no change (yet): "won't quit", "would quit", "plan to move",
# "must change" (a modal: an obligation or a possibility, not a change made), "let's
# switch" (a proposal).
_NEGATORS = frozenset(
    "not never won't wont don't dont didn't didnt no can't cant would could should might may "
    "will must shall can gonna want wants plan plans planning hope hopes thinking considering "
    "if try tri trying let's".split()
)


def cue_counts(tokens: tuple[Token, ...], cue: str) -> bool:
    """Whether a change cue says a change: not negated ("won't quit", "never moved")
    and not "pushed Caroline to keep going" (pushed a person: urged, not postponed)."""
    words = cue.split()
    lows = [t.low for t in tokens]
    for i in range(len(lows) - len(words) + 1):
        if lows[i : i + len(words)] != words:
            continue
        before = [t.low for t in tokens[max(0, i - 3) : i] if t.text != "May"]  # the month
        negated = any(w in _NEGATORS or w.endswith("n't") for w in before)
        if negated and cue not in _NEGATIVE_POLARITY:  # "not 04:30 anymore" is the change
            continue
        after = tokens[i + len(words)] if i + len(words) < len(tokens) else None
        if cue == "pushed" and after is not None and after.text[:1].isupper():
            continue
        if cue in ("actually", "correction") and i > 1:
            continue  # a correction opens the sentence: "Actually, the demo is on the 12th"
        return True
    return False


# Cues that only occur under a negation: the negation before them is part of the cue.
_NEGATIVE_POLARITY = frozenset(("anymore", "any more", "not anymore"))


def decided(tokens: tuple[Token, ...]) -> str | None:
    """A change verb in its base form after a past verb and "to" ("has decided to raise
    the minimum to iOS 18.0", "agreed to move the standup"): a change that was settled;
    the cue is the verb's past form. Not after a verb of wanting or trying ("wanted to
    switch"), nor after a negation."""
    for j in range(1, len(tokens) - 1):
        if tokens[j].low != "to":
            continue
        verb, base = tokens[j - 1].low, tokens[j + 1].low
        past = verb in lx.IRREGULAR_PAST or (verb.endswith("ed") and len(verb) > 4)
        if not past or stem(verb) in _NEGATORS or verb in lx.AUXILIARIES:
            continue
        cue = _BASE_CUES.get(base)
        if cue and not any(w in _NEGATORS or w.endswith("n't") for w in _before(tokens, j - 1)):
            return cue
    return None


def _before(tokens: tuple[Token, ...], i: int) -> list[str]:
    return [t.low for t in tokens[max(0, i - 3) : i]]


def _base_forms(past: str) -> tuple[str, ...]:
    """The base forms a regular past form may have: "raised" -> "raise", "switched" ->
    "switch", "dropped" -> "drop"."""
    if not past.endswith("ed") or " " in past:
        return ()
    stem_ = past[:-2]
    forms = [past[:-1], stem_]
    if len(stem_) > 2 and stem_[-1] == stem_[-2]:
        forms.append(stem_[:-1])
    return tuple(forms)


_BASE_CUES = {base: cue for cue in lx.STRONG_CUES for base in _base_forms(cue)}


def moved_to(tokens: tuple[Token, ...], values: tuple[Value, ...]) -> str | None:
    """A change told by its form: a passive or perfect verb ("has been reduced",
    "was lowered", "got set"), a verb with no subject, or "down" / "up", right before
    "to" and a number, an amount, a version or a date ("has been reduced to
    approximately 18 per day", "down to 3 a day"); the verb (or "down to") is the cue.
    Not after a negation ("never lowered to ...")."""
    typed = {i for v in values if v.kind in _CHANGED_KINDS for i in v.tokens}
    for j, t in enumerate(tokens[:-2]):
        if tokens[j + 1].low != "to":
            continue
        k = j + 2
        while k < len(tokens) and (tokens[k].low in ADVERBS or tokens[k].low in _ABOUT):
            k += 1
        if k not in typed:
            continue
        past = t.low in lx.IRREGULAR_PAST or (t.low.endswith("ed") and len(t.low) > 4)
        # a passive or perfect ("has been reduced to", "got bumped to") or no subject
        # ("Reduced to 3"): the value is what it became, not whom an event reached
        # ("talked to 5 people")
        passive = j == 0 or tokens[j - 1].low in lx.AUXILIARIES
        cue = t.low if past and passive and t.low not in lx.AUXILIARIES else None
        if t.low in ("down", "up") and (j == 0 or tokens[j - 1].low not in ("up", "count")):
            cue = f"{t.low} to"
        if cue and cue_counts(tokens, cue):
            return cue
    return None


_CHANGED_KINDS = frozenset("number money version date".split())
_ABOUT = frozenset("about approximately around roughly nearly almost only just".split())


def became(tokens: tuple[Token, ...], verb_at: int) -> bool:
    """ "went vegan", "went quiet": ``went`` meaning *became*."""
    j = verb_at
    while j < len(tokens) and tokens[j].low in ADVERBS:
        j += 1
    if j + 1 >= len(tokens) or tokens[j].low != "went":
        return False
    k = j + 1
    while k < len(tokens) and tokens[k].low in ADVERBS:
        k += 1
    nxt = tokens[k].low if k < len(tokens) else ""
    return (
        bool(nxt)
        and is_word(tokens[k])
        and not (nxt in lx.PREPOSITIONS or nxt.endswith("ing") or nxt in ("home", "there", "and"))
    )


def past_event(tokens: tuple[Token, ...], verb_at: int, strong: tuple[str, ...]) -> bool:
    """Whether the main verb tells a past event ("visited", "ran") rather than a state."""
    if strong or verb_at >= len(tokens):
        return False
    j = verb_at
    while j < len(tokens) and tokens[j].low in ADVERBS:
        j += 1
    if j >= len(tokens):
        return False
    verb = tokens[j].low
    if verb in lx.AUXILIARIES - {"had", "did", "got"}:
        return False  # "is planned", "has been": a state or a perfect
    if verb in lx.STATE_PARTICIPLES:
        return False
    if verb == "went":  # "went vegan" is a change; "went to Rome" an event
        return not became(tokens, verb_at)
    return verb in lx.IRREGULAR_PAST or (verb.endswith("ed") and len(verb) > 4)
