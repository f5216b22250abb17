"""What the MCP server's tools and resources return: plain JSON types and short
markdown, every string redacted again on the way out (as the CLI prints); and how
a failed call reads (:class:`RememServer`: one line, never a value or a traceback)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields, is_dataclass
from datetime import date
from enum import Enum
from typing import TYPE_CHECKING, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from pydantic import ValidationError as PydanticValidationError

from remem.errors import RememError
from remem.model import MemoryRecord
from remem.secrets import redact, scrub_value

if TYPE_CHECKING:
    from remem.mcp import Tools


def one_line(text: str) -> str:
    """``text`` redacted, on one line."""
    return " ".join(redact(text).split())


def plain(value: Any) -> Any:
    """A result as plain JSON types, every string redacted (as the CLI prints)."""
    return scrub_value(_plain(value))


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, date):  # a datetime is a date too
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def memory_dict(record: MemoryRecord) -> dict[str, Any]:
    """The fields of a memory a client needs (no scope fields: the scope is fixed)."""
    return plain(
        {
            "id": record.id,
            "content": record.content,
            "kind": record.kind,
            "category": record.category,
            "status": record.status,
            "importance": record.importance,
            "confidence": record.confidence,
            "trust": record.source_trust,
            "trust_score": record.trust_score,
            "tags": list(record.tags),
            "session_id": record.session_id,
            "valid_from": record.valid_from,
            "created_at": record.created_at,
            "updated_at": record.updated_at,
            "supersedes": record.supersedes,
            "superseded_by": record.superseded_by,
        }
    )


class RememServer(MCPServer[Any]):
    """:class:`MCPServer` whose tool errors are one line: an argument the tool does
    not take is refused (there is no scope argument to smuggle in), and a value that
    fails validation is named, never echoed. ``tools``: what its tools run over."""

    tools: Tools
    max_request_chars: int = 1 << 20  # the server's config sets it (mcp_max_request_chars)

    async def run_stdio_async(self) -> None:
        """Serve stdio with every request line answered (:mod:`remem.mcp_wire`)."""
        from mcp.server.stdio import stdio_server

        from remem.mcp_wire import GuardedStdin

        stdin = GuardedStdin(max_chars=self.max_request_chars)
        async with stdio_server(stdin=stdin) as (read_stream, write_stream):  # type: ignore[arg-type]
            stdin.reply = write_stream
            stdin.ready.set()
            # As MCPServer.run_stdio_async, with the guarded stdin.
            await self._lowlevel_server.run(
                read_stream, write_stream, self._lowlevel_server.create_initialization_options()
            )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from remem import __version__

        kwargs.setdefault("version", __version__)
        super().__init__(*args, **kwargs)
        # The SDK serves prompts/list and prompts/get on every server, so clients are
        # told there are prompts; remem has none. (SDK-private: the MCP process tests
        # check the capabilities a client sees.)
        for method in ("prompts/list", "prompts/get"):
            self._lowlevel_server._request_handlers.pop(method, None)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        tool = self._tool_manager.get_tool(name)
        if tool is None:  # the SDK would echo the name; it is the client's text
            raise ToolError(f"Unknown tool: {one_line(name)}")
        unknown = sorted(set(arguments) - set(tool.parameters.get("properties", {})))
        if unknown:
            raise ToolError(
                f"Error executing tool {name}: unknown argument "
                f"{one_line(', '.join(unknown))} (the scope is set by the server's "
                "configuration, not by a tool call)"
            )
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, PydanticValidationError):
                problems = "; ".join(
                    f"{'.'.join(str(p) for p in err['loc']) or 'arguments'}: {err['msg']}"
                    for err in cause.errors(include_url=False, include_input=False)
                )
                raise ToolError(
                    one_line(f"Error executing tool {name}: bad arguments: {problems}")
                ) from None
            raise

    def close_schemas(self) -> None:
        """Advertise what :meth:`call_tool` enforces: a tool takes the arguments it
        names, no others."""
        for tool in self._tool_manager.list_tools():
            tool.parameters["additionalProperties"] = False


def add_resources(server: MCPServer[Any], t: Tools) -> None:
    def read(body: Callable[[], str]) -> str:
        with t.lock:
            try:
                return body()
            except RememError as exc:
                raise ResourceError(one_line(str(exc))) from None

    @server.resource(
        "remem://summaries",
        name="summaries",
        description="The category summaries of this scope (markdown).",
        mime_type="text/markdown",
    )
    def summaries() -> str:
        return read(lambda: _summaries_md(t.mem.summaries(**t.kw)))

    @server.resource(
        "remem://summaries/{category}",
        name="summary",
        description="The summary of one category (markdown).",
        mime_type="text/markdown",
    )
    def summary(category: str) -> str:
        return read(lambda: _summaries_md(t.mem.summaries(category=category, **t.kw)))

    @server.resource(
        "remem://promoted",
        name="promoted",
        description="Promoted (core) memories: what every session starts with (markdown).",
        mime_type="text/markdown",
    )
    def promoted() -> str:
        return read(lambda: _records_md("Promoted memories", t.agent.recaller.promoted()))

    @server.resource(
        "remem://lessons",
        name="lessons",
        description="Lessons learned from corrections (markdown).",
        mime_type="text/markdown",
    )
    def lessons_md() -> str:
        return read(lambda: _records_md("Lessons", t.agent.lessons_active()))


def _summaries_md(found: Sequence[Any]) -> str:
    if not found:
        return "No category summaries yet.\n"
    shown = []
    for summary in found:
        text = redact(summary.content).strip()
        # a summary is markdown with its own heading; one without gets its category's
        shown.append(text if text.startswith("#") else f"# {summary.category}\n\n{text}")
    return "\n\n".join(shown) + "\n"


def _records_md(title: str, records: Sequence[MemoryRecord]) -> str:
    lines = [f"# {title}", ""]
    lines += [f"- {' '.join(redact(r.content).split())} (id {r.id[:12]})" for r in records]
    return "\n".join(lines if records else [*lines, "None yet."]) + "\n"
