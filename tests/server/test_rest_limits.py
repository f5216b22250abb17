"""Write rate limits (429 + Retry-After), body size limits (413), and the one
error shape: remem's errors by class, FastAPI's own, and a crash that never shows
a traceback or a secret."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import APIRouter
from tests.server.conftest import Live, make_live

from remem.config import Config
from remem.errors import (
    ConflictError,
    EmbeddingMismatchError,
    NotAvailableError,
    NotFoundError,
    ProviderError,
    RememError,
    SchemaTooNewError,
    StoreError,
    UserError,
    ValidationError,
)
from remem.server.errors import status_of
from remem.server.ratelimit import RateLimiter

BACKENDS = ("sqlite", "postgres")


def test_writes_past_the_keys_rate_get_429_with_retry_after(live: Live) -> None:
    with live.client(live.key("writer", rate=3)) as c:
        for i in range(3):
            assert c.post("/v1/memories", json={"content": f"fact number {i}"}).status_code == 201
        refused = c.post("/v1/memories", json={"content": "one too many"})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) >= 1
        assert c.get("/v1/memories").json()["total"] == 3  # nothing written; reads still go
        assert c.post("/v1/search", json={"query": "fact"}).status_code == 200
    with live.client(live.key("writer", rate=3)) as other:  # another key has its own bucket
        assert other.post("/v1/memories", json={"content": "mine"}).status_code == 201


def test_the_server_default_rate_applies_to_keys_without_their_own(
    server_config: Config,
) -> None:
    server_config.server_write_rate_per_minute = 2
    for live in make_live(server_config):
        with live.client(live.key("writer")) as c:
            codes = [
                c.post("/v1/remember", json={"content": f"I like tea {i}"}).status_code
                for i in range(3)
            ]
        assert codes == [200, 200, 429]


def test_the_bucket_refills_at_rate_per_minute() -> None:
    now = [0.0]
    limiter = RateLimiter(clock=lambda: now[0])
    assert [limiter.take("k", 60) for _ in range(60)] == [0] * 60
    assert limiter.take("k", 60) == 1  # one token a second
    now[0] += 1.0
    assert limiter.take("k", 60) == 0
    assert limiter.take("other", 1) == 0
    assert limiter.take("other", 1) == 60  # one a minute: wait the minute
    now[0] += 30.0
    assert limiter.take("other", 1) == 30


@pytest.fixture
def small_body(server_config: Config) -> Iterator[Live]:
    server_config.server_max_body_bytes = 4096
    yield from make_live(server_config)


def test_a_body_over_the_limit_gets_413(small_body: Live) -> None:
    with small_body.client(small_body.key("writer")) as c:
        big = c.post("/v1/memories", json={"content": "x" * 5000})
        assert big.status_code == 413
        assert big.json()["error"]["code"] == "too_large"
        assert c.post("/v1/memories", json={"content": "x" * 3000}).status_code == 201

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
            yield b'{"content": "'
            for _ in range(10):
                yield b"y" * 1000
            yield b'"}'

        streamed = c.post(
            "/v1/memories", content=chunks(), headers={"content-type": "application/json"}
        )
        assert streamed.status_code == 413
        assert c.get("/v1/memories").json()["total"] == 1


def test_every_error_has_the_one_shape(live: Live) -> None:
    with live.client(live.key("writer")) as c:
        cases = [
            c.get("/v1/no-such-route"),
            c.put("/v1/memories"),  # method not allowed
            c.post(
                "/v1/memories", content=b"{not json", headers={"content-type": "application/json"}
            ),
            c.post("/v1/memories", json={"content": ""}),  # remem's own validation
            c.post("/v1/search", json={"query": "x", "limit": 0}),
            c.get("/v1/memories/0123456789abcdef0123456789abcdef"),
            c.get("/v1/memories", params={"filters": "{oops"}),
        ]
        for got in cases:
            body = got.json()
            assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, got.text
            assert got.status_code in (404, 405, 422), got.text
            assert "Traceback" not in got.text


def test_a_crash_is_a_500_without_traceback_or_secret(server_config: Config) -> None:
    boom = APIRouter()

    @boom.get("/boom")
    def _boom() -> None:
        raise RuntimeError("db password hunter2 sk-live-abcdefghijklmnopqrstuvwxyz0123")

    for live in make_live(server_config, routers=[boom]):
        with live.client() as c:
            got = c.get("/boom")
        assert got.status_code == 500
        assert got.json() == {
            "error": {"code": "internal", "message": "internal error; see the server log"}
        }


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (ConflictError("x"), 409), (NotFoundError("x"), 404), (ValidationError("x"), 422),
        (UserError("x"), 400), (StoreError("x"), 503), (SchemaTooNewError("x"), 503),
        (ProviderError("x"), 503), (NotAvailableError("x"), 503),
        (EmbeddingMismatchError("x"), 503), (RememError("x"), 500),
    ],
)  # fmt: skip
def test_remem_errors_map_to_statuses(error: RememError, status: int) -> None:
    assert status_of(error)[0] == status
