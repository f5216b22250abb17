"""The grammar's spoken rules (remem.timeexpr.spoken), ranges (remem.timeexpr.ranges),
dates in digits and the wider holiday table, on phrasings of their own (not the
evaluation sets'), against a Thursday in October."""

from __future__ import annotations

from datetime import date

import pytest
from tests.timespan import spanner

from remem.timeexpr import find_times

A = date(2025, 10, 9)  # a Thursday; its week runs 6-12 October


span = spanner(A)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # counted forward from the day said
        ("over the next three days", ("2025-10-09", "2025-10-12")),
        ("in the coming weeks", ("2025-10-09", "2025-11-13")),
        ("within the next fortnight", ("2025-10-09", "2025-10-23")),
        ("the next week", ("2025-10-13", "2025-10-19")),  # a calendar week, as before
        ("all week", ("2025-10-06", "2025-10-09")),
        ("this whole month", ("2025-10-01", "2025-10-09")),
        # trailing and doubled deixis
        ("the month before last", ("2025-08-01", "2025-08-31")),
        ("last month but one", ("2025-08-01", "2025-08-31")),
        ("next week but one", ("2025-10-20", "2025-10-26")),
        ("next next month", ("2025-12-01", "2025-12-31")),
        ("last to last year", ("2023-01-01", "2023-12-31")),
        ("four days prior", ("2025-10-05", "2025-10-05")),
        ("the year prior", ("2024-01-01", "2024-12-31")),
        ("come tuesday", ("2025-10-14", "2025-10-14")),
        ("this day last month", ("2025-09-09", "2025-09-09")),
        ("after 3 days", ("2025-10-12", "2025-10-12")),
        ("she'll ring back after 3 days", ("2025-10-12", "2025-10-12")),
        # years and decades in words
        ("twenty nineteen", ("2019-01-01", "2019-12-31")),
        ("nineteen eighty-four", ("1984-01-01", "1984-12-31")),
        ("two thousand and twelve", ("2012-01-01", "2012-12-31")),
        ("back in oh-seven", ("2007-01-01", "2007-12-31")),
        ("the seventies", ("1970-01-01", "1979-12-31")),
        ("the twenties", ("2020-01-01", "2029-12-31")),
        # ranges
        ("from the 6th till the 9th of next month", ("2025-11-06", "2025-11-09")),
        ("the 6th till the 9th of next month", ("2025-11-06", "2025-11-09")),
        ("from tuesday until yesterday", ("2025-10-07", "2025-10-08")),
        ("tuesday to thursday last week", ("2025-09-30", "2025-10-02")),
        ("from friday to monday", ("2025-10-03", "2025-10-06")),
        ("nov 3-7", ("2025-11-03", "2025-11-07")),
        ("3rd-7th november", ("2025-11-03", "2025-11-07")),
        ("from 3 to 7 november", ("2025-11-03", "2025-11-07")),
        # dates in digits
        ("signed on 03.02.2021", ("2021-02-03", "2021-02-03")),
        ("03.02.21", ("2021-02-03", "2021-02-03")),
        ("due 03.02.", ("2025-02-03", "2025-02-03")),
        ("2021/02/03", ("2021-02-03", "2021-02-03")),
        ("28/02/21", ("2021-02-28", "2021-02-28")),
        ("by 28/2", ("2025-02-28", "2025-02-28")),
        ("on 2/28", ("2025-02-28", "2025-02-28")),
        # ordinal weekdays from the end
        ("the penultimate monday of march", ("2025-03-24", "2025-03-24")),
        # holidays of more countries, lunar ones from tables
        ("the weekend after bastille day", ("2025-07-19", "2025-07-20")),
        ("koningsdag", ("2025-04-26", "2025-04-26")),  # the 27th is a Sunday
        ("midsommar", ("2025-06-20", "2025-06-20")),
        ("the week before chinese new year", ("2025-01-22", "2025-01-28")),
        ("diwali", ("2025-10-20", "2025-10-20")),
        ("golden week", ("2025-04-29", "2025-05-05")),
        ("the day after paddy's day", ("2025-03-18", "2025-03-18")),
    ],
)
def test_spoken_forms(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "open 24/7",  # both numbers could not be a date's, and no date word before
        "mix 3/4 cup of flour",
        "upgraded to python 3.11.",
        "the build is 10.12.4 now",
        "ping 10.10.10.10",
        "twenty people came",
        "it cost two thousand dollars",
        "we met after two weeks",
        "after two weeks of rain",
        "deployed to us-east-2",
        "a 10-12 person team",
    ],
)
def test_not_dates(text: str) -> None:
    assert find_times(text, A) == []


def test_a_range_keeps_the_text_it_covers() -> None:
    found = find_times("We were away from the 2nd until the 5th, then home.", A)
    assert [f.text for f in found] == ["from the 2nd until the 5th"]
    assert (found[0].span.start, found[0].span.end) == (date(2025, 10, 2), date(2025, 10, 5))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a count from now is the day it lands on
        ("six weeks from now", ("2025-11-20", "2025-11-20")),
        ("a month from now", ("2025-11-09", "2025-11-09")),
        # "the previous X" is the calendar one before this one; "the past X" a duration
        ("the previous month", ("2025-09-01", "2025-09-30")),
        ("over the previous week", ("2025-10-02", "2025-10-09")),
        ("the day after tomorrow", ("2025-10-11", "2025-10-11")),
        ("overmorrow", ("2025-10-11", "2025-10-11")),
        # "this coming weekend" is the first ahead; "next weekend" the one after
        ("this coming weekend", ("2025-10-11", "2025-10-12")),
        ("next weekend", ("2025-10-18", "2025-10-19")),
        # a day of a named week, and the British "Tuesday week"
        ("next week on wednesday", ("2025-10-15", "2025-10-15")),
        ("last week monday", ("2025-09-29", "2025-09-29")),
        ("tuesday week", ("2025-10-21", "2025-10-21")),
        # from the day said to a day ahead
        ("between now and sunday", ("2025-10-09", "2025-10-12")),
        ("from today until the 3rd", ("2025-10-09", "2025-11-03")),
        ("20251224", ("2025-12-24", "2025-12-24")),
        ("orthodox easter", ("2025-04-20", "2025-04-20")),
        ("midweek", ("2025-10-07", "2025-10-09")),
        ("begin of next month", ("2025-11-01", "2025-11-10")),
        ("christmas week", ("2025-12-22", "2025-12-28")),
    ],
)
def test_counts_from_now_named_weeks_and_days_ahead(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


def test_an_eight_digit_number_that_is_no_date_stays_a_number() -> None:
    assert find_times("ticket 20251399 and pin 12345678", A) == []
