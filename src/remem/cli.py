"""The ``remem`` command. A composition root: it builds Config and Memory once per run.

Every command takes ``--db`` (else ``$REMEM_HOME/remem.db``), scope options
(``--user``, ``--agent``, ``--namespace``) where it reads or writes memories,
and ``--json`` for scripts. Errors print one line to stderr and exit non-zero:
2 for a misuse (bad input, unknown id, missing scope), 1 for a failure.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, is_dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from remem.config import Config
from remem.errors import RememError, UserError
from remem.memory import Memory
from remem.model import Kind, MemoryRecord, Tier
from remem.store.base import ListFilter
from remem.write.pipeline import IngestReport

app = typer.Typer(
    help="remem: adaptive long-term memory for AI agents (offline, one SQLite file).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
config_app = typer.Typer(help="Inspect the configuration.", no_args_is_help=True)
app.add_typer(config_app, name="config")

out = Console()
err = Console(stderr=True)

DbOpt = Annotated[
    Path | None, typer.Option("--db", help="Store file (default: $REMEM_HOME/remem.db).")
]
UserOpt = Annotated[str | None, typer.Option("--user", "-u", help="Scope: user id.")]
AgentOpt = Annotated[str | None, typer.Option("--agent", "-a", help="Scope: agent id.")]
NsOpt = Annotated[str | None, typer.Option("--namespace", "-n", help="Scope: namespace.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
OPENING_MESSAGES = 10  # how much of a transcript `retrieve --transcript` reads


def _jsonable(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {k: _jsonable(v) for k, v in asdict(value).items()}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    return value


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(_jsonable(value), ensure_ascii=False, indent=2) + "\n")


def load_config(db: Path | None = None) -> Config:
    config = Config.load()
    if db is not None:
        config.db_path = db
    return config


@contextmanager
def engine(db: Path | None) -> Iterator[Memory]:
    """Open the store; translate remem errors into a one-line message and exit code."""
    try:
        with Memory(config=load_config(db)) as mem:
            yield mem
    except RememError as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(2 if isinstance(exc, UserError) else 1) from None


def progress_bar(label: str) -> Progress:
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,  # no bar (or stray newline) when piped or scripted
    )


def _short(record: MemoryRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "content": record.content,
        "kind": record.kind.value,
        "category": record.category,
        "status": record.status.value,
        "importance": record.importance,
        "created_at": record.created_at.isoformat(),
    }


def _memory_table(records: list[MemoryRecord], title: str | None = None) -> Table:
    table = Table(title=title, show_lines=False)
    for col in ("id", "content", "kind", "category", "status", "created"):
        table.add_column(col, overflow="fold")
    for r in records:
        table.add_row(
            r.id[:12],
            r.content,
            r.kind.value,
            r.category or "",
            r.status.value,
            r.created_at.strftime("%Y-%m-%d %H:%M"),
        )
    return table


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
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store one memory as it is.

    Example: remem add "Aaron prefers dark mode" --user aaron
    """
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
        )
    if as_json:
        print_json([_short(r) for r in records])
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
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the memories that best match a query, ranked and explained.

    Example: remem search "which editor theme?" --user aaron --explain
    """
    with engine(db) as mem:
        hits = mem.search(
            query,
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            limit=limit,
            include_history=history,
        )
    if as_json:
        print_json(
            [
                {**_short(h.memory), "score": h.score, "sources": h.sources, "explain": h.explain}
                for h in hits
            ]
        )
        return
    table = Table(title=f"{len(hits)} result(s) for {query!r}")
    for col in ("#", "score", "content", "found by", "id"):
        table.add_column(col, overflow="fold")
    if explain:
        table.add_column("explain", overflow="fold")
    for i, hit in enumerate(hits, start=1):
        row = [
            str(i),
            f"{hit.score:.4f}",
            hit.memory.content,
            "+".join(hit.sources),
            hit.memory.id[:12],
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
    memory_id: Annotated[str, typer.Argument(help="Memory id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show one memory with every field.

    Example: remem get 3f2a... --user aaron
    """
    with engine(db) as mem:
        record = mem.get(memory_id, user_id=user, agent_id=agent, namespace=namespace)
    if as_json:
        print_json(record)
        return
    table = Table(show_header=False)
    table.add_column("field")
    table.add_column("value", overflow="fold")
    for key, value in _jsonable(record).items():
        table.add_row(
            key, json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
        )
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
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List memories in a scope, newest first, a page at a time.

    Example: remem list --user aaron --status active --status superseded --limit 20
    """
    filters = ListFilter(
        statuses=tuple(status or ("active",)),
        kinds=tuple(kind or ()),
        categories=tuple(category or ()),
    )
    with engine(db) as mem:
        page = mem.list(
            user_id=user,
            agent_id=agent,
            namespace=namespace,
            filters=filters,
            offset=offset,
            limit=limit,
        )
    if as_json:
        print_json(
            {"total": page.total, "offset": page.offset, "items": [_short(r) for r in page.items]}
        )
        return
    shown = f"{page.offset + 1}-{page.offset + len(page.items)}" if page.items else "0"
    out.print(_memory_table(page.items, title=f"memories {shown} of {page.total}"))


@app.command()
def history(
    memory_id: Annotated[str, typer.Argument(help="Memory id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the audit chain of a memory and the versions it superseded.

    Example: remem history 3f2a... --user aaron
    """
    with engine(db) as mem:
        events = mem.history(memory_id, user_id=user, agent_id=agent, namespace=namespace)
    if as_json:
        print_json(events)
        return
    table = Table(title=f"history of {memory_id}")
    for col in ("at", "event", "memory", "detail"):
        table.add_column(col, overflow="fold")
    for e in events:
        table.add_row(
            e.at.strftime("%Y-%m-%d %H:%M:%S"),
            e.event,
            (e.memory_id or "")[:12],
            json.dumps(e.detail, ensure_ascii=False),
        )
    out.print(table)


@app.command()
def forget(
    memory_id: Annotated[str, typer.Argument(help="Memory id.")],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    reason: Annotated[str | None, typer.Option(help="Why (kept in the audit).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Soft-delete a memory: it stops being recalled but stays in history.

    Example: remem forget 3f2a... --user aaron --reason "no longer true"
    """
    with engine(db) as mem:
        record = mem.forget(
            memory_id, user_id=user, agent_id=agent, namespace=namespace, reason=reason
        )
    if as_json:
        print_json(_short(record))
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
    audit keeps only a tombstone without content.

    Example: remem erase --user aaron --yes
    """
    if not yes and not typer.confirm("Erase everything in this scope? This cannot be undone"):
        raise typer.Exit(1)
    with engine(db) as mem:
        report = mem.erase(user_id=user, agent_id=agent, namespace=namespace)
    if as_json:
        print_json(report)
    else:
        out.print(
            f"erased {report.memories} memories, {report.resources} resources, "
            f"{report.checkpoints} checkpoints, {report.vectors} vectors"
        )


@app.command(name="export")
def export_(
    directory: Annotated[Path, typer.Argument(help="A new or empty directory.")],
    embeddings: Annotated[bool, typer.Option(help="Also write the vectors.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Export the whole store to flat JSONL files (facts by quarter, audit log, resources).

    Example: remem export ./backup --embeddings
    """
    with engine(db) as mem:
        counts = mem.export_to(directory, embeddings=embeddings)
    if as_json:
        print_json(counts)
    else:
        for name, n in sorted(counts.items()):
            out.print(f"{name}: {n} lines")


@app.command(name="import")
def import_(
    directory: Annotated[Path, typer.Argument(help="A directory written by remem export.")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Import an export, all or nothing (one transaction).

    Example: remem import ./backup --db new.db
    """
    with engine(db) as mem, progress_bar("importing") as bar:
        task = bar.add_task("import", total=None)
        counts = mem.import_from(
            directory, progress=lambda done, total: bar.update(task, completed=done, total=total)
        )
    if as_json:
        print_json(counts)
    else:
        out.print(", ".join(f"{n} {name}" for name, n in counts.items()) + " imported")


@app.command()
def reembed(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Re-embed every memory with the configured embedder (after changing models).

    Example: REMEM_EMBEDDER=onnx-minilm remem reembed
    """
    with engine(db) as mem, progress_bar("re-embedding") as bar:
        task = bar.add_task("reembed", total=None)
        done = mem.reembed(progress=lambda d, t: bar.update(task, completed=d, total=t))
        model = mem.embedder.model_id
    if as_json:
        print_json({"reembedded": done, "model_id": model})
    else:
        out.print(f"re-embedded {done} memories with {model}")


@app.command()
def stats(
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Counts by status, kind and category; resources; vectors per model.

    Example: remem stats --json
    """
    with engine(db) as mem:
        data = mem.stats(user_id=user, agent_id=agent, namespace=namespace)
    if as_json:
        print_json(data)
        return
    table = Table(show_header=False, title="remem stats")
    table.add_column("what")
    table.add_column("value", overflow="fold")
    for key, value in data.items():
        table.add_row(key, json.dumps(_jsonable(value)) if isinstance(value, dict) else str(value))
    out.print(table)


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
    table = Table(title=title)
    for col in ("action", "reason", "fact", "category", "importance"):
        table.add_column(col, overflow="fold")
    colours = {"stored": "green", "merged": "cyan", "reinforced": "cyan", "rejected": "red"}
    for row in _decision_rows(report):
        colour = colours.get(row["action"], "white")
        table.add_row(
            f"[{colour}]{row['action']}[/{colour}]",
            row["reason"],
            row["fact"],
            row["category"],
            f"{row['importance']:.2f}",
        )
    out.print(table)
    counts = {a: report.count(a) for a in ("stored", "merged", "reinforced", "rejected")}
    out.print(", ".join(f"{n} {a}" for a, n in counts.items()))
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
    force: Annotated[bool, typer.Option(help="Store past every check but secrets.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Turn a transcript into atomic, attributed facts through the quality gate.

    Reads plain "Name: text" chats, JSON/JSONL message lists, Claude Code session
    transcripts and LoCoMo conversations.

    Example: remem extract chat.txt --user aaron --dry-run
    """
    source: Path | bytes = sys.stdin.buffer.read() if str(file) == "-" else file
    if isinstance(source, Path) and not source.is_file():
        err.print(f"[red]error:[/red] no such file: {source}", highlight=False)
        raise typer.Exit(2)
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
        )
    if as_json:
        print_json(
            {
                "dry_run": dry_run,
                "extractor": report.extractor_version,
                "fallback_reason": report.fallback_reason,
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
    force: Annotated[bool, typer.Option(help="Store past every check but secrets.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Hot path: write a fact now through the gate, dedup and supersede.

    Example: remem remember "I always take the window seat" --user aaron --speaker Aaron
    """
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
        )
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
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print the context block to inject: ranked, trust-tagged, within a token budget.

    Example: remem retrieve "plan the team dinner" --user maya --max-tokens 300
    """
    from remem.write.transcript import parse_transcript

    if (query is None) == (transcript is None):
        err.print(
            "[red]error:[/red] give a QUERY or --transcript FILE (one of them)", highlight=False
        )
        raise typer.Exit(2)
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
                "items": block.items,
            }
        )
    else:
        typer.echo(block.text)


bench_app = typer.Typer(help="Benchmarks on your own data.", no_args_is_help=True)
app.add_typer(bench_app, name="bench")


@bench_app.command("locomo")
def bench_locomo(
    path: Annotated[Path, typer.Argument(help="LoCoMo-format JSON file.")],
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="Write JSON, markdown and PNG here.")
    ] = None,
    limit_conversations: Annotated[
        int | None, typer.Option(help="Only the first N conversations.")
    ] = None,
    include_facts: Annotated[
        bool, typer.Option(help="Also store the write path's facts, linked to their turns.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Turn-level evidence recall of remem's search vs BM25-only and dense-only baselines.

    Example: remem bench locomo locomo10.json --out bench/results
    """
    from remem.eval.report import markdown_table
    from remem.eval.runner import run_locomo

    if not path.is_file():
        err.print(f"[red]error:[/red] no such file: {path}", highlight=False)
        raise typer.Exit(2)
    try:
        results = run_locomo(
            path,
            config=load_config(),
            out_dir=out_dir,
            include_facts=include_facts,
            limit_conversations=limit_conversations,
            progress=lambda msg: err.print(msg, highlight=False),
        )
    except RememError as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(2 if isinstance(exc, UserError) else 1) from None
    if as_json:
        print_json(results)
    else:
        typer.echo(markdown_table(results))


@config_app.command("show")
def config_show(as_json: JsonOpt = False) -> None:
    """Print the effective configuration and where each value came from.

    Example: REMEM_RRF_K=30 remem config show
    """
    try:
        config = Config.load()
    except RememError as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    rows = config.shown()
    if as_json:
        print_json({name: {"value": value, "source": source} for name, value, source in rows})
        return
    table = Table(title="remem configuration")
    for col in ("key", "value", "from"):
        table.add_column(col, overflow="fold")
    for name, value, source in rows:
        table.add_row(name, json.dumps(_jsonable(value)), source)
    out.print(table)


@app.command()
def demo(
    db: Annotated[
        Path | None, typer.Option("--db", help="Keep the demo store here (default: a temp file).")
    ] = None,
) -> None:
    """Ingest a bundled sample conversation, show what was stored, answer 3 questions.

    Example: remem demo
    """
    from remem.demo import run_demo

    try:
        run_demo(out, db=db)
    except RememError as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None


def main() -> None:
    """Entry point of the ``remem`` script."""
    app()


if __name__ == "__main__":
    main()
