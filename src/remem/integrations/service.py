"""The client of the local service (``remem serve``) that hooks talk to.

A hook is a new process per event; the service keeps the store, its indexes and
the embedding model warm, so a hook that reaches it answers in milliseconds.
Standard library only (``http.client`` over a unix socket or loopback): nothing
heavy is imported before the service has been tried.

Where the service is, looked up in the remem home (``$REMEM_HOME``, else
``~/.remem``), with no config file read — loading Config would cost the hot path
more than the call itself: the unix socket ``remem.sock`` that ``remem serve
--socket`` listens on (mode 0600), and the local token in ``serve.token`` (mode
0600; :mod:`remem.server.local`), sent as a bearer token. A service started with
another ``server_socket`` / ``server_token_file`` is not found here; the hook then
answers in-process.

Nothing there, or nothing answering: :meth:`ServiceClient.discover` / the call
returns None and the caller answers in-process.
"""

from __future__ import annotations

import http.client
import json
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

SOCKET_NAME = "remem.sock"
TOKEN_NAME = "serve.token"
HOOKS_PATH = "/hooks/claude-code"
# Why these are constants and not Config keys: reading Config imports pydantic and
# a TOML file, which costs the hook more than the service call it would tune.
CONNECT_TIMEOUT_S = 0.5  # a service that does not accept within this is taken as down
ANSWER_TIMEOUT_S = 30.0  # a hook's answer (Claude Code's own hook timeout is longer)


class _UnixConnection(http.client.HTTPConnection):
    """HTTP over a unix socket."""

    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.settimeout(CONNECT_TIMEOUT_S)
            sock.connect(self._path)
            sock.settimeout(self.timeout)
        except OSError:
            sock.close()
            raise
        self.sock = sock


@dataclass(frozen=True, slots=True)
class ServiceClient:
    """One local service: a unix socket path (or a loopback URL) and its token."""

    socket_path: Path | None = None
    url: str | None = None
    token: str | None = None

    @classmethod
    def discover(cls, environ: Mapping[str, str]) -> ServiceClient | None:
        """The local service of the remem home named by ``environ``, or None."""
        home_var = environ.get("REMEM_HOME")
        home = Path(home_var).expanduser() if home_var else Path.home() / ".remem"
        return cls.at(home / SOCKET_NAME, home / TOKEN_NAME)

    @classmethod
    def at(cls, socket_path: Path, token_path: Path) -> ServiceClient | None:
        """The service on ``socket_path`` with the token in ``token_path``, or None
        when there is no socket or no token."""
        if not socket_path.is_socket():
            return None
        try:  # the service checks the file is private; a token is all we read here
            token = token_path.read_text("ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return cls(socket_path=socket_path, token=token or None)

    def hook(self, event: str, payload: Any) -> dict[str, Any] | None:
        """Post one hook payload; the service's JSON answer, or None when the service
        is not there (refused, gone, timed out) or answered with an error."""
        status, body = self.request("POST", f"{HOOKS_PATH}/{event}", payload)
        if status is None or not 200 <= status < 300:
            return None
        try:
            answer = json.loads(body) if body.strip() else {}
        except ValueError:
            return None
        return answer if isinstance(answer, dict) else None

    def request(self, method: str, path: str, body: Any = None) -> tuple[int | None, bytes]:
        """``(status, body)``; ``(None, b"")`` when the service cannot be reached."""
        data = json.dumps(body).encode("utf-8") if body is not None else None
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            conn = self._connection()
            try:
                conn.request(method, path, body=data, headers=headers)
                response = conn.getresponse()
                return response.status, response.read()
            finally:
                conn.close()
        except (OSError, http.client.HTTPException):
            return None, b""

    def _connection(self) -> http.client.HTTPConnection:
        if self.socket_path is not None:
            return _UnixConnection(str(self.socket_path), ANSWER_TIMEOUT_S)
        parts = urlsplit(self.url or "")
        return http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port or 80, timeout=ANSWER_TIMEOUT_S
        )
