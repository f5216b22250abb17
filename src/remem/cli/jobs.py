"""The lifecycle: jobs status / run, manage (the weekly review now), restore, reference."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from remem.cli.common import (
    EXIT_FAILURE,
    AgentOpt,
    DbOpt,
    JsonOpt,
    NowOpt,
    NsOpt,
    UserOpt,
    app,
    engine,
    fail,
    jsonable,
    out,
    parse_now,
    print_json,
    progress_bar,
    scope_options,
    short,
)

if TYPE_CHECKING:
    from remem.lifecycle.jobs import JobResult
    from remem.memory import Memory

jobs_app = typer.Typer(help="Lifecycle jobs: nightly, weekly, monthly.", no_args_is_help=True)
app.add_typer(jobs_app, name="jobs")

DryOpt = Annotated[bool, typer.Option("--dry-run", help="Show what would change; write nothing.")]
SHOWN_ITEMS = 50  # changed memories a readable report lists


def _result_json(result: JobResult) -> dict[str, object]:
    return {
        "name": result.name,
        "status": result.status,
        "now": result.now,
        "counts": result.counts,
        "steps": {n: {"counts": s.counts, "done": s.done} for n, s in result.steps.items()},
        "items": [item.record() | {"preview": item.preview} for item in result.items],
        "run_id": result.run_id,
        "error": result.error,
        "duration_ms": round(result.duration_ms, 1),
    }


def _run_with_bar(mem: Memory, name: str | None, **kwargs: object) -> list[JobResult]:
    """Run one job (or the due ones) behind a progress bar (shown on a terminal only)."""
    with progress_bar("lifecycle") as bar:
        task = bar.add_task("jobs", total=None)

        def progress(label: str, done: int, total: int) -> None:
            bar.update(task, description=label, completed=done, total=total)

        if name is None:
            catch_up = mem.jobs.run_due(progress=progress, **kwargs)  # type: ignore[arg-type]
            return catch_up.ran
        return [mem.jobs.run(name, progress=progress, **kwargs)]  # type: ignore[arg-type]


def _check(results: list[JobResult]) -> None:
    for result in results:
        if result.status in ("failed", "lost", "busy"):
            fail(f"job {result.name} {result.status}: {result.error}", EXIT_FAILURE)


@jobs_app.command("status")
def jobs_status(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Each job's interval, last run, lease and whether it is due.

    Example: remem jobs status --json
    """
    with engine(db) as mem:
        rows = mem.jobs.status()
    if as_json:
        print_json(rows)
        return
    from rich.table import Table

    table = Table(title="remem jobs")
    for col in ("job", "every", "last run", "status", "due", "running", "steps"):
        table.add_column(col, overflow="fold")
    for row in rows:
        table.add_row(
            row.name,
            f"{row.interval_hours:g} h",
            row.last_run_at.strftime("%Y-%m-%d %H:%M") if row.last_run_at else "never",
            (row.last_status or "-") + (" (resumes)" if row.partial else ""),
            "yes" if row.due else "no",
            f"yes ({row.lock_owner})" if row.running else "no",
            ", ".join(row.steps) or "-",
        )
    out.print(table)


@jobs_app.command("run")
def jobs_run(
    name: Annotated[str | None, typer.Argument(help="nightly, weekly or monthly.")] = None,
    due: Annotated[bool, typer.Option("--due", help="Run every overdue job instead.")] = False,
    now: NowOpt = None,
    dry_run: DryOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Run a job now (due or not), or every overdue one with --due.

    Example: remem jobs run weekly --now 2026-02-01T03:00 --json
    """
    if (name is None) == (not due):
        fail("give a job NAME or --due (one of them)")
    if due and dry_run:
        fail("--dry-run works with a job NAME, not with --due")
    when = parse_now(now)
    with engine(db) as mem:
        if due:
            results = _run_with_bar(mem, None, now=when)
        else:
            results = _run_with_bar(mem, name, now=when, dry_run=dry_run)
        if results and not dry_run and db is None:
            from remem.integrations.start_block import refresh

            refresh(mem)  # the prepared session-start blocks, after the jobs' writes
    if as_json:
        _check(results)
        print_json([_result_json(r) for r in results])
        return
    _check(results)
    if not results:
        out.print("no job is due")
    for result in results:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(result.counts.items())) or "nothing"
        out.print(f"{result.name}: {result.status} in {result.duration_ms:.0f} ms — {counts}")
        if result.error:  # complete, but a step failed on its own and was skipped
            out.print(f"  {result.error}", markup=False)


@app.command()
def manage(
    now: NowOpt = None,
    dry_run: DryOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Run the weekly review now: decay, promote, expire, archive, cold, purge; a report.

    Example: remem manage --dry-run
    """
    with engine(db) as mem:
        (result,) = _run_with_bar(mem, "weekly", now=parse_now(now), dry_run=dry_run)
    _check([result])
    if as_json:
        print_json(_result_json(result))
        return
    _print_report(result)


def _print_report(result: JobResult) -> None:
    from rich.table import Table

    c = result.counts
    verb = "would change" if result.status == "dry_run" else "changed"
    out.print(
        f"weekly review as of {result.now:%Y-%m-%d %H:%M} UTC: {result.status}, "
        f"{c.get('reviewed', 0)} memories reviewed in {result.duration_ms:.0f} ms"
    )
    table = Table(title=f"what the review {verb}", show_header=False)
    table.add_column("what")
    table.add_column("memories", justify="right")
    for key, label in (
        ("decayed", "decayed (effective score fell since the last review)"),
        ("promoted", "promoted"),
        ("expired", "expired (TTL) -> archived"),
        ("archived", "archived (not used)"),
        ("cold", "cold (not used for long)"),
        ("purge_candidate", "purge candidates (purged at the next review)"),
        ("purge_cleared", "no longer purge candidates"),
        ("purged", "purged (content removed)"),
    ):
        table.add_row(label, str(c.get(key, 0)))
    out.print(table)
    bands = [f"{k} {c[k]}" for k in ("score<0.1", "score<0.3", "score<0.6", "score<=1") if k in c]
    if bands:
        out.print("effective scores: " + ", ".join(bands))
    if "memory_md_written" in c:
        out.print(
            f"MEMORY.md: {c.get('memory_md_promoted', 0)} promoted memories, "
            f"{c['memory_md_written']} file(s) {'to write' if verb != 'changed' else 'written'}"
        )
    items = result.items
    if items:
        listing = Table(title=f"{len(items)} change(s)")
        for col in ("action", "id", "memory", "why"):
            listing.add_column(col, overflow="fold")
        for item in items[:SHOWN_ITEMS]:
            listing.add_row(item.action, item.memory_id[:12], item.preview, item.reason)
        out.print(listing)
        if len(items) > SHOWN_ITEMS:
            out.print(f"… and {len(items) - SHOWN_ITEMS} more (--json lists them all)")


@app.command()
def restore(
    memory_id: Annotated[
        str, typer.Argument(help="An archived or cold memory (id or 8+ character prefix).")
    ],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    reason: Annotated[str | None, typer.Option(help="Why (kept in the audit).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Bring an archived or cold memory back to active (its index is rebuilt).

    Example: remem restore 3f2a9c0d1e2b --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with engine(db) as mem:
        record = mem.restore(
            memory_id, user_id=user, agent_id=agent, namespace=namespace, reason=reason
        )
    if as_json:
        print_json(short(record))
    else:
        out.print(f"restored {record.id}")


@app.command()
def reference(
    memory_ids: Annotated[
        list[str],
        typer.Argument(help="Memories the agent acted on (ids or 8+ character prefixes)."),
    ],
    user: UserOpt = None,
    agent: AgentOpt = None,
    namespace: NsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Record confirmed use of memories (reinforces them; injection alone does not).

    Example: remem reference 3f2a9c0d1e2b 77b0e1f2a3c4 --user aaron
    """
    user, agent, namespace = scope_options(user, agent, namespace)
    with engine(db) as mem:
        records = mem.reference(memory_ids, user_id=user, agent_id=agent, namespace=namespace)
    if as_json:
        print_json([jsonable(short(r)) | {"reference_count": r.reference_count} for r in records])
    else:
        for r in records:
            out.print(f"referenced {r.id} ({r.reference_count} references)")
