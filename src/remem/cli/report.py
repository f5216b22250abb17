"""`remem report`: the store's health report (markdown, a PNG chart, or JSON)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from remem.cli.common import (
    DbOpt,
    JsonOpt,
    NowOpt,
    app,
    engine,
    err,
    jsonable,
    out,
    parse_now,
    print_json,
)

REPORT_MD = "health.md"
REPORT_PNG = "health.png"


@app.command()
def report(
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Write health.md and health.png (the chart) into this directory."
        ),
    ] = None,
    now: NowOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The store's health: counts by status, tier and category, growth by week, the
    decay curve of the effective score, the last job runs. Markdown on stdout, or with
    --out a directory with health.md and a PNG chart (the chart needs matplotlib:
    pip install '.[report]' in remem's checkout).

    Example: remem report --out ./report
    """
    from remem.lifecycle import report as health_report
    from remem.model import utcnow

    when = parse_now(now) or utcnow()
    with engine(db) as mem:
        data = health_report.health(mem.store, mem.config, when)
    files: dict[str, str | None] = {}
    message = None
    if out_dir is not None:
        md_path, png_path = out_dir / REPORT_MD, out_dir / REPORT_PNG
        from remem.errors import StoreError
        from remem.lifecycle.memory_md import write_atomic

        try:
            drawn = health_report.chart(data, png_path)
        except OSError as exc:
            raise StoreError(f"cannot write {png_path}: {exc}") from exc
        if not drawn:
            message = health_report.MATPLOTLIB_MISSING
        text = health_report.render(data, chart=REPORT_PNG if drawn else None)
        write_atomic(md_path, text)
        files = {"markdown": str(md_path), "chart": str(png_path) if drawn else None}
    if as_json:
        print_json({**jsonable(data), "files": files, "message": message})
        return
    if message:
        err.print(message, markup=False, highlight=False)
    if out_dir is None:
        out.print(health_report.render(data), markup=False, highlight=False)
        return
    out.print(f"wrote {files['markdown']}" + (f" and {files['chart']}" if files["chart"] else ""))
