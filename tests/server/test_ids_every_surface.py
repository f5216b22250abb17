"""Every id takes a unique prefix of 8+ characters on every surface (docs/cli.md,
docs/mcp.md, docs/rest.md): memories, lessons, rules, episodes, triggers and
working-memory items, through the REST routes, the MCP tools, the CLI and the
dashboard's pages; another scope's prefix is not found on any of them. One store,
served over loopback; MCP and the CLI open the same file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from tests.server.conftest import Live
from tests.server.test_ui_http import signed_in
from tests.server.test_ui_provenance import _rule
from typer.testing import CliRunner

from remem import Memory
from remem.app import agent_for
from remem.cli import app
from remem.model import Scope


def _records(live: Live, key: str, session: str, count: int = 3) -> dict[str, list[str]]:
    """A scope's records of every kind, made through REST (several of the kinds a
    surface ends for good: revoke, cancel, done)."""
    ids: dict[str, list[str]] = {k: [] for k in ("memory", "lesson", "episode", "trigger")}
    ids["working"] = []
    with live.client(key) as c:
        made = c.post("/v1/memories", json={"content": "The VPN gateway is vpn-3", "infer": False})
        ids["memory"].append(made.json()["memories"][0]["id"])
        for n in range(count):
            lesson = c.post("/v1/lessons", json={"text": f"Don't deploy on day {n} of a sprint"})
            ids["lesson"].append(lesson.json()["memory_id"])
            episode = c.post("/v1/episodes", json={"task": f"Fix the flaky export {n}"})
            ids["episode"].append(episode.json()["id"])
            trigger = c.post(
                "/v1/triggers", json={"message": f"Renew cert {n}", "on": "2031-05-02"}
            )
            ids["trigger"].append(trigger.json()["id"])
            item = c.post(
                "/v1/working", json={"session_id": session, "content": f"reviewing PR {n}"}
            )
            assert item.status_code == 201, item.text
            ids["working"].append(item.json()["id"])
    ids["rule"] = [_rule(live, key, "Run the linter before every commit")]
    return ids


def test_every_id_takes_a_prefix_on_every_surface(live: Live) -> None:
    alice = live.key("admin", user_id="alice")
    bob = live.key("admin", user_id="bob")
    a = _records(live, alice, "s-alice")
    b = _records(live, bob, "s-bob", 1)  # bob's own records: his prefixes never reach alice's
    p = {kind: [i[:8] for i in got] for kind, got in a.items()}

    # REST: every route with an id in its path
    with live.client(alice) as c:
        reads = {
            f"/v1/memories/{p['memory'][0]}": a["memory"][0],
            f"/v1/episodes/{p['episode'][0]}": a["episode"][0],
            f"/v1/rules/{p['rule'][0]}": a["rule"][0],
        }
        for path, want in reads.items():
            r = c.get(path)
            assert r.status_code == 200 and r.json()["id"] == want, (path, r.text)
        assert c.get(f"/v1/memories/{p['memory'][0]}/history").status_code == 200
        writes = {
            f"/v1/episodes/{p['episode'][0]}/actions": {
                "type": "edit",
                "target": "x.py",
                "description": "d",
            },
            f"/v1/episodes/{p['episode'][0]}/complete": {"outcome_score": 1, "success": True},
            f"/v1/rules/{p['rule'][0]}/override": {"enabled": True},
            f"/v1/triggers/{p['trigger'][0]}/done": {},
            f"/v1/working/{p['working'][0]}/promote": {},
            f"/v1/lessons/{p['lesson'][0]}/revoke": {"reason": "wrong"},
        }
        for path, body in writes.items():
            r = c.post(path, json=body)
            assert r.status_code == 200, (path, r.text)
        r = c.patch(f"/v1/memories/{p['memory'][0]}", json={"content": "The VPN gateway is vpn-4"})
        assert r.status_code == 200, r.text
        newest = r.json()["id"]
    with live.client(bob) as c:  # alice's prefixes are not bob's records
        for path in (
            f"/v1/memories/{newest[:8]}",
            f"/v1/episodes/{p['episode'][1]}",
            f"/v1/rules/{p['rule'][0]}",
        ):
            assert c.get(path).status_code == 404, path
        for path in (
            f"/v1/triggers/{p['trigger'][1]}/cancel",
            f"/v1/working/{p['working'][1]}/promote",
            f"/v1/lessons/{p['lesson'][1]}/revoke",
        ):
            assert c.post(path, json={}).status_code == 404, path

    # the dashboard's pages
    with signed_in(live, alice) as c:
        for path in (f"/ui/memories/{newest[:8]}", f"/ui/episodes/{p['episode'][1]}"):
            assert c.get(path).status_code == 200, path
    with signed_in(live, bob) as c:
        for path in (f"/ui/memories/{newest[:8]}", f"/ui/episodes/{p['episode'][1]}"):
            assert c.get(path).status_code == 404, path

    # MCP, over the same store file
    pytest.importorskip("mcp")
    from mcp import Client

    from remem import mcp as remem_mcp

    def mcp_calls(scope: Scope, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
        with Memory(live.config.db_path, config=live.config) as mem:
            server = remem_mcp.build_server(agent_for(mem, scope), session_id="s-mcp")

            async def run() -> list[Any]:
                async with Client(server) as client:
                    return [await client.call_tool(name, args) for name, args in calls]

            return anyio.run(run)

    calls: list[tuple[str, dict[str, Any]]] = [
        ("get", {"memory_id": newest[:8]}),
        ("history", {"memory_id": newest[:8]}),
        (
            "episode_action",
            {"episode_id": p["episode"][1], "action": "command", "target": "t", "description": "d"},
        ),
        ("episode_end", {"episode_id": p["episode"][1], "success": True}),
        ("working_promote", {"item_id": p["working"][1]}),
        ("trigger_cancel", {"trigger_id": p["trigger"][1]}),
        ("lesson_revoke", {"lesson_id": p["lesson"][1], "reason": "wrong"}),
        ("update", {"memory_id": newest[:8], "content": "The VPN gateway is vpn-5"}),
    ]
    foreign: list[tuple[str, dict[str, Any]]] = [  # bob's records, asked for by alice
        ("get", {"memory_id": b["memory"][0][:8]}),
        ("episode_end", {"episode_id": b["episode"][0][:8], "success": True}),
        ("working_promote", {"item_id": b["working"][0][:8]}),
        ("trigger_cancel", {"trigger_id": b["trigger"][0][:8]}),
        ("lesson_revoke", {"lesson_id": b["lesson"][0][:8]}),
        ("rule_revoke", {"rule_id": b["rule"][0][:8]}),
    ]
    answers = mcp_calls(Scope(user_id="alice"), [*calls, *foreign])
    for (name, _), answer in zip(calls, answers[: len(calls)], strict=True):
        assert not answer.is_error, (name, answer.content)
    for (name, _), answer in zip(foreign, answers[len(calls) :], strict=True):
        assert answer.is_error, name

    # the CLI, over the same store file
    runner = CliRunner()
    env = {"REMEM_HOME": str(live.config.home), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}
    db = ["--db", str(Path(live.config.db_path or live.config.home / "remem.db"))]

    def cli(*args: str, user: str = "alice") -> Any:
        done = runner.invoke(app, [*args, "--user", user, *db, "--json"], env=env)
        return done.exit_code, done.stdout

    for args in (  # (episodes, triggers, working items, memories: tests/test_ids*.py)
        ("rules", "show", p["rule"][0]),
        ("rules", "override", p["rule"][0], "--enable"),
        ("lessons", "revoke", p["lesson"][2], "--reason", "wrong"),
    ):
        code, out = cli(*args)
        assert code == 0, (args, out)
        assert json.loads(out)["result"], (args, out)
    code, out = cli("rules", "revoke", p["rule"][0], user="bob")
    assert code != 0, out  # alice's rule is not in bob's scope
    code, out = cli("rules", "revoke", p["rule"][0])
    assert code == 0, out
