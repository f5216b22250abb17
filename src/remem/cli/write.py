"""From conversations to facts: extract, remember, gate stats, summaries."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from remem.write.pipeline import IngestReport

from remem.cli.common import (
    AgentOpt,
    DbOpt,
    JsonOpt,
    NsOpt,
    UntrustedOpt,
    UserOpt,
    app,
    engine,
    fail,
    out,
    print_json,
    progress_bar,
    scope_options,
)

gate_app = typer.Typer(help="Quality-gate statistics.", no_args_is_help=True)
app.add_typer(gate_app, name="gate")


def _decision_rows(report: IngestReport) -> list[dict[str, Any]]:
    return [
        {
            "fact": d.fact.content,
            "action": d.action,
            "reason": d.reason,
            "detail": d.detail,
            "category": d.fact.category,
            "importance": round(d.fact.importance, 3),
            "speaker": d.fact.speaker,
            "memory_id": d.memory_id,
            "related_id": d.related_id,
        }
        for d in report.decisions
    ]


def _print_decisions(report: IngestReport, *, title: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=title)
    for col in ("action", "reason", "fact", "category", "importance"):
        table.add_column(col, overflow="fold")
    colours = {"stored": "green", "merged": "cyan", "reinforced": "cyan", "rejected": "red"}
    for row in _decision_rows(report):
        colour = colours.get(row["action"], "white")
        table.add_row(
            f"[{colour}]{row['action']}[/{colour}]",
            row["reason"],
            escape(row["fact"]),  # "[SYSTEM] ..." is text, not rich markup
            row["category"],
            f"{row['importance']:.2f}",
        )
    out.print(table)
    counts = {a: report.count(a) for a in ("stored", "merged", "reinforced", "rejected")}
    out.print(", ".join(f"{n} {a}" for a, n in counts.items()))
    if report.skipped:
        out.print(f"{report.skipped} message(s) already stored by an earlier run: skipped")
    if report.fallback_reason:
        out.print(f"[yellow]LLM extractor fell back to rules:[/yellow] {report.fallback_reason}")


@app.command()
def extract(
    file: Annotated[Path, typer.Argument(help="Transcript file ('-' for stdin).")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    session: Annotated[str | None, typer.Option(help="Session id for the facts.")] = None,
    fmt: Annotated[
        str,
        typer.Option("--format", help="auto, plain, json, jsonl, claude-code or locomo."),
    ] = "auto",
    extractor: Annotated[str | None, typer.Option(help="rules (offline default) or llm.")] = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Show each candidate and its gate decision; write nothing."),
    ] = False,
    force: Annotated[
        bool, typer.Option(help="Store past every check but secrets and injections.")
    ] = False,
    untrusted: UntrustedOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Turn a transcript into atomic, attributed facts through the quality gate.

    Reads plain "Name: text" chats, JSON/JSONL message lists, Claude Code session
    transcripts and LoCoMo conversations.

    Example: remem extract chat.txt --user aaron --dry-run
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    source: Path | bytes = sys.stdin.buffer.read() if str(file) == "-" else file
    if isinstance(source, Path) and not source.is_file():
        fail(f"no such file: {source}")
    with engine(db) as mem, progress_bar("extracting") as bar:
        task = bar.add_task("extract", total=None)
        report = mem.extract(
            source,
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            format=fmt,
            session_id=session,
            extractor=extractor,
            dry_run=dry_run,
            force=force,
            progress=lambda d, t: bar.update(task, completed=d, total=t),
            trusted=False if untrusted else None,
        )
    if as_json:
        print_json(
            {
                "dry_run": dry_run,
                "extractor": report.extractor_version,
                "fallback_reason": report.fallback_reason,
                "skipped": report.skipped,
                "decisions": _decision_rows(report),
            }
        )
    else:
        _print_decisions(report, title="dry run: nothing written" if dry_run else "extracted")


@app.command()
def remember(
    content: Annotated[str, typer.Argument(help="What to remember.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    speaker: Annotated[str | None, typer.Option(help="Who says it (resolves I/my).")] = None,
    session: Annotated[str | None, typer.Option(help="Session id.")] = None,
    category: Annotated[str | None, typer.Option(help="Category.")] = None,
    force: Annotated[
        bool, typer.Option(help="Store past every check but secrets and injections.")
    ] = False,
    untrusted: UntrustedOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Hot path: write a fact now through the gate, dedup and supersede.

    Example: remem remember "I always take the window seat" --user aaron --speaker Aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with engine(db) as mem:
        decisions = mem.remember(
            content,
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            session_id=session,
            speaker=speaker,
            category=category,
            force=force,
            trusted=False if untrusted else None,
        )
    from remem.write.pipeline import IngestReport

    report = IngestReport(extractor_version="remember-1", decisions=decisions)
    if as_json:
        print_json(_decision_rows(report))
    else:
        _print_decisions(report, title="remember")


@gate_app.command("stats")
def gate_stats(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Rejected candidate facts by reason.

    Example: remem gate stats --json
    """
    with engine(db) as mem:
        counts = mem.gate_stats()
    if as_json:
        print_json(counts)
        return
    from rich.table import Table

    table = Table(title="gate rejections by reason")
    table.add_column("reason")
    table.add_column("count", justify="right")
    for reason, n in counts.items():
        table.add_row(reason, str(n))
    out.print(table)


@app.command()
def summaries(
    category: Annotated[str | None, typer.Argument(help="Only this category.")] = None,
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    archived: Annotated[bool, typer.Option(help="Also show archived versions.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the markdown summary of each category (kept current as facts arrive).

    Example: remem summaries work --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with engine(db) as mem:
        found = mem.summaries(
            user_id=user, agent_id=agent, namespace=namespace, category=category, archived=archived
        )
    if as_json:
        print_json(found)
        return
    if not found:
        out.print("no summaries yet")
    for summary in found:
        state = (
            f"archived {summary.archived_at:%Y-%m-%d %H:%M}" if summary.archived_at else "current"
        )
        out.print(f"[dim]── {summary.category} ({state}, {summary.generator}) ──[/dim]")
        out.print(summary.content, markup=False)
