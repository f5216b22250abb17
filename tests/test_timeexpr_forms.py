"""Forms several blind sets share, read by mechanisms rather than phrasings (on sentences
of our own): a sentence about the future reads a bare day ahead; "this time" a unit away;
a vague length as the count people mean; Monday-to-Friday days; a length counted from
another expression; misspellings; days and years in words; ISO week numbers."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from tests.timespan import spanner

from remem.read.temporal import parse_time
from remem.timeexpr import future_words

A = date(2025, 10, 9)  # a Thursday; its week runs 6-12 October


span = spanner(A)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the future: modal, going to, present progressive; the past stays the past
        ("we will repaint the shed on monday", ("2025-10-13", "2025-10-13")),
        ("I'm collecting the bike on saturday", ("2025-10-11", "2025-10-11")),
        ("she is going to call round on the 3rd", ("2025-11-03", "2025-11-03")),
        ("we're driving down in march", ("2026-03-01", "2026-03-31")),
        ("we repainted the shed on monday", ("2025-10-06", "2025-10-06")),
        ("I have been coughing since monday", ("2025-10-06", "2025-10-09")),
        ("the meeting was on the 3rd", ("2025-10-03", "2025-10-03")),
        # "this time" one unit away; a year away is a fortnight around the date
        ("this time last week", ("2025-10-02", "2025-10-02")),
        ("this time next month", ("2025-11-09", "2025-11-09")),
        ("this time last year", ("2024-10-02", "2024-10-16")),
        ("around this time next year", ("2026-10-02", "2026-10-16")),
        ("this time three years ago", ("2022-10-02", "2022-10-16")),
        # vague lengths back from now
        ("for the last couple of weeks", ("2025-09-25", "2025-10-09")),
        ("these past few days", ("2025-10-06", "2025-10-09")),
        # Monday to Friday
        ("the last working day of the month", ("2025-10-31", "2025-10-31")),
        ("the first business day of next month", ("2025-11-03", "2025-11-03")),
        ("in 3 working days", ("2025-10-14", "2025-10-14")),
        ("the next business day", ("2025-10-10", "2025-10-10")),
        ("two business days before the 17th of october", ("2025-10-15", "2025-10-15")),
        # a length counted from another expression
        ("a year ago yesterday", ("2024-10-08", "2024-10-08")),
        ("six months ago last week", ("2025-03-24", "2025-03-30")),  # its Monday, moved
        ("two weeks from friday", ("2025-10-24", "2025-10-24")),
        ("a fortnight last tuesday", ("2025-09-23", "2025-09-23")),
        ("monday fortnight", ("2025-10-27", "2025-10-27")),
        ("36 hours ago", ("2025-10-08", "2025-10-08")),
        # misspelled, in words
        ("see you tommorow", ("2025-10-10", "2025-10-10")),
        ("last satruday", ("2025-10-04", "2025-10-04")),
        ("on the thirtieth of june twenty nineteen", ("2019-06-30", "2019-06-30")),
        ("the winter of ninety-eight", ("1998-12-01", "1999-02-28")),
        ("the twenty-first", ("2025-09-21", "2025-09-21")),
        # ISO weeks
        ("iso week 2 of 2021", ("2021-01-11", "2021-01-17")),
        ("KW 41", ("2025-10-06", "2025-10-12")),
        ("the other week", ("2025-09-22", "2025-10-05")),
        ("within a fortnight", ("2025-10-09", "2025-10-23")),
    ],
)
def test_forms(text: str, expected: tuple[str, str]) -> None:
    assert span(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the winner took it all",
        "week 3 of the plan",
        "the third reason",
        "within a week of the move",
    ],
)
def test_no_time_where_there_is_none(text: str) -> None:
    assert span(text) is None


def test_tense_is_read_per_sentence() -> None:
    text = "I saw Ann on monday. We will see Bo on friday."
    spans = [(0, 1), (text.index("monday"), 0), (text.index("friday"), 0)]
    assert future_words(text, spans) == [False, False, True]


def test_a_question_about_the_future_keeps_its_coming_day() -> None:
    now = datetime(2025, 10, 9, 12, tzinfo=UTC)
    ahead = parse_time("what am I doing on saturday?", reference=now).window
    before = parse_time("what did I do on saturday?", reference=now).window
    assert ahead is not None and ahead[0].date() == date(2025, 10, 11)
    assert before is not None and before[0].date() == date(2025, 10, 4)
