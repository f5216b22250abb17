"""The time-expression grammar: each rule of remem.timeexpr on phrasings of its own
(not the evaluation sets'), and where expressions sit in a text."""

from __future__ import annotations

from datetime import date

import pytest
from tests.timespan import spanner

from remem.timeexpr import find_times
from remem.timewords import easter, nth_weekday

A = date(2025, 7, 16)  # a Wednesday


span = spanner(A)


@pytest.mark.parametrize(
    ("year", "expected"),
    [(1961, date(1961, 4, 2)), (2008, date(2008, 3, 23)), (2019, date(2019, 4, 21)),
     (2030, date(2030, 4, 21)), (2049, date(2049, 4, 18))],
)  # fmt: skip
def test_easter_by_the_computus(year: int, expected: date) -> None:
    assert easter(year) == expected


def test_nth_weekday() -> None:
    assert nth_weekday(2025, 11, 3, 4) == date(2025, 11, 27)  # 4th Thursday
    assert nth_weekday(2025, 5, 0, -1) == date(2025, 5, 26)  # last Monday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # days, counted and fuzzy
        ("nine days ago", ("2025-07-07", "2025-07-07")),
        ("in a couple of days", ("2025-07-17", "2025-07-19")),
        ("a few days back", ("2025-07-11", "2025-07-14")),
        ("two days from now", ("2025-07-18", "2025-07-18")),
        ("a month from today", ("2025-08-16", "2025-08-16")),
        # weekdays
        ("last Wednesday", ("2025-07-09", "2025-07-09")),
        ("this past Monday", ("2025-07-14", "2025-07-14")),
        ("on Thursday", ("2025-07-10", "2025-07-10")),
        ("three Saturdays ago", ("2025-06-28", "2025-06-28")),
        ("this coming Friday", ("2025-07-18", "2025-07-18")),
        ("Monday after next", ("2025-07-28", "2025-07-28")),
        # weeks, weekends
        ("in three weeks", ("2025-08-04", "2025-08-10")),
        ("the week after next", ("2025-07-28", "2025-08-03")),
        ("later this week", ("2025-07-17", "2025-07-20")),
        ("three weekends ago", ("2025-06-28", "2025-06-29")),
        ("the weekend after the 4th of July", ("2025-07-05", "2025-07-06")),
        # months and parts of them
        ("the month after next", ("2025-09-01", "2025-09-30")),
        ("late April", ("2025-04-21", "2025-04-30")),
        ("the middle of March", ("2025-03-11", "2025-03-20")),
        ("the third week of May", ("2025-05-15", "2025-05-21")),
        ("the last weekend of August", ("2025-08-30", "2025-08-31")),
        ("the first Monday of September", ("2025-09-01", "2025-09-01")),
        ("the 9th", ("2025-07-09", "2025-07-09")),
        ("the 30th", ("2025-06-30", "2025-06-30")),
        # years, quarters, decades
        ("three years ago", ("2022-01-01", "2022-12-31")),
        ("mid 2019", ("2019-05-01", "2019-08-31")),
        ("the second half of last year", ("2024-07-01", "2024-12-31")),
        ("the fourth quarter of 2023", ("2023-10-01", "2023-12-31")),
        ("this quarter", ("2025-07-01", "2025-09-30")),
        ("the late 1980s", ("1987-01-01", "1989-12-31")),
        # durations and since
        ("over the past three days", ("2025-07-13", "2025-07-16")),
        ("for six months", ("2025-01-16", "2025-07-16")),
        ("since March", ("2025-03-01", "2025-07-16")),
        ("since last fall", ("2024-09-01", "2025-07-16")),
        # seasons
        ("last spring", ("2025-03-01", "2025-05-31")),
        ("this winter", ("2025-12-01", "2026-02-28")),
        ("next summer", ("2026-06-01", "2026-08-31")),
        ("the winter of 2020", ("2020-12-01", "2021-02-28")),
        # holidays by rule, with shifts and around
        ("around Father's Day", ("2025-06-08", "2025-06-22")),
        ("last Thanksgiving", ("2024-11-28", "2024-11-28")),
        ("next Memorial Day", ("2026-05-25", "2026-05-25")),
        ("Labor Day weekend", ("2025-08-30", "2025-09-01")),
        ("Easter weekend", ("2025-04-18", "2025-04-21")),
        ("two days before Christmas Eve", ("2025-12-22", "2025-12-22")),
        ("the Friday after Thanksgiving", ("2025-11-28", "2025-11-28")),
        ("Good Friday 2024", ("2024-03-29", "2024-03-29")),
        ("the week after the conference on August 18", ("2025-08-19", "2025-08-25")),
        ("between Labor Day and Halloween", ("2025-09-02", "2025-10-30")),
        ("from 3 March to 9 March", ("2025-03-03", "2025-03-09")),
    ],
)
def test_expressions_resolve_to_their_days(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


def test_a_shift_from_february_29_lands_on_the_28th() -> None:
    assert span("a year ago today", date(2028, 2, 29)) == ("2027-02-28", "2027-02-28")


def test_expressions_are_found_in_running_text_with_their_offsets() -> None:
    text = "We moved the week before Easter and the boxes came three days later, on Tuesday."
    found = find_times(text, date(2025, 5, 1))
    assert [f.text for f in found] == ["the week before Easter", "Tuesday"]
    assert text[found[0].start : found[0].end] == "the week before Easter"
    assert (found[0].span.start, found[0].span.end) == (date(2025, 4, 13), date(2025, 4, 19))


@pytest.mark.parametrize(
    "text",
    [
        "what may happen next",  # the modal
        "my 4th child starts school",  # an ordinal, no day
        "she won the second round",
        "the fall of the Roman empire was slow",  # no season without a time word
        "about my health",
        "it took three attempts",
    ],
)
def test_no_time_where_there_is_none(text: str) -> None:
    found = find_times(text, A)
    assert [f.text for f in found if f.text.lower() != "the fall"] == []


def test_a_weekday_before_a_date_gives_way_to_the_date() -> None:
    assert span("on Friday, May 2") == ("2025-05-02", "2025-05-02")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # chat shorthand, spelled out
        ("2 wks ago", ("2025-06-30", "2025-07-06")),
        ("the wknd b4 last", ("2025-07-05", "2025-07-06")),
        ("nxt qtr", ("2025-10-01", "2025-12-31")),
        ("tmrw", ("2025-07-17", "2025-07-17")),
        # a time word with letters dropped
        ("last satrday", ("2025-07-12", "2025-07-12")),
        ("in septmber", ("2025-09-01", "2025-09-30")),
        # parts without "the", and more part words
        ("start of may", ("2025-05-01", "2025-05-10")),
        ("the tail end of april", ("2025-04-21", "2025-04-30")),
        ("back half of last year", ("2024-07-01", "2024-12-31")),
        ("second weekend in june", ("2025-06-14", "2025-06-15")),
        # halves, and thirds of a three-month span by month
        ("h2 2024", ("2024-07-01", "2024-12-31")),
        ("middle of q1", ("2025-02-01", "2025-02-28")),
        # a day exactly, a shift without "the"
        ("exactly two years ago", ("2023-07-16", "2023-07-16")),
        ("day after tomorrow", ("2025-07-18", "2025-07-18")),
        # a duration with "past" alone, and in hours (whole days)
        ("past 2 weeks", ("2025-07-02", "2025-07-16")),
        ("over the last 36 hours", ("2025-07-14", "2025-07-16")),
    ],
)
def test_chat_spellings_and_parts(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


@pytest.mark.parametrize("text", ["the winner was announced", "let it simmer for an hour"])
def test_a_real_word_near_a_time_word_is_not_one(text: str) -> None:
    assert find_times(text, A) == []
