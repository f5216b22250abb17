"""Shared fixtures: real SQLite files in temp dirs, the shipped fake embedder through
the real provider registry, and no network beyond loopback."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from remem.config import Config
from remem.memory import Memory

_real_connect = socket.socket.connect


def _loopback_only(self: socket.socket, address: Any) -> Any:
    host = address[0] if isinstance(address, tuple) else None
    if host is not None:
        try:
            ip = ipaddress.ip_address(socket.gethostbyname(host))
        except (OSError, ValueError):
            ip = None
        if ip is None or not ip.is_loopback:
            raise RuntimeError(f"tests may not reach the network ({host}); use loopback")
    return _real_connect(self, address)


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _loopback_only)


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the developer's ~/.remem or REMEM_* variables."""
    import os

    for key in list(os.environ):
        if key.startswith("REMEM_") or key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("REMEM_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """A config on a temp home with the shipped fake embedder."""
    return Config(home=tmp_path / "home", embedder="fake")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "remem.db"


@pytest.fixture
def mem(config: Config, db_path: Path) -> Iterator[Memory]:
    """A Memory on a fresh SQLite file with the fake embedder."""
    with Memory(db_path, config=config) as memory:
        yield memory
