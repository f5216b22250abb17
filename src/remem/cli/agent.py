"""The agent layer: session start / end / show, working memory (lessons: ``lessons.py``).

Each command builds a :class:`~remem.agent.MemoryAgent` for the scope and calls one
method; the state lives in the store, so a session started by one command is
continued and ended by others.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from remem.cli.common import (
    AgentOpt,
    DbOpt,
    JsonOpt,
    NowOpt,
    NsOpt,
    UntrustedOpt,
    UserOpt,
    app,
    engine,
    out,
    parse_now,
    print_json,
    scope_options,
)

if TYPE_CHECKING:
    from remem.agent import MemoryAgent

session_app = typer.Typer(
    help="Agent sessions: start (context), end (flush).", no_args_is_help=True
)
working_app = typer.Typer(help="Working memory: short-term, per session.", no_args_is_help=True)
app.add_typer(session_app, name="session")
app.add_typer(working_app, name="working")

SessionArg = Annotated[str, typer.Argument(help="The session id (unique per store).")]
RoleOpt = Annotated[str | None, typer.Option("--role", help="The agent's role (visibility).")]
IncludeUntrustedOpt = Annotated[
    bool,
    typer.Option("--include-untrusted", help="Also inject untrusted memories, tagged [untrusted]."),
]


@contextmanager
def _agent(
    db: Path | None,
    user: str | None,
    agent: str | None,
    namespace: str | None,
    *,
    role: str | None = None,
    include_untrusted: bool = False,
) -> Iterator[MemoryAgent]:
    from remem.agent import MemoryAgent

    with engine(db) as mem:
        yield MemoryAgent(
            mem,
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            role=role,
            include_untrusted=include_untrusted,
        )


# -- sessions ---------------------------------------------------------------------------
@session_app.command("start")
def session_start(
    session_id: SessionArg,
    opening: Annotated[
        str | None, typer.Option("--opening", help="The user's first message or the task.")
    ] = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    role: RoleOpt = None,
    include_untrusted: IncludeUntrustedOpt = False,
    now: NowOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start (or continue) a session and print the context to inject: lessons,
    promoted memories, working memory carried over, memories for the opening.

    Runs overdue lifecycle jobs first, for at most jobs_catchup_budget_ms.

    Example: remem session start s1 --user maya --agent coder --opening "fix the login bug"
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    when = parse_now(now)
    with _agent(db, user, agent, namespace, role=role, include_untrusted=include_untrusted) as a:
        start = a.start_session(session_id, opening=opening, now=when)
    if as_json:
        print_json(start.to_dict())
    elif start.text:
        typer.echo(start.text)


@session_app.command("end")
def session_end(
    session_id: SessionArg,
    transcript: Annotated[
        Path | None,
        typer.Option("--transcript", help="The session's transcript file, extracted instead."),
    ] = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    now: NowOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """End a session: extract its turns not extracted yet (or its transcript),
    promote the working memory that earned it. Safe to run again.

    Example: remem session end s1 --user maya --agent coder --transcript chat.jsonl
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    when = parse_now(now)
    with _agent(db, user, agent, namespace) as a:
        end = a.end_session(session_id, transcript=transcript, now=when)
    if as_json:
        print_json(end.to_dict())
        return
    source = (
        f"{end.transcript_messages} transcript messages ({end.transcript_skipped} already stored)"
        if transcript is not None
        else f"{end.extracted_turns} turns"
    )
    out.print(
        f"session {end.session_id} ended: {end.turns} turns observed, {source} extracted, "
        f"{len(end.stored)} memories stored, {len(end.promoted)} promoted from working memory",
        highlight=False,
    )


@session_app.command("show")
def session_show(
    session_id: SessionArg,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A session's state and what it cost (embedding and LLM calls, LLM tokens,
    store statements, tokens injected).

    Example: remem session show s1 --user maya --agent coder --json
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with _agent(db, user, agent, namespace) as a:
        state = a.session(session_id)
        cost = a.session_cost(session_id)
    data = {
        "session_id": state.session_id,
        "started_at": state.started_at,
        "ended_at": state.ended_at,
        "opening": state.opening,
        "turns": state.turns,
        "flushed_turns": state.flushed_turns,
        "pending_feedback": [e.memory_id for e in state.injected],
        "cost": cost.to_dict(),
    }
    if as_json:
        print_json(data)
        return
    ended = state.ended_at.strftime("%Y-%m-%d %H:%M") if state.ended_at else "open"
    out.print(
        f"session {state.session_id}: started {state.started_at:%Y-%m-%d %H:%M}, {ended}; "
        f"{state.turns} turns ({state.flushed_turns} extracted); "
        + ", ".join(f"{k} {v}" for k, v in cost.to_dict().items()),
        highlight=False,
    )


# -- working memory ---------------------------------------------------------------------
@working_app.command("list")
def working_list(
    session_id: Annotated[
        str | None, typer.Option("--session", help="Only this session's items.")
    ] = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Unexpired working-memory items, newest first.

    Example: remem working list --user maya --agent coder --session s1
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with _agent(db, user, agent, namespace) as a:
        items = a.working_items(session_id)
    if as_json:
        print_json(items)
        return
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="working memory")
    for col in ("id", "session", "content", "surfaced", "expires", "promoted to"):
        table.add_column(col, overflow="fold")
    for w in items:
        table.add_row(
            w.id,
            w.session_id,
            escape(w.content) + (" [untrusted]" if w.source_trust.value == "untrusted" else ""),
            str(w.surface_count),
            w.expires_at.strftime("%Y-%m-%d %H:%M"),
            w.promoted_to or "",
        )
    out.print(table)


@working_app.command("add")
def working_add(
    session_id: SessionArg,
    content: Annotated[str, typer.Argument(help="What to keep in mind this session.")],
    importance: Annotated[float, typer.Option(help="0..1; promotion multiplies it.")] = 0.5,
    untrusted: UntrustedOpt = False,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Put an item into a session's working memory.

    Example: remem working add s1 "the user is on the staging branch" --user maya
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with _agent(db, user, agent, namespace) as a:
        item = a.working_add(
            session_id, content, importance=importance, trusted=False if untrusted else None
        )
    if as_json:
        print_json(item)
    else:
        out.print(f"added {item.id} (expires {item.expires_at:%Y-%m-%d %H:%M})", highlight=False)


@working_app.command("promote")
def working_promote(
    item_id: Annotated[str, typer.Argument(help="The working item id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Promote a working item to a long-term memory now.

    Example: remem working promote 3f2a9c... --user maya --agent coder
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with _agent(db, user, agent, namespace) as a:
        item = a.working_promote(item_id)
    if as_json:
        print_json(item)
    else:
        out.print(f"promoted {item.id} to memory {item.promoted_to}", highlight=False)


@working_app.command("clear")
def working_clear(
    session_id: Annotated[
        str | None, typer.Option("--session", help="Only this session's items.")
    ] = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Delete working-memory items (of one session, or of the whole scope).

    Example: remem working clear --user maya --agent coder --session s1
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with _agent(db, user, agent, namespace) as a:
        count = a.working_clear(session_id)
    if as_json:
        print_json({"deleted": count})
    else:
        out.print(f"deleted {count} working-memory items", highlight=False)
