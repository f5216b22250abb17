#!/usr/bin/env python3
"""Builds temporal5*.jsonl. Every range is computed here from the conventions in README.md.

Each item: (kind, anchor, expr, start, end, is_sentence).  Run: python3 build.py
"""
import calendar
import json
import os
from datetime import date, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


def D(s):
    return date.fromisoformat(s)


def td(n):
    return timedelta(days=n)


def week(d):
    m = d - td(d.weekday())
    return m, m + td(6)


def weekend_of(d):  # Sat-Sun of d's calendar week
    m = week(d)[0]
    return m + td(5), m + td(6)


def last_wd(a, wd):  # most recent wd strictly before a
    k = (a.weekday() - wd) % 7 or 7
    return a - td(k)


def next_wd(a, wd):  # first wd strictly after a
    k = (wd - a.weekday()) % 7 or 7
    return a + td(k)


def mlen(y, m):
    return calendar.monthrange(y, m)[1]


def month(y, m):
    return date(y, m, 1), date(y, m, mlen(y, m))


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    m += 1
    return date(y, m, min(d.day, mlen(y, m)))


def month_of(d, n=0):
    x = add_months(date(d.year, d.month, 1), n)
    return month(x.year, x.month)


def add_years(d, n):
    y = d.year + n
    return date(y, d.month, min(d.day, mlen(y, d.month)))


def year(y):
    return date(y, 1, 1), date(y, 12, 31)


def nth_wd(y, m, wd, n):  # n >= 1, or -1 = last, -2 = second to last
    if n > 0:
        first = date(y, m, 1)
        d = first + td((wd - first.weekday()) % 7)
        d = d + td(7 * (n - 1))
        assert d.month == m
        return d
    last = date(y, m, mlen(y, m))
    d = last - td((last.weekday() - wd) % 7)
    return d - td(7 * (-n - 1))


def easter(y):  # anonymous Gregorian algorithm
    a = y % 19
    b, c = divmod(y, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    mo = (h + l - 7 * m + 114) // 31
    da = (h + l - 7 * m + 114) % 31 + 1
    return date(y, mo, da)


def orthodox_easter(y):  # Meeus Julian algorithm, +13 days (valid 1900-2099)
    a, b, c = y % 4, y % 7, y % 19
    d = (19 * c + 15) % 30
    e = (2 * a + 4 * b - d + 34) % 7
    mo = (d + e + 114) // 31
    da = (d + e + 114) % 31 + 1
    return date(y, mo, da) + td(13)


def last_nth_day(a, n):  # most recent day-of-month n on or before a (months lacking n skipped)
    d = date(a.year, a.month, 1)
    while True:
        if n <= mlen(d.year, d.month) and date(d.year, d.month, n) <= a:
            return date(d.year, d.month, n)
        d = add_months(d, -1)


def next_nth_day(a, n):  # first day-of-month n on or after a
    d = date(a.year, a.month, 1)
    while True:
        if n <= mlen(d.year, d.month) and date(d.year, d.month, n) >= a:
            return date(d.year, d.month, n)
        d = add_months(d, 1)


def add_workdays(d, n):
    while n:
        d += td(1)
        if d.weekday() < 5:
            n -= 1
    return d


def early(s, e):  # of a month: 1-10
    return s, s.replace(day=10)


def season(y, name, south=False):  # meteorological; winter belongs to the year it starts
    starts = {"spring": 3, "summer": 6, "fall": 9, "winter": 12}
    if south:
        starts = {"autumn": 3, "winter": 6, "spring": 9, "summer": 12}
    m = starts[name]
    s = date(y, m, 1)
    e = add_months(s, 2)
    return s, date(e.year, e.month, mlen(e.year, e.month))


def one(d):
    return d, d


ITEMS = []


def add(kind, anchor, expr, rng, sent=False):
    a = D(anchor)
    s, e = rng
    ITEMS.append((kind, a, expr, s, e, sent))


# ---------------------------------------------------------------- relative
K = "relative_unusual"
a = D("2024-03-01"); add(K, a.isoformat(), "the day before the day before yesterday", one(a - td(3)))
a = D("2023-01-02"); add(K, a.isoformat(), "three days back", one(a - td(3)))
a = D("2025-06-30"); add(K, a.isoformat(), "a week ago today", one(a - td(7)))
a = D("2024-12-28"); add(K, a.isoformat(), "a week from yesterday", one(a - td(1) + td(7)))
a = D("2023-08-06"); add(K, a.isoformat(), "the previous week", week(a - td(7)))
a = D("2024-01-15"); add(K, a.isoformat(), "the month before last", month_of(a, -2))
a = D("2024-04-30"); add(K, a.isoformat(), "my sister visited two months back", month_of(a, -2), True)
a = D("2023-11-09"); add(K, a.isoformat(), "I bumped into Sam at the market the other week", (a - td(21), a - td(7)), True)
a = D("2024-01-01"); add(K, a.isoformat(), "yesterday morning", one(a - td(1)))
a = D("2023-12-31"); add(K, a.isoformat(), "tomorrow night", one(a + td(1)))
a = D("2024-02-28"); add(K, a.isoformat(), "overmorrow", one(a + td(2)))
a = D("2023-07-12"); add(K, a.isoformat(), "a month ago yesterday", one(add_months(a - td(1), -1)))
a = D("2025-01-03"); add(K, a.isoformat(), "three weeks back", week(a - td(21)))
a = D("2024-02-29"); add(K, a.isoformat(), "we signed the lease a year ago today", one(add_years(a, -1)), True)
a = D("2024-09-18"); add(K, a.isoformat(), "last week but one", week(a - td(14)))
a = D("2025-01-01"); add(K, a.isoformat(), "the previous month", month_of(a, -1))
a = D("2024-03-01"); add(K, a.isoformat(), "Mum rang two days ago about the boiler", one(a - td(2)), True)

# ---------------------------------------------------------------- weekdays with modifiers
K = "weekday_modifier"
a = D("2024-05-16"); add(K, a.isoformat(), "we got back from lisbon the tuesday before last", one(last_wd(a, TUE) - td(7)), True)
a = D("2023-12-31"); add(K, a.isoformat(), "this past Friday", one(last_wd(a, FRI)))
a = D("2024-07-01"); add(K, a.isoformat(), "last Monday", one(last_wd(a, MON)))
a = D("2023-01-01"); add(K, a.isoformat(), "this coming Sunday", one(next_wd(a, SUN)))
a = D("2024-02-26"); add(K, a.isoformat(), "Wednesday after next", one(next_wd(a, WED) + td(7)))
a = D("2024-03-02"); add(K, a.isoformat(), "two Saturdays ago", one(last_wd(a, SAT) - td(7)))
a = D("2025-03-03"); add(K, a.isoformat(), "I handed the keys back on Thursday", one(last_wd(a, THU)), True)
a = D("2024-10-29"); add(K, a.isoformat(), "this Friday", one(next_wd(a, FRI)))
a = D("2023-06-15"); add(K, a.isoformat(), "Monday just gone", one(last_wd(a, MON)))
a = D("2024-01-08"); add(K, a.isoformat(), "the weekend before last", weekend_of(a - td(14)))
a = D("2024-04-17"); add(K, a.isoformat(), "I barely slept Sunday night", one(last_wd(a, SUN)), True)
a = D("2025-08-30"); add(K, a.isoformat(), "this weekend", weekend_of(a))
a = D("2024-12-23"); add(K, a.isoformat(), "the Friday after this one", one(next_wd(a, FRI) + td(7)))
a = D("2025-01-01"); add(K, a.isoformat(), "last Tues", one(last_wd(a, TUE)))
a = D("2024-02-27"); add(K, a.isoformat(), "can we move the call to this coming Wednesday?", one(next_wd(a, WED)), True)
a = D("2023-03-01"); add(K, a.isoformat(), "the Sunday before last", one(last_wd(a, SUN) - td(7)))

# ---------------------------------------------------------------- parts of periods
K = "period_part"
a = D("2024-12-15"); add(K, a.isoformat(), "early next month", early(*month_of(a, 1)))
a = D("2024-03-05"); s, e = month_of(a, -1); add(K, a.isoformat(), "the tail end of last month", (e - td(6), e))
a = D("2023-05-01"); add(K, a.isoformat(), "mid-March", (date(2023, 3, 11), date(2023, 3, 20)))
a = D("2024-07-04"); add(K, a.isoformat(), "the first half of June", (date(2024, 6, 1), date(2024, 6, 15)))
a = D("2024-02-10"); add(K, a.isoformat(), "the second half of the month", (date(2024, 2, 16), date(2024, 2, 29)))
a = D("2025-01-31"); add(K, a.isoformat(), "I start the new job at the beginning of next month", early(*month_of(a, 1)), True)
a = D("2023-03-15"); add(K, a.isoformat(), "the back half of the year", (date(2023, 7, 1), date(2023, 12, 31)))
a = D("2024-01-02"); add(K, a.isoformat(), "late last year", (date(2023, 9, 1), date(2023, 12, 31)))
a = D("2024-06-10"); m = week(a)[0]; add(K, a.isoformat(), "midweek", (m + td(1), m + td(3)))
a = D("2023-10-13"); m = week(a)[0]; add(K, a.isoformat(), "it rained solidly at the start of the week", (m, m + td(1)), True)
a = D("2024-01-03"); m = week(a - td(7))[0]; add(K, a.isoformat(), "the end of last week", (m + td(4), m + td(6)))
a = D("2024-03-10"); s, e = month_of(a, -1); add(K, a.isoformat(), "the last few days of February", (e - td(4), e))
a = D("2024-10-01"); add(K, a.isoformat(), "the middle of next year", (date(2025, 5, 1), date(2025, 8, 31)))
a = D("2024-01-31"); add(K, a.isoformat(), "the first week of next month", (date(2024, 2, 1), date(2024, 2, 7)))
a = D("2023-11-20"); add(K, a.isoformat(), "we went to Crete in late summer", month(2023, 8), True)
a = D("2024-05-05"); add(K, a.isoformat(), "the tail end of 2022", month(2022, 12))

# ---------------------------------------------------------------- ranges
K = "range"
a = D("2024-04-15"); add(K, a.isoformat(), "I was off sick between the 3rd and the 9th", (date(2024, 4, 3), date(2024, 4, 9)), True)
a = D("2024-01-04"); m = week(a - td(7))[0]; add(K, a.isoformat(), "mon to wed last week", (m, m + td(2)))
a = D("2024-03-10"); add(K, a.isoformat(), "the conference ran from the 28th to the 2nd", (date(2024, 2, 28), date(2024, 3, 2)), True)
a = D("2024-08-13"); f = next_wd(a, FRI); add(K, a.isoformat(), "my parents are staying Friday through Sunday", (f, f + td(2)), True)
a = D("2023-09-01"); add(K, a.isoformat(), "March to May", (date(2023, 3, 1), date(2023, 5, 31)))
a = D("2024-03-15"); add(K, a.isoformat(), "we were in Chile Dec–Feb", (date(2023, 12, 1), date(2024, 2, 29)), True)
a = D("2025-07-19"); add(K, a.isoformat(), "1–5 July", (date(2025, 7, 1), date(2025, 7, 5)))
a = D("2023-12-02"); add(K, a.isoformat(), "the 14th through the 18th of next month", (date(2024, 1, 14), date(2024, 1, 18)))
a = D("2024-02-05"); add(K, a.isoformat(), "from last Thursday until yesterday", (last_wd(a, THU), a - td(1)))
a = D("2024-01-10"); add(K, a.isoformat(), "from Christmas Eve to New Year's Day", (date(2023, 12, 24), date(2024, 1, 1)))
a = D("2024-05-02"); add(K, a.isoformat(), "in weeks 10–12", (date.fromisocalendar(2024, 10, 1), date.fromisocalendar(2024, 12, 7)))
a = D("2024-02-20"); add(K, a.isoformat(), "from now until the end of the month", (a, date(2024, 2, 29)))
a = D("2025-05-27"); add(K, a.isoformat(), "between now and Friday", (a, next_wd(a, FRI)))
a = D("2024-01-05"); add(K, a.isoformat(), "the 10th-12th of last month", (date(2023, 12, 10), date(2023, 12, 12)))
a = D("2023-05-22"); m = week(a)[0]; add(K, a.isoformat(), "Tuesday to Thursday this week", (m + td(1), m + td(3)))
a = D("2022-08-01"); add(K, a.isoformat(), "mid-June to mid-July", (date(2022, 6, 11), date(2022, 7, 20)))
a = D("2024-07-07"); add(K, a.isoformat(), "we lived in Porto from 2019 to 2021", (date(2019, 1, 1), date(2021, 12, 31)), True)

# ---------------------------------------------------------------- durations back from now
K = "duration_back"
a = D("2024-03-05"); add(K, a.isoformat(), "the last 10 days", (a - td(10), a))
a = D("2023-01-03"); add(K, a.isoformat(), "past fortnight", (a - td(14), a))
a = D("2024-04-30"); add(K, a.isoformat(), "over the last couple of months", (add_months(a, -2), a))
a = D("2025-01-07"); add(K, a.isoformat(), "for the past three weeks", (a - td(21), a))
a = D("2023-06-14"); add(K, a.isoformat(), "the server has been flaky in the last 48 hours", (a - td(2), a), True)
a = D("2024-10-10"); add(K, a.isoformat(), "these past few days", (a - td(3), a))
a = D("2024-02-29"); add(K, a.isoformat(), "over the past year", (add_years(a, -1), a))
a = D("2023-08-31"); add(K, a.isoformat(), "the last 6 months", (add_months(a, -6), a))
a = D("2025-09-17"); add(K, a.isoformat(), "this past week", (a - td(7), a))
a = D("2023-03-31"); add(K, a.isoformat(), "the dishwasher's been leaking for a good month now", (add_months(a, -1), a), True)
a = D("2024-10-03"); add(K, a.isoformat(), "since Monday", (last_wd(a, MON), a))
a = D("2024-01-01"); add(K, a.isoformat(), "there were 3 outages in the last 90 days", (a - td(90), a), True)
a = D("2024-06-15"); add(K, a.isoformat(), "for the last ten years", (add_years(a, -10), a))
a = D("2022-11-26"); add(K, a.isoformat(), "the past 24 hours", (a - td(1), a))
a = D("2025-01-31"); add(K, a.isoformat(), "over the last 18 months", (add_months(a, -18), a))
a = D("2024-12-02"); add(K, a.isoformat(), "I've been on the new meds for about 5 weeks", (a - td(35), a), True)
a = D("2024-06-01"); add(K, a.isoformat(), "since last Christmas", (date(2023, 12, 25), a))

# ---------------------------------------------------------------- anchored offsets
K = "anchored_offset"
a = D("2024-01-20"); add(K, a.isoformat(), "the boiler packed in three days after new year", one(date(2024, 1, 4)), True)
a = D("2024-04-20"); ea = easter(2024); add(K, a.isoformat(), "the week after easter", (ea + td(1), ea + td(7)))
a = D("2024-08-20"); add(K, a.isoformat(), "a month before my birthday on 12 june", one(date(2024, 5, 12)))
a = D("2023-12-28"); add(K, a.isoformat(), "two weeks before Christmas", one(date(2023, 12, 25) - td(14)))
a = D("2024-12-01"); add(K, a.isoformat(), "the day before Thanksgiving", one(nth_wd(2024, 11, THU, 4) - td(1)))
a = D("2024-05-20"); add(K, a.isoformat(), "ten days after my surgery on the 3rd I was back at work", one(date(2024, 5, 3) + td(10)), True)
a = D("2024-07-02"); add(K, a.isoformat(), "the weekend after the wedding on 8 June", weekend_of(date(2024, 6, 8) + td(7)))
a = D("2025-02-20"); add(K, a.isoformat(), "a fortnight after the 1st", one(date(2025, 2, 1) + td(14)))
a = D("2024-06-01"); add(K, a.isoformat(), "six weeks after the baby was born on 2 March", one(date(2024, 3, 2) + td(42)))
a = D("2025-09-21"); add(K, a.isoformat(), "the Monday after Labor Day", one(nth_wd(2025, 9, MON, 1) + td(7)))
a = D("2022-12-30"); add(K, a.isoformat(), "the day after Boxing Day", one(date(2022, 12, 27)))
a = D("2024-02-07"); add(K, a.isoformat(), "the results come out 3 weeks from Tuesday", one(next_wd(a, TUE) + td(21)), True)
a = D("2024-06-03"); x = next_nth_day(a, 20); add(K, a.isoformat(), "I'll revise the week before my exam on the 20th", (x - td(7), x - td(1)), True)
a = D("2023-02-10"); add(K, a.isoformat(), "five days before the end of the month", one(date(2023, 2, 28) - td(5)))
a = D("2024-09-09"); add(K, a.isoformat(), "we repainted a year after we moved in, which was August 2021", month(2022, 8), True)
a = D("2024-05-30"); add(K, a.isoformat(), "the day before Mother's Day", one(nth_wd(2024, 5, SUN, 2) - td(1)))
a = D("2024-11-04"); add(K, a.isoformat(), "two days before the deadline on Friday", one(next_wd(a, FRI) - td(2)))

# ---------------------------------------------------------------- holidays and seasons (several countries)
K = "holiday_season"
a = D("2023-12-29"); add(K, a.isoformat(), "we had leftovers on Boxing Day", one(date(2023, 12, 26)), True)
a = D("2023-10-27"); add(K, a.isoformat(), "Canadian Thanksgiving", one(nth_wd(2023, 10, MON, 2)))
a = D("2024-06-04"); v = date(2024, 5, 24) - td(date(2024, 5, 24).weekday()); add(K, a.isoformat(), "Victoria Day weekend", (v - td(2), v))
a = D("2025-07-22"); add(K, a.isoformat(), "Bastille Day", one(date(2025, 7, 14)))
a = D("2024-02-27"); add(K, a.isoformat(), "Chinese New Year", one(date(2024, 2, 10)))
a = D("2025-04-10"); add(K, a.isoformat(), "we're flying to Osaka for Golden Week", (date(2025, 4, 29), date(2025, 5, 5)), True)
a = D("2024-05-09"); add(K, a.isoformat(), "we roasted a lamb for Orthodox Easter", one(orthodox_easter(2024)), True)
a = D("2025-06-20"); add(K, a.isoformat(), "Whit Monday", one(easter(2025) + td(50)))
a = D("2024-09-12"); add(K, a.isoformat(), "the August bank holiday", one(nth_wd(2024, 8, MON, -1)))
a = D("2024-03-20"); add(K, a.isoformat(), "Mothering Sunday", one(easter(2024) - td(21)))
a = D("2025-02-01"); add(K, a.isoformat(), "we had a barbie on Australia Day", one(date(2025, 1, 26)), True)
a = D("2024-07-10"); add(K, a.isoformat(), "this winter in Australia", season(2024, "winter", south=True))
a = D("2024-03-15"); add(K, a.isoformat(), "last winter", season(2023, "winter"))
a = D("2023-11-20"); add(K, a.isoformat(), "Diwali", one(date(2023, 11, 12)))
a = D("2024-07-03"); add(K, a.isoformat(), "Midsummer Eve in Sweden", one(date(2024, 6, 19) + td((FRI - date(2024, 6, 19).weekday()) % 7)))
a = D("2025-03-15"); add(K, a.isoformat(), "Rosenmontag", one(easter(2025) - td(48)))
a = D("2025-11-02"); t = nth_wd(2025, 11, THU, 4); add(K, a.isoformat(), "my in-laws fly in Thanksgiving week", week(t), True)
a = D("2024-11-30"); add(K, a.isoformat(), "Día de Muertos", (date(2024, 11, 1), date(2024, 11, 2)))

# ---------------------------------------------------------------- ordinal weekdays of months
K = "ordinal_weekday"
a = D("2024-04-10"); add(K, a.isoformat(), "the second sunday of may", one(nth_wd(2024, 5, SUN, 2)))
a = D("2024-02-10"); add(K, a.isoformat(), "last friday of the month", one(nth_wd(2024, 2, FRI, -1)))
a = D("2023-12-15"); add(K, a.isoformat(), "the first Monday of next month", one(nth_wd(2024, 1, MON, 1)))
a = D("2025-10-31"); add(K, a.isoformat(), "the third Wednesday in October", one(nth_wd(2025, 10, WED, 3)))
a = D("2024-03-01"); add(K, a.isoformat(), "the last Sunday of last month", one(nth_wd(2024, 2, SUN, -1)))
a = D("2022-11-30"); add(K, a.isoformat(), "the fourth Thursday in November", one(nth_wd(2022, 11, THU, 4)))
a = D("2024-11-20"); m1 = nth_wd(2024, 11, MON, 1); add(K, a.isoformat(), "the first Tuesday after the first Monday in November", one(m1 + td(1)))
a = D("2025-05-13"); add(K, a.isoformat(), "the book club meets the second-to-last Friday of June", one(nth_wd(2025, 6, FRI, -2)), True)
a = D("2024-04-02"); add(K, a.isoformat(), "the 5th Saturday of March", one(nth_wd(2024, 3, SAT, 5)))
a = D("2024-08-05"); add(K, a.isoformat(), "rent is due the last weekday of the month", one(date(2024, 8, 30)), True)
a = D("2025-12-20"); add(K, a.isoformat(), "the first Friday of January next year", one(nth_wd(2026, 1, FRI, 1)))
a = D("2023-10-31"); add(K, a.isoformat(), "the second Monday of the month", one(nth_wd(2023, 10, MON, 2)))
a = D("2024-02-29"); add(K, a.isoformat(), "last Thursday of this month", one(nth_wd(2024, 2, THU, -1)))
a = D("2024-05-31"); s = nth_wd(2024, 6, SAT, 1); add(K, a.isoformat(), "the first weekend of next month", (s, s + td(1)))
a = D("2022-12-28"); add(K, a.isoformat(), "we reopen the first Monday in the new year", one(nth_wd(2023, 1, MON, 1)), True)
a = D("2025-01-10"); add(K, a.isoformat(), "the third Saturday of last month", one(nth_wd(2024, 12, SAT, 3)))

# ---------------------------------------------------------------- numeric dates
K = "numeric_date"
a = D("2024-03-10"); add(K, a.isoformat(), "2024-02-29", one(date(2024, 2, 29)))
a = D("2025-04-01"); add(K, a.isoformat(), "12.03.", one(date(2025, 3, 12)))
a = D("2023-06-01"); add(K, a.isoformat(), "March 3rd", one(date(2023, 3, 3)))
a = D("2024-03-20"); add(K, a.isoformat(), "the plumber came on the 3rd of March", one(date(2024, 3, 3)), True)
a = D("2024-11-11"); add(K, a.isoformat(), "Mar '24", month(2024, 3))
a = D("2024-01-08"); add(K, a.isoformat(), "25/12/2023", one(date(2023, 12, 25)))
a = D("2024-12-01"); add(K, a.isoformat(), "12/31", one(date(2024, 12, 31)))
a = D("2023-01-01"); add(K, a.isoformat(), "31.12.2022", one(date(2022, 12, 31)))
a = D("2023-11-20"); add(K, a.isoformat(), "2023/11/05", one(date(2023, 11, 5)))
a = D("2024-02-16"); add(K, a.isoformat(), "14 Feb", one(date(2024, 2, 14)))
a = D("2023-10-02"); add(K, a.isoformat(), "the invoice dated Sept 30 is still unpaid", one(date(2023, 9, 30)), True)
a = D("2024-12-31"); add(K, a.isoformat(), "the 1st of Jan 2025", one(date(2025, 1, 1)))
a = D("2024-07-01"); add(K, a.isoformat(), "20240615", one(date(2024, 6, 15)))
a = D("2024-03-01"); add(K, a.isoformat(), "29.2.", one(date(2024, 2, 29)))
a = D("2024-01-01"); add(K, a.isoformat(), "May 2021", month(2021, 5))
a = D("2025-03-03"); add(K, a.isoformat(), "Feb. 28th, 2025", one(date(2025, 2, 28)))
a = D("2025-05-05"); add(K, a.isoformat(), "on 13/04 I paid the deposit", one(date(2025, 4, 13)), True)

# ---------------------------------------------------------------- future
K = "future"
a = D("2024-12-29"); add(K, a.isoformat(), "next week", week(a + td(7)))
a = D("2024-02-21"); add(K, a.isoformat(), "the week after next", week(a + td(14)))
a = D("2023-12-20"); add(K, a.isoformat(), "in a fortnight", week(a + td(14)))
a = D("2024-02-27"); add(K, a.isoformat(), "the parcel should arrive in three days", one(a + td(3)), True)
a = D("2025-12-25"); add(K, a.isoformat(), "the next 10 days", (a, a + td(10)))
a = D("2024-02-27"); add(K, a.isoformat(), "later this month", (a + td(1), date(2024, 2, 29)))
a = D("2023-01-31"); add(K, a.isoformat(), "next month", month_of(a, 1))
a = D("2024-11-15"); add(K, a.isoformat(), "in two months' time", month_of(a, 2))
a = D("2024-12-30"); add(K, a.isoformat(), "later this year", (a + td(1), date(2024, 12, 31)))
a = D("2025-12-31"); add(K, a.isoformat(), "we're renovating the kitchen next year", year(2026), True)
a = D("2024-01-20"); add(K, a.isoformat(), "in 6 weeks", week(a + td(42)))
a = D("2024-07-15"); add(K, a.isoformat(), "next summer", season(2025, "summer"))
a = D("2024-03-01"); add(K, a.isoformat(), "this coming weekend", weekend_of(a))
a = D("2024-12-30"); add(K, a.isoformat(), "the movers come the day after tomorrow", one(a + td(2)), True)
a = D("2024-02-29"); add(K, a.isoformat(), "a year from now", one(add_years(a, 1)))
a = D("2025-10-08"); add(K, a.isoformat(), "over the coming week", (a, a + td(7)))
a = D("2023-04-28"); add(K, a.isoformat(), "I need to file it before the month is out", (a, date(2023, 4, 30)), True)

# ---------------------------------------------------------------- non-native and typo forms
K = "nonnative_typo"
a = D("2024-03-01"); add(K, a.isoformat(), "yesterdy", one(a - td(1)))
a = D("2023-02-28"); add(K, a.isoformat(), "tommorow", one(a + td(1)))
a = D("2024-01-02"); add(K, a.isoformat(), "i have sent the documents before 3 days only", one(a - td(3)), True)
a = D("2024-02-28"); add(K, a.isoformat(), "after 2 days", one(a + td(2)))
a = D("2025-03-10"); add(K, a.isoformat(), "I am living in Munich since 2 weeks", (a - td(14), a), True)
a = D("2024-07-03"); add(K, a.isoformat(), "next to next week", week(a + td(14)))
a = D("2025-01-06"); add(K, a.isoformat(), "las week", week(a - td(7)))
a = D("2024-11-01"); add(K, a.isoformat(), "on last friday", one(last_wd(a, FRI)))
a = D("2023-09-13"); add(K, a.isoformat(), "i met him the last monday at office", one(last_wd(a, MON)), True)
a = D("2024-12-29"); add(K, a.isoformat(), "coming monday", one(next_wd(a, MON)))
a = D("2024-05-03"); add(K, a.isoformat(), "on wensday", one(last_wd(a, WED)))
a = D("2023-03-02"); add(K, a.isoformat(), "febuary 14", one(date(2023, 2, 14)))
a = D("2024-01-01"); add(K, a.isoformat(), "2 days back", one(a - td(2)))
a = D("2025-03-01"); add(K, a.isoformat(), "day before yday", one(a - td(2)))
a = D("2024-02-26"); add(K, a.isoformat(), "we can meet next week thursday", one(week(a + td(7))[0] + td(3)), True)
a = D("2023-12-25"); add(K, a.isoformat(), "in 2 weeks time", week(a + td(14)))
a = D("2023-12-05"); add(K, a.isoformat(), "begin of next month", early(*month_of(a, 1)))

# ---------------------------------------------------------------- spoken forms
K = "spoken"
a = D("2025-03-01"); add(K, a.isoformat(), "we bought the flat in twenty twenty four", year(2024), True)
a = D("2024-02-10"); add(K, a.isoformat(), "the back end of last year", (date(2023, 9, 1), date(2023, 12, 31)))
a = D("2024-01-31"); add(K, a.isoformat(), "this time next month", one(add_months(a, 1)))
a = D("2024-12-27"); add(K, a.isoformat(), "a week today", one(a + td(7)))
a = D("2024-03-05"); add(K, a.isoformat(), "she started a week yesterday", one(a - td(8)), True)
a = D("2024-05-01"); add(K, a.isoformat(), "the fourteenth of feb", one(date(2024, 2, 14)))
a = D("2024-01-01"); add(K, a.isoformat(), "back in oh-nine", year(2009))
a = D("2023-04-04"); add(K, a.isoformat(), "nineteen ninety-nine", year(1999))
a = D("2024-01-01"); add(K, a.isoformat(), "the year before last", year(2022))
a = D("2024-03-06"); add(K, a.isoformat(), "this time last week", one(a - td(7)))
a = D("2023-06-01"); add(K, a.isoformat(), "it arrived Tuesday gone", one(last_wd(a, TUE)), True)
a = D("2024-12-09"); add(K, a.isoformat(), "the first of next month", one(date(2025, 1, 1)))
a = D("2024-01-10"); add(K, a.isoformat(), "couple weeks back", week(a - td(14)))
a = D("2024-02-19"); m = week(a + td(7))[0]; add(K, a.isoformat(), "end of next week", (m + td(4), m + td(6)))
a = D("2024-03-01"); add(K, a.isoformat(), "the twenty-third", one(last_nth_day(a, 23)))
a = D("2023-08-22"); add(K, a.isoformat(), "we were camping this time last year", (add_years(a, -1) - td(7), add_years(a, -1) + td(7)), True)

# ---------------------------------------------------------------- invented / easily forgotten forms
K = "invented"
a = D("2024-02-27"); add(K, a.isoformat(), "the day after tomorrow's tomorrow", one(a + td(3)))
a = D("2024-12-24"); add(K, a.isoformat(), "a week on Thursday", one(next_wd(a, THU) + td(7)))
a = D("2025-02-24"); add(K, a.isoformat(), "the dentist can see me Thursday week", one(next_wd(a, THU) + td(7)), True)
a = D("2024-10-10"); add(K, a.isoformat(), "Q3", (date(2024, 7, 1), date(2024, 9, 30)))
a = D("2025-08-31"); add(K, a.isoformat(), "H1 2025", (date(2025, 1, 1), date(2025, 6, 30)))
a = D("2024-02-14"); add(K, a.isoformat(), "Q1 of federal FY2024", (date(2023, 10, 1), date(2023, 12, 31)))
a = D("2024-08-08"); add(K, a.isoformat(), "the 2023/24 tax year in the UK", (date(2023, 4, 6), date(2024, 4, 5)))
a = D("2024-01-05"); add(K, a.isoformat(), "spring term runs 8 Jan to 28 Mar and I'm off the last week of it", (date(2024, 3, 22), date(2024, 3, 28)), True)
a = D("2024-12-22"); add(K, a.isoformat(), "only three sleeps till grandma comes", one(a + td(3)), True)
a = D("2024-05-20"); add(K, a.isoformat(), "the contract starts on the first working day of next month", one(add_workdays(date(2024, 5, 31), 1)), True)
a = D("2024-05-05"); add(K, a.isoformat(), "the last business day of the quarter", one(date(2024, 6, 28)))
a = D("2024-03-20"); add(K, a.isoformat(), "the ides of March", one(date(2024, 3, 15)))
a = D("2024-03-05"); add(K, a.isoformat(), "my cousin got married on leap day", one(date(2024, 2, 29)), True)
a = D("2026-02-03"); add(K, a.isoformat(), "ISO week 1 of 2026", (date.fromisocalendar(2026, 1, 1), date.fromisocalendar(2026, 1, 7)))
a = D("2024-08-30"); add(K, a.isoformat(), "the weekend after next", weekend_of(a + td(14)))
a = D("2024-01-15"); add(K, a.isoformat(), "sales dipped in Q4 last year", (date(2023, 10, 1), date(2023, 12, 31)), True)
a = D("2024-09-03"); add(K, a.isoformat(), "our FY starts 1 July, and the second half of FY25 looks tight", (date(2025, 1, 1), date(2025, 6, 30)), True)

# ---------------------------------------------------------------- time expressions with other numbers nearby (all sentences)
K = "numbers_nearby"
a = D("2024-06-12"); add(K, a.isoformat(), "I paid 40 quid for 3 tickets 2 weeks ago", week(a - td(14)), True)
a = D("2023-01-02"); add(K, a.isoformat(), "we ran 10k in 52 minutes 3 days ago", one(a - td(3)), True)
a = D("2024-05-10"); add(K, a.isoformat(), "the 2 of us flew out on the 4th with 23kg bags", one(last_nth_day(a, 4)), True)
a = D("2024-03-01"); add(K, a.isoformat(), "3 kids, 2 dogs and 1 car, and we moved in 6 weeks ago", week(a - td(42)), True)
a = D("2024-01-05"); add(K, a.isoformat(), "version 3.2 shipped 10 days ago", one(a - td(10)), True)
a = D("2024-05-31"); add(K, a.isoformat(), "I've lost 4 kg over the last 3 months", (add_months(a, -3), a), True)
a = D("2024-02-25"); add(K, a.isoformat(), "flight BA 117 leaves at 14:05 in 9 days", one(a + td(9)), True)
a = D("2023-12-30"); add(K, a.isoformat(), "our 25th anniversary is on the 12th of next month", one(date(2024, 1, 12)), True)
a = D("2024-03-05"); add(K, a.isoformat(), "she turned 30 on the 30th", one(last_nth_day(a, 30)), True)
a = D("2025-06-07"); add(K, a.isoformat(), "bought 2 x 4 litre tins of paint for £35 last Saturday", one(last_wd(a, SAT)), True)
a = D("2025-02-05"); add(K, a.isoformat(), "ordered 12 units at 7.50 each, delivery in 5 working days", one(add_workdays(a, 5)), True)
a = D("2024-07-10"); add(K, a.isoformat(), "we paid the 1,200 rent on the 1st, 3 days late", one(last_nth_day(a, 1)), True)
a = D("2024-03-10"); add(K, a.isoformat(), "ticket #4512 was opened 15 days ago by 2 users", one(a - td(15)), True)
a = D("2024-10-31"); add(K, a.isoformat(), "I'm 7 months along and due in 8 weeks", week(a + td(56)), True)
a = D("2024-07-20"); add(K, a.isoformat(), "we won 3-1 in the match on Sunday the 14th", one(date(2024, 7, 14)), True)
a = D("2024-02-29"); add(K, a.isoformat(), "I've taken bus 42 at 7:15 every day for the past 2 years", (add_years(a, -2), a), True)


def main():
    rows = []
    for i, (kind, a, expr, s, e, sent) in enumerate(ITEMS, 1):
        assert s <= e, (expr, s, e)
        rows.append({"id": "u%03d" % i, "kind": kind, "anchor": a.isoformat(), "expr": expr,
                     "start": s.isoformat(), "end": e.isoformat()})
    dev, held = [], []
    seen = {}
    for r in rows:
        k = seen.get(r["kind"], 0)
        (dev if k % 2 == 0 else held).append(r)
        seen[r["kind"]] = k + 1

    def dump(name, rs):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for r in rs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

    dump("temporal5.jsonl", rows)
    dump("temporal5.dev.jsonl", dev)
    dump("temporal5.held.jsonl", held)

    # stats for README
    from collections import Counter
    kinds = Counter(r["kind"] for r in rows)
    dk = Counter(r["kind"] for r in dev)
    hk = Counter(r["kind"] for r in held)
    nsent = sum(1 for it in ITEMS if it[5])
    nfut = sum(1 for (_, a, _, s, e, _) in ITEMS if s > a)
    nfut_part = sum(1 for (_, a, _, s, e, _) in ITEMS if e > a)
    wd = Counter(a.strftime("%a") for (_, a, *_r) in ITEMS)
    print("total", len(rows), "dev", len(dev), "held", len(held))
    for k in kinds:
        print("  %-18s %3d  dev %2d  held %2d" % (k, kinds[k], dk[k], hk[k]))
    print("sentences", nsent, "%.0f%%" % (100 * nsent / len(rows)))
    print("future (start>anchor)", nfut, "%.0f%%" % (100 * nfut / len(rows)), "; reaching future (end>anchor)", nfut_part)
    print("anchor weekdays", dict(wd))
    spec = [a for (_, a, *_r) in ITEMS if (a + td(1)).day == 1 or (a.month, a.day) in ((2, 29), (1, 1), (12, 31))]
    print("month-end / leap / year-boundary anchors", len(spec))
    print("leap-day anchors", sum(1 for (_, a, *_r) in ITEMS if (a.month, a.day) == (2, 29)))
    print("Dec31/Jan1 anchors", sum(1 for (_, a, *_r) in ITEMS if (a.month, a.day) in ((12, 31), (1, 1))))


if __name__ == "__main__":
    main()
