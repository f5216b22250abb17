"""The injection attack suite through the MCP tools that make lessons and rules, on
both backends: a spread of the blind corpus's attacks (every language, encoding and
markup of its dev half) as the ``correct`` tool's correction and as ``episode_end``
learnings; after a reflection no rule or lesson holds any of them, and neither the
``context`` tool nor a session start nor a PreToolUse block (``before_tool``) shows one."""

from __future__ import annotations

import anyio
import pytest

from attack_rows import ATTACKS, marker

pytest.importorskip("mcp")

from mcp import Client

from mcp_scenario import data
from remem import mcp as remem_mcp
from remem.app import agent_for
from remem.memory import Memory
from remem.model import Scope, utcnow

BACKENDS = ("sqlite", "postgres")
SCOPE = Scope(user_id="maya", namespace="atlas")


def test_attacks_through_correct_and_episode_end(mem: Memory) -> None:
    assert len(ATTACKS) >= 40
    agent = agent_for(mem, SCOPE)
    server = remem_mcp.build_server(agent, session_id="s-mcp")
    texts = [r["text"] for r in ATTACKS]

    async def run(client: Client) -> str:
        for text in texts:
            lesson = data(await client.call_tool("correct", {"correction": text}))
            assert lesson["action"] == "flagged", text
        for batch in range(3):
            started = await client.call_tool("episode_start", {"task": f"deploy atlas {batch}"})
            episode = data(started)["episode"]
            ended = data(
                await client.call_tool(
                    "episode_end",
                    {"episode_id": episode["id"], "success": True, "learnings": texts},
                )
            )
            assert ended["learnings"] == [] and len(ended["withheld"]) == len(texts)
        agent.rules.reflect(now=utcnow())
        assert data(await client.call_tool("lessons", {}))["lessons"] == []
        assert data(await client.call_tool("rules", {}))["rules"] == []
        block = data(await client.call_tool("context", {"query": "deploy atlas safely"}))
        return str(block["text"])

    async def main() -> str:
        async with Client(server) as client:
            return await run(client)

    shown = " ".join(anyio.run(main).split()).casefold()
    start = " ".join(agent.start_session("s-next", opening="deploy atlas").text.split()).casefold()
    # MCP has no PreToolUse tool: the same agent's before_tool, the attack as the input
    tools = " ".join(
        " ".join(agent.before_tool("s-next", "Bash", {"command": t}).text.split()) for t in texts
    ).casefold()
    assert [r["id"] for r in ATTACKS if marker(r["text"]) in shown + start + tools] == []
