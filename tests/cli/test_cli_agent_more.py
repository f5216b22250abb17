"""`remem episodes`, `remem rules`, `remem triggers` through Typer's CliRunner on a real
store: each command's --json output, the readable output, and misuse (one error line,
exit 2, nothing written)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from remem.cli import app


@pytest.fixture
def run(tmp_path: Path) -> Any:
    runner = CliRunner()
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}

    def invoke(*args: str) -> Result:
        return runner.invoke(app, list(args), env=env)

    return invoke


def _json(result: Result) -> Any:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)["result"]


def test_triggers_detect_due_fire_done_cancel(run: Any) -> None:
    made = _json(
        run("triggers", "detect", "Release next Friday. Renew the cert in 6 months.",
            "--user", "aaron", "--now", "2026-01-14T09:00", "--json")
    )  # fmt: skip
    assert [t["trigger_date"] for t in made] == ["2026-01-16", "2026-07-14"]
    due = _json(run("triggers", "due", "--user", "aaron", "--now", "2026-01-16", "--json"))
    assert [t["id"] for t in due] == [made[0]["id"]] and due[0]["status"] == "pending"
    fired = _json(
        run("triggers", "due", "--user", "aaron", "--now", "2026-01-16", "--fire", "--json")
    )
    assert fired[0]["status"] == "fired"
    assert _json(run("triggers", "due", "--user", "aaron", "--now", "2026-01-16", "--json")) == []
    assert (
        _json(run("triggers", "done", made[0]["id"], "--user", "aaron", "--json"))["status"]
        == "done"
    )
    assert (
        _json(run("triggers", "cancel", made[1]["id"], "--user", "aaron", "--json"))["status"]
        == "cancelled"
    )
    listed = _json(run("triggers", "list", "--user", "aaron", "--json"))
    assert [t["status"] for t in listed] == ["done", "cancelled"]
    readable = run("triggers", "list", "--user", "aaron")
    assert readable.exit_code == 0 and made[0]["id"] in readable.stdout


def test_episodes_start_action_complete_show_list_similar(run: Any) -> None:
    started = _json(
        run("episodes", "start", "Fix the flaky login test", "--user", "aaron",
            "--constraint", "no new deps", "--now", "2026-01-14T09:00", "--json")
    )  # fmt: skip
    eid = started["id"]
    assert started["status"] == "open" and started["constraints"] == ["no new deps"]
    acted = _json(
        run("episodes", "action", eid, "ran the auth tests", "--user", "aaron",
            "--type", "command", "--target", "pytest", "--result", "2 failed", "--json")
    )  # fmt: skip
    assert acted["actions"][0]["target"] == "pytest"
    done = _json(
        run("episodes", "complete", eid, "--user", "aaron", "--score", "0.8", "--success",
            "--learning", "run pytest -x first", "--json")
    )  # fmt: skip
    assert done["status"] == "completed" and done["summary_id"]
    assert _json(run("episodes", "show", eid, "--user", "aaron", "--json"))["id"] == eid
    assert [e["id"] for e in _json(run("episodes", "list", "--user", "aaron", "--json"))] == [eid]
    hits = _json(run("episodes", "similar", "login test is flaky", "--user", "aaron", "--json"))
    assert hits[0]["episode"]["id"] == eid and hits[0]["score"] > 0
    assert (
        _json(run("episodes", "similar", "login test", "--user", "aaron", "--failures", "--json"))
        == []
    )
    shown = run("episodes", "show", eid, "--user", "aaron")
    assert "learned: run pytest -x first" in shown.stdout


def test_rules_reflect_list_match_show_override(run: Any) -> None:
    for text in (
        "Use pnpm instead of npm in this repository",
        "Don't run npm install here, use pnpm install",
    ):
        assert run("add", text, "--user", "aaron", "--kind", "lesson").exit_code == 0
    report = _json(run("rules", "reflect", "--user", "aaron", "--json"))
    (rule_id,) = report["created"]
    (rule,) = _json(run("rules", "list", "--user", "aaron", "--json"))
    assert rule["id"] == rule_id and rule["confidence"] == 0.7
    matched = _json(run("rules", "match", "npm install the deps", "--user", "aaron", "--json"))
    assert [r["id"] for r in matched] == [rule_id]
    assert _json(run("rules", "show", rule_id, "--user", "aaron", "--json"))["id"] == rule_id
    off = _json(run("rules", "override", rule_id, "--user", "aaron", "--disable", "--json"))
    assert off["enabled"] is False and off["user_override"] is True
    assert _json(run("rules", "list", "--user", "aaron", "--json")) == []
    assert len(_json(run("rules", "list", "--user", "aaron", "--all", "--json"))) == 1
    assert rule["source"].startswith("reflection over lessons")
    assert (
        "provenance: reflection over lessons"
        in run("rules", "show", rule_id, "--user", "aaron").stdout
    )
    gone = _json(run("rules", "revoke", rule_id, "--user", "aaron", "--reason", "no", "--json"))
    assert gone["revoked"]["reason"] == "no" and gone["memory_status"] == "forgotten"
    assert "revoked" in run("rules", "list", "--user", "aaron", "--all").stdout
    again = _json(run("rules", "reflect", "--user", "aaron", "--json"))
    assert again["created"] == [] and again["revoked"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("triggers", "done", "nope"), "no trigger"),  # in the default scope
        (("triggers", "due", "--user", "a", "--now", "friday"), "not an ISO date"),
        (("triggers", "done", "nope", "--user", "a"), "no trigger"),
        (
            ("episodes", "complete", "abc", "--user", "a", "--score", "0.5"),
            "--success or --failure",
        ),
        (("episodes", "show", "abc", "--user", "a"), "no episode"),
        (("episodes", "list", "--user", "a", "--status", "closed"), "unknown episode status"),
        (("rules", "override", "abc", "--user", "a"), "--behavior, --enable or --disable"),
        (("rules", "show", "abc", "--user", "a"), "no rule"),
    ],
)
def test_misuse_is_one_error_line_and_exit_2(run: Any, args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr and result.stderr.count("error:") == 1
