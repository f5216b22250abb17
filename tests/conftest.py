"""Shared fixtures: real SQLite files in temp dirs, the shipped fake embedder through
the real provider registry, and no network beyond loopback."""

from __future__ import annotations

import ipaddress
import socket
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from remem.config import Config
from remem.memory import Memory


def _consoles_read_columns_when_they_print() -> None:
    """rich fixes a console's width at creation when COLUMNS is set then; tests run many
    CLI commands in one process, each with its own COLUMNS. Made here with COLUMNS unset,
    the CLI's consoles read it at each print, whichever test imports the CLI first."""
    import os

    columns = os.environ.pop("COLUMNS", None)
    try:
        import remem.cli.common  # noqa: F401
    finally:
        if columns is not None:
            os.environ["COLUMNS"] = columns


_consoles_read_columns_when_they_print()


def _cli_runner_builds_the_command_once() -> None:
    """typer's ``CliRunner.invoke(app, ...)`` turns the Typer app into its click command
    tree on every call (``typer.main.get_command``: the signatures and type hints of
    every command, ~0.15 s of CPU for remem's CLI), and the suite invokes the CLI in
    process over a thousand times. The tree depends only on the app, which no test
    changes: built once per app and reused, as one ``remem`` process does. Invocation
    itself (parsing, context, callbacks, output) is click's, fresh each call."""
    import typer.testing

    real = typer.testing._get_command
    built: dict[int, tuple[Any, Any]] = {}

    def get_command(typer_app: Any) -> Any:
        if id(typer_app) not in built:  # the app is kept, so its id is never reused
            built[id(typer_app)] = (typer_app, real(typer_app))
        return built[id(typer_app)][1]

    typer.testing._get_command = get_command


_cli_runner_builds_the_command_once()

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


@pytest.fixture(autouse=True)
def _own_clock() -> Iterator[None]:
    """The process's clock as it was before each test: a config naming a clock file
    (``REMEM_CLOCK_FILE``) installs a fake clock for the whole process
    (:mod:`remem.clock`), and one left installed gave the next test on the same
    worker a time months back (a lease wait in tests/lifecycle/test_jobs_processes.py
    then slept for months)."""
    from remem import clock

    before = clock.installed()
    yield
    clock.install(before)


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """A config on a temp home with the shipped fake embedder."""
    return Config(home=tmp_path / "home", embedder="fake")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "remem.db"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A module that sets ``BACKENDS = ("sqlite", "postgres")`` runs each test using the
    ``store_backend`` fixture (``mem``, ``store_target``) once per store backend."""
    backends = getattr(metafunc.module, "BACKENDS", None)
    if backends and "store_backend" in metafunc.fixturenames:
        metafunc.parametrize("store_backend", backends, indirect=True)


@pytest.fixture
def store_backend(request: pytest.FixtureRequest) -> str:
    """The store backend of this test: "sqlite" unless the module asks for more."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """One throwaway PostgreSQL server (pgserver) for the whole test session: its URL."""
    import shutil
    import tempfile

    pgserver = pytest.importorskip("pgserver", reason="the PostgreSQL tests need pgserver")
    pytest.importorskip("psycopg", reason="the PostgreSQL tests need psycopg")
    # Not under pytest's tmp dir: run as root, pgserver starts the server as another
    # user, who cannot enter pytest's private (0700) folder.
    data = tempfile.mkdtemp(prefix="remem-pg-")
    server = pgserver.get_server(data, cleanup_mode="stop")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, empty schema on the session's PostgreSQL server: a ``postgresql://`` URL."""
    import re

    import psycopg

    name = "t_" + re.sub(r"\W", "_", request.node.name)[:40].lower() + f"_{id(request)}"
    with psycopg.connect(pg_server, autocommit=True) as db:
        db.execute(f'CREATE SCHEMA "{name}"')
    yield f"{pg_server}{'&' if '?' in pg_server else '?'}options=-csearch_path%3D{name}"
    with psycopg.connect(pg_server, autocommit=True) as db:
        db.execute(f'DROP SCHEMA "{name}" CASCADE')


@pytest.fixture
def store_target(store_backend: str, db_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """Where this test's store lives: the SQLite file, or a PostgreSQL URL."""
    if store_backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return db_path


@pytest.fixture
def store_rows(store_target: str | Path) -> Callable[..., list[tuple[Any, ...]]]:
    """``rows(sql, params)``: run one statement (``?`` placeholders) on this test's store
    through a connection of its own (sqlite3 or psycopg, committed), bypassing remem;
    the rows it returns."""

    def rows(sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if isinstance(store_target, str):
            import psycopg

            with psycopg.connect(store_target) as db:  # commits on leaving
                cur = db.execute(sql.replace("?", "%s"), list(params))
                return [tuple(r) for r in cur.fetchall()] if cur.description else []
        with closing(sqlite3.connect(store_target)) as db:
            found = [tuple(r) for r in db.execute(sql, params).fetchall()]
            db.commit()
            return found

    return rows


@pytest.fixture
def mem(config: Config, store_target: str | Path) -> Iterator[Memory]:
    """A Memory on a fresh store (SQLite file, or PostgreSQL schema when the module
    asks for both backends) with the fake embedder."""
    with Memory(store_target, config=config) as memory:
        yield memory
