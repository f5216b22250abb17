"""A conversation turn (:class:`Message`), the role its speaker implies and whether
it is trusted (:func:`untrusted_for`), and the timestamps transcripts carry. The
transcript parsers (:mod:`remem.write.transcript`) make these; the write path reads them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Literal

Role = Literal["user", "assistant", "tool", "system"]


@dataclass(slots=True)
class Message:
    """One turn of a conversation.

    ``untrusted`` marks content that must never be followed (tool output, web
    pages); it comes from the role and the source's structure, or from the API
    caller, never from what the message says about itself (see :func:`untrusted_for`).
    ``injection`` is the instruction-like phrase that flagged the whole message, set
    by the write path (:func:`remem.write.injection.flag_messages`). ``ref`` is the
    source's own id for the turn (LoCoMo ``dia_id``, Claude Code ``uuid``);
    ``session`` names the session it belongs to; ``caption`` describes a shared
    image, when the source has one. ``key`` is set by ``extract``: the
    message's identity in its transcript, stored as its resource's ``content_hash``.
    ``prompt`` marks a user's message to an AI assistant (a Claude Code prompt, an
    agent session's user turn): what it asks, questions and small talk are
    instructions to the assistant, never facts (the write path keeps only its
    statements, :mod:`remem.write.acts`).
    """

    speaker: str
    role: Role
    text: str
    timestamp: datetime | None = None
    untrusted: bool = False
    ref: str | None = None
    session: str | None = None
    caption: str | None = None
    injection: str | None = None
    key: str | None = None
    prompt: bool = False


_ROLE_ALIASES: dict[str, Role] = {
    "user": "user", "human": "user", "me": "user",
    "assistant": "assistant", "ai": "assistant", "bot": "assistant", "model": "assistant",
    "claude": "assistant", "chatgpt": "assistant", "gpt": "assistant",
    "system": "system", "tool": "tool", "function": "tool",
    # other names for content that did not come from a person in the conversation
    "tool_result": "tool", "function_call_output": "tool", "ipython": "tool",
    "observation": "tool", "browser": "tool", "web": "tool", "search": "tool",
    "retrieval": "tool", "document": "tool",
}  # fmt: skip

_LOCOMO_DATE = re.compile(
    r"(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ampm>am|pm)\s+on\s+(?P<d>\d{1,2})\s+(?P<mon>[A-Za-z]+),?\s+(?P<y>\d{4})",
    re.IGNORECASE,
)

_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    )
}


def tool_payload(message: Message) -> bool:
    """Whether ``message`` is a tool's call or its structured result (a JSON object or
    array, as a tool's response is serialized: ``{"filePath": ..., "oldString": ...}``,
    ``{"stdout": ...}``): a program's data, never a statement of fact. The call is at
    most an action of the session's episode (recorded by the tool hooks)."""
    if message.role != "tool":
        return False
    text = message.text.strip()
    if text.startswith("tool_use "):
        return True
    if not text.startswith(("{", "[")):
        return False
    if re.match(r'[\[{]\s*(?:"|\{|\[|\]|\})', text):
        return True  # an object's first key, a list of objects (clipped ones too)
    try:
        return isinstance(json.loads(text), dict | list)
    except ValueError:
        return False


def role_for(speaker: str) -> Role:
    """The role a speaker name implies: known aliases, else a human ``user``."""
    return _ROLE_ALIASES.get(speaker.strip().lower(), "user")


def untrusted_for(role: str | None, *, trusted: bool | None = None, lower: object = None) -> bool:
    """Whether a message is untrusted: the API caller's ``trusted`` wins when given;
    otherwise tool-like roles (tool, function, web, ...) are untrusted. ``lower`` is
    what the source claims about itself (a transcript's ``"untrusted"`` field, a
    caller's ``metadata["untrusted"]``): only ``True`` counts, so a claim can make a
    message untrusted but never trusted."""
    if trusted is not None:
        return not trusted
    return (role is not None and role_for(role) == "tool") or lower is True


def with_trust(messages: Iterable[Message], trusted: bool | None) -> list[Message]:
    """``messages`` as the API caller marks them: unchanged when ``trusted`` is None,
    else every message trusted (``True``) or untrusted (``False``)."""
    if trusted is None:
        return list(messages)
    return [replace(m, untrusted=not trusted) for m in messages]


def parse_timestamp(value: object) -> datetime | None:
    """A timezone-aware UTC datetime from ISO-8601, epoch seconds or LoCoMo's format."""
    if value is None or value == "":
        return None
    if isinstance(value, int | float):
        return datetime.fromtimestamp(float(value), UTC)
    if not isinstance(value, str):
        return None
    text = value.strip()
    match = _LOCOMO_DATE.search(text)
    if match:
        month = _MONTHS.get(match["mon"][:3].lower())
        if month is None:
            return None
        hour = int(match["h"]) % 12 + (12 if match["ampm"].lower() == "pm" else 0)
        return datetime(int(match["y"]), month, int(match["d"]), hour, int(match["m"]), tzinfo=UTC)
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
