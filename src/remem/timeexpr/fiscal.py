"""Fiscal and tax years: a year that starts on another day than 1 January, chosen by
the country or company the text names.

Which year: a UK tax year runs 6 April - 5 April (the tax year of a text that names no
country); an Australian financial (and tax) year 1 July - 30 June; an Indian one
1 April - 31 March; the US federal fiscal year 1 October - 30 September (a US tax year
is the calendar year); the South African (SARS) tax year 1 March - the end of February;
a year stated in the text ("our FY starts 1 February", "we run April to March") wins
over a country. A fiscal year without a country or a stated start is not read.

How it is named: "FY25", "FY 2025", "the 2026 tax year" name the year it ends; "2023/24",
"FY 2024-25" its start and end years; "this / last / next / the current / the previous
… year" count from the one holding the day said, and "the new …" is the one that has
started within the last three months, else the next one. Parts: "Q1 of", "the last
quarter of", "H2 of", "the first half of" (three and six months from its start);
"financial year end" is its last day.
"""

from __future__ import annotations

import itertools
import re
from datetime import date, timedelta

from remem.timeexpr.base import ORDINALS, Found, ParserBase
from remem.timeexpr.spans import Span, day_span
from remem.timewords import MONTHS, shift_months

_KINDS = ("tax", "financial", "fiscal")
# The country a word names, for its fiscal year.
_COUNTRY = {
    **dict.fromkeys(
        "australia australian aussie sydney melbourne brisbane perth adelaide hobart "
        "canberra queensland tasmania ato".split(),
        "au",
    ),
    **dict.fromkeys(
        "india indian pune mumbai bombay delhi bengaluru bangalore chennai hyderabad "
        "kolkata ahmedabad noida gurgaon gurugram".split(),
        "in",
    ),
    **dict.fromkeys("federal usa irs american".split(), "us"),
    **dict.fromkeys("sars johannesburg joburg durban pretoria gauteng".split(), "za"),
    **dict.fromkeys("uk hmrc britain british england scotland wales london".split(), "uk"),
}
_STARTS = {  # (tax year, financial year) first (month, day) by country
    "au": ((7, 1), (7, 1)),
    "in": ((4, 1), (4, 1)),
    "us": ((1, 1), (10, 1)),
    "za": ((3, 1), (4, 1)),
    "uk": ((4, 6), (4, 1)),
}
_DEIXIS = {"this": 0, "current": 0, "last": -1, "previous": -1, "next": 1, "coming": 1}
_START_VERBS = frozenset("start starts starting begin begins beginning run runs running".split())
_STATED = frozenset("from to on in through till until the of - st nd rd th".split())
_SKIP = frozenset(_COUNTRY) | {"our", "their", "the", "company", "company's"}


def fiscal_starts(words: list[str]) -> dict[str, tuple[int, int]]:
    """The first (month, day) of a tax year and of a financial year for these words
    (normalised), as far as they tell."""
    if not any(w in _KINDS or w == "fy" for w in words):
        return {}
    country = next((_COUNTRY[w] for w in words if w in _COUNTRY), None)
    if country is None and any(
        a == "south" and b.startswith("africa") for a, b in itertools.pairwise(words)
    ):
        country = "za"
    starts = {"tax": (4, 6)}  # a tax year with no country: the UK's
    if country is not None:
        starts = {"tax": _STARTS[country][0], "financial": _STARTS[country][1]}
    stated = _stated_start(words)
    if stated is not None:
        starts["financial"] = stated
    return starts


def _stated_start(words: list[str]) -> tuple[int, int] | None:
    """ "our FY starts 1 February", "we run april to march": the start said in place."""
    for k, word in enumerate(words):
        if word not in _START_VERBS:
            continue
        day = 1
        for w in words[k + 1 : k + 5]:
            if w in MONTHS and len(w) >= 3:
                return MONTHS[w], day
            digits = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?", w)
            if digits and 1 <= int(digits[1]) <= 28:
                day = int(digits[1])
    return None


def _year(word: str) -> int | None:
    if re.fullmatch(r"(?:19|20)\d\d", word):
        return int(word)
    if re.fullmatch(r"\d\d", word):
        return 2000 + int(word)
    return None


class FiscalRules(ParserBase):
    """Fiscal and tax years and their quarters and halves."""

    def _fiscal(self, i: int) -> list[Found]:
        if not self.fiscal:
            return []
        part, j = self._fiscal_part(i)
        found = self._fiscal_year(j)
        if found is None:
            return []
        start, k, end_day = found
        if part is not None:
            months, n = part
            first = shift_months(start, months * (n - 1))
            return [(Span(first, shift_months(start, months * n) - timedelta(days=1), "part"), k)]
        end = shift_months(start, 12) - timedelta(days=1)
        if end_day:
            return [(day_span(end), k)]
        return [(Span(start, end, "year"), k)]

    def _fiscal_part(self, i: int) -> tuple[tuple[int, int] | None, int]:
        """ "Q2 of", "H1 of", "the last quarter of", "the first half of": (months, n)."""
        word = self.at(i)
        if re.fullmatch(r"[qh][1-4]", word) and not (word[0] == "h" and word[1] > "2"):
            months = 3 if word[0] == "q" else 6
            return (months, int(word[1])), i + 1 + (self.at(i + 1) in ("of", "in"))
        j = i + (word == "the")
        n = ORDINALS.get(self.at(j))
        unit = {"quarter": 3, "half": 6}.get(self.at(j + 1))
        if n is not None and unit is not None and self.at(j + 2) in ("of", "in"):
            count = 12 // unit
            n = n if n > 0 else count + 1 + n
            if 1 <= n <= count:
                return (unit, n), j + 3
        return None, i

    def _fiscal_year(self, j: int) -> tuple[date, int, bool] | None:
        """The first day of the fiscal year named at ``j``, the index after it and whether
        only its last day is meant ("financial year end")."""
        a = self.anchor
        shift: int | None = None
        named: tuple[int, str] | None = None  # a year and whether it is the "end" or "start"
        k = j
        while self.at(k) in _SKIP or self.at(k) in _DEIXIS or self.at(k) == "new":
            word = self.at(k)
            if word in _DEIXIS:
                shift = _DEIXIS[word]
            elif word == "new":
                shift = 2  # resolved below
            k += 1
            if k - j > 4:
                return None
        named, k = self._fiscal_name(k, named)
        kind: str | None = None
        if self.at(k) == "fy":
            kind, k = "financial", k + 1
            named, k = self._fiscal_name(k, named)
        elif self.at(k) in _KINDS and self.at(k + 1) == "year":
            kind = "tax" if self.at(k) == "tax" else "financial"
            k += 2
            named, k = self._fiscal_name(k, named)
        if kind is None or kind not in self.fiscal:
            return None
        month, day = self.fiscal[kind]
        if named is not None:
            year, how = named
            start = date(year if how == "start" else year - 1, month, day)
            if (month, day) == (1, 1) and how == "end":
                start = date(year, 1, 1)
        else:
            start = date(a.year, month, day)
            if start > a:
                start = date(a.year - 1, month, day)
            if shift == 2:  # "the new tax year": just begun (within a quarter), else the next
                shift = 0 if a < shift_months(start, 3) else 1
            elif shift is None and kind == "financial" and self.at(k - 2) == "fy":
                return None  # a bare "FY" names nothing
            start = date(start.year + (shift or 0), month, day)
        k = self._stated_after(k)
        end_day = self.at(k) == "end"
        if self.words(k, "just ended") is not None and named is None:
            start, k = date(start.year - 1, month, day), k + 2
        return start, k + end_day, end_day

    def _stated_after(self, k: int) -> int:
        """The index after a start stated right after the year ("this fiscal year (we run
        April to March)"): it is part of the expression, not another one."""
        j = k + (self.at(k) in ("we", "they", "ours", "it", "which", "that"))
        if self.at(j) not in _START_VERBS:
            return k
        j += 1
        last = k
        while (
            j < len(self.w)
            and j - k < 8
            and (self.at(j) in MONTHS or self.at(j) in _STATED or self.at(j)[:1].isdigit())
        ):
            if self.at(j) in MONTHS:
                last = j + 1
            j += 1
        return last

    def _fiscal_name(
        self, k: int, named: tuple[int, str] | None
    ) -> tuple[tuple[int, str] | None, int]:
        """ "2023/24", "2024-25", "25", "2026" at ``k``: (year, "start" / "end")."""
        if named is not None:
            return named, k
        first = _year(self.at(k))
        if first is None:
            return None, k
        k2 = k + 1 + (self.at(k + 1) == "-")
        second = _year(self.at(k2))
        if second is not None and second % 100 == (first + 1) % 100:
            return (first, "start"), k2 + 1
        return (first, "end"), k + 1
