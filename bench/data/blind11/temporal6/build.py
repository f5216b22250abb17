#!/usr/bin/env python3
"""Builds temporal6*.jsonl. Every range is computed from the helpers below,
which implement the conventions in README.md. Stdlib only."""
import json
import os
from datetime import date, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


def td(n):
    return timedelta(days=n)


def mlen(y, m):
    return ((date(y + m // 12, m % 12 + 1, 1)) - date(y, m, 1)).days


def month(y, m):
    return date(y, m, 1), date(y, m, mlen(y, m))


def shift_ym(y, m, n):
    k = y * 12 + (m - 1) + n
    return k // 12, k % 12 + 1


def month_off(a, n):
    return month(*shift_ym(a.year, a.month, n))


def add_months(d, n):
    y, m = shift_ym(d.year, d.month, n)
    return date(y, m, min(d.day, mlen(y, m)))


def add_years(d, n):
    y = d.year + n
    return date(y, d.month, min(d.day, mlen(y, d.month)))


def year(y):
    return date(y, 1, 1), date(y, 12, 31)


def week(d):
    m = d - td(d.weekday())
    return m, m + td(6)


def week_off(a, n):
    return week(a + td(7 * n))


def wd_in_week(a, n, wd):
    return week_off(a, n)[0] + td(wd)


def last_wd(a, wd):  # most recent wd strictly before a
    k = (a.weekday() - wd) % 7 or 7
    return a - td(k)


def next_wd(a, wd):  # first wd strictly after a
    k = (wd - a.weekday()) % 7 or 7
    return a + td(k)


def nth_wd(y, m, wd, n):
    f = date(y, m, 1)
    return f + td((wd - f.weekday()) % 7 + 7 * (n - 1))


def last_wd_of(y, m, wd, back=0):
    l = date(y, m, mlen(y, m))
    return l - td((l.weekday() - wd) % 7 + 7 * back)


def weekend_of_week(monday):
    return monday + td(5), monday + td(6)


def working_days_from(d, n):  # n>0 forward, n<0 backward, Mon-Fri only
    step = 1 if n > 0 else -1
    k = abs(n)
    while k:
        d += td(step)
        if d.weekday() < 5:
            k -= 1
    return d


def easter(y):  # Anonymous Gregorian algorithm
    a = y % 19; b = y // 100; c = y % 100; d = b // 4; e = b % 4
    f = (b + 8) // 25; g = (b - f + 1) // 3; h = (19 * a + b - d - g + 15) % 30
    i = c // 4; k = c % 4; l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    mo = (h + l - 7 * m + 114) // 31; da = (h + l - 7 * m + 114) % 31 + 1
    return date(y, mo, da)


def orthodox_easter(y):  # Meeus Julian algorithm, +13 days (valid 1900-2099)
    a = y % 4; b = y % 7; c = y % 19
    d = (19 * c + 15) % 30; e = (2 * a + 4 * b - d + 34) % 7
    mo = (d + e + 114) // 31; da = (d + e + 114) % 31 + 1
    return date(y, mo, da) + td(13)


def us_thanksgiving(y):
    return nth_wd(y, 11, THU, 4)


def bare_day_past(a, day):  # most recent <day> on or before a
    y, m = a.year, a.month
    while True:
        if day <= mlen(y, m) and date(y, m, day) <= a:
            return date(y, m, day)
        y, m = shift_ym(y, m, -1)


def bare_day_future(a, day):  # first <day> strictly after a
    y, m = a.year, a.month
    while True:
        if day <= mlen(y, m) and date(y, m, day) > a:
            return date(y, m, day)
        y, m = shift_ym(y, m, 1)


def day_on_or_after(d, day):
    y, m = d.year, d.month
    while True:
        if day <= mlen(y, m) and date(y, m, day) >= d:
            return date(y, m, day)
        y, m = shift_ym(y, m, 1)


def part_of_month(y, m, part):
    n = mlen(y, m)
    lo, hi = {"early": (1, 10), "mid": (11, 20), "late": (21, n),
              "h1": (1, 15), "h2": (16, n)}[part]
    return date(y, m, lo), date(y, m, hi)


def season(name, y, south=False):
    north = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "winter": (12, 2)}
    southmap = {"autumn": (3, 5), "winter": (6, 8), "spring": (9, 11), "summer": (12, 2)}
    s, e = (southmap if south else north)[name]
    ey = y + 1 if e < s else y
    return date(y, s, 1), date(ey, e, mlen(ey, e))


def last_season(a, name):  # most recent season that had ended before a
    y = a.year
    while season(name, y)[1] >= a:
        y -= 1
    return season(name, y)


def next_season(a, name):  # first season that starts strictly after a
    y = a.year - 1
    while season(name, y)[0] <= a:
        y += 1
    return season(name, y)


ROWS = []


def R(kind, anchor, expr, fn, sentence=False):
    a = date.fromisoformat(anchor)
    r = fn(a)
    if isinstance(r, date):
        r = (r, r)
    ROWS.append(dict(kind=kind, anchor=a, expr=expr, start=r[0], end=r[1], sentence=sentence))


def S(kind, anchor, expr, fn):
    R(kind, anchor, expr, fn, sentence=True)


# ---------------------------------------------------------------- relative
K = "relative"
R(K, "2024-03-01", "the night before last", lambda a: a - td(2))
R(K, "2023-07-19", "a week ago yesterday", lambda a: a - td(8))
R(K, "2025-01-02", "the week just gone", lambda a: week_off(a, -1))
R(K, "2022-05-31", "last month but one", lambda a: month_off(a, -2))
R(K, "2024-10-12", "the day before the day before yesterday", lambda a: a - td(3))
R(K, "2023-12-31", "the month before last", lambda a: month_off(a, -2))
R(K, "2021-08-16", "a good three weeks ago", lambda a: week_off(a, -3))
R(K, "2024-02-29", "a month ago to the day", lambda a: add_months(a, -1))
S(K, "2023-03-15", "this day last week i handed in my notice", lambda a: a - td(7))
R(K, "2025-06-30", "the week before the week before last", lambda a: week_off(a, -3))
S(K, "2022-01-01", "we only got home at 11 yesterday evening", lambda a: a - td(1))
S(K, "2024-09-04", "my sister moved to leeds a couple of months ago", lambda a: month_off(a, -2))
R(K, "2023-11-30", "the other week", lambda a: (week_off(a, -2)[0], week_off(a, -1)[1]))
R(K, "2024-12-02", "the previous month", lambda a: month_off(a, -1))
S(K, "2021-04-08", "the parcel finally turned up 48 hours ago", lambda a: a - td(2))
S(K, "2020-03-01", "we had that storm a fortnight back and the fence is still down",
  lambda a: week_off(a, -2))
R(K, "2026-01-05", "a year ago last month",
  lambda a: month(*shift_ym(a.year - 1, a.month, -1)))

# ---------------------------------------------------------------- weekday
K = "weekday"
R(K, "2024-05-14", "last tuesday", lambda a: last_wd(a, TUE))
R(K, "2023-09-28", "monday gone", lambda a: last_wd(a, MON))
R(K, "2022-12-30", "the friday before last", lambda a: last_wd(a, FRI) - td(7))
R(K, "2025-03-09", "three saturdays ago", lambda a: last_wd(a, SAT) - td(14))
R(K, "2024-07-03", "this coming wednesday", lambda a: next_wd(a, WED))
R(K, "2021-11-20", "sunday after next", lambda a: next_wd(a, SUN) + td(7))
R(K, "2023-02-06", "tuesday of last week", lambda a: wd_in_week(a, -1, TUE))
R(K, "2024-01-31", "next week's wednesday", lambda a: wd_in_week(a, 1, WED))
S(K, "2022-06-17", "i'll drop the keys round on thursday", lambda a: next_wd(a, THU))
S(K, "2025-08-13", "she rang me on monday night about the lease", lambda a: last_wd(a, MON))
S(K, "2020-10-10", "the match on saturday last was a washout", lambda a: last_wd(a, SAT))
R(K, "2023-05-01", "thursday past", lambda a: last_wd(a, THU))
R(K, "2024-12-29", "this past friday", lambda a: last_wd(a, FRI))
S(K, "2021-03-24", "we're meeting the landlord on monday of the week after next",
  lambda a: wd_in_week(a, 2, MON))
R(K, "2022-08-31", "friday this week", lambda a: wd_in_week(a, 0, FRI))
R(K, "2023-10-16", "the saturday a fortnight ago", lambda a: wd_in_week(a, -2, SAT))
S(K, "2024-06-06", "the boiler broke down last thing on sunday", lambda a: last_wd(a, SUN))

# ---------------------------------------------------------------- period_part
K = "period_part"
R(K, "2024-04-17", "early next month", lambda a: part_of_month(*shift_ym(a.year, a.month, 1), "early"))
S(K, "2023-01-09", "business only picked up at the tail end of last year", lambda a: (date(a.year - 1, 9, 1), date(a.year - 1, 12, 31)))
R(K, "2022-10-05", "the first half of next month", lambda a: part_of_month(*shift_ym(a.year, a.month, 1), "h1"))
R(K, "2025-02-28", "the latter half of last month", lambda a: part_of_month(*shift_ym(a.year, a.month, -1), "h2"))
R(K, "2024-08-20", "mid-july", lambda a: part_of_month(a.year, 7, "mid"))
R(K, "2021-06-30", "the beginning of next month", lambda a: part_of_month(*shift_ym(a.year, a.month, 1), "early"))
S(K, "2023-09-12", "we're off to crete towards the end of next week",
  lambda a: (wd_in_week(a, 1, THU), wd_in_week(a, 1, SUN)))
R(K, "2024-11-11", "the last few days of october", lambda a: (date(a.year, 10, 27), date(a.year, 10, 31)))
R(K, "2020-02-29", "the last week of february", lambda a: (date(a.year, 2, 29) - td(6), date(a.year, 2, 29)))
S(K, "2023-06-14", "sales were flat for the first six months of the year",
  lambda a: (date(a.year, 1, 1), date(a.year, 6, 30)))
S(K, "2022-03-22", "things got really busy at the start of the month",
  lambda a: part_of_month(a.year, a.month, "early"))
R(K, "2024-09-26", "midway through next week", lambda a: (wd_in_week(a, 1, TUE), wd_in_week(a, 1, THU)))
R(K, "2025-12-31", "the back half of the year", lambda a: (date(a.year, 7, 1), date(a.year, 12, 31)))
R(K, "2021-01-18", "the first few days of the month", lambda a: (date(a.year, a.month, 1), date(a.year, a.month, 5)))
R(K, "2023-04-28", "towards the end of last summer",
  lambda a: month(last_season(a, "summer")[1].year, 8))
S(K, "2024-02-05", "the first week of next month is a write-off for me",
  lambda a: (date(a.year, 3, 1), date(a.year, 3, 7)))
S(K, "2022-11-17", "i was ill at the beginning of the week",
  lambda a: (wd_in_week(a, 0, MON), wd_in_week(a, 0, WED)))

# ---------------------------------------------------------------- range
K = "range"
R(K, "2024-05-20", "mon to wed last week", lambda a: (wd_in_week(a, -1, MON), wd_in_week(a, -1, WED)))
S(K, "2023-08-10", "the pool was closed between the 3rd and the 9th",
  lambda a: (bare_day_past(a, 3), day_on_or_after(bare_day_past(a, 3), 9)))
R(K, "2022-03-18", "march through may", lambda a: (date(a.year, 3, 1), date(a.year, 5, 31)))
S(K, "2024-12-20", "we'll be at my parents' from christmas eve to new year's day",
  lambda a: (date(a.year, 12, 24), date(a.year + 1, 1, 1)))
R(K, "2023-06-07", "between 2019 and 2021", lambda a: (date(2019, 1, 1), date(2021, 12, 31)))
R(K, "2024-10-30", "from mid-june to early august", lambda a: (date(a.year, 6, 11), date(a.year, 8, 10)))
S(K, "2021-09-13", "i was off from last thursday until yesterday", lambda a: (last_wd(a, THU), a - td(1)))
R(K, "2022-07-28", "the 5th to the 12th of next month", lambda a: (date(a.year, 8, 5), date(a.year, 8, 12)))
R(K, "2024-01-03", "jan\u2013mar 2023", lambda a: (date(2023, 1, 1), date(2023, 3, 31)))
S(K, "2025-04-16", "we're away from the 24th to the 2nd",
  lambda a: (bare_day_future(a, 24), day_on_or_after(bare_day_future(a, 24), 2)))
R(K, "2023-11-06", "between now and the end of the month", lambda a: (a, month(a.year, a.month)[1]))
R(K, "2024-03-15", "thursday to saturday of the week after next",
  lambda a: (wd_in_week(a, 2, THU), wd_in_week(a, 2, SAT)))
R(K, "2020-12-31", "the 26th through the 30th",
  lambda a: (bare_day_past(a, 26), day_on_or_after(bare_day_past(a, 26), 30)))
R(K, "2022-02-14", "from the weekend before last to this past wednesday",
  lambda a: (wd_in_week(a, -2, SAT), last_wd(a, WED)))
S(K, "2023-05-25", "the exhibition runs from 1 june till 14 july",
  lambda a: (date(a.year, 6, 1), date(a.year, 7, 14)))
R(K, "2021-10-22", "the 10th-14th inclusive",
  lambda a: (bare_day_past(a, 10), day_on_or_after(bare_day_past(a, 10), 14)))
R(K, "2026-03-02", "late feb to early march", lambda a: (date(a.year, 2, 21), date(a.year, 3, 10)))

# ---------------------------------------------------------------- duration_back
K = "duration_back"
R(K, "2024-06-12", "the last 10 days", lambda a: (a - td(10), a))
S(K, "2023-03-01", "i've run 5k every morning for the past fortnight", lambda a: (a - td(14), a))
R(K, "2022-04-30", "over the last couple of months", lambda a: (add_months(a, -2), a))
R(K, "2024-02-29", "the past year", lambda a: (add_years(a, -1), a))
S(K, "2025-07-07", "i've been sleeping badly for the past few days", lambda a: (a - td(3), a))
R(K, "2021-12-01", "the past 48 hours", lambda a: (a - td(2), a))
R(K, "2023-10-31", "in the last three weeks", lambda a: (a - td(21), a))
R(K, "2020-08-31", "the past half year", lambda a: (add_months(a, -6), a))
S(K, "2024-11-20", "the dog's been limping on and off for a month and a half",
  lambda a: (add_months(a, -1) - td(15), a))
R(K, "2022-01-10", "year to date", lambda a: (date(a.year, 1, 1), a))
R(K, "2023-08-18", "since monday", lambda a: (last_wd(a, MON), a))
R(K, "2024-05-05", "in the past day and a half", lambda a: (a - td(2), a))
S(K, "2021-05-19", "sales have dropped 12% over the past 3 months", lambda a: (add_months(a, -3), a))
R(K, "2025-01-01", "this past decade", lambda a: (add_years(a, -10), a))
R(K, "2023-12-15", "for the previous two weeks", lambda a: (a - td(14), a))
S(K, "2022-09-09", "we've had rain on and off for the last hundred days", lambda a: (a - td(100), a))
R(K, "2024-07-31", "since the start of the quarter",
  lambda a: (date(a.year, 3 * ((a.month - 1) // 3) + 1, 1), a))

# ---------------------------------------------------------------- anchored_offset
K = "anchored_offset"
R(K, "2024-01-10", "three days after new year", lambda a: date(a.year, 1, 1) + td(3))
R(K, "2023-05-02", "the week after easter", lambda a: (easter(a.year) + td(1), easter(a.year) + td(7)))
R(K, "2025-04-20", "a month before my birthday on 12 june", lambda a: add_months(date(a.year, 6, 12), -1))
R(K, "2022-12-10", "two weeks after thanksgiving", lambda a: us_thanksgiving(a.year) + td(14))
S(K, "2024-08-01", "the vet wants to see him ten days before we fly on the 30th of august",
  lambda a: date(a.year, 8, 30) - td(10))
R(K, "2021-09-15", "the monday after labor day", lambda a: next_wd(nth_wd(a.year, 9, MON, 1), MON))
R(K, "2023-04-03", "the eve of mother's day", lambda a: nth_wd(a.year, 5, SUN, 2) - td(1))
R(K, "2020-02-27", "three weeks from tomorrow", lambda a: a + td(1 + 21))
R(K, "2024-02-20", "48 hours before the deadline on 1 march", lambda a: date(a.year, 3, 1) - td(2))
S(K, "2022-06-20", "the weekend after my exam on the 14th of july",
  lambda a: (next_wd(date(a.year, 7, 14), SAT), next_wd(date(a.year, 7, 14), SAT) + td(1)))
R(K, "2023-12-01", "the sunday before christmas", lambda a: last_wd(date(a.year, 12, 25), SUN))
R(K, "2025-11-03", "the day after halloween", lambda a: date(a.year, 10, 31) + td(1))
R(K, "2024-10-08", "a year ago last tuesday", lambda a: add_years(last_wd(a, TUE), -1))
S(K, "2023-07-12", "we moved in on 2 january and the boiler died six months later",
  lambda a: add_months(date(a.year, 1, 2), 6))
R(K, "2022-03-30", "a fortnight after the 3rd of june", lambda a: date(a.year, 6, 3) + td(14))
R(K, "2021-12-20", "the week before new year's eve",
  lambda a: (date(a.year, 12, 31) - td(7), date(a.year, 12, 31) - td(1)))
S(K, "2024-04-04", "i'll send the draft two working days before the board meeting on the 15th",
  lambda a: working_days_from(bare_day_future(a, 15), -2))

# ---------------------------------------------------------------- holiday_season
K = "holiday_season"
R(K, "2024-12-20", "boxing day", lambda a: date(a.year, 12, 26))
S(K, "2023-11-10", "the dog hid under the bed all bonfire night", lambda a: date(a.year, 11, 5))
R(K, "2025-05-02", "the early may bank holiday", lambda a: nth_wd(a.year, 5, MON, 1))
R(K, "2024-08-29", "the august bank holiday weekend",
  lambda a: (last_wd_of(a.year, 8, MON) - td(2), last_wd_of(a.year, 8, MON)))
R(K, "2022-10-20", "canadian thanksgiving", lambda a: nth_wd(a.year, 10, MON, 2))
R(K, "2023-05-15", "victoria day", lambda a: date(a.year, 5, 24) - td((date(a.year, 5, 24).weekday() - MON) % 7))
S(K, "2024-02-02", "we had a barbie on australia day", lambda a: date(a.year, 1, 26))
R(K, "2025-04-10", "anzac day", lambda a: date(a.year, 4, 25))
R(K, "2024-03-20", "orthodox easter", lambda a: orthodox_easter(a.year))
R(K, "2025-01-15", "chinese new year", lambda a: date(2025, 1, 29))
S(K, "2023-11-20", "my in-laws came over for diwali", lambda a: date(2023, 11, 12))
R(K, "2024-04-15", "golden week", lambda a: (date(a.year, 4, 29), date(a.year, 5, 5)))
R(K, "2025-06-01", "midsummer eve", lambda a: next_wd(date(a.year, 6, 18), FRI))
R(K, "2025-04-01", "king's day",
  lambda a: date(a.year, 4, 27) if date(a.year, 4, 27).weekday() != SUN else date(a.year, 4, 26))
S(K, "2023-09-01", "this year's winter in melbourne was brutal", lambda a: season("winter", a.year, south=True))
R(K, "2024-06-10", "whit monday", lambda a: easter(a.year) + td(50))
R(K, "2022-07-25", "bastille day", lambda a: date(a.year, 7, 14))
R(K, "2024-02-26", "mothering sunday", lambda a: easter(a.year) - td(21))
S(K, "2024-10-15", "we redid the garden last autumn", lambda a: last_season(a, "autumn"))

# ---------------------------------------------------------------- ordinal_weekday
K = "ordinal_weekday"
R(K, "2024-04-02", "the second sunday of may", lambda a: nth_wd(a.year, 5, SUN, 2))
R(K, "2023-06-05", "the last friday of the month", lambda a: last_wd_of(a.year, a.month, FRI))
R(K, "2022-09-20", "the first monday in october", lambda a: nth_wd(a.year, 10, MON, 1))
R(K, "2025-02-03", "the third wednesday of next month", lambda a: nth_wd(a.year, 3, WED, 3))
R(K, "2024-10-01", "the first tuesday after the first monday in november",
  lambda a: nth_wd(a.year, 11, MON, 1) + td(1))
S(K, "2023-03-10", "the clocks go forward on the last sunday in march", lambda a: last_wd_of(a.year, 3, SUN))
R(K, "2024-08-14", "the fifth thursday of this month", lambda a: nth_wd(a.year, a.month, THU, 5))
S(K, "2022-01-25", "payroll goes out on the last working day of the month",
  lambda a: working_days_from(month(a.year, a.month)[1] + td(1), -1))
R(K, "2021-07-07", "the first weekday of next month",
  lambda a: working_days_from(date(a.year, 8, 1) - td(1), 1))
S(K, "2023-12-12", "the pipes froze on the second saturday of january", lambda a: nth_wd(a.year, 1, SAT, 2))
S(K, "2025-09-30", "the office party is the penultimate friday of october", lambda a: last_wd_of(a.year, 10, FRI, back=1))
R(K, "2020-02-29", "march's first sunday", lambda a: nth_wd(a.year, 3, SUN, 1))
R(K, "2024-11-28", "the final monday of last month", lambda a: last_wd_of(a.year, 10, MON))
S(K, "2021-05-03", "our next book club is on the 3rd thursday of the month",
  lambda a: nth_wd(a.year, a.month, THU, 3))
R(K, "2022-11-01", "the fourth thursday of november", lambda a: nth_wd(a.year, 11, THU, 4))
R(K, "2026-01-02", "the second-to-last wednesday of december 2025", lambda a: last_wd_of(2025, 12, WED, back=1))
S(K, "2023-08-08", "the first full week of september we're in portugal",
  lambda a: (nth_wd(a.year, 9, MON, 1), nth_wd(a.year, 9, MON, 1) + td(6)))

# ---------------------------------------------------------------- numeric_date
K = "numeric_date"
R(K, "2024-05-06", "2024-03-03", lambda a: date(2024, 3, 3))
R(K, "2023-04-11", "23.03.", lambda a: date(a.year, 3, 23))
R(K, "2022-10-19", "March 3rd", lambda a: date(a.year, 3, 3))
R(K, "2025-07-24", "3rd of March", lambda a: date(a.year, 3, 3))
R(K, "2024-09-13", "Mar '24", lambda a: month(2024, 3))
R(K, "2021-02-28", "25/12/2020", lambda a: date(2020, 12, 25))
R(K, "2023-01-31", "12/31/2022", lambda a: date(2022, 12, 31))
S(K, "2024-07-15", "invoice 4471 dated 14.06.2024 for 12 units", lambda a: date(2024, 6, 14))
R(K, "2022-08-01", "2022/07/19", lambda a: date(2022, 7, 19))
R(K, "2020-03-02", "29/2", lambda a: date(a.year, 2, 29))
R(K, "2024-12-31", "31-12-2024", lambda a: date(2024, 12, 31))
S(K, "2023-04-30", "the last time the alarm went off was on the 31st", lambda a: bare_day_past(a, 31))
R(K, "2025-10-10", "Tuesday 9 September", lambda a: date(a.year, 9, 9))
S(K, "2021-11-08", "the contract was signed on 09-Aug-2021", lambda a: date(2021, 8, 9))
R(K, "2022-05-16", "20220417", lambda a: date(2022, 4, 17))
S(K, "2024-03-18", "my passport expired in feb 2023", lambda a: month(2023, 2))
S(K, "2023-06-26", "my appointment is on the 17th of july at 10:15", lambda a: date(a.year, 7, 17))
S(K, "2024-01-22", "we bought the flat in '19", lambda a: year(2019))

# ---------------------------------------------------------------- future
K = "future"
R(K, "2024-09-02", "in a fortnight's time", lambda a: week_off(a, 2))
R(K, "2023-02-27", "the next 10 days", lambda a: (a, a + td(10)))
R(K, "2022-12-28", "over the next two months", lambda a: (a, add_months(a, 2)))
S(K, "2025-03-12", "the quote has to be back by friday", lambda a: (a, next_wd(a, FRI)))
R(K, "2021-06-01", "within a week", lambda a: (a, a + td(7)))
R(K, "2024-10-31", "seven days from now", lambda a: a + td(7))
R(K, "2023-08-29", "next spring", lambda a: next_season(a, "spring"))
R(K, "2022-04-04", "the rest of this week", lambda a: (a, week(a)[1]))
S(K, "2020-12-30", "we're flying out the first week of january",
  lambda a: (date(a.year + 1, 1, 1), date(a.year + 1, 1, 7)))
R(K, "2025-11-14", "in three months", lambda a: month_off(a, 3))
S(K, "2024-01-19", "the new bathroom should be finished at some point later this year",
  lambda a: (a + td(1), date(a.year, 12, 31)))
R(K, "2023-07-31", "the coming weekend", lambda a: (next_wd(a, SAT), next_wd(a, SAT) + td(1)))
S(K, "2022-05-09", "the builders start in the second half of next month",
  lambda a: part_of_month(*shift_ym(a.year, a.month, 1), "h2"))
R(K, "2026-02-27", "overmorrow", lambda a: a + td(2))
R(K, "2028-02-29", "a year from today", lambda a: add_years(a, 1))
R(K, "2024-06-21", "before the end of next month", lambda a: (a, month_off(a, 1)[1]))
S(K, "2023-11-23", "we'll know the results the week after next", lambda a: week_off(a, 2))

# ---------------------------------------------------------------- nonnative_typo
K = "nonnative_typo"
R(K, "2024-04-22", "yesterdy", lambda a: a - td(1))
R(K, "2023-10-04", "tomorow", lambda a: a + td(1))
R(K, "2022-02-01", "befor yesterday", lambda a: a - td(2))
R(K, "2025-05-29", "after tomorrow", lambda a: a + td(2))
S(K, "2021-01-12", "since 3 days i have this headache", lambda a: (a - td(3), a))
R(K, "2024-11-06", "2 weeks before", lambda a: week_off(a, -2))
R(K, "2023-03-31", "last mnth", lambda a: month_off(a, -1))
R(K, "2022-06-24", "febuary 3rd", lambda a: date(a.year, 2, 3))
R(K, "2020-09-16", "wensday last week", lambda a: wd_in_week(a, -1, WED))
S(K, "2024-08-08", "i will call you in the weekend", lambda a: weekend_of_week(week(a)[0]))
R(K, "2023-04-19", "on the 3th of april", lambda a: date(a.year, 4, 3))
S(K, "2025-02-14", "before 2 days only the package came", lambda a: a - td(2))
R(K, "2021-07-30", "2nite", lambda a: a)
S(K, "2022-12-05", "cant make it nxt wk sorry", lambda a: week_off(a, 1))
R(K, "2024-01-01", "las year", lambda a: year(a.year - 1))
S(K, "2023-09-18", "the meeting was in the last thrusday", lambda a: last_wd(a, THU))
R(K, "2025-08-25", "the next week", lambda a: week_off(a, 1))
R(K, "2020-01-01", "3 day ago", lambda a: a - td(3))

# ---------------------------------------------------------------- spoken
K = "spoken"
S(K, "2025-03-03", "we lived in porto in twenty twenty four", lambda a: year(2024))
R(K, "2024-02-12", "the back end of last year", lambda a: (date(a.year - 1, 9, 1), date(a.year - 1, 12, 31)))
R(K, "2023-01-31", "this time next month", lambda a: add_months(a, 1))
R(K, "2022-07-06", "november the fifth", lambda a: date(a.year, 11, 5))
S(K, "2024-05-28", "we got engaged on the nineteenth of may twenty twenty two", lambda a: date(2022, 5, 19))
R(K, "2021-12-13", "back in oh eight", lambda a: year(2008))
R(K, "2023-10-25", "the summer of twenty-two", lambda a: season("summer", 2022))
R(K, "2024-10-09", "a week come monday", lambda a: next_wd(a, MON) + td(7))
S(K, "2022-03-07", "i'll ring them first thing tuesday", lambda a: next_wd(a, TUE))
S(K, "2025-06-18", "the wedding was on the twenty-first", lambda a: bare_day_past(a, 21))
R(K, "2020-11-11", "two thousand and nineteen", lambda a: year(2019))
R(K, "2023-06-02", "round about now last year",
  lambda a: (add_years(a, -1) - td(7), add_years(a, -1) + td(7)))
R(K, "2024-12-16", "the weekend that's just been", lambda a: weekend_of_week(week_off(a, -1)[0]))
S(K, "2022-09-28", "it's due end of play friday", lambda a: next_wd(a, FRI))
R(K, "2021-03-29", "a week last friday", lambda a: last_wd(a, FRI) - td(7))
R(K, "2025-12-01", "a fortnight today", lambda a: a + td(14))
S(K, "2023-02-20", "my cousin flies in on the twenty-fourth", lambda a: bare_day_future(a, 24))

# ---------------------------------------------------------------- invented
K = "invented"
R(K, "2024-03-12", "the day after tomorrow's tomorrow", lambda a: a + td(3))
R(K, "2023-11-08", "a week on thursday", lambda a: next_wd(a, THU) + td(7))
R(K, "2022-05-18", "tuesday fortnight", lambda a: next_wd(a, TUE) + td(14))
R(K, "2025-01-28", "a week tomorrow", lambda a: a + td(8))
S(K, "2024-09-10", "my daughter starts reception in the autumn term",
  lambda a: (date(a.year, 9, 1), date(a.year, 12, 20)))
S(K, "2023-02-14", "i'm TAing two courses this spring semester",
  lambda a: (date(a.year, 1, 10), date(a.year, 5, 10)))
R(K, "2024-06-03", "the academic year 2023/24", lambda a: (date(2023, 9, 1), date(2024, 8, 31)))
S(K, "2024-11-05", "Q2 of this fiscal year (we run april to march)",
  lambda a: (date(2024, 7, 1), date(2024, 9, 30)))
R(K, "2025-02-10", "the first half of federal FY2025", lambda a: (date(2024, 10, 1), date(2025, 3, 31)))
R(K, "2023-08-23", "KW 34", lambda a: (date.fromisocalendar(a.year, 34, 1), date.fromisocalendar(a.year, 34, 7)))
R(K, "2021-01-04", "week 53 of 2020", lambda a: (date.fromisocalendar(2020, 53, 1), date.fromisocalendar(2020, 53, 7)))
S(K, "2022-10-14", "3 of the 5 crates arrived three working days ago", lambda a: working_days_from(a, -3))
R(K, "2024-12-27", "the next business day", lambda a: working_days_from(a, 1))
S(K, "2023-05-17", "we sold 40 tickets in 2 hours on the 12th, 6 days after launch",
  lambda a: bare_day_past(a, 12))
R(K, "2025-07-01", "the last day of the quarter", lambda a: date(a.year, 9, 30))
S(K, "2024-01-15", "room 214 is booked for 3 nights from the 22nd",
  lambda a: (bare_day_future(a, 22), bare_day_future(a, 22) + td(3)))
R(K, "2022-03-31", "the fortnight starting monday", lambda a: (next_wd(a, MON), next_wd(a, MON) + td(13)))
R(K, "2024-02-28", "two sleeps from now", lambda a: a + td(2))


def main():
    kinds = []
    for r in ROWS:
        if r["kind"] not in kinds:
            kinds.append(r["kind"])
    full, dev, held = [], [], []
    n = 0
    for k in kinds:
        for i, r in enumerate([r for r in ROWS if r["kind"] == k]):
            n += 1
            out = {"id": "u%03d" % n, "kind": k, "anchor": r["anchor"].isoformat(),
                   "expr": r["expr"], "start": r["start"].isoformat(), "end": r["end"].isoformat()}
            r["id"] = out["id"]
            full.append(out)
            (dev if i % 2 == 0 else held).append(out)
    for name, rows in (("temporal6.jsonl", full), ("temporal6.dev.jsonl", dev), ("temporal6.held.jsonl", held)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for o in rows:
                f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return kinds


if __name__ == "__main__":
    import sys
    kinds = main()
    if "-v" in sys.argv:
        W = "Mon Tue Wed Thu Fri Sat Sun".split()
        for r in ROWS:
            print("%s %-16s %s %s | %-60s | %s %s .. %s %s%s" % (
                r["id"], r["kind"], r["anchor"], W[r["anchor"].weekday()], r["expr"][:60],
                r["start"], W[r["start"].weekday()], r["end"], W[r["end"].weekday()],
                "  [S]" if r["sentence"] else ""))
    tot = len(ROWS)
    sent = sum(r["sentence"] for r in ROWS)
    fut = sum(r["start"] > r["anchor"] for r in ROWS)
    touch = sum(r["end"] > r["anchor"] for r in ROWS)
    print("rows", tot, "sentences", sent, "%.1f%%" % (100 * sent / tot),
          "future(start>anchor)", fut, "%.1f%%" % (100 * fut / tot),
          "reaching future(end>anchor)", touch)
    for k in kinds:
        print(k, sum(r["kind"] == k for r in ROWS))
    print("anchor weekdays", sorted({r["anchor"].weekday() for r in ROWS}))
