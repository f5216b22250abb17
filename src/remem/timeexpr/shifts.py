"""The grammar's relative rules: shifts, durations and ranges counted from an anchor
("three days ago", "the week before X", "for the past two weeks", "since Easter",
"between X and Y", "around X", "the other day")."""

from __future__ import annotations

from datetime import date, timedelta

from remem.timeexpr.base import (
    APPROX,
    DURATION_LEAD,
    UNITS,
    WEEKDAY,
    Found,
    ParserBase,
)
from remem.timeexpr.spans import (
    Span,
    day_span,
    month_span,
    shift_years,
    week_span,
    weekend_span,
    year_span,
)
from remem.timewords import HOLIDAY_SPANS, shift_months

# A vague count as a length back from now ("the last couple of months", "these past few
# days"): the count people mean, where a vague point in time ("a few days ago") keeps
# the whole range of FUZZY.
_TYPICAL = {"couple": 2, "few": 3}
# What may follow a bare "N units before" that ends it (not "before the trip").
_CLAUSE_END = frozenset({"", "only", "and", "but", "so"})
_HOURS = frozenset({"hour", "hours", "hr", "hrs"})


class ShiftRules(ParserBase):
    """Rules that move from an anchor (the day said, or an expression)."""

    def _approx(self, i: int) -> list[Found]:
        if self.at(i) not in APPROX:
            return []
        j = i + 1 + (self.at(i + 1) in APPROX)  # "round about Easter"
        if self.at(j) == "this" and self.at(j + 1) == "time":
            base = self._this_time(j)
        else:
            base = self.longest(j)
        if base is None:
            return []
        span, k = base
        if span.grain == "around":  # "around this time last year": already a fortnight
            return [base]
        pad = timedelta(days=7)
        return [(Span(span.start - pad, span.end + pad, "range"), k)]

    def _this_time(self, i: int) -> Found | None:
        """ "this time last week / next month" (the same day one unit away, the day
        clipped to the month), "this time last year", "this time next year", "this time
        two years ago" (a fortnight around the same date then: a year back, "this time"
        is a season, not a day)."""
        j = i + 2
        if self.at(j) in ("last", "next") and self.at(j + 1) in ("week", "month", "year"):
            n, unit, k = (-1 if self.at(j) == "last" else 1), self.at(j + 1), j + 2
        else:
            number = self.number(j)
            if number is None:
                return None
            unit = UNITS.get(self.at(number[1]), "")
            tail = self.at(number[1] + 1)
            if unit not in ("week", "month", "year") or tail not in ("ago", "from", "hence"):
                return None
            n, k = number[0][0] * (-1 if tail == "ago" else 1), number[1] + 2
            k += self.at(k - 1) == "from" and self.at(k) in ("now", "today")
        if unit == "week":
            return day_span(self.anchor + timedelta(weeks=n)), k
        if unit == "month":
            return day_span(shift_months(self.anchor, n)), k
        then, pad = shift_years(self.anchor, n), timedelta(days=7)
        return Span(then - pad, then + pad, "around"), k

    def _duration_length(self, i: int) -> tuple[date, int] | None:
        """A length counted back from the anchor: its first day and the next index."""
        if self.at(i) == "half":  # "the past half year", "the last half a year"
            k = i + 1 + (self.at(i + 1) in ("a", "an"))
            if UNITS.get(self.at(k)) == "year":
                return shift_months(self.anchor, -6), k + 1
            return None
        number = self.number(i)
        n, j = (1, i) if number is None else (number[0][1], number[1])
        fuzzy = self.at(i + (self.at(i) in ("a", "an")))
        n = _TYPICAL.get(fuzzy, n) if number is not None else n  # "the last few days": 3
        if self.at(j) in ("hour", "hours", "hr", "hrs"):  # "the last 48 hours": whole days
            return self.anchor - timedelta(days=-(-n // 24)), j + 1
        unit = UNITS.get(self.at(j))
        if unit is None or unit in ("weekend", "quarter"):
            return None
        start = {
            "day": lambda: self.anchor - timedelta(days=n),
            "week": lambda: self.anchor - timedelta(weeks=n),
            "fortnight": lambda: self.anchor - timedelta(weeks=2 * n),
            "month": lambda: shift_months(self.anchor, -n),
            "year": lambda: shift_years(self.anchor, -n),
            "decade": lambda: shift_years(self.anchor, -10 * n),
        }[unit]()
        return start, j + 1

    def _duration(self, i: int) -> list[Found]:
        """ "for three years", "for the past two weeks", "over the last 10 days", "in
        the past month", "the past few days", "for a week now": [anchor - length, anchor]."""
        j = i + 1 if self.at(i) in DURATION_LEAD else i
        lead = j > i
        k = self.words(j, "the past", "the last", "the previous", "these past", "this past")
        if k is None and self.at(j) == "past" and self.number(j + 1) is not None:
            k = j + 1  # "past 3 months"
        if k is None:
            if not lead or self.at(i) != "for":
                return []
            k = j  # "for three years"
        if not lead and self.at(j + 1) == "previous" and self.number(k) is None:
            return []  # "the previous week" is the week before this one ("last week")
        length = self._duration_length(k)
        if length is None:
            return []
        start, end = length
        if self.at(end) == "now":
            end += 1
        return [(Span(start, self.anchor, "range"), end)]

    def _since(self, i: int) -> list[Found]:
        if self.at(i) != "since":
            return []
        found = self.longest(i + 1)
        if found is None:
            return []
        span, j = found
        if span.start > self.anchor:  # "since Easter" said before this year's
            again = self.reanchored(shift_years(self.anchor, -1))
            retry = None if again is None else again.longest(i + 1)
            if retry is None or retry[0].start > self.anchor:
                return []
            span = retry[0]
        first, last = HOLIDAY_SPANS.get(tuple(self.w[i + 1 : j][:3]), (0, 0))
        if span.grain == "holiday" and first < 0 == last:  # New Year's: from the day
            span = Span(span.start - timedelta(days=first), span.end, "holiday")
        return [(Span(span.start, self.anchor, "range"), j)]

    def _relative(self, i: int) -> list[Found]:
        """ "three days ago", "two weeks back", "in five days", "a month from now", "a week
        from today" (one day), "a year ago today", "two Fridays ago"."""
        out: list[Found] = []
        exact = self.at(i) == "exactly"  # "exactly a year ago": that day, not that year
        number = self.number(i + exact)
        if number is not None:
            (lo, hi), j = number
            word = self.at(j)
            if word in WEEKDAY and self.at(j + 1) == "ago":
                last = self._weekday_before(self.anchor, WEEKDAY[word])
                span = day_span(last - timedelta(weeks=hi - 1))
                return [(Span(span.start, (last - timedelta(weeks=lo - 1)), "day"), j + 2)]
            unit = UNITS.get(word)
            if word in _HOURS and hi >= 24:  # "48 hours ago": whole days
                unit, lo, hi = "day", lo // 24, hi // 24
            if unit is not None:
                k = j + 1
                for tail, sign in (("ago", -1), ("back", -1), ("earlier", -1), ("from now", 1)):
                    end = self.words(k, tail)
                    if end is not None:
                        today = self.words(end, "today")
                        single = (
                            today is not None or exact or sign > 0
                        )  # "a year from now": that day
                        out.append(self._count(unit, lo, hi, sign, single, today or end))
                end = self.words(k, "from today")
                if end is not None:
                    out.append(self._count(unit, lo, hi, 1, True, end))
                if self.at(k) == "before" and self.at(k + 1) in _CLAUSE_END:
                    # "2 weeks before", nothing after it to count from: ago
                    out.append(self._count(unit, lo, hi, -1, False, k + 1))
        if self.at(i) == "before":  # non-native "before 3 days" (Indian English): ago
            number = self.number(i + 1)
            unit = UNITS.get(self.at(number[1])) if number is not None else None
            if number is not None and unit is not None and self.longest(number[1] + 1) is None:
                (lo, hi), j = number
                out.append(self._count(unit, lo, hi, -1, False, j + 1))
        if self.at(i) == "in":
            number = self.number(i + 1)
            if number is not None and self.at(number[1]) in UNITS:
                (lo, hi), j = number
                unit = UNITS[self.at(j)]
                out.append(self._count(unit, lo, hi, 1, False, j + 1))
        return out

    def _shifted(self, i: int) -> list[Found]:
        """ "<N units | the day/week/weekend/month/<weekday>> before|after <anchor>"."""
        number = self.number(i)
        if number is not None and self.at(number[1]) in UNITS:
            (n, _), j = number
            unit = UNITS[self.at(j)]
            j += 1
        elif number is not None and self.at(number[1]) in _HOURS and number[0][0] >= 24:
            (n, _), j = number  # "48 hours before the deadline": whole days
            unit, n, j = "day", n // 24, j + 1
        elif (t := i + (self.at(i) == "the")) >= 0 and (
            self.at(t) in UNITS or self.at(t) in WEEKDAY or self.at(t) == "night"
        ):  # "the day before X", "day before yday"
            n, j = 0, t + 1
            unit = UNITS.get(self.at(t), self.at(t))
        else:
            return []
        direction = self.at(j)
        if direction not in ("before", "after", "prior", "following"):
            return []
        j += 2 if direction == "prior" and self.at(j + 1) == "to" else 1
        sign = -1 if direction in ("before", "prior") else 1
        if self.at(j) in ("last", "next") and n == 0:  # "the week before last"
            return []
        base = self.anchor_expr(j)
        if base is None:
            return []
        span, k = base
        d = span.start if sign < 0 else span.end
        if n == 0:
            if unit in WEEKDAY:
                wd = WEEKDAY[unit]
                moved = self._weekday_before(d, wd) if sign < 0 else self._weekday_after(d, wd)
                return [(day_span(moved), k)]
            if unit in ("day", "night"):
                return [(day_span(d + timedelta(days=sign)), k)]
            if unit == "week":
                if sign < 0:
                    return [(Span(d - timedelta(days=7), d - timedelta(days=1), "range"), k)]
                return [(Span(d + timedelta(days=1), d + timedelta(days=7), "range"), k)]
            if unit == "weekend":  # the last one ending before / first starting after
                saturday = weekend_span(d).start
                if sign < 0 and saturday + timedelta(days=1) >= d:
                    saturday -= timedelta(days=7)
                if sign > 0 and saturday <= d:
                    saturday += timedelta(days=7)
                return [(Span(saturday, saturday + timedelta(days=1), "weekend"), k)]
            if unit == "month":
                moved = shift_months(d, sign)
                return [(month_span(moved.year, moved.month), k)]
            if unit == "year":
                return [(year_span(d.year + sign), k)]
            return []
        days = {"day": 1, "week": 7, "fortnight": 14, "weekend": 7}.get(unit)
        if days is not None:
            return [(day_span(d + timedelta(days=sign * n * days)), k)]
        if unit == "month":
            return [(day_span(shift_months(d, sign * n)), k)]
        if unit in ("year", "decade"):
            return [(day_span(shift_years(d, sign * n * (10 if unit == "decade" else 1))), k)]
        return []

    def _deictic(self, i: int) -> list[Found]:
        a = self.anchor
        one = {
            "the day before yesterday": -2, "the day after tomorrow": 2, "last night": -1,
            "yesterday": -1, "today": 0, "tonight": 0, "this morning": 0,
            "this afternoon": 0, "this evening": 0, "earlier today": 0, "tomorrow": 1, "overmorrow": 2,
            # non-native, as French "avant-hier" / "après-demain"
            "before yesterday": -2, "after tomorrow": 2,
        }  # fmt: skip
        for phrase, offset in one.items():
            j = self.words(i, phrase)
            if j is not None:
                # "tomorrow's tomorrow", "the day after tomorrow's tomorrow": a day further
                while j - 1 in self.possessive and self.at(j) in ("tomorrow", "yesterday"):
                    offset, j = offset + (1 if self.at(j) == "tomorrow" else -1), j + 1
                return [(day_span(a + timedelta(days=offset)), j)]
        if self.words(i, "this time") is not None:
            same = self._this_time(i)
            if same is not None:
                return [same]
        k = self.words(i, "the same time", "same time")
        if k is not None:  # "same time last year": as "this time"
            same = self._this_time(k - 2)
            if same is not None:
                return [same]
        j = self.words(i, "the other day", "the other night")
        if j is not None:
            return [(Span(a - timedelta(days=7), a - timedelta(days=1), "range"), j)]
        j = self.words(i, "the other week")
        if j is not None:  # one of the two calendar weeks before this one
            monday = week_span(a).start
            return [(Span(monday - timedelta(days=14), monday - timedelta(days=1), "range"), j)]
        j = self.words(i, "earlier this", "later this", "earlier in the", "later in the")
        j = j or self.words(i, "earlier on this", "later on this", "later on in the")
        if j is None or self.at(j) not in ("week", "month", "quarter", "year"):
            return []
        span = self.unit_span(self.at(j), a)
        if self.at(i) == "earlier":
            return [(Span(span.start, a - timedelta(days=1), "range"), j + 1)]
        return [(Span(a + timedelta(days=1), span.end, "range"), j + 1)]
