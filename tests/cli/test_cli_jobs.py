"""`remem jobs status|run`, `remem manage`, `restore`, `reference`, and the catch-up of
`remem retrieve`, through Typer's CliRunner on a real store (a SQLite file, and a
PostgreSQL schema named by REMEM_STORE_URL)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from remem.cli import app
from remem.config import Config
from remem.memory import Memory
from remem.model import utcnow


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


BACKENDS = ("sqlite", "postgres")


@pytest.fixture
def target(home: Path, store_target: str | Path) -> str | Path:
    """The store the CLI uses: ``home/remem.db``, or the PostgreSQL URL."""
    return store_target if isinstance(store_target, str) else home / "remem.db"


@pytest.fixture
def run(home: Path, target: str | Path) -> Any:
    runner = CliRunner()
    env = {"REMEM_HOME": str(home), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}
    if isinstance(target, str):
        env["REMEM_STORE_URL"] = target

    def invoke(*args: str) -> Result:
        return runner.invoke(app, list(args), env=env)

    return invoke


def _ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def _error(result: Result, code: int = 2) -> str:
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def _store(home: Path, target: str | Path) -> dict[str, str]:
    with Memory(target, config=Config(home=home, embedder="fake")) as mem:
        note = mem.add("The build server was rebooted on Tuesday", user_id="aaron", importance=0.2)
        fav = mem.add("Aaron prefers dark mode in his editor", user_id="aaron", importance=0.9)
    return {"note": note[0].id, "fav": fav[0].id}


def test_jobs_status_lists_every_job(run: Any, home: Path, target: str | Path) -> None:
    _store(home, target)
    data = json.loads(_ok(run("jobs", "status", "--json")).stdout)["result"]
    assert [j["name"] for j in data] == ["nightly", "weekly", "monthly"]
    assert all(j["due"] and j["last_run_at"] is None for j in data)
    assert data[1]["steps"] == [
        "review", "episodes", "contradictions", "insights", "summaries", "memory_md",
        "compact",
    ]  # fmt: skip
    text = _ok(run("jobs", "status")).stdout
    assert "weekly" in text and "never" in text


def test_jobs_run_one_or_the_due_ones(run: Any, home: Path, target: str | Path) -> None:
    ids = _store(home, target)
    later = (utcnow() + timedelta(days=100)).isoformat()
    data = json.loads(_ok(run("jobs", "run", "weekly", "--now", later, "--json")).stdout)["result"]
    assert data[0]["status"] == "ok" and data[0]["counts"]["archived"] == 2
    assert {i["memory_id"] for i in data[0]["items"]} == set(ids.values())
    due = json.loads(_ok(run("jobs", "run", "--due", "--now", later, "--json")).stdout)["result"]
    assert [r["name"] for r in due] == ["nightly", "monthly"]  # weekly just ran
    assert "no job is due" in _ok(run("jobs", "run", "--due", "--now", later)).stdout
    text = _ok(run("jobs", "run", "nightly")).stdout
    assert text.startswith("nightly: ok")
    _error(run("jobs", "run"))
    _error(run("jobs", "run", "weekly", "--due"))
    _error(run("jobs", "run", "yearly"))
    assert "not an ISO" in _error(run("jobs", "run", "weekly", "--now", "tuesday"))


def test_manage_reports_and_dry_run_writes_nothing(
    run: Any, home: Path, target: str | Path
) -> None:
    ids = _store(home, target)
    later = (utcnow() + timedelta(days=100)).isoformat()
    dry = json.loads(_ok(run("manage", "--dry-run", "--now", later, "--json")).stdout)["result"]
    assert dry["status"] == "dry_run" and dry["counts"]["archived"] == 2
    assert {i["preview"] for i in dry["items"] if i["action"] == "archived"} == {
        "The build server was rebooted on Tuesday",
        "Aaron prefers dark mode in his editor",
    }
    with Memory(target, config=Config(home=home, embedder="fake")) as mem:
        assert str(mem.get(ids["note"], user_id="aaron").status) == "active"
        assert mem.store.job_runs() == []
    report = _ok(run("manage", "--now", later)).stdout
    assert "archived (not used)" in report and "purge candidates" in report
    assert "The build server was rebooted on Tuesday" in report
    # restore brings it back; reference confirms use
    restored = json.loads(_ok(run("restore", ids["fav"], "--user", "aaron", "--json")).stdout)[
        "result"
    ]
    assert restored["status"] == "active"
    again = _error(run("restore", ids["fav"], "--user", "aaron"))  # active now: an error
    assert "is active: there is nothing to restore" in again
    refs = json.loads(_ok(run("reference", ids["fav"], "--user", "aaron", "--json")).stdout)[
        "result"
    ]
    assert refs[0]["reference_count"] == 1
    assert "referenced" in _ok(run("reference", ids["fav"], "--user", "aaron")).stdout
    _error(run("reference", ids["fav"], "--user", "maya"))  # not in that scope
    _error(run("restore", ids["note"], "--user", "maya"))


def test_retrieve_catches_up_on_overdue_jobs(
    run: Any, home: Path, target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A budget no loaded machine runs out of: this is about catching up at all (the
    # budget's deferral has its own tests), and the three jobs have a dozen steps.
    monkeypatch.setenv("REMEM_JOBS_CATCHUP_BUDGET_MS", "60000")
    _store(home, target)
    _ok(run("retrieve", "editor theme", "--user", "aaron"))
    with Memory(target, config=Config(home=home, embedder="fake")) as mem:
        assert all(s.last_status == "ok" for s in mem.jobs.status())
    home.joinpath("other").mkdir(parents=True)
    # --dry-run writes nothing, jobs included
    other = home / "other" / "remem.db"
    with Memory(other, config=Config(home=home, embedder="fake")) as mem:
        mem.add("Aaron prefers dark mode", user_id="aaron")
    _ok(run("retrieve", "editor", "--user", "aaron", "--dry-run", "--db", str(other)))
    with Memory(other, config=Config(home=home, embedder="fake")) as mem:
        assert all(s.last_run_at is None for s in mem.jobs.status())
