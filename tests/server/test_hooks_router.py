"""POST /hooks/claude-code/{event} over real loopback HTTP: Claude Code's ``type:
"http"`` hooks (and ``remem hook``) answered by the service, in the caller's scope."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.server.conftest import Live, make_live

from remem.agent import MemoryAgent
from remem.config import Config
from remem.memory import Memory
from remem.model import Scope

BACKENDS = ("sqlite", "postgres")

SESSION = "0b6f2c1e-8d4a-4c3b-9e7f-2a1d5c6b7e80"


def payload(event: str, cwd: Path, **fields: Any) -> dict[str, Any]:
    return {
        "session_id": SESSION,
        "transcript_path": str(cwd / "missing.jsonl"),
        "cwd": str(cwd),
        "permission_mode": "default",
        "hook_event_name": event,
        **fields,
    }


def project(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    (path / ".git").mkdir(parents=True)
    return path


def test_a_keys_hooks_answer_in_the_keys_scope(live: Live, tmp_path: Path) -> None:
    key = live.key("writer", user_id="alice", namespace="atlas")
    cwd = project(tmp_path, "elsewhere")  # the payload's cwd names no scope for a key
    remember = "Remember that the staging database is atlas-db-2"
    with live.client(key) as http:
        start = http.post("/hooks/claude-code/SessionStart", json=payload("SessionStart", cwd))
        assert start.status_code == 200 and start.json() == {}  # nothing to recall yet
        said = http.post(
            "/hooks/claude-code/UserPromptSubmit",
            json=payload("UserPromptSubmit", cwd, prompt=remember),
        )
        assert said.status_code == 200
        out = said.json()["hookSpecificOutput"]
        assert out["hookEventName"] == "UserPromptSubmit"
        assert "## Remembered now" in out["additionalContext"]
        asked = http.post(
            "/hooks/claude-code/UserPromptSubmit",
            json=payload("UserPromptSubmit", cwd, prompt="which database does staging use?"),
        )
        assert "atlas-db-2" in asked.json()["hookSpecificOutput"]["additionalContext"]
    with Memory(config=live.config) as mem:
        assert mem.list(user_id="alice", namespace="atlas").total == 1
        assert mem.list(user_id="alice", namespace="elsewhere").total == 0


def test_long_work_answers_at_once_and_is_done_after(live: Live, tmp_path: Path) -> None:
    key = live.key("writer", user_id="alice", namespace="atlas")
    cwd = project(tmp_path, "atlas")
    with live.client(key) as http:
        http.post("/hooks/claude-code/SessionStart", json=payload("SessionStart", cwd))
        ended = http.post(
            "/hooks/claude-code/SessionEnd", json=payload("SessionEnd", cwd, reason="logout")
        )
        assert ended.status_code == 200 and ended.json() == {}
    deadline = time.monotonic() + 60
    with Memory(config=live.config) as mem:
        agent = MemoryAgent(mem, user_id="alice", namespace="atlas")
        while agent.session(SESSION).ended_at is None:
            assert time.monotonic() < deadline, "the session end never ran"
            time.sleep(0.1)


def test_the_local_token_answers_in_the_projects_default_scope(
    local_live: Live, tmp_path: Path
) -> None:
    from remem.app import default_scope
    from remem.server import local

    token = local.read_token(local_live.config.token_path)
    cwd = project(tmp_path, "atlas")
    with local_live.client(token) as http:
        said = http.post(
            "/hooks/claude-code/UserPromptSubmit",
            json=payload("UserPromptSubmit", cwd, prompt="Remember that the VPN is wg-atlas"),
        )
    assert said.status_code == 200, said.text
    scope = default_scope(local_live.config, cwd=cwd)
    assert scope.namespace == "atlas"
    with Memory(config=local_live.config) as mem:
        found = mem.list(user_id=scope.user_id, namespace="atlas").items
    assert [m.content for m in found] == ["The VPN is wg-atlas."]


def test_bad_hooks_are_refused_in_the_error_shape(live: Live, tmp_path: Path) -> None:
    key = live.key("writer", user_id="alice")
    reader = live.key("reader", user_id="alice")
    cwd = project(tmp_path, "atlas")
    with live.client(key) as http:
        wrong = http.post("/hooks/claude-code/Stop", json=payload("SessionEnd", cwd))
        assert wrong.status_code == 422 and "not Stop" in wrong.json()["error"]["message"]
        unknown = http.post("/hooks/claude-code/Nope", json={"session_id": "s1"})
        assert unknown.status_code == 422
        assert http.post("/hooks/claude-code/Stop", json=[1, 2]).status_code == 422
    with live.client(reader) as http:  # a hook writes (observe, sessions): a reader may not
        denied = http.post("/hooks/claude-code/SessionStart", json=payload("SessionStart", cwd))
        assert denied.status_code == 403
    with live.client() as http:
        assert http.post("/hooks/claude-code/Stop", json={}).status_code == 401


def test_a_prompt_is_answered_first_and_its_writes_follow(live: Live, tmp_path: Path) -> None:
    key = live.key("writer", user_id="alice", namespace="atlas")
    cwd = project(tmp_path, "atlas")
    with Memory(config=live.config) as mem:
        mem.add("The staging database is atlas-db-2", user_id="alice", namespace="atlas")
    prompt = payload("UserPromptSubmit", cwd, prompt="which database does staging use today?")
    with live.client(key) as http:
        said = http.post("/hooks/claude-code/UserPromptSubmit", json=prompt)
        text = http.post("/hooks/claude-code/UserPromptSubmit?output=stdout", json=prompt)
    assert said.status_code == 200 and text.status_code == 200
    context = said.json()["hookSpecificOutput"]["additionalContext"]
    assert "atlas-db-2" in context
    # what the command hook prints: the context as plain text
    assert text.headers["content-type"].startswith("text/plain")
    assert text.text.startswith(context.split("\n\n")[0]) and "atlas-db-2" in text.text
    # no further request: the service does the turns' writes after answering
    scope = Scope(user_id="alice", namespace="atlas")
    deadline = time.monotonic() + 60
    with Memory(config=live.config) as mem:
        while mem.store.has_pending() or len(mem.store.list_checkpoints(SESSION, scope)) < 2:
            assert time.monotonic() < deadline, "the answered turns were never written"
            time.sleep(0.05)
        session = mem.store.get_session(SESSION, scope)
        assert session is not None and session.injected
        assert [c.op for c in mem.store.session_costs(SESSION, scope)].count("recall") == 2


def test_a_restarted_service_does_what_the_last_one_answered(
    server_config: Config, tmp_path: Path
) -> None:

    with Memory(config=server_config) as mem:
        agent = MemoryAgent(mem, user_id="alice", namespace="atlas")
        agent.recall(SESSION, "which database does staging use?", defer=True)
        agent.observe(SESSION, "user", "which database does staging use?", defer=True)
        assert mem.store.has_pending()  # answered, then the service died
    for _live in make_live(server_config):  # its start settles the journal
        with Memory(config=server_config) as mem:
            assert not mem.store.has_pending()
            points = mem.store.list_checkpoints(SESSION, Scope(user_id="alice", namespace="atlas"))
            assert [p.user_input for p in points] == ["which database does staging use?"]
