"""The CLI given no --user / --agent / --namespace uses the default scope the MCP
server and the hooks use (remem/app.py): the OS user and the project of the
working directory. Explicit options keep working and replace it whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from remem.cli import app


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    runner = CliRunner()
    env = {
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
        "LOGNAME": "maya",
        "COLUMNS": "200",
    }

    def invoke(*args: str, cwd: Path | None = None, **extra: str) -> Result:
        if cwd is not None:
            monkeypatch.chdir(cwd)
        return runner.invoke(app, list(args), env={**env, **extra})

    return invoke


def _json(result: Result) -> Any:
    """The ``result`` of a command's ``--json``."""
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)["result"]


def _project(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    (folder / ".git").mkdir(parents=True)
    (folder / "src").mkdir()
    return folder


def test_commands_without_a_scope_share_the_project_scope(run: Any, tmp_path: Path) -> None:
    atlas, billing = _project(tmp_path, "atlas"), _project(tmp_path, "billing")
    scope = _json(run("config", "scope", "--json", cwd=atlas / "src"))
    assert scope == {"user_id": "maya", "agent_id": None, "namespace": "atlas"}
    added = _json(run("add", "The staging database is atlas-db-2", "--json", cwd=atlas))
    memory_id = added[0]["id"]

    hits = _json(run("search", "staging database", "--json", cwd=atlas / "src"))
    assert [h["id"] for h in hits] == [memory_id]
    assert _json(run("get", memory_id[:10], "--json", cwd=atlas))["namespace"] == "atlas"
    # the same scope named explicitly finds it; another project's default does not
    explicit = run("search", "staging database", "-u", "maya", "-n", "atlas", "--json")
    assert [h["id"] for h in _json(explicit)] == [memory_id]
    assert _json(run("search", "staging database", "--json", cwd=billing)) == []
    missing = run("get", memory_id, cwd=billing)
    assert missing.exit_code == 2 and "no memory" in missing.stderr


def test_an_explicit_option_replaces_the_default_whole(run: Any, tmp_path: Path) -> None:
    atlas = _project(tmp_path, "atlas")
    _json(run("add", "Coder notes: deploys go through the blue pool", "-a", "coder", "--json"))
    # --agent alone: no user, no namespace from the default
    assert len(_json(run("list", "-a", "coder", "--json", cwd=atlas))["items"]) == 1
    assert _json(run("list", "--json", cwd=atlas))["items"] == []


def test_the_default_follows_the_configuration(run: Any, tmp_path: Path) -> None:
    atlas = _project(tmp_path, "atlas")
    shown = run("config", "scope", "--json", cwd=atlas, REMEM_SCOPE_MODE="user")
    assert _json(shown) == {"user_id": "maya", "agent_id": None, "namespace": None}
    fixed = run(
        "config",
        "scope",
        "--json",
        cwd=atlas,
        REMEM_DEFAULT_USER_ID="ops",
        REMEM_DEFAULT_NAMESPACE="x",
    )
    assert _json(fixed) == {"user_id": "ops", "agent_id": None, "namespace": "x"}
    text = run("config", "scope", cwd=atlas)
    assert text.exit_code == 0 and "namespace: atlas" in text.stdout


def test_a_bad_default_is_one_error_line_and_erase_needs_a_scope(run: Any, tmp_path: Path) -> None:
    bad = run("list", REMEM_DEFAULT_USER_ID="a\tb")
    assert bad.exit_code == 2
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()]
    assert "default scope is not usable" in bad.stderr
    erase = run("erase", "--yes")
    assert erase.exit_code == 2 and "a scope is required" in erase.stderr
