"""The ``remem`` script's entry point.

``remem hook EVENT`` runs on every Claude Code prompt, so it is dispatched before the
CLI framework (typer, rich) is imported: a hook the local service answers imports
:mod:`remem.integrations.hook_client` and ``_socket`` only (``remem hooks install``
writes a faster command still: :mod:`remem.integrations.hook_fast` run as a script,
with ``python -I -S``).
Everything else goes to :func:`remem.cli.main`.
"""

from __future__ import annotations

import sys

_HELP = {"--help", "-h"}


def main() -> None:
    """Run ``remem`` with ``sys.argv``."""
    argv = sys.argv[1:]
    if argv[:1] == ["hook"] and not _HELP.intersection(argv):
        from remem.integrations.hook_client import main as hook

        sys.exit(hook(argv[1:]))
    from remem.cli import main as cli

    cli()
