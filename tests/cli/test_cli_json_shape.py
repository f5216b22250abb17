"""Every ``--json`` has one shape: ``{"result": ..., "counts": {...}}``.

The test walks every command of ``remem`` that has ``--json`` and runs it on a
real store; a command added without a run here fails the test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from remem.cli import app

# Commands whose run needs what a unit test cannot make quickly, and where their
# --json is checked instead.
ELSEWHERE = {
    "bench locomo": "a LoCoMo file (tests/eval)",
    "bench updates": "scenario files (tests/eval/test_eval_updates.py)",
    "bench technical": "the technical corpus (tests/write/test_text_damage.py)",
    "rules show": "a rule made by reflection (tests/cli/test_cli_agent_more.py)",
    "rules override": "a rule made by reflection (tests/cli/test_cli_agent_more.py)",
    "rules revoke": "a rule made by reflection (tests/cli/test_cli_agent_more.py)",
    "reembed": "a second embedding model (tests/test_embeddings_space.py)",
    "report": "tests/cli/test_cli_report.py",
    "restore": "an archived memory (tests/cli/test_cli_jobs.py)",
}


def _json_commands() -> Iterator[str]:
    def walk(cmd: Any, path: list[str]) -> Iterator[str]:
        if hasattr(cmd, "commands"):
            for name, sub in cmd.commands.items():
                yield from walk(sub, [*path, name])
        elif any("--json" in p.opts for p in cmd.params):
            yield " ".join(path)

    yield from walk(get_command(app), [])


def test_every_json_command_prints_result_and_counts(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}
    seen: dict[str, dict[str, Any]] = {}
    scope = ["--user", "maya", "--agent", "coder"]

    def run(*args: str) -> Any:
        result = runner.invoke(app, [*args, "--json"], env=env)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        payload = json.loads(result.stdout)
        assert isinstance(payload, dict) and set(payload) == {"result", "counts"}, args
        assert isinstance(payload["counts"], dict), args
        assert all(isinstance(v, int) for v in payload["counts"].values()), args
        name = " ".join(a for a in args[:2] if not a.startswith("-") and a in _NAMES)
        seen[name or args[0]] = payload
        return payload["result"]

    now = ["--now", "2026-03-02T09:00:00"]
    (added,) = run("add", "Maya's editor is Helix.", *scope)
    mid = added["id"]
    run("remember", "Maya prefers pnpm over npm for every repo.", *scope)
    transcript = tmp_path / "chat.jsonl"
    transcript.write_text(
        json.dumps({"role": "user", "content": "I moved to Lisbon in May."}) + "\n", "utf-8"
    )
    run("extract", str(transcript), *scope)
    assert run("search", "editor", *scope)
    run("get", mid, *scope)
    run("list", *scope)
    run("history", mid, *scope)
    run("retrieve", "which editor", *scope)
    run("summaries", *scope)
    run("reference", mid, *scope)
    run("stats")
    run("config", "show")
    run("config", "scope")
    run("gate", "stats")
    run("doctor")
    run("jobs", "status")
    run("jobs", "run", "nightly", *now)
    run("manage", *now)
    run("session", "start", "s1", *scope, *now)
    item = run("working", "add", "s1", "try the Helix config", *scope)
    run("working", "list", *scope, "--session", "s1")
    run("working", "promote", item["id"], *scope)
    run("working", "clear", *scope)
    run("session", "show", "s1", *scope)
    run("session", "end", "s1", *scope, *now)
    made = run("lessons", "add", "No, use pnpm not npm", *scope)
    run("lessons", "list", *scope)
    run("lessons", "revoke", made["memory_id"], *scope)
    trig = run("triggers", "detect", "The release is next Friday", *scope, *now)
    run("triggers", "list", *scope)
    run("triggers", "due", *scope, "--now", "2026-03-06T09:00:00")
    run("triggers", "done", trig[0]["id"], *scope)
    trig = run("triggers", "detect", "The audit is on March 20", *scope, *now)
    run("triggers", "cancel", trig[0]["id"], *scope)
    episode = run("episodes", "start", "Fix the flaky login test", *scope)
    run("episodes", "action", episode["id"], "reran the test", *scope)
    run("episodes", "complete", episode["id"], "--score", "0.8", "--success", *scope)
    run("episodes", "show", episode["id"], *scope)
    run("episodes", "list", *scope)
    run("episodes", "similar", "the login test is flaky", *scope)
    run("rules", "list", *scope)
    run("rules", "match", "fix the login test", *scope)
    run("rules", "reflect", *scope, *now)
    run("forget", mid, *scope)
    made = run("keys", "create", "--user", "maya", "--role", "reader")
    assert run("keys", "list")[0]["id"] == made["id"]
    run("keys", "revoke", made["id"])
    settings = str(tmp_path / "settings.json")
    assert run("hooks", "install", "claude-code", "--settings", settings)["changed"]
    assert run("hooks", "uninstall", "claude-code", "--settings", settings)["removed"]
    out = tmp_path / "export"
    run("export", str(out))
    run("import", str(out), "--db", str(tmp_path / "copy.db"))
    run("erase", "--user", "maya", "--yes")
    corpus = Path(__file__).parents[1] / "write" / "fixtures" / "technical-dev.jsonl"
    few = tmp_path / "technical.jsonl"
    few.write_text("".join(corpus.read_text("utf-8").splitlines(keepends=True)[:5]), "utf-8")
    run("bench", "technical", str(few))

    missing = set(_json_commands()) - set(seen) - set(ELSEWHERE)
    assert not missing, f"--json commands this test does not run: {sorted(missing)}"
    assert seen["list"]["counts"]["items"] == len(seen["list"]["result"]["items"])
    assert seen["search"]["counts"] == {"items": len(seen["search"]["result"])}


_NAMES = {c.split()[0] for c in _json_commands()} | {
    c.split()[1] for c in _json_commands() if " " in c
}


@pytest.mark.parametrize("name", sorted(ELSEWHERE))
def test_the_exempt_commands_exist(name: str) -> None:
    assert name in set(_json_commands())
