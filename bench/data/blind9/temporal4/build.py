#!/usr/bin/env python3
"""Builds temporal4*.jsonl. Every range is computed from the anchor by the helper
functions below, which implement the conventions in README.md. A leading "@" in an
expression marks a whole-sentence row (the "@" is stripped)."""
import calendar
import json
import os
from datetime import date, timedelta as td

D = date.fromisoformat
MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


def one(d):
    return d, d


def week(d, k=0):
    m = d - td(d.weekday()) + td(7 * k)
    return m, m + td(6)


def wdays(d, k, a, b):  # weekdays a..b of the calendar week containing d + 7k
    m = week(d, k)[0]
    return m + td(a), m + td(b)


def mlen(y, m):
    return calendar.monthrange(y, m)[1]


def month(y, m):
    return date(y, m, 1), date(y, m, mlen(y, m))


def addm(y, m, k):
    i = y * 12 + m - 1 + k
    return i // 12, i % 12 + 1


def mrel(a, k):
    return month(*addm(a.year, a.month, k))


def shiftm(d, k):
    y, m = addm(d.year, d.month, k)
    return date(y, m, min(d.day, mlen(y, m)))


def shifty(d, k):
    try:
        return date(d.year + k, d.month, d.day)
    except ValueError:  # Feb 29 -> Feb 28
        return date(d.year + k, 2, 28)


def year(y):
    return date(y, 1, 1), date(y, 12, 31)


def prev_wd(a, wd):  # strictly before
    return a - td((a.weekday() - wd) % 7 or 7)


def next_wd(a, wd):  # strictly after
    return a + td((wd - a.weekday()) % 7 or 7)


def nth_wd(y, m, wd, n):
    f = date(y, m, 1)
    d = f + td((wd - f.weekday()) % 7) + td(7 * (n - 1))
    assert d.month == m, (y, m, wd, n)
    return d


def last_wd(y, m, wd):
    last = month(y, m)[1]
    return last - td((last.weekday() - wd) % 7)


def easter(y):  # anonymous Gregorian algorithm (Meeus/Jones/Butcher)
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


def third(y, m, part):  # early / mid / late month
    s, e = month(y, m)
    return {"early": (s, date(y, m, 10)), "mid": (date(y, m, 11), date(y, m, 20)),
            "late": (date(y, m, 21), e)}[part]


def ythird(y, part):
    return {"early": (date(y, 1, 1), date(y, 4, 30)), "mid": (date(y, 5, 1), date(y, 8, 31)),
            "late": (date(y, 9, 1), date(y, 12, 31))}[part]


def season(y, name):  # northern meteorological; winter belongs to the year it starts
    sm = {"spring": 3, "summer": 6, "fall": 9, "winter": 12}[name]
    s = date(y, sm, 1)
    ey, em = addm(y, sm, 2)
    return s, month(ey, em)[1]


def south_season(y, name):  # southern meteorological; summer Dec-Feb belongs to its start year
    sm = {"summer": 12, "autumn": 3, "winter": 6, "spring": 9}[name]
    s = date(y, sm, 1)
    ey, em = addm(y, sm, 2)
    return s, month(ey, em)[1]


def last_season(a, name, fn=season):  # most recent one that had ended before a
    for y in range(a.year, a.year - 3, -1):
        s, e = fn(y, name)
        if e < a:
            return s, e


def started_season(a, name, fn=season):  # most recent one that had started on/before a
    for y in range(a.year, a.year - 3, -1):
        s, e = fn(y, name)
        if s <= a:
            return s, e


def next_season(a, name):  # first one starting strictly after a
    for y in range(a.year, a.year + 3):
        s, e = season(y, name)
        if s > a:
            return s, e


def back(a, days=0, months=0, years=0):  # duration ending at anchor, inclusive
    s = a - td(days)
    s = shiftm(s, -months)
    s = shifty(s, -years)
    return s, a


def fwd(a, days=0):
    return a, a + td(days)


def quarter(y, q):
    return date(y, 3 * q - 2, 1), month(y, 3 * q)[1]


def bare_day(a, n):  # most recent n-th on or before the anchor
    y, m = a.year, a.month
    while True:
        if n <= mlen(y, m) and date(y, m, n) <= a:
            return date(y, m, n)
        y, m = addm(y, m, -1)


def weekend_after(d):
    s = next_wd(d, SAT)
    return s, s + td(1)


def weekend_before(d):  # last Sat-Sun pair whose Sunday is strictly before d
    sun = prev_wd(d, SUN)
    return sun - td(1), sun


def last_month_named(a, m):  # most recent month m that had ended before the anchor's month
    y = a.year if m < a.month else a.year - 1
    return month(y, m)


def working_last(y):  # last Mon-Fri day of year y
    d = date(y, 12, 31)
    while d.weekday() > FRI:
        d -= td(1)
    return d


def koningsdag(y):
    d = date(y, 4, 27)
    return d - td(1) if d.weekday() == SUN else d


def midsommarafton(y):  # the Friday in Jun 19-25
    d = date(y, 6, 19)
    return d + td((FRI - d.weekday()) % 7)


def victoria_day(y):  # the Monday on or before May 24
    d = date(y, 5, 24)
    return d - td(d.weekday())


CNY = {2023: date(2023, 1, 22), 2024: date(2024, 2, 10), 2025: date(2025, 1, 29),
       2026: date(2026, 2, 17)}

ITEMS = [
    # ---------------------------------------------------------------- relative
    ("relative", "2024-03-06", "three weeks back", lambda a: week(a, -3)),
    ("relative", "2025-01-01", "the month before last", lambda a: mrel(a, -2)),
    ("relative", "2023-08-31", "the day before the day before yesterday", lambda a: one(a - td(3))),
    ("relative", "2024-03-01", "@i fixed the fence four days back", lambda a: one(a - td(4))),
    ("relative", "2022-06-13", "@the week just gone was a total write-off", lambda a: week(a, -1)),
    ("relative", "2024-12-31", "the month after next", lambda a: mrel(a, 2)),
    ("relative", "2024-05-19", "this day last week", lambda a: one(a - td(7))),
    ("relative", "2025-07-26", "a fortnight back", lambda a: week(a, -2)),
    ("relative", "2024-02-29", "last month but one", lambda a: mrel(a, -2)),
    ("relative", "2023-10-02", "the week prior", lambda a: week(a, -1)),
    ("relative", "2026-03-31", "the month prior", lambda a: mrel(a, -1)),
    ("relative", "2022-01-03", "one week ago today", lambda a: one(a - td(7))),
    ("relative", "2025-04-18", "3 days prior", lambda a: one(a - td(3))),
    ("relative", "2021-12-31", "@the invoice went out two days before yesterday", lambda a: one(a - td(3))),
    ("relative", "2023-03-15", "@we'll be sorting the garage out the month after next", lambda a: mrel(a, 2)),
    ("relative", "2024-09-30", "@she started the new job a fortnight ago today", lambda a: one(a - td(14))),
    ("relative", "2020-02-29", "@that was two months back, around the time the boiler broke", lambda a: mrel(a, -2)),
    ("relative", "2023-05-02", "@i last saw her at the market the week before last", lambda a: week(a, -2)),
    # ---------------------------------------------------------------- weekday
    ("weekday", "2024-06-11", "@we had the barbecue this past friday", lambda a: one(prev_wd(a, FRI))),
    ("weekday", "2023-01-06", "friday just gone", lambda a: one(prev_wd(a, FRI))),
    ("weekday", "2025-02-27", "this coming thursday", lambda a: one(next_wd(a, THU))),
    ("weekday", "2024-12-30", "wednesday after next", lambda a: one(next_wd(a, WED) + td(7))),
    ("weekday", "2023-05-20", "a week on tuesday", lambda a: one(next_wd(a, TUE) + td(7))),
    ("weekday", "2024-02-26", "thursday week", lambda a: one(next_wd(a, THU) + td(7))),
    ("weekday", "2022-10-16", "come monday", lambda a: one(next_wd(a, MON))),
    ("weekday", "2024-07-03", "the monday before last", lambda a: one(prev_wd(a, MON) - td(7))),
    ("weekday", "2023-12-31", "two saturdays ago", lambda a: one(prev_wd(a, SAT) - td(7))),
    ("weekday", "2025-06-05", "monday of last week", lambda a: wdays(a, -1, MON, MON)),
    ("weekday", "2026-01-03", "friday this week", lambda a: wdays(a, 0, FRI, FRI)),
    ("weekday", "2025-12-31", "the tuesday before last", lambda a: one(prev_wd(a, TUE) - td(7))),
    ("weekday", "2024-04-14", "the sunday before last", lambda a: one(prev_wd(a, SUN) - td(7))),
    ("weekday", "2020-02-29", "saturday last", lambda a: one(prev_wd(a, SAT))),
    ("weekday", "2021-03-09", "@i dropped the keys off on sunday", lambda a: one(prev_wd(a, SUN))),
    ("weekday", "2024-11-29", "@we're flying out on saturday", lambda a: one(next_wd(a, SAT))),
    ("weekday", "2022-08-19", "@the plumber came round last thursday", lambda a: one(prev_wd(a, THU))),
    ("weekday", "2025-09-16", "@mum rang on the tuesday of last week", lambda a: wdays(a, -1, TUE, TUE)),
    # ---------------------------------------------------------------- period_part
    ("period_part", "2024-05-02", "mid-april", lambda a: third(2024, 4, "mid")),
    ("period_part", "2023-10-31", "the back end of last month", lambda a: third(2023, 9, "late")),
    ("period_part", "2025-01-02", "the first half of last year", lambda a: (date(2024, 1, 1), date(2024, 6, 30))),
    ("period_part", "2024-02-29", "the tail end of february", lambda a: third(2024, 2, "late")),
    ("period_part", "2022-07-11", "early next week", lambda a: wdays(a, 1, MON, WED)),
    ("period_part", "2024-09-06", "late last week", lambda a: wdays(a, -1, THU, SUN)),
    ("period_part", "2023-06-30", "the beginning of next month", lambda a: third(2023, 7, "early")),
    ("period_part", "2021-11-17", "the second half of the month", lambda a: (date(2021, 11, 16), date(2021, 11, 30))),
    ("period_part", "2024-12-31", "the start of next year", lambda a: ythird(2025, "early")),
    ("period_part", "2023-09-10", "late summer", lambda a: month(2023, 8)),
    ("period_part", "2023-10-05", "mid-2023", lambda a: ythird(2023, "mid")),
    ("period_part", "2021-04-01", "the tail end of last summer", lambda a: month(2020, 8)),
    ("period_part", "2024-01-15", "@the boiler packed in around the middle of last month", lambda a: third(2023, 12, "mid")),
    ("period_part", "2024-08-20", "@can we do a call midweek?", lambda a: wdays(a, 0, TUE, THU)),
    ("period_part", "2024-06-03", "@the roof was fixed towards the end of last month", lambda a: third(2024, 5, "late")),
    ("period_part", "2023-09-12", "@we moved in at the start of the year", lambda a: ythird(2023, "early")),
    ("period_part", "2025-11-08", "@the audit kicks off early in the new year", lambda a: ythird(2026, "early")),
    ("period_part", "2022-03-18", "@prices went up in the second half of last year", lambda a: (date(2021, 7, 1), date(2021, 12, 31))),
    # ---------------------------------------------------------------- range
    ("range", "2024-05-22", "between the 3rd and the 9th", lambda a: (date(2024, 5, 3), date(2024, 5, 9))),
    ("range", "2023-03-02", "@i was in leeds mon to wed last week", lambda a: wdays(a, -1, MON, WED)),
    ("range", "2024-02-28", "from the 26th of feb to the 2nd of march", lambda a: (date(2024, 2, 26), date(2024, 3, 2))),
    ("range", "2022-12-31", "between christmas and new year's", lambda a: (date(2022, 12, 26), date(2022, 12, 30))),
    ("range", "2024-10-14", "from march to may", lambda a: (date(2024, 3, 1), date(2024, 5, 31))),
    ("range", "2023-07-19", "2019–2021", lambda a: (date(2019, 1, 1), date(2021, 12, 31))),
    ("range", "2026-02-27", "the 10th till the 14th of next month", lambda a: (date(2026, 3, 10), date(2026, 3, 14))),
    ("range", "2021-06-21", "tue–fri last week", lambda a: wdays(a, -1, TUE, FRI)),
    ("range", "2024-12-31", "from boxing day to new year's eve", lambda a: (date(2024, 12, 26), date(2024, 12, 31))),
    ("range", "2024-08-31", "the 14th to the 20th", lambda a: (date(2024, 8, 14), date(2024, 8, 20))),
    ("range", "2024-07-10", "from mid-may to the end of june", lambda a: (date(2024, 5, 11), date(2024, 6, 30))),
    ("range", "2020-02-29", "jan–feb", lambda a: (date(2020, 1, 1), date(2020, 2, 29))),
    ("range", "2024-07-07", "from last monday till yesterday", lambda a: (prev_wd(a, MON), a - td(1))),
    ("range", "2025-09-10", "@the festival runs thursday through sunday this week", lambda a: wdays(a, 0, THU, SUN)),
    ("range", "2023-11-06", "@i was off sick from wednesday to friday last week", lambda a: wdays(a, -1, WED, FRI)),
    ("range", "2022-05-12", "@the exhibition was on from 2 to 9 may", lambda a: (date(2022, 5, 2), date(2022, 5, 9))),
    ("range", "2025-06-15", "@we were in crete from the 2nd until the 8th", lambda a: (date(2025, 6, 2), date(2025, 6, 8))),
    ("range", "2022-09-28", "@the roadworks last from october through to january", lambda a: (date(2022, 10, 1), date(2023, 1, 31))),
    # ---------------------------------------------------------------- duration_back
    ("duration_back", "2024-03-10", "@it's been cold the last 10 days", lambda a: back(a, days=10)),
    ("duration_back", "2023-01-05", "the past fortnight", lambda a: back(a, days=14)),
    ("duration_back", "2024-04-30", "over the last couple of months", lambda a: back(a, months=2)),
    ("duration_back", "2025-03-31", "the past month", lambda a: back(a, months=1)),
    ("duration_back", "2022-08-15", "@nobody has heard from him in the last 48 hours", lambda a: back(a, days=2)),
    ("duration_back", "2024-02-29", "this past year", lambda a: back(a, years=1)),
    ("duration_back", "2021-10-20", "over the past three weeks", lambda a: back(a, days=21)),
    ("duration_back", "2023-12-29", "the last six months", lambda a: back(a, months=6)),
    ("duration_back", "2025-01-01", "since christmas", lambda a: (date(2024, 12, 25), a)),
    ("duration_back", "2024-06-06", "so far this year", lambda a: (date(2024, 1, 1), a)),
    ("duration_back", "2023-09-14", "since monday", lambda a: (prev_wd(a, MON), a)),
    ("duration_back", "2026-05-31", "over the last half year", lambda a: back(a, months=6)),
    ("duration_back", "2022-02-28", "the past 24 hours", lambda a: back(a, days=1)),
    ("duration_back", "2025-08-08", "in the last week", lambda a: back(a, days=7)),
    ("duration_back", "2024-11-11", "@i've felt rough for the last few days", lambda a: back(a, days=3)),
    ("duration_back", "2023-07-01", "@sales have been flat over the last 90 days", lambda a: back(a, days=90)),
    ("duration_back", "2024-12-31", "@i've run every day since the 1st of december", lambda a: (date(2024, 12, 1), a)),
    ("duration_back", "2021-05-05", "@she's been off work since last tuesday", lambda a: (prev_wd(a, TUE), a)),
    ("duration_back", "2024-10-03", "@it's rained all week", lambda a: (week(a)[0], a)),
    ("duration_back", "2023-02-28", "@we've had the builders in for the past eight weeks", lambda a: back(a, days=56)),
    # ---------------------------------------------------------------- anchored_offset
    ("anchored_offset", "2025-01-10", "three days after new year", lambda a: one(date(2025, 1, 4))),
    ("anchored_offset", "2024-04-16", "the week after easter", lambda a: (easter(2024) + td(1), easter(2024) + td(7))),
    ("anchored_offset", "2023-04-20", "a month before my birthday on 12 june", lambda a: one(shiftm(date(2023, 6, 12), -1))),
    ("anchored_offset", "2022-11-28", "@the day after thanksgiving the shops were mobbed", lambda a: one(nth_wd(2022, 11, THU, 4) + td(1))),
    ("anchored_offset", "2024-01-31", "two weeks after my surgery on the 3rd", lambda a: one(bare_day(a, 3) + td(14))),
    ("anchored_offset", "2023-09-12", "the weekend after labor day", lambda a: weekend_after(nth_wd(2023, 9, MON, 1))),
    ("anchored_offset", "2024-05-25", "the monday after the 15th of may", lambda a: one(next_wd(date(2024, 5, 15), MON))),
    ("anchored_offset", "2026-04-10", "a fortnight before easter", lambda a: one(easter(2026) - td(14))),
    ("anchored_offset", "2024-02-29", "the day before valentine's", lambda a: one(date(2024, 2, 13))),
    ("anchored_offset", "2021-07-30", "the week before the 4th of july", lambda a: (date(2021, 6, 27), date(2021, 7, 3))),
    ("anchored_offset", "2025-04-07", "six weeks after christmas 2024", lambda a: one(date(2024, 12, 25) + td(42))),
    ("anchored_offset", "2023-12-31", "two days after new year's eve", lambda a: one(date(2023, 12, 31) + td(2))),
    ("anchored_offset", "2023-05-20", "the week before mother's day", lambda a: (nth_wd(2023, 5, SUN, 2) - td(7), nth_wd(2023, 5, SUN, 2) - td(1))),
    ("anchored_offset", "2024-11-04", "@we carved pumpkins the weekend before halloween", lambda a: weekend_before(date(2024, 10, 31))),
    ("anchored_offset", "2024-10-10", "@we sign the lease a week before we move on 1 november", lambda a: one(date(2024, 11, 1) - td(7))),
    ("anchored_offset", "2022-05-16", "@my sister arrives the day after memorial day", lambda a: one(last_wd(2022, 5, MON) + td(1))),
    ("anchored_offset", "2025-02-10", "@the results come out a month after the exam on the 28th of february", lambda a: one(shiftm(date(2025, 2, 28), 1))),
    ("anchored_offset", "2023-06-26", "@the gas bill came three days after my birthday on the 9th", lambda a: one(bare_day(a, 9) + td(3))),
    # ---------------------------------------------------------------- holiday_season
    ("holiday_season", "2024-12-28", "@we drove up to my gran's on boxing day", lambda a: one(date(2024, 12, 26))),
    ("holiday_season", "2024-05-10", "the early may bank holiday", lambda a: one(nth_wd(2024, 5, MON, 1))),
    ("holiday_season", "2025-09-02", "@the car broke down on the august bank holiday", lambda a: one(last_wd(2025, 8, MON))),
    ("holiday_season", "2024-03-20", "mothering sunday", lambda a: one(easter(2024) - td(21))),
    ("holiday_season", "2023-03-01", "rosenmontag", lambda a: one(easter(2023) - td(48))),
    ("holiday_season", "2024-04-15", "whit monday", lambda a: one(easter(2024) + td(50))),
    ("holiday_season", "2024-07-20", "@we watched the fireworks in paris on bastille day", lambda a: one(date(2024, 7, 14))),
    ("holiday_season", "2023-10-16", "canadian thanksgiving", lambda a: one(nth_wd(2023, 10, MON, 2))),
    ("holiday_season", "2024-05-27", "victoria day", lambda a: one(victoria_day(2024))),
    ("holiday_season", "2024-01-05", "chinese new year", lambda a: one(CNY[2024])),
    ("holiday_season", "2025-05-12", "golden week", lambda a: (date(2025, 4, 29), date(2025, 5, 5))),
    ("holiday_season", "2023-06-01", "midsommar", lambda a: one(midsommarafton(2023))),
    ("holiday_season", "2025-04-28", "koningsdag", lambda a: one(koningsdag(2025))),
    ("holiday_season", "2023-03-01", "last winter", lambda a: last_season(a, "winter")),
    ("holiday_season", "2022-10-01", "next spring", lambda a: next_season(a, "spring")),
    ("holiday_season", "2024-11-20", "over the summer", lambda a: (started_season(a, "summer")[0], min(a, started_season(a, "summer")[1]))),
    ("holiday_season", "2026-03-20", "the easter weekend", lambda a: (easter(2026) - td(2), easter(2026) + td(1))),
    ("holiday_season", "2025-04-10", "@it was scorching in melbourne over the australian summer", lambda a: (started_season(a, "summer", south_season)[0], min(a, started_season(a, "summer", south_season)[1]))),
    ("holiday_season", "2024-02-20", "@we went to dublin for paddy's day last year", lambda a: one(date(2023, 3, 17))),
    ("holiday_season", "2025-11-20", "@we were in lyon for toussaint", lambda a: one(date(2025, 11, 1))),
    # ---------------------------------------------------------------- ordinal_weekday
    ("ordinal_weekday", "2024-05-20", "the second sunday of may", lambda a: one(nth_wd(2024, 5, SUN, 2))),
    ("ordinal_weekday", "2023-06-14", "@the leaving do is the last friday of the month", lambda a: one(last_wd(2023, 6, FRI))),
    ("ordinal_weekday", "2025-10-31", "the first monday of next month", lambda a: one(nth_wd(2025, 11, MON, 1))),
    ("ordinal_weekday", "2024-11-25", "the third thursday in november", lambda a: one(nth_wd(2024, 11, THU, 3))),
    ("ordinal_weekday", "2024-11-08", "@turnout was huge on the first tuesday after the first monday in november", lambda a: one(nth_wd(2024, 11, MON, 1) + td(1))),
    ("ordinal_weekday", "2023-04-02", "the last sunday in march", lambda a: one(last_wd(2023, 3, SUN))),
    ("ordinal_weekday", "2024-03-04", "the fifth thursday of february", lambda a: one(nth_wd(2024, 2, THU, 5))),
    ("ordinal_weekday", "2025-12-31", "the first friday of the new year", lambda a: one(nth_wd(2026, 1, FRI, 1))),
    ("ordinal_weekday", "2021-07-21", "the last monday of last month", lambda a: one(last_wd(2021, 6, MON))),
    ("ordinal_weekday", "2024-07-15", "@we camped by the lake the first weekend of july", lambda a: (nth_wd(2024, 7, SAT, 1), nth_wd(2024, 7, SAT, 1) + td(1))),
    ("ordinal_weekday", "2023-08-29", "the last weekend of august", lambda a: (last_wd(2023, 8, SAT), last_wd(2023, 8, SAT) + td(1))),
    ("ordinal_weekday", "2024-11-18", "the last weekday of the year", lambda a: one(working_last(2024))),
    ("ordinal_weekday", "2023-04-28", "the penultimate friday of april", lambda a: one(last_wd(2023, 4, FRI) - td(7))),
    ("ordinal_weekday", "2022-12-23", "the last tuesday before christmas", lambda a: one(prev_wd(date(2022, 12, 25), TUE))),
    ("ordinal_weekday", "2025-03-03", "@this month's book club is on the first thursday of the month", lambda a: one(nth_wd(2025, 3, THU, 1))),
    ("ordinal_weekday", "2024-09-12", "@we launched on the second tuesday of august", lambda a: one(nth_wd(2024, 8, TUE, 2))),
    ("ordinal_weekday", "2024-03-31", "@we had the quiz night on the first sunday of the month", lambda a: one(nth_wd(2024, 3, SUN, 1))),
    ("ordinal_weekday", "2021-01-18", "@payday is the last friday of next month", lambda a: one(last_wd(2021, 2, FRI))),
    # ---------------------------------------------------------------- numeric_date
    ("numeric_date", "2024-05-03", "2024-03-12", lambda a: one(date(2024, 3, 12))),
    ("numeric_date", "2025-02-10", "12.03.", lambda a: one(date(2025, 3, 12))),
    ("numeric_date", "2023-08-01", "March 3rd", lambda a: one(date(2023, 3, 3))),
    ("numeric_date", "2024-11-15", "3rd of March", lambda a: one(date(2024, 3, 3))),
    ("numeric_date", "2024-06-30", "Mar '24", lambda a: month(2024, 3)),
    ("numeric_date", "2022-01-04", "25/12/2021", lambda a: one(date(2021, 12, 25))),
    ("numeric_date", "2023-12-28", "12/25", lambda a: one(date(2023, 12, 25))),
    ("numeric_date", "2024-02-29", "29.02.2024", lambda a: one(date(2024, 2, 29))),
    ("numeric_date", "2026-01-01", "31.12.25", lambda a: one(date(2025, 12, 31))),
    ("numeric_date", "2023-10-12", "@the parcel was posted on 17 Sept", lambda a: one(date(2023, 9, 17))),
    ("numeric_date", "2024-08-19", "Aug 2nd", lambda a: one(date(2024, 8, 2))),
    ("numeric_date", "2025-06-30", "15-Jul-2025", lambda a: one(date(2025, 7, 15))),
    ("numeric_date", "2024-09-09", "sept. '23", lambda a: month(2023, 9)),
    ("numeric_date", "2024-04-04", "@the rent went out on the 4th", lambda a: one(bare_day(a, 4))),
    ("numeric_date", "2022-03-22", "@the form was signed on 14.02.2022", lambda a: one(date(2022, 2, 14))),
    ("numeric_date", "2024-12-31", "@the offer expires 1/31/2025", lambda a: one(date(2025, 1, 31))),
    ("numeric_date", "2023-07-07", "@the lease ends on 30 june 2024", lambda a: one(date(2024, 6, 30))),
    ("numeric_date", "2025-10-27", "@the course ran from 06.10. to 17.10.", lambda a: (date(2025, 10, 6), date(2025, 10, 17))),
    # ---------------------------------------------------------------- future
    ("future", "2024-09-02", "the next ten days", lambda a: fwd(a, 10)),
    ("future", "2024-12-27", "in a fortnight's time", lambda a: week(a, 2)),
    ("future", "2025-05-28", "in ten days", lambda a: one(a + td(10))),
    ("future", "2023-11-30", "in three months", lambda a: mrel(a, 3)),
    ("future", "2022-06-30", "next quarter", lambda a: quarter(2022, 3)),
    ("future", "2024-10-19", "this coming weekend", lambda a: (next_wd(a, SAT), next_wd(a, SAT) + td(1))),
    ("future", "2025-03-12", "two weeks from today", lambda a: one(a + td(14))),
    ("future", "2023-12-31", "a year from now", lambda a: one(shifty(a, 1))),
    ("future", "2024-08-29", "six months from now", lambda a: one(shiftm(a, 6))),
    ("future", "2024-01-31", "the end of next month", lambda a: third(2024, 2, "late")),
    ("future", "2026-07-04", "within the next fortnight", lambda a: fwd(a, 14)),
    ("future", "2023-04-03", "a week from tuesday", lambda a: one(next_wd(a, TUE) + td(7))),
    ("future", "2020-02-28", "tomorrow", lambda a: one(a + td(1))),
    ("future", "2024-12-02", "@we'll hear back sometime in the next couple of weeks", lambda a: fwd(a, 14)),
    ("future", "2025-10-15", "@the new kitchen goes in next month", lambda a: mrel(a, 1)),
    ("future", "2022-02-22", "@the clinic reopens in a few days", lambda a: (a + td(2), a + td(5))),
    ("future", "2024-03-29", "@i'm on leave the week after next", lambda a: week(a, 2)),
    ("future", "2023-08-16", "@the quote is valid for the next 30 days", lambda a: fwd(a, 30)),
    # ---------------------------------------------------------------- nonnative_typo
    ("nonnative_typo", "2024-06-12", "yesterdy", lambda a: one(a - td(1))),
    ("nonnative_typo", "2023-03-01", "tomorow", lambda a: one(a + td(1))),
    ("nonnative_typo", "2025-01-09", "last wensday", lambda a: one(prev_wd(a, WED))),
    ("nonnative_typo", "2024-07-18", "@i have called him before 3 days", lambda a: one(a - td(3))),
    ("nonnative_typo", "2022-10-30", "after 2 days", lambda a: one(a + td(2))),
    ("nonnative_typo", "2024-03-06", "since 2 weeks", lambda a: back(a, days=14)),
    ("nonnative_typo", "2023-12-28", "next next week", lambda a: week(a, 2)),
    ("nonnative_typo", "2025-05-30", "today morning", lambda a: one(a)),
    ("nonnative_typo", "2024-01-01", "yesterday night", lambda a: one(a - td(1))),
    ("nonnative_typo", "2024-04-30", "in this month end", lambda a: third(2024, 4, "late")),
    ("nonnative_typo", "2021-08-02", "last to last week", lambda a: week(a, -2)),
    ("nonnative_typo", "2024-05-09", "on 5 of may", lambda a: one(date(2024, 5, 5))),
    ("nonnative_typo", "2022-05-31", "the last weekend", lambda a: (week(a, -1)[0] + td(5), week(a, -1)[1])),
    ("nonnative_typo", "2024-11-04", "febuary", lambda a: month(2024, 2)),
    ("nonnative_typo", "2025-07-21", "@i will send it you the coming friday", lambda a: one(next_wd(a, FRI))),
    ("nonnative_typo", "2023-06-05", "@we has meeting on last thrusday", lambda a: one(prev_wd(a, THU))),
    ("nonnative_typo", "2024-10-08", "@my visa expire in next month", lambda a: mrel(a, 1)),
    ("nonnative_typo", "2023-09-22", "@i am living here since 3 years", lambda a: back(a, years=3)),
    # ---------------------------------------------------------------- spoken
    ("spoken", "2025-03-03", "twenty twenty four", lambda a: year(2024)),
    ("spoken", "2024-02-12", "the back end of last year", lambda a: ythird(2023, "late")),
    ("spoken", "2023-01-31", "this time next month", lambda a: one(shiftm(a, 1))),
    ("spoken", "2024-05-24", "@this time last week we were still in spain", lambda a: one(a - td(7))),
    ("spoken", "2023-08-09", "a week today", lambda a: one(a + td(7))),
    ("spoken", "2024-07-12", "the march before last", lambda a: month(last_month_named(a, 3)[0].year - 1, 3)),
    ("spoken", "2022-11-23", "the fourth of july", lambda a: one(date(2022, 7, 4))),
    ("spoken", "2025-12-08", "nineteen ninety nine", lambda a: year(1999)),
    ("spoken", "2024-09-27", "the noughties", lambda a: (date(2000, 1, 1), date(2009, 12, 31))),
    ("spoken", "2023-04-24", "@the skip got collected monday gone", lambda a: one(prev_wd(a, MON))),
    ("spoken", "2021-01-27", "end of play friday", lambda a: one(next_wd(a, FRI))),
    ("spoken", "2024-02-29", "a year ago today", lambda a: one(shifty(a, -1))),
    ("spoken", "2024-01-01", "the weekend just gone", lambda a: (week(a, -1)[0] + td(5), week(a, -1)[1])),
    ("spoken", "2025-10-06", "@we got back from lisbon the tuesday before last", lambda a: one(prev_wd(a, TUE) - td(7))),
    ("spoken", "2024-08-14", "@it was back in oh-nine, i think", lambda a: year(2009)),
    ("spoken", "2022-07-29", "@she's due around this time next year", lambda a: (shifty(a, 1) - td(7), shifty(a, 1) + td(7))),
    ("spoken", "2023-11-11", "@the whole of the summer before last was a washout", lambda a: season(last_season(a, "summer")[0].year - 1, "summer")),
    ("spoken", "2022-12-31", "@we'll sort it out in twenty twenty three", lambda a: year(2023)),
]

KINDS = ["relative", "weekday", "period_part", "range", "duration_back", "anchored_offset",
         "holiday_season", "ordinal_weekday", "numeric_date", "future", "nonnative_typo", "spoken"]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    rows, dev, held = [], [], []
    seen = {}
    for i, (kind, anc, expr, fn) in enumerate(ITEMS, 1):
        assert kind in KINDS, kind
        a = D(anc)
        s, e = fn(a)
        assert s <= e, (anc, expr, s, e)
        row = {"id": "t%03d" % i, "kind": kind, "anchor": anc, "expr": expr.lstrip("@"),
               "start": s.isoformat(), "end": e.isoformat()}
        rows.append(row)
        n = seen.get(kind, 0)
        seen[kind] = n + 1
        (dev if n % 2 == 0 else held).append(row)
    for name, rs in (("temporal4.jsonl", rows), ("temporal4.dev.jsonl", dev),
                     ("temporal4.held.jsonl", held)):
        with open(os.path.join(here, name), "w") as f:
            for r in rs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    sent = sum(1 for it in ITEMS if it[2].startswith("@"))
    fut = sum(1 for r in rows if r["start"] > r["anchor"])
    print(len(rows), "rows;", len(dev), "dev;", len(held), "held;", sent, "sentences;", fut, "future")
    for k in KINDS:
        print(" ", k, seen[k])
    wd = {}
    for r in rows:
        wd[D(r["anchor"]).strftime("%a")] = wd.get(D(r["anchor"]).strftime("%a"), 0) + 1
    print(" anchor weekdays", wd)


if __name__ == "__main__":
    main()
