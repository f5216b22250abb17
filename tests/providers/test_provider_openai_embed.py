"""The OpenAI-compatible embeddings client against a real loopback HTTP server."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np
import pytest

from remem.config import Config
from remem.errors import ProviderError, UserError
from remem.providers.base import Embedder
from remem.providers.http import HTTPStatusError
from remem.providers.openai_embed import OpenAIEmbedder
from remem.providers.registry import get_embedder

if TYPE_CHECKING:
    from conftest import FakeServer

KEY = "sk-test-secret-123"


def _data(*rows: tuple[int, list[float]]) -> dict[str, object]:
    return {"data": [{"index": i, "embedding": v} for i, v in rows], "model": "m"}


def _client(server: FakeServer, **kwargs: object) -> OpenAIEmbedder:
    options: dict[str, object] = {"base_url": server.url + "/v1", "api_key": KEY, "timeout": 5.0}
    options.update(kwargs)
    return OpenAIEmbedder("nomic-embed-text", **options)  # type: ignore[arg-type]


def test_batches_restore_order_by_index_and_normalise(server: FakeServer) -> None:
    # The second batch comes back out of order; "index" puts it right.
    server.reply(_data((0, [3.0, 4.0]), (1, [0.0, 2.0])))
    server.reply(_data((1, [1.0, 0.0]), (0, [0.0, -5.0])))
    client = _client(server, batch_size=2)
    vectors = client.embed_documents(["a", "b", "c", "d"])
    expected = [[0.6, 0.8], [0.0, 1.0], [0.0, -1.0], [1.0, 0.0]]
    np.testing.assert_allclose(vectors, expected, atol=1e-6)
    assert vectors.dtype == np.float32
    assert client.dim == 2
    assert client.model_id == "openai:nomic-embed-text"
    assert isinstance(client, Embedder)
    assert [r.body["input"] for r in server.requests] == [["a", "b"], ["c", "d"]]


def test_request_path_body_and_auth_header(server: FakeServer) -> None:
    server.reply(_data((0, [1.0, 1.0])))
    vector = _client(server).embed_query("hello")
    assert vector.shape == (2,)
    (request,) = server.requests
    assert request.path == "/v1/embeddings"
    assert request.body == {"model": "nomic-embed-text", "input": ["hello"]}
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.headers["content-type"] == "application/json"


def test_no_key_sends_no_auth_header(server: FakeServer) -> None:
    server.reply(_data((0, [1.0])))
    _client(server, api_key=None).embed_query("x")
    assert "authorization" not in server.requests[0].headers


def test_dim_probes_once_and_empty_input(server: FakeServer) -> None:
    server.reply(_data((0, [1.0, 2.0, 3.0])))
    client = _client(server)
    assert client.embed_documents([]).shape == (0, 3)
    assert client.dim == 3
    assert len(server.requests) == 1


def test_configured_dim_mismatch(server: FakeServer) -> None:
    server.reply(_data((0, [1.0, 2.0, 3.0])))
    with pytest.raises(ProviderError, match=r"3-dimensional vectors .* expected 4"):
        _client(server, dim=4).embed_query("x")


@pytest.mark.parametrize(
    "body",
    [
        {"data": []},
        {"error": "nope"},
        _data((0, [1.0]), (0, [2.0])),
        _data((0, [1.0]), (1, [1.0, 2.0])),
        _data((0, "abc"), (1, [1.0])),
    ],
)
def test_unusable_replies(server: FakeServer, body: object) -> None:
    server.reply(body)
    with pytest.raises(ProviderError):
        _client(server).embed_documents(["a", "b"])


def test_malformed_json(server: FakeServer) -> None:
    server.reply(b"<html>not json</html>")
    with pytest.raises(ProviderError, match=r"malformed JSON reply from .*/v1/embeddings"):
        _client(server).embed_query("x")


def test_server_error(server: FakeServer) -> None:
    server.reply({"error": "boom"}, status=500)
    with pytest.raises(HTTPStatusError, match=r"HTTP 500.*boom") as info:
        _client(server).embed_query("x")
    assert info.value.status == 500


def test_auth_error_masks_the_key(server: FakeServer) -> None:
    server.reply({"error": f"Incorrect API key provided: {KEY}"}, status=401)
    with pytest.raises(ProviderError, match="OPENAI_API_KEY") as info:
        _client(server).embed_query("x")
    assert KEY not in str(info.value)
    assert KEY not in repr(_client(server))


def test_timeout(server: FakeServer) -> None:
    server.reply(_data((0, [1.0])), delay=3.0)
    started = time.monotonic()
    with pytest.raises(ProviderError, match=r"did not answer within 0\.3s"):
        _client(server, timeout=0.3).embed_query("x")
    assert time.monotonic() - started < 2.0


def test_connection_refused(refused_url: str) -> None:
    client = OpenAIEmbedder("m", base_url=refused_url + "/v1", api_key=KEY, timeout=2.0)
    with pytest.raises(ProviderError) as info:
        client.embed_query("x")
    message = str(info.value)
    assert f"cannot reach {refused_url}/v1/embeddings: connection refused" in message
    assert "REMEM_OPENAI_BASE_URL" in message
    assert KEY not in message


def test_not_a_url() -> None:
    with pytest.raises(UserError, match="REMEM_OPENAI_BASE_URL"):
        OpenAIEmbedder("m", base_url="localhost:11434").embed_query("x")


def test_registry_factory_uses_config(server: FakeServer) -> None:
    config = Config(
        embedder="openai",
        openai_base_url=server.url + "/v1/",
        openai_embed_model="bge-m3",
        openai_api_key=KEY,
        embed_batch_size=1,
    )
    embedder = get_embedder("openai", config)
    server.reply(_data((0, [1.0])))
    server.reply(_data((0, [2.0])))
    assert embedder.embed_documents(["a", "b"]).shape == (2, 1)
    assert embedder.model_id == "openai:bge-m3"
    assert [r.path for r in server.requests] == ["/v1/embeddings"] * 2
