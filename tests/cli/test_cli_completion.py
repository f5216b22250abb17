"""Shell completion: ``remem completion SHELL`` prints the script, and the ``remem``
script answers the shell's completion requests (real processes, as a shell runs them)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ENTRY = "from remem.cli import main; main()"


def _remem(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env},
    )


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("bash", "complete -o default -F _remem_completion remem"),
        ("zsh", "#compdef remem"),
        ("fish", "complete --command remem"),
        ("powershell", "Register-ArgumentCompleter"),
    ],
)
def test_the_script_of_each_shell(shell: str, marker: str) -> None:
    done = _remem("completion", shell)
    assert done.returncode == 0, done.stderr
    assert marker in done.stdout and "_REMEM_COMPLETE" in done.stdout


def test_an_unknown_shell_is_a_usage_error() -> None:
    done = _remem("completion", "tcsh")
    assert done.returncode == 2 and done.stderr.startswith("error: ")


def test_the_shell_gets_commands_subcommands_and_options() -> None:
    def complete(words: str) -> list[str]:
        done = _remem(
            COMP_WORDS=words,
            COMP_CWORD=str(len(words.split()) - 1),
            _REMEM_COMPLETE="complete_bash",
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert complete("remem sea") == ["search"]
    assert set(complete("remem jobs r")) == {"run"}
    assert "--json" in complete("remem search --js")
