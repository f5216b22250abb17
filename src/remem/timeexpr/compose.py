"""The grammar's composed shifts: a length of time counted from another expression
rather than from the day said.

- "a year ago last month", "a month ago yesterday", "a year ago last Tuesday": the
  expression after "ago", moved back;
- "a week from yesterday", "three weeks from Tuesday" (a bare weekday: the coming one),
  "two days after tomorrow": moved on;
- British "a week last Friday" (a week before last Friday) and "Tuesday fortnight"
  (a fortnight after the coming Tuesday).

The moved expression keeps its grain: a month stays a whole month, a day a day.
"""

from __future__ import annotations

from datetime import date, timedelta

from remem.timeexpr.base import UNITS, WEEKDAY, Found, ParserBase
from remem.timeexpr.spans import (
    Span,
    day_span,
    month_span,
    shift_years,
    week_span,
    year_span,
)
from remem.timewords import shift_months

# What a composed shift may count from: words that open a deictic expression.
_FROM_WORDS = frozenset({"last", "next", "this", "yesterday", "today", "tomorrow", "the"})


def shift(d: date, unit: str, n: int) -> date:
    """``d`` moved ``n`` units (day, week, fortnight, month, year; negative: back), the
    day clipped to the month."""
    if unit == "day":
        return d + timedelta(days=n)
    if unit in ("week", "fortnight"):
        return d + timedelta(weeks=n * (2 if unit == "fortnight" else 1))
    if unit == "month":
        return shift_months(d, n)
    return shift_years(d, n)


def move(span: Span, unit: str, n: int) -> Span:
    """``span`` moved ``n`` units (negative: back), its grain kept."""
    start = shift(span.start, unit, n)
    if span.grain == "month":
        return month_span(start.year, start.month)
    if span.grain == "week":
        return week_span(start)
    if span.grain == "year":
        return year_span(start.year)
    return Span(start, shift(span.end, unit, n), span.grain)


class ComposeRules(ParserBase):
    """Rules that move another expression by a length."""

    def _length(self, i: int) -> tuple[str, int, int] | None:
        """ "a year", "three weeks", "a fortnight": (unit, count, next index)."""
        number = self.number(i)
        if number is None:
            return None
        (lo, hi), j = number
        unit = UNITS.get(self.at(j))
        if lo != hi or unit not in ("day", "week", "fortnight", "month", "year"):
            return None
        return unit, hi, j + 1

    def _composed(self, i: int) -> list[Found]:
        length = self._length(i)
        if length is None:
            return []
        unit, n, j = length
        word = self.at(j)
        if word == "ago" and self.at(j + 1) in _FROM_WORDS - {"the"}:  # "a year ago last month"
            base = self.longest(j + 1)
            sign = -1
        elif word in ("from", "after") and (
            self.at(j + 1) in _FROM_WORDS | set(WEEKDAY) and self.at(j + 1) not in ("now", "the")
        ):
            if self.at(j + 1) in WEEKDAY:  # "three weeks from Tuesday": the coming Tuesday
                day = self._weekday_after(self.anchor, WEEKDAY[self.at(j + 1)])
                base = (day_span(day), j + 2)
            else:
                base = self.longest(j + 1)
            sign = 1
        elif word == "last" and self.at(j + 1) in WEEKDAY and unit in ("week", "fortnight"):
            base = self.longest(j)  # British "a week last Friday": a week before it
            sign = -1
        else:
            return []
        if base is None or base[0].grain in ("range", "around"):
            return []
        span, k = base
        return [(move(span, unit, sign * n), k)]

    def _weekday_fortnight(self, i: int) -> list[Found]:
        """British "Tuesday fortnight": the coming Tuesday, a fortnight on."""
        word = self.at(i)
        if word not in WEEKDAY or len(word) <= 3 or self.at(i + 1) != "fortnight":
            return []
        day = self._weekday_after(self.anchor, WEEKDAY[word]) + timedelta(weeks=2)
        return [(day_span(day), i + 2)]
