"""Keys: hashed at rest, bound to a scope (a key never reads or writes another), a
role, revocable; the local token only in local mode, only from loopback."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import Live

from remem.config import Config
from remem.errors import NotFoundError, UserError, ValidationError
from remem.server import local
from remem.server.keys import PREFIX, Keys, digest
from remem.store.factory import open_store
from remem.validation import Limits

BACKENDS = ("sqlite", "postgres")


def test_a_key_is_stored_as_its_digest_only(
    server_config: Config, store_rows: Callable[..., list[tuple[Any, ...]]]
) -> None:
    store = open_store(server_config)
    try:
        made = Keys(store, Limits.of(server_config)).create(role="reader", user_id="alice")
        stored = store.get_api_key(made.record.id)
    finally:
        store.close()
    # the secret part is base64url and may itself hold "_": cut the known prefix off
    secret = made.key.removeprefix(f"{PREFIX}{made.record.id}_")
    assert len(secret) >= 40
    assert stored is not None and stored.digest == digest(made.key)
    assert secret not in repr(stored) and made.key not in repr(stored)
    # what the database itself holds: the digest, and nothing of the key past its id
    (row,) = store_rows("SELECT * FROM api_keys WHERE id = ?", [made.record.id])
    assert bytes(row[1]) == digest(made.key)
    assert not any(secret in v or made.key in v for v in _texts(row))
    if server_config.store_url is None:  # a SQLite file: not in any of its bytes either
        raw = b"".join(
            p.read_bytes()
            for p in server_config.database.parent.glob(server_config.database.name + "*")
        )
        assert secret.encode() not in raw and made.key.encode() not in raw


def _texts(row: Sequence[Any]) -> list[str]:
    return [bytes(v).decode("latin-1") if isinstance(v, bytes | memoryview) else str(v)
            for v in row]  # fmt: skip


def test_authenticate_refuses_forged_unknown_and_revoked_keys(server_config: Config) -> None:
    store = open_store(server_config)
    try:
        keys = Keys(store, Limits.of(server_config))
        made = keys.create(role="writer", user_id="alice", name="laptop")
        assert keys.authenticate(made.key).id == made.record.id
        forged = made.key[:-4] + ("AAAA" if not made.key.endswith("AAAA") else "BBBB")
        for bad in (forged, "remem_000000000000_" + "A" * 43, "nonsense", ""):
            with pytest.raises(UserError, match="invalid or revoked"):
                keys.authenticate(bad)
        keys.revoke(made.record.id)
        with pytest.raises(UserError, match="invalid or revoked"):
            keys.authenticate(made.key)
        assert keys.list() == [] and len(keys.list(include_revoked=True)) == 1
        with pytest.raises(NotFoundError):
            keys.revoke("0123456789ab")
        with pytest.raises(ValidationError):
            keys.create(role="root", user_id="alice")
        with pytest.raises(ValidationError):
            keys.create(role="reader")  # no scope
    finally:
        store.close()


def test_a_key_never_reaches_another_scope(live: Live) -> None:
    alice, bob = live.key("admin", user_id="alice"), live.key("admin", user_id="bob")
    with live.client(bob) as c:
        bob_id = c.post("/v1/memories", json={"content": "Bob's bank is Northwind"}).json()[
            "memories"
        ][0]["id"]
        ep = c.post("/v1/episodes", json={"task": "Bob's secret project"}).json()["id"]
        c.post("/v1/sessions/bob-s1/start", json={})
    with live.client(alice) as c:
        for method, path, body in [
            ("GET", f"/v1/memories/{bob_id}", None),
            ("GET", f"/v1/memories/{bob_id[:8]}", None),
            ("GET", f"/v1/memories/{bob_id}/history", None),
            ("PATCH", f"/v1/memories/{bob_id}", {"content": "hijacked"}),
            ("DELETE", f"/v1/memories/{bob_id}", None),
            ("POST", "/v1/outcome", {"memory_ids": [bob_id], "success": False}),
            ("GET", f"/v1/episodes/{ep}", None),
            ("POST", f"/v1/episodes/{ep}/complete", {"outcome_score": 0, "success": False}),
            ("GET", "/v1/sessions/bob-s1", None),
        ]:
            got = c.request(method, path, json=body)
            assert got.status_code == 404, (method, path, got.text)
            assert "Northwind" not in got.text and "secret project" not in got.text
        # Starting bob's session id from alice's scope is refused, not joined.
        assert c.post("/v1/sessions/bob-s1/start", json={}).status_code == 409
        assert c.post("/v1/search", json={"query": "Northwind bank"}).json() == []
        assert c.get("/v1/memories").json()["total"] == 0
        assert c.post("/v1/context", json={"query": "bank"}).json()["text"] == ""
        assert "Northwind" not in c.get("/v1/export").text
        assert c.post("/v1/erase", json={"confirm": True}).status_code == 200
    with live.client(bob) as c:  # alice's erase left bob untouched
        assert c.get(f"/v1/memories/{bob_id}").json()["content"] == "Bob's bank is Northwind"


def test_scope_fields_in_a_request_are_refused_not_obeyed(live: Live) -> None:
    with live.client(live.key("writer", user_id="alice")) as c:
        sneaky = c.post("/v1/memories", json={"content": "x y z", "user_id": "bob"})
        assert sneaky.status_code == 422
        c.post("/v1/memories", json={"content": "Alice likes rust"})
        listed = c.get("/v1/memories", params={"user_id": "bob"}).json()  # ignored query
        assert [m["user_id"] for m in listed["items"]] == ["alice"]


def test_roles(live: Live) -> None:
    with live.client(live.key("writer")) as c:
        mid = c.post("/v1/memories", json={"content": "Alice runs on Tuesdays"}).json()["memories"][
            0
        ]["id"]
        assert c.get("/v1/export").status_code == 403
        assert c.post("/v1/erase", json={"confirm": True}).status_code == 403
    with live.client(live.key("reader")) as c:
        assert c.get(f"/v1/memories/{mid}").status_code == 200
        assert c.post("/v1/search", json={"query": "Tuesdays"}).status_code == 200
        for method, path, body in [
            ("POST", "/v1/memories", {"content": "nope"}),
            ("DELETE", f"/v1/memories/{mid}", None),
            ("POST", "/v1/sessions/r1/start", {}),
            ("POST", "/v1/lessons", {"text": "use tabs"}),
        ]:
            got = c.request(method, path, json=body)
            assert got.status_code == 403, path
            assert got.json()["error"]["code"] == "forbidden"
    with live.client(live.key("admin")) as c:
        refused = c.post("/v1/erase", json={"confirm": False})
        assert refused.status_code == 400
        assert c.get(f"/v1/memories/{mid}").status_code == 200  # nothing erased


def test_missing_malformed_and_revoked_keys_get_401(live: Live) -> None:
    key = live.key("writer")
    with live.client() as c:
        assert c.get("/v1/memories").status_code == 401
        assert c.get("/v1/memories", headers={"Authorization": "Basic abc"}).status_code == 401
        got = c.get("/v1/memories", headers={"Authorization": "Bearer remem_nope"})
        assert got.status_code == 401 and got.headers["www-authenticate"] == "Bearer"
        assert "remem_nope" not in got.text
        assert c.get("/health").status_code == 200  # no key needed
    with live.client(key) as c:
        assert c.get("/v1/whoami").json()["role"] == "writer"
    store = open_store(live.config)
    try:
        Keys(store, Limits.of(live.config)).revoke(key)  # the whole key works too
    finally:
        store.close()
    with live.client(key) as c:  # revoked: refused at once, no restart
        assert c.get("/v1/whoami").status_code == 401


def test_the_local_token_is_refused_unless_local_mode_is_on(live: Live) -> None:
    token = local.ensure_token(live.config.token_path)
    with live.client(token) as c:
        got = c.get("/v1/whoami")
    assert got.status_code == 401


def test_the_local_token_opens_the_default_scope_on_loopback(local_live: Live) -> None:
    token = local.read_token(local_live.config.token_path)
    with local_live.client(token) as c:
        who = c.get("/v1/whoami").json()
        assert who == {
            "key_id": "local", "role": "admin", "user_id": "alice", "agent_id": None,
            "namespace": None,
        }  # fmt: skip
        assert c.post("/v1/memories", json={"content": "local write"}).status_code == 201
    with local_live.client(local.LOCAL_PREFIX + "x" * 43) as c:
        assert c.get("/v1/whoami").status_code == 401


def test_the_token_file_is_private_and_a_readable_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "home" / "serve.token"
    token = local.ensure_token(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert local.ensure_token(path) == token  # kept across starts
    os.chmod(path, 0o644)
    with pytest.raises(UserError, match="other users"):
        local.read_token(path)
    with pytest.raises(UserError, match="other users"):
        local.ensure_token(path)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.9.9.9", True), ("::1", True), ("[::1]", True),
     ("localhost", True), ("0.0.0.0", False), ("10.0.0.1", False), ("::", False),
     ("example.com", False), (None, False)],
)  # fmt: skip
def test_is_loopback(host: str | None, loopback: bool) -> None:
    assert local.is_loopback(host) is loopback


def test_docs_list_every_operation_of_the_openapi_document(live: Live) -> None:
    text = (Path(__file__).parents[2] / "docs" / "rest.md").read_text("utf-8")
    with live.client() as c:
        spec = c.get("/openapi.json").json()
    assert spec["components"]["securitySchemes"]  # the bearer key is declared
    missing = [
        f"{method.upper()} {path}"
        for path, ops in spec["paths"].items()
        for method in ops
        if f"`{method.upper()} {path}`" not in text
    ]
    assert not missing, f"docs/rest.md lacks: {missing}"


@pytest.mark.parametrize(
    ("client", "server", "allowed"),
    [
        (("127.0.0.1", 50000), ("127.0.0.1", 8765), True),
        (("::1", 50000), ("::1", 8765), True),
        (None, ("/home/u/.remem/remem.sock", None), True),  # a unix socket: no peer address
        (("10.0.0.5", 50000), ("10.0.0.1", 8765), False),  # another host, token or not
        (("192.168.1.9", 50000), ("127.0.0.1", 8765), False),
        (None, ("10.0.0.1", 8765), False),  # no peer on a TCP socket: not trusted
    ],
)
def test_the_local_token_only_counts_over_the_socket_or_loopback(
    server_config: Config,
    client: tuple[str, int] | None,
    server: tuple[str, int | None],
    allowed: bool,
) -> None:
    from fastapi import FastAPI
    from starlette.requests import Request

    from remem.memory import Memory
    from remem.model import Scope
    from remem.server.deps import Engine, authenticate
    from remem.server.errors import ApiError

    token = local.ensure_token(server_config.token_path)
    app = FastAPI()
    with Memory(config=server_config) as mem:
        app.state.engine = Engine(mem, local_token=token, local_scope=Scope(user_id="alice"))
        request = Request(
            {
                "type": "http",
                "method": "GET",
                "path": "/v1/whoami",
                "headers": [],
                "client": client,
                "server": server,
                "app": app,
            }
        )
        from fastapi.security import HTTPAuthorizationCredentials

        credentials = HTTPAuthorizationCredentials(scheme="Bearer", credentials=token)
        if allowed:
            assert authenticate(request, credentials).key_id == "local"
        else:
            with pytest.raises(ApiError) as caught:
                authenticate(request, credentials)
            assert caught.value.status == 401
