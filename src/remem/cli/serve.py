"""``remem serve`` (the REST service and the local service) and ``remem keys``
(its API keys). FastAPI and uvicorn are imported only when ``serve`` runs: they are
the optional extra ``remem[server]``."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from remem.cli.common import (
    EXIT_FAILURE,
    AgentOpt,
    DbOpt,
    JsonOpt,
    NsOpt,
    UserOpt,
    app,
    fail,
    load_config,
    out,
    print_json,
    remem_errors,
)

if TYPE_CHECKING:
    from remem.config import Config
    from remem.model import ApiKey, Scope
    from remem.server.keys import Keys
    from remem.server.run import Listener

keys_app = typer.Typer(
    help="API keys of the REST service: each bound to a scope and a role.", no_args_is_help=True
)
app.add_typer(keys_app, name="keys")


def _need_server_extra() -> None:
    missing = []
    for module in ("fastapi", "uvicorn"):
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(module)
    if missing:
        fail(
            f"remem serve needs {' and '.join(missing)}: install the server extra, "
            "pip install '.[server]' in remem's checkout",
            EXIT_FAILURE,
        )


@app.command("serve")
def serve(
    host: Annotated[
        str | None, typer.Option("--host", help="Address to listen on (default 127.0.0.1).")
    ] = None,
    port: Annotated[
        int | None,
        typer.Option("--port", min=0, max=65535, help="TCP port (default 8765; 0: any free)."),
    ] = None,
    socket: Annotated[
        Path | None,
        typer.Option(
            "--socket",
            help="Also (or, without --port, only) listen on this unix socket, mode 0600; "
            "turns on local mode.",
        ),
    ] = None,
    local: Annotated[
        bool,
        typer.Option(
            "--local",
            help="Local mode: this user's local token (no API key) is accepted over the "
            "socket and from loopback; refused with a non-loopback --host.",
        ),
    ] = False,
    idle_timeout: Annotated[
        float | None,
        typer.Option(
            "--idle-timeout", min=0, help="Exit after this many seconds without a request."
        ),
    ] = None,
    log_level: Annotated[
        str, typer.Option("--log-level", help="uvicorn's log level (debug, info, warning, error).")
    ] = "warning",
    db: DbOpt = None,
) -> None:
    """Run the REST service (API keys), and the local service for hooks (--socket / --local).

    Example: remem serve --port 8765

    Example: remem serve --socket ~/.remem/remem.sock --idle-timeout 900
    """
    _need_server_extra()
    from remem.server import local as local_mode
    from remem.server.run import bind_tcp, bind_unix
    from remem.server.run import serve as run_server

    config = load_config(db)
    listen_host = host if host is not None else config.server_host
    local = local or socket is not None
    with remem_errors():
        if (
            local
            and (socket is None or port is not None)
            and not local_mode.is_loopback(listen_host)
        ):
            fail(
                f"local mode accepts no API key, so it listens on loopback only, not {listen_host}"
            )
        token = local_mode.ensure_token(config.token_path) if local else None
        scope = _local_scope(config) if local else None
        # the hook port: the local service for hooks (a socket, no --port) opens one for
        # the bash hook client, which cannot use the socket
        hook_port = socket is not None and port is None and config.hooks_loopback_port
        hook_token = local_mode.new_token() if hook_port else None
        from remem.server.app import create_app

        application = create_app(
            config, local_token=token, local_scope=scope, hook_token=hook_token
        )
        listeners = []
        if socket is not None:
            listeners.append(bind_unix(socket))
            if hook_token is not None:
                listeners.append(_hook_listener(listeners[0], hook_token))
        if socket is None or port is not None:
            listeners.append(
                bind_tcp(listen_host, port if port is not None else config.server_port)
            )
        timeout = idle_timeout if idle_timeout is not None else config.server_idle_timeout_s
        if socket is not None:  # listening: a hook's "starting" mark has done its job
            config.starting_marker_path.unlink(missing_ok=True)
        run_server(application, listeners, idle_timeout=timeout, log_level=log_level)


@app.command("ui")
def ui(
    port: Annotated[
        int | None,
        typer.Option("--port", min=0, max=65535, help="TCP port (default 8765; 0: any free)."),
    ] = None,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the dashboard in this machine's browser.")
    ] = False,
    idle_timeout: Annotated[
        float | None,
        typer.Option(
            "--idle-timeout", min=0, help="Exit after this many seconds without a request."
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    """Serve the web dashboard on loopback for this machine's user (the local token).

    The same service as `remem serve --local`: the dashboard is at /ui, the REST API
    beside it. Sign in with the local token (its file is printed; it is never put
    in a URL), or with an API key.

    Example: remem ui --open
    """
    _need_server_extra()
    from remem.server import local as local_mode
    from remem.server.app import create_app
    from remem.server.run import bind_tcp
    from remem.server.run import serve as run_server

    config = load_config(db)
    with remem_errors():
        token = local_mode.ensure_token(config.token_path)
        application = create_app(config, local_token=token, local_scope=_local_scope(config))
        listener = bind_tcp("127.0.0.1", port if port is not None else config.server_port)
        url = f"{listener.url}/ui/"

        def announce(line: str) -> None:
            typer.echo(
                f"remem ui: open {url} and sign in with the local token in "
                f"{config.token_path} (or an API key); Ctrl-C stops it",
                err=True,
            )
            if open_browser:
                import webbrowser

                webbrowser.open(url)

        timeout = idle_timeout if idle_timeout is not None else config.server_idle_timeout_s
        run_server(application, [listener], idle_timeout=timeout, announce=announce)


def _hook_listener(unix: Listener, token: str) -> Listener:
    """A free loopback port for the bash hook client, announced with ``token`` in
    ``<socket>.port`` (removed at exit with the listener)."""
    from dataclasses import replace

    from remem.server import local as local_mode
    from remem.server.run import bind_tcp

    assert unix.path is not None
    tcp = bind_tcp("127.0.0.1", 0)
    where = local_mode.port_file(unix.path)
    local_mode.write_port_file(where, tcp.sock.getsockname()[1], token)
    return replace(tcp, url=f"{tcp.url} (hook port, in {where})", path=where)


def _local_scope(config: Config) -> Scope:
    """The scope the local token grants: the default scope every surface shares."""
    from remem.app import default_scope

    scope: Scope = default_scope(config)
    return scope


# -- keys ---------------------------------------------------------------------------------
@contextmanager
def _keys(db: Path | None) -> Iterator[Keys]:
    from remem.server.keys import Keys
    from remem.store.factory import open_store
    from remem.validation import Limits

    config = load_config(db)
    with remem_errors():
        store = open_store(config)
        try:
            yield Keys(store, Limits.of(config))
        finally:
            store.close()


def _row(key: ApiKey) -> dict[str, object]:
    return {
        "id": key.id,
        "name": key.name,
        "role": key.role.value,
        "user_id": key.user_id,
        "agent_id": key.agent_id,
        "namespace": key.namespace,
        "rate_per_minute": key.rate_per_minute,
        "created_at": key.created_at.isoformat(),
        "revoked_at": key.revoked_at.isoformat() if key.revoked_at else None,
    }


@keys_app.command("create")
def keys_create(
    role: Annotated[
        str, typer.Option("--role", help="reader, writer (reads too) or admin (+ export, erase).")
    ],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    name: Annotated[str | None, typer.Option("--name", help="A label for listings.")] = None,
    rate: Annotated[
        int | None,
        typer.Option(
            "--rate", min=1, help="Writes per minute (default server_write_rate_per_minute)."
        ),
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Make an API key for a scope and a role; the key is printed this once.

    Example: remem keys create --user aaron --role writer --name laptop
    """
    if user is None and agent is None and namespace is None:
        fail("a key needs a scope: pass --user, --agent and/or --namespace")
    with _keys(db) as keys:
        made = keys.create(
            role=role, user_id=user, agent_id=agent, namespace=namespace, name=name,
            rate_per_minute=rate,
        )  # fmt: skip
    if as_json:
        print_json(_row(made.record), shown={"key": made.key})
        return
    out.print(made.key, highlight=False, soft_wrap=True)
    typer.echo(
        f"key {made.record.id} ({made.record.role.value}); store it now, it is not shown again",
        err=True,
    )


@keys_app.command("list")
def keys_list(
    all_keys: Annotated[bool, typer.Option("--all", help="Revoked keys too.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The API keys (never the keys themselves: ids, scopes, roles).

    Example: remem keys list --all --json
    """
    with _keys(db) as keys:
        rows = [_row(k) for k in keys.list(include_revoked=all_keys)]
    if as_json:
        print_json(rows)
        return
    if not rows:
        out.print("no API keys")
        return
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="API keys")
    for col in ("id", "name", "role", "scope", "rate/min", "created", "revoked"):
        table.add_column(col, overflow="fold")
    for r in rows:
        scope = " ".join(
            f"{k}={r[k]}" for k in ("user_id", "agent_id", "namespace") if r[k] is not None
        )
        table.add_row(
            str(r["id"]), escape(str(r["name"])), str(r["role"]), escape(scope),
            str(r["rate_per_minute"] or "default"), str(r["created_at"])[:16],
            str(r["revoked_at"] or "")[:16],
        )  # fmt: skip
    out.print(table)


@keys_app.command("revoke")
def keys_revoke(
    key_id: Annotated[
        str, typer.Argument(help="The key's id (remem keys list), or the whole key.")
    ],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Revoke an API key: every request made with it is refused from now on.

    Example: remem keys revoke 3f2a9c0d1e2b
    """
    with _keys(db) as keys:
        revoked = keys.revoke(key_id)
    if as_json:
        print_json(_row(revoked))
    else:
        out.print(f"revoked {revoked.id}")
