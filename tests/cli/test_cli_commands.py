"""The `remem` command, driven through Typer's CliRunner on a real store."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner, Result

from remem.cli import app

Run = Callable[..., Result]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def run(home: Path) -> Run:
    runner = CliRunner()
    env = {"REMEM_HOME": str(home), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}

    def invoke(*args: str, input: Any = None, **extra_env: str) -> Result:
        return runner.invoke(app, list(args), env={**env, **extra_env}, input=input)

    return invoke


def _ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def _counts(db: Path) -> tuple[int, ...]:
    if not db.exists():
        return (0, 0, 0)
    with closing(sqlite3.connect(db)) as conn:
        return tuple(
            conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("memories", "resources", "audit")
        )


def _one_error_line(result: Result) -> str:
    assert result.exit_code != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def _add(run, text: str, *args: str) -> str:
    result = _ok(run("add", text, *args, "--json"))
    return str(json.loads(result.stdout)["result"][0]["id"])


def test_add_search_get_list(run: Run, home: Path) -> None:
    first = _add(run, "Aaron prefers dark mode in his editor", "--user", "aaron",
                 "--category", "preference", "--importance", "0.8")  # fmt: skip
    _add(run, "Aaron walks the dog at seven", "--user", "aaron", "--kind", "episodic")
    _add(run, "Beth prefers light mode", "--user", "beth")
    plain = _ok(run("add", "Aaron owns a kayak", "--user", "aaron"))
    assert plain.stdout.startswith("added ")

    hits = json.loads(_ok(run("search", "dark mode editor", "--user", "aaron", "--json")).stdout)[
        "result"
    ]
    assert hits[0]["id"] == first
    assert hits[0]["content"] == "Aaron prefers dark mode in his editor"
    assert set(hits[0]["sources"]) == {"bm25", "vector"}
    assert hits[0]["explain"]["fusion"]["method"] in {"rrf", "zscore"}
    assert all(h["content"].startswith("Aaron") for h in hits)
    assert (
        len(
            json.loads(_ok(run("search", "mode", "-u", "aaron", "-k", "1", "--json")).stdout)[
                "result"
            ]
        )
        == 1
    )

    explained = _ok(run("search", "dark mode editor", "--user", "aaron", "--explain"))
    assert "bm25 #1" in explained.stdout
    assert "vector #1" in explained.stdout
    assert "fusion" in explained.stdout

    record = json.loads(_ok(run("get", first, "--user", "aaron", "--json")).stdout)["result"]
    assert record["id"] == first
    assert record["category"] == "preference"
    assert record["importance"] == 0.8
    assert record["source_resource_id"]
    shown = _ok(run("get", first, "--user", "aaron"))
    assert "Aaron prefers dark mode" in shown.stdout

    page = json.loads(_ok(run("list", "--user", "aaron", "--limit", "2", "--json")).stdout)[
        "result"
    ]
    assert page["total"] == 3
    assert len(page["items"]) == 2
    rest = json.loads(
        _ok(run("list", "--user", "aaron", "--limit", "2", "--offset", "2", "--json")).stdout
    )["result"]
    assert len(rest["items"]) == 1
    assert {i["id"] for i in page["items"] + rest["items"]} >= {first}
    kinds = json.loads(_ok(run("list", "--user", "aaron", "--kind", "episodic", "--json")).stdout)[
        "result"
    ]
    assert [i["kind"] for i in kinds["items"]] == ["episodic"]
    table = _ok(run("list", "--user", "aaron"))
    assert "memories 1-3 of 3" in table.stdout


def test_add_reads_stdin(run: Run) -> None:
    result = _ok(run("add", "-", "--user", "u", "--json", input="piped in text\n"))
    assert json.loads(result.stdout)["result"][0]["content"] == "piped in text"


def test_forget_history_erase(run: Run, home: Path) -> None:
    gone = _add(run, "the old wifi network was called Basement", "--user", "u")
    _add(run, "other user's note", "--user", "v")
    forgotten = json.loads(
        _ok(run("forget", gone, "--user", "u", "--reason", "changed", "--json")).stdout
    )["result"]
    assert forgotten["status"] == "forgotten"
    assert (
        json.loads(_ok(run("search", "wifi network", "--user", "u", "--json")).stdout)["result"]
        == []
    )
    events = json.loads(_ok(run("history", gone, "--user", "u", "--json")).stdout)["result"]
    assert [e["event"] for e in events] == ["created", "forgotten"]
    assert events[1]["detail"]["reason"] == "changed"
    assert "forgotten" in _ok(run("history", gone, "--user", "u")).stdout

    refused = run("erase", "--user", "u", input="n\n")
    assert refused.exit_code == 1
    assert (
        json.loads(_ok(run("list", "--user", "u", "--status", "forgotten", "--json")).stdout)[
            "result"
        ]["total"]
        == 1
    )

    report = json.loads(_ok(run("erase", "--user", "u", "--yes", "--json")).stdout)["result"]
    assert report["memories"] == 1 and report["resources"] == 1
    assert json.loads(_ok(run("list", "--user", "v", "--json")).stdout)["result"]["total"] == 1
    missing = run("get", gone, "--user", "u")
    assert missing.exit_code == 2
    assert "no memory" in _one_error_line(missing)


def test_export_import_stats(run: Run, tmp_path: Path) -> None:
    _add(run, "exported fact one", "--user", "u")
    _add(run, "exported fact two", "--user", "u")
    out = tmp_path / "backup"
    counts = json.loads(_ok(run("export", str(out), "--embeddings", "--json")).stdout)["result"]
    assert counts["embeddings.jsonl"] == 2
    assert (out / "manifest.json").is_file()
    again = run("export", str(out))
    assert "not empty" in _one_error_line(again)

    new_db = tmp_path / "new.db"
    imported = json.loads(_ok(run("import", str(out), "--db", str(new_db), "--json")).stdout)[
        "result"
    ]
    assert imported["memories"] == 2 and imported["embeddings"] == 2
    stats = json.loads(_ok(run("stats", "--db", str(new_db), "--json")).stdout)["result"]
    assert stats["memories"] == 2
    assert stats["vectors"] == {"fake-embedder-64": 2}
    assert stats["path"] == str(new_db)
    assert "memories" in _ok(run("stats", "--user", "u")).stdout
    dup = run("import", str(out), "--db", str(new_db))
    assert dup.exit_code == 2
    assert "already exists" in _one_error_line(dup)
    assert _counts(new_db)[0] == 2


def test_every_command_help_has_an_example(run: Run) -> None:
    root = get_command(app)
    paths: list[list[str]] = []
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        if hasattr(command, "commands"):  # a group: its subcommands
            paths += [[name, sub] for sub in command.commands]
        else:
            paths.append([name])
    assert ["add"] in paths and ["config", "show"] in paths and ["demo"] in paths
    for path in paths:
        result = _ok(run(*path, "--help"))
        assert "Example:" in result.stdout, path


@pytest.mark.parametrize(
    ("args", "code", "needle"),
    [
        (["add", "   ", "--user", "u"], 2, "empty"),
        (["add", "a bad scope given", "--user", "a\tb"], 2, "user_id"),
        (["add", "bad importance", "--user", "u", "--importance", "3"], 2, "importance"),
        (["get", "deadbeef", "--user", "u"], 2, "no memory"),
        (["forget", "deadbeef", "--user", "u"], 2, "no memory"),
        (["history", "deadbeef", "--user", "u"], 2, "no memory"),
        (["erase", "--yes"], 2, "scope"),
        (["import", "no-such-export-dir"], 2, "manifest"),
    ],
)
def test_bad_input_exits_with_one_error_line_and_writes_nothing(
    run: Run, home: Path, args: list[str], code: int, needle: str
) -> None:
    _add(run, "an existing memory", "--user", "u")
    db = home / "remem.db"
    before = _counts(db)
    result = run(*args)
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert needle in _one_error_line(result)
    assert _counts(db) == before


def test_add_non_utf8_stdin_is_refused(run: Run, home: Path) -> None:
    result = run("add", "-", "--user", "u", input=b"caf\xe9\n")
    assert "UTF-8" in _one_error_line(result)
    assert _counts(home / "remem.db") == (0, 0, 0)


def test_garbage_db_file_is_refused_untouched(run: Run, tmp_path: Path) -> None:
    garbage = tmp_path / "notes.txt"
    garbage.write_text("shopping list: eggs, milk\n" * 10, "utf-8")
    before = garbage.read_bytes()
    commands = (["add", "x", "--user", "u"], ["list", "--user", "u"], ["stats"], ["demo"])
    for args in commands:
        result = run(*args, "--db", str(garbage), COLUMNS="60")  # a long message stays one line
        assert result.exit_code == 1
        assert "not a remem store" in _one_error_line(result)
    assert garbage.read_bytes() == before


def test_config_show_error_is_one_line(run: Run) -> None:
    result = run("config", "show", REMEM_RRF_K="-5", COLUMNS="60")
    assert result.exit_code == 2
    assert "rrf_k" in _one_error_line(result)


def test_demo_runs_with_the_fake_embedder(run: Run, tmp_path: Path) -> None:
    from remem.demo import load_sample

    db = tmp_path / "demo.db"
    result = _ok(run("demo", "--db", str(db)))
    sample = load_sample()
    assert len(sample["questions"]) == 3
    for question in sample["questions"]:
        assert f"Q: {question}" in result.stdout
    assert "why: " in result.stdout
    assert "facts extracted from" in result.stdout
    assert "supersedes an older fact" in result.stdout  # Boston -> Denver, dark -> light
    messages = sum(len(s["messages"]) for s in sample["sessions"])
    memories, resources, _ = _counts(db)
    assert resources == messages  # every message is kept as a resource ...
    assert 0 < memories < messages  # ... and only facts worth keeping become memories
