"""Benchmarks on your own data: ``remem bench ...``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from remem.cli.common import JsonOpt, app, err, fail, load_config, print_json, remem_errors

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
        fail(f"no such file: {path}")
    with remem_errors():
        results = run_locomo(
            path,
            config=load_config(),
            out_dir=out_dir,
            include_facts=include_facts,
            limit_conversations=limit_conversations,
            progress=lambda msg: err.print(msg, highlight=False),
        )
    if as_json:
        print_json(results)
    else:
        typer.echo(markdown_table(results))


@bench_app.command("updates")
def bench_updates(
    path: Annotated[Path, typer.Argument(help="Update scenarios (JSON list, see docs/cli.md).")],
    distinct: Annotated[
        Path | None,
        typer.Option(
            help='Distinct facts ({"speaker", "facts": [...]}) to count false supersedes.'
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Are updates caught? Newest value ranked first, old fact superseded, controls kept.

    Each scenario is ingested in its own scope through add(infer=True), the update
    three months after the first fact, then its question is searched.

    Example: remem bench updates updates.json --distinct distinct-facts.json --json
    """
    from remem.eval.updates import format_summary, run_updates

    for given in (path, distinct):
        if given is not None and not given.is_file():
            fail(f"no such file: {given}")
    with remem_errors():
        result = run_updates(path, config=load_config(), distinct=distinct)
    if as_json:
        print_json(result)
    else:
        typer.echo(format_summary(result))


@bench_app.command("technical")
def bench_technical(
    path: Annotated[
        Path, typer.Argument(help="Technical-text corpus (JSON lines, see docs/cli.md).")
    ],
    as_json: JsonOpt = False,
) -> None:
    """Text damage: do technical tokens pass sentence splitting and extraction intact?

    Each text is said by one user through the rules extractor; every listed token
    must come out byte for byte, and multi-sentence texts must split as given.

    Example: remem bench technical technical.jsonl --json
    """
    from remem.eval.technical import format_summary, run_technical

    if not path.is_file():
        fail(f"no such file: {path}")
    with remem_errors():
        result = run_technical(path, config=load_config())
    if as_json:
        print_json(result)
    else:
        typer.echo(format_summary(result))
