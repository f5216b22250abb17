"""The hashing embedder and the shipped test doubles."""

from __future__ import annotations

import numpy as np
import pytest

from remem.errors import ProviderError, UserError
from remem.providers.base import LLM, Embedder
from remem.providers.fake import FakeEmbedder, ScriptedLLM
from remem.providers.hashing import HashingEmbedder

SIMILAR = ("I drive a blue Toyota Corolla", "my car is a blue Toyota Corolla hatchback")
UNRELATED = "quarterly tax filing deadline is in April"


@pytest.mark.parametrize("embedder", [HashingEmbedder(), HashingEmbedder(64), FakeEmbedder()])
def test_shape_norm_dtype_and_protocol(embedder: HashingEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    vectors = embedder.embed_documents(["one text", "another text", "a third"])
    assert vectors.shape == (3, embedder.dim)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    query = embedder.embed_query("one text")
    assert query.shape == (embedder.dim,)
    np.testing.assert_array_equal(query, vectors[0])
    assert embedder.embed_documents([]).shape == (0, embedder.dim)


def test_deterministic_across_instances() -> None:
    # Fixed values: a salted hash() would change them in every process.
    first = HashingEmbedder().embed_query("Deterministic, please!")
    second = HashingEmbedder().embed_query("Deterministic, please!")
    np.testing.assert_array_equal(first, second)
    assert HashingEmbedder(16).embed_query("cat").tolist() == pytest.approx(
        HashingEmbedder(16).embed_query("CAT").tolist()
    )


def test_model_ids() -> None:
    assert HashingEmbedder().model_id == "hashing-v1-256"
    assert HashingEmbedder(128).model_id == "hashing-v1-128"
    assert FakeEmbedder().model_id == "fake-embedder-64"
    assert FakeEmbedder().dim == 64


@pytest.mark.parametrize("embedder", [HashingEmbedder(), FakeEmbedder()])
def test_similar_beats_unrelated(embedder: HashingEmbedder) -> None:
    a, b = embedder.embed_documents(SIMILAR)
    c = embedder.embed_query(UNRELATED)
    assert float(a @ b) > 0.5
    assert float(a @ b) > float(a @ c) + 0.3
    assert abs(float(a @ c)) < 0.3


def test_empty_text_is_zero_vector_and_string_input_refused() -> None:
    embedder = HashingEmbedder()
    assert not embedder.embed_query("  !! ").any()
    with pytest.raises(UserError):
        embedder.embed_documents("not a list")
    with pytest.raises(UserError):
        HashingEmbedder(2)


def test_fake_embedder_model_change_and_failure() -> None:
    embedder = FakeEmbedder()
    embedder.model_id = "fake-embedder-v2"
    assert embedder.model_id == "fake-embedder-v2"
    embedder.fail = ProviderError("down")
    with pytest.raises(ProviderError, match="down"):
        embedder.embed_query("x")
    embedder.fail = None
    embedder.embed_query("x")
    assert embedder.calls == 2


def test_scripted_llm_replays_records_and_runs_out() -> None:
    llm = ScriptedLLM(["first", ProviderError("boom")], model_id="fake-x")
    assert isinstance(llm, LLM)
    assert llm.model_id == "fake-x"
    messages = [{"role": "user", "content": "hi"}]
    assert llm.complete(messages, json_schema={"type": "object"}) == "first"
    with pytest.raises(ProviderError, match="boom"):
        llm.complete(messages)
    with pytest.raises(ProviderError, match="ran out after 2 replies"):
        llm.complete(messages)
    assert llm.calls == [messages] * 3
    assert llm.schemas == [{"type": "object"}, None, None]
    llm.add("later")
    assert llm.remaining == 1
    assert llm.complete(messages) == "later"
