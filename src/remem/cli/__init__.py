"""The ``remem`` command. A composition root: it builds Config and Memory once per run.

Every command takes ``--db`` (else ``$REMEM_HOME/remem.db``), scope options
(``--user``, ``--agent``, ``--namespace``) where it reads or writes memories,
and ``--json`` for scripts. Errors print one line to stderr and exit non-zero:
2 for a misuse (bad input, unknown id, missing scope), 1 for a failure.

One module per command group; each registers its commands on :data:`app`.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from remem.cli import (  # noqa: F401  (they register)
    admin,
    agent,
    bench,
    completion,
    doctor,
    episodes,
    hooks,
    jobs,
    lessons,
    mcp_server,
    memories,
    recall,
    report,
    rules,
    serve,
    triggers,
    write,
)
from remem.cli.common import app, out


def _version(value: bool) -> None:
    if value:
        from remem import __version__

        out.print(f"remem {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """remem: adaptive long-term memory for AI agents (offline, one SQLite file)."""


def main() -> None:
    """Entry point of the ``remem`` script."""
    if completion.COMPLETE_VAR in os.environ:  # the shell asks what may come next
        completion.prepare()
    app(prog_name="remem")


__all__ = ["app", "main"]
