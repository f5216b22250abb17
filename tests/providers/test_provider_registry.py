"""Building providers by name."""

from __future__ import annotations

import pytest

from remem.config import Config
from remem.errors import UserError
from remem.providers.base import LLM, Embedder
from remem.providers.fake import FakeEmbedder, ScriptedLLM
from remem.providers.hashing import HashingEmbedder
from remem.providers.onnx import OnnxMiniLMEmbedder
from remem.providers.registry import embedder_names, get_embedder, get_llm, llm_names


def test_get_hashing_embedder() -> None:
    embedder = get_embedder("hashing", Config())
    assert isinstance(embedder, HashingEmbedder)
    assert isinstance(embedder, Embedder)
    assert embedder.embed_query("hello world").shape == (256,)


def test_fake_providers() -> None:
    assert isinstance(get_embedder("fake", Config()), FakeEmbedder)
    llm = get_llm("fake", Config())
    assert isinstance(llm, ScriptedLLM)
    assert isinstance(llm, LLM)
    assert llm.remaining == 0


def test_default_embedder_is_cheap_to_build() -> None:
    # Building must not load the model; the factory only records settings.
    embedder = get_embedder(Config().embedder, Config(embed_batch_size=8, onnx_threads=1))
    assert isinstance(embedder, OnnxMiniLMEmbedder)
    assert isinstance(embedder, Embedder)
    assert (embedder.model_id, embedder.dim) == ("all-MiniLM-L6-v2-int8", 384)
    assert embedder._session is None


def test_unknown_names_list_the_known_ones() -> None:
    with pytest.raises(UserError, match=r"unknown embedder 'nope'; known: .*hashing.*onnx-minilm"):
        get_embedder("nope", Config())
    with pytest.raises(UserError, match="unknown LLM provider 'nope'; known: anthropic, fake"):
        get_llm("nope", Config())
    assert {"fake", "hashing", "onnx-minilm", "openai"} <= set(embedder_names())
    assert {"anthropic", "fake", "openai"} <= set(llm_names())
