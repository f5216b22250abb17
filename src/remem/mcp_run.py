"""Running the MCP server: stdio or streamable HTTP, logs on stderr (one redacted
line each), the server's session ended when it stops (SIGTERM and Ctrl-C too)."""

from __future__ import annotations

import logging
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from mcp.server.transport_security import TransportSecuritySettings

from remem.errors import NotAvailableError, NotFoundError, RememError
from remem.mcp import RememServer, build_server, default_session_id
from remem.mcp_shapes import one_line

if TYPE_CHECKING:
    from remem.agent import MemoryAgent

__all__ = ["quiet_logging", "run_http", "run_stdio"]


class _OneLine(logging.Formatter):
    """Log records as one redacted stderr line; an exception as its type and message."""

    def format(self, record: logging.LogRecord) -> str:
        text = f"remem mcp: {record.levelname.lower()}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            cause = exc.__cause__ or exc
            text += f" ({type(cause).__name__}: {cause})"
        return one_line(text)


def quiet_logging(level: int = logging.WARNING) -> None:
    """Every log line to stderr, one redacted line each (stdout is the protocol's)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # unwinds like Ctrl-C, so the session is ended below


@contextmanager
def _serving(server: RememServer, session_id: str) -> Iterator[None]:
    """Serve until the client leaves, Ctrl-C or SIGTERM (a clean stop, exit 0), then
    end the server's session: its earned working memory is promoted. Uvicorn
    re-raises the SIGTERM it caught once it has shut down; the handler set here
    turns that into the same clean stop instead of the default kill."""
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        yield
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        agent = server.tools.agent
        # Held for good: a tool body still running finishes first, and none starts
        # after this (the store is closed next; an abandoned stdio loop may remain).
        server.tools.lock.acquire()
        try:
            agent.session(session_id)  # NotFoundError: no tool used it, nothing to end
            agent.end_session(session_id)
        except NotFoundError:
            pass
        except RememError as exc:
            logging.getLogger(__name__).warning("session end failed: %s", exc)


def run_stdio(agent: MemoryAgent, *, session_id: str | None = None) -> None:
    """Serve MCP over stdin/stdout until the client closes it (or a signal)."""
    session = session_id or default_session_id()
    server = build_server(agent, session_id=session)
    failed: list[BaseException] = []

    def serve() -> None:
        try:
            server.run("stdio")
        except BaseException as exc:  # handed to the main thread
            failed.append(exc)

    # The protocol loop runs in a daemon thread, the main thread waits for it: the
    # SDK reads stdin in a worker thread that a cancelled loop would wait for until
    # the client closes stdin, so on a signal the main thread stops the server and
    # leaves that loop behind (daemon threads do not keep the process alive).
    loop = threading.Thread(target=serve, name="remem-mcp-stdio", daemon=True)
    with _serving(server, session):
        loop.start()
        loop.join()  # a signal interrupts the wait
    if failed:
        raise failed[0]


def run_http(
    agent: MemoryAgent,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    session_id: str | None = None,
    announce: Callable[[str], None] | None = None,
) -> None:
    """Serve MCP over streamable HTTP at ``http://host:port/mcp`` (loopback only: it
    has no authentication). ``announce`` is told the URL once the port is bound
    (``port=0`` picks a free one)."""
    import socket

    import uvicorn

    session = session_id or default_session_id()
    server = build_server(agent, session_id=session)
    bracketed = f"[{host}]" if ":" in host else host
    allowed = sorted({f"{bracketed}:*", "127.0.0.1:*", "localhost:*", "[::1]:*"})
    app = server.streamable_http_app(
        host=host,
        transport_security=TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=allowed,
            allowed_origins=[f"http://{h}" for h in allowed],
        ),
    )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:  # in use, or an address this machine does not have
        sock.close()
        raise NotAvailableError(
            f"cannot listen on {bracketed}:{port}: {exc.strerror or exc}; "
            "pick another --port (0 picks a free one)"
        ) from None
    sock.listen()  # before the URL is announced: a client may connect at once
    url = f"http://{bracketed}:{sock.getsockname()[1]}/mcp"
    config = uvicorn.Config(app, log_config=None, log_level="warning", access_log=False)
    if announce is not None:
        announce(url)
    with _serving(server, session):
        uvicorn.Server(config).run(sockets=[sock])
