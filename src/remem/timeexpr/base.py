"""The grammar's plumbing: words, tables and the parser state the rules share
(:mod:`remem.timeexpr`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Self

from remem.timeexpr.spans import (
    Span,
    cover,
    day_span,
    month_span,
    quarter_span,
    shift_years,
    week_span,
    weekend_span,
    year_span,
)
from remem.timewords import (
    HOLIDAYS,
    MONTHS,
    MORE_NUMBER_WORDS,
    NUMBER_WORDS,
    SEASONS,
    WEEKDAYS,
    shift_months,
)

# Words and numbers, dates whole (ISO, "2024/03/05", "3/5/2024", "05.03.24", "05.03.",
# "3/25"), "Q3", ordinals ("3rd"), decades ("'90s").
TOKEN = re.compile(
    r"(?<!\d)(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?!\d)|"  # 20240305
    r"\d{5,}|"  # a longer run of digits is one number (an id, a count), never a year
    r"\d{4}-\d{1,2}-\d{1,2}|\d{4}/\d{1,2}/\d{1,2}|\d{1,2}/\d{1,2}/(?:\d{4}|\d\d)(?![\d/])|"
    r"(?<![\d.])(?:\d{1,2}\.\d{1,2}\.(?:19|20)\d\d|\d\d\.\d\d\.(?:\d\d)?)(?![\d.]?\d)|"
    r"(?<![\d/])\d{1,2}/\d{1,2}(?![\d/])|(?:(?<=\d)|(?<=st)|(?<=nd)|(?<=rd)|(?<=th))[-–](?=\d)|[qh][1-4]\b|\bb4\b|'?\d{1,4}(?:st|nd|rd|th|s)?|"
    r"[a-z]+(?:'s|s')?",
    re.IGNORECASE,
)
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2,
    "3rd": 3, "4th": 4, "5th": 5, "last": -1, "final": -1, "penultimate": -2,
}  # fmt: skip
# Days of the month as ordinal words ("the third of May"; "twenty-first": the tens apart).
ORDINAL_WORDS = {
    word: n
    for n, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
        "twentieth".split(),
        start=1,
    )
} | {"thirtieth": 30}
FUZZY = {"couple": (1, 3), "few": (2, 5), "several": (2, 6)}  # n ranges ("a few days ago")
UNITS = {
    "day": "day", "days": "day", "week": "week", "weeks": "week", "fortnight": "fortnight",
    "fortnights": "fortnight", "weekend": "weekend", "weekends": "weekend", "month": "month",
    "months": "month", "year": "year", "years": "year", "decade": "decade",
    "decades": "decade", "quarter": "quarter", "quarters": "quarter", "night": "day",
    "nights": "day",
}  # fmt: skip
WEEKDAY = {name: i for i, name in enumerate(WEEKDAYS)} | {
    name + "s": i for i, name in enumerate(WEEKDAYS)
}
WEEKDAY |= {name[:3]: i for i, name in enumerate(WEEKDAYS)}
APPROX = {"around", "round", "about", "roughly", "approximately", "circa", "near"}
DURATION_LEAD = {"for", "over", "in", "during", "within"}
# words after which a short or ambiguous month name ("May", "Jan") is the month
MONTH_LEAD = set(
    "in of since during until till by early mid late before after from through".split()
)


# Decades said as words ("the noughties", "the nineties"): the decade's tens digit.
DECADE_WORDS = {
    "noughties": 0, "tens": 1, "twenties": 2, "thirties": 3, "forties": 4, "fifties": 5,
    "sixties": 6, "seventies": 7, "eighties": 8, "nineties": 9,
}  # fmt: skip

# Words that name a time; with digits, every expression holds one within REACH words of
# its start ("the week before my birthday on June 12": "week"), so text without one is
# skipped at once.
TIME_WORDS = (
    set(UNITS)
    | set(WEEKDAY)
    | set(MONTHS)
    | set(SEASONS)
    | {w for words in HOLIDAYS for w in words if w not in ("of", "day", "st")}
    | set(
        "today tonight tomorrow overmorrow yesterday night morning afternoon evening ago now".split()
    )
    | {"q1", "q2", "q3", "q4", "h1", "h2"}
    | {"midweek"}
    | {"fy", "fiscal", "financial", "sleeps", "ides"}
    | set("ytd qtd mtd wtd eod cob eow eom eoq eoy academic term semester".split())
    | set(DECADE_WORDS)
    | {"oh", "thousand", "nineteen", "twenty"}  # years said in words
)
REACH = 8
# The words an expression can start with besides time words and digits.
STARTS = (
    set(NUMBER_WORDS)
    | set(MORE_NUMBER_WORDS)
    | set(FUZZY)
    | APPROX
    | DURATION_LEAD
    | set(ORDINALS)
    | set(ORDINAL_WORDS)
    | set(
        "the this last next past previous coming current these early mid middle late "
        "earlier later since between from beginning start end back tail front latter "
        "exactly over so ytd qtd mtd wtd eod cob eow eom eoq eoy close academic school "
        "tues thurs midway halfway half same all whole entire come coming upcoming "
        "following oh penultimate after begin midweek final working business work weekday "
        "workday weekdays workdays iso kw cw tax current before st saint ides".split()
    )
)
_HOLIDAYS_BY_FIRST: dict[str, list[tuple[tuple[str, ...], Callable[[int], date]]]] = {}
for _words, _rule in HOLIDAYS.items():
    _HOLIDAYS_BY_FIRST.setdefault(_words[0], []).append((_words, _rule))


@functools.cache
def _parts(option: str) -> list[str]:
    return option.split()


Found = tuple[Span, int]
MAX_REANCHOR = 2
Rule = Callable[[int], list[Found]]


class ParserBase:
    """Recursive descent over normalised words; each rule returns (span, next index)."""

    rules: list[Rule]

    def __init__(self, words: list[str], anchor: date) -> None:
        self.w = words
        self.anchor = anchor
        self.depth = 0  # how many re-readings against another anchor led here
        # per word: its sentence is about the future ("I'll call on Thursday"), so a bare
        # weekday, day of the month or month is the next one, not the last (set by find_times)
        self.ahead = [False] * len(words)
        # the first (month, day) of a "tax" / "financial" year here (set by find_times)
        self.fiscal: dict[str, tuple[int, int]] = {}
        self.possessive: frozenset[int] = frozenset()  # words typed with "'s" (find_times)
        self._memo: dict[int, Found | None] = {}
        # where a time word is: an expression holds one within REACH words of its start
        timely = [i for i, w in enumerate(words) if w in TIME_WORDS or w[:1].isdigit()]
        self._near = [False] * (len(words) + 1)
        self.timely = bool(timely)  # a time word or a number is there at all
        for i in timely:
            for k in range(max(0, i - REACH), i + 1):
                self._near[k] = True

    def unit_span(self, unit: str, d: date) -> Span:
        """The calendar ``unit`` (day, week, month, quarter, year) holding ``d``."""
        if unit == "day":
            return day_span(d)
        if unit == "week":
            return week_span(d)
        if unit == "month":
            return month_span(d.year, d.month)
        if unit == "quarter":
            return quarter_span(d.year, (d.month - 1) // 3 + 1)
        return year_span(d.year)

    def reanchored(self, anchor: date) -> Self | None:
        """The same words read against another anchor; None past ``MAX_REANCHOR`` nested
        re-readings (a rule that re-reads its own words must not loop: "… 2025 to 1999"
        re-read in 2025 asks for the same re-reading again)."""
        if self.depth >= MAX_REANCHOR:
            return None
        again = type(self)(self.w, anchor)
        again.depth, again.ahead, again.fiscal = self.depth + 1, self.ahead, self.fiscal
        again.possessive = self.possessive
        return again

    def said_ahead(self, i: int) -> bool:
        return 0 <= i < len(self.ahead) and self.ahead[i]

    def at(self, i: int) -> str:
        return self.w[i] if 0 <= i < len(self.w) else ""

    def words(self, i: int, *options: str) -> int | None:
        """The index after ``options`` (space-separated words) at ``i``, if one is there."""
        first = self.at(i)
        for option in options:
            parts = _parts(option)
            if parts[0] == first and self.w[i : i + len(parts)] == parts:
                return i + len(parts)
        return None

    def longest(self, i: int) -> Found | None:
        """The longest reading of any rule at ``i`` (memoised: rules ask for it often)."""
        if not 0 <= i < len(self.w) or not self._near[i]:
            return None
        word = self.w[i]
        if word not in STARTS and word not in TIME_WORDS and not word[:1].isdigit():
            return None
        if i in self._memo:
            return self._memo[i]
        best: Found | None = None
        for rule in self.rules:
            for span, j in rule(i):
                if best is None or j > best[1]:
                    best = (span, j)
        self._memo[i] = best
        return best

    def anchor_expr(self, i: int) -> Found | None:
        """An expression a shift or range counts from (an event dated in place too:
        "the move on September 1", "my birthday in June")."""
        found = self.longest(i)
        if found is not None:
            return found
        for k in range(i + 1, min(i + 6, len(self.w))):
            if self.at(k) in ("on", "in", "at"):
                inner = self.longest(k + 1)
                if inner is not None:
                    return inner
        return None

    def number(self, i: int) -> tuple[tuple[int, int], int] | None:
        """A count: digits, number words, "a"/"an", "a couple of", "a few", "several"."""
        word = self.at(i)
        k = i + (word in ("a", "an"))
        if self.at(k) in FUZZY:
            j = k + 1 + (self.at(k + 1) == "of")
            if self.at(k) == "couple" and UNITS.get(self.at(j), "day") != "day":
                return (2, 2), j  # "a couple of weeks ago": two (a couple of days: 1-3)
            return FUZZY[self.at(k)], j
        if word.isdigit() and len(word) <= 3:
            return (int(word), int(word)), i + 1
        value = NUMBER_WORDS.get(word) or MORE_NUMBER_WORDS.get(word)
        if word == "hundred" or (value is not None and self.at(i + 1) == "hundred"):
            value = 100 * (value or 1)  # "a hundred days", "two hundred years"
            return (value, value), i + 1 + (word != "hundred")
        if value is not None and value >= 20 and value % 10 == 0:
            ones = NUMBER_WORDS.get(self.at(i + 1))
            if (
                ones is not None and 1 <= ones <= 9 and self.at(i + 1) not in ("a", "an")
            ):  # "twenty-three days"
                return (value + ones, value + ones), i + 2
        if value is not None:
            return (value, value), i + 1
        return None

    def _count(self, unit: str, lo: int, hi: int, sign: int, single: bool, end: int) -> Found:
        """``lo``..``hi`` units from the anchor (``sign`` -1: back), as whole units
        (a calendar week, month, year) or, ``single``, as one day."""

        def at(n: int) -> Span:
            n *= sign
            if unit == "day":
                return day_span(self.anchor + timedelta(days=n))
            if unit in ("week", "fortnight", "weekend"):
                days = 7 * n * (2 if unit == "fortnight" else 1)
                moved = self.anchor + timedelta(days=days)
                if single:
                    return day_span(moved)
                return weekend_span(moved) if unit == "weekend" else week_span(moved)
            if unit == "month":
                moved = shift_months(self.anchor, n)
                return day_span(moved) if single else month_span(moved.year, moved.month)
            if unit == "quarter":
                moved = shift_months(self.anchor, 3 * n)
                return quarter_span(moved.year, (moved.month - 1) // 3 + 1)
            years = n * (10 if unit == "decade" else 1)
            moved = shift_years(self.anchor, years)
            return day_span(moved) if single else year_span(moved.year)

        first, second = at(lo), at(hi)
        if lo == hi:
            return first, end
        return cover(first, second), end

    def _weekday_before(self, d: date, weekday: int) -> date:
        return d - timedelta(days=(d.weekday() - weekday) % 7 or 7)

    def _weekday_after(self, d: date, weekday: int) -> date:
        return d + timedelta(days=(weekday - d.weekday()) % 7 or 7)

    def _holiday(self, i: int) -> tuple[Callable[[int], date], int] | None:
        best: tuple[Callable[[int], date], int] | None = None
        for words, rule in _HOLIDAYS_BY_FIRST.get(self.at(i), ()):
            end = i + len(words)
            if self.w[i:end] == list(words) and (best is None or end > best[1]):
                best = (rule, end)
        return best

    def _year_after(self, j: int) -> tuple[int, int] | None:
        """A year named right after an anchor: "2022", "of 2022", "last year", "this year"."""
        k = j + (self.at(j) == "of")
        word = self.at(k)
        if re.fullmatch(r"(?:19|20)\d\d", word):
            return int(word), k + 1
        for phrase, delta in (("last year", -1), ("this year", 0), ("next year", 1)):
            end = self.words(k, phrase)
            if end is not None:
                return self.anchor.year + delta, end
        return self.year_in_words(k, short=k > j)

    def year_in_words(self, i: int, *, short: bool) -> tuple[int, int] | None:
        """A year said in words at ``i`` ("twenty twenty-two"; ``short``, after "of":
        "the summer of twenty-two"), and the next index (see SpokenRules)."""
        return None
