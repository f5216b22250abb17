"""Commands on single memories: add, search, get, list, history, forget, erase."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from remem.cli.common import (
    AgentOpt,
    DbOpt,
    FilterOpt,
    JsonOpt,
    NsOpt,
    UntrustedOpt,
    UserOpt,
    app,
    engine,
    json_filter,
    jsonable,
    memory_table,
    out,
    print_json,
    scope_options,
    short,
)
from remem.model import Kind, Tier

ID_HELP = "Memory id, or any prefix of 8+ characters that only it has in the scope."


@app.command()
def add(
    content: Annotated[str, typer.Argument(help="The text to remember; '-' reads stdin.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    session: Annotated[str | None, typer.Option(help="Session id.")] = None,
    kind: Annotated[Kind, typer.Option(help="Memory kind.")] = Kind.SEMANTIC,
    category: Annotated[str | None, typer.Option(help="Category.")] = None,
    importance: Annotated[float | None, typer.Option(help="Base importance 0..1.")] = None,
    tier: Annotated[Tier, typer.Option(help="Retention tier.")] = Tier.STANDARD,
    untrusted: UntrustedOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store one memory as it is.

    Text that gives the agent instructions ("ignore previous instructions") is
    stored untrusted and flagged, and never reaches a context block.

    Example: remem add "Aaron prefers dark mode" --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    text: str | bytes = sys.stdin.buffer.read() if content == "-" else content
    with engine(db) as mem:
        records = mem.add(
            text,
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            session_id=session,
            kind=kind,
            category=category,
            importance=importance,
            tier=tier,
            trusted=False if untrusted else None,
        )
    if as_json:
        print_json([short(r) for r in records])
    else:
        for r in records:
            out.print(f"added {r.id}")


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="How many results.")] = 10,
    history: Annotated[
        bool, typer.Option("--history", help="Include superseded versions.")
    ] = False,
    explain: Annotated[bool, typer.Option("--explain", help="Show each score factor.")] = False,
    where: FilterOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the memories that best match a query, ranked and explained.

    Example: remem search "which editor theme?" --user aaron --explain
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    filters = json_filter(where)
    with engine(db) as mem:
        hits = mem.search(
            query,
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            limit=limit,
            filters=filters,
            include_history=history,
        )
        shown = mem.short_ids(
            [h.memory.id for h in hits], user_id=user, agent_id=agent, namespace=namespace
        )
    if as_json:
        print_json(
            [
                {**short(h.memory), "score": h.score, "sources": h.sources, "explain": h.explain}
                for h in hits
            ]
        )
        return
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"{len(hits)} result(s) for {query!r}")
    for col in ("#", "score", "content", "found by", "id"):
        table.add_column(col, overflow="fold")
    if explain:
        table.add_column("explain", overflow="fold")
    for i, hit in enumerate(hits, start=1):
        tags = "".join(f" [{t}]" for t in hit.explain.get("tags", ()))
        row = [
            str(i),
            f"{hit.score:.4f}",
            escape(hit.memory.content + tags),  # trust tags as a context line shows them
            "+".join(hit.sources),
            shown[hit.memory.id],
        ]
        if explain:
            row.append(format_explain(hit.explain))
        table.add_row(*row)
    out.print(table)


def format_explain(explain: dict[str, Any]) -> str:
    """One line a factor: ``bm25 #2 (3.41) +0.0161``."""
    lines = []
    for name, part in explain.items():
        if not isinstance(part, dict):
            lines.append(f"{name}: {part}")
        elif "rank" in part:
            lines.append(
                f"{name} #{part['rank']} ({part['score']:.3f}) +{part['contribution']:.4f}"
            )
        else:
            lines.append(f"{name}: " + ", ".join(f"{k}={v}" for k, v in part.items()))
    return "\n".join(lines)


@app.command()
def get(
    memory_id: Annotated[str, typer.Argument(help=ID_HELP)],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show one memory with every field.

    Example: remem get 3f2a9c0d1e2b --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with engine(db) as mem:
        record = mem.get(memory_id, user_id=user, agent_id=agent, namespace=namespace)
    if as_json:
        print_json(record)
        return
    from rich.markup import escape
    from rich.table import Table

    table = Table(show_header=False)
    table.add_column("field")
    table.add_column("value", overflow="fold")
    for key, value in jsonable(record).items():
        shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
        table.add_row(key, escape(shown))
    out.print(table)


@app.command(name="list")
def list_(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    status: Annotated[
        list[str] | None, typer.Option(help="Statuses to show (repeatable); default active.")
    ] = None,
    kind: Annotated[list[str] | None, typer.Option(help="Kinds to show (repeatable).")] = None,
    category: Annotated[list[str] | None, typer.Option(help="Categories (repeatable).")] = None,
    offset: Annotated[int, typer.Option(help="Skip this many.")] = 0,
    limit: Annotated[int, typer.Option(help="Page size.")] = 50,
    where: FilterOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List memories in a scope, newest first, a page at a time.

    Example: remem list --user aaron --status active --status superseded --limit 20
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    given = json_filter(where)
    conditions: list[dict[str, Any]] = [given] if given else []
    for name, values in (("status", status), ("kind", kind), ("category", category)):
        if values:
            conditions.append({name: {"in": values}})
    filters = {"AND": conditions} if conditions else None  # active only unless status named
    with engine(db) as mem:
        page = mem.list(
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            filters=filters,
            offset=offset,
            limit=limit,
        )
        ids = mem.short_ids(
            [r.id for r in page.items], user_id=user, agent_id=agent, namespace=namespace
        )
    if as_json:
        print_json(
            {"total": page.total, "offset": page.offset, "items": [short(r) for r in page.items]}
        )
        return
    shown = f"{page.offset + 1}-{page.offset + len(page.items)}" if page.items else "0"
    out.print(memory_table(page.items, title=f"memories {shown} of {page.total}", ids=ids))


@app.command()
def history(
    memory_id: Annotated[str, typer.Argument(help=ID_HELP)],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the audit chain of a memory and the versions it superseded.

    Example: remem history 3f2a9c0d1e2b --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with engine(db) as mem:
        events = mem.history(memory_id, user_id=user, agent_id=agent, namespace=namespace)
        shown = mem.short_ids(
            list(dict.fromkeys(e.memory_id for e in events if e.memory_id)),
            user_id=user,
            agent_id=agent,
            namespace=namespace,
        )
    if as_json:
        print_json(events)
        return
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"history of {memory_id}")
    for col in ("at", "event", "memory", "detail"):
        table.add_column(col, overflow="fold")
    for e in events:
        table.add_row(
            e.at.strftime("%Y-%m-%d %H:%M:%S"),
            e.event,
            shown.get(e.memory_id or "", ""),
            escape(json.dumps(e.detail, ensure_ascii=False)),
        )
    out.print(table)


@app.command()
def forget(
    memory_id: Annotated[str, typer.Argument(help=ID_HELP)],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    reason: Annotated[str | None, typer.Option(help="Why (kept in the audit).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Soft-delete a memory: it stops being recalled but stays in history.

    Example: remem forget 3f2a9c0d1e2b --user aaron --reason "no longer true"
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with engine(db) as mem:
        record = mem.forget(
            memory_id, user_id=user, agent_id=agent, namespace=namespace, reason=reason
        )
    if as_json:
        print_json(short(record))
    else:
        out.print(f"forgot {record.id}")


@app.command()
def erase(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Hard-delete everything of a user, agent or namespace.

    Memories, vectors, raw inputs, entities, summaries and checkpoints go; the
    audit keeps only a tombstone without content. When another process still
    reads an older snapshot, the data is unreachable at once and gone from the
    file at the next open of the store (the output says so).

    Example: remem erase --user aaron --yes
    """
    if not yes and not typer.confirm("Erase everything in this scope? This cannot be undone"):
        raise typer.Exit(1)
    with engine(db) as mem:
        report = mem.erase(user_id=user, agent_id=agent, namespace=namespace)
    if as_json:
        print_json(report)
        return
    counts = (
        f"{report.memories} memories, {report.resources} resources, "
        f"{report.checkpoints} checkpoints, {report.vectors} vectors, "
        f"{report.summaries} summaries"
    )
    if not report.pending:
        out.print(f"erased {counts}; gone from disk", soft_wrap=True)
        return
    holders = (
        f"{report.readers} reader{'s' if report.readers != 1 else ''} still hold"
        f"{'s' if report.readers == 1 else ''} old pages"
        if report.readers
        else "another connection still holds old pages"
    )
    out.print(f"erased {counts}; {holders}, finished on next open", soft_wrap=True)
