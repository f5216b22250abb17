"""The grammar's anchor rules: named days, weeks, months, seasons, quarters, years,
decades and holidays, bare or with ``this`` / ``last`` / ``next`` / ``before last``,
and their parts ("mid-June", "the second week of September", "late last year")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from remem.stopwords import STOPWORDS
from remem.timeexpr.base import (
    MONTH_LEAD,
    ORDINAL_WORDS,
    ORDINALS,
    UNITS,
    WEEKDAY,
    Found,
    ParserBase,
)
from remem.timeexpr.digits import numeric_date
from remem.timeexpr.spans import (
    Span,
    day_span,
    month_span,
    part_span,
    quarter_span,
    season_span,
    week_span,
    year_span,
)
from remem.timewords import HOLIDAY_SPANS, HOLIDAY_WEEKENDS, MONTHS, SEASONS, days_in_month

# The parts of a span by the words that name them: "(the) beginning of", "back end of".
_PART_WORDS = (
    ("beginning", "early"), ("begin", "early"), ("start", "early"), ("middle", "mid"),
    ("end", "late"),
    ("back end", "late"), ("tail end", "late"), ("first half", "first"),
    ("front half", "first"), ("second half", "second"), ("back half", "second"),
    ("latter half", "second"), ("midway through", "mid"), ("halfway through", "mid"),
    ("mid way through", "mid"), ("half way through", "mid"),
)  # fmt: skip

# Words after which a bare season is this year's ("late spring", "in summer", "the end of
# autumn"; not "by").
_SEASON_LEAD = frozenset("early mid late in during since until till through of".split())


class AnchorRules(ParserBase):
    """Rules for things with a name on the calendar."""

    def _which(self, i: int) -> tuple[str, int] | None:
        """A deictic modifier: last / next / this (and "the previous", "this coming")."""
        for phrases, mode in (
            (("this past", "the previous", "the past", "last", "previous", "past"), "last"),
            (("this coming", "the coming", "coming"), "coming"),
            (("the following", "next"), "next"),
            (("this", "the current", "current"), "this"),
        ):
            j = self.words(i, *phrases)
            if j is not None:
                return mode, j
        return None

    def _modified(self, i: int) -> list[Found]:
        """ "last week", "this coming Sunday", "next Easter", "the summer before last", "over
        the summer", "this quarter"..."""
        out: list[Found] = []
        which = self._which(i)
        if which is not None:
            mode, j = which
            span = self._resolve(j, mode)
            if span is not None:
                out.append(span)
        # "the week before last", "the Monday before last", "night before last"
        for tail, mode in (("before last", "last2"), ("after next", "next2")):
            for at in (i + 1, i) if self.at(i) == "the" else (i,):
                span = self._resolve(at, mode, tail=tail)
                if span is not None:
                    out.append(span)
        lead = self.words(i, "over the", "during the", "in the", "the", "over")
        if lead is not None and self.at(lead) in SEASONS:
            year = self._year_after(lead + 1)
            if year is not None:  # "the summer of 2019"
                out.append((season_span(self.at(lead), year[0]), year[1]))
            else:  # "over the summer": the latest that has started, up to the anchor
                start = self._season_at(self.at(lead), "started")
                out.append((Span(start.start, min(start.end, self.anchor), "season"), lead + 1))
        return out

    def _resolve(self, j: int, mode: str, *, tail: str = "") -> Found | None:
        """The thing at ``j`` (a unit, weekday, season, month or holiday) in ``mode``."""
        word, a = self.at(j), self.anchor
        end = j + 1
        if tail:
            k = self.words(end, tail)
            if k is None:
                return None
            end = k
        if mode == "coming":  # "this coming weekend": the first one ahead, even tomorrow
            if UNITS.get(word) == "weekend":
                saturday = self._weekday_after(a, 5)
                return Span(saturday, saturday + timedelta(days=1), "weekend"), end
            mode = "next"
        back = {"last": -1, "next": 1, "this": 0, "last2": -2, "next2": 2}[mode]
        if tail and word in ("day", "night"):  # "the night before last": two days back
            return day_span(a + timedelta(days=back)), end
        unit = UNITS.get(word)
        if unit in ("week", "fortnight", "weekend", "month", "quarter", "year", "decade"):
            return self._count(unit, abs(back), abs(back), 1 if back > 0 else -1, False, end)
        if word in WEEKDAY:
            wd = WEEKDAY[word]
            if mode == "this":
                return day_span(a - timedelta(days=a.weekday() - wd)), end
            if back < 0:
                return day_span(self._weekday_before(a, wd) - timedelta(weeks=-back - 1)), end
            return day_span(self._weekday_after(a, wd) + timedelta(weeks=back - 1)), end
        if word in SEASONS:
            if mode == "this":
                return self._season_this(word), end
            span = self._season_at(word, "ended" if back < 0 else "after")
            if abs(back) == 2:
                moved = span.start.year + (-1 if back < 0 else 1)
                span = season_span(word, moved)
            return span, end
        if word in MONTHS:
            month = MONTHS[word]
            if mode == "this":
                return month_span(a.year, month), end
            year = a.year
            if back < 0:
                year -= 1 if month >= a.month else 0
            else:
                year += 1 if month <= a.month else 0
            return month_span(year + (back // 2 if abs(back) == 2 else 0), month), end
        holiday = self._holiday(j)
        if holiday is not None:
            rule, k = holiday
            if mode == "this":
                day = rule(a.year)
            elif back < 0:
                day = rule(a.year) if rule(a.year) < a else rule(a.year - 1)
            else:
                day = rule(a.year) if rule(a.year) > a else rule(a.year + 1)
            return Span(day, day, "holiday"), k
        return None

    def _season_this(self, name: str) -> Span:
        a = self.anchor
        for year in (a.year - 1, a.year):  # the one the anchor is in (a winter from last year)
            span = season_span(name, year)
            if span.start <= a <= span.end:
                return span
        return season_span(name, a.year)

    def _season_at(self, name: str, which: str) -> Span:
        """The latest season of ``name`` that has ``ended`` / ``started`` by the anchor,
        or the first that starts ``after`` it."""
        a = self.anchor
        if which == "after":
            for year in (a.year - 1, a.year, a.year + 1):
                span = season_span(name, year)
                if span.start > a:
                    return span
        for year in (a.year, a.year - 1, a.year - 2):
            span = season_span(name, year)
            if (span.end < a) if which == "ended" else (span.start <= a):
                return span
        return season_span(name, a.year - 1)

    def _part_of(self, i: int) -> list[Found]:
        """ "early/mid/late X", "the beginning/middle/end of X", "the first/second half of X"."""
        j = i
        part = {"early": "early", "mid": "mid", "middle": "mid", "late": "late"}.get(self.at(i))
        if part is not None:
            j = i + 1 + (self.at(i + 1) in ("of", "in"))  # "mid June", "early in the new year"
        else:
            at = i + (self.at(i) == "the")  # "the beginning of", "beginning of"
            for phrase, name in _PART_WORDS:
                k = self.words(at, phrase)
                if k is not None and (self.at(k) == "of" or phrase.endswith("through")):
                    part, j = name, k + (self.at(k) == "of")
                    break
        if part is None:
            return []
        base = self._of_target(j)
        if base is None:
            return []
        span, k = base
        return [(part_span(span, part), k)]

    def _of_target(self, j: int) -> Found | None:
        """What a part or an ordinal week is taken of: "the year", "the month" (this one)
        or any expression."""
        for phrase, unit in (("the year", "year"), ("the month", "month"), ("the week", "week")):
            k = self.words(j, phrase)
            if k is not None and self.at(k) not in ("before", "after"):
                return self._count(unit, 0, 0, 1, False, k)
        k = self.words(j, "the new year")
        if k is not None:  # "the first Friday of the new year": the year ahead from July on
            return year_span(self.anchor.year + (self.anchor.month >= 7)), k
        return self.longest(j)

    def _nth_of(self, i: int) -> list[Found]:
        """ "the second week of September", "the last weekend of November", "the first
        Monday of June"."""
        i += self.at(i) == "the"  # "the first weekend of", "first weekend in"
        second_last = self.words(i, "second to last", "second last")
        if second_last is not None:  # "the second-to-last Friday of June"
            i = second_last - 1
        elif self.at(i) not in ORDINALS:
            return []
        n = -2 if second_last is not None else ORDINALS[self.at(i)]
        thing = self.at(i + 1)
        if self.at(i + 2) not in ("of", "in") or not (
            thing in ("week", "weekend") or thing in WEEKDAY
        ):
            return []
        base = self._of_target(i + 3)
        if base is None:
            return []
        span, k = base
        if thing == "week":
            if n > 0:
                start = span.start + timedelta(days=7 * (n - 1))
                return [(Span(start, min(span.end, start + timedelta(days=6)), "week"), k)]
            return [(Span(span.end - timedelta(days=6), span.end, "week"), k)]
        weekday = 5 if thing == "weekend" else WEEKDAY[thing]
        if n > 0:
            first = span.start + timedelta(days=(weekday - span.start.weekday()) % 7)
            day = first + timedelta(weeks=n - 1)
        else:  # "the last Friday", "the penultimate Friday"
            day = span.end - timedelta(days=(span.end.weekday() - weekday) % 7 + 7 * (-n - 1))
        if thing == "weekend":
            return [(Span(day, day + timedelta(days=1), "weekend"), k)]
        return [(day_span(day), k)]

    def _named(self, i: int) -> list[Found]:
        """Bare anchors: dates, days of the month, weekdays, months, years, decades,
        quarters, seasons and holidays (in the anchor's year unless a year follows)."""
        a, word = self.anchor, self.at(i)
        out: list[Found] = []
        if word == "the" and self._day_number(i + 1) is not None:  # "the 21st"
            return self._day_named(i + 1, self._day_number(i + 1) or 0)
        tens = self.at(i + 1) if word == "the" else ""
        if tens in ("twenty", "thirty") and self._day_number(i + 2) is not None:
            return self._day_named(i + 2, self._day_number(i + 2) or 0)  # "the thirty-first of"
        numeric = numeric_date(self.w, i, a)
        if numeric is not None:
            return [(day_span(numeric), i + 1)]
        if word in WEEKDAY and (len(word) > 3 or self.at(i + 1) in ("before", "after", "of")):
            wd = WEEKDAY[word]
            dated = self.longest(i + 1 + (self.at(i + 1) == "the"))
            if dated is not None and dated[0].grain == "day" and dated[0].start.weekday() == wd:
                return [dated]  # "Tuesday, March 5"
            week = self.longest(i + 2) if self.at(i + 1) == "of" else dated
            if week is not None and week[0].grain == "week":  # "Tuesday (of) last week"
                return [(day_span(week[0].start + timedelta(days=wd)), week[1])]
            for tail, weeks in (("after next", 1), ("before last", -1)):
                k = self.words(i + 1, tail)
                if k is not None:
                    base = self._weekday_after(a, wd) if weeks > 0 else self._weekday_before(a, wd)
                    out.append((day_span(base + timedelta(weeks=weeks)), k))
            pick = self._weekday_after if self.said_ahead(i) else self._weekday_before
            out.append((day_span(pick(a, wd)), i + 1))
        if word in MONTHS and (
            (word != "may" and len(word) > 3)
            or self.at(i + 1)[:1].isdigit()
            or self.at(i - 1) in MONTH_LEAD
        ):
            out.extend(self._month_named(i))
        day = self._day_number(i)
        if day is not None:
            out.extend(self._day_named(i, day))
        if re.fullmatch(r"(?:19|20)\d\d", word):
            out.append((year_span(int(word)), i + 1))
        decade = re.fullmatch(r"(?:(19|20)?(\d)0)s", word)
        if decade:
            century = decade[1] or ("20" if int(decade[2]) <= (a.year % 100) // 10 else "19")
            start = int(century + decade[2] + "0")
            out.append((Span(date(start, 1, 1), date(start + 9, 12, 31), "decade"), i + 1))
        half = re.fullmatch(r"h([12])", word)  # "H2 2025", "h1 this year"
        if half:
            named = self._year_after(i + 1) or (a.year, i + 1)
            whole = year_span(named[0])
            out.append((part_span(whole, ("first", "second")[int(half[1]) - 1]), named[1]))
        quarter = re.fullmatch(r"q([1-4])", word)
        if quarter:
            year = self._year_after(i + 1)
            q = int(quarter[1])
            out.append(
                (quarter_span(year[0], q), year[1]) if year else (quarter_span(a.year, q), i + 1)
            )
        k = self.words(i, "the first quarter of", "the second quarter of", "the third quarter of")
        k = k or self.words(i, "the fourth quarter of")
        if k is not None:
            year = self._year_after(k)
            if year is not None:
                out.append((quarter_span(year[0], ORDINALS[self.at(i + 1)]), year[1]))
        if word in SEASONS:
            year = self._year_after(i + 1)
            if year is not None:
                out.append((season_span(word, year[0]), year[1]))
            elif self.at(i - 1) in _SEASON_LEAD:  # "late spring", "in summer": this year's
                out.append((season_span(word, a.year - (word == "winter" and a.month <= 2)), i + 1))
        holiday = self._holiday(i)
        if holiday is not None:
            rule, k = holiday
            year = self._year_after(k)
            y, k = year if year is not None else (a.year, k)
            when = rule(y)
            first, last = HOLIDAY_SPANS.get(tuple(self.w[i:k][:3]), (0, 0))
            span = Span(when + timedelta(days=first), when + timedelta(days=last), "holiday")
            out.append((span, k))
            if self.at(k) == "week" and self.at(k + 1) not in ("before", "after", "of"):
                out.append((week_span(when), k + 1))  # "Thanksgiving week": the week it is in
            for words, (lo, hi) in HOLIDAY_WEEKENDS.items():
                end = i + len(words)
                if self.w[i:end] == list(words) and self.at(end) == "weekend":
                    later = self._year_after(end + 1)  # "Easter weekend 2027"
                    if later is not None:
                        when, k = rule(later[0]), later[1] - 1
                    span = Span(when + timedelta(days=lo), when + timedelta(days=hi), "weekend")
                    out.append((span, k + 1 if later is None else later[1]))
        return out

    def _day_number(self, i: int) -> int | None:
        """A day of the month: "21", "21st", or an ordinal word before "of" ("the third
        of May", "the twenty-first of June": the last word here, the tens before it)."""
        match = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?", self.at(i))
        if match:
            return int(match[1]) if 1 <= int(match[1]) <= 31 else None
        n = ORDINAL_WORDS.get(self.at(i))
        tens = {"twenty": 20, "thirty": 30}.get(self.at(i - 1), 0) if n and n < 10 else 0
        if n is None or (self.at(i + 1) != "of" and not tens):  # "the third child"
            return None  # "the twenty-fourth" is a day without "of" too
        n += tens
        return n if n <= 31 else None

    def _month_named(self, i: int) -> list[Found]:
        """ "March", "March 3rd", "March 3, 2023", "March 2023"."""
        month = MONTHS[self.at(i)]
        day = self._day_number(i + 1)
        out: list[Found] = []
        if day is not None:
            year = self._year_after(i + 2)
            y, k = year if year is not None else (self._bare_year(i, month, day), i + 2)
            if day <= days_in_month(y, month):
                out.append((day_span(date(y, month, day)), k))
        year = self._year_after(i + 1)
        y, k = year if year is not None else (self._bare_year(i, month, 31), i + 1)
        out.append((month_span(y, month), k))
        return out

    def _bare_year(self, i: int, month: int, day: int) -> int:
        """The year of a month (and day) said without one: the anchor's, or the next
        when the sentence is about the future and that day is past ("we fly out the
        first week of January", said on 30 December)."""
        a = self.anchor
        return a.year + (self.said_ahead(i) and (month, day) < (a.month, a.day))

    def _day_named(self, i: int, day: int) -> list[Found]:
        """ "3 March [2023]", "the 3rd of March", "the 20th" (the latest on or before the
        anchor)."""
        a = self.anchor
        ordinal = not self.at(i).isdigit()
        j = i + 1 + (self.at(i + 1) == "of")
        month_of = self.longest(j) if self.at(j) not in MONTHS and self.at(i + 1) == "of" else None
        if month_of is not None and month_of[0].grain == "month":  # "the 28th of last month"
            start = month_of[0].start
            if day <= days_in_month(start.year, start.month):
                return [(day_span(start.replace(day=day)), month_of[1])]
            return []
        if self.at(j) in MONTHS:
            month = MONTHS[self.at(j)]
            year = self._year_after(j + 1)
            y, k = year if year is not None else (self._bare_year(j, month, day), j + 1)
            if day <= days_in_month(y, month):
                return [(day_span(date(y, month, day)), k)]
            return []
        after = self.at(i + 1)
        the = self.at(i - 1) == "the" or (
            self.at(i - 1) in ("twenty", "thirty") and self.at(i - 2) == "the"
        )  # "the twenty-fourth"
        if not ordinal or not the or (after and after not in STOPWORDS):
            return []  # "the 4th child" is no date
        y, m = a.year, a.month
        if self.said_ahead(i):  # "I'll pay on the 24th": the next 24th
            while day > days_in_month(y, m) or date(y, m, day) <= a:
                y, m = (y, m + 1) if m < 12 else (y + 1, 1)
            return [(day_span(date(y, m, day)), i + 1)]
        while day > days_in_month(y, m) or date(y, m, day) > a:
            y, m = (y, m - 1) if m > 1 else (y - 1, 12)
        return [(day_span(date(y, m, day)), i + 1)]
