"""The grammar's ranges: two ends joined by a connector ("between X and Y", "from
X to Y", "X till Y", "Mon–Wed last week", "the 10th till the 14th of next month",
"June 3-5"), resolved as one span from the first end's start to the second's end.

The second end is read against the day said ("from last Monday till yesterday");
when that puts it before the first end, it is the next one after the first end: the
next such weekday, or the next year's ("between Christmas and New Year's"). An end
that is only a day of the month ("the 10th", "3") takes its month from the other end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from remem.timeexpr.base import WEEKDAY, Found, ParserBase
from remem.timeexpr.spans import Span, cover, shift_months, shift_years

# Connectors after a leading "between"/"from", and the ones a range may use without one
# ("Monday to Friday", "the 3rd till the 9th"): then both ends must be of one grain.
_JOINED = ("and", "to", "until", "till", "through", "thru", "-")
_UNLED = ("to", "until", "till", "through", "thru", "-")


class RangeRules(ParserBase):
    """Ranges between two expressions."""

    _named: Callable[[int], list[Found]]  # the bare anchors (remem.timeexpr.anchors)

    def _between(self, i: int) -> list[Found]:
        """ "between X and Y", "from X to Y", "from the 2nd until the 8th"."""
        if self.at(i) not in ("between", "from"):
            return []
        return self._range(i + 1, self.longest(i + 1), led=True, between=self.at(i) == "between")

    def _from_now(self, i: int) -> list[Found]:
        """ "between now and Friday", "from today until the 12th": the day said to the end
        of X, X ahead of it (a bare weekday is the coming one)."""
        if self.at(i) not in ("between", "from") or self.at(i + 1) not in ("now", "today"):
            return []
        k = i + 2
        if self.at(k) not in ("and", "to", "till", "until", "through"):
            return []
        found = self.longest(k + 1)
        if found is None:
            return []
        (span, j), end = found, found[0].end
        if end < self.anchor and self.at(k + 1) in WEEKDAY:
            end = self._weekday_after(self.anchor, WEEKDAY[self.at(k + 1)])
        elif end < self.anchor and span.grain == "day" and self.at(k + 1) == "the":
            end = shift_months(end, 1)  # "until the 12th": the next 12th
        return [(Span(self.anchor, end, "range"), j)] if end >= self.anchor else []

    def _range_to(self, i: int) -> list[Found]:
        """ "Monday to Friday", "the 10th till the 14th of next month", "June 3-5": a range
        without a leading word, its ends of one grain."""
        if self.at(i) in ("between", "from"):
            return []
        named = self._named(i)
        first = max(named, key=lambda f: f[1]) if named else None
        return self._range(i, first, led=False, between=False)

    def _range(self, i: int, first: Found | None, *, led: bool, between: bool) -> list[Found]:
        day = self._day_only(i)
        if day is not None:
            found = self._from_day(day, led=led)
            if found or first is None or first[1] <= day[1]:
                return found
        if first is None or self.at(first[1]) not in (_JOINED if led else _UNLED):
            return []
        k = first[1] + 1
        k += self.at(first[1]) in ("through", "thru") and self.at(k) == "to"  # "through to"
        tail = self._day_only(k)
        if tail is not None and first[0].grain == "day":  # "June 3-5": the first's month
            try:
                end = first[0].start.replace(day=tail[0])
            except ValueError:
                return []
            return [(Span(first[0].start, end, "range"), tail[1])] if end >= first[0].start else []
        after = self.longest(k)
        if after is None or (not led and after[0].grain != first[0].grain):
            return []
        first = self._same_week(i, first, after)
        if after[0].end < first[0].start and after[0].start.year < first[0].start.year:
            # "between August 11 and August 15 2023": the first takes the second's year
            again = self.reanchored(date(after[0].start.year, 12, 31))
            redone = None if again is None else again.longest(i)
            if redone is not None and redone[1] == first[1]:
                first = redone
        if after[0].end < first[0].start:
            later = self._next_after(k, first[0].start)
            if later is None:
                return []
            after = (later, after[1])
        a, b = first[0], after[0]
        if between and a.grain == b.grain == "holiday":  # the days between
            return [
                (Span(a.end + timedelta(days=1), b.start - timedelta(days=1), "range"), after[1])
            ]
        return [(cover(a, b), after[1])]

    def _same_week(self, i: int, first: Found, after: Found) -> Found:
        """A bare weekday first end in the week of a dated second end ("Monday to Friday
        last week": last week's Monday)."""
        word = self.at(i)
        if word not in WEEKDAY or first[1] != i + 1 or after[0].grain != "day":
            return first
        if after[1] - first[1] <= 2 + (self.at(first[1] + 1) == "the"):  # a bare weekday
            return first
        end = after[0].start
        day = end - timedelta(days=(end.weekday() - WEEKDAY[word]) % 7)
        return Span(day, day, "day"), first[1]

    def _next_after(self, k: int, start: date) -> Span | None:
        """The expression at ``k`` as the next one after ``start``: a weekday the next such
        day, anything else as read a year on."""
        word = self.at(k + (self.at(k) == "the"))
        if word in WEEKDAY:
            wd = WEEKDAY[word]
            day = start + timedelta(days=(wd - start.weekday()) % 7)
            return Span(day, day, "day")
        again = self.reanchored(shift_years(start, 1))
        later = None if again is None else again.longest(k)
        return None if later is None else later[0]

    def _from_day(self, day: tuple[int, int], *, led: bool) -> list[Found]:
        """ "from the 20th to the 24th of last month", "3-5 June": the second end's month."""
        n, k = day
        if self.at(k) not in (_JOINED if led else _UNLED):
            return []
        after = self.longest(k + 1)
        if after is None or after[0].grain != "day":
            return []
        try:
            start = after[0].start.replace(day=n)
        except ValueError:
            return []
        return [(Span(start, after[0].end, "range"), after[1])] if start <= after[0].end else []

    def _day_only(self, i: int) -> tuple[int, int] | None:
        """A day of the month alone: "the 20th", "20th", or "20" before a connector."""
        j = i + (self.at(i) == "the")
        match = re.fullmatch(r"(\d{1,2})(st|nd|rd|th)?", self.at(j))
        if match is None or not 1 <= int(match[1]) <= 31:
            return None
        if match[2] is None and self.at(j + 1) not in _JOINED and self.at(j - 1) != "-":
            return None
        if self.at(j + 1) == "of" or self._month_after(j + 1):
            return None  # "the 3rd of June", "3 June": a whole date
        return int(match[1]), j + 1

    def _month_after(self, j: int) -> bool:
        found = self._named(j) if self.at(j) not in _JOINED else []
        return any(f[0].grain == "month" for f in found)
