"""``remem serve``: the app under uvicorn, on a loopback (or given) port and/or a
unix socket, until interrupted or idle for ``idle_timeout`` seconds.

The sockets are bound here, not by uvicorn: the unix socket is created mode 0600
(uvicorn would make it 0666), a stale socket file left by a killed server is
replaced while a live one is refused, and ``--port 0`` reports the port it got.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import signal
import socket
import stat
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from remem.errors import UserError
from remem.files import private_dir

if TYPE_CHECKING:
    from fastapi import FastAPI

    from remem.server.middleware import Activity

_UNIX_PATH_MAX = 107  # sun_path is 108 bytes on Linux, one for the terminating NUL


@dataclass(frozen=True, slots=True)
class Listener:
    """A bound socket and how to describe it."""

    sock: socket.socket
    url: str
    path: Path | None = None  # its file (unix socket, hook port file), removed at exit


def bind_tcp(host: str, port: int) -> Listener:
    """A listening TCP socket on ``host:port`` (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        sock = socket.create_server((host.strip("[]"), port), family=family, backlog=128)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UserError(f"{host}:{port} is in use; pass another --port") from exc
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror}") from exc
    # Accepted connections inherit it (Linux). asyncio sets it itself only on sockets
    # created with proto=IPPROTO_TCP, which create_server's are not; without it each
    # response (headers, then body) waits for the client's delayed ACK: ~40 ms.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    bound = sock.getsockname()[1]
    shown = f"[{host.strip('[]')}]" if family == socket.AF_INET6 else host
    return Listener(sock, f"http://{shown}:{bound}")


def _live(path: Path) -> bool:
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.settimeout(1.0)
        probe.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        probe.close()


def bind_unix(path: Path) -> Listener:
    """A listening unix socket at ``path``, mode 0600 (only this user can connect).
    A stale socket file is replaced; a live one (another server) is refused."""
    path = path.expanduser().absolute()
    if len(os.fsencode(path)) > _UNIX_PATH_MAX:
        raise UserError(f"the socket path {path} is too long for a unix socket; pick a shorter one")
    try:
        private_dir(path.parent)
    except OSError as exc:
        raise UserError(f"cannot create {path.parent}: {exc.strerror}") from exc
    if path.is_symlink() or path.exists():
        if not stat.S_ISSOCK(path.lstat().st_mode):
            raise UserError(
                f"{path} exists and is not a socket; remove it or pick another --socket"
            )
        if _live(path):
            raise UserError(f"another server is listening on {path}")
        path.unlink()  # left by a server that was killed
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)  # created 0600: no window in which others could connect
    try:
        sock.bind(str(path))
    except OSError as exc:
        sock.close()
        raise UserError(f"cannot listen on {path}: {exc.strerror}") from exc
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.listen(128)
    return Listener(sock, f"unix:{path}", path)


def serve(
    app: FastAPI,
    listeners: list[Listener],
    *,
    idle_timeout: float = 0.0,
    log_level: str = "warning",
    announce: Callable[[str], None] | None = None,
) -> None:
    """Serve ``app`` on ``listeners`` until interrupted (Ctrl-C, SIGTERM) or, with
    ``idle_timeout`` > 0, until no request has come for that many seconds."""
    import uvicorn

    config = uvicorn.Config(
        app,
        log_level=log_level,
        access_log=False,
        proxy_headers=False,  # the peer address is the socket's: local mode relies on it
        server_header=False,
        timeout_graceful_shutdown=10,
    )
    server = uvicorn.Server(config)
    activity: Activity = app.state.activity
    say = announce or (lambda line: print(line, file=sys.stderr, flush=True))

    async def main() -> None:
        watcher = asyncio.create_task(_watch_idle(server, activity, idle_timeout))
        try:
            started = asyncio.create_task(server.serve(sockets=[x.sock for x in listeners]))
            while not server.started and not started.done():
                await asyncio.sleep(0.02)
            if server.started:
                for x in listeners:
                    say(f"remem serve: listening on {x.url}")
            await started
        finally:
            watcher.cancel()

    # uvicorn shuts down gracefully on SIGINT / SIGTERM, then raises the signal again
    # for the handler it found; a no-op one lets this function clean up (the socket
    # file) and `remem serve` exit 0 after a requested stop.
    quiet = threading.current_thread() is threading.main_thread()
    previous = {s: signal.signal(s, _ignore) for s in _STOP_SIGNALS} if quiet else {}
    try:
        asyncio.run(main())
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for x in listeners:
            x.sock.close()
            if x.path is not None:
                with contextlib.suppress(FileNotFoundError):
                    x.path.unlink()


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _ignore(signum: int, frame: object) -> None:
    """A stop signal after uvicorn's graceful shutdown: nothing left to do."""


async def _watch_idle(server: object, activity: Activity, idle_timeout: float) -> None:
    if idle_timeout <= 0:
        return
    step = min(1.0, max(0.05, idle_timeout / 4))
    while not getattr(server, "should_exit", False):
        await asyncio.sleep(step)
        if activity.idle_for() >= idle_timeout:
            server.should_exit = True  # type: ignore[attr-defined]
            return
