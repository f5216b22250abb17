"""Relative dates resolved against the message time."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from remem.write.dates import resolve_relative_dates

REF = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # a Monday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I went there yesterday.", "I went there on 7 May 2023."),
        ("Yesterday I ran.", "On 7 May 2023 I ran."),
        ("I ran today", "I ran on 8 May 2023"),
        ("Today is my birthday", "8 May 2023 is my birthday"),
        ("see you tomorrow", "see you on 9 May 2023"),
        ("we met last Friday", "we met on 5 May 2023"),
        ("we meet next Friday", "we meet on 12 May 2023"),
        ("last Monday", "on 1 May 2023"),
        ("a reading last Fri - great", "a reading on 5 May 2023 - great"),
        ("started last month", "started in April 2023"),
        ("hiking this weekend", "hiking on the weekend of 13–14 May 2023"),
        ("moving in 6 months", "moving around November 2023"),
        ("I fell 2 weeks ago", "I fell around 24 April 2023"),
        ("three days ago", "on 5 May 2023"),
        ("in 3 days", "on 11 May 2023"),
        ("busy last week", "busy during the week of 1 May 2023"),
        ("quit last year", "quit in 2022"),
        ("due next month", "due in June 2023"),
        ("since yesterday", "since 7 May 2023"),
        ("about 5 years ago", "about 2018"),
        ("last night", "on the night of 7 May 2023"),
        ("this morning", "on the morning of 8 May 2023"),
        ("the day before yesterday", "on 6 May 2023"),
        ("for two weeks", "for two weeks"),
        ("yesterday's news", "yesterday's news"),
    ],
)
def test_resolve(text: str, expected: str) -> None:
    assert resolve_relative_dates(text, REF) == expected


def test_without_reference_text_is_unchanged() -> None:
    assert resolve_relative_dates("I ran yesterday", None) == "I ran yesterday"


def test_accepts_a_date() -> None:
    assert resolve_relative_dates("yesterday", date(2024, 3, 1)) == "on 29 February 2024"


def test_month_arithmetic_crosses_years() -> None:
    assert resolve_relative_dates("next month", date(2023, 12, 15)) == "in January 2024"
    assert resolve_relative_dates("last month", date(2023, 1, 15)) == "in December 2022"
