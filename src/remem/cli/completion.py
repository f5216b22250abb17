"""``remem completion SHELL``: the tab-completion script of a shell.

Completion itself runs through the ``remem`` script: the shell calls it with
``_REMEM_COMPLETE`` set, :func:`remem.cli.main` sees the variable, and Typer
answers with the commands, options and values that fit what was typed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from remem.cli.common import app, out

COMPLETE_VAR = "_REMEM_COMPLETE"


class Shell(StrEnum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"
    powershell = "powershell"


@app.command()
def completion(
    shell: Annotated[Shell, typer.Argument(help="bash, zsh, fish or powershell.")],
) -> None:
    """Print the tab-completion script for SHELL; load it from your shell's startup file.

    Example: remem completion bash >> ~/.bashrc
    (zsh: remem completion zsh > ~/.zfunc/_remem; fish: remem completion fish >
    ~/.config/fish/completions/remem.fish)
    """
    from typer._completion_shared import get_completion_script

    script = get_completion_script(prog_name="remem", complete_var=COMPLETE_VAR, shell=shell.value)
    out.print(script, markup=False, highlight=False, soft_wrap=True)


def prepare() -> None:
    """Register Typer's completion classes (only when the shell asks to complete)."""
    from typer.completion import completion_init

    completion_init()
