"""Transcripts in, :class:`Message` objects out.

Supported formats (:class:`TranscriptFormat`):

- ``plain``: ``Name: text`` lines (an optional ``[timestamp]`` prefix); lines
  without a speaker continue the previous message.
- ``jsonl``: one message object per line (``role``, ``content``, optional
  ``name`` / ``timestamp``); content may be a list of ``{type: text}`` blocks.
- ``json``: a list of such messages, or ``{"messages": [...]}``.
- ``claude-code``: Claude Code session files (JSONL lines with ``type`` user /
  assistant and a ``message``); tool_use / tool_result blocks become untrusted
  ``tool`` messages; summary and meta lines are skipped.
- ``locomo``: LoCoMo conversations (a dict or a list of dicts with a
  ``conversation`` holding ``session_N`` turn lists and ``session_N_date_time``).

Line formats are read line by line, so a huge file is parsed in bounded memory;
the two whole-document JSON formats are loaded at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from remem.errors import ValidationError
from remem.write.messages import Message, Role, parse_timestamp, role_for, untrusted_for, with_trust

__all__ = [
    "SUPPORTED",
    "Message",
    "Role",
    "TranscriptFormat",
    "detect_format",
    "parse_timestamp",
    "parse_transcript",
    "role_for",
    "untrusted_for",
    "with_trust",
]


class TranscriptFormat(StrEnum):
    """The transcript formats :func:`parse_transcript` reads."""

    PLAIN = "plain"
    JSON = "json"
    JSONL = "jsonl"
    CLAUDE_CODE = "claude-code"
    LOCOMO = "locomo"


SUPPORTED = ", ".join(f.value for f in TranscriptFormat)


_SPEAKER_LINE = re.compile(
    r"^(?:\[(?P<ts>[^\]]{4,40})\]\s*)?(?P<name>[A-Za-z][\w.'\- ]{0,39}?)\s*:\s+(?P<text>\S.*)$"
)


# -- detection -----------------------------------------------------------------


def detect_format(first_line: str, *, whole: str | None = None) -> TranscriptFormat:
    """Guess the format from the first non-blank line (``whole``: the full text, if at hand).

    Raises :class:`ValidationError` when no supported format fits.
    """
    line = first_line.strip()
    if line.startswith("[") and line[1:2] not in {"{", "[", '"', "]"} and _SPEAKER_LINE.match(line):
        return TranscriptFormat.PLAIN  # "[2023-05-08 13:56] Aaron: ..."
    if line.startswith("["):
        return TranscriptFormat.JSON if whole is None else _detect_json_doc(whole)
    if line.startswith("{"):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            return TranscriptFormat.JSON if whole is None else _detect_json_doc(whole)
        if isinstance(obj, dict):
            if "conversation" in obj:
                return TranscriptFormat.LOCOMO
            if obj.get("type") in {"user", "assistant", "summary", "system"} or "message" in obj:
                return TranscriptFormat.CLAUDE_CODE
            if "messages" in obj:
                return TranscriptFormat.JSON
            if "content" in obj or "text" in obj:
                return TranscriptFormat.JSONL
        raise ValidationError(f"unreadable transcript: unknown JSON shape; supported: {SUPPORTED}")
    if _SPEAKER_LINE.match(line):
        return TranscriptFormat.PLAIN
    raise ValidationError(
        "unreadable transcript: expected 'Name: text' lines or JSON; "
        f"supported formats: {SUPPORTED}"
    )


def _detect_json_doc(text: str) -> TranscriptFormat:
    data = _load_json(text)
    items = data if isinstance(data, list) else [data]
    first = items[0] if items else None
    if isinstance(first, dict) and "conversation" in first:
        return TranscriptFormat.LOCOMO
    return TranscriptFormat.JSON


def _load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(
            f"unreadable transcript: invalid JSON ({exc}); supported formats: {SUPPORTED}"
        ) from exc


# -- entry point ---------------------------------------------------------------


def parse_transcript(
    path_or_text: str | Path | bytes, *, format: TranscriptFormat | str = "auto"
) -> Iterator[Message]:
    """Messages of a transcript given as a file path, text, or UTF-8 bytes.

    ``format`` is ``"auto"`` or a :class:`TranscriptFormat` value. The format
    and emptiness are checked before returning; per-line problems surface
    while iterating. Raises :class:`ValidationError` for an unreadable format,
    an empty transcript or a file that is not UTF-8.
    """
    source = _Source.of(path_or_text)
    first = source.first_line()
    if first is None:
        raise ValidationError(f"empty transcript: {source.name} has no messages")
    if format == "auto":
        fmt = detect_format(first, whole=None if source.path else source.text)
        if fmt is TranscriptFormat.JSON and source.path:
            fmt = _detect_json_doc(source.read_all())
    else:
        try:
            fmt = TranscriptFormat(format)
        except ValueError as exc:
            raise ValidationError(
                f"unknown transcript format {format!r}; supported: auto, {SUPPORTED}"
            ) from exc
    return _non_empty(_PARSERS[fmt](source), source.name)


def _non_empty(messages: Iterator[Message], name: str) -> Iterator[Message]:
    count = 0
    for message in messages:
        count += 1
        yield message
    if count == 0:
        raise ValidationError(f"empty transcript: {name} has no messages")


def _is_file(text: str) -> bool:
    """Whether ``text`` names a file (a name too long, or with a NUL, names none)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


@dataclass(slots=True)
class _Source:
    name: str
    path: Path | None = None
    text: str | None = None

    @classmethod
    def of(cls, value: str | Path | bytes) -> _Source:
        if isinstance(value, bytes | bytearray):
            try:
                return cls("<bytes>", text=bytes(value).decode("utf-8"))
            except UnicodeDecodeError as exc:
                raise ValidationError(f"transcript is not UTF-8 text: {exc}") from exc
        if isinstance(value, Path):
            return cls(str(value), path=value)
        if not isinstance(value, str):
            raise ValidationError(
                f"transcript must be a path, text or bytes, not {type(value).__name__}"
            )
        if "\n" not in value and len(value) < 4096 and _is_file(value):
            return cls(value, path=Path(value))
        return cls("<text>", text=value)

    def lines(self) -> Iterator[str]:
        if self.text is not None:
            yield from self.text.splitlines()
            return
        assert self.path is not None
        try:
            with self.path.open(encoding="utf-8") as handle:
                for line in handle:
                    yield line.rstrip("\r\n")
        except UnicodeDecodeError as exc:
            raise ValidationError(f"transcript {self.name} is not UTF-8 text: {exc}") from exc
        except OSError as exc:
            raise ValidationError(f"cannot read transcript {self.name}: {exc}") from exc

    def first_line(self) -> str | None:
        lines = self.lines()
        try:
            return next((line for line in lines if line.strip()), None)
        finally:
            lines.close()  # type: ignore[attr-defined]

    def read_all(self) -> str:
        return self.text if self.text is not None else "\n".join(self.lines())


# -- parsers -------------------------------------------------------------------


def _parse_plain(source: _Source) -> Iterator[Message]:
    current: Message | None = None
    parts: list[str] = []
    for line in source.lines():
        match = _SPEAKER_LINE.match(line)
        if match:
            if current is not None:
                current.text = "\n".join(parts).strip()
                yield current
            name = match["name"].strip()
            role = role_for(name)
            current = Message(
                speaker=name,
                role=role,
                text="",
                timestamp=parse_timestamp(match["ts"]),
                # A "system:" line in a plain chat is only a claim: it may as well be
                # pasted tool output, so it is untrusted like a tool's.
                untrusted=role in ("tool", "system"),
            )
            parts = [match["text"]]
        elif current is not None:
            parts.append(line)
    if current is not None:
        current.text = "\n".join(parts).strip()
        yield current


def _text_of(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(block.get("text", "")) if isinstance(block, dict) else str(block)
            for block in content
            if not isinstance(block, dict) or block.get("type", "text") == "text"
        ).strip()
    return ""


def _message_from_dict(obj: dict[str, Any], *, where: str) -> Message | None:
    raw_role = str(obj.get("role") or obj.get("speaker") or obj.get("name") or "")
    if not raw_role:
        raise ValidationError(f"unreadable transcript: message without a role at {where}")
    role = role_for(raw_role)
    text = _text_of(obj.get("content", obj.get("text", "")))
    if not text.strip():
        return None
    speaker = str(obj.get("name") or obj.get("speaker") or raw_role)
    return Message(
        speaker=speaker,
        role=role,
        text=text.strip(),
        timestamp=parse_timestamp(obj.get("timestamp") or obj.get("created_at")),
        # The line's own "untrusted"/"trusted" fields may lower trust, never raise it.
        untrusted=untrusted_for(
            role, lower=obj.get("untrusted") is True or obj.get("trusted") is False
        ),
        ref=str(obj["id"]) if obj.get("id") is not None else None,
    )


def _parse_jsonl(source: _Source) -> Iterator[Message]:
    for number, line in enumerate(source.lines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValidationError(f"unreadable transcript: bad JSON on line {number}") from exc
        if not isinstance(obj, dict):
            raise ValidationError(f"unreadable transcript: line {number} is not an object")
        message = _message_from_dict(obj, where=f"line {number}")
        if message is not None:
            yield message


def _parse_json(source: _Source) -> Iterator[Message]:
    data = _load_json(source.read_all())
    if isinstance(data, dict) and isinstance(data.get("messages"), list):
        data = data["messages"]
    if not isinstance(data, list):
        raise ValidationError(f"unreadable transcript: expected a list of messages; {SUPPORTED}")
    for index, obj in enumerate(data):
        if not isinstance(obj, dict):
            raise ValidationError(f"unreadable transcript: item {index} is not an object")
        message = _message_from_dict(obj, where=f"item {index}")
        if message is not None:
            yield message


def _tool_text(block: dict[str, Any]) -> str:
    if block.get("type") == "tool_use":
        args = json.dumps(block.get("input", {}), ensure_ascii=False)
        return f"tool_use {block.get('name', '?')}: {args}"
    content = block.get("content", "")
    return _text_of(content) if not isinstance(content, str) else content


# Output of a shell or slash command the user ran, pasted into a user turn by Claude
# Code: it is program output, not the user speaking.
_COMMAND_OUTPUT = re.compile(r"<(?:bash|local-command|command)-(?:stdout|stderr)>")


def _parse_claude_code(source: _Source) -> Iterator[Message]:
    for number, line in enumerate(source.lines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValidationError(f"unreadable transcript: bad JSON on line {number}") from exc
        if (
            not isinstance(obj, dict)
            or obj.get("type") not in {"user", "assistant"}
            or obj.get("isMeta")
        ):
            continue  # summaries, meta and system lines carry no conversation
        inner = obj.get("message") or {}
        role = role_for(str(inner.get("role") or obj["type"]))
        stamp = parse_timestamp(obj.get("timestamp"))
        session = obj.get("sessionId")
        ref = obj.get("uuid")
        content = inner.get("content", "")
        blocks: Iterable[Any] = [content] if isinstance(content, str) else content
        for block in blocks:
            if isinstance(block, str):
                text, msg_role, untrusted = block, role, _COMMAND_OUTPUT.search(block) is not None
            elif isinstance(block, dict) and block.get("type") == "text":
                text = str(block.get("text", ""))
                msg_role, untrusted = role, _COMMAND_OUTPUT.search(text) is not None
            elif isinstance(block, dict) and block.get("type") in {"tool_use", "tool_result"}:
                text, msg_role, untrusted = _tool_text(block), "tool", True
            else:
                continue  # thinking, images
            if text.strip():
                yield Message(
                    speaker="tool" if msg_role == "tool" else role,
                    role=msg_role,
                    text=text.strip(),
                    timestamp=stamp,
                    untrusted=untrusted,
                    ref=ref,
                    session=session,
                    prompt=msg_role == "user" and not untrusted,  # a prompt to Claude
                )


def _session_keys(conversation: dict[str, Any]) -> list[str]:
    keys = [k for k in conversation if re.fullmatch(r"session_\d+", k)]
    return sorted(keys, key=lambda k: int(k.split("_")[1]))


def _parse_locomo(source: _Source) -> Iterator[Message]:
    data = _load_json(source.read_all())
    samples = data if isinstance(data, list) else [data]
    for sample in samples:
        conversation = sample.get("conversation") if isinstance(sample, dict) else None
        if not isinstance(conversation, dict):
            raise ValidationError("unreadable transcript: LoCoMo item without 'conversation'")
        for key in _session_keys(conversation):
            stamp = parse_timestamp(conversation.get(f"{key}_date_time"))
            for turn in conversation[key] or []:
                text = str(turn.get("text", "")).strip()
                caption = turn.get("blip_caption")
                if not text and not caption:
                    continue
                yield Message(
                    speaker=str(turn.get("speaker", "user")),
                    role="user",
                    text=text,
                    timestamp=stamp,
                    ref=turn.get("dia_id"),
                    session=key,
                    caption=caption,
                )


_PARSERS = {
    TranscriptFormat.PLAIN: _parse_plain,
    TranscriptFormat.JSON: _parse_json,
    TranscriptFormat.JSONL: _parse_jsonl,
    TranscriptFormat.CLAUDE_CODE: _parse_claude_code,
    TranscriptFormat.LOCOMO: _parse_locomo,
}
