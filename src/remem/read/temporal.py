"""Time expressions in a query: a window to prefer, offline and deterministic.

:func:`parse_time` reads a query against a reference date (usually now) and
returns a :class:`TimeQuery`:

- ``window``: ``[start, end)`` in UTC for what it could resolve — "yesterday",
  "today", "last week" / "this week" (ISO weeks), "last month", "last year",
  "in 2022", "last May", "in May 2022", "N days/weeks/months/years ago",
  explicit dates ("2023-05-07", "May 7, 2023", "7 May 2023", "5/7/2023",
  "May 7"). Several expressions give the span covering all of them.
- ``asks_when``: the query asks for a time ("when did ...", "what year ...").
- ``unresolved``: expressions relative to an anchor it cannot resolve ("two
  weeks before the trip", "after the wedding"): flagged, no window.

:func:`temporal_factor` turns a window into a ranking multiplier on a memory's
``valid_from``: 1.0 inside the window, decaying with the distance outside it
(``exp(-days / scale)``) down to a floor; memories without ``valid_from``
are neutral (1.0) — unknown is not evidence against.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from remem.model import MemoryRecord
from remem.timewords import MONTHS, NUMBER_WORDS  # shared with the write path and the agent

NUMBERS = {**NUMBER_WORDS, "a couple of": 2, "a few": 3, "several": 3}

_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_NUM = r"(?P<n>\d{1,3}|" + "|".join(sorted(NUMBERS, key=len, reverse=True)) + r")"
_UNIT = r"(?P<unit>day|week|month|year)s?"

_ISO = re.compile(r"\b(?P<y>(?:19|20)\d\d)-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b")
_SLASH = re.compile(r"\b(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>(?:19|20)\d\d)\b")
_MONTH_DAY_YEAR = re.compile(
    r"\b" + _MONTH + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<y>(?:19|20)\d\d))?\b", re.I
)
_DAY_MONTH_YEAR = re.compile(
    r"\b(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r"(?:,?\s+(?P<y>(?:19|20)\d\d))?\b",
    re.I,
)
_MONTH_YEAR = re.compile(r"\b" + _MONTH + r",?\s+(?P<y>(?:19|20)\d\d)\b", re.I)
_LAST_MONTH_NAME = re.compile(r"\b(?P<which>last|this|in|during|since)\s+" + _MONTH + r"\b", re.I)
_YEAR = re.compile(r"\b(?:in|during|of|since|back in|year)?\s*(?P<y>(?:19|20)\d\d)\b", re.I)
_DAY_WORD = re.compile(
    r"\b(?P<w>yesterday|today|tonight|this morning|the day before yesterday)\b", re.I
)
_PERIOD = re.compile(r"\b(?P<which>last|this|past|previous)\s+(?P<unit>week|month|year)\b", re.I)
_AGO = re.compile(r"\b" + _NUM + r"\s+" + _UNIT + r"\s+ago\b", re.I)
_ANCHORED = re.compile(
    r"\b(?:(?:" + _NUM + r"\s+" + _UNIT + r"\s+)|(?:the\s+(?:day|week|month|year)\s+))?"
    r"(?P<rel>before|after|prior to|following)\s+(?P<anchor>(?:the|his|her|their|my|our|that)\s+\w+)",
    re.I,
)
_ASKS_WHEN = re.compile(
    r"\b(?:when\s+(?:did|was|were|is|will|does|do|had|has)|what\s+(?:year|month|day|date|time)|"
    r"how\s+long\s+ago|since\s+when)\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class TimeQuery:
    """What a query says about time."""

    window: tuple[datetime, datetime] | None = None
    asks_when: bool = False
    matched: tuple[str, ...] = ()
    unresolved: tuple[str, ...] = field(default_factory=tuple)

    @property
    def has_window(self) -> bool:
        return self.window is not None


def parse_time(query: str, *, reference: datetime) -> TimeQuery:
    """The time window, "when" question and unresolved anchors of ``query``.

    ``reference`` is the date relative expressions count from (naive means UTC).
    """
    ref = reference if reference.tzinfo else reference.replace(tzinfo=UTC)
    ref = ref.astimezone(UTC)
    today = ref.date()
    windows: list[tuple[date, date]] = []
    matched: list[str] = []
    unresolved: list[str] = []
    taken: list[tuple[int, int]] = []

    def free(m: re.Match[str]) -> bool:
        return not any(m.start() < b and a < m.end() for a, b in taken)

    def take(m: re.Match[str], span: tuple[date, date] | None) -> None:
        taken.append((m.start(), m.end()))
        if span is not None:
            windows.append(span)
            matched.append(m.group(0).strip())

    for m in _ANCHORED.finditer(query):
        anchor = m["anchor"].split()[-1].lower()
        if anchor in ("day", "week", "month", "year", "time"):
            continue
        taken.append((m.start(), m.end()))
        unresolved.append(m.group(0).strip())
    for m in _ISO.finditer(query):
        if free(m):
            take(m, _day(int(m["y"]), int(m["m"]), int(m["d"])))
    for m in _SLASH.finditer(query):
        if free(m):
            take(m, _day(int(m["y"]), int(m["m"]), int(m["d"])))
    for pattern in (_MONTH_DAY_YEAR, _DAY_MONTH_YEAR):
        for m in pattern.finditer(query):
            if not free(m):
                continue
            month, day = MONTHS[m["month"].lower()], int(m["d"])
            if m["y"]:
                take(m, _day(int(m["y"]), month, day))
            else:
                span = _day(today.year, month, day)
                if span is not None and span[0] > today:
                    span = _day(today.year - 1, month, day)
                take(m, span)
    for m in _MONTH_YEAR.finditer(query):
        if free(m):
            take(m, _month(int(m["y"]), MONTHS[m["month"].lower()]))
    for m in _LAST_MONTH_NAME.finditer(query):
        if not free(m):
            continue
        month = MONTHS[m["month"].lower()]
        if m["month"].lower() == "may" and m["which"].lower() in ("in", "this", "since"):
            # "in may" is nearly always the modal verb ("what in may cause...")
            # unless a year or "last" says otherwise; accept only "last May".
            continue
        which = m["which"].lower()
        year = today.year
        if which == "last":
            if month >= today.month:
                year -= 1
        elif month > today.month:
            year -= 1
        take(m, _month(year, month))
    for m in _AGO.finditer(query):
        if not free(m):
            continue
        n, unit = _number(m["n"]), m["unit"].lower()
        take(m, _ago(today, n, unit))
    for m in _PERIOD.finditer(query):
        if free(m):
            take(m, _period(today, m["which"].lower(), m["unit"].lower()))
    for m in _DAY_WORD.finditer(query):
        if not free(m):
            continue
        word = m["w"].lower()
        back = {"yesterday": 1, "the day before yesterday": 2}.get(word, 0)
        when = today - timedelta(days=back)
        take(m, (when, when + timedelta(days=1)))
    for m in _YEAR.finditer(query):
        if free(m):
            year = int(m["y"])
            take(m, (date(year, 1, 1), date(year + 1, 1, 1)))
    window = None
    if windows:
        start = min(w[0] for w in windows)
        end = max(w[1] for w in windows)
        window = (_at(start), _at(end))
    return TimeQuery(
        window=window,
        asks_when=_ASKS_WHEN.search(query) is not None,
        matched=tuple(matched),
        unresolved=tuple(unresolved),
    )


def temporal_factor(
    record: MemoryRecord,
    window: tuple[datetime, datetime] | None,
    *,
    floor: float,
    scale_days: float,
) -> float:
    """1.0 when ``record.valid_from`` is in ``window`` (or either is unknown), else
    ``max(floor, exp(-days_outside / scale_days))``."""
    if window is None or record.valid_from is None:
        return 1.0
    when = record.valid_from if record.valid_from.tzinfo else record.valid_from.replace(tzinfo=UTC)
    start, end = window
    if start <= when < end:
        return 1.0
    gap = (start - when) if when < start else (when - end)
    days = gap.total_seconds() / 86400.0
    return max(floor, math.exp(-days / scale_days)) if scale_days > 0 else floor


# -- helpers -----------------------------------------------------------------------
def _at(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def _day(year: int, month: int, day: int) -> tuple[date, date] | None:
    try:
        start = date(year, month, day)
    except ValueError:
        return None
    return start, start + timedelta(days=1)


def _month(year: int, month: int) -> tuple[date, date]:
    start = date(year, month, 1)
    end = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return start, end


def _shift_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _number(text: str) -> int:
    text = text.lower()
    return int(text) if text.isdigit() else NUMBERS.get(text, 1)


def _ago(today: date, n: int, unit: str) -> tuple[date, date]:
    """The unit that was ``n`` units ago: a day, a week (Mon–Sun), a month, a year."""
    if unit == "day":
        day = today - timedelta(days=n)
        return day, day + timedelta(days=1)
    if unit == "week":
        monday = today - timedelta(days=today.weekday()) - timedelta(weeks=n)
        return monday, monday + timedelta(weeks=1)
    if unit == "month":
        start = _shift_months(today, -n)
        return start, _shift_months(start, 1)
    return date(today.year - n, 1, 1), date(today.year - n + 1, 1, 1)


def _period(today: date, which: str, unit: str) -> tuple[date, date]:
    """ "last/previous week" is the previous ISO week; "past week" the last 7 days."""
    if which == "past":
        days = {"week": 7, "month": 30, "year": 365}[unit]
        return today - timedelta(days=days), today + timedelta(days=1)
    back = 0 if which == "this" else 1
    if unit == "week":
        monday = today - timedelta(days=today.weekday()) - timedelta(weeks=back)
        return monday, monday + timedelta(weeks=1)
    if unit == "month":
        start = _shift_months(today, -back)
        return start, _shift_months(start, 1)
    return date(today.year - back, 1, 1), date(today.year - back + 1, 1, 1)
