"""Two ``remem serve`` replicas (real processes, loopback ports) on one PostgreSQL
store, as behind a load balancer: a write through one is read through the other, a
key made or revoked by the CLI on a third process is honoured by both at once, a job
and the write rate is counted per replica
(by design: docs/rest.md, docs/postgres.md)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.server.test_serve_process import _run, _start


@pytest.fixture
def pg_env(tmp_path: Path, pg_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_STORE_URL": pg_url,
    }


@pytest.fixture
def replicas(pg_env: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Two services on the one store: their URLs."""
    procs: list[subprocess.Popen[str]] = []
    urls = []
    try:
        for _ in range(2):
            proc, (url,) = _start(pg_env, "--port", "0")
            procs.append(proc)
            urls.append(url)
        yield urls[0], urls[1]
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            assert proc.wait(timeout=30) == 0
            proc.communicate(timeout=30)


def _key(env: dict[str, str], *args: str) -> tuple[str, str]:
    made = _run(env, "keys", "create", "--user", "maya", *args, "--json")
    assert made.returncode == 0, made.stderr
    result = json.loads(made.stdout)["result"]
    return result["key"], result["id"]


def _client(url: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60)


def test_a_write_through_one_replica_is_read_through_the_other(
    pg_env: dict[str, str], replicas: tuple[str, str]
) -> None:
    key, _ = _key(pg_env, "--role", "writer")
    a_url, b_url = replicas
    with _client(a_url, key) as a, _client(b_url, key) as b:
        assert b.post("/v1/search", json={"query": "deploys"}).json() == []  # B's index built
        made = a.post("/v1/memories", json={"content": "Maya deploys on Mondays"})
        assert made.status_code == 201, made.text
        memory_id = made.json()["memories"][0]["id"]
        assert b.get(f"/v1/memories/{memory_id}").json()["content"] == "Maya deploys on Mondays"
        hits = b.post("/v1/search", json={"query": "deploys"}).json()
        assert [h["memory"]["id"] for h in hits] == [memory_id]  # B's index caught up
        changed = b.patch(f"/v1/memories/{memory_id}", json={"content": "Maya deploys on Fridays"})
        assert changed.status_code == 200, changed.text
        new_id = changed.json()["id"]
        hits = a.post("/v1/search", json={"query": "deploys Fridays"}).json()
        assert hits[0]["memory"]["id"] == new_id
        assert a.get(f"/v1/memories/{memory_id}").json()["status"] == "superseded"
        events = [e["event"] for e in a.get(f"/v1/memories/{new_id}/history").json()]
        assert {"created", "superseded"} <= set(events)


def test_a_key_revoked_through_the_cli_is_refused_by_both_replicas(
    pg_env: dict[str, str], replicas: tuple[str, str]
) -> None:
    key, key_id = _key(pg_env, "--role", "reader")
    for url in replicas:
        with _client(url, key) as c:
            assert c.get("/v1/whoami").json()["key_id"] == key_id
    assert _run(pg_env, "keys", "revoke", key_id).returncode == 0
    for url in replicas:  # no restart, no cache to expire: refused at once
        with _client(url, key) as c:
            assert c.get("/v1/whoami").status_code == 401


def test_the_write_rate_is_counted_by_each_replica(
    pg_env: dict[str, str], replicas: tuple[str, str]
) -> None:
    key, _ = _key(pg_env, "--role", "writer", "--rate", "2")
    a_url, b_url = replicas
    with _client(a_url, key) as a, _client(b_url, key) as b:
        for i in range(2):
            assert a.post("/v1/memories", json={"content": f"Maya note {i}"}).status_code == 201
        refused = a.post("/v1/memories", json={"content": "Maya note 2"})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        # the other replica keeps its own bucket: N replicas allow N times the rate
        assert b.post("/v1/memories", json={"content": "Maya note 3"}).status_code == 201
        listed = b.get("/v1/memories").json()
    assert sorted(m["content"] for m in listed["items"]) == [
        "Maya note 0",
        "Maya note 1",
        "Maya note 3",
    ]
