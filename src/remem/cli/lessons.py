"""``remem lessons``: lessons learned from corrections — list (with where each came
from), add, revoke."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from remem.cli.agent import RoleOpt, _agent
from remem.cli.common import (
    AgentOpt,
    DbOpt,
    JsonOpt,
    NsOpt,
    UntrustedOpt,
    UserOpt,
    app,
    fail,
    out,
    print_json,
    scope_options,
)

if TYPE_CHECKING:
    from remem.agent.adoption import Lesson

lessons_app = typer.Typer(help="Lessons learned from corrections.", no_args_is_help=True)
app.add_typer(lessons_app, name="lessons")
ReasonOpt = Annotated[str | None, typer.Option("--reason", help="Why (kept in the history).")]


def lessons_table(rows: list[Lesson], title: str) -> None:
    """Lessons as a table: id, text, where it came from, whether it is loaded."""
    from rich.markup import escape
    from rich.table import Table

    if not rows:
        out.print("no lessons")
        return
    table = Table(title=title)
    for col in ("id", "lesson", "source", "state"):
        table.add_column(col, overflow="fold")
    for x in rows:
        state = "revoked" if x.revoked else (f"held: {x.held}" if x.held else "loaded")
        table.add_row(x.id, escape(x.content), escape(x.source), escape(state))
    out.print(table)


@lessons_app.command("list")
def lessons_list(
    limit: Annotated[int, typer.Option(help="At most this many.")] = 50,
    all_: Annotated[
        bool, typer.Option("--all", help="Every lesson: also held and revoked ones.")
    ] = False,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    role: RoleOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The lessons a session start loads, each with where it came from.

    Most important first; the source says whether a user stated it in a session,
    an API caller wrote it, or it was imported. --all: also the lessons held back
    (flagged, or conduct the user never stated) and revoked ones, newest first.

    Example: remem lessons list --user maya --agent coder --all
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    if not 1 <= limit <= 1000:
        fail("--limit must be between 1 and 1000")
    with _agent(db, user, agent, namespace, role=role) as a:
        rows = a.lessons_list(include_held=all_, include_revoked=all_, limit=limit)
    if as_json:
        print_json(rows)
    else:
        lessons_table(rows, "lessons")


@lessons_app.command("add")
def lessons_add(
    correction: Annotated[str, typer.Argument(help="What the user corrected, as they said it.")],
    context: Annotated[
        str | None, typer.Option("--context", help="Where it applies (the task, the tool).")
    ] = None,
    session_id: Annotated[str | None, typer.Option("--session", help="The session.")] = None,
    untrusted: UntrustedOpt = False,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Turn a correction into a lesson ("User prefers X over Y", "Don't ...").

    One that reads as an instruction aimed at the agent is kept on record, flagged,
    and never loaded.

    Example: remem lessons add "no, use pnpm not npm" --user maya --agent coder
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with _agent(db, user, agent, namespace) as a:
        lesson = a.correct(
            correction, context=context, session_id=session_id, trusted=not untrusted
        )
    if as_json:
        print_json(lesson.to_dict())
    elif lesson.flag:
        out.print(
            f"flagged, not loaded: it reads as an instruction aimed at the agent "
            f"({lesson.flag!r}) ({lesson.memory_id})",
            highlight=False,
        )
    else:
        out.print(f"{lesson.action}: {lesson.text} ({lesson.memory_id})", highlight=False)


@lessons_app.command("revoke")
def lessons_revoke(
    lesson_id: Annotated[str, typer.Argument(help="The lesson's id.")],
    reason: ReasonOpt = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Take a lesson out for good: never loaded, restored or learnt from again.

    Example: remem lessons revoke 3f2a9c0d1e2b --user maya --agent coder --reason "wrong"
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with _agent(db, user, agent, namespace) as a:
        lesson = a.revoke_lesson(lesson_id, reason=reason)
    if as_json:
        print_json(lesson)
    else:
        out.print(f"lesson {lesson.id} revoked: {lesson.content}", highlight=False)
