"""Spans of days: what a time expression denotes, and the calendar arithmetic the
grammar (:mod:`remem.timeexpr`) builds them with."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta

from remem.timewords import SEASONS, days_in_month, shift_months


@dataclass(frozen=True, slots=True)
class Span:
    """An inclusive range of days and the grain it was named at."""

    start: date
    end: date
    grain: str = (
        "day"  # day holiday week weekend month season quarter part year decade range around
    )


@dataclass(frozen=True, slots=True)
class TimeExpression:
    """One expression found in a text: where it is and the days it denotes."""

    text: str
    start: int  # character offsets in the text
    end: int
    span: Span


def day_span(d: date) -> Span:
    """The single day ``d``."""
    return Span(d, d, "day")


def week_span(d: date) -> Span:
    """The calendar week (Monday to Sunday) holding ``d``."""
    monday = d - timedelta(days=d.weekday())
    return Span(monday, monday + timedelta(days=6), "week")


def weekend_span(d: date) -> Span:
    """The Saturday and Sunday of the calendar week holding ``d``."""
    saturday = d - timedelta(days=d.weekday()) + timedelta(days=5)
    return Span(saturday, saturday + timedelta(days=1), "weekend")


def month_span(year: int, month: int) -> Span:
    """The whole ``month`` of ``year``."""
    return Span(date(year, month, 1), date(year, month, days_in_month(year, month)), "month")


def year_span(year: int) -> Span:
    """The whole calendar ``year``."""
    return Span(date(year, 1, 1), date(year, 12, 31), "year")


def season_span(name: str, year: int) -> Span:
    """The meteorological season ``name`` that starts in ``year``."""
    first = SEASONS[name]
    start = date(year, first, 1)
    end = shift_months(start, 3) - timedelta(days=1)
    return Span(start, end, "season")


def quarter_span(year: int, q: int) -> Span:
    """Calendar quarter ``q`` (1-4) of ``year``."""
    start = date(year, 3 * (q - 1) + 1, 1)
    return Span(start, shift_months(start, 3) - timedelta(days=1), "quarter")


def shift_years(d: date, n: int) -> date:
    """``d`` moved ``n`` years (29 February lands on the 28th)."""
    return shift_months(d, 12 * n)


def cover(a: Span, b: Span) -> Span:
    """The range from the earlier start to the later end."""
    return Span(min(a.start, b.start), max(a.end, b.end), "range")


def part_span(span: Span, part: str) -> Span:
    """early / mid / late (and first/second half) of a month, a year, a decade, a season."""
    if span.grain == "month":
        y, m = span.start.year, span.start.month
        last = days_in_month(y, m)
        cuts = {"early": (1, 10), "mid": (11, 20), "late": (21, last), "first": (1, 15)}
        cuts["second"] = (16, last)
        a, b = cuts[part]
        return Span(date(y, m, a), date(y, m, b), "part")
    if span.grain == "year":
        y = span.start.year
        months = {"early": (1, 4), "mid": (5, 8), "late": (9, 12), "first": (1, 6)}
        months["second"] = (7, 12)
        a, b = months[part]
        return Span(date(y, a, 1), date(y, b, days_in_month(y, b)), "part")
    if span.grain == "decade":
        y = span.start.year
        years = {"early": (0, 3), "mid": (4, 6), "late": (7, 9), "first": (0, 4), "second": (5, 9)}
        a, b = years[part]
        return Span(date(y + a, 1, 1), date(y + b, 12, 31), "part")
    if _whole_months(span) == 3:  # a quarter, a season: its first, second, third month
        index = {"early": 0, "mid": 1, "late": 2}.get(part)
        if index is not None:
            month = shift_months(span.start, index)  # the span starts on a 1st
            return replace(month_span(month.year, month.month), grain="part")
    days = (span.end - span.start).days + 1  # a week, a range: thirds / halves
    if part in ("first", "second"):
        half = days // 2
        if part == "first":
            return Span(span.start, span.start + timedelta(days=half - 1), "part")
        return Span(span.start + timedelta(days=half), span.end, "part")
    third = days // 3
    index = {"early": 0, "mid": 1, "late": 2}[part]
    start = span.start + timedelta(days=third * index)
    end = span.end if index == 2 else start + timedelta(days=third - 1)
    return Span(start, end, "part")


def _whole_months(span: Span) -> int:
    """How many calendar months ``span`` covers exactly (0 when it does not)."""
    if span.start.day != 1 or span.end.day != days_in_month(span.end.year, span.end.month):
        return 0
    return (span.end.year - span.start.year) * 12 + span.end.month - span.start.month + 1
