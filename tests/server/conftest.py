"""A real REST service for the tests: uvicorn in a thread on a real loopback socket
(port 0), the app over a real store (a SQLite file; a PostgreSQL schema too in a
module that sets ``BACKENDS``) with the fake embedder, and httpx as the client.
Nothing is mocked: requests go through the kernel's loopback."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from remem.config import Config
from remem.model import Scope
from remem.server.keys import Keys
from remem.store.factory import open_store
from remem.validation import Limits

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")


@dataclass
class Live:
    """A running service: its URL, config, and a way to make keys."""

    url: str
    config: Config
    app: Any

    def key(self, role: str = "writer", *, rate: int | None = None, **scope: str) -> str:
        store = open_store(self.config)
        try:
            made = Keys(store, Limits.of(self.config)).create(
                role=role, rate_per_minute=rate, **(scope or {"user_id": "alice"})
            )
        finally:
            store.close()
        return made.key

    def client(self, key: str | None = None, **kw: Any) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30, **kw)


def start(app: Any) -> tuple[str, Callable[[], None]]:
    """Serve ``app`` on 127.0.0.1:<free port> in a thread; ``(url, stop)``."""
    import uvicorn

    from remem.server.run import bind_tcp

    listener = bind_tcp("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="error", proxy_headers=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener.sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)

    def stop() -> None:
        server.should_exit = True
        thread.join(timeout=30)
        listener.sock.close()

    return listener.url, stop


@pytest.fixture
def server_config(tmp_path: Path, store_target: str | Path) -> Config:
    """The service's config: on this test's store (the SQLite file, or a fresh
    PostgreSQL schema as ``store_url`` in a module that runs on both backends)."""
    if isinstance(store_target, str):
        return Config(home=tmp_path / "home", embedder="fake", store_url=store_target)
    return Config(home=tmp_path / "home", embedder="fake", db_path=store_target)


def make_live(config: Config, **app_kw: Any) -> Iterator[Live]:
    from remem.server.app import create_app

    app = create_app(config, **app_kw)
    url, stop = start(app)
    try:
        yield Live(url, config, app)
    finally:
        stop()


@pytest.fixture
def live(server_config: Config) -> Iterator[Live]:
    """The service over a fresh store, API keys only."""
    yield from make_live(server_config)


@pytest.fixture
def local_live(server_config: Config) -> Iterator[Live]:
    """The service with local mode on (the local token grants alice's scope)."""
    from remem.server import local

    token = local.ensure_token(server_config.token_path)
    live = make_live(server_config, local_token=token, local_scope=Scope(user_id="alice"))
    yield from live
