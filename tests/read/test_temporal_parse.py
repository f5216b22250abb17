"""Time expressions in queries: windows, "when" questions, unresolvable anchors,
and the temporal ranking factor."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from remem.config import Config
from remem.model import MemoryRecord, SearchHit
from remem.read.rank import rank
from remem.read.search import _depth
from remem.read.temporal import parse_time, temporal_factor

REF = datetime(2024, 3, 13, 15, 0, tzinfo=UTC)  # a Wednesday


def window(query: str) -> tuple[date, date] | None:
    parsed = parse_time(query, reference=REF)
    if parsed.window is None:
        return None
    return parsed.window[0].date(), parsed.window[1].date()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("what did I do last May", (date(2023, 5, 1), date(2023, 6, 1))),
        ("what happened in 2022", (date(2022, 1, 1), date(2023, 1, 1))),
        ("yesterday I ate ramen", (date(2024, 3, 12), date(2024, 3, 13))),
        ("what did we decide today", (date(2024, 3, 13), date(2024, 3, 14))),
        ("the meeting last week", (date(2024, 3, 4), date(2024, 3, 11))),
        ("this week", (date(2024, 3, 11), date(2024, 3, 18))),
        ("last month", (date(2024, 2, 1), date(2024, 3, 1))),
        ("last year", (date(2023, 1, 1), date(2024, 1, 1))),
        ("three days ago", (date(2024, 3, 10), date(2024, 3, 11))),
        ("two weeks ago", (date(2024, 2, 26), date(2024, 3, 4))),
        ("on 2023-05-07", (date(2023, 5, 7), date(2023, 5, 8))),
        ("on May 7, 2023", (date(2023, 5, 7), date(2023, 5, 8))),
        ("on 7 May 2023", (date(2023, 5, 7), date(2023, 5, 8))),
        ("on 5/7/2023", (date(2023, 5, 7), date(2023, 5, 8))),
        ("on May 7", (date(2023, 5, 7), date(2023, 5, 8))),  # May 7 2024 is still ahead
        ("on March 1", (date(2024, 3, 1), date(2024, 3, 2))),
        ("in May 2022", (date(2022, 5, 1), date(2022, 6, 1))),
        ("in June", (date(2023, 6, 1), date(2023, 7, 1))),
        ("between 2021 and 2022", (date(2021, 1, 1), date(2023, 1, 1))),
    ],
)
def test_windows(query: str, expected: tuple[date, date]) -> None:
    assert window(query) == expected


def test_when_questions_are_flagged_without_a_window() -> None:
    parsed = parse_time("When did Caroline go to the support group?", reference=REF)
    assert parsed.asks_when and parsed.window is None
    assert parse_time("what year did Aaron move", reference=REF).asks_when
    assert not parse_time("where does Aaron live", reference=REF).asks_when


def test_anchored_relative_expressions_are_only_flagged() -> None:
    parsed = parse_time("what did she buy two weeks before the trip", reference=REF)
    assert parsed.window is None
    assert parsed.unresolved == ("two weeks before the trip",)
    assert parse_time("the day after the wedding", reference=REF).unresolved
    assert window("the day after the wedding") is None


def test_no_time_and_modal_may() -> None:
    assert window("what may happen to the car") is None
    assert window("where does Aaron live") is None
    assert parse_time("x", reference=datetime(2024, 1, 1)).window is None  # naive is UTC


def test_temporal_factor_on_valid_from() -> None:
    span = (datetime(2023, 5, 1, tzinfo=UTC), datetime(2023, 6, 1, tzinfo=UTC))
    inside = MemoryRecord(content="x", valid_from=datetime(2023, 5, 20, tzinfo=UTC))
    near = MemoryRecord(content="x", valid_from=span[1] + timedelta(days=15))
    far = MemoryRecord(content="x", valid_from=datetime(2020, 1, 1, tzinfo=UTC))
    unknown = MemoryRecord(content="x")
    f = {"floor": 0.6, "scale_days": 30.0}
    assert temporal_factor(inside, span, **f) == 1.0
    assert 0.6 < temporal_factor(near, span, **f) < 1.0
    assert temporal_factor(far, span, **f) == 0.6
    assert temporal_factor(unknown, span, **f) == 1.0
    assert temporal_factor(far, None, **f) == 1.0


def test_temporal_boost_is_a_ranking_factor_on_by_default() -> None:
    may = MemoryRecord(content="may trip", valid_from=datetime(2023, 5, 10, tzinfo=UTC))
    jan = MemoryRecord(content="january trip", valid_from=datetime(2023, 1, 10, tzinfo=UTC))
    for r in (may, jan):
        r.created_at = r.updated_at = REF
    hits = [SearchHit(memory=jan, score=1.0), SearchHit(memory=may, score=0.95)]
    off = rank(hits, query="the trip last May", config=Config(temporal_boost=False), now=REF)
    assert [h.memory.content for h in off] == ["january trip", "may trip"]
    assert "temporal" not in off[0].explain["rank"]
    hits = [SearchHit(memory=jan, score=1.0), SearchHit(memory=may, score=0.95)]
    on = rank(hits, query="the trip last May", config=Config(), now=REF)
    assert [h.memory.content for h in on] == ["may trip", "january trip"]
    assert on[0].explain["rank"]["temporal"] == 1.0
    assert on[0].explain["time_window"]["from"] == "2023-05-01"


def test_a_query_naming_a_time_lets_the_ranker_see_more_candidates() -> None:
    """The window chooses among a deeper pool; a query without one keeps the usual depth."""
    config = Config(rank_candidates=30, rank_candidates_window=80)
    now = datetime(2024, 9, 30, tzinfo=UTC)
    assert _depth("What did Odile bake in March 2024?", config, now) == 80
    assert _depth("What did Odile bake?", config, now) == 30
    off = Config(rank_candidates=30, rank_candidates_window=30)
    assert _depth("What did Odile bake in March 2024?", off, now) == 30
