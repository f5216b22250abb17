"""``remem triggers``: forward triggers — list, find in a text, due, done, cancel."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from remem.cli.common import (
    AgentOpt,
    DbOpt,
    JsonOpt,
    NsOpt,
    UserOpt,
    app,
    engine,
    fail,
    out,
    print_json,
    scope_options,
)

if TYPE_CHECKING:
    from remem.model import Scope, Trigger

triggers_app = typer.Typer(
    help="Forward triggers: days named in messages, brought up when they come.",
    no_args_is_help=True,
)
app.add_typer(triggers_app, name="triggers")

NowOpt = Annotated[
    str | None,
    typer.Option("--now", help="As of this ISO time (default: now), e.g. 2026-01-14T09:00."),
]


def parse_now(text: str | None) -> datetime:
    """``--now`` as an aware datetime (naive: UTC); the current time when not given."""
    if text is None:
        return datetime.now(UTC)
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        fail(f"--now {text!r} is not an ISO date or time (e.g. 2026-01-14T09:00)")
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def scope_of(user: str | None, agent: str | None, namespace: str | None) -> Scope:
    """The scope options as a Scope; refused when none is given."""
    from remem.model import Scope

    scope = Scope(user_id=user, agent_id=agent, namespace=namespace)
    if scope.is_empty():
        fail("a scope is required: pass --user, --agent or --namespace")
    return scope


def _show(rows: list[Trigger], title: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    if not rows:
        out.print("no triggers")
        return
    table = Table(title=title)
    for col in ("id", "day", "status", "message", "phrase", "from"):
        table.add_column(col, overflow="fold")
    for t in rows:
        origin = " ".join(
            str(t.provenance[k]) for k in ("source", "surface") if t.provenance.get(k)
        )
        table.add_row(
            t.id,
            t.trigger_date.isoformat(),
            f"{t.status} (held: {escape(t.held)})" if t.held else str(t.status),
            escape(t.message),
            escape(t.phrase),
            escape(origin),
        )
    out.print(table)


@triggers_app.command("list")
def triggers_list(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    status: Annotated[
        str | None, typer.Option(help="pending, fired, done or cancelled (default: all).")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="How many.")] = 100,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The scope's forward triggers, soonest first.

    Example: remem triggers list --user aaron --status pending --json
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.triggers import Triggers

    with engine(db) as mem:
        rows = Triggers(mem, scope).list(status=status, limit=limit)
    if as_json:
        print_json(rows)
    else:
        _show(rows, "forward triggers")


@triggers_app.command("due")
def triggers_due(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    now: NowOpt = None,
    fire: Annotated[
        bool, typer.Option("--fire", help="Mark them fired (as a session start does).")
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The pending triggers due by today (or --now); --fire marks them fired.

    Example: remem triggers due --user aaron --now 2026-01-16T08:00 --fire
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    when = parse_now(now)
    from remem.agent.triggers import Triggers

    with engine(db) as mem:
        triggers = Triggers(mem, scope)
        rows = triggers.due(now=when)
        if fire and rows:
            fired = {t.id: t for t in triggers.fire([t.id for t in rows], now=when)}
            rows = [fired.get(t.id, t) for t in rows]
    if as_json:
        print_json(rows)
    else:
        _show(rows, f"due by {when.date().isoformat()}")


@triggers_app.command("detect")
def triggers_detect(
    text: Annotated[str, typer.Argument(help="A message that may name a future day.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    now: NowOpt = None,
    session: Annotated[str | None, typer.Option(help="The session it was said in.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a trigger for each future day a message names, counted from --now.

    Example: remem triggers detect "The release is next Friday" --user aaron --now 2026-01-14
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    when = parse_now(now)
    from remem.agent.triggers import Triggers

    with engine(db) as mem:
        rows = Triggers(mem, scope, surface="cli").detect(text, now=when, session_id=session)
    if as_json:
        print_json(rows)
    else:
        _show(rows, "triggers created")


def _close(action: str, trigger_id: str, scope: Scope, db: Path | None, as_json: bool) -> None:
    from remem.agent.triggers import Triggers

    with engine(db) as mem:
        triggers = Triggers(mem, scope)
        row = triggers.done(trigger_id) if action == "done" else triggers.cancel(trigger_id)
    if as_json:
        print_json(row)
    else:
        out.print(f"{row.status} {row.id}")


@triggers_app.command("done")
def triggers_done(
    trigger_id: Annotated[str, typer.Argument(help="The trigger's id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Mark a trigger handled.

    Example: remem triggers done 3f2a9c0d1e2b4a5b --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    _close("done", trigger_id, scope_of(user, agent, namespace), db, as_json)


@triggers_app.command("cancel")
def triggers_cancel(
    trigger_id: Annotated[str, typer.Argument(help="The trigger's id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Cancel a trigger: it never comes up.

    Example: remem triggers cancel 3f2a9c0d1e2b4a5b --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    _close("cancelled", trigger_id, scope_of(user, agent, namespace), db, as_json)
