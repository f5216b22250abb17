"""Recall for agents: retrieve (the context block to inject)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

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
    print_json,
    scope_options,
)

OPENING_MESSAGES = 10  # how much of a transcript `retrieve --transcript` reads


@app.command()
def retrieve(
    query: Annotated[str | None, typer.Argument(help="What the agent is about to do.")] = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    transcript: Annotated[
        Path | None,
        typer.Option(help="Build the query from a transcript's opening messages instead."),
    ] = None,
    max_tokens: Annotated[int | None, typer.Option(help="Hard token budget.")] = None,
    max_items: Annotated[int | None, typer.Option(help="At most this many memories.")] = None,
    as_agent: Annotated[str | None, typer.Option(help="Asking agent (visibility).")] = None,
    as_role: Annotated[str | None, typer.Option(help="Asking role (visibility).")] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Do not record the injection.")
    ] = False,
    include_untrusted: Annotated[
        bool,
        typer.Option(
            "--include-untrusted",
            help="Also inject untrusted and injection-flagged memories, tagged.",
        ),
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print the context block to inject: ranked, trust-tagged, within a token budget.

    Untrusted memories (tool output, web pages) and ones flagged as prompt injection
    are left out unless --include-untrusted; then their lines say [untrusted].

    First runs overdue lifecycle jobs for at most jobs_catchup_budget_ms.

    Example: remem retrieve "plan the team dinner" --user maya --max-tokens 300
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    from remem.validation import Limits, check_query
    from remem.write.transcript import parse_transcript
    from remem.write.validate import scope_of

    if (query is None) == (transcript is None):
        fail("give a QUERY or --transcript FILE (one of them)")
    if query is not None and not query.strip():
        fail("query is empty")
    with engine(db) as mem:
        asked: str | list[dict[str, str]]
        if transcript is not None:
            opening = []
            for message in parse_transcript(transcript):
                opening.append({"role": message.role, "content": message.text})
                if len(opening) >= OPENING_MESSAGES:
                    break
            asked = opening
        else:
            asked = query or ""
        # Bad input fails before the jobs below write anything.
        scope_of(user, agent, namespace)
        mem.context_budget(max_tokens, max_items)
        if isinstance(asked, str):
            check_query(asked, Limits.of(mem.config))
        if not dry_run:
            # Never assume cron ran: overdue lifecycle jobs get a bounded slice of time
            # first (the rest waits for the next call), so the hook never stalls.
            mem.jobs.run_due(budget_ms=mem.config.jobs_catchup_budget_ms)
        block = mem.context(
            asked,
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            max_tokens=max_tokens,
            max_items=max_items,
            asker_agent_id=as_agent,
            asker_role=as_role,
            record=not dry_run,
            include_untrusted=include_untrusted,
        )
    if as_json:
        print_json(
            {
                "text": block.text,
                "tokens": block.tokens,
                "tokenizer": block.tokenizer,
                "max_tokens": block.max_tokens,
                "query": block.query,
                "omitted": block.omitted,
                "withheld": block.withheld,
                "items": block.items,
            }
        )
    elif block.text:  # nothing relevant: print nothing, not an empty line
        typer.echo(block.text)
