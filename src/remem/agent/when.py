"""Future days named in a message: what forward triggers are made from.

:func:`future_dates` reads a text against the day it was said and returns each
expression that names a day to come, resolved to that day:

- ``tomorrow``, ``the day after tomorrow``;
- a weekday: ``next Friday``, ``this Friday``, ``on Friday``, ``by Friday``,
  ``coming Friday`` (the next one after today, as :mod:`remem.write.dates`
  counts it);
- ``next week`` (its Monday), ``next month`` (its 1st), ``next quarter``,
  ``next year`` (their first day);
- spans forward: ``in 6 months``, ``in two weeks``, ``in 3 days``,
  ``10 days from now`` (months keep the day of the month, clamped);
- ends of periods: ``by the end of the quarter``, ``end of the month``,
  ``end of next month``, ``end of the week`` (its Friday), ``end of the year``;
- dates: ``on March 3``, ``March 3rd``, ``3 March``, ``the 3rd of March``,
  ``March 3, 2027``, ``2027-03-03``.

Only the future counts: "last Friday", "3 days ago", "yesterday" name no
trigger, nor does today. A date without a year that has passed this year is
taken as next year's only when the sentence looks ahead (``will``, ``due``,
``deadline``, ``by``, ``until``, ``next``, ...); otherwise it is most likely a
past event ("we shipped on March 3") and is skipped. Days further ahead than
``horizon_days`` are ignored. Offline, deterministic, English only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from remem.textsplit import sentence_spans
from remem.timewords import (
    MONTHS,
    NUMBER_WORDS,
    WEEKDAYS,
    days_in_month,
    month_pattern,
    shift_months,
)

_NUM = (
    r"(?P<n>\d{1,3}|a couple of|couple of|a few|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    + ")"
)
_EXTRA_NUMBERS = {"a couple of": 2, "couple of": 2, "a few": 3}
_UNIT = r"(?P<unit>day|week|month|year)s?"
_WD = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
_MONTH = month_pattern()
_ORD = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<y>20\d\d))?"

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(rx, re.IGNORECASE))
    for name, rx in (
        ("iso", r"\b(?P<y>20\d\d)-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"),
        ("md", r"\b" + _MONTH + r"\s+" + _ORD + r"\b" + _YEAR + r"\b"),
        ("dm", r"\b(?:the\s+)?" + _ORD + r"\s+(?:of\s+)?" + _MONTH + _YEAR + r"\b"),
        ("dat", r"\bthe day after tomorrow\b"),
        ("tomorrow", r"\btomorrow\b"),
        (
            "end",
            r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+|(?P<next>next)\s+)?"
            r"(?P<period>week|month|quarter|year)\b",
        ),
        ("next", r"\bnext\s+(?P<period>week|month|quarter|year)\b"),
        ("in", r"\bin\s+" + _NUM + r"\s+" + _UNIT + r"\b"),
        ("from_now", r"\b" + _NUM + r"\s+" + _UNIT + r"\s+from\s+(?:now|today)\b"),
        ("weekday", r"\b(?P<rel>next|this|coming|on|by|until|before)\s+" + _WD + r"\b"),
    )
)
# A sentence that looks ahead: a passed yearless date in it is next year's.
_AHEAD = re.compile(
    r"\b(?:will|shall|going to|gonna|due|deadline|by|until|till|before|next|upcoming|"
    r"scheduled|plan(?:s|ned)?|expect(?:s|ed)?|remind|need to|have to|must)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class FutureDate:
    """One forward time expression: the words, the day they name, where they are."""

    phrase: str
    day: date
    start: int
    end: int


def future_dates(text: str, today: date, *, horizon_days: int = 730) -> list[FutureDate]:
    """Each expression in ``text`` naming a day after ``today`` (in text order; an
    expression inside a longer one counts once)."""
    found: list[FutureDate] = []
    taken: list[tuple[int, int]] = []
    for name, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < b and a < m.end() for a, b in taken):
                continue
            day = _resolve(name, m, today, _sentence_of(text, m.start()))
            if day is None:
                continue
            taken.append((m.start(), m.end()))
            if today < day <= today + timedelta(days=horizon_days):
                found.append(FutureDate(m.group(0).strip(), day, m.start(), m.end()))
    return sorted(found, key=lambda f: f.start)


def sentence_at(text: str, position: int) -> str:
    """The sentence of ``text`` around ``position``, stripped."""
    return _sentence_of(text, position).strip()


def _sentence_of(text: str, position: int) -> str:
    for start, end in sentence_spans(text):
        if start <= position < end:
            return text[start:end]
    return text


def _number(raw: str) -> int:
    low = raw.lower()
    if low.isdigit():
        return int(low)
    return _EXTRA_NUMBERS.get(low) or NUMBER_WORDS[low]


def _resolve(name: str, m: re.Match[str], today: date, sentence: str) -> date | None:
    if name == "iso":
        return _safe_date(int(m["y"]), int(m["m"]), int(m["d"]))
    if name in ("md", "dm"):
        month, day = MONTHS[m["month"].lower()], int(m["d"])
        if m["y"]:
            return _safe_date(int(m["y"]), month, day)
        this_year = _safe_date(today.year, month, day)
        if this_year is None or this_year > today:
            return this_year
        # Passed this year: next year's only when the sentence looks ahead.
        return _safe_date(today.year + 1, month, day) if _AHEAD.search(sentence) else None
    if name == "dat":
        return today + timedelta(days=2)
    if name == "tomorrow":
        return today + timedelta(days=1)
    if name == "end":
        return _period_end(today, m["period"].lower(), 1 if m["next"] else 0)
    if name == "next":
        return _period_start(today, m["period"].lower(), 1)
    if name in ("in", "from_now"):
        n, unit = _number(m["n"]), m["unit"].lower()
        if unit == "day":
            return today + timedelta(days=n)
        if unit == "week":
            return today + timedelta(weeks=n)
        if unit == "month":
            return shift_months(today, n)
        return shift_months(today, 12 * n)
    if name == "weekday":
        target = WEEKDAYS.index(m["wd"].lower().rstrip("s"))
        return today + timedelta(days=(target - today.weekday()) % 7 or 7)
    return None


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _quarter_start(day: date) -> date:
    return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)


def _period_start(today: date, period: str, ahead: int) -> date:
    """The first day of the ``period`` ``ahead`` periods after the current one."""
    if period == "week":
        return today - timedelta(days=today.weekday()) + timedelta(weeks=ahead)
    if period == "month":
        return shift_months(date(today.year, today.month, 1), ahead)
    if period == "quarter":
        return shift_months(_quarter_start(today), 3 * ahead)
    return date(today.year + ahead, 1, 1)


def _period_end(today: date, period: str, ahead: int) -> date:
    """The last day of the ``period`` ``ahead`` periods after the current one (a
    week ends on its Friday: the working week); when the current one ends today,
    the next one's."""
    if period == "week":
        friday = _period_start(today, "week", ahead) + timedelta(days=4)
        return friday if friday > today else friday + timedelta(weeks=1)
    start = _period_start(today, period, ahead)
    months = {"month": 1, "quarter": 3, "year": 12}[period]
    last = shift_months(start, months - 1)
    end = date(last.year, last.month, days_in_month(last.year, last.month))
    return end if end > today else _period_end(today, period, ahead + 1)
