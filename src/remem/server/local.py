"""The local service: how ``remem serve`` lets this machine's user in without an
API key, and no one else.

The service listens on a unix socket (``--socket``) and/or a loopback port
(``--local``). A request is let in without an API key only when all of these hold:

1. it carries the **local token** (``Authorization: Bearer remem_local_...``),
   read from the token file, which is created mode 0600 in the user's remem home;
   the service refuses to start on a token file that any other user could read
   or that another user owns;
2. it arrives over the unix socket (created mode 0600, so other users cannot even
   connect) or from a loopback address — never from another host, whatever it
   sends;
3. the service was started in local mode, which refuses a non-loopback ``--host``.

With ``--socket``, the service also listens on a free loopback port for the bash
hook client (``hooks_loopback_port``; bash cannot speak to a unix socket) and
writes that port with a token of its own, new at each start, to ``<socket>.port``
(mode 0600, removed at exit): the same loopback rule holds, and a file a killed
service left behind holds a token no service accepts.

The token grants the service's own default scope (:func:`remem.app.default_scope`)
with the ``admin`` role: the same access the user has to the store file itself.

A client (``remem hook``) reads :func:`read_token` and connects to
:attr:`remem.config.Config.socket_path`. This module imports no web framework.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import secrets
import stat
from pathlib import Path

from remem.errors import UserError
from remem.files import private_dir

__all__ = [
    "LOCAL_PREFIX",
    "ensure_token",
    "is_loopback",
    "matches",
    "new_token",
    "port_file",
    "read_token",
    "write_port_file",
]

LOCAL_PREFIX = "remem_local_"


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` (an address or ``localhost``) is this machine's loopback."""
    if host is None:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _check_private(path: Path) -> None:
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise UserError(f"the local token {path} is not a regular file; remove it")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise UserError(f"the local token {path} belongs to another user; remove it")
    if info.st_mode & 0o077:
        raise UserError(
            f"the local token {path} can be read by other users (mode "
            f"{stat.S_IMODE(info.st_mode):o}); remove it or `chmod 600` it"
        )


def ensure_token(path: Path) -> str:
    """The local token in ``path``, made (mode 0600, atomically) if there is none.
    A token file other users could read, or that another user owns, is refused."""
    try:
        private_dir(path.parent)
    except OSError as exc:
        raise UserError(f"cannot create {path.parent}: {exc.strerror}") from exc
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return read_token(path)
    except OSError as exc:
        raise UserError(f"cannot create the local token {path}: {exc.strerror}") from exc
    token = LOCAL_PREFIX + secrets.token_urlsafe(32)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(token + "\n")
    return token


def read_token(path: Path) -> str:
    """The local token in ``path`` (checked private), or UserError."""
    try:
        _check_private(path)
        token = path.read_text("ascii").strip()
    except FileNotFoundError as exc:
        raise UserError(f"no local token at {path}; is `remem serve --socket` running?") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read the local token {path}: {exc}") from exc
    if not token.startswith(LOCAL_PREFIX) or len(token) < len(LOCAL_PREFIX) + 32:
        raise UserError(f"{path} holds no local token; remove it and start the service again")
    return token


def new_token() -> str:
    """A fresh local token (the hook port's, one per service start)."""
    return LOCAL_PREFIX + secrets.token_urlsafe(32)


def port_file(socket_path: Path) -> Path:
    """Where the service on ``socket_path`` writes its hook port: ``<socket>.port``."""
    return socket_path.with_name(socket_path.name + ".port")


def write_port_file(path: Path, port: int, token: str) -> None:
    """Write ``"<port> <token>"`` to ``path``, mode 0600, atomically (a client never
    reads half a line). The token is this start's own (:func:`new_token`), so a file
    left behind by a killed service holds a token no service accepts any more."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(f"{port} {token}\n")
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise UserError(f"cannot write the hook port file {path}: {exc.strerror}") from exc


def matches(given: str, token: str) -> bool:
    """Whether ``given`` is the local token (constant time)."""
    return hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))
