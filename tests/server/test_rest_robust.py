"""The REST service and odd input: NaN and infinity in a JSON body are refused (422)
with nothing written; a row damaged anyway breaks no listing; a query past
``max_query_bytes`` is refused; no error message holds a server path."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from tests.server.conftest import Live, make_live

from remem.config import Config


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Live]:
    """The service on a SQLite file (the damage below is planted in it)."""
    config = Config(
        home=tmp_path / "home", embedder="fake", db_path=tmp_path / "srv.db", max_query_bytes=512
    )
    yield from make_live(config)


def _raw(live: Live, key: str, path: str, body: str) -> tuple[int, dict]:
    with live.client(key) as c:
        r = c.post(path, content=body, headers={"Content-Type": "application/json"})
    return r.status_code, r.json()


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", '[1, {"y": NaN}]'])
def test_nonfinite_numbers_in_a_body_are_refused(small: Live, literal: str) -> None:
    key = small.key("writer")
    for body in (
        f'{{"content": "The office is in Berlin", "metadata": {{"x": {literal}}}}}',
        f'{{"content": "The office is in Berlin", "importance": {literal}}}',
        f'{{"content": "The office is in Berlin", "infer": false, "confidence": {literal}}}',
    ):
        status, answer = _raw(small, key, "/v1/memories", body)
        assert status == 422, answer
        assert answer["error"]["code"] == "invalid"
    status, answer = _raw(
        small, key, "/v1/search", f'{{"query": "office", "threshold": {literal}}}'
    )
    assert status == 422, answer
    with small.client(key) as c:
        assert c.get("/v1/memories").json()["total"] == 0


def test_a_damaged_row_breaks_no_listing_and_errors_hold_no_server_path(
    small: Live, tmp_path: Path
) -> None:
    key = small.key("writer")
    with small.client(key) as c:
        made = c.post("/v1/memories", json={"content": "The office is in Berlin"}).json()
        c.post("/v1/memories", json={"content": "Lunch is at noon", "metadata": {"x": 2}})
    (memory_id,) = [m["id"] for m in made["memories"]]
    db = tmp_path / "srv.db"
    with closing(sqlite3.connect(db)) as conn:
        conn.execute(
            'UPDATE memories SET data = \'{"metadata": {"x": NaN}}\' WHERE id = ?', (memory_id,)
        )
        conn.commit()
    with small.client(key) as c:
        listed = c.get("/v1/memories", params={"filters": '{"metadata.x": 2}'})
        assert listed.status_code == 200 and listed.json()["total"] == 1
        assert c.get("/v1/memories").status_code == 200
        one = c.get(f"/v1/memories/{memory_id}")
        assert one.status_code == 200 and one.json()["data"]["metadata"] == {"x": None}
    with closing(sqlite3.connect(db)) as conn:  # a store damaged past what reads survive
        conn.execute("DROP TABLE triggers")
        conn.commit()
    with small.client(key) as c:
        r = c.get("/v1/triggers")
    assert r.status_code == 503, r.text
    assert str(tmp_path) not in r.text and "srv.db" not in r.text
    assert "<server path>" in r.json()["error"]["message"]


def test_a_query_over_the_bound_is_refused(small: Live) -> None:
    key = small.key("writer")
    with small.client(key) as c:
        c.post("/v1/memories", json={"content": "The office is in Berlin"})
        ok = c.post("/v1/search", json={"query": "office " * 70})
        assert ok.status_code == 200
        for path, body in (
            ("/v1/search", {"query": "office " * 80}),
            ("/v1/context", {"query": "office " * 80}),
        ):
            r = c.post(path, json=body)
            assert r.status_code == 422, r.text
            assert "max_query_bytes" in r.json()["error"]["message"].lower() or (
                "REMEM_MAX_QUERY_BYTES" in r.json()["error"]["message"]
            )
        too_big = c.post("/v1/search", json={"query": "office " * 400_000})
        assert too_big.status_code == 413
        assert c.get("/v1/memories").json()["total"] == 1
