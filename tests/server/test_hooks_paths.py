"""A REST caller never makes the service read a file of the server's disk.

The hook routes take a Claude Code payload whose ``transcript_path`` names a file.
For the local token (this machine's user, who owns the store file, over the unix
socket or loopback) the service reads it, as ``remem hook`` would in-process; for an
API key it never does: a key can only hand the transcript over as content
(``transcript``, bounded by the request body's limit). Real HTTP on loopback, real files planted on disk."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import Live
from tests.storeview import stored_text

from remem.agent import MemoryAgent
from remem.config import Config
from remem.errors import NotFoundError
from remem.memory import Memory
from remem.model import Scope

BACKENDS = ("sqlite", "postgres")

SESSION = "5d7e1c2a-1111-4c3b-9e7f-2a1d5c6b7e80"
MARKER = "quokkamarmalade"  # only in the planted file


def planted_transcript(path: Path) -> Path:
    """A Claude Code transcript whose every line would become a memory if read."""
    lines = [
        {"type": "user", "message": {"role": "user", "content": f"I prefer the {MARKER} cluster"}},
        {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": [{"type": "text", "text": f"Noted: the {MARKER} cluster it is."}],
            },
        },
        {"type": "user", "message": {"role": "user", "content": f"My {MARKER} pin is 4411"}},
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    return path


def hook(event: str, cwd: Path, path: Path | str, **fields: Any) -> dict[str, Any]:
    return {
        "session_id": SESSION,
        "transcript_path": str(path),
        "cwd": str(cwd),
        "hook_event_name": event,
        **fields,
    }


def everything_stored(config: Config) -> str:
    """Every row the store holds (memories, events, resources, sessions...), as text."""
    return stored_text(config.store_url or config.database)


def wait_ended(config: Config, scope: Scope) -> None:
    """Until the hook's session has ended (long work is done after the answer)."""
    from remem.app import agent_for

    deadline = time.monotonic() + 60
    with Memory(config=config) as mem:
        agent = agent_for(mem, scope)
        while True:
            with contextlib.suppress(NotFoundError):  # not opened yet
                if agent.session(SESSION).ended_at is not None:
                    return
            assert time.monotonic() < deadline, "the session end never ran"
            time.sleep(0.1)


def test_a_key_cannot_make_the_service_read_a_server_file(live: Live, tmp_path: Path) -> None:
    secret = planted_transcript(tmp_path / "server-only" / "t.jsonl")
    plain = tmp_path / "server-only" / "notes.txt"
    plain.write_text(f"User: I prefer the {MARKER} cluster\n", "utf-8")
    cwd = tmp_path / "atlas"
    (cwd / ".git").mkdir(parents=True)
    key = live.key("writer", user_id="alice", namespace="atlas")
    with live.client(key) as http:
        assert http.post("/hooks/claude-code/SessionStart", json=hook("SessionStart", cwd, secret))
        for path in (secret, plain, "/etc/passwd"):
            for event in ("Stop", "PreCompact"):
                said = http.post(f"/hooks/claude-code/{event}", json=hook(event, cwd, path))
                assert said.status_code == 200, said.text
        ended = http.post("/hooks/claude-code/SessionEnd", json=hook("SessionEnd", cwd, secret))
        assert ended.status_code == 200
    wait_ended(live.config, Scope(user_id="alice", namespace="atlas"))
    stored = everything_stored(live.config)
    assert MARKER not in stored
    assert "root:" not in stored  # /etc/passwd's first line
    with live.client(key) as http:  # nor can the key find it through any read route
        assert MARKER not in http.post("/v1/search", json={"query": MARKER}).text
        assert MARKER not in http.get("/v1/export").text


def test_a_key_hands_the_transcript_over_as_content(live: Live, tmp_path: Path) -> None:
    text = planted_transcript(tmp_path / "client-side.jsonl").read_text("utf-8")
    cwd = tmp_path / "atlas"
    (cwd / ".git").mkdir(parents=True)
    key = live.key("writer", user_id="alice", namespace="atlas")
    elsewhere = tmp_path / "nowhere.jsonl"  # the client's path: nothing on the server
    with live.client(key) as http:
        ended = http.post(
            "/hooks/claude-code/SessionEnd",
            json=hook("SessionEnd", cwd, elsewhere, transcript=text),
        )
        assert ended.status_code == 200, ended.text
    wait_ended(live.config, Scope(user_id="alice", namespace="atlas"))
    with Memory(config=live.config) as mem:
        contents = [m.content for m in mem.list(user_id="alice", namespace="atlas").items]
    assert any(MARKER in c for c in contents), contents


def test_a_transcript_past_the_bound_is_refused_with_nothing_written(
    live: Live, tmp_path: Path
) -> None:
    cwd = tmp_path / "atlas"
    (cwd / ".git").mkdir(parents=True)
    key = live.key("writer", user_id="alice", namespace="atlas")
    line = json.dumps({"type": "user", "message": {"role": "user", "content": MARKER * 40}})
    big = (line + "\n") * (live.config.server_max_body_bytes // len(line) + 2)
    with live.client(key) as http:
        refused = http.post(
            "/hooks/claude-code/SessionEnd",
            json=hook("SessionEnd", cwd, "x", transcript=big),
        )
        wrong = http.post(
            "/hooks/claude-code/PreCompact", json=hook("PreCompact", cwd, "x", transcript=[1])
        )
    assert refused.status_code == 413, refused.text
    assert "server_max_body_bytes" in refused.json()["error"]["message"]
    assert wrong.status_code == 422
    time.sleep(0.3)  # a long-work hook would have been answered and done after
    assert MARKER not in everything_stored(live.config)


def test_the_local_token_still_reads_its_own_transcript(local_live: Live, tmp_path: Path) -> None:
    from remem.app import default_scope
    from remem.server import local

    transcript = planted_transcript(tmp_path / "claude" / "t.jsonl")
    cwd = tmp_path / "atlas"
    (cwd / ".git").mkdir(parents=True)
    token = local.read_token(local_live.config.token_path)
    with local_live.client(token) as http:
        ended = http.post("/hooks/claude-code/SessionEnd", json=hook("SessionEnd", cwd, transcript))
        assert ended.status_code == 200
    scope = default_scope(local_live.config, cwd=cwd)
    wait_ended(local_live.config, scope)
    with Memory(config=local_live.config) as mem:
        contents = [
            m.content for m in mem.list(user_id=scope.user_id, namespace=scope.namespace).items
        ]
    assert any(MARKER in c for c in contents), contents


@pytest.mark.parametrize("surface", ["rest", "mcp"])
def test_no_remote_surface_takes_a_path(surface: str, config: Config) -> None:
    """Audit: no REST body or query field and no MCP tool argument names a file or a
    directory (the hook payload's ``transcript_path`` / ``cwd`` aside, read for the
    local token only)."""
    names: set[str] = set()
    if surface == "rest":
        from remem.server.app import create_app

        schema = create_app(config).openapi()
        for item in schema["paths"].values():
            for op in item.values():
                names.update(p["name"] for p in op.get("parameters", []) if p["in"] != "path")
        for model in schema["components"]["schemas"].values():
            names.update(model.get("properties", {}))
    else:
        import asyncio

        from remem.mcp import build_server

        with Memory(config=config) as mem:
            server = build_server(MemoryAgent(mem, user_id="alice"), session_id="s")
            tools = asyncio.run(server.list_tools())
        for tool in tools:
            names.update(tool.input_schema.get("properties", {}))
    pathlike = {n for n in names if any(w in n.lower() for w in ("path", "file", "dir"))}
    assert pathlike == set(), pathlike


def test_a_handed_over_transcript_that_is_none_is_logged_not_raised(
    live: Live, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Long work runs after the answer is sent: a ``transcript`` that is no transcript
    (a path where content belongs, plain words) fails there. It is one warning in the
    log, and the connection goes on; raised, it reset the connection (the client's
    next request on it failed) and logged a traceback."""
    import logging

    cwd = tmp_path / "atlas"
    (cwd / ".git").mkdir(parents=True)
    key = live.key("writer", user_id="alice", namespace="atlas")
    with caplog.at_level(logging.WARNING), live.client(key) as http:
        for event in ("Stop", "PreCompact", "SessionEnd"):
            bad = hook(event, cwd, "x", transcript=str(tmp_path / "t.jsonl"))
            assert http.post(f"/hooks/claude-code/{event}", json=bad).status_code == 200
            assert http.get("/v1/whoami").status_code == 200  # the same connection
        deadline = time.monotonic() + 30
        while len([r for r in caplog.records if "not done" in r.getMessage()]) < 2:
            assert time.monotonic() < deadline, [r.getMessage() for r in caplog.records]
            time.sleep(0.05)
        assert http.post("/v1/search", json={"query": "anything"}).status_code == 200
    failed = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert failed == [], [r.getMessage() for r in failed]
