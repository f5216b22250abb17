"""Store-wide commands: export, import, reembed, stats, config show, demo."""

from __future__ import annotations

import json
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
    jsonable,
    load_config,
    out,
    print_json,
    progress_bar,
    remem_errors,
    scope_options,
)

config_app = typer.Typer(help="Inspect the configuration.", no_args_is_help=True)
app.add_typer(config_app, name="config")


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
    """Import an export, all or nothing (one transaction), then embed the memories it
    carried no vectors for (an export made without --embeddings).

    Example: remem import ./backup --db new.db
    """
    with engine(db) as mem, progress_bar("importing") as bar:
        task = bar.add_task("import", total=None)
        embedding = bar.add_task("embed", total=None, visible=False)

        def embedded(done: int, total: int) -> None:
            bar.update(embedding, completed=done, total=total, visible=True)

        counts = mem.import_from(
            directory,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            embed_progress=embedded,
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
    from rich.table import Table

    table = Table(show_header=False, title="remem stats")
    table.add_column("what")
    table.add_column("value", overflow="fold")
    for key, value in data.items():
        table.add_row(key, json.dumps(jsonable(value)) if isinstance(value, dict) else str(value))
    out.print(table)


@config_app.command("show")
def config_show(as_json: JsonOpt = False) -> None:
    """Print the effective configuration and where each value came from.

    Example: REMEM_RRF_K=30 remem config show
    """
    with remem_errors():
        config = load_config()
    rows = config.shown()
    if as_json:
        print_json({name: {"value": value, "source": source} for name, value, source in rows})
        return
    from rich.table import Table

    table = Table(title="remem configuration")
    for col in ("key", "value", "from"):
        table.add_column(col, overflow="fold")
    for name, value, source in rows:
        table.add_row(name, json.dumps(jsonable(value)), source)
    out.print(table)


@config_app.command("scope")
def config_scope(as_json: JsonOpt = False) -> None:
    """Print the default scope: what the MCP server, the hooks and every command
    given no --user / --agent / --namespace read and write here.

    Example: remem config scope --json
    """
    user, agent, namespace = scope_options(None, None, None)
    shown = {"user_id": user, "agent_id": agent, "namespace": namespace}
    if as_json:
        print_json(shown)
        return
    for name, value in shown.items():
        out.print(f"{name}: {value if value is not None else '-'}", highlight=False)


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

    with remem_errors():
        run_demo(out, db=db)
