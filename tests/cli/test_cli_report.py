"""`remem report`: markdown, the PNG chart, JSON; and without matplotlib (a real
subprocess in which importing matplotlib fails) the markdown alone and a clear message."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from remem.cli import app
from remem.config import Config
from remem.memory import Memory

DAY0 = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)
NOW = "2030-05-01T00:00"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    with Memory(home / "remem.db", config=Config(home=home, embedder="fake")) as mem:
        mem.add("Aaron is allergic to peanuts", user_id="aaron", tier="permanent", now=DAY0)
        for i in range(4):
            mem.add(f"The build {i} was deployed to staging", user_id="aaron", importance=0.2,
                    now=DAY0 + timedelta(days=7 * i))  # fmt: skip
        mem.jobs.run("weekly", now=DAY0 + timedelta(days=100))
    return home


def _env(home: Path) -> dict[str, str]:
    return {"REMEM_HOME": str(home), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}


@pytest.fixture
def run(home: Path) -> Any:
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args), env=_env(home))


def _ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def test_report_prints_markdown(run: Any) -> None:
    text = _ok(run("report", "--now", NOW)).stdout
    assert text.startswith("# remem health report")
    assert "| archived |" in text and "## Decay curve" in text and "| weekly | ok |" in text


def test_report_writes_markdown_and_a_chart(run: Any, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = _ok(run("report", "--out", str(out), "--now", NOW))
    assert "health.md" in result.stdout and "health.png" in result.stdout
    assert (out / "health.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "![active/stale, growth and decay](health.png)" in (out / "health.md").read_text()


def test_report_json(run: Any, tmp_path: Path) -> None:
    data = json.loads(_ok(run("report", "--json", "--now", NOW)).stdout)["result"]
    assert data["by_status"]["active"] >= 1 and data["files"] == {} and data["message"] is None
    assert [d[0] for d in data["decay"]][:2] == [0, 7] and data["runs"][0]["job"] == "weekly"
    data = json.loads(_ok(run("report", "--json", "--out", str(tmp_path / "r"))).stdout)["result"]
    assert data["files"]["chart"].endswith("health.png")


def test_a_bad_now_is_a_usage_error(run: Any) -> None:
    result = run("report", "--now", "soon")
    assert result.exit_code == 2 and result.stderr.startswith("error: ")


def test_without_matplotlib_the_markdown_is_written_and_the_cause_said(
    home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "report"
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"  # import matplotlib -> ImportError
        "from remem.cli import main\n"
        f"sys.argv = ['remem', 'report', '--out', {str(out)!r}, '--now', {NOW!r}]\n"
        "main()\n"
    )
    env = {**_env(home), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "matplotlib is not installed" in done.stderr and "'.[report]'" in done.stderr
    assert "health.md" in done.stdout and "health.png" not in done.stdout
    assert (out / "health.md").exists() and not (out / "health.png").exists()
    assert "health.png" not in (out / "health.md").read_text()
