"""The grammar never raises: any run of words, however odd, reads as some times or none.

The query path reads every search through it (``remem.read.temporal``), so an exception
here fails a user's search. Two were found by this fuzz: two ordinals in a row read as an
academic year ("the 12th 13th": ``int("th")``), and a range whose ends re-read each other
against a new anchor without end (a ``RecursionError``)."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime

import pytest

from remem.read.temporal import parse_time
from remem.timeexpr import find_times, parse_expression

WORDS = (
    "the a last next this of in on to from between and until before after ago since week "
    "weeks month year day weekend fortnight quarter q3 h2 term semester academic school fall "
    "spring easter christmas new year's eve monday friday jan may march december 1 2 12 13 24 "
    "25 31 2024 2025 1999 1st 3rd 12th 13th 21st 24/25 2024/25 12.03. 3.5 2024-02-29 20240229 "
    "'24 mid early late end first second penultimate couple few half two twenty - / , . 11.30 "
    "tomorrow yesterday today overmorrow th fy tax fiscal financial federal perth pune sars "
    "we starts run h1 q4 just ended current 99 00 winter sydney is comes went"
).split()
ANCHORS = (date(2024, 2, 29), date(2025, 12, 31), date(2023, 1, 1), date(2026, 11, 28))


@pytest.mark.parametrize(
    "text",
    [
        "the 12th 13th of may",
        "12th 13th",
        "20240229 12 few ago 2025 to 1999",
        "2024-02-29 until - 2 jan 1 ago",
    ],
)
def test_found_crashers_read_without_raising(text: str) -> None:
    for anchor in ANCHORS:
        find_times(text, anchor)
        parse_expression(text, anchor)


def test_an_academic_year_still_reads_from_two_numbers() -> None:
    span = parse_expression("the 2024/25 school year", date(2025, 3, 1))
    assert span is not None and (span.start, span.end) == (date(2024, 9, 1), date(2025, 8, 31))


def test_random_word_runs_never_raise() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 7)))
        find_times(text, rng.choice(ANCHORS))


def test_a_search_query_with_odd_ordinals_gets_its_window() -> None:
    query = parse_time(
        "what did I do on the 12th 13th of May?", reference=datetime(2026, 6, 1, tzinfo=UTC)
    )
    assert query.window is not None
