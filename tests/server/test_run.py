"""The sockets `remem serve` binds: TCP with Nagle off (accepted connections inherit
it; without it every response waits ~40 ms for the client's delayed ACK), a unix
socket created 0600 that refuses a live twin and replaces a stale file."""

from __future__ import annotations

import socket
import stat
from pathlib import Path

import pytest

from remem.errors import UserError
from remem.server.run import bind_tcp, bind_unix


def test_tcp_listener_has_nodelay_and_reports_its_port() -> None:
    listener = bind_tcp("127.0.0.1", 0)
    try:
        assert listener.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        assert listener.url == f"http://127.0.0.1:{listener.sock.getsockname()[1]}"
        with pytest.raises(UserError, match="in use"):
            bind_tcp("127.0.0.1", listener.sock.getsockname()[1])
    finally:
        listener.sock.close()


def test_unix_listener_is_private_and_replaces_only_a_stale_file(tmp_path: Path) -> None:
    path = tmp_path / "run" / "s.sock"
    first = bind_unix(path)
    try:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        with pytest.raises(UserError, match="another server"):
            bind_unix(path)
    finally:
        first.sock.close()  # the file stays: a killed server leaves it behind
    second = bind_unix(path)  # stale: replaced
    second.sock.close()
    plain = tmp_path / "plain"
    plain.write_text("not a socket")
    with pytest.raises(UserError, match="not a socket"):
        bind_unix(plain)
    with pytest.raises(UserError, match="too long"):
        bind_unix(tmp_path / ("x" * 120))
