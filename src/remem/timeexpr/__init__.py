"""Time expressions as a small grammar: anchors, shifts and ranges, resolved to dates.

:func:`find_times` reads a text against an anchor day (when it was said) and
returns each time expression in it with the inclusive range of days it denotes.
It is compositional rather than a list of phrasings:

- **anchors**: deictic days (today, yesterday, last night, the other day),
  weekdays, weekends, weeks, months (by name, with a day, "the 20th"),
  seasons (meteorological), quarters, halves, years, decades, holidays
  (computed by rule, Easter by the computus: :mod:`remem.timewords`), ISO and
  slash dates;
- **deixis**: ``this`` / ``last`` / ``previous`` / ``this past`` / ``next`` /
  ``this coming`` / bare, ``the X before last`` / ``after next``, ``earlier`` /
  ``later this X``;
- **shifts**: ``N units ago`` / ``back`` / ``from now`` / ``in N units``,
  ``N units / the day / the week / the weekend / the <weekday> before|after
  <anchor>`` (the anchor may be an event dated in place: "the week before the
  move on September 1"), ``two Fridays ago``;
- **parts**: ``early`` / ``mid`` / ``late`` / ``the beginning`` / ``middle`` /
  ``end of``, ``the first half of``, ``the second week of``, ``the last weekend
  of``;
- **ranges**: durations ending at the anchor ("for the past two weeks", "over
  the last 10 days"), ``since X``, ``between X and Y``, ``around X`` (±7 days).

The conventions (weeks run Monday–Sunday; "last Tuesday" is the most recent
Tuesday strictly before the anchor; a bare month or holiday is the anchor's
year; "last summer" is the latest summer that has ended) are those of
docs/concepts.md#time-expressions, and each rule is one function below.
"""

from __future__ import annotations

from datetime import date

from remem.timeexpr.anchors import AnchorRules
from remem.timeexpr.base import TOKEN
from remem.timeexpr.colloquial import ColloquialRules
from remem.timeexpr.compose import ComposeRules
from remem.timeexpr.fiscal import FiscalRules, fiscal_starts
from remem.timeexpr.places import in_south, southern_seasons
from remem.timeexpr.ranges import RangeRules
from remem.timeexpr.shifts import ShiftRules
from remem.timeexpr.spans import Span, TimeExpression
from remem.timeexpr.spoken import SpokenRules
from remem.timeexpr.tense import future_words
from remem.timeexpr.typos import deixis_typos, norm
from remem.timeexpr.workdays import WorkdayRules

__all__ = ["Span", "TimeExpression", "find_times", "future_words", "parse_expression"]


class _Parser(
    ShiftRules,
    RangeRules,
    AnchorRules,
    ColloquialRules,
    SpokenRules,
    WorkdayRules,
    ComposeRules,
    FiscalRules,
):
    """Every rule of the grammar, tried at each place (the longest reading wins)."""

    def __init__(self, words: list[str], anchor: date) -> None:
        super().__init__(words, anchor)
        self.rules = [
            self._fiscal,  # before the parts of a calendar year: "the first half of FY25"
            self._approx,
            self._duration,
            self._since,
            self._between,
            self._from_now,
            self._range_to,
            self._relative,
            self._shifted,
            self._deictic,
            self._modified,
            self._part_of,
            self._nth_of,
            self._week_of,
            self._few_days_of,
            self._one_after,
            self._sleeps,
            self._named,
            self._over,
            self._plural_ago,
            self._week_on,
            self._week_day,
            self._since_count,
            self._to_date,
            self._deadline,
            self._run_up,
            self._pair,
            self._academic,
            self._just_gone,
            self._ahead,
            self._all_of,
            self._but_one,
            self._doubled,
            self._prior,
            self._come,
            self._this_day,
            self._spoken_year,
            self._decade_word,
            self._after_count,
            self._nth_workday,
            self._workday_count,
            self._composed,
            self._weekday_fortnight,
            self._iso_week,
        ]


def find_times(text: str, anchor: date) -> list[TimeExpression]:
    """Every time expression in ``text``, resolved against ``anchor``, left to right
    (the longest reading at each place)."""
    tokens = [(m.group(0), m.start(), m.end()) for m in TOKEN.finditer(text)]
    words = deixis_typos([norm(t) for t, _, _ in tokens])
    if in_south(words):  # "winter in Brisbane": June to August
        words = southern_seasons(words)
    parser = _Parser(words, anchor)
    if not parser.timely:  # no time word, no number: nothing to read
        return []
    parser.fiscal = fiscal_starts(words)
    parser.possessive = frozenset(k for k, (t, _, _) in enumerate(tokens) if t.endswith("'s"))
    parser.ahead = future_words(text, [(a, b) for _, a, b in tokens])
    out: list[TimeExpression] = []
    i = 0
    while i < len(tokens):
        found = parser.longest(i)
        if found is None:
            i += 1
            continue
        span, j = found
        start, end = tokens[i][1], tokens[j - 1][2]
        out.append(TimeExpression(text[start:end], start, end, span))
        i = j
    return out


def parse_expression(text: str, anchor: date) -> Span | None:
    """The span of ``text`` read as one time expression (the cover of all found)."""
    found = find_times(text, anchor)
    if not found:
        return None
    if len(found) == 1:
        return found[0].span
    return Span(min(f.span.start for f in found), max(f.span.end for f in found), "range")
