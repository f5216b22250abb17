"""The grammar's colloquial rules: how people name periods in chat and at work
rather than on a calendar ("over Christmas", "two summers ago", "a week on
Saturday", "since 4 weeks", "ytd", "eod Friday", "the run-up to Easter", "Nov-Dec
last year", "Tues-Thurs this week", "the 24/25 academic year", "the autumn term").

Each is a rule of :mod:`remem.timeexpr` composed from the others (an anchor, a
count, a week), never a list of whole phrasings; the conventions are in
docs/concepts.md#time-expressions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from remem.timeexpr.base import UNITS, WEEKDAY, Found, ParserBase
from remem.timeexpr.spans import (
    Span,
    cover,
    day_span,
    month_span,
    season_span,
    week_span,
    weekend_span,
)
from remem.timewords import HOLIDAY_SPANS, HOLIDAYS, MONTHS, SEASONS

# Periods of the academic year (1 September to 31 August) by the word after their
# name: UK terms and US semesters, as whole calendar months (first, last month).
_TERMS = {
    "term": {"fall": (9, 12), "spring": (1, 3), "summer": (4, 7)},
    "semester": {"fall": (9, 12), "spring": (1, 5), "summer": (6, 8)},
}
# "eod", "eow" ...: the end of the day, week, month, quarter or year said in.
_ENDS = {"eod": "day", "cob": "day", "eow": "week", "eom": "month", "eoq": "quarter",
         "eoy": "year"}  # fmt: skip
# "ytd", "mtd" ...: from the start of the year, quarter, month or week to the day said.
_TO_DATE = {"ytd": "year", "qtd": "quarter", "mtd": "month", "wtd": "week"}
_SINGLE_WORD_HOLIDAYS = {words[0]: rule for words, rule in HOLIDAYS.items() if len(words) == 1}


# After a day or a period: the last one ("the weekend that's just been": "'s" is dropped).
_JUST_GONE = tuple(
    f"{lead}just {verb}" for lead in ("", "that ") for verb in ("gone", "passed", "been", "went")
)


class ColloquialRules(ParserBase):
    """Rules for periods named the way people talk about them."""

    def _over(self, i: int) -> list[Found]:
        """ "over Christmas", "over the Christmas hols", "over Easter": the holiday's days
        (Christmas: the Christmas period) most recently begun, up to the day said."""
        j = self.words(i, "over the", "over")
        if j is None:
            return []
        holiday = self._holiday(j)
        if holiday is None:
            return []
        rule, k = holiday
        words = tuple(self.w[j:k])
        first, last = HOLIDAY_SPANS.get(words, HOLIDAY_SPANS.get((*words, "holidays"), (0, 0)))
        a = self.anchor
        for year in (a.year, a.year - 1):
            start = rule(year) + timedelta(days=first)
            if start <= a:
                end = min(rule(year) + timedelta(days=last), a)
                return [(Span(start, end, "holiday"), k)]
        return []

    def _plural_ago(self, i: int) -> list[Found]:
        """ "two summers ago", "three Christmases ago": the n-th most recent one."""
        number = self.number(i)
        if number is None:
            return []
        (n, _), j = number
        word, k = self.at(j), j + 1
        if self.at(k) != "ago" or not word.endswith("s"):
            return []
        stem = (
            word[:-2] if word.endswith("es") and word[:-2] in _SINGLE_WORD_HOLIDAYS else word[:-1]
        )
        a = self.anchor
        if stem in SEASONS:
            years = [y for y in range(a.year - n - 2, a.year + 1) if season_span(stem, y).end < a]
            return [(season_span(stem, years[-n]), k + 1)] if len(years) >= n else []
        rule = _SINGLE_WORD_HOLIDAYS.get(stem)
        if rule is None:
            return []
        days = [rule(y) for y in range(a.year - n - 1, a.year + 1) if rule(y) < a]
        return [(day_span(days[-n]), k + 1)] if len(days) >= n else []

    def _week_on(self, i: int) -> list[Found]:
        """British "a week today", "a week tomorrow", "a fortnight on Saturday", "a week
        yesterday": the day named, moved a week (a fortnight) away from the day said."""
        number = self.number(i)
        if number is None or self.at(number[1]) not in ("week", "weeks", "fortnight"):
            return []
        (n, _), j = number
        days = 7 * n * (2 if self.at(j) == "fortnight" else 1)
        k = j + 1 + (self.at(j + 1) == "on")
        word, a = self.at(k), self.anchor
        base = {"today": a, "tomorrow": a + timedelta(days=1), "yesterday": a - timedelta(days=1)}
        if word in base:
            sign = -1 if word == "yesterday" else 1
            return [(day_span(base[word] + timedelta(days=sign * days)), k + 1)]
        if word in WEEKDAY and (len(word) > 3 or k > j + 1):
            return [(day_span(self._weekday_after(a, WEEKDAY[word]) + timedelta(days=days)), k + 1)]
        return []

    def _week_day(self, i: int) -> list[Found]:
        """ "next week Thursday", "last week on Friday": that day of the week named;
        "Thursday week": the coming Thursday, a week on (British); "midweek"."""
        a, word = self.anchor, self.at(i)
        if word == "midweek":  # Tuesday to Thursday of the week said, or of the week named
            week = self.longest(i + 1)
            if week is not None and week[0].grain == "week":  # "midweek next week"
                tuesday = week[0].start + timedelta(days=1)
                return [(Span(tuesday, tuesday + timedelta(days=2), "range"), week[1])]
            tuesday = a - timedelta(days=a.weekday() - 1)
            return [(Span(tuesday, tuesday + timedelta(days=2), "range"), i + 1)]
        if word in WEEKDAY and self.at(i + 1) == "week":
            after = self.at(i + 2)
            if after in ("of", "ago", "before", "after") or self.number(i + 2) is not None:
                return []
            return [(day_span(self._weekday_after(a, WEEKDAY[word]) + timedelta(days=7)), i + 2)]
        for phrase, weeks in (("next week", 1), ("last week", -1), ("this week", 0)):
            j = self.words(i, phrase)
            if j is None:
                continue
            k = j + (self.at(j) == "on")
            if self.at(k) in WEEKDAY:
                monday = a - timedelta(days=a.weekday()) + timedelta(weeks=weeks)
                return [(day_span(monday + timedelta(days=WEEKDAY[self.at(k)])), k + 1)]
        return []

    def _since_count(self, i: int) -> list[Found]:
        """ "since 4 weeks", "since two months" (a count, not a point: "for the past ...")."""
        if self.at(i) != "since":
            return []
        length = self._duration_length(i + 1) if self.number(i + 1) is not None else None
        if length is None or self.at(length[1]) == "ago":
            return []
        start, end = length
        return [(Span(start, self.anchor, "range"), end)]

    def _duration_length(self, i: int) -> tuple[date, int] | None:
        raise NotImplementedError  # provided by ShiftRules

    def _to_date(self, i: int) -> list[Found]:
        """ "ytd", "year to date", "so far this month": from the first day of the calendar
        unit the day said is in to that day."""
        a, word = self.anchor, self.at(i)
        if word in _TO_DATE:
            return [(Span(self.unit_span(_TO_DATE[word], a).start, a, "range"), i + 1)]
        if self.at(i + 1) == "to" and self.at(i + 2) == "date" and word in _TO_DATE.values():
            return [(Span(self.unit_span(word, a).start, a, "range"), i + 3)]
        j = self.words(i, "so far this")
        if j is not None and self.at(j) in ("week", "month", "quarter", "year"):
            return [(Span(self.unit_span(self.at(j), a).start, a, "range"), j + 1)]
        return []

    def _deadline(self, i: int) -> list[Found]:
        """ "eod", "eow", "eoq", "cob": the last day of the unit said in; "eod Friday",
        "end of play Friday", "close of business Monday": the next such day."""
        a = self.anchor
        j = i + 1 if self.at(i) in ("eod", "cob") else None
        j = j or self.words(i, "end of day", "end of play", "end of business", "close of business")
        if j is not None and self.at(j) in WEEKDAY:
            return [(day_span(self._weekday_after(a, WEEKDAY[self.at(j)])), j + 1)]
        if j is not None and self.at(j) in ("today", "tomorrow"):  # "cob tomorrow"
            return [(day_span(a + timedelta(days=self.at(j) == "tomorrow")), j + 1)]
        unit = _ENDS.get(self.at(i))
        if unit is None:
            return []
        end = self.unit_span(unit, a).end
        return [(day_span(end - timedelta(days=2) if unit == "week" else end), i + 1)]

    def _run_up(self, i: int) -> list[Found]:
        """ "the run-up to X", "the lead-up to X", "the build-up to X": the week before X."""
        j = self.words(i, "the run up to", "the lead up to", "the build up to", "the runup to")
        if j is None:
            return []
        base = self.anchor_expr(j)
        if base is None:
            return []
        span, k = base
        return [(Span(span.start - timedelta(days=7), span.start - timedelta(days=1), "range"), k)]

    def _pair(self, i: int) -> list[Found]:
        """Two months or two weekdays as a range ("Nov-Dec last year", "Tues-Thurs this
        week", "March to May 2024"), the qualifier after the second read for both."""
        first, j = self.at(i), i + 1 + (self.at(i + 1) in ("to", "through", "till", "until"))
        second = self.at(j)
        if first in MONTHS and second in MONTHS:
            year = self._year_after(j + 1)
            y, k = year if year is not None else (self.anchor.year, j + 1)
            m1, m2 = MONTHS[first], MONTHS[second]
            return [(cover(month_span(y - (m1 > m2), m1), month_span(y, m2)), k)]
        if first in WEEKDAY and second in WEEKDAY:
            week = self.longest(j + 1)
            if week is None or week[0].grain != "week":
                return []
            start = week[0].start
            d1, d2 = WEEKDAY[first], WEEKDAY[second]
            if d1 > d2:
                return []
            return [
                (Span(start + timedelta(days=d1), start + timedelta(days=d2), "range"), week[1])
            ]
        return []

    def _academic(self, i: int) -> list[Found]:
        """ "this academic year", "the 24/25 school year", "last autumn term", "fall
        semester": the academic year runs from 1 September to 31 August."""
        j = i + (self.at(i) == "the")
        which, k = self._which_word(j)
        name, number_year = self.at(k), None
        pair = re.fullmatch(r"(?:\d\d)?(\d\d)/\d\d", name)  # "24/25" (one token)
        if pair is not None:
            number_year, k = int(pair[1]), k + 1
            name = self.at(k)
        elif re.fullmatch(r"\d\d(\d\d)?", name) and re.fullmatch(r"\d\d", self.at(k + 1)):
            number_year, k = int(name[-2:]), k + 2  # "2024/25" (two tokens), not "12th 13th"
            name = self.at(k)
        a = self.anchor
        current = a.year if a.month >= 9 else a.year - 1  # the academic year's first year
        if name in ("academic", "school") and self.at(k + 1) == "year":
            if number_year is not None:
                first = 2000 + number_year
            else:
                first = current + {"last": -1, "next": 1}.get(which or "", 0)
            return [(Span(date(first, 9, 1), date(first + 1, 8, 31), "range"), k + 2)]
        kind = self.at(k + 1)
        if name not in ("fall", "spring", "summer") or kind not in _TERMS:
            return []
        m1, m2 = _TERMS[kind][name]
        year_of: Callable[[int], int] = lambda first: first if m1 >= 9 else first + 1  # noqa: E731
        span = self._term(m1, m2, year_of(current))
        if which == "last":
            while span.end >= a:
                span = self._term(m1, m2, span.start.year - 1)
        elif which == "next":
            while span.start <= a:
                span = self._term(m1, m2, span.start.year + 1)
        elif which is None and span.start > a:  # a bare term not begun: the last one
            span = self._term(m1, m2, span.start.year - 1)
        return [(span, k + 2)]

    def _term(self, m1: int, m2: int, year: int) -> Span:
        return cover(month_span(year, m1), month_span(year, m2))

    def _which_word(self, j: int) -> tuple[str | None, int]:
        word = self.at(j)
        if word in ("this", "current"):
            return "this", j + 1
        if word in ("last", "previous"):
            return "last", j + 1
        if word == "next":
            return "next", j + 1
        return None, j

    def _just_gone(self, i: int) -> list[Found]:
        """ "the weekend just gone", "Friday just passed", "the week just gone": the last
        one; "over the weekend" said on a weekday: the weekend before it."""
        a = self.anchor
        if self.words(i, "over the weekend") is not None:
            d = a if a.weekday() >= 5 else a - timedelta(days=a.weekday() + 1)
            return [(weekend_span(d), i + 3)]
        j = i + (self.at(i) == "the")
        word = self.at(j)
        pair = self.at(j + 1) == "and" and self.at(j + 2) in WEEKDAY  # "Sat and Sun just gone"
        k = self.words(j + 1 + 2 * pair, *_JUST_GONE)
        if k is None:
            return []
        if word in WEEKDAY:
            last = self._weekday_before(a, WEEKDAY[word])
            if pair:
                end = last + timedelta(days=(WEEKDAY[self.at(j + 2)] - last.weekday()) % 7)
                return [(Span(last, end, "range"), k)] if end < a else []
            return [(day_span(last), k)]
        unit = UNITS.get(word)
        if unit in ("week", "weekend", "month", "year"):
            return [self._count(unit, 1, 1, -1, False, k)]
        return []

    def _few_days_of(self, i: int) -> list[Found]:
        """ "the last few days of October", "the first couple of days of the month": the
        first or last five (a few) or two (a couple) days."""
        i += self.at(i) == "the"
        k = self.words(i, "first few days of", "last few days of")
        n = 5
        if k is None:
            k, n = self.words(i, "first couple of days of", "last couple of days of"), 2
        if k is None:
            return []
        j = self.words(k, "the month", "the quarter", "the year", "the week")
        if j is not None:
            span = self.unit_span(self.at(j - 1), self.anchor)
        else:
            found = self.longest(k)
            if found is None:
                return []
            span, j = found
        if self.at(i) == "first":
            return [
                (Span(span.start, min(span.end, span.start + timedelta(days=n - 1)), "part"), j)
            ]
        return [(Span(max(span.start, span.end - timedelta(days=n - 1)), span.end, "part"), j)]

    def _week_of(self, i: int) -> list[Found]:
        j = self.words(i, "the week of", "the weekend of", "week of", "weekend of")
        if j is None:
            return []
        base = self.longest(j)
        if base is None:
            return []
        span, k = base
        return [((week_span if self.at(j - 2) == "week" else weekend_span)(span.start), k)]

    def _one_after(self, i: int) -> list[Found]:
        """ "the Friday after this one", "this Saturday but the one after": a week after
        this week's (the coming one once this week's has passed)."""
        k = self.words(i, "the")
        if k is not None and self.at(k) in WEEKDAY:
            end = self.words(k + 1, "after this one", "after this")
        elif self.at(i) == "this" and self.at(i + 1) in WEEKDAY:
            k, end = i + 1, self.words(i + 2, "but the one after that", "but the one after")
        else:
            return []
        if end is None:
            return []
        a = self.anchor
        this = a + timedelta(days=WEEKDAY[self.at(k)] - a.weekday())
        this += timedelta(days=7) if this < a else timedelta(0)
        return [(day_span(this + timedelta(days=7)), end)]
