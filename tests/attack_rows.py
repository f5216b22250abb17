"""The injection attacks the surface suites (REST, MCP) send: one malicious row per
language, encoding and markup of the dev half, and one per hidden-markup form — each
kind of attack once, not all of them (that is the Python suite)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from remem.textnorm import normalise

FIXTURES = Path(__file__).parent / "fixtures" / "injection"


def _spread() -> list[dict[str, Any]]:
    rows = [json.loads(x) for x in (FIXTURES / "injections.dev.jsonl").read_text().splitlines()]
    hidden = [json.loads(x) for x in (FIXTURES / "hidden.dev.jsonl").read_text().splitlines()]
    picked: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        if row["malicious"]:
            for key in ("lang", "encoding", "markup"):
                picked.setdefault((key, row[key]), row)
    for row in hidden:
        if row["malicious"]:
            picked.setdefault(("form", row["form"]), row)
    return list({r["id"]: r for r in picked.values()}.values())


ATTACKS = _spread()


def marker(text: str) -> str:
    """A short piece of the attack's longest line, to look for in what was stored."""
    line = max(normalise(text).splitlines(), key=len)
    return " ".join(line.split())[:40].casefold()
