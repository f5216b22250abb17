"""The grammar's spoken rules: periods counted forward from the day said, doubled
and trailing deixis, and years and decades said in words ("over the next few
days", "all week", "last month but one", "next next week", "three days prior",
"come Monday", "this day last year", "twenty twenty-four", "oh-nine", "the
noughties").

Each rule composes the grammar's parts (a count, a unit, a deictic anchor) as
:mod:`remem.timeexpr.colloquial` does; the conventions are in
docs/concepts.md#time-expressions.
"""

from __future__ import annotations

from datetime import date, timedelta

from remem.timeexpr.base import DECADE_WORDS, UNITS, WEEKDAY, Found, ParserBase
from remem.timeexpr.compose import shift
from remem.timeexpr.spans import Span, day_span, year_span
from remem.timewords import MONTHS

_DIGITS = dict(
    zip("one two three four five six seven eight nine".split(), range(1, 10), strict=True)
)
_TEENS_AND_TENS = dict(
    zip(
        "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(),
        range(10, 20),
        strict=True,
    )
) | dict(
    zip(
        "twenty thirty forty fifty sixty seventy eighty ninety".split(),
        range(20, 100, 10),
        strict=True,
    )
)
# Words that count forward from the day said ("the next three days", "the coming weeks").
_AHEAD = ("the next", "the coming", "next", "the following", "the upcoming", "coming")
# Words of a sentence about the future ("I'll call you after 2 days").
_FUTURE = frozenset({"will", "ll", "shall", "gonna", "going", "plan", "planning"})
# An unnamed count of coming units ("in the coming days"): a few.
_SOME = (2, 5)


class SpokenRules(ParserBase):
    """Rules for periods counted forward, doubled deixis and years said in words."""

    def _ahead(self, i: int) -> list[Found]:
        """ "the next ten days", "over the next few weeks", "within the next fortnight",
        "in the coming days": [anchor, anchor + length] (the longest length of a fuzzy
        count)."""
        j = i + 1 if self.at(i) in ("over", "within", "in", "during", "for") else i
        k = self.words(j, *_AHEAD)
        if k is None and self.at(i) == "within":  # "within a week" (not "within a week of X")
            k = j
            found = self.number(k)
            if (
                found is None
                or UNITS.get(self.at(found[1])) is None
                or self.at(found[1] + 1) == "of"
            ):
                return []
        if k is None:
            return []
        number = self.number(k)
        if number is None:  # "the next week" is next week, not the coming seven days
            if self.at(k) == "fortnight":
                (_, hi), k2 = (1, 1), k
            elif self.at(k) in ("days", "weeks", "months", "years"):
                (_, hi), k2 = _SOME, k
            else:
                return []
        else:
            (_, hi), k2 = number
        unit = UNITS.get(self.at(k2))
        if unit is None or unit in ("weekend", "quarter", "decade"):
            return []
        end = self._forward(unit, hi)
        return [(Span(self.anchor, end, "range"), k2 + 1)]

    def _after_count(self, i: int) -> list[Found]:
        """ "after 2 days" alone or at the end of a sentence about the future (Indian and
        learner English for "in 2 days"): the same as "in N units". "After two weeks of
        rain" and "we met after two weeks" are no dates."""
        if self.at(i) != "after":
            return []
        number = self.number(i + 1)
        if number is None:
            return []
        (lo, hi), j = number
        unit = UNITS.get(self.at(j))
        if unit not in ("day", "week", "month", "year") or self.at(j + 1):
            return []
        said_ahead = any(w in _FUTURE for w in self.w[max(0, i - 4) : i])
        if i > 0 and not said_ahead:
            return []  # "we met after two weeks": after something else
        return [self._count(unit, lo, hi, 1, False, j + 1)]

    def _forward(self, unit: str, n: int) -> date:
        return shift(self.anchor, unit, n)

    def _all_of(self, i: int) -> list[Found]:
        """ "all week", "all month long", "this whole year": this unit up to the day said."""
        k = self.words(i, "all", "this whole", "this entire")
        unit = UNITS.get(self.at(k)) if k is not None else None
        if unit not in ("week", "month", "year"):
            return []
        assert k is not None
        whole = self.unit_span(unit, self.anchor)
        end = k + 1 + (self.at(k + 1) == "long")
        return [(Span(whole.start, self.anchor, "range"), end)]

    def _but_one(self, i: int) -> list[Found]:
        """ "last week but one", "next month but one", "next week but one": one unit
        further than the period named."""
        k = self.words(i, "last", "next", "the last", "the next")
        if k is None or self.words(k + 1, "but one") is None:
            return []
        unit = UNITS.get(self.at(k))
        if unit not in ("week", "month", "year", "weekend"):
            return []
        sign = 1 if self.at(k - 1) == "next" else -1
        return [self._count(unit, 2, 2, sign, False, k + 3)]

    def _doubled(self, i: int) -> list[Found]:
        """ "next next week", "last last month", "last to last week" (Indian English):
        two units away."""
        k = self.words(i, "next next", "last last", "last to last", "next to next")
        unit = UNITS.get(self.at(k)) if k is not None else None
        if unit not in ("week", "month", "year", "weekend"):
            return []
        assert k is not None
        sign = 1 if self.at(i) == "next" else -1
        return [self._count(unit, 2, 2, sign, False, k + 1)]

    def _prior(self, i: int) -> list[Found]:
        """ "three days prior" (three days ago), "the month prior" (last month)."""
        number = self.number(i)
        if number is not None:
            (lo, hi), j = number
            unit = UNITS.get(self.at(j))
            if unit is not None and unit != "weekend" and self.at(j + 1) == "prior":
                return [self._count(unit, lo, hi, -1, unit != "quarter", j + 2)]
            return []
        k = self.words(i, "the")
        unit = UNITS.get(self.at(k)) if k is not None else None
        if unit in ("day", "week", "month", "year", "weekend") and self.at(i + 2) == "prior":
            return [self._count(unit, 1, 1, -1, False, i + 3)]
        return []

    def _come(self, i: int) -> list[Found]:
        """ "come Monday", "come the weekend": the next one after the day said."""
        if self.at(i) != "come":
            return []
        k = i + 1 + (self.at(i + 1) == "the")
        word = self.at(k)
        if word in WEEKDAY and len(word) > 3:
            return [(day_span(self._weekday_after(self.anchor, WEEKDAY[word])), k + 1)]
        if word == "weekend":  # said on a weekend: the next one
            n = 1 if self.anchor.weekday() >= 5 else 0
            return [self._count("weekend", n, n, 1, False, k + 1)]
        return []

    def _this_day(self, i: int) -> list[Found]:
        """ "this day last week", "this day next year": the day said, one unit away."""
        k = self.words(i, "this day", "this very day", "today")
        if k is None or self.at(k) not in ("last", "next"):
            return []
        unit = UNITS.get(self.at(k + 1))
        if unit not in ("week", "month", "year"):
            return []
        sign = 1 if self.at(k) == "next" else -1
        return [self._count(unit, 1, 1, sign, True, k + 2)]

    def _spoken_year(self, i: int) -> list[Found]:
        """ "twenty twenty-four", "nineteen ninety-nine", "two thousand and nine",
        "oh-nine" (2009): a year said in words."""
        word = self.at(i)
        if word == "oh" and self.at(i + 1) in _DIGITS:
            return [(year_span(2000 + _DIGITS[self.at(i + 1)]), i + 2)]
        if word == "two" and self.at(i + 1) == "thousand":
            k = i + 2 + (self.at(i + 2) == "and")
            rest = self._under_hundred(k)  # "two thousand" alone is more often an amount
            return [(year_span(2000 + rest[0]), rest[1])] if rest is not None else []
        century = {"nineteen": 1900, "twenty": 2000}.get(word)
        rest = self._under_hundred(i + 1) if century is not None else None
        if rest is None or rest[0] < 10:
            return []
        assert century is not None
        return [(year_span(century + rest[0]), rest[1])]

    def year_in_words(self, i: int, *, short: bool) -> tuple[int, int] | None:
        found = self._spoken_year(i)
        if found:
            return found[0][0].start.year, found[0][1]
        rest = self._under_hundred(i) if short else None
        if rest is None or rest[0] < 10:
            return None
        century = 2000 if 2000 + rest[0] <= self.anchor.year + 1 else 1900  # "of ninety-nine"
        return century + rest[0], rest[1]

    def _under_hundred(self, i: int) -> tuple[int, int] | None:
        """A number from 1 to 99 said in words ("twenty-four", "nine", "eleven")."""
        tens = _TEENS_AND_TENS.get(self.at(i))
        if tens is not None:
            ones = _DIGITS.get(self.at(i + 1)) if tens % 10 == 0 and tens >= 20 else None
            return (tens + ones, i + 2) if ones else (tens, i + 1)
        ones = _DIGITS.get(self.at(i))
        return (ones, i + 1) if ones else None

    def _decade_word(self, i: int) -> list[Found]:
        """ "the nineties", "the noughties": the latest such decade that has begun."""
        if self.at(i) != "the" or self.at(i + 1) not in DECADE_WORDS:
            return []
        digit = DECADE_WORDS[self.at(i + 1)]
        start = (self.anchor.year // 100) * 100 + 10 * digit
        if start > self.anchor.year:
            start -= 100
        return [(Span(date(start, 1, 1), date(start + 9, 12, 31), "decade"), i + 2)]

    def _sleeps(self, i: int) -> list[Found]:
        """ "three sleeps till Christmas", "two sleeps from now": a child's count of
        nights, the day it lands on; "the ides of March" (the 15th of March, May, July
        and October, the 13th of the other months)."""
        k = self.words(i, "the ides of", "ides of")
        if k is not None and self.at(k) in MONTHS:
            month = MONTHS[self.at(k)]
            year = self._year_after(k + 1)
            y, end = year if year is not None else (self.anchor.year, k + 1)
            return [(day_span(date(y, month, 15 if month in (3, 5, 7, 10) else 13)), end)]
        number = self.number(i)
        if number is None or self.at(number[1]) != "sleeps":
            return []
        (n, _), j = number
        end = self.words(j + 1, "from now", "to go") or j + 1
        return [(day_span(self.anchor + timedelta(days=n)), end)]
