"""``remem doctor``: check a store and say what is wrong with it."""

from __future__ import annotations

from typing import Annotated

import typer

from remem.cli.common import (
    EXIT_FAILURE,
    EXIT_USAGE,
    DbOpt,
    JsonOpt,
    app,
    fail,
    load_config,
    out,
    print_json,
    remem_errors,
)


@app.command()
def doctor(
    full: Annotated[
        bool, typer.Option("--full", help="Check every page (integrity_check; slower).")
    ] = False,
    rebuild_fts: Annotated[
        bool, typer.Option("--rebuild-fts", help="Rebuild the full-text index first.")
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a store: pages, schema, unreadable memories, vectors, full-text index,
    an unfinished erase, leftover temp files (on PostgreSQL: the server and
    pgvector, schema, indexes, rows, vectors, erase, counts). Exit 0 when healthy,
    1 when not.

    Opening the store first finishes a pending erase and removes temp files of
    dead processes; the report lists what it repaired.

    Example: remem doctor --db ~/.remem/remem.db --json

    Example: REMEM_STORE_URL=postgresql://remem@db/remem remem doctor --json
    """
    from remem.errors import RememError, UserError
    from remem.memory import Memory
    from remem.model import DoctorReport, Finding
    from remem.store.urls import display_url

    config = load_config(db)
    if config.store_url is None and not config.database.exists():
        fail(f"no store at {config.database}", EXIT_USAGE)
    try:
        mem = Memory(config=config)
    except UserError as exc:
        fail(str(exc), EXIT_USAGE)
    except RememError as exc:  # the store cannot even be opened: that is the finding
        where = display_url(config.store_url) if config.store_url else str(config.database)
        report = DoctorReport(where, False, [Finding("open", False, str(exc))])
    else:
        with remem_errors(), mem:
            report = mem.doctor(full=full, rebuild_fts=rebuild_fts)
    if as_json:
        print_json(report)
    else:
        out.print(f"remem doctor: {report.path}", highlight=False, soft_wrap=True)
        for line in report.repaired:
            out.print(f"  repaired on open: {line}", highlight=False, soft_wrap=True)
        for finding in report.checks:
            mark = "[green]ok[/green]  " if finding.ok else "[red]FAIL[/red]"
            out.print(f"  {mark} {finding.check}: ", end="", highlight=False)
            out.print(finding.detail, markup=False, highlight=False, soft_wrap=True)
            for item in finding.items:
                out.print(f"         {item}", markup=False, highlight=False, soft_wrap=True)
        out.print("healthy" if report.healthy else "problems found", highlight=False)
    raise typer.Exit(0 if report.healthy else EXIT_FAILURE)
