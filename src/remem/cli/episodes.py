"""``remem episodes``: how past tasks went — start, record, complete, list, find."""

from __future__ import annotations

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
from remem.cli.triggers import NowOpt, parse_now, scope_of

if TYPE_CHECKING:
    from remem.agent.episodes import Episode, EpisodeHit

episodes_app = typer.Typer(
    help="Episodes: tasks with their actions, outcome and learnings.", no_args_is_help=True
)
app.add_typer(episodes_app, name="episodes")

SessionOpt = Annotated[str | None, typer.Option("--session", help="Session id.")]


def _table(rows: list[Episode], scores: list[float] | None = None, title: str = "") -> None:
    from rich.markup import escape
    from rich.table import Table

    if not rows:
        out.print("no episodes")
        return
    table = Table(title=title)
    for col in ("id", "task", "status", "outcome", "actions", "started"):
        table.add_column(col, overflow="fold")
    if scores is not None:
        table.add_column("score")
    for n, e in enumerate(rows):
        outcome = (
            "-"
            if e.outcome_score is None
            else f"{'ok' if e.success else 'failed'} {e.outcome_score:.2f}"
        )
        cells = [
            e.id,
            escape(e.task),
            e.status,
            outcome,
            str(len(e.actions) + e.actions_dropped),
            e.started_at.strftime("%Y-%m-%d %H:%M"),
        ]
        if scores is not None:
            cells.append(f"{scores[n]:.3f}")
        table.add_row(*cells)
    out.print(table)


def _detail(e: Episode) -> None:
    from rich.markup import escape

    out.print(f"[bold]{escape(e.task)}[/bold]  ({e.id}, {e.status})", highlight=False)
    if e.context:
        out.print(f"context: {escape(e.context)}", highlight=False)
    for c in e.constraints:
        out.print(f"constraint: {escape(c)}", highlight=False)
    if e.approach:
        out.print(f"approach: {escape(e.approach)}", highlight=False)
    for a in e.actions:
        result = f" -> {escape(a.result)}" if a.result else ""
        out.print(
            f"  {a.type} {escape(a.target)}: {escape(a.description)}{result}", highlight=False
        )
    if e.actions_dropped:
        out.print(f"  (+{e.actions_dropped} actions not kept)")
    if e.outcome_score is not None:
        out.print(f"outcome: {'success' if e.success else 'failure'} {e.outcome_score:.2f}")
    for m in e.failure_modes:
        out.print(f"went wrong: {escape(m)}", highlight=False)
    for learned in e.learnings:
        out.print(f"learned: {escape(learned)}", highlight=False)


@episodes_app.command("list")
def episodes_list(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    status: Annotated[str | None, typer.Option(help="open or completed (default: both).")] = None,
    session: SessionOpt = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="How many.")] = 50,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The scope's episodes, newest first.

    Example: remem episodes list --user aaron --status open --json
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.episodes import Episodes

    with engine(db) as mem:
        rows = Episodes(mem, scope).list(status=status, session_id=session, limit=limit)
    if as_json:
        print_json(rows)
    else:
        _table(rows, title="episodes")


@episodes_app.command("show")
def episodes_show(
    episode_id: Annotated[str, typer.Argument(help="The episode's id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """One episode: situation, reasoning, actions, outcome, learnings.

    Example: remem episodes show 3f2a9c0d1e2b4a5b --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.episodes import Episodes

    with engine(db) as mem:
        episode = Episodes(mem, scope).get(episode_id)
    if as_json:
        print_json(episode)
    else:
        _detail(episode)


@episodes_app.command("start")
def episodes_start(
    task: Annotated[str, typer.Argument(help="What the task is.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    context: Annotated[str | None, typer.Option(help="The situation around it.")] = None,
    constraint: Annotated[
        list[str] | None, typer.Option("--constraint", help="A constraint (repeatable).")
    ] = None,
    approach: Annotated[str | None, typer.Option(help="The approach chosen.")] = None,
    session: SessionOpt = None,
    now: NowOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Open an episode for a task.

    Example: remem episodes start "Fix the flaky login test" --user aaron --constraint "no new deps"
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.episodes import Episodes

    with engine(db) as mem:
        episode = Episodes(mem, scope).start(
            task,
            context=context,
            constraints=constraint or [],
            approach=approach,
            session_id=session,
            now=parse_now(now),
        )
    if as_json:
        print_json(episode)
    else:
        out.print(f"started {episode.id}")


@episodes_app.command("action")
def episodes_action(
    episode_id: Annotated[str, typer.Argument(help="The open episode's id.")],
    description: Annotated[str, typer.Argument(help="What was done.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    type_: Annotated[
        str, typer.Option("--type", help="command, edit, tool_call, decision, ...")
    ] = "step",
    target: Annotated[str, typer.Option(help="What it acted on (a file, a tool).")] = "",
    result: Annotated[str | None, typer.Option(help="What came of it.")] = None,
    now: NowOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Record one action of an open episode.

    Example: remem episodes action 3f2a9c0d1e2b "ran the auth tests" --user aaron --type command --target pytest --result "2 failed"
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.episodes import Episodes

    with engine(db) as mem:
        episode = Episodes(mem, scope).record_action(
            episode_id, type_, target, description, result=result, now=parse_now(now)
        )
    if as_json:
        print_json(episode)
    else:
        out.print(
            f"recorded action {len(episode.actions) + episode.actions_dropped} of {episode.id}"
        )


@episodes_app.command("complete")
def episodes_complete(
    episode_id: Annotated[str, typer.Argument(help="The open episode's id.")],
    score: Annotated[float, typer.Option("--score", help="The outcome, 0..1.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    success: Annotated[
        bool | None, typer.Option("--success/--failure", help="Whether the task succeeded.")
    ] = None,
    learning: Annotated[
        list[str] | None, typer.Option("--learning", help="What was learned (repeatable).")
    ] = None,
    failure_mode: Annotated[
        list[str] | None, typer.Option("--failure-mode", help="How it went wrong (repeatable).")
    ] = None,
    now: NowOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Close an episode with its outcome; its summary memory is written.

    Example: remem episodes complete 3f2a9c0d1e2b --user aaron --score 0.8 --success --learning "run pytest -x first"
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    if success is None:
        fail("say how it went: --success or --failure")
    scope = scope_of(user, agent, namespace)
    from remem.agent.episodes import Episodes

    with engine(db) as mem:
        episode = Episodes(mem, scope).complete(
            episode_id,
            outcome_score=score,
            success=success,
            learnings=learning or [],
            failure_modes=failure_mode or [],
            now=parse_now(now),
        )
    if as_json:
        print_json(episode)
    else:
        out.print(f"completed {episode.id} (summary {episode.summary_id})")


@episodes_app.command("similar")
def episodes_similar(
    task: Annotated[str, typer.Argument(help="The task at hand.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    k: Annotated[int, typer.Option("-k", help="How many.")] = 5,
    failures: Annotated[
        bool, typer.Option("--failures", help="Only episodes that failed.")
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The completed past episodes most like a task (--failures: the failed ones).

    Example: remem episodes similar "the login test fails again" --user aaron --failures
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.episodes import Episodes

    with engine(db) as mem:
        episodes = Episodes(mem, scope)
        hits: list[EpisodeHit] = (
            episodes.failures_like(task, k=k) if failures else episodes.similar(task, k=k)
        )
    if as_json:
        print_json([{"score": h.score, "episode": h.episode} for h in hits])
    else:
        _table([h.episode for h in hits], [h.score for h in hits], title="similar episodes")
