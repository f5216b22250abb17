"""Help texts print as written: bracketed words ("[untrusted]", "'.[report]'") are
words, not markup a renderer eats."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import typer
from typer.testing import CliRunner

from remem.cli import app

_BRACKETED = re.compile(r"\[[^\[\]\s]{1,40}\]")


def _commands(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    # typer's click (vendored in recent versions): groups are what have commands
    yield path, group
    if hasattr(group, "commands"):
        for name, sub in group.commands.items():
            yield from _commands(sub, (*path, name))


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_bracketed_word_of_a_help_text_is_printed() -> None:
    root = typer.main.get_command(app)
    runner = CliRunner()
    checked = 0
    for path, command in _commands(root):
        sources = [command.help or ""] + [getattr(p, "help", None) or "" for p in command.params]
        wanted = {w for text in sources for w in _BRACKETED.findall(text)}
        if not wanted:
            continue
        shown = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "100"})
        assert shown.exit_code == 0, (path, shown.output)
        for word in wanted:
            assert word in _flat(shown.output), (path, word)
            checked += 1
    assert checked >= 3  # "[untrusted]" and the extras' "[report]" at least
