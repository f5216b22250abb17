"""One MCP session as a client lives it, run by the SDK's own client against the
server in a real process (stdio and streamable HTTP): list the tools, call each,
read the resources, send bad arguments and another scope's ids."""

from __future__ import annotations

import json
from typing import Any

from mcp import Client
from mcp.types import CallToolResult

TOOLS = {
    "remember", "search", "context", "get", "update", "forget", "history", "outcome",
    "feedback", "correct", "working_add", "working_promote", "episode_start",
    "episode_action", "episode_end", "lessons", "rules", "triggers", "lesson_revoke",
    "rule_revoke", "trigger_cancel",
}  # fmt: skip
SECRET = "sk-proj-" + "Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L"


def data(result: CallToolResult) -> Any:
    """A successful call's structured result (the text content says the same)."""
    assert not result.is_error, [c.text for c in result.content]  # type: ignore[union-attr]
    assert result.structured_content is not None
    assert json.loads(result.content[0].text) == result.structured_content  # type: ignore[union-attr]
    return result.structured_content


def error(result: CallToolResult) -> str:
    """A failed call's message: one line, no traceback."""
    assert result.is_error
    (content,) = result.content
    text = content.text  # type: ignore[union-attr]
    assert "\n" not in text and "Traceback" not in text, text
    return str(text)


async def exercise(client: Client, *, foreign_id: str) -> dict[str, Any]:
    """Every tool and resource once, the failures a client can cause; returns ids the
    caller checks in the store afterwards."""
    from remem import __version__

    # the server says who it is and advertises what it serves: tools and resources
    assert client.server_info.name == "remem" and client.server_info.version == __version__
    capabilities = client.server_capabilities
    assert capabilities.tools is not None and capabilities.resources is not None
    assert capabilities.prompts is None  # remem has no prompts, so it offers none
    listed = {t.name: t for t in (await client.list_tools()).tools}
    assert set(listed) == TOOLS
    for tool in listed.values():
        props = set(tool.input_schema.get("properties", {}))
        assert not props & {"user_id", "agent_id", "namespace", "scope"}, tool.name
        assert tool.input_schema.get("additionalProperties") is False, tool.name
        assert tool.annotations is not None and tool.description, tool.name
    assert listed["search"].annotations.read_only_hint is True  # type: ignore[union-attr]
    assert listed["forget"].annotations.destructive_hint is True  # type: ignore[union-attr]
    assert listed["forget"].annotations.idempotent_hint is True  # type: ignore[union-attr]
    assert listed["remember"].annotations.read_only_hint is False  # type: ignore[union-attr]
    assert listed["remember"].annotations.destructive_hint is False  # type: ignore[union-attr]

    call = client.call_tool
    stored = data(
        await call("remember", {"content": "Remember that the staging database is atlas-db-2"})
    )
    (decision,) = [d for d in stored["decisions"] if d["memory_id"]]
    assert decision["action"] == "stored"
    memory_id = decision["memory_id"]
    forced = data(await call("remember", {"content": "pager rota: Mondays", "force": True}))
    assert [d["action"] for d in forced["decisions"]] == ["stored"]

    facts = data(await call("search", {"query": "staging database", "limit": 5}))["facts"]
    assert any(f["memory_id"] == memory_id for f in facts)
    block = data(await call("context", {"query": "which staging database do we use?"}))
    assert "atlas-db-2" in block["text"] and memory_id in block["injected_ids"]
    used = data(await call("feedback", {"response": "We use the staging database atlas-db-2."}))
    assert memory_id in used["used"]

    assert "atlas-db-2" in data(await call("get", {"memory_id": memory_id[:10]}))["content"]
    new = data(
        await call(
            "update",
            {
                "memory_id": memory_id,
                "content": "The staging database is atlas-db-3",
                "reason": "moved",
            },
        )
    )
    assert new["supersedes"] == memory_id
    events = data(await call("history", {"memory_id": new["id"]}))["events"]
    assert {"created", "superseded"} <= {e["event"] for e in events}
    trusted = data(
        await call("outcome", {"memory_ids": [new["id"]], "success": True, "task": "deploy"})
    )
    assert trusted["memory_ids"] == [new["id"]]

    lesson = data(await call("correct", {"correction": "No, use pnpm not npm"}))
    assert lesson["text"] == "User prefers pnpm over npm."
    lessons = data(await call("lessons", {}))["lessons"]
    assert [m["id"] for m in lessons] == [lesson["memory_id"]]

    item = data(
        await call("working_add", {"content": "Investigating the flaky deploy job on atlas node 7"})
    )
    promoted = data(await call("working_promote", {"item_id": item["id"]}))
    assert promoted["promoted_to"]

    episode = data(
        await call(
            "episode_start", {"task": "upgrade the atlas cluster", "constraints": ["no downtime"]}
        )
    )["episode"]
    acted = data(
        await call(
            "episode_action",
            {
                "episode_id": episode["id"],
                "action": "command",
                "target": "atlas-3",
                "description": "drain the node",
                "result": "ok",
            },
        )
    )
    assert len(acted["actions"]) == 1
    ended = data(
        await call(
            "episode_end",
            {
                "episode_id": episode["id"],
                "success": True,
                "learnings": ["drain nodes one at a time"],
            },
        )
    )
    assert ended["status"] == "completed" and ended["success"] is True
    assert "rules" in data(await call("rules", {}))
    assert "rules" in data(
        await call("rules", {"text": "upgrade the cluster", "tool_name": "kubectl"})
    )
    due = data(await call("triggers", {"due": True}))["triggers"]
    assert [t["message"] for t in due] == ["The atlas certificate expires"]
    assert data(await call("triggers", {"status": "done"}))["triggers"] == []
    cancelled = data(await call("trigger_cancel", {"trigger_id": due[0]["id"]}))
    assert cancelled["status"] == "cancelled" and cancelled["provenance"]["source"] == "api"
    assert data(await call("triggers", {"due": True}))["triggers"] == []
    assert "no trigger" in error(await call("trigger_cancel", {"trigger_id": foreign_id}))

    gone = data(await call("forget", {"memory_id": new["id"], "reason": "obsolete"}))
    assert gone["status"] == "forgotten"
    assert data(await call("forget", {"memory_id": new["id"]}))["status"] == "forgotten"

    # resources: the scope's summaries, promoted memories and lessons
    uris = {str(r.uri) for r in (await client.list_resources()).resources}
    assert {"remem://summaries", "remem://promoted", "remem://lessons"} <= uris
    templates = (await client.list_resource_templates()).resource_templates
    assert "remem://summaries/{category}" in {t.uri_template for t in templates}
    lessons_md = (await client.read_resource("remem://lessons")).contents[0]
    assert "pnpm" in lessons_md.text  # type: ignore[union-attr]
    promoted_md = (await client.read_resource("remem://promoted")).contents[0]
    assert promoted_md.text.startswith("# Promoted memories")  # type: ignore[union-attr]
    summary_md = (await client.read_resource("remem://summaries/work")).contents[0]
    assert summary_md.text  # type: ignore[union-attr]

    # lessons and rules: where each came from; revoking one
    assert lessons[0]["source"].startswith("user correction in session")
    wrong = data(await call("correct", {"correction": "Never deploy on Fridays"}))
    gone = data(await call("lesson_revoke", {"lesson_id": wrong["memory_id"], "reason": "no"}))
    assert gone["revoked"]["reason"] == "no" and gone["status"] == "forgotten"
    assert [m["id"] for m in data(await call("lessons", {}))["lessons"]] == [lesson["memory_id"]]
    held = data(await call("lessons", {"include_held": True}))["lessons"]
    assert {m["id"] for m in held} == {lesson["memory_id"], wrong["memory_id"]}
    assert "no rule" in error(await call("rule_revoke", {"rule_id": episode["id"]}))

    # failures a client can cause: one line each, nothing of another scope, no secret
    assert "no memory" in error(await call("get", {"memory_id": foreign_id}))
    assert "no memory" in error(await call("forget", {"memory_id": foreign_id}))
    assert "no memory" in error(await call("history", {"memory_id": foreign_id[:8]}))
    assert "no memory" in error(
        await call("outcome", {"memory_ids": [foreign_id], "success": False})
    )
    assert "unknown argument user_id" in error(
        await call("search", {"query": "x", "user_id": "someone"})
    )
    bad = error(await call("search", {"query": SECRET, "limit": "many"}))
    assert "bad arguments: limit" in bad and SECRET not in bad
    assert "query" in error(await call("search", {}))
    assert "limit" in error(await call("search", {"query": "x", "limit": 0}))
    leaked = error(await call("get", {"memory_id": SECRET}))
    assert SECRET not in leaked and "REDACTED" in leaked
    told = await call("remember", {"content": f"Remember that my api key is {SECRET}"})
    assert SECRET not in told.model_dump_json()
    assert "Unknown tool" in error(await call("frobnicate", {}))
    unknown = error(await call(SECRET, {}))
    assert "Unknown tool" in unknown and SECRET not in unknown
    return {"forgotten": new["id"], "lesson": lesson["memory_id"], "episode": episode["id"]}
