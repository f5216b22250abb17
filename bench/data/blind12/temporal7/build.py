# Builds temporal7*.jsonl. Ranges are computed from helper functions (conventions in README.md).
import calendar, json, datetime as dt
D = dt.date; td = dt.timedelta
MON, TUE, WED, THU, FRI, SAT, SUN = range(7)

def d(s): return D.fromisoformat(s)
def mdays(y, m): return calendar.monthrange(y, m)[1]
def prev_wd(a, w): return a - td((a.weekday() - w) % 7 or 7)      # strictly before
def next_wd(a, w): return a + td((w - a.weekday()) % 7 or 7)      # strictly after
def wk(a, k=0): m = a - td(a.weekday()) + td(7 * k); return (m, m + td(6))
def wkend(a, k=0): m = wk(a, k)[0]; return (m + td(5), m + td(6))
def mshift(y, m, n): q = y * 12 + m - 1 + n; return q // 12, q % 12 + 1
def mr(y, m): return (D(y, m, 1), D(y, m, mdays(y, m)))
def mrel(a, n): return mr(*mshift(a.year, a.month, n))
def addm(x, n): y, m = mshift(x.year, x.month, n); return D(y, m, min(x.day, mdays(y, m)))
def addy(x, n): return D(x.year + n, x.month, min(x.day, mdays(x.year + n, x.month)))
def yr(y): return (D(y, 1, 1), D(y, 12, 31))
def early(y, m): return (D(y, m, 1), D(y, m, 10))
def mid(y, m): return (D(y, m, 11), D(y, m, 20))
def late(y, m): return (D(y, m, 21), D(y, m, mdays(y, m)))
def nth(y, m, w, n):
    if n > 0:
        f = D(y, m, 1); return f + td((w - f.weekday()) % 7 + 7 * (n - 1))
    l = D(y, m, mdays(y, m)); return l - td((l.weekday() - w) % 7) + td(7 * (n + 1))
def easter(y):
    a = y % 19; b, c = divmod(y, 100); dd, e = divmod(b, 4); f = (b + 8) // 25; g = (b - f + 1) // 3
    h = (19 * a + b - dd - g + 15) % 30; i, k = divmod(c, 4); l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451; mo = (h + l - 7 * m + 114) // 31; da = (h + l - 7 * m + 114) % 31 + 1
    return D(y, mo, da)
def day(x): return (x, x)
def rng(x, y): return (x, y)
def back(a, n): return (a - td(n), a)
def uk_tax(y): return (D(y, 4, 6), D(y + 1, 4, 5))          # tax year starting 6 Apr y
def uk_tax_of(a): y = a.year if a >= D(a.year, 4, 6) else a.year - 1; return uk_tax(y)
def au_fy(end_y): return (D(end_y - 1, 7, 1), D(end_y, 6, 30))
def in_fy(start_y): return (D(start_y, 4, 1), D(start_y + 1, 3, 31))
def us_fy(y): return (D(y - 1, 10, 1), D(y, 9, 30))
def isowk(y, n): s = D.fromisocalendar(y, n, 1); return (s, s + td(6))
def wkparts(a, k, part):   # week parts: early Mon-Tue, mid Wed-Thu, late Fri-Sun
    m = wk(a, k)[0]; o = {'early': (0, 1), 'mid': (2, 3), 'late': (4, 6)}[part]
    return (m + td(o[0]), m + td(o[1]))
def on_or_after_nth(a, n):   # bare "the Nth" in a future sentence
    y, m = a.year, a.month
    while True:
        if n <= mdays(y, m) and D(y, m, n) >= a: return D(y, m, n)
        y, m = mshift(y, m, 1)
def fut_date(a, m, dday):    # day-month without year in a future sentence
    x = D(a.year, m, dday); return x if x >= a else D(a.year + 1, m, dday)

ROWS = []
def R(kind, anchor, expr, f, s=0, fut=0):
    a = d(anchor); r = f(a)
    if isinstance(r, D): r = (r, r)
    ROWS.append(dict(kind=kind, anchor=anchor, expr=expr, start=r[0].isoformat(), end=r[1].isoformat(), _s=s, _f=fut))

K = 'relative_unusual'
R(K, '2026-03-02', 'the day before the day before yesterday', lambda a: a - td(3))
R(K, '2025-07-15', 'the plumber came round three days back', lambda a: a - td(3), s=1)
R(K, '2024-12-31', 'a week ago today', lambda a: a - td(7))
R(K, '2026-01-05', 'the week just gone', lambda a: wk(a, -1))
R(K, '2025-10-31', 'my payslip went missing a month back', lambda a: mrel(a, -1), s=1)
R(K, '2024-02-29', 'a year ago today', lambda a: addy(a, -1))
R(K, '2027-06-14', 'the week before the week before last', lambda a: wk(a, -3))
R(K, '2025-05-20', 'earlier on in the month', lambda a: (D(a.year, a.month, 1), a - td(1)))
R(K, '2026-08-30', 'later on this month', lambda a: (a + td(1), mr(a.year, a.month)[1]), fut=1)
R(K, '2025-01-01', 'the month before last', lambda a: mrel(a, -2))
R(K, '2026-11-28', 'this time last week', lambda a: a - td(7))
R(K, '2024-03-01', '48 hours ago', lambda a: a - td(2))
R(K, '2025-09-10', "we'll know in a couple of weeks' time", lambda a: wk(a, 2), s=1, fut=1)
R(K, '2026-04-30', 'four days hence', lambda a: a + td(4), fut=1)
R(K, '2027-12-30', 'the year after next', lambda a: yr(a.year + 2), fut=1)

K = 'weekday_modifier'
R(K, '2025-04-08', 'the Tuesday just gone', lambda a: prev_wd(a, TUE))
R(K, '2026-02-13', 'the Friday before last', lambda a: prev_wd(a, FRI) - td(7))
R(K, '2024-11-11', 'this coming Sunday', lambda a: next_wd(a, SUN), fut=1)
R(K, '2025-12-31', 'the Monday after next', lambda a: next_wd(a, MON) + td(7), fut=1)
R(K, '2026-06-07', 'last Sunday', lambda a: prev_wd(a, SUN))
R(K, '2027-01-01', 'Wednesday gone', lambda a: prev_wd(a, WED))
R(K, '2025-03-19', 'three Thursdays ago', lambda a: prev_wd(a, THU) - td(14))
R(K, '2024-07-04', 'this past Saturday', lambda a: prev_wd(a, SAT))
R(K, '2026-09-22', 'on Saturday we finally went climbing', lambda a: prev_wd(a, SAT), s=1)
R(K, '2025-08-29', 'Tuesday of last week', lambda a: wk(a, -1)[0] + td(1))
R(K, '2026-10-14', 'the Friday of next week', lambda a: wk(a, 1)[0] + td(4), fut=1)
R(K, '2024-01-31', 'this Monday', lambda a: wk(a)[0])
R(K, '2025-11-03', 'not this Saturday but the one after', lambda a: next_wd(a, SAT) + td(7), s=1, fut=1)
R(K, '2026-05-29', "i'll ring her on Wednesday", lambda a: next_wd(a, WED), s=1, fut=1)
R(K, '2027-03-31', 'two Mondays from now', lambda a: next_wd(a, MON) + td(7), fut=1)

K = 'period_part'
R(K, '2025-02-10', 'the invoice was paid at the tail end of January', lambda a: late(a.year, 1), s=1)
R(K, '2026-07-01', 'the first half of June', lambda a: (D(a.year, 6, 1), D(a.year, 6, 15)))
R(K, '2024-02-29', 'the second half of the month', lambda a: (D(2024, 2, 16), D(2024, 2, 29)))
R(K, '2025-11-20', 'the beginning of next month', lambda a: early(*mshift(a.year, a.month, 1)), fut=1)
R(K, '2026-03-15', 'the back half of the year', lambda a: (D(a.year, 7, 1), D(a.year, 12, 31)), fut=1)
R(K, '2027-10-05', 'mid-September', lambda a: mid(a.year, 9))
R(K, '2025-06-30', 'towards the end of the year', lambda a: (D(a.year, 9, 1), D(a.year, 12, 31)), fut=1)
R(K, '2024-12-31', 'early last year', lambda a: (D(a.year - 1, 1, 1), D(a.year - 1, 4, 30)))
R(K, '2026-01-02', 'the end of last month', lambda a: late(*mshift(a.year, a.month, -1)))
R(K, '2025-09-17', 'the start of the week', lambda a: wkparts(a, 0, 'early'))
R(K, '2026-04-22', 'midweek next week', lambda a: wkparts(a, 1, 'mid'), fut=1)
R(K, '2024-10-10', 'she was off sick the latter part of last week', lambda a: wkparts(a, -1, 'late'), s=1)
R(K, '2027-02-25', 'the movers come the first week of next month', lambda a: (D(*mshift(a.year, a.month, 1), 1), D(*mshift(a.year, a.month, 1), 7)), s=1, fut=1)
R(K, '2025-05-05', 'the last week of April', lambda a: (D(a.year, 4, 24), D(a.year, 4, 30)))
R(K, '2026-12-01', 'mid-year', lambda a: (D(a.year, 5, 1), D(a.year, 8, 31)))

K = 'range'
R(K, '2025-06-20', 'the site was down between the 4th and the 11th', lambda a: (D(a.year, a.month, 4), D(a.year, a.month, 11)), s=1)
R(K, '2026-02-18', 'tues thru thurs last week', lambda a: (wk(a, -1)[0] + td(1), wk(a, -1)[0] + td(3)))
R(K, '2024-08-15', 'from the 20th to the 27th of next month', lambda a: (D(*mshift(a.year, a.month, 1), 20), D(*mshift(a.year, a.month, 1), 27)), fut=1)
R(K, '2025-12-29', "Christmas Eve through New Year's Day", lambda a: (D(2025, 12, 24), D(2026, 1, 1)))
R(K, '2027-04-07', "we're away Friday to Monday", lambda a: (next_wd(a, FRI), next_wd(a, FRI) + td(3)), s=1, fut=1)
R(K, '2026-10-20', 'the 3rd-7th of this month', lambda a: (D(a.year, a.month, 3), D(a.year, a.month, 7)))
R(K, '2025-03-11', 'late Feb to early March', lambda a: (D(a.year, 2, 21), D(a.year, 3, 10)))
R(K, '2024-05-31', 'June through August', lambda a: (D(a.year, 6, 1), D(a.year, 8, 31)), fut=1)
R(K, '2026-08-08', "I've been ill from last Thursday until yesterday", lambda a: (prev_wd(a, THU), a - td(1)), s=1)
R(K, '2025-01-15', 'the 10th through the 14th of last month', lambda a: (D(*mshift(a.year, a.month, -1), 10), D(*mshift(a.year, a.month, -1), 14)))
R(K, '2027-09-01', 'weeks 36 to 38', lambda a: (isowk(a.year, 36)[0], isowk(a.year, 38)[1]), fut=1)
R(K, '2026-12-31', 'Q2 through Q3', lambda a: (D(a.year, 4, 1), D(a.year, 9, 30)))
R(K, '2025-07-28', 'sat and sun just gone', lambda a: (prev_wd(a, SAT), prev_wd(a, SAT) + td(1)))
R(K, '2024-09-09', "we've had guests from the 2nd till today", lambda a: (D(a.year, a.month, 2), a), s=1)
R(K, '2026-05-12', 'the 28th of this month to the 2nd of next', lambda a: (D(a.year, a.month, 28), D(*mshift(a.year, a.month, 1), 2)), fut=1)

K = 'duration_back'
R(K, '2025-04-01', 'the past 9 days', lambda a: back(a, 9))
R(K, '2026-11-28', "it's rained over the last fortnight or so", lambda a: back(a, 14), s=1)
R(K, '2024-03-05', 'in the last 72 hours', lambda a: back(a, 3))
R(K, '2025-08-31', 'over the past six weeks', lambda a: back(a, 42))
R(K, '2026-01-31', 'sales have dipped over the last couple of months', lambda a: (addm(a, -2), a), s=1)
R(K, '2024-02-29', 'this past year', lambda a: (addy(a, -1), a))
R(K, '2027-05-16', 'for the last 100 days', lambda a: back(a, 100))
R(K, '2025-10-09', 'the previous 30 days', lambda a: back(a, 30))
R(K, '2026-03-31', 'over the last few months', lambda a: (addm(a, -3), a))
R(K, '2025-12-01', 'the last half a year', lambda a: (addm(a, -6), a))
R(K, '2024-06-12', "I've been coughing all week", lambda a: (wk(a)[0], a), s=1)
R(K, '2026-07-19', 'since the start of the month', lambda a: (D(a.year, a.month, 1), a))
R(K, '2025-02-28', "she's been vegan ever since new year's", lambda a: (D(a.year, 1, 1), a), s=1)
R(K, '2027-08-20', 'the last ten days or thereabouts', lambda a: back(a, 10))
R(K, '2024-12-25', "I've not slept properly for a week", lambda a: back(a, 7), s=1)

K = 'anchored_offset'
R(K, '2025-03-03', 'two days after boxing day last year', lambda a: D(a.year - 1, 12, 28))
R(K, '2026-04-20', 'the fortnight after Easter', lambda a: (easter(a.year) + td(1), easter(a.year) + td(14)))
R(K, '2024-05-02', 'ten days before her birthday on the 3rd of July', lambda a: D(a.year, 7, 3) - td(10), fut=1)
R(K, '2025-11-27', 'the day after Thanksgiving', lambda a: nth(a.year, 11, THU, 4) + td(1), fut=1)
R(K, '2026-09-01', 'three weeks before Christmas', lambda a: D(a.year, 12, 25) - td(21), fut=1)
R(K, '2027-01-10', "the weekend before New Year's Day", lambda a: (prev_wd(D(a.year, 1, 1) - td(0), SUN) - td(1), prev_wd(D(a.year, 1, 1), SUN)))
R(K, '2025-07-07', "I'm getting my hair done the day before the wedding on the 19th", lambda a: D(a.year, a.month, 18), s=1, fut=1)
R(K, '2024-10-30', 'a week after Halloween', lambda a: D(a.year, 10, 31) + td(7), fut=1)
R(K, '2026-06-15', "the Monday after Father's Day", lambda a: nth(a.year, 6, SUN, 3) + td(1), fut=1)
R(K, '2025-02-03', "two days before Valentine's", lambda a: D(a.year, 2, 12), fut=1)
R(K, '2027-12-20', 'the week before Christmas', lambda a: (D(a.year, 12, 18), D(a.year, 12, 24)))
R(K, '2024-01-08', "five days after New Year's Day", lambda a: D(a.year, 1, 6))
R(K, '2026-03-20', "a fortnight after St Patrick's Day", lambda a: D(a.year, 3, 17) + td(14), fut=1)
R(K, '2025-09-30', 'the Friday before Labor Day', lambda a: prev_wd(nth(a.year, 9, MON, 1), FRI))
R(K, '2024-08-01', 'the lease review is six months after we moved in on 15 February', lambda a: D(a.year, 8, 15), s=1, fut=1)

K = 'holiday_season'
R(K, '2026-11-28', 'Canadian Thanksgiving', lambda a: nth(a.year, 10, MON, 2))
R(K, '2025-05-10', 'the early May bank holiday', lambda a: nth(a.year, 5, MON, 1))
R(K, '2024-09-15', 'we went to the coast on the August bank holiday', lambda a: nth(a.year, 8, MON, -1), s=1)
R(K, '2026-02-02', 'Australia Day', lambda a: D(a.year, 1, 26))
R(K, '2025-04-30', 'Anzac Day', lambda a: D(a.year, 4, 25))
R(K, '2027-03-01', "last St Patrick's Day", lambda a: D(a.year - 1, 3, 17))
R(K, '2024-12-01', 'Hogmanay', lambda a: D(a.year, 12, 31), fut=1)
R(K, '2026-10-05', 'the kids are doing sparklers on Bonfire Night', lambda a: D(a.year, 11, 5), s=1, fut=1)
R(K, '2025-06-01', 'next Juneteenth', lambda a: D(a.year, 6, 19), fut=1)
R(K, '2026-01-20', 'last winter', lambda a: (D(a.year - 2, 12, 1), D(a.year - 1, 2, 28)))
R(K, '2025-10-15', 'Easter Monday', lambda a: easter(a.year) + td(1))
R(K, '2024-03-28', 'Good Friday', lambda a: easter(a.year) - td(2), fut=1)
R(K, '2027-05-03', 'Mothering Sunday', lambda a: easter(a.year) - td(21))
R(K, '2026-08-01', "we're watching the parade on Singapore National Day", lambda a: D(a.year, 8, 9), s=1, fut=1)
R(K, '2025-07-20', 'Victoria Day weekend', lambda a: (prev_wd(D(a.year, 5, 25), MON) - td(2), prev_wd(D(a.year, 5, 25), MON)))

K = 'ordinal_weekday'
R(K, '2025-01-20', 'the third tuesday in february', lambda a: nth(a.year, 2, TUE, 3), fut=1)
R(K, '2026-07-31', 'payroll ran on the last friday of the month', lambda a: nth(a.year, a.month, FRI, -1), s=1)
R(K, '2024-02-29', 'the final Thursday of February', lambda a: nth(a.year, 2, THU, -1))
R(K, '2025-11-01', 'the first Monday of next month', lambda a: nth(*mshift(a.year, a.month, 1), MON, 1), fut=1)
R(K, '2026-12-31', 'the second wednesday of last month', lambda a: nth(*mshift(a.year, a.month, -1), WED, 2))
R(K, '2027-04-15', 'the book club meets the fourth saturday of april', lambda a: nth(a.year, 4, SAT, 4), s=1, fut=1)
R(K, '2025-09-09', 'the 1st sunday in October', lambda a: nth(a.year, 10, SUN, 1), fut=1)
R(K, '2024-06-01', 'the penultimate friday of June', lambda a: nth(a.year, 6, FRI, -2), fut=1)
R(K, '2026-03-10', 'the fifth monday of March', lambda a: nth(a.year, 3, MON, 5), fut=1)
R(K, '2025-08-14', 'the first weekday of September', lambda a: D(a.year, 9, 1), fut=1)
R(K, '2026-05-20', 'rent is due the last weekday of the month', lambda a: D(a.year, 5, 29), s=1, fut=1)
R(K, '2024-10-01', 'the first full week of October', lambda a: (nth(a.year, 10, MON, 1), nth(a.year, 10, MON, 1) + td(6)), fut=1)
R(K, '2027-11-30', 'the last Sunday in November', lambda a: nth(a.year, 11, SUN, -1))
R(K, '2025-03-31', 'we had the audit the third Friday of last month', lambda a: nth(*mshift(a.year, a.month, -1), FRI, 3), s=1)
R(K, '2026-01-01', 'the first Thursday of the year', lambda a: nth(a.year, 1, THU, 1))

K = 'numeric_date'
R(K, '2025-04-02', '2025-03-14', lambda a: d('2025-03-14'))
R(K, '2026-06-01', 'the parcel was posted on 14.05.', lambda a: D(a.year, 5, 14), s=1)
R(K, '2024-11-30', 'the boiler packed in on Nov 3rd', lambda a: D(a.year, 11, 3), s=1)
R(K, '2025-12-12', 'the 21st of December', lambda a: D(a.year, 12, 21), fut=1)
R(K, '2026-02-10', "Jan '25", lambda a: mr(2025, 1))
R(K, '2027-07-07', 'booked it for 23/06', lambda a: D(a.year, 6, 23), s=1)
R(K, '2024-09-03', '8/31', lambda a: D(a.year, 8, 31))
R(K, '2025-01-02', '31.12.2024', lambda a: d('2024-12-31'))
R(K, '2026-10-10', 'Oct. 2nd, 2026', lambda a: d('2026-10-02'))
R(K, '2024-03-01', 'my passport expired 29 Feb', lambda a: D(a.year, 2, 29), s=1)
R(K, '2025-08-08', 'Sept 30', lambda a: D(a.year, 9, 30), fut=1)
R(K, '2026-12-01', '24-Dec-26', lambda a: d('2026-12-24'), fut=1)
R(K, '2027-05-05', 'the 3rd', lambda a: D(a.year, a.month, 3))
R(K, '2024-07-15', "we bought the van back in '23", lambda a: yr(2023), s=1)
R(K, '2025-10-31', "Q4 '25", lambda a: (D(2025, 10, 1), D(2025, 12, 31)))

K = 'future_present'
R(K, '2025-06-12', 'I fly out to Accra on Sunday', lambda a: next_wd(a, SUN), s=1, fut=1)
R(K, '2026-09-03', "we're moving on the 19th", lambda a: on_or_after_nth(a, 19), s=1, fut=1)
R(K, '2024-12-20', 'my course starts the 6th of January', lambda a: fut_date(a, 1, 6), s=1, fut=1)
R(K, '2027-02-08', 'the builders are coming Thursday', lambda a: next_wd(a, THU), s=1, fut=1)
R(K, '2025-03-28', "she's back at work in a fortnight", lambda a: wk(a, 2), s=1, fut=1)
R(K, '2026-11-28', 'the shop closes for refurbishment next month', lambda a: mrel(a, 1), s=1, fut=1)
R(K, '2024-05-15', "we're off to Crete the week after next", lambda a: wk(a, 2), s=1, fut=1)
R(K, '2025-08-31', 'term begins tomorrow', lambda a: a + td(1), s=1, fut=1)
R(K, '2026-04-14', "I'm seeing the consultant Friday week", lambda a: next_wd(a, FRI) + td(7), s=1, fut=1)
R(K, '2027-10-29', 'the clocks go back this weekend', lambda a: wkend(a), s=1, fut=1)
R(K, '2025-01-31', 'my contract runs out at the end of next month', lambda a: late(*mshift(a.year, a.month, 1)), s=1, fut=1)
R(K, '2024-02-27', 'the in-laws are arriving the day after tomorrow', lambda a: a + td(2), s=1, fut=1)
R(K, '2026-07-06', "I'm working from home Tuesday to Thursday", lambda a: (next_wd(a, TUE), next_wd(a, TUE) + td(2)), s=1, fut=1)
R(K, '2025-05-23', "the exam's on the 2nd of June", lambda a: fut_date(a, 6, 2), s=1, fut=1)
R(K, '2026-12-30', 'we open again on the 4th', lambda a: on_or_after_nth(a, 4), s=1, fut=1)

K = 'nonnative_typo'
R(K, '2025-04-16', 'my brother come yestarday', lambda a: a - td(1), s=1)
R(K, '2026-03-04', 'before 2 weeks', lambda a: wk(a, -2))
R(K, '2024-08-20', 'tommorow', lambda a: a + td(1), fut=1)
R(K, '2025-11-10', 'i go to doctor after 3 days', lambda a: a + td(3), s=1, fut=1)
R(K, '2026-01-15', 'on wendsday', lambda a: prev_wd(a, WED))
R(K, '2027-06-30', 'we are living here since 3 months', lambda a: (addm(a, -3), a), s=1)
R(K, '2024-10-01', 'in febuary', lambda a: mr(a.year, 2))
R(K, '2025-02-14', 'coming satruday', lambda a: next_wd(a, SAT), fut=1)
R(K, '2026-05-05', 'on last monday', lambda a: prev_wd(a, MON))
R(K, '2024-12-30', '2 day ago', lambda a: a - td(2))
R(K, '2025-09-26', 'befor yesterday', lambda a: a - td(2))
R(K, '2026-08-14', 'the last weekend', lambda a: wkend(a, -1))
R(K, '2027-01-04', 'last decmber', lambda a: mr(a.year - 1, 12))
R(K, '2025-07-01', 'after one week', lambda a: wk(a, 1), fut=1)
R(K, '2024-04-30', 'thsi weekend', lambda a: wkend(a), fut=1)

K = 'spoken'
R(K, '2026-02-11', 'back in twenty twenty four', lambda a: yr(2024))
R(K, '2025-06-06', 'the tail end of twenty twenty three', lambda a: (D(2023, 9, 1), D(2023, 12, 31)))
R(K, '2024-11-04', 'the fourth of July just gone', lambda a: D(a.year, 7, 4))
R(K, '2027-08-01', 'this time next week', lambda a: a + td(7), fut=1)
R(K, '2025-10-20', 'the cast comes off Tuesday fortnight', lambda a: next_wd(a, TUE) + td(14), s=1, fut=1)
R(K, '2026-12-15', 'back in ninety nine', lambda a: yr(1999))
R(K, '2024-01-19', 'the twelfth of Feb', lambda a: D(a.year, 2, 12), fut=1)
R(K, '2025-05-27', "I'll do it first thing Monday", lambda a: next_wd(a, MON), s=1, fut=1)
R(K, '2026-06-30', 'mid next month', lambda a: mid(*mshift(a.year, a.month, 1)), fut=1)
R(K, '2027-03-15', 'the ides of March', lambda a: D(a.year, 3, 15))
R(K, '2025-12-31', 'this time last year', lambda a: addy(a, -1))
R(K, '2024-07-22', 'we saw them a couple of weekends back', lambda a: wkend(a, -2), s=1)
R(K, '2028-02-29', 'twenty-three days from today', lambda a: a + td(23), fut=1)
R(K, '2025-03-09', 'the twenty-first of this month', lambda a: D(a.year, a.month, 21), fut=1)
R(K, '2026-09-09', 'a week from yesterday', lambda a: a + td(6), fut=1)

K = 'invented'
R(K, '2025-01-29', "tomorrow's tomorrow", lambda a: a + td(2), fut=1)
R(K, '2026-03-12', 'a week come Wednesday', lambda a: next_wd(a, WED) + td(7), fut=1)
R(K, '2024-09-12', 'autumn half-term', lambda a: (nth(a.year, 10, MON, -1), nth(a.year, 10, MON, -1) + td(4)), fut=1)
R(K, '2025-11-11', 'next spring semester', lambda a: (D(a.year + 1, 1, 15), D(a.year + 1, 5, 15)), fut=1)
R(K, '2026-08-20', 'the 2026/27 academic year', lambda a: (D(2026, 9, 1), D(2027, 8, 31)), fut=1)
R(K, '2027-02-02', 'H2 last year', lambda a: (D(a.year - 1, 7, 1), D(a.year - 1, 12, 31)))
R(K, '2025-07-09', 'the 4th of the month after next', lambda a: D(*mshift(a.year, a.month, 2), 4), fut=1)
R(K, '2026-11-05', 'ISO week 50', lambda a: isowk(a.year, 50), fut=1)
R(K, '2024-04-10', 'the week with the 20th in it', lambda a: wk(D(a.year, a.month, 20)), fut=1)
R(K, '2025-05-14', 'the first Monday after payday on the 25th', lambda a: next_wd(D(a.year, a.month, 25), MON), fut=1)
R(K, '2026-02-01', 'I paid 3 invoices of 200 quid two days ago', lambda a: a - td(2), s=1)
R(K, '2025-10-02', 'booked 2 rooms for 4 nights from the 9th', lambda a: (D(a.year, a.month, 9), D(a.year, a.month, 12)), s=1, fut=1)
R(K, '2024-06-26', 'the 5 of us met 2 Saturdays ago at 7', lambda a: prev_wd(a, SAT) - td(7), s=1)
R(K, '2027-08-20', 'it poured on day 3 of the 10-day trip that started on 1 Aug', lambda a: D(a.year, 8, 3), s=1)
R(K, '2026-04-01', 'the weekend after the one coming', lambda a: wkend(a, 1), fut=1)

K = 'fiscal_tax'
R(K, '2025-05-01', 'this tax year', lambda a: uk_tax_of(a))
R(K, '2025-04-05', 'this tax year', lambda a: uk_tax_of(a))
R(K, '2026-01-10', 'the 2023/24 tax year', lambda a: uk_tax(2023))
R(K, '2024-08-01', 'our accountant in Perth lodged the FY24 return', lambda a: au_fy(2024), s=1)
R(K, '2026-06-30', 'our Melbourne office has hired twelve people this financial year', lambda a: au_fy(2026), s=1)
R(K, '2025-02-20', 'Q3 of FY 2024-25', lambda a: (D(2024, 10, 1), D(2024, 12, 31)))
R(K, '2027-03-31', 'the GST filing is due at financial year end in Pune', lambda a: D(2027, 3, 31), s=1)
R(K, '2025-11-15', 'the agency budget for federal FY2026', lambda a: us_fy(2026), s=1)
R(K, '2026-07-15', 'H1 of the new Australian financial year', lambda a: (D(2026, 7, 1), D(2026, 12, 31)))
R(K, '2024-10-10', 'last tax year', lambda a: uk_tax(2023))
R(K, '2025-03-10', 'SARS calls it the 2026 tax year', lambda a: (D(2025, 3, 1), D(2026, 2, 28)), s=1)
R(K, '2026-09-01', 'Q1 of our fiscal year (ours starts 1 February)', lambda a: (D(2026, 2, 1), D(2026, 4, 30)), s=1)
R(K, '2024-12-05', 'the first quarter of the new tax year', lambda a: (D(2025, 4, 6), D(2025, 7, 5)), fut=1)
R(K, '2027-05-20', 'next financial year for our Bengaluru unit', lambda a: in_fy(2028), fut=1)
R(K, '2025-12-31', 'the last quarter of the Australian financial year', lambda a: (D(2026, 4, 1), D(2026, 6, 30)), fut=1)
R(K, '2026-04-06', 'the tax year just ended', lambda a: uk_tax(2025))

K = 'world_english'
R(K, '2025-08-20', 'last to last week', lambda a: wk(a, -2))
R(K, '2026-03-02', 'next to next month', lambda a: mrel(a, 2), fut=1)
R(K, '2024-11-13', 'the meeting is fixed for Sunday next', lambda a: next_wd(a, SUN), s=1, fut=1)
R(K, '2025-04-10', 'in Sydney last summer', lambda a: (D(2024, 12, 1), D(2025, 2, 28)))
R(K, '2026-07-15', 'this winter in Brisbane', lambda a: (D(2026, 6, 1), D(2026, 8, 31)))
R(K, '2025-09-01', "we're braaiing on Heritage Day", lambda a: D(a.year, 9, 24), s=1, fut=1)
R(K, '2026-10-05', 'we celebrated Independence Day in Lagos', lambda a: D(a.year, 10, 1), s=1)
R(K, '2026-01-20', 'over CNY in Singapore', lambda a: (D(2026, 2, 17), D(2026, 2, 18)), fut=1)
R(K, '2025-10-15', 'the October bank holiday in Cork', lambda a: nth(a.year, 10, MON, -1), fut=1)
R(K, '2026-12-24', "we're heading to the beach this arvo", lambda a: a, s=1)
R(K, '2026-02-03', "St Brigid's Day", lambda a: D(a.year, 2, 1))
R(K, '2025-01-10', 'Republic Day parade in Delhi', lambda a: D(a.year, 1, 26), fut=1)
R(K, '2027-04-01', 'the end of autumn in Perth', lambda a: mr(a.year, 5), fut=1)
R(K, '2025-12-10', 'the Day of Goodwill in Joburg', lambda a: D(a.year, 12, 26), fut=1)
R(K, '2024-07-01', 'the review has been preponed to Monday', lambda a: next_wd(a, MON), s=1, fut=1)
R(K, '2026-05-20', 'I resume Monday next', lambda a: next_wd(a, MON), s=1, fut=1)
R(K, '2025-09-25', 'since spring started here in Adelaide', lambda a: (D(a.year, 9, 1), a))
R(K, '2024-01-15', 'the Christmas just gone', lambda a: D(a.year - 1, 12, 25))

KINDS = []
for r in ROWS:
    if r['kind'] not in KINDS: KINDS.append(r['kind'])
full, dev, held = [], [], []
n = 0
for k in KINDS:
    for i, r in enumerate([r for r in ROWS if r['kind'] == k]):
        n += 1
        row = {'id': 't7-%03d' % n, 'kind': k, 'anchor': r['anchor'], 'expr': r['expr'], 'start': r['start'], 'end': r['end']}
        full.append(row); (dev if i % 2 == 0 else held).append(row); r['id'] = row['id']
for name, rows in (('temporal7.jsonl', full), ('temporal7.dev.jsonl', dev), ('temporal7.held.jsonl', held)):
    with open(name, 'w') as fh:
        for row in rows: fh.write(json.dumps(row, ensure_ascii=False) + '\n')
if __name__ == '__main__':
    import collections
    print(len(full), len(dev), len(held))
    print(collections.Counter(r['kind'] for r in ROWS))
    print('sentences', sum(r['_s'] for r in ROWS), 'future', sum(r['_f'] for r in ROWS))
    print('anchor weekdays', collections.Counter(d(r['anchor']).strftime('%a') for r in ROWS))
    json.dump({r['id']: [r['_s'], r['_f']] for r in ROWS}, open('build_flags.json', 'w'))
