"""A scripted HTTP server on loopback for the HTTP provider tests."""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


@dataclass
class Reply:
    """What the server answers to one request."""

    body: Any = None  # JSON-encoded unless bytes
    status: int = 200
    delay: float = 0.0  # seconds to wait before answering


@dataclass
class Request:
    """One request the server received."""

    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeServer:
    """Answers POSTs from a script of :class:`Reply`; records every request."""

    url: str
    replies: deque[Reply] = field(default_factory=deque)
    requests: list[Request] = field(default_factory=list)

    def reply(self, body: Any, *, status: int = 200, delay: float = 0.0) -> None:
        """Queue the answer to the next unanswered request."""
        self.replies.append(Reply(body, status, delay))


class _Server(ThreadingHTTPServer):
    fake: FakeServer
    stopping: threading.Event

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gave up (the timeout test) makes the write fail; expected.
        pass


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        raw = self.rfile.read(length)
        fake = self.server.fake
        fake.requests.append(
            Request(
                path=self.path,
                headers={k.lower(): v for k, v in self.headers.items()},
                body=json.loads(raw),
            )
        )
        reply = fake.replies.popleft() if fake.replies else Reply({"error": "unscripted"}, 599)
        if reply.delay and self.server.stopping.wait(reply.delay):
            return  # the test is over
        data = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode()
        self.send_response(reply.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep test output clean


@pytest.fixture
def server() -> Iterator[FakeServer]:
    """A real HTTP server on 127.0.0.1 (port chosen by the OS), closed afterwards."""
    httpd = _Server(("127.0.0.1", 0), _Handler)
    httpd.stopping = threading.Event()
    host, port = httpd.server_address[:2]
    httpd.fake = FakeServer(url=f"http://{host}:{port}")
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield httpd.fake
    finally:
        httpd.stopping.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture
def refused_url() -> str:
    """A loopback URL where nothing listens."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"
