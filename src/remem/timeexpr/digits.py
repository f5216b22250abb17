"""Dates written in digits, as one token of the grammar (:mod:`remem.timeexpr`)."""

from __future__ import annotations

import re
from datetime import date

from remem.timeexpr.base import WEEKDAY

# Words after which a slashed day and month without a year is read as a date.
_DATE_LEAD = frozenset("on by until till since from before after due the of to and - dated".split())


def _full_year(digits: str | None, anchor: date) -> int:
    """A year from its digits ("24": 2024), the anchor's year when none is given."""
    if not digits:
        return anchor.year
    return 2000 + int(digits) if len(digits) == 2 else int(digits)


def numeric_date(words: list[str], i: int, anchor: date) -> date | None:
    """A date in digits: ISO ("2024-03-05", "2024/03/05", "20240305"), dotted day first
    ("05.03.2024", "05.03.24", "05.03."), slashed month first unless the first
    number cannot be a month ("3/5/2024", "25/12/24"); a slashed date without a year
    ("12/25") only when its order is plain and it stands alone or after a word that
    leads a date ("on", "by", "until" ...): "24/7" and "3/4" are not dates."""
    word, a = words[i] if i < len(words) else "", anchor
    before = words[i - 1] if i > 0 else ""
    ymd = re.fullmatch(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})", word)
    ymd = ymd or re.fullmatch(r"((?:19|20)\d\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])", word)
    dotted = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})?", word)
    slash = re.fullmatch(r"(\d{1,2})/(\d{1,2})(?:/(\d{2}|\d{4}))?", word)
    try:
        if ymd:
            return date(int(ymd[1]), int(ymd[2]), int(ymd[3]))
        if dotted:
            return date(_full_year(dotted[3], a), int(dotted[2]), int(dotted[1]))
        if slash is None:
            return None
        first, second = int(slash[1]), int(slash[2])
        if slash[3] is None and (
            max(first, second) <= 12
            or not (len(words) == 1 or before in _DATE_LEAD or before in WEEKDAY)
        ):
            return None
        month, day = (second, first) if first > 12 else (first, second)
        return date(_full_year(slash[3], a), month, day)
    except ValueError:
        return None
