"""Words as people type them: chat shorthand spelled out, and time words with letters
dropped, doubled at the wrong place, swapped or (in a long word) changed read as the
word meant (:mod:`remem.timeexpr`)."""

from __future__ import annotations

import functools
import re

from remem.timeexpr.base import TIME_WORDS
from remem.timewords import HOLIDAYS, MONTHS, SEASONS, WEEKDAYS

# Time words long enough that a word missing a letter of one is that word misspelled.
_LONG_WORDS = tuple(
    sorted(
        w
        for w in (
            set(WEEKDAYS)
            | set(MONTHS)
            | set(SEASONS)
            | {w for words in HOLIDAYS for w in words}
            | set("yesterday tomorrow tonight weekend weekends quarter quarters before".split())
        )
        if len(w) >= 6
    )
)


# Chat shorthand for time words (the usual abbreviations, not typos: see _typo).
SHORTHAND = {
    "yday": "yesterday", "yest": "yesterday", "tmrw": "tomorrow", "tmr": "tomorrow",
    "tmw": "tomorrow", "tomoz": "tomorrow", "tonite": "tonight", "nite": "night",
    "wk": "week", "wks": "weeks", "wknd": "weekend", "wknds": "weekends", "wkend": "weekend",
    "wkends": "weekends", "mos": "months", "mth": "month", "mths": "months",
    "yr": "year", "yrs": "years", "qtr": "quarter", "qtrs": "quarters", "nxt": "next",
    "prev": "previous", "b4": "before", "thurs": "thursday", "thur": "thursday",
    "tues": "tuesday", "weds": "wednesday", "xmas": "christmas", "autumn": "fall",
    "mo": "month", "mnth": "month", "mnths": "months", "thru": "through", "–": "-",
}  # fmt: skip
_DEIXIS = ("last", "next", "this", "past")
_TYPO_MIN = 5  # letters of a token read as a time word with letters dropped


def norm(token: str) -> str:
    """A token as the rules compare it: lower case, a possessive dropped ("Mother's",
    "Presidents'"), a leading apostrophe dropped ("'90s"), chat shorthand spelled out
    ("wk", "yday", "b4") and a time word with a letter or two dropped restored
    ("febuary", "summr", "wensday")."""
    word = token.casefold()
    if word.endswith("'s"):
        word = word[:-2]
    elif word.endswith("s'"):
        word = word[:-1]
    if re.fullmatch(r"'\d\d", word):  # "'22", "'99": a year
        return str((2000 if int(word[1:]) < 70 else 1900) + int(word[1:]))
    word = word.lstrip("'")
    return SHORTHAND.get(word) or _typo(word)


@functools.lru_cache(maxsize=8192)  # bounded: a server reads unbounded vocabularies
def _typo(word: str) -> str:
    """The long time word (a month, a weekday, a season, a holiday word) that ``word``
    is with letters dropped — one for a word of up to 7 letters, two for a longer one —
    or ``word`` itself; also a doubled letter typed at the wrong place ("tommorow") and two neighbouring
    letters swapped ("thrusday"). A letter changed only inside a word of 8 letters or
    more ("yestarday"): a real word one letter away from a shorter one ("winner",
    "simmer") is not a time word misspelled."""
    if len(word) < _TYPO_MIN or not word.isalpha() or word in _LONG_WORDS:
        return word
    single = re.sub(r"(.)\1+", r"\1", word)
    for target in _LONG_WORDS:
        dropped = len(target) - len(word)
        if 0 < dropped <= (1 if len(target) <= 7 else 2) and _drops(target, word):
            return target
        moved = dropped == 0 and re.search(r"(.)\1", target)  # "tommorow": rr typed as mm
        if moved and len(single) < len(target) and _drops(target, single):
            return target
        if dropped == 0 and _swapped(target, word):
            return target
        if dropped == 0 and len(word) >= 8 and _changed(target, word):
            return target
    return word


def _changed(target: str, word: str) -> bool:
    """``word`` is ``target`` (8 letters or more) with one letter inside changed
    ("yestarday"): a long time word has no real word one letter away."""
    diff = [k for k in range(len(word)) if word[k] != target[k]]
    return len(diff) == 1 and 0 < diff[0] < len(word) - 1


def deixis_typos(words: list[str]) -> list[str]:
    """A short deictic word typed with its last letter dropped or two letters swapped,
    before a unit or a named time ("las week", "thsi weekend"): that word."""
    out = list(words)
    for k, word in enumerate(words[:-1]):
        if word in _DEIXIS or len(word) < 3 or words[k + 1] not in TIME_WORDS:
            continue
        for target in _DEIXIS:
            near = target[:-1] == word or (len(word) == len(target) and _swapped(target, word))
            if near and word[0] == target[0]:
                out[k] = target
                break
    return out


def _swapped(target: str, word: str) -> bool:
    """``word`` is ``target`` with two neighbouring letters swapped ("thrusday"), the
    first letter kept."""
    diff = [k for k in range(len(word)) if word[k] != target[k]]
    return (
        len(diff) == 2
        and diff[0] > 0
        and diff[1] == diff[0] + 1
        and word[diff[0]] == target[diff[1]]
        and word[diff[1]] == target[diff[0]]
    )


def _drops(target: str, word: str) -> bool:
    """``word`` is ``target`` with some letters deleted, the first letter kept."""
    if word[0] != target[0]:
        return False
    it = iter(target)
    return all(ch in it for ch in word)
