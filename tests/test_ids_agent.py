"""Id prefixes on every surface for the agent's records too: episodes, rules,
triggers and working-memory items take a unique prefix of 8+ characters through the
Python API, the CLI and MCP; a shorter one, or another scope's, is not found."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import anyio
import pytest
from typer.testing import CliRunner

from remem import Memory, NotFoundError
from remem.agent.episodes import Episodes
from remem.agent.triggers import Triggers
from remem.agent.working import WorkingMemory
from remem.app import agent_for
from remem.cli import app
from remem.model import Scope

SCOPE = Scope(user_id="maya", namespace="atlas")
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_the_agent_records_take_a_prefix_through_the_api(mem: Memory) -> None:
    episode = Episodes(mem, SCOPE).start("Fix the flaky login test", now=NOW)
    assert Episodes(mem, SCOPE).get(episode.id[:8]).id == episode.id
    done = Episodes(mem, SCOPE).record_action(episode.id[:10], "command", "pytest", "ran it")
    assert done.id == episode.id and len(done.actions) == 1
    trigger = Triggers(mem, SCOPE).add("Renew the atlas certificate", on=NOW + timedelta(days=3))
    assert Triggers(mem, SCOPE).done(trigger.id[:8]).status.value == "done"
    item = WorkingMemory(mem, SCOPE).add("s1", "the release branch is frozen", now=NOW)
    assert WorkingMemory(mem, SCOPE).get(item.id[:8]).id == item.id
    with pytest.raises(NotFoundError, match="at least 8"):
        WorkingMemory(mem, SCOPE).get(item.id[:7])
    other = Scope(user_id="bob")
    for find in (
        lambda: Episodes(mem, other).get(episode.id[:8]),
        lambda: Triggers(mem, other).get(trigger.id[:8]),
        lambda: WorkingMemory(mem, other).get(item.id[:8]),
    ):
        with pytest.raises(NotFoundError):  # never found outside its scope
            find()


def test_the_cli_takes_prefixes_for_episodes_triggers_and_working_items(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}
    who = ["--user", "aaron"]

    def ok(*args: str) -> Any:
        done = runner.invoke(app, [*args, *who, "--json"], env=env)
        assert done.exit_code == 0, (args, done.stdout, done.stderr)
        return json.loads(done.stdout)["result"]

    eid = ok("episodes", "start", "Fix the flaky login test")["id"]
    assert ok("episodes", "show", eid[:8])["id"] == eid
    ok("episodes", "action", eid[:8], "ran the auth tests", "--type", "command")
    assert ok("episodes", "complete", eid[:9], "--score", "0.8", "--success")["id"] == eid
    made = ok("triggers", "detect", "Renew the cert next Friday.", "--now", "2026-01-14T09:00")
    assert ok("triggers", "cancel", made[0]["id"][:8])["status"] == "cancelled"
    item = ok("working", "add", "s1", "the release branch is frozen")
    assert ok("working", "promote", item["id"][:8])["id"] == item["id"]


def test_mcp_takes_prefixes_for_episodes_and_working_items(mem: Memory) -> None:
    pytest.importorskip("mcp")
    from mcp import Client

    from remem import mcp as remem_mcp

    server = remem_mcp.build_server(agent_for(mem, SCOPE), session_id="s-test")

    async def session() -> tuple[Any, Any]:
        async with Client(server) as client:
            started = await client.call_tool("episode_start", {"task": "Fix the login test"})
            eid = started.structured_content["episode"]["id"]
            acted = await client.call_tool(
                "episode_action",
                {
                    "episode_id": eid[:8],
                    "action": "command",
                    "target": "pytest",
                    "description": "ran",
                },
            )
            added = await client.call_tool("working_add", {"content": "the branch is frozen"})
            wid = added.structured_content["id"]
            promoted = await client.call_tool("working_promote", {"item_id": wid[:8]})
            return acted, promoted

    acted, promoted = anyio.run(session)
    assert not acted.is_error, acted.content
    assert not promoted.is_error, promoted.content
