"""The values a new statement names as ending ("left Google", "from Flask to FastAPI",
"Max passed away") and whether a statement names a value at all
(:mod:`remem.slots.compare`)."""

from __future__ import annotations

import re

from remem.slots import lexicon as lx
from remem.slots.facts import Fact, Value
from remem.slots.tokens import Token, stem

_WINDOW = 4  # words before a named value in which an ending cue ("stepped down as") is sought
_BREAKS = frozenset("and or but so then because while when is are was were has have".split())


def mentioned(value: Value, fact: Fact) -> bool:
    """Whether ``fact`` names ``value`` too: every word of a date or number, any word
    of a name ("Mercy" names "Mercy Hospital")."""
    words = [w for w in value.text.split() if w not in lx.LIGHT]
    lows = {t.low for t in fact.tokens}
    if value.kind == "name":  # its first word, or most of it ("Mercy" names "Mercy Hospital")
        return bool(words) and (words[0] in lows or 2 * sum(w in lows for w in words) > len(words))
    return bool(words) and all(w in lows for w in words)


def ended_values(old: Fact, new: Fact) -> frozenset[str]:
    """Stems of the old fact's values or words that the new fact names as ending: right
    after an ending cue ("left Google", "sold the Civic", "instead of taking the bus"),
    between "from" and "to" ("from Flask to FastAPI"), or right before an ending verb
    ("Max passed away", "my Trek got stolen")."""
    speakers = {old.speaker, new.speaker}
    named = {i for v in old.values for i in v.tokens}
    candidates = {
        form: t.stem
        for t in old.tokens
        if (t.text[:1].isalnum() or t.index in named)
        and not t.pronoun
        and t.low not in lx.LIGHT
        and t.stem not in old.key
        and t.low not in speakers
        # a plain word ("soccer") ends only under a change cue ("quit soccer"); a
        # value ("Seattle") under any ending word ("out of Seattle")
        and (t.index in named or bool(new.strong_cues))
        for form in (t.low, _stem_of(t), _bare(t.low) if t.index in named else t.low)
    }
    tokens = new.tokens
    lows = [t.low for t in tokens]
    ended: set[str] = set()
    for p, low in enumerate(lows):
        if tokens[p].pronoun:
            continue
        low = low if low in candidates else _stem_of(tokens[p])  # "swims" / "swimming"
        if low not in candidates:
            continue
        after = " ".join(lows[p + 1 : p + 1 + _WINDOW])
        for start in _object_starts(tokens, p):
            before = " ".join(lows[max(0, start - _WINDOW) : start])
            from_to = "from" in lows[max(0, start - 2) : start] and any(
                w in ("to", "into", "onto", "with", "for", "→", ">") for w in lows[p + 1 : p + 5]
            )
            cue_before = lx.ENDING_BEFORE.search(before) is not None and before.endswith(
                _last_cue(before)
            )
            if from_to or cue_before:
                ended.add(candidates[low])
        if lx.ENDING_AFTER.match(after):
            ended.add(candidates[low])
    return frozenset(ended)


def _object_starts(tokens: tuple[Token, ...], p: int) -> tuple[int, ...]:
    """Where the noun phrase ending at ``tokens[p]`` may start: back over determiners,
    possessives and names, and optionally one more word ("instead of taking the bus")."""
    start = p
    while start > 0:
        prev = tokens[start - 1]
        if prev.low in lx.DETERMINERS or prev.possessive or prev.text[:1].isupper():
            start -= 1
        else:
            break
    if start > 0 and tokens[start - 1].text[:1].isalpha() and tokens[start - 1].low not in _BREAKS:
        return (start, start - 1)
    return (start,)


def _bare(low: str) -> str:
    """A value's number without its currency sign or unit ("€60" -> "60"): "instead of
    60" names "€60"."""
    match = _NUMBER.search(low)
    return match.group(0) if match else low


_NUMBER = re.compile(r"\d[\d.,:]*\d|\d")


def _stem_of(t: Token) -> str:
    return stem(t.low) if t.text[:1].isalpha() else t.low


def _last_cue(before: str) -> str:
    """The text of the last ending cue in ``before`` (it must end the window)."""
    matches = list(lx.ENDING_BEFORE.finditer(before))
    return matches[-1].group(0) if matches else "\0"
