"""Help texts print as written: bracketed words ("[untrusted]", "'.[report]'") are
words, not markup a renderer eats, and each example is a line of its own."""

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


def test_each_example_is_a_paragraph_of_its_own() -> None:
    """Help texts are rewrapped a paragraph at a time: two examples on two lines of one
    paragraph print as one line ('Example: remem serve --port 8765 Example: ...')."""
    root = typer.main.get_command(app)
    examples = 0
    for path, command in _commands(root):
        for paragraph in (command.help or "").split("\n\n"):
            said = paragraph.strip()
            if "Example:" not in said or said.startswith("\b"):
                continue
            assert said.startswith("Example:") and said.count("Example:") == 1, (path, said)
            examples += 1
    assert examples >= 20
