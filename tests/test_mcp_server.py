"""The MCP server in-process (the SDK's client on an in-memory connection): the
whole client session of tests/mcp_scenario.py, the resources of one scope, the
one-line redacted logs, and `remem mcp` without the extra."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client

from mcp_scenario import SECRET, exercise
from remem import mcp as remem_mcp
from remem import mcp_run
from remem.agent.triggers import Triggers
from remem.app import agent_for
from remem.memory import Memory
from remem.model import Scope, utcnow
from remem.store.base import FieldChange
from remem.write.summaries import refresh_summaries

SCOPE = Scope(user_id="maya", namespace="atlas")


def _serve(mem: Memory, body: Any, **kw: Any) -> Any:
    server = remem_mcp.build_server(agent_for(mem, SCOPE, **kw), session_id="s-test")

    async def run() -> Any:
        async with Client(server) as client:
            return await body(client)

    return anyio.run(run)


def test_a_whole_client_session(mem: Memory) -> None:
    (foreign,) = mem.add("The billing database is bill-db-1", user_id="maya", namespace="billing")
    Triggers(mem, SCOPE).add("The atlas certificate expires", on=utcnow() - timedelta(days=1))
    ids = _serve(mem, lambda client: exercise(client, foreign_id=foreign.id))
    assert mem.get(ids["episode"], **_kw(SCOPE)).kind.value == "episodic"
    assert mem.get(foreign.id, user_id="maya").status.value == "active"


def test_resources_show_this_scope_only(mem: Memory) -> None:
    (mine,) = mem.add("Maya's laptop is a ThinkPad X1", **_kw(SCOPE), category="work")
    (theirs,) = mem.add("Bob's laptop is a MacBook", user_id="bob", category="work")
    mem.store.change_fields(
        [FieldChange(r.id, "active", {"promoted": True}) for r in (mine, theirs)]
    )
    for scope in (SCOPE, Scope(user_id="bob")):  # add leaves summaries to the jobs
        refresh_summaries(mem.store, scope, ["work"], config=mem.config)

    async def read(client: Client) -> dict[str, str]:
        out = {}
        for uri in ("remem://promoted", "remem://summaries", "remem://summaries/work"):
            out[uri] = (await client.read_resource(uri)).contents[0].text  # type: ignore[union-attr]
        return out

    texts = _serve(mem, read)
    assert "ThinkPad" in texts["remem://promoted"] and "MacBook" not in texts["remem://promoted"]
    assert "MacBook" not in texts["remem://summaries"] + texts["remem://summaries/work"]
    assert "ThinkPad" in texts["remem://summaries/work"]
    assert texts["remem://summaries/work"].count("# work") == 1  # one heading per summary


def test_untrusted_memories_need_the_servers_opt_in(mem: Memory) -> None:
    mem.add("The deploy key rotates every Friday", **_kw(SCOPE), trusted=False)

    async def search(client: Client) -> Any:
        result = await client.call_tool("search", {"query": "deploy key rotates"})
        return result.structured_content

    assert _serve(mem, search)["facts"] == []
    (fact,) = _serve(mem, search, include_untrusted=True)["facts"]
    assert "untrusted" in fact["tags"]


def test_logs_are_one_redacted_stderr_line(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        mcp_run.quiet_logging()
        try:
            raise RuntimeError(f"provider said\n{SECRET}")
        except RuntimeError:
            logging.getLogger("mcp.server").exception("Tool %r raised", "search")
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith("remem mcp: error: Tool 'search' raised (RuntimeError: provider said")
    assert SECRET not in line and "Traceback" not in line


def test_without_the_extra_the_error_names_it(tmp_path: Path) -> None:
    probe = (  # a fresh process where `mcp` cannot be imported, as without the extra
        "import sys\n"
        "sys.modules['mcp'] = None\n"
        "from remem.cli import main\n"
        "sys.argv = ['remem', 'mcp']\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**os.environ, "REMEM_HOME": str(tmp_path), "REMEM_EMBEDDER": "fake"},
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "error: the MCP server needs the mcp extra: pip install '.[mcp]' in remem's checkout"
    )


def _kw(scope: Scope) -> dict[str, Any]:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "namespace": scope.namespace}
