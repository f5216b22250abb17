"""The temporal-expression benchmark: does a parser give the range a phrase denotes?

A set is JSON Lines, one expression a line::

    {"id": "r001", "anchor": "2023-05-14", "expr": "yesterday",
     "start": "2023-05-13", "end": "2023-05-13"}

``[start, end]`` is the inclusive range of days ``expr`` denotes when said on
``anchor``. A parser maps ``(expr, anchor)`` to an inclusive range or None. Per
set: ``found`` (a range came back), ``exact`` (it equals the expected one) and
``iou`` (days in both / days in either, 0 when nothing came back), each a mean.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from remem.errors import ValidationError
from remem.read.temporal import parse_time
from remem.timeexpr import parse_expression

Range = tuple[date, date]
Parser = Callable[[str, date], Range | None]


def load_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a JSON Lines temporal set."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        rows = [json.loads(line) for line in lines if line.strip()]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"cannot read temporal rows from {path}: {exc}") from exc
    for row in rows:
        if not all(k in row for k in ("id", "anchor", "expr", "start", "end")):
            raise ValidationError(f"{path}: a row lacks id/anchor/expr/start/end: {row}")
    return rows


def grammar_parser(expr: str, anchor: date) -> Range | None:
    """:func:`remem.timeexpr.parse_expression` (the read path's parser)."""
    span = parse_expression(expr, anchor)
    return None if span is None else (span.start, span.end)


def window_parser(expr: str, anchor: date) -> Range | None:
    """The query window of the read path before the grammar (``[start, end)`` made
    inclusive), for comparison."""
    window = parse_time(expr, reference=datetime.combine(anchor, time(12))).window
    if window is None:
        return None
    return window[0].date(), window[1].date() - timedelta(days=1)


PARSERS: dict[str, Parser] = {"grammar": grammar_parser}


def iou(got: Range | None, want: Range) -> float:
    """Days in both ranges over days in either (0 for no range)."""
    if got is None:
        return 0.0
    lo, hi = max(got[0], want[0]), min(got[1], want[1])
    both = max(0, (hi - lo).days + 1)
    either = (got[1] - got[0]).days + 1 + (want[1] - want[0]).days + 1 - both
    return both / either if either > 0 else 0.0


def score(rows: Sequence[Mapping[str, Any]], parser: Parser) -> dict[str, Any]:
    """``found`` / ``exact`` / ``iou`` of ``parser`` on ``rows``, and every miss."""
    results = []
    for row in rows:
        anchor = date.fromisoformat(row["anchor"])
        want = (date.fromisoformat(row["start"]), date.fromisoformat(row["end"]))
        got = parser(row["expr"], anchor)
        results.append(
            {
                "id": row["id"],
                "expr": row["expr"],
                "anchor": row["anchor"],
                "want": [d.isoformat() for d in want],
                "got": None if got is None else [d.isoformat() for d in got],
                "exact": got == want,
                "iou": round(iou(got, want), 4),
            }
        )
    n = len(results) or 1
    return {
        "rows": len(results),
        "found": round(sum(r["got"] is not None for r in results) / n, 4),
        "exact": round(sum(r["exact"] for r in results) / n, 4),
        "iou": round(sum(r["iou"] for r in results) / n, 4),
        "misses": [r for r in results if not r["exact"]],
    }
