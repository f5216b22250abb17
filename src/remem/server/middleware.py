"""ASGI middleware: request body size limit and activity tracking.

The size limit answers 413 before the route runs: at once when ``Content-Length``
says too much, else as soon as the streamed body passes the limit. Activity (the
time of the last request, requests in flight) is what ``--idle-timeout`` reads.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class Activity:
    """When the last request ended, and how many are in flight (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.in_flight = 0
        self.last = time.monotonic()

    def begin(self) -> None:
        with self._lock:
            self.in_flight += 1
            self.last = time.monotonic()

    def end(self) -> None:
        with self._lock:
            self.in_flight -= 1
            self.last = time.monotonic()

    def idle_for(self) -> float:
        """Seconds since the last request ended; 0 while one is in flight."""
        with self._lock:
            return 0.0 if self.in_flight else time.monotonic() - self.last


class _TooLarge(HTTPException):
    """Raised from ``receive`` inside the app: FastAPI passes an HTTPException through
    its body parsing (anything else it turns into a 400), and the app's handler
    answers it in the one error shape."""

    def __init__(self, message: str) -> None:
        super().__init__(413, message)


def _error(status: int, code: str, message: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": message}}).encode()


class Guard:
    """Refuses bodies over ``max_body`` bytes (413) and records activity."""

    def __init__(self, app: ASGIApp, *, max_body: int, activity: Activity) -> None:
        self.app = app
        self.max_body = max_body
        self.activity = activity

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        self.activity.begin()
        try:
            await self._http(scope, receive, send)
        finally:
            self.activity.end()

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.max_body
        message = f"the request body is over {limit} bytes (server_max_body_bytes)"
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None:
            try:
                too_big = int(declared) > limit
            except ValueError:
                too_big = False  # the server's HTTP parser refuses a malformed length
            if too_big:
                await _send_error(send, 413, "too_large", message)
                return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            event = await receive()
            if event["type"] == "http.request":
                seen += len(event.get("body", b""))
                if seen > limit:
                    raise _TooLarge(message)
            return event

        async def watched(event: Message) -> None:
            nonlocal started
            if event["type"] == "http.response.start":
                started = True
            await send(event)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await _send_error(send, 413, "too_large", message)


async def _send_error(send: Send, status: int, code: str, message: str) -> None:
    body = _error(status, code, message)
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
