"""The grammar's colloquial rules (remem.timeexpr.colloquial) and the forms added
to the anchor and shift rules with them, on phrasings of their own (not the
evaluation sets'), against a Wednesday in July."""

from __future__ import annotations

from datetime import date

import pytest
from tests.timespan import spanner

from remem.timeexpr import find_times

A = date(2025, 7, 16)  # a Wednesday; its week runs 14-20 July


span = spanner(A)


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        # "over" a holiday: the most recent one begun, up to the day said
        ("over the christmas break", date(2026, 1, 5), ("2025-12-24", "2026-01-01")),
        ("over christmas", date(2025, 12, 27), ("2025-12-24", "2025-12-27")),
        ("over summer", A, ("2025-06-01", "2025-07-16")),
        # counted seasons and holidays
        ("three winters ago", A, ("2022-12-01", "2023-02-28")),
        ("two easters ago", A, ("2024-03-31", "2024-03-31")),
        # British "a week on"
        ("a week tomorrow", A, ("2025-07-24", "2025-07-24")),
        ("a fortnight on friday", A, ("2025-08-01", "2025-08-01")),
        ("a week yesterday", A, ("2025-07-08", "2025-07-08")),
        # a count after "since" (a length, not a point)
        ("since six weeks", A, ("2025-06-04", "2025-07-16")),
        # to date, and the rest of a unit
        ("ytd", A, ("2025-01-01", "2025-07-16")),
        ("quarter to date", A, ("2025-07-01", "2025-07-16")),
        ("so far this month", A, ("2025-07-01", "2025-07-16")),
        ("later in the month", A, ("2025-07-17", "2025-07-31")),
        ("earlier this quarter", A, ("2025-07-01", "2025-07-15")),
        # deadlines
        ("eod friday", A, ("2025-07-18", "2025-07-18")),
        ("eow", A, ("2025-07-18", "2025-07-18")),
        ("eoq", A, ("2025-09-30", "2025-09-30")),
        ("cob tomorrow", A, ("2025-07-17", "2025-07-17")),
        # the week before an anchor, pairs of months and weekdays
        ("the lead-up to halloween", A, ("2025-10-24", "2025-10-30")),
        ("jan-mar next year", A, ("2026-01-01", "2026-03-31")),
        ("mon-wed last week", A, ("2025-07-07", "2025-07-09")),
        # the academic year (1 September - 31 August), terms and semesters
        ("the 23/24 school year", A, ("2023-09-01", "2024-08-31")),
        ("last spring term", A, ("2025-01-01", "2025-03-31")),
        ("next fall semester", A, ("2025-09-01", "2025-12-31")),
        # "just gone", "over the weekend" said on a weekday
        ("the week just gone", A, ("2025-07-07", "2025-07-13")),
        ("friday just passed", A, ("2025-07-11", "2025-07-11")),
        ("over the weekend", A, ("2025-07-12", "2025-07-13")),
    ],
)
def test_colloquial_periods(text: str, anchor: date, expected: tuple[str, str]) -> None:
    assert span(text, anchor) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # before last without "the", nights, short weekday names
        ("night before last", ("2025-07-14", "2025-07-14")),
        ("thu before last", ("2025-07-03", "2025-07-03")),
        ("2 nights ago", ("2025-07-14", "2025-07-14")),
        # a weekday of a week
        ("wednesday of next week", ("2025-07-23", "2025-07-23")),
        ("friday last week", ("2025-07-11", "2025-07-11")),
        ("weekend of the 5th", ("2025-07-05", "2025-07-06")),
        # parts: "halfway through", a bare season after a part word
        ("halfway through august", ("2025-08-11", "2025-08-20")),
        ("late spring", ("2025-05-01", "2025-05-31")),
        # a day of a month named by an expression, in words, in a range
        ("the 3rd of next month", ("2025-08-03", "2025-08-03")),
        ("the twenty-second of june", ("2025-06-22", "2025-06-22")),
        ("between the 2nd and the 9th of last month", ("2025-06-02", "2025-06-09")),
        # around a day a year back; a year with an apostrophe
        ("same time last year", ("2024-07-09", "2024-07-23")),
        ("round about easter", ("2025-04-13", "2025-04-27")),
        ("back in '19", ("2019-01-01", "2019-12-31")),
        ("winter '21", ("2021-12-01", "2022-02-28")),
        # holidays of other English-speaking countries and the church year
        ("the early may bank holiday", ("2025-05-05", "2025-05-05")),
        ("the august bank holiday weekend", ("2025-08-23", "2025-08-25")),
        ("pancake day", ("2025-03-04", "2025-03-04")),
        ("melbourne cup", ("2025-11-04", "2025-11-04")),
        ("canadian thanksgiving", ("2025-10-13", "2025-10-13")),
        ("victoria day", ("2025-05-19", "2025-05-19")),
        ("easter weekend 2027", ("2027-03-26", "2027-03-29")),
    ],
)
def test_forms_added_to_the_anchor_and_shift_rules(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "he was inspired by autumn colours",  # "by" a season is no date
        "the third to arrive was late",  # an ordinal word without a month
        "a round of golf",
        "tues and thurs are both fine",  # two weekdays without a week are not a range
    ],
)
def test_no_period_where_there_is_none(text: str) -> None:
    found = [f.text for f in find_times(text, A)]
    assert not any(" " in f or f.lower() in ("autumn", "third", "round") for f in found), found
