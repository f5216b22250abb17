"""The words of dates, shared by every layer that reads time in text.

The read path (:mod:`remem.read.temporal`: a query's window), the write path
(:mod:`remem.write.dates`: relative dates made absolute) and the agent
(:mod:`remem.agent.when`: forward triggers) each parse time their own way, but
name months, weekdays and small numbers the same way: this module, which
depends on nothing, is where those names live.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

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


# -- the calendar: seasons and holidays, computed by rule ---------------------------
# Meteorological seasons (northern hemisphere): name -> its first month; three months
# each; winter starts in December and belongs to the year it starts in.
SEASONS: dict[str, int] = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}

# Small numbers past twelve, and the tens, for durations ("for fifteen years").
MORE_NUMBER_WORDS: dict[str, int] = {
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
}  # fmt: skip


def easter(year: int) -> date:
    """Western (Gregorian) Easter Sunday of ``year``: the anonymous Gregorian
    computus (Meeus / Jones / Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month = (h + el - 7 * m + 114) // 31
    day = (h + el - 7 * m + 114) % 31 + 1
    return date(year, month, day)


def orthodox_easter(year: int) -> date:
    """Orthodox Easter Sunday of ``year`` on the Gregorian calendar: the Julian computus
    (Meeus), moved by the calendars' 13 days (1900-2099)."""
    a, b, c = year % 4, year % 7, year % 19
    d = (19 * c + 15) % 30
    e = (2 * a + 4 * b - d + 34) % 7
    month, day = divmod(d + e + 114, 31)
    return date(year, month, day + 1) + timedelta(days=13)


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The ``n``-th ``weekday`` (0 = Monday) of ``month``; ``n`` = -1: the last."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year, month, days_in_month(year, month))
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _fixed(month: int, day: int) -> Callable[[int], date]:
    return lambda year: date(year, month, day)


def _nth(month: int, weekday: int, n: int) -> Callable[[int], date]:
    return lambda year: nth_weekday(year, month, weekday, n)


def _after_easter(days: int) -> Callable[[int], date]:
    return lambda year: easter(year) + timedelta(days=days)


def _thanksgiving(year: int) -> date:
    return nth_weekday(year, 11, 3, 4)


def _kings_day(year: int) -> date:
    """Koningsdag: 27 April, the 26th when the 27th is a Sunday."""
    day = date(year, 4, 27)
    return day - timedelta(days=1) if day.weekday() == 6 else day


def _midsummer_eve(year: int) -> date:
    """Swedish Midsummer Eve: the Friday between 19 and 25 June."""
    return date(year, 6, 19) + timedelta(days=(4 - date(year, 6, 19).weekday()) % 7)


def _table(dates: dict[int, tuple[int, int]]) -> Callable[[int], date]:
    """A holiday of another calendar by a table of its (month, day) per year; outside
    the table, its mean date."""

    def rule(year: int) -> date:
        month, day = dates.get(year, dates[min(dates, key=lambda y: abs(y - year))])
        return date(year, month, day)

    return rule


# Dates of lunar and lunisolar holidays (public calendars), 2016-2030.
_LUNAR_NEW_YEAR = {
    2016: (2, 8), 2017: (1, 28), 2018: (2, 16), 2019: (2, 5), 2020: (1, 25), 2021: (2, 12),
    2022: (2, 1), 2023: (1, 22), 2024: (2, 10), 2025: (1, 29), 2026: (2, 17), 2027: (2, 6),
    2028: (1, 26), 2029: (2, 13), 2030: (2, 3),
}  # fmt: skip
_MID_AUTUMN = {
    2016: (9, 15), 2017: (10, 4), 2018: (9, 24), 2019: (9, 13), 2020: (10, 1), 2021: (9, 21),
    2022: (9, 10), 2023: (9, 29), 2024: (9, 17), 2025: (10, 6), 2026: (9, 25), 2027: (9, 15),
    2028: (10, 3), 2029: (9, 22), 2030: (9, 12),
}  # fmt: skip
_DRAGON_BOAT = {
    2016: (6, 9), 2017: (5, 30), 2018: (6, 18), 2019: (6, 7), 2020: (6, 25), 2021: (6, 14),
    2022: (6, 3), 2023: (6, 22), 2024: (6, 10), 2025: (5, 31), 2026: (6, 19), 2027: (6, 9),
    2028: (5, 28), 2029: (6, 16), 2030: (6, 5),
}  # fmt: skip
_DIWALI = {
    2016: (10, 30), 2017: (10, 19), 2018: (11, 7), 2019: (10, 27), 2020: (11, 14),
    2021: (11, 4), 2022: (10, 24), 2023: (11, 12), 2024: (11, 1), 2025: (10, 20),
    2026: (11, 8), 2027: (10, 29), 2028: (10, 17), 2029: (11, 5), 2030: (10, 26),
}  # fmt: skip

# Holidays by the words that name them (apostrophes and a final "day" optional where
# people drop them): each a rule giving its date in a year (US dates where the US and
# other countries differ).
HOLIDAYS: dict[tuple[str, ...], Callable[[int], date]] = {
    ("new", "year", "eve"): _fixed(12, 31),
    ("new", "year", "day"): _fixed(1, 1),
    ("new", "year"): _fixed(1, 1),
    ("christmas", "eve"): _fixed(12, 24),
    ("christmas", "day"): _fixed(12, 25),
    ("christmas",): _fixed(12, 25),
    ("xmas",): _fixed(12, 25),
    ("boxing", "day"): _fixed(12, 26),
    ("halloween",): _fixed(10, 31),
    ("valentine", "day"): _fixed(2, 14),
    ("valentines", "day"): _fixed(2, 14),
    ("st", "patrick", "day"): _fixed(3, 17),
    ("saint", "patrick", "day"): _fixed(3, 17),
    ("fourth", "of", "july"): _fixed(7, 4),
    ("4th", "of", "july"): _fixed(7, 4),
    ("independence", "day"): _fixed(7, 4),
    ("juneteenth",): _fixed(6, 19),
    ("veterans", "day"): _fixed(11, 11),
    ("thanksgiving", "day"): _thanksgiving,
    ("thanksgiving",): _thanksgiving,
    ("black", "friday"): lambda year: _thanksgiving(year) + timedelta(days=1),
    ("labor", "day"): _nth(9, 0, 1),
    ("labour", "day"): _nth(9, 0, 1),
    ("memorial", "day"): _nth(5, 0, -1),
    ("mother", "day"): _nth(5, 6, 2),
    ("mothers", "day"): _nth(5, 6, 2),
    ("father", "day"): _nth(6, 6, 3),
    ("fathers", "day"): _nth(6, 6, 3),
    ("mlk", "day"): _nth(1, 0, 3),
    ("martin", "luther", "king", "day"): _nth(1, 0, 3),
    ("presidents", "day"): _nth(2, 0, 3),
    ("president", "day"): _nth(2, 0, 3),
    ("columbus", "day"): _nth(10, 0, 2),
    ("easter", "sunday"): easter,
    ("easter", "monday"): _after_easter(1),
    ("easter",): easter,
    ("orthodox", "easter"): orthodox_easter,
    ("good", "friday"): _after_easter(-2),
    ("palm", "sunday"): _after_easter(-7),
    # the church year, counted from Easter
    ("shrove", "tuesday"): _after_easter(-47),
    ("pancake", "day"): _after_easter(-47),
    ("ash", "wednesday"): _after_easter(-46),
    ("mothering", "sunday"): _after_easter(-21),
    ("maundy", "thursday"): _after_easter(-3),
    ("holy", "saturday"): _after_easter(-1),
    ("ascension", "day"): _after_easter(39),
    ("pentecost",): _after_easter(49),
    ("whitsunday",): _after_easter(49),
    ("whit", "sunday"): _after_easter(49),
    ("whit", "monday"): _after_easter(50),
    # other English-speaking countries' days (the US one keeps a shared name)
    ("valentines",): _fixed(2, 14),
    ("burns", "night"): _fixed(1, 25),
    ("st", "david", "day"): _fixed(3, 1),
    ("st", "george", "day"): _fixed(4, 23),
    ("st", "andrew", "day"): _fixed(11, 30),
    ("bonfire", "night"): _fixed(11, 5),
    ("guy", "fawkes", "night"): _fixed(11, 5),
    ("remembrance", "day"): _fixed(11, 11),
    ("armistice", "day"): _fixed(11, 11),
    ("remembrance", "sunday"): _nth(11, 6, 2),
    ("early", "may", "bank", "holiday"): _nth(5, 0, 1),
    ("late", "may", "bank", "holiday"): _nth(5, 0, -1),
    ("spring", "bank", "holiday"): _nth(5, 0, -1),
    ("august", "bank", "holiday"): _nth(8, 0, -1),
    ("aug", "bank", "holiday"): _nth(8, 0, -1),
    ("summer", "bank", "holiday"): _nth(8, 0, -1),
    ("canada", "day"): _fixed(7, 1),
    ("victoria", "day"): lambda year: (
        date(year, 5, 24) - timedelta(days=date(year, 5, 24).weekday())
    ),
    ("canadian", "thanksgiving"): _nth(10, 0, 2),
    ("australia", "day"): _fixed(1, 26),
    ("anzac", "day"): _fixed(4, 25),
    ("melbourne", "cup"): _nth(11, 1, 1),
    ("republic", "day"): _fixed(1, 26),
    ("gandhi", "jayanti"): _fixed(10, 2),
    ("valentine",): _fixed(2, 14),  # "the day before Valentine's"
    ("paddy", "day"): _fixed(3, 17),
    ("patrick", "day"): _fixed(3, 17),
    ("st", "stephen", "day"): _fixed(12, 26),
    ("bloomsday",): _fixed(6, 16),
    ("groundhog", "day"): _fixed(2, 2),
    ("cinco", "de", "mayo"): _fixed(5, 5),
    ("twelfth", "night"): _fixed(1, 5),
    ("epiphany",): _fixed(1, 6),
    ("all", "saints", "day"): _fixed(11, 1),
    ("all", "souls", "day"): _fixed(11, 2),
    ("may", "day"): _fixed(5, 1),
    ("walpurgis", "night"): _fixed(4, 30),
    ("corpus", "christi"): _after_easter(60),
    # continental Europe
    ("bastille", "day"): _fixed(7, 14),
    ("toussaint",): _fixed(11, 1),
    ("rosenmontag",): _after_easter(-48),
    ("tag", "der", "deutschen", "einheit"): _fixed(10, 3),
    ("german", "unity", "day"): _fixed(10, 3),
    ("reformation", "day"): _fixed(10, 31),
    ("st", "martin", "day"): _fixed(11, 11),
    ("nikolaus",): _fixed(12, 6),
    ("koningsdag",): _kings_day,
    ("king", "day"): _kings_day,
    ("sinterklaas",): _fixed(12, 5),
    ("liberation", "day"): _fixed(5, 5),
    ("midsummer", "eve"): _midsummer_eve,
    ("midsommar",): _midsummer_eve,
    ("midsummer",): _midsummer_eve,
    ("lucia",): _fixed(12, 13),
    ("st", "lucia", "day"): _fixed(12, 13),
    # Asia: lunar holidays from tables of their dates
    ("golden", "week"): _fixed(4, 29),
    ("obon",): _fixed(8, 13),
    ("chinese", "new", "year"): _table(_LUNAR_NEW_YEAR),
    ("lunar", "new", "year"): _table(_LUNAR_NEW_YEAR),
    ("spring", "festival"): _table(_LUNAR_NEW_YEAR),
    ("mid", "autumn", "festival"): _table(_MID_AUTUMN),
    ("moon", "festival"): _table(_MID_AUTUMN),
    ("dragon", "boat", "festival"): _table(_DRAGON_BOAT),
    ("diwali",): _table(_DIWALI),
    ("deepavali",): _table(_DIWALI),
    ("christmas", "holidays"): _fixed(12, 25),
    ("christmas", "hols"): _fixed(12, 25),
    ("christmas", "break"): _fixed(12, 25),
    ("christmas", "period"): _fixed(12, 25),
}

# Holidays named bare that cover more than their day: "New Year's" is the eve and the
# day (so "between Christmas and New Year's" ends on the 30th).
HOLIDAY_SPANS: dict[tuple[str, ...], tuple[int, int]] = {
    ("new", "year"): (-1, 0),
    **{("christmas", w): (-1, 7) for w in ("holidays", "hols", "break", "period")},  # 24 Dec-1 Jan
    ("golden", "week"): (0, 6),  # Japan's, 29 April to 5 May
    ("obon",): (0, 3),  # 13 to 16 August
}

# "<holiday> weekend": the days around the holiday it covers (first, last offset).
HOLIDAY_WEEKENDS: dict[tuple[str, ...], tuple[int, int]] = {
    ("thanksgiving",): (0, 3),  # Thursday to Sunday
    ("labor", "day"): (-2, 0),  # Saturday to Monday
    ("labour", "day"): (-2, 0),
    ("memorial", "day"): (-2, 0),
    ("easter",): (-2, 1),  # Good Friday to Easter Monday
    **{
        words: (-2, 0)  # a bank holiday Monday's weekend: Saturday to Monday
        for words in HOLIDAYS
        if words[-2:] == ("bank", "holiday") or words in (("victoria", "day"), ("whit", "monday"))
    },
}
