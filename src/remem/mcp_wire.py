"""The stdio wire of ``remem mcp``: every request line is answered.

The SDK's stdio transport drops a line it cannot parse without a word, so a
client waits forever for the answer to a well-formed but extreme request: JSON
nested deeper than the parser goes, an integer too long to read, a lone
surrogate escape, or a line of hundreds of megabytes. :class:`GuardedStdin`
stands between stdin and the SDK: a line over ``mcp_max_message_bytes`` is not
read into memory (its rest is skipped), a line the SDK would refuse is not
passed on, and both are answered at once with a JSON-RPC error carrying the
request's id (found by a linear scan that needs no parser) and the reason.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from io import TextIOWrapper
from typing import Any

import anyio
from mcp_types import (
    INVALID_REQUEST,
    PARSE_ERROR,
    ErrorData,
    JSONRPCError,
    jsonrpc_message_adapter,
)
from pydantic import ValidationError as PydanticValidationError

from remem.mcp_shapes import one_line

_CHUNK = 64 * 1024  # characters read at a time while skipping an over-long line


class GuardedStdin:
    """Lines of stdin for the SDK's stdio transport (``async for line in stdin``);
    a line the SDK could not parse is answered on ``reply`` and never handed on."""

    def __init__(self, *, max_chars: int, stream: Any = None) -> None:
        raw = stream if stream is not None else _private_stdin()
        self._text = TextIOWrapper(raw, encoding="utf-8", errors="replace")
        self.max_chars = max_chars
        self.reply: Any = None  # the write stream of the session, set once it exists
        self.ready = anyio.Event()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        while True:
            line = await self._readline(self.max_chars + 1)
            if not line:
                return
            if len(line) > self.max_chars and not line.endswith("\n"):
                await self._skip_rest()
                await self._answer(
                    line,
                    INVALID_REQUEST,
                    f"request over {self.max_chars} characters (mcp_max_request_chars); "
                    "send less in one call",
                    always=True,
                )
                continue
            if not line.strip():
                continue
            reason = _unparsable(line)
            if reason is None:
                yield line
            else:
                await self._answer(line, PARSE_ERROR, reason)

    async def _readline(self, limit: int) -> str:
        """One line of at most ``limit`` characters, read in a worker thread (as the
        SDK reads stdin: the event loop never blocks on it)."""
        return await anyio.to_thread.run_sync(self._text.readline, limit)

    async def _skip_rest(self) -> None:
        while True:
            chunk = await self._readline(_CHUNK)
            if not chunk or chunk.endswith("\n"):
                return

    async def _answer(self, line: str, code: int, reason: str, *, always: bool = False) -> None:
        from mcp.shared.message import SessionMessage

        request_id = request_id_of(line)
        if request_id is None and not always and '"id"' not in line:
            return  # a notification: JSON-RPC answers nothing
        await self.ready.wait()
        error = JSONRPCError(
            jsonrpc="2.0", id=request_id, error=ErrorData(code=code, message=one_line(reason))
        )
        await self.reply.send(SessionMessage(error))


def _private_stdin() -> Any:
    """A reader of its own on a duplicate of stdin's descriptor (as the SDK's stdio
    transport does): the worker thread blocked in its ``readline`` then holds no lock
    of ``sys.stdin``, which the interpreter takes at shutdown (a SIGTERM mid-read
    would otherwise abort the process)."""
    try:
        return open(os.dup(sys.stdin.fileno()), "rb")
    except (AttributeError, OSError, ValueError):  # no real descriptor (tests, embedded)
        return sys.stdin.buffer


def _unparsable(line: str) -> str | None:
    """Why the SDK would refuse ``line`` (None if it parses as a JSON-RPC message)."""
    try:
        jsonrpc_message_adapter.validate_json(line, by_name=False)
    except PydanticValidationError as exc:
        problems = exc.errors(include_url=False, include_input=False)
        first = problems[0]["msg"] if problems else "invalid"
        if "escape" in first or "surrogate" in first:
            first += " (a \\uD800-\\uDFFF escape must be half of a surrogate pair)"
        return f"request refused: {first}"
    return None


def request_id_of(line: str) -> int | str | None:
    """The ``id`` member of the top-level object in ``line``, found without a parser
    (one pass, no recursion), or None."""
    depth, i, n = 0, 0, len(line)
    while i < n:
        c = line[i]
        if c == '"':
            end = _string_end(line, i)
            if depth == 1 and line[i + 1 : end] == "id":
                j = end + 1
                while j < n and line[j] in " \t\r\n":
                    j += 1
                if j < n and line[j] == ":":
                    return _scalar(line, j + 1)
            i = end + 1
            continue
        if c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
        i += 1
    return None


def _string_end(line: str, start: int) -> int:
    i = start + 1
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] == '"':
            return i
        i += 1
    return len(line)


def _scalar(line: str, start: int) -> int | str | None:
    i = start
    while i < len(line) and line[i] in " \t\r\n":
        i += 1
    if i < len(line) and line[i] == '"':
        end = _string_end(line, i)
        text = line[i + 1 : end]
        return text if len(text) <= 200 and "\\" not in text else None
    j = i + (1 if i < len(line) and line[i] == "-" else 0)
    while j < len(line) and line[j].isdigit():
        j += 1
    digits = line[i:j]
    return int(digits) if 0 < len(digits) <= 19 and digits != "-" else None
