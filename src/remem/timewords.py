"""The words of dates, shared by every layer that reads time in text.

The read path (:mod:`remem.read.temporal`: a query's window), the write path
(:mod:`remem.write.dates`: relative dates made absolute) and the agent
(:mod:`remem.agent.when`: forward triggers) each parse time their own way, but
name months, weekdays and small numbers the same way: this module, which
depends on nothing, is where those names live.
"""

from __future__ import annotations

from datetime import date

# Month names and abbreviations -> 1..12.
MONTHS: dict[str, int] = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}

# Weekday names, Monday first (``date.weekday()`` order).
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

# Small numbers written as words -> their value.
NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip


def month_pattern(group: str = "month") -> str:
    """A regex group matching a month name or abbreviation (longest first)."""
    return rf"(?P<{group}>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"


def shift_months(day: date, months: int) -> date:
    """``day`` moved by ``months`` calendar months, the day clamped to the month's end
    (31 January + 1 month is 28 or 29 February)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = index // 12, index % 12 + 1
    return date(year, month, min(day.day, days_in_month(year, month)))


def days_in_month(year: int, month: int) -> int:
    """How many days ``month`` of ``year`` has."""
    nxt = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return (nxt - date(year, month, 1)).days
