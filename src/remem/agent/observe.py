"""What ``observe`` notices in one turn, offline: an explicit request to remember
(:mod:`remem.write.intent`), an error, a decision with its reasoning.

Deterministic and cheap (a few regexes per turn): it runs on every message the
agent sees, in a hook process that must answer quickly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from remem.write.intent import detects_memory_intent

MAX_NOTE_CHARS = 400  # an error note or decision keeps at most this much of the turn

_ERROR = re.compile(
    r"\bTraceback \(most recent call last\)|^\s*(?:[\w.]+(?:Error|Exception)|error|fatal|"
    r"panic)\b\s*[:!]|\b(?:command|build|test|tests|deploy(?:ment)?|install(?:ation)?|"
    r"migration|request|job|compil(?:e|ation))\s+(?:failed|errored|crashed)\b|"
    r"\bexit(?:ed)?\s+(?:code|status)\s+[1-9]\d*\b|\bsegmentation fault\b",
    re.I | re.M,
)
_ERROR_LINE = re.compile(
    r"^.*(?:error|exception|failed|fatal|panic|traceback|exit (?:code|status)).*$", re.I | re.M
)
_DECISION = re.compile(
    r"(?:^|(?<=[.!?]\s))\s*(?P<what>(?:(?:we|i|let's|let us)\s+(?:have\s+|'ve\s+)?"
    r"(?:decided|agreed|chose|chosen|settled on|went with|will go with|'ll go with|are going with|"
    r"go with|picked)\b|(?:the\s+)?decision(?:\s+is)?\s*:)[^.!?\n]*?)"
    r"(?:\s*(?:,\s*)?\b(?P<why>because|since|as|so that|given that|due to)\b\s*(?P<reason>[^.!?\n]+))?"
    r"(?=[.!?\n]|$)",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision stated in a turn, and the reasoning given with it (if any)."""

    text: str
    decision: str
    reasoning: str | None


def wants_remembering(role: str, content: str) -> bool:
    """An explicit "remember ..." / "don't forget ..." / "note that ..." from the user."""
    return role == "user" and detects_memory_intent(content)


def error_in(role: str, content: str, tool_calls: Sequence[Mapping[str, Any]] | None) -> str | None:
    """The error line of a failed turn or tool call, or None."""
    for call in tool_calls or ():
        failed = call.get("error") or call.get("is_error")
        if failed:
            name = call.get("name") or call.get("tool") or "a tool"
            detail = call.get("error") if isinstance(call.get("error"), str) else None
            detail = detail or _first_error_line(
                str(call.get("output") or call.get("result") or "")
            )
            return _cut(f"{name} failed" + (f": {detail}" if detail else ""))
    if role in ("tool", "assistant", "system") and _ERROR.search(content):
        return _cut(_first_error_line(content) or content)
    return None


def decision_in(content: str) -> Decision | None:
    """The first decision the turn states ("we decided to X because Y"), or None."""
    match = _DECISION.search(content)
    if match is None:
        return None
    decision = " ".join(match["what"].split())
    reasoning = " ".join(match["reason"].split()) if match["reason"] else None
    text = decision + (f" — because {reasoning}" if reasoning else "")
    return Decision(text=_cut(text), decision=decision, reasoning=reasoning)


def _first_error_line(text: str) -> str | None:
    lines = [m.group(0).strip() for m in _ERROR_LINE.finditer(text)]
    # The last matching line of a traceback is the exception itself.
    return lines[-1] if lines else None


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_NOTE_CHARS else text[: MAX_NOTE_CHARS - 1] + "…"
