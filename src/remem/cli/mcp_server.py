"""``remem mcp``: serve the memory tools to MCP clients (Claude Code, Claude Desktop,
Cursor) over stdio, or over streamable HTTP with ``--http``."""

from __future__ import annotations

import importlib
import ipaddress
from typing import Annotated

import typer

from remem.cli.common import (
    AgentOpt,
    DbOpt,
    NsOpt,
    UserOpt,
    app,
    engine,
    err,
    fail,
    scope_options,
)

EXTRA = "the MCP server needs the mcp extra: pip install '.[mcp]' in remem's checkout"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@app.command("mcp")
def mcp_command(
    http: Annotated[
        bool, typer.Option("--http", help="Serve streamable HTTP (at /mcp) instead of stdio.")
    ] = False,
    host: Annotated[
        str, typer.Option(help="With --http: the loopback address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="With --http: the port (0 picks a free one).")] = 8765,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    role: Annotated[
        str | None, typer.Option("--role", help="The agent's role (visibility).")
    ] = None,
    include_untrusted: Annotated[
        bool,
        typer.Option(
            "--include-untrusted", help="Also give clients untrusted memories, tagged [untrusted]."
        ),
    ] = False,
    session: Annotated[
        str | None,
        typer.Option("--session", help="The session tools use when a call names none."),
    ] = None,
    db: DbOpt = None,
) -> None:
    """Serve the memory tools over MCP: stdio (what clients launch), or streamable
    HTTP with --http (loopback only: it has no authentication).

    Every tool works in one scope: --user/--agent/--namespace, else the default
    scope the hooks and the CLI share (remem config scope). A client can never name
    another. Stdout carries the protocol only; logs go to stderr.

    Example: claude mcp add remem -- remem mcp
    """
    if not 0 <= port <= 65535:
        fail(f"--port {port} is not a port (0-65535)")
    if http and not _loopback(host):
        fail(
            f"--host {host}: remem mcp --http has no authentication, so it listens on "
            "loopback only (127.0.0.1, ::1, localhost); for other machines use the REST "
            "service and its API keys"
        )
    try:
        server = importlib.import_module("remem.mcp_run")  # the SDK: only for this command
    except ImportError as exc:
        if (exc.name or "").split(".")[0] == "mcp":
            fail(EXTRA)
        raise
    from remem.app import agent_for
    from remem.model import Scope

    user, agent, namespace = scope_options(user, agent, namespace)
    server.quiet_logging()
    with engine(db) as mem:
        bound = agent_for(
            mem,
            Scope(user_id=user, agent_id=agent, namespace=namespace),
            role=role,
            include_untrusted=include_untrusted,
        )
        if http:
            server.run_http(
                bound,
                host=host.strip("[]"),
                port=port,
                session_id=session,
                announce=lambda url: err.print(f"remem mcp: serving {url}", highlight=False),
            )
        else:
            server.run_stdio(bound, session_id=session)
