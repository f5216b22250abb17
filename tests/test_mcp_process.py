"""`remem mcp` in a real process, driven by the MCP SDK's own client: over stdio
(the client launches it) and over streamable HTTP on loopback (``--http``). The
same session each time (tests/mcp_scenario.py): every tool, the resources, bad
arguments and another scope's ids; then the store is checked from outside."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters

from mcp_scenario import exercise
from remem.agent.triggers import Triggers
from remem.config import Config
from remem.memory import Memory
from remem.model import Scope, Status, utcnow
from remem.store.base import ListFilter

REMEM = str(Path(sys.executable).with_name("remem"))
SCOPE = Scope(user_id="maya", namespace="atlas")  # the server's default scope below


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Any]:
    """A project folder (the server's working directory), a store with a memory of
    another project of the same user, and a due trigger in the server's scope."""
    project = tmp_path / "atlas"
    (project / ".git").mkdir(parents=True)
    home = tmp_path / "home"
    config = Config(home=home, embedder="fake")
    with Memory(config=config) as mem:
        (foreign,) = mem.add(
            "The billing database is bill-db-1", user_id="maya", namespace="billing"
        )
        Triggers(mem, SCOPE).add("The atlas certificate expires", on=utcnow() - timedelta(days=1))
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "LOGNAME": "maya",
        "USER": "maya",
        "REMEM_HOME": str(home),
        "REMEM_EMBEDDER": "fake",
    }
    if "PYTHONPATH" in os.environ:  # a checkout run against another venv's script
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return {"project": project, "config": config, "foreign": foreign.id, "env": env}


def _check_store(world: dict[str, Any], ids: dict[str, Any]) -> None:
    with Memory(config=world["config"]) as mem:
        assert mem.get(ids["forgotten"], **_kw(SCOPE)).status is Status.FORGOTTEN
        assert mem.get(world["foreign"], user_id="maya").status is Status.ACTIVE
        sessions = mem.store.list_sessions(SCOPE)
        # the server's own session was ended (its working memory flushed) when it stopped
        assert sessions and all(s.ended_at is not None for s in sessions), sessions


def test_stdio_server_in_a_subprocess(world: dict[str, Any]) -> None:
    params = StdioServerParameters(
        command=REMEM, args=["mcp"], env=world["env"], cwd=str(world["project"])
    )

    async def session() -> dict[str, Any]:
        async with Client(params) as client:
            return await exercise(client, foreign_id=world["foreign"])

    ids = anyio.run(session)
    _check_store(world, ids)


HELLO = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]


def test_stdio_stdout_is_protocol_only(world: dict[str, Any]) -> None:
    messages = [
        *HELLO,
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "get", "arguments": {"memory_id": "deadbeef00"}},
        },
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "nope"}},
    ]
    server = subprocess.Popen(
        [REMEM, "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=world["env"],
        cwd=world["project"],
    )
    watchdog = threading.Timer(120, server.kill)  # a hung server fails the test, not CI
    watchdog.start()
    try:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("".join(json.dumps(m) + "\n" for m in messages))
        server.stdin.flush()
        # every line the server writes is a JSON-RPC message; four answers come back
        replies = [json.loads(server.stdout.readline()) for _ in range(4)]
        server.stdin.close()  # end of the session: the server stops
        server.wait(timeout=60)
        rest, err = server.stdout.read(), server.stderr.read()  # type: ignore[union-attr]
    finally:
        watchdog.cancel()
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()
    assert server.returncode == 0, err
    assert rest == ""
    assert all(r.get("jsonrpc") == "2.0" for r in replies)
    assert sorted(r["id"] for r in replies) == [1, 2, 3, 4]
    by_id = {r["id"]: r for r in replies}
    assert by_id[3]["result"]["isError"] is True
    assert "Traceback" not in err


def test_sigterm_stops_stdio_cleanly_and_ends_the_session(world: dict[str, Any]) -> None:
    note = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "working_add", "arguments": {"content": "Rebasing the atlas branch"}},
    }
    server = subprocess.Popen(
        [REMEM, "mcp", "--session", "s-term"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=world["env"],
        cwd=world["project"],
    )
    watchdog = threading.Timer(120, server.kill)
    watchdog.start()
    try:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("".join(json.dumps(m) + "\n" for m in [*HELLO, note]))
        server.stdin.flush()
        replies = [json.loads(server.stdout.readline()) for _ in range(2)]
        server.send_signal(signal.SIGTERM)  # stdin still open: the client did not leave
        server.wait(timeout=60)
        err = server.stderr.read()  # type: ignore[union-attr]
    finally:
        watchdog.cancel()
        for pipe in (server.stdin, server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()
    assert replies[1]["result"]["isError"] is False
    assert server.returncode == 0, err
    assert "Traceback" not in err
    with Memory(config=world["config"]) as mem:
        assert mem.store.get_session("s-term", SCOPE).ended_at is not None  # type: ignore[union-attr]


def test_http_server_in_a_subprocess(world: dict[str, Any]) -> None:
    server = subprocess.Popen(
        [REMEM, "mcp", "--http", "--port", "0"],
        env=world["env"],
        cwd=world["project"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stderr.readline()  # type: ignore[union-attr]
        assert line.startswith("remem mcp: serving http://127.0.0.1:"), line
        url = line.split()[-1]

        async def session() -> dict[str, Any]:
            async with Client(url) as client:
                return await exercise(client, foreign_id=world["foreign"])

        ids = anyio.run(session)
        # DNS rebinding: the same request is served from this host, refused from another
        authority = url.split("//")[1].split("/")[0]
        assert _initialize(authority, {}) == 200
        assert _initialize(authority, {"Host": "evil.example"}) == 421
        assert _initialize(authority, {"Origin": "http://evil.example"}) == 403
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0, err
    assert out == ""  # nothing but the protocol, and HTTP carries that
    assert "Traceback" not in err
    _check_store(world, ids)


def _initialize(authority: str, headers: dict[str, str]) -> int:
    """The status of a well-formed MCP initialize POST with these extra headers."""
    host, port = authority.split(":")
    probe = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        probe.request(
            "POST",
            "/mcp",
            body=json.dumps(HELLO[0]),
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
                **headers,
            },
        )
        return probe.getresponse().status
    finally:
        probe.close()


def test_http_refuses_a_non_loopback_host(world: dict[str, Any]) -> None:
    done = subprocess.run(
        [REMEM, "mcp", "--http", "--host", "0.0.0.0"],
        capture_output=True,
        text=True,
        env=world["env"],
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "loopback only" in done.stderr


def _kw(scope: Scope) -> dict[str, str | None]:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "namespace": scope.namespace}


def test_http_port_in_use_is_one_error_line(world: dict[str, Any]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [REMEM, "mcp", "--http", "--port", str(port)],
            capture_output=True,
            text=True,
            env=world["env"],
            cwd=world["project"],
            timeout=60,
        )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in done.stderr


def _mcp_calls(
    world: dict[str, Any], session: str, calls: list[tuple[str, dict[str, Any]]]
) -> list[Any]:
    """Run ``remem mcp --session SESSION`` over stdio, make these tool calls, end it;
    each call's structured result."""
    messages = [*HELLO] + [
        {"jsonrpc": "2.0", "id": n, "method": "tools/call",
         "params": {"name": name, "arguments": arguments}}
        for n, (name, arguments) in enumerate(calls, start=2)
    ]  # fmt: skip
    server = subprocess.Popen(
        [REMEM, "mcp", "--session", session],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=world["env"],
        cwd=world["project"],
    )
    watchdog = threading.Timer(120, server.kill)  # a hung server fails the test, not CI
    watchdog.start()
    try:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("".join(json.dumps(m) + "\n" for m in messages))
        server.stdin.flush()
        replies = [json.loads(server.stdout.readline()) for _ in range(len(calls) + 1)]
        server.stdin.close()  # end of the session: the server stops
        server.wait(timeout=60)
        err = server.stderr.read()  # type: ignore[union-attr]
    finally:
        watchdog.cancel()
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()
    assert server.returncode == 0, err
    by_id = {r["id"]: r for r in replies}
    out = []
    for n in range(2, len(calls) + 2):
        result = by_id[n]["result"]
        assert result["isError"] is False, result
        out.append(result["structuredContent"])
    return out


def test_a_correction_through_mcp_is_a_lesson_at_the_next_session_start(
    world: dict[str, Any],
) -> None:
    # the model hands the user's words to `remember` or to `correct`: either way a lesson
    told, corrected = _mcp_calls(
        world,
        "s-mcp",
        [
            ("remember", {"content": "no, don't use npm in this repo, always pnpm"}),
            ("correct", {"correction": "you forgot the changelog again, update CHANGELOG.md"}),
        ],
    )
    assert told["decisions"] == [] and "pnpm" in told["lesson"]["text"]
    assert "CHANGELOG.md" in corrected["text"]
    # the next session, in Claude Code: its SessionStart hook (a process) shows both
    payload = {"session_id": "s-next", "cwd": str(world["project"]),
               "hook_event_name": "SessionStart", "source": "startup"}  # fmt: skip
    env = world["env"] | {"REMEM_HOOKS_AUTOSTART_SERVICE": "false"}
    start = subprocess.run(
        [REMEM, "hook", "SessionStart"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        env=env,
        cwd=world["project"],
        timeout=120,
        check=False,
    )
    assert start.returncode == 0 and not start.stderr, start.stderr
    lessons = start.stdout.split("## Lessons", 1)[1].split("\n## ", 1)[0]
    assert "pnpm" in lessons and "CHANGELOG.md" in lessons
    with Memory(config=world["config"]) as mem:  # and no fact was stored from them
        facts = mem.list(filters=ListFilter(kinds=("semantic",)), **_kw(SCOPE)).items
        assert not any("pnpm" in m.content or "CHANGELOG" in m.content for m in facts)
