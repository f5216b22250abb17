"""Forms of session 12, on sentences of our own: the present simple of one event is
about the future; "a couple of" weeks or months is two; a place in the southern
hemisphere turns the seasons."""

from __future__ import annotations

from datetime import date

import pytest
from tests.timespan import spanner

from remem.timeexpr import future_words

A = date(2025, 10, 9)  # a Thursday; its week runs 6-12 October


span = spanner(A)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a timetable or an arrangement in the present simple, or a present "is"
        ("the plumber comes on monday", ("2025-10-13", "2025-10-13")),
        ("our ferry leaves on the 2nd", ("2025-11-02", "2025-11-02")),
        ("I start at the bakery on tuesday", ("2025-10-14", "2025-10-14")),
        ("the quiz night is on saturday", ("2025-10-11", "2025-10-11")),
        ("I have a dentist appointment on monday", ("2025-10-13", "2025-10-13")),
        ("the recital is booked for the 4th", ("2025-11-04", "2025-11-04")),
        ("her exam begins the 5th of january", ("2026-01-05", "2026-01-05")),
        # the past, the perfect, a habit and no verb stay the past
        ("the plumber came on monday", ("2025-10-06", "2025-10-06")),
        ("we moved the sofa on monday", ("2025-10-06", "2025-10-06")),
        ("I think it was monday", ("2025-10-06", "2025-10-06")),
        ("she has finished the quilt on monday", ("2025-10-06", "2025-10-06")),
        ("what does he cook on sunday", ("2025-10-05", "2025-10-05")),
        ("we usually swim on saturday", ("2025-10-04", "2025-10-04")),
        ("on monday", ("2025-10-06", "2025-10-06")),
        # "a couple of" weeks, months or years is two; of days it stays vague
        ("a couple of weeks ago", ("2025-09-22", "2025-09-28")),
        ("couple months back", ("2025-08-01", "2025-08-31")),
        ("in a couple of years", ("2027-01-01", "2027-12-31")),
        ("a couple of days ago", ("2025-10-06", "2025-10-08")),
        # a southern place turns the seasons; without one they stay northern
        ("last winter in Melbourne", ("2025-06-01", "2025-08-31")),
        ("this summer in Cape Town", ("2025-12-01", "2026-02-28")),
        ("the end of spring in Auckland", ("2025-11-01", "2025-11-30")),
        ("since autumn began here in Durban", ("2025-03-01", "2025-10-09")),
        ("last winter in Leeds", ("2024-12-01", "2025-02-28")),
        ("the end of spring", ("2025-05-01", "2025-05-31")),
    ],
)
def test_said(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


def test_present_event_is_future_only_without_a_past_word() -> None:
    text = "The van arrives on Friday. The van arrived on Friday."
    flags = future_words(text, [(0, 3), (33, 36)])
    assert flags == [True, False]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a tax year with no country is the UK's (6 April - 5 April)
        ("this tax year", ("2025-04-06", "2026-04-05")),
        ("last tax year", ("2024-04-06", "2025-04-05")),
        ("the 2021/22 tax year", ("2021-04-06", "2022-04-05")),
        ("Q3 of the tax year", ("2025-10-06", "2026-01-05")),
        ("the new tax year", ("2026-04-06", "2027-04-05")),
        # a place names the country; FYnn names the year it ends
        ("our Sydney team closes the books at financial year end", ("2026-06-30", "2026-06-30")),
        ("FY24 in Brisbane", ("2023-07-01", "2024-06-30")),
        ("the second half of this financial year in Hyderabad", ("2025-10-01", "2026-03-31")),
        ("FY 2026-27 in Chennai", ("2026-04-01", "2027-03-31")),
        ("the last quarter of the Indian financial year", ("2026-01-01", "2026-03-31")),
        ("federal FY2026", ("2025-10-01", "2026-09-30")),
        ("the 2025 tax year in Durban", ("2024-03-01", "2025-02-28")),
        # a start stated in the text wins
        ("H1 of our fiscal year (it starts 1 February)", ("2025-02-01", "2025-07-31")),
    ],
)
def test_fiscal_years(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


def test_a_fiscal_year_without_a_country_or_a_start_is_not_read() -> None:
    assert span("the fiscal year") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # days before yesterday and after tomorrow, as other languages say them
        ("she rang befor yesterday", ("2025-10-07", "2025-10-07")),
        ("the parcel comes after tomorrow", ("2025-10-11", "2025-10-11")),
        ("yesterday's yesterday", ("2025-10-07", "2025-10-07")),
        ("the day before yesterday's yesterday", ("2025-10-06", "2025-10-06")),
        ("tomorrow, tomorrow", ("2025-10-10", "2025-10-10")),
        # "before N units" with nothing to count from is "ago"
        ("I paid the fee before 4 days", ("2025-10-05", "2025-10-05")),
        ("we met before three weeks", ("2025-09-15", "2025-09-21")),
        ("it broke a month before", ("2025-09-01", "2025-09-30")),
        ("two days before christmas", ("2025-12-23", "2025-12-23")),
    ],
)
def test_days_counted_as_other_languages_say_them(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


def test_a_length_before_an_event_is_not_ago() -> None:
    assert span("two weeks before the trip") is None
    assert span("two weeks before we moved") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # half a year as a length; counts said in compound words
        ("for the past half year", ("2025-04-09", "2025-10-09")),
        ("over the last half a year", ("2025-04-09", "2025-10-09")),
        ("twenty-four days from today", ("2025-11-02", "2025-11-02")),
        ("thirty one days ago", ("2025-09-08", "2025-09-08")),
        ("in the last hundred days", ("2025-07-01", "2025-10-09")),
        # New Year's as a point is 1 January; "later on this week"
        ("we've saved since new year", ("2025-01-01", "2025-10-09")),
        ("later on this week", ("2025-10-10", "2025-10-12")),
        # second to last; the first or last few days of a period; the new year
        ("the second-to-last Tuesday of November", ("2025-11-18", "2025-11-18")),
        ("the second last Sunday of the month", ("2025-10-19", "2025-10-19")),
        ("the last few days of August", ("2025-08-27", "2025-08-31")),
        ("the first few days of the month", ("2025-10-01", "2025-10-05")),
        ("the first couple of days of December", ("2025-12-01", "2025-12-02")),
        ("the first Tuesday of the new year", ("2026-01-06", "2026-01-06")),
        ("early in the new year", ("2026-01-01", "2026-04-30")),
        # holidays named after a saint count as anchors
        ("three days after St George's Day", ("2025-04-26", "2025-04-26")),
    ],
)
def test_lengths_parts_and_points(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


def test_a_tens_word_before_a_is_no_compound() -> None:
    assert span("twenty a day") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a short deictic word mistyped before a time word; a long word with a letter changed
        ("las month", ("2025-09-01", "2025-09-30")),
        ("nex week", ("2025-10-13", "2025-10-19")),
        ("thsi month", ("2025-10-01", "2025-10-31")),
        ("we spoke yestarday", ("2025-10-08", "2025-10-08")),
        ("see you on saterday", ("2025-10-11", "2025-10-11")),
    ],
)
def test_typed_in_a_hurry(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


def test_words_near_a_time_word_are_not_typos() -> None:
    assert span("las vegas") is None
    assert span("a winner in summer") == span("in summer")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a week after this week's weekday
        ("the Tuesday after this one", ("2025-10-21", "2025-10-21")),
        ("not this Sunday but the one after", ("2025-10-19", "2025-10-19")),
        # parts and ranges composed with the week or month they name
        ("midweek last week", ("2025-09-30", "2025-10-02")),
        ("from november through to february", ("2025-11-01", "2026-02-28")),
    ],
)
def test_composed_with_the_one_named(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("just four sleeps till the party", ("2025-10-13", "2025-10-13")),
        ("two sleeps to go", ("2025-10-11", "2025-10-11")),
        ("the ides of May", ("2025-05-15", "2025-05-15")),
        ("the ides of June 2024", ("2024-06-13", "2024-06-13")),
    ],
)
def test_nights_counted_and_old_calendar_days(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the month that's just been", ("2025-09-01", "2025-09-30")),
        ("fri and sat just gone", ("2025-10-03", "2025-10-04")),
    ],
)
def test_just_gone_in_other_words(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected
