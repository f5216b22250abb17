"""Late interaction with the bundled MiniLM model (slow: loads the ONNX model)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from remem.config import Config
from remem.memory import Memory
from remem.providers.onnx import OnnxMiniLMEmbedder

pytestmark = pytest.mark.slow


def test_one_pass_matches_separate_calls() -> None:
    embedder = OnnxMiniLMEmbedder()
    texts = ["Caroline went to the LGBTQ support group", "ok", "Melanie painted a sunrise."]
    pooled, tokens, ids = embedder.embed_with_tokens(texts)
    assert np.allclose(pooled, embedder.embed_documents(texts), atol=1e-5)
    assert ids == embedder.token_ids(texts)
    for mine, theirs in zip(tokens, embedder.embed_tokens(texts), strict=True):
        assert np.allclose(mine, theirs, atol=1e-5)


def test_default_search_uses_token_vectors(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", config=Config(home=tmp_path / "home")) as mem:
        mem.add(
            [
                {"role": "user", "content": "Caroline: I went to the LGBTQ support group."},
                {"role": "user", "content": "Melanie: I painted a sunrise by the lake."},
                {"role": "user", "content": "Melanie: The kids loved the pottery class."},
            ],
            namespace="c",
            session_id="s1",
            infer=False,
        )
        per_memory = mem.stats()["token_vectors"]["all-MiniLM-L6-v2-int8"]
        assert per_memory["count"] == 3
        hits = mem.search("What did Melanie paint?", namespace="c")
        assert hits[0].memory.content.startswith("Melanie: I painted")
        assert "late" in hits[0].sources


def test_onnx_low_information_ids_are_punctuation_and_function_words() -> None:
    from remem.providers.onnx import OnnxMiniLMEmbedder

    embedder = OnnxMiniLMEmbedder()
    ids = embedder.token_ids(["The WRX oil change, due soon?"])[0]
    drop = embedder.low_information_ids()
    kept = [i for i in ids if i not in drop]
    assert 0 < len(kept) < len(ids)  # "the", "," and "?" go; "wrx", "oil", "change" stay
    tokenizer_vocab = {v: k for k, v in embedder._load()[0].get_vocab().items()}
    assert {tokenizer_vocab[i] for i in ids if i in drop} == {"the", ",", "?"}
