"""The grammar's working-day rules: Monday to Friday as a unit of their own, public
holidays not removed (no calendar of a country is assumed).

- "the first / last / second working day (business day, weekday) of <period>";
- "in N working days", "N business days ago / from now";
- "N working days before / after <day>" (the day may be dated in place: "two working
  days before the board meeting on the 15th");
- "the next / previous working day";
- ISO 8601 week numbers: "week 53 of 2020", "ISO week 1 of 2026", "KW 34", "weeks 10-12"
  (Monday to Sunday; week 1 holds the year's first Thursday).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from remem.timeexpr.base import ORDINALS, Found, ParserBase
from remem.timeexpr.spans import Span, day_span

_KINDS = ("working day", "business day", "work day", "weekday", "workday")


def add_workdays(d: date, n: int) -> date:
    """``n`` Monday-to-Friday days after ``d`` (before it when ``n`` < 0)."""
    step = 1 if n >= 0 else -1
    left = abs(n)
    while left:
        d += timedelta(days=step)
        if d.weekday() < 5:
            left -= 1
    return d


def iso_week(year: int, week: int) -> Span | None:
    """Week ``week`` of ISO year ``year``, or None if that year has no such week."""
    try:
        monday = date.fromisocalendar(year, week, 1)
    except ValueError:
        return None
    return Span(monday, monday + timedelta(days=6), "week")


class WorkdayRules(ParserBase):
    """Rules that count Monday-to-Friday days and number weeks."""

    def _iso_week(self, i: int) -> list[Found]:
        """ "week 53 of 2020", "ISO week 1 of 2026", "KW 34", "weeks 10-12", "wk 7": a
        week without a year is the anchor's ISO year's."""
        j = i + (self.at(i) == "iso")
        if self.at(j) not in ("week", "weeks", "kw", "cw") or not self.at(j + 1).isdigit():
            return []
        first, k = int(self.at(j + 1)), j + 2
        last = first
        if self.at(k) in ("-", "–", "to") and self.at(k + 1).isdigit() and self.at(j) == "weeks":
            last, k = int(self.at(k + 1)), k + 2
        year = self.anchor.isocalendar()[0]
        k2 = k + (self.at(k) in ("of", "in"))
        if re.fullmatch(r"(?:19|20)\d\d", self.at(k2)):
            year, k = int(self.at(k2)), k2 + 1
        if i == j and self.at(j) in ("week", "weeks") and k == j + 2:
            return []  # "week 3" alone is more often a count of a plan than a date
        start, end = iso_week(year, first), iso_week(year, last)
        if start is None or end is None or end.end < start.start:
            return []
        return [(Span(start.start, end.end, "week" if first == last else "range"), k)]

    def _kind(self, i: int) -> int | None:
        """The index after "working day(s)" and its synonyms at ``i``."""
        for kind in _KINDS:
            k = self.words(i, kind, kind + "s")
            if k is not None:
                return k
        return None

    def _nth_workday(self, i: int) -> list[Found]:
        """ "the first working day of next month", "the last business day of the quarter"."""
        j = i + (self.at(i) == "the")
        if self.at(j) not in ORDINALS:
            return []
        n = ORDINALS[self.at(j)]
        k = self._kind(j + 1)
        if k is None or self.at(k) not in ("of", "in"):
            return []
        words = ("the month", "the quarter", "the year", "the week")
        target = self.words(k + 1, *words)
        if target is not None:
            span = self.unit_span(self.at(target - 1), self.anchor)
        else:
            found = self.longest(k + 1)
            if found is None:
                return []
            span, target = found
        days = [
            span.start + timedelta(days=d)
            for d in range((span.end - span.start).days + 1)
            if (span.start + timedelta(days=d)).weekday() < 5
        ]
        if not days or abs(n) > len(days):
            return []
        return [(day_span(days[n - 1 if n > 0 else n]), target)]

    def _workday_count(self, i: int) -> list[Found]:
        """ "in 5 working days", "three business days ago", "2 working days before the
        deadline on Friday", "the next working day"."""
        a = self.anchor
        lead = self.words(i, "the next", "the following", "the previous", "next", "previous")
        if lead is not None:
            k = self._kind(lead)
            if k is None:
                return []
            sign = -1 if self.at(lead - 1) == "previous" else 1
            return [(day_span(add_workdays(a, sign)), k)]
        j = i + (self.at(i) in ("in", "within"))
        number = self.number(j)
        if number is None:
            return []
        (lo, hi), k = number
        end = self._kind(k)
        if end is None or lo != hi:
            return []
        if j > i:  # "in 5 working days"
            return [(day_span(add_workdays(a, hi)), end)]
        tail = self.at(end)
        if tail == "ago":
            return [(day_span(add_workdays(a, -hi)), end + 1)]
        if tail in ("from", "hence") and self.at(end + 1) in ("now", "today"):
            return [(day_span(add_workdays(a, hi)), end + 2)]
        if tail in ("before", "after"):
            base = self.anchor_expr(end + 1)
            if base is None:
                return []
            span, k2 = base
            if tail == "before":
                return [(day_span(add_workdays(span.start, -hi)), k2)]
            return [(day_span(add_workdays(span.end, hi)), k2)]
        return []
