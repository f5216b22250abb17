"""The time grammar's reading of one expression as a pair of ISO dates, for the
timeexpr tests (each file fixes its own anchor day)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from remem.timeexpr import parse_expression

Span = Callable[..., "tuple[str, str] | None"]


def spanner(default_anchor: date) -> Span:
    """``span(text, anchor=default_anchor)``: the first and last day ``text`` means."""

    def span(text: str, anchor: date = default_anchor) -> tuple[str, str] | None:
        found = parse_expression(text, anchor)
        return None if found is None else (found.start.isoformat(), found.end.isoformat())

    return span
