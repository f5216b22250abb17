"""The default ONNX MiniLM embedder (needs the installed model, so marked slow)."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

from remem.errors import UserError
from remem.providers import onnx
from remem.providers.base import Embedder
from remem.providers.onnx import OnnxMiniLMEmbedder

pytestmark = pytest.mark.slow

TEXTS = [
    "The cat sat on the mat",
    "A cat is sitting on a mat",
    "Quarterly tax filing deadline",
    "",
    "Replace the timing belt on the 2014 Corolla at 100,000 miles, and the water pump too",
    "ok",
    "Postgres failover took eleven minutes because the replica lagged behind the primary",
]


@pytest.fixture(scope="module")
def embedder() -> OnnxMiniLMEmbedder:
    # A batch of 3 makes the length sort mix the input order across batches.
    return OnnxMiniLMEmbedder(batch_size=3, threads=1)


def test_shape_norm_and_protocol(embedder: OnnxMiniLMEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    vectors = embedder.embed_documents(TEXTS)
    assert vectors.shape == (len(TEXTS), 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embedder.embed_documents([]).shape == (0, 384)


def test_length_sorted_batches_keep_input_order(embedder: OnnxMiniLMEmbedder) -> None:
    together = embedder.embed_documents(TEXTS)
    alone = np.vstack([embedder.embed_query(text) for text in TEXTS])
    np.testing.assert_allclose(together, alone, atol=1e-4)


def test_similar_sentences_are_closer(embedder: OnnxMiniLMEmbedder) -> None:
    cat, cat2, tax = embedder.embed_documents(TEXTS[:3])
    assert float(cat @ cat2) > 0.8
    assert float(cat @ cat2) > float(cat @ tax) + 0.5


def test_long_input_is_truncated(embedder: OnnxMiniLMEmbedder) -> None:
    (ids,) = embedder.token_ids(["word " * 1000])
    assert len(ids) == 254  # 256 minus [CLS] and [SEP]
    assert embedder.embed_query("word " * 1000).shape == (384,)


def test_embed_tokens_match_token_ids(embedder: OnnxMiniLMEmbedder) -> None:
    tokens = embedder.embed_tokens(TEXTS)
    ids = embedder.token_ids(TEXTS)
    assert len(tokens) == len(ids) == len(TEXTS)
    for matrix, token_ids in zip(tokens, ids, strict=True):
        assert matrix.shape == (len(token_ids), 384)
        assert matrix.dtype == np.float32
        if len(token_ids):
            np.testing.assert_allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)
    assert ids[3] == []  # the empty text
    assert ids[0] == [1996, 4937, 2938, 2006, 1996, 13523]  # the cat sat on the mat
    # Specials and padding are gone: a short text's tokens do not depend on its batch.
    (alone,) = embedder.embed_tokens([TEXTS[5]])
    np.testing.assert_allclose(tokens[5], alone, atol=1e-4)


def test_concurrent_first_use_loads_once(monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[int] = []
    real_load = onnx._load_session

    def counting_load(*args: Any) -> Any:
        loads.append(1)
        return real_load(*args)

    monkeypatch.setattr(onnx, "_load_session", counting_load)
    embedder = OnnxMiniLMEmbedder()
    results: list[np.ndarray] = []
    threads = [
        threading.Thread(target=lambda: results.append(embedder.embed_query("hello")))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4
    assert len(loads) == 1
    for vector in results[1:]:
        np.testing.assert_allclose(vector, results[0], atol=1e-6)


def test_single_string_refused(embedder: OnnxMiniLMEmbedder) -> None:
    with pytest.raises(UserError):
        embedder.embed_documents("not a list")


def test_spinning_is_off_unless_configured() -> None:
    from remem.config import Config
    from remem.providers.registry import get_embedder

    def spins(embedder: Any) -> str:
        embedder.embed_query("hello")  # loads the session
        options = embedder._session.get_session_options()
        return str(options.get_session_config_entry("session.intra_op.allow_spinning"))

    assert spins(OnnxMiniLMEmbedder()) == "0"
    assert spins(OnnxMiniLMEmbedder(spinning=True)) == "1"
    configured = get_embedder("onnx-minilm", Config(onnx_spinning=True))
    assert spins(configured) == "1"  # the Config key reaches it
