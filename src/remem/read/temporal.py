"""Time expressions in a query: a window to prefer, offline and deterministic.

:func:`parse_time` reads a query against a reference date (usually now) with the
time-expression grammar (:mod:`remem.timeexpr`: relative days, weekdays, weeks,
weekends, months, seasons, quarters, years, decades, holidays, durations,
"since", "between", "around", "the week before X"...) and returns a
:class:`TimeQuery`:

- ``window``: ``[start, end)`` in UTC covering every expression it resolved.
  Two read-side conventions on top of the grammar's: a relative expression
  counts from an explicit date in the same query ("last week, as mentioned on
  6 November 2023"), and an expression without a year or a forward word that
  would fall after the reference date is read as last year's ("in December",
  asked in January, is the December just past);
- ``asks_when``: the query asks for a time ("when did ...", "what year ...");
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
from functools import lru_cache

from remem.model import MemoryRecord
from remem.timeexpr import Span, TimeExpression, find_times, future_words
from remem.timewords import shift_months

_ANCHORED = re.compile(
    r"\b(?:(?:\w+\s+(?:day|week|month|year)s?\s+)|(?:the\s+(?:day|week|month|year)\s+))?"
    r"(?P<rel>before|after|prior to|following)\s+(?P<anchor>(?:the|his|her|their|my|our|that)\s+\w+)",
    re.I,
)
_ASKS_WHEN = re.compile(
    r"\b(?:when\s+(?:did|was|were|is|will|does|do|had|has)|what\s+(?:year|month|day|date|time)|"
    r"how\s+long\s+ago|since\s+when)\b",
    re.I,
)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_FORWARD = re.compile(
    r"\b(?:next|coming|upcoming|tomorrow|from now|from today|later|after next|in \w+ "
    r"(?:day|week|month|year)s?)\b",
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


def query_times(query: str, today: date) -> list[TimeExpression]:
    """The time expressions of ``query`` said on ``today``, with the read side's two
    conventions (see the module doc): relative ones count from an explicit date in
    the query, and one without a year that would lie ahead is last year's."""
    found = find_times(query, today)
    dated = [f for f in found if _YEAR.search(f.text) and f.span.start == f.span.end]
    if dated and len(found) > 1:
        found = find_times(query, dated[0].span.start)
    out = []
    ahead = future_words(query, [(f.start, f.end) for f in found])
    for f, said_ahead in zip(found, ahead, strict=True):
        if said_ahead:  # "what am I doing on Saturday?": the coming one, as read
            out.append(f)
            continue
        if f.span.start > today and not _YEAR.search(f.text) and not _FORWARD.search(f.text):
            again = find_times(f.text, shift_months(today, -12))
            if len(again) == 1:
                f = TimeExpression(f.text, f.start, f.end, again[0].span)
        out.append(f)
    return out


def parse_time(query: str, *, reference: datetime) -> TimeQuery:
    """The time window, "when" question and unresolved anchors of ``query``.

    ``reference`` is the date relative expressions count from (naive means UTC).
    """
    ref = reference if reference.tzinfo else reference.replace(tzinfo=UTC)
    today = ref.astimezone(UTC).date()
    found = query_times(query, today)
    covered = [(f.start, f.end) for f in found]
    unresolved = [
        m.group(0).strip()
        for m in _ANCHORED.finditer(query)
        if m["anchor"].split()[-1].lower() not in ("day", "week", "month", "year", "time")
        and not any(m.start() < b and a < m.end() for a, b in covered)
    ]
    window = None
    if found:
        spans: list[Span] = [f.span for f in found]
        start = min(s.start for s in spans)
        end = max(s.end for s in spans) + timedelta(days=1)
        window = (_at(start), _at(end))
    return TimeQuery(
        window=window,
        asks_when=_ASKS_WHEN.search(query) is not None,
        matched=tuple(f.text for f in found),
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


def states_time(record: MemoryRecord) -> bool:
    """Whether the memory's text states a time (any expression the grammar reads,
    resolved against its ``valid_from``, else today): evidence for a "when" question."""
    said = record.valid_from or record.created_at
    return _states_time(record.content, said.date())


@lru_cache(maxsize=4096)
def _states_time(text: str, said: date) -> bool:
    return bool(find_times(text, said))  # ~0.25 ms a text: the same hits recur


# -- helpers -----------------------------------------------------------------------
def _at(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)
