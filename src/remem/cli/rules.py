"""``remem rules``: procedural rules — list (with where each came from), show, match,
reflect, override, revoke."""

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
    from remem.agent.rules import Rule

rules_app = typer.Typer(
    help="Procedural rules learned from repeated lessons and episodes.", no_args_is_help=True
)
app.add_typer(rules_app, name="rules")


def _table(rows: list[Rule], title: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    if not rows:
        out.print("no rules")
        return
    table = Table(title=title)
    for col in ("id", "behavior", "trigger", "confidence", "state", "uses", "source"):
        table.add_column(col, overflow="fold")
    for r in rows:
        state = ("on" if r.enabled else "off") + (" (yours)" if r.user_override else "")
        if r.revoked:
            state = "revoked"
        elif r.memory_status != "active":
            state += f" {r.memory_status}"
        if r.held and not r.revoked:
            state += f", held: {r.held}"
        table.add_row(
            r.id,
            escape(r.behavior),
            escape(r.trigger),
            f"{r.confidence:.2f}",
            escape(state),
            str(r.uses),
            escape(r.source),
        )
    out.print(table)


@rules_app.command("list")
def rules_list(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    all_: Annotated[
        bool, typer.Option("--all", help="Also disabled, archived, held and revoked rules.")
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The scope's rules that apply, most confident first, with where each came from.

    --all: also disabled, archived, held (not applied; the state says why) and
    revoked rules.

    Example: remem rules list --user aaron --json
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.rules import Rules

    with engine(db) as mem:
        rows = Rules(mem, scope).list(
            include_disabled=all_,
            include_archived=all_,
            include_held=all_,
            include_revoked=all_,
        )
    if as_json:
        print_json(rows)
    else:
        _table(rows, "procedural rules")


@rules_app.command("show")
def rules_show(
    rule_id: Annotated[str, typer.Argument(help="The rule's id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """One rule with its trigger, rationale and sources.

    Example: remem rules show 3f2a9c0d1e2b4a5b --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from rich.markup import escape

    from remem.agent.rules import Rules

    with engine(db) as mem:
        rule = Rules(mem, scope).get(rule_id)
    if as_json:
        print_json(rule)
        return
    out.print(f"[bold]{escape(rule.behavior)}[/bold]  ({rule.id})", highlight=False)
    for label, value in (
        ("when", rule.trigger),
        ("why", rule.rationale),
        ("confidence", f"{rule.confidence:.2f}"),
        ("injected at", rule.injection_point),
        ("written by", rule.author + (" (overridden by the user)" if rule.user_override else "")),
        ("enabled", "yes" if rule.enabled else "no"),
        ("sources", f"{len(rule.source_lessons)} lessons, {len(rule.source_episodes)} episodes"),
        ("provenance", rule.source),
        ("held", rule.held or "no"),
        *((("revoked", str(rule.revoked)),) if rule.revoked else ()),
    ):
        out.print(f"{label}: {escape(str(value))}", highlight=False)


@rules_app.command("match")
def rules_match(
    text: Annotated[str, typer.Argument(help="A session opening or task.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    tool: Annotated[str | None, typer.Option(help="The tool about to be called.")] = None,
    limit: Annotated[int, typer.Option("--limit", "-k", help="How many.")] = 5,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The rules that apply to a text (or a tool about to be called).

    Example: remem rules match "install the dependencies" --user aaron --tool npm
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.rules import Rules

    with engine(db) as mem:
        rows = Rules(mem, scope).matching(text, tool=tool, limit=limit)
    if as_json:
        print_json(rows)
    else:
        _table(rows, "matching rules")


@rules_app.command("reflect")
def rules_reflect(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    now: NowOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Reflect now: repeated lessons and episode learnings become rules; unused and
    contradicted rules decay.

    Example: remem rules reflect --user aaron --json
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.rules import Rules

    with engine(db) as mem:
        report = Rules(mem, scope).reflect(now=parse_now(now))
    if as_json:
        print_json(report)
        return
    out.print(
        f"read {report.items} lessons and learnings, {report.groups} recurring: "
        f"{len(report.created)} rules created, {len(report.reinforced)} reinforced, "
        f"{len(report.decayed)} decayed, {len(report.contradicted)} contradicted, "
        f"{len(report.archived)} archived" + (" (written by the LLM)" if report.llm_used else "")
    )
    if report.llm_error:
        out.print(
            f"the LLM's rules were unusable ({report.llm_error}); kept the deterministic ones"
        )


@rules_app.command("override")
def rules_override(
    rule_id: Annotated[str, typer.Argument(help="The rule's id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    behavior: Annotated[str | None, typer.Option(help="Its new behaviour.")] = None,
    enabled: Annotated[
        bool | None, typer.Option("--enable/--disable", help="Turn it on or off.")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Your word on a rule: a new behaviour and/or on/off. Reflection leaves it alone after.

    Example: remem rules override 3f2a9c0d1e2b --user aaron --disable
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    if behavior is None and enabled is None:
        fail("give --behavior, --enable or --disable")
    scope = scope_of(user, agent, namespace)
    from remem.agent.rules import Rules

    with engine(db) as mem:
        rule = Rules(mem, scope).override(rule_id, behavior=behavior, enabled=enabled)
    if as_json:
        print_json(rule)
    else:
        out.print(f"rule {rule.id}: {'on' if rule.enabled else 'off'}, yours from now on")


@rules_app.command("revoke")
def rules_revoke(
    rule_id: Annotated[str, typer.Argument(help="The rule's id.")],
    reason: Annotated[str | None, typer.Option("--reason", help="Why (kept in history).")] = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Take a rule out for good: never applied, restored or learnt again.

    Reflection does not learn it anew from the same evidence, nor from new
    evidence saying the same, unless you state it again yourself.

    Example: remem rules revoke 3f2a9c0d1e2b --user aaron --reason "not how we work"
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    scope = scope_of(user, agent, namespace)
    from remem.agent.rules import Rules

    with engine(db) as mem:
        rule = Rules(mem, scope).revoke(rule_id, reason=reason)
    if as_json:
        print_json(rule)
    else:
        out.print(f"rule {rule.id} revoked: {rule.behavior}", highlight=False)
