"""Future days named in a message (remem.agent.when): each form the issue names, the
past and the present name none, and the horizon."""

from __future__ import annotations

from datetime import date

import pytest

from remem.agent.when import future_dates, sentence_at

WED = date(2026, 1, 14)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "phrase", "day"),
    [
        ("The release is next Friday.", "next Friday", date(2026, 1, 16)),
        ("Renew the certificate in 6 months", "in 6 months", date(2026, 7, 14)),
        ("The demo is on March 3", "March 3", date(2026, 3, 3)),
        ("Ship it by the end of the quarter", "by the end of the quarter", date(2026, 3, 31)),
        ("Call the bank tomorrow", "tomorrow", date(2026, 1, 15)),
        ("We freeze the branch in two weeks", "in two weeks", date(2026, 1, 28)),
        ("Back the day after tomorrow", "the day after tomorrow", date(2026, 1, 16)),
        ("Audit 10 days from now", "10 days from now", date(2026, 1, 24)),
        ("Review at the end of the month", "the end of the month", date(2026, 1, 31)),
        ("Report by end of next month", "by end of next month", date(2026, 2, 28)),
        ("Wrap up by the end of the week", "by the end of the week", date(2026, 1, 16)),
        ("Kick-off next week", "next week", date(2026, 1, 19)),
        ("Budget next quarter", "next quarter", date(2026, 4, 1)),
        ("Launch on 2026-02-01", "2026-02-01", date(2026, 2, 1)),
        ("Offsite on the 3rd of March, 2027", "the 3rd of March, 2027", date(2027, 3, 3)),
        ("Standup moved to this Monday", "this Monday", date(2026, 1, 19)),
        ("Send it by Wednesday", "by Wednesday", date(2026, 1, 21)),  # today is Wednesday
        ("in a couple of weeks we migrate", "in a couple of weeks", date(2026, 1, 28)),
        ("The lease ends in 1 year", "in 1 year", date(2027, 1, 14)),
    ],
)
def test_each_forward_form_names_its_day(text: str, phrase: str, day: date) -> None:
    (found,) = future_dates(text, WED)
    assert (found.phrase, found.day) == (phrase, day)
    assert text[found.start : found.end].strip() == phrase


@pytest.mark.parametrize(
    "text",
    [
        "Last Friday was the release",
        "It broke 3 days ago",
        "I fixed it yesterday",
        "I will do it today",
        "We shipped on January 3",  # passed this year, nothing says it is ahead
        "Launch was on 2025-12-01",
        "It takes two weeks",  # a duration, not a day
    ],
)
def test_past_present_and_durations_name_no_day(text: str) -> None:
    assert future_dates(text, WED) == []


def test_a_passed_yearless_date_is_next_years_only_when_the_sentence_looks_ahead() -> None:
    (found,) = future_dates("The deadline is January 3", WED)
    assert found.day == date(2027, 1, 3)


def test_the_horizon_and_text_order() -> None:
    assert future_dates("Renew in 5 years", WED, horizon_days=730) == []
    found = future_dates("Call tomorrow, then demo on March 3 and review next week.", WED)
    assert [f.phrase for f in found] == ["tomorrow", "March 3", "next week"]


def test_the_sentence_around_an_expression() -> None:
    text = "Lunch was fine. The release is next Friday! Bring cake."
    (found,) = future_dates(text, WED)
    assert sentence_at(text, found.start) == "The release is next Friday!"
