"""Relative dates made absolute, so a fact still means the same thing later.

One format throughout: a day is ``7 May 2023`` (``on 7 May 2023`` where the text
had no preposition), a week ``the week of 1 May 2023`` (weeks start on
Monday), a month ``May 2023``, a year ``2023``. Spans counted back or forward
("2 weeks ago", "in 6 months") are approximate and say so with ``around``.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from remem.textsplit import sentence_spans
from remem.timewords import WEEKDAYS

_WEEKDAYS = list(WEEKDAYS)  # remem.timewords: shared with the read path and the agent
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple of": 2,
}  # fmt: skip
_APPROX = {"about", "around", "roughly", "approximately", "nearly", "almost", "over"}
_PREPOSITIONS = {
    "about",
    "around",
    "roughly",
    "approximately",
    "nearly",
    "almost",
    "over",
    "since",
    "until",
    "till",
    "from",
    "by",
    "before",
    "after",
    "on",
    "of",
    "to",
}

_NUM = r"(?P<n>\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of)"
_UNIT = r"(?P<unit>day|week|month|year)s?"
_WD = (
    r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thurs?|"
    r"fri|sat|sun)\b\.?"
)

_PATTERN = re.compile(
    "|".join(
        [
            r"(?P<dby>the day before yesterday)",
            r"(?P<dat>the day after tomorrow)",
            r"(?P<lastnight>last night)",
            r"(?P<yesterday>yesterday)",
            r"(?P<today>today)",
            r"(?P<tonight>tonight)",
            r"(?P<tomorrow>tomorrow)",
            r"(?P<thispart>this (?P<part>morning|afternoon|evening))",
            r"(?P<rel>last|next|this|coming) " + _WD,
            r"(?P<wkend>(?P<wrel>last|next|this) weekend)",
            r"(?P<period>(?P<prel>last|next|this) (?P<punit>week|month|year))",
            r"(?P<inp>in )?" + _NUM + r" " + _UNIT + r"(?: (?P<dir>ago|from now|later))?",
        ]
    ),
    re.IGNORECASE,
)


def day_str(day: date) -> str:
    """``7 May 2023``: the day format used in facts."""
    return f"{day.day} {day:%B %Y}"


def _month_shift(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _week_of(day: date) -> str:
    return "the week of " + day_str(day - timedelta(days=day.weekday()))


def _weekend(day: date) -> str:
    saturday = day + timedelta(days=(5 - day.weekday()) % 7)
    sunday = saturday + timedelta(days=1)
    if saturday.month == sunday.month:
        return f"the weekend of {saturday.day}–{sunday.day} {sunday:%B %Y}"
    return f"the weekend of {day_str(saturday)}–{day_str(sunday)}"


def _amount(raw: str) -> int:
    return int(raw) if raw.isdigit() else _NUMBERS[raw.lower()]


def _phrase(match: re.Match[str], today: date) -> tuple[str, bool]:
    """The absolute phrase for one match, and whether it is a single day."""
    g = match.groupdict()
    one_day = {
        "dby": -2, "dat": 2, "yesterday": -1, "today": 0, "tomorrow": 1,
    }  # fmt: skip
    for key, offset in one_day.items():
        if g[key]:
            return day_str(today + timedelta(days=offset)), True
    if g["lastnight"]:
        return "the night of " + day_str(today - timedelta(days=1)), True
    if g["tonight"]:
        return "the night of " + day_str(today), True
    if g["thispart"]:
        return f"the {g['part'].lower()} of {day_str(today)}", True
    if g["wd"]:
        target = [d[:3] for d in _WEEKDAYS].index(g["wd"].lower()[:3])
        if g["rel"].lower() == "last":
            delta = -((today.weekday() - target) % 7 or 7)
        else:
            delta = (target - today.weekday()) % 7 or 7
        return day_str(today + timedelta(days=delta)), True
    if g["wkend"]:
        shift = {"last": -7, "this": 0, "next": 7}[g["wrel"].lower()]
        return _weekend(today + timedelta(days=shift)), True
    if g["period"]:
        rel, unit = g["prel"].lower(), g["punit"].lower()
        step = {"last": -1, "this": 0, "next": 1}[rel]
        if unit == "week":
            return _week_of(today + timedelta(weeks=step)), False
        if unit == "month":
            return f"{_month_shift(today, step):%B %Y}", False
        return str(today.year + step), False
    n = _amount(g["n"])
    unit = g["unit"].lower()
    sign = -1 if (g["dir"] or "").lower() == "ago" else 1
    if unit == "day":
        return day_str(today + timedelta(days=sign * n)), True
    if unit == "week":
        return "around " + day_str(today + timedelta(weeks=sign * n)), True
    if unit == "month":
        return f"around {_month_shift(today, sign * n):%B %Y}", False
    return f"around {today.year + sign * n}", False


def resolve_relative_dates(text: str, ref: datetime | date | None) -> str:
    """``text`` with relative dates replaced by absolute ones, counted from ``ref``.

    "I went there yesterday" with ``ref`` 8 May 2023 becomes "I went there on
    7 May 2023"; "since yesterday" becomes "since 7 May 2023"; "2 weeks ago"
    becomes "around 24 April 2023"; "last month" becomes "in April 2023".
    Without ``ref`` the text is returned unchanged.
    """
    if ref is None:
        return text
    today = ref.date() if isinstance(ref, datetime) else ref
    starts = {start for start, _ in sentence_spans(text)}  # "3 p.m. tomorrow" starts none

    def replace(match: re.Match[str]) -> str:
        phrase, one_day = _phrase(match, today)
        before = text[: match.start()].rstrip()
        prev = before.rsplit(None, 1)[-1].lower() if before else ""
        original = match.group(0)
        if prev in _APPROX and phrase.startswith("around "):
            phrase = phrase.removeprefix("around ")
        is_subject = re.match(r"\s+(?:is|was|will be)\b", text[match.end() :]) is not None
        if original.lower().startswith("in "):
            out = phrase if phrase.startswith("around") else ("on " if one_day else "in ") + phrase
        elif prev in _PREPOSITIONS or is_subject:
            out = phrase
        elif one_day:
            out = phrase if phrase.startswith("around") else "on " + phrase
        elif phrase.startswith("the week"):
            out = "during " + phrase
        else:
            out = phrase if phrase.startswith("around") else "in " + phrase
        if match.start() in starts and (original[:1].isupper() or match.start() > 0):
            out = out[:1].upper() + out[1:]
        return out

    return _PATTERN.sub(lambda m: replace(m) if _wanted(text, m) else m.group(0), text)


def _wanted(text: str, match: re.Match[str]) -> bool:
    if match["n"] and not (match["inp"] or match["dir"]):
        return False  # a bare "two weeks" is a duration, not a date
    start, end = match.span()
    before_ok = start == 0 or not text[start - 1].isalnum()
    after_ok = end == len(text) or not (text[end].isalnum() or text[end] == "'")
    return before_ok and after_ok
