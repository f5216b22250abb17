"""A model-free embedder: signed feature hashing of words and character 3-grams.

Registered as the ``hashing`` embedder. It needs no download and is fast, so it
suits tests and machines without the ONNX runtime. Texts that share words (or
word fragments) get a high cosine; it knows nothing of synonyms.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from hashlib import blake2b
from typing import TYPE_CHECKING

import numpy as np

from remem.errors import UserError
from remem.providers.base import Vectors, l2_normalise
from remem.providers.registry import register_embedder

if TYPE_CHECKING:
    from remem.config import Config

_WORD = re.compile(r"\w+")
# Whole words carry more meaning than the fragments they share with other words.
_WORD_WEIGHT = 1.0
_GRAM_WEIGHT = 0.35


@lru_cache(maxsize=1 << 16)
def _slot(feature: str, dim: int) -> tuple[int, float]:
    # blake2b, not hash(): hash() is salted per process, and stored vectors
    # must mean the same thing in the next process.
    digest = int.from_bytes(blake2b(feature.encode("utf-8"), digest_size=8).digest(), "little")
    sign = 1.0 if digest >> 63 else -1.0  # signs keep collisions from adding up
    return digest % dim, sign


def _features(text: str) -> list[tuple[str, float]]:
    features: list[tuple[str, float]] = []
    for word in _WORD.findall(text.lower()):
        features.append(("w:" + word, _WORD_WEIGHT))
        padded = f"<{word}>"  # marks word starts and ends, so "cat" != "scatter"
        features.extend(("c:" + padded[i : i + 3], _GRAM_WEIGHT) for i in range(len(padded) - 2))
    return features


class HashingEmbedder:
    """Deterministic feature-hashing :class:`~remem.providers.base.Embedder`.

    Lower-cased word tokens and their character 3-grams are hashed with blake2b
    into ``dim`` signed buckets and the result is L2-normalised. A text with no
    word characters embeds to the zero vector.
    """

    # its cosine is shared words and letters, not meaning: two statements told in other
    # words are far apart, so a low cosine is no evidence that they are two things
    # (remem.write.supersede turns the update check's "apart" floors off for it)
    lexical = True

    def __init__(self, dim: int = 256, *, model_id: str | None = None) -> None:
        if dim < 8:
            raise UserError(f"hashing embedder dim must be at least 8, got {dim}")
        self._dim = dim
        self._model_id = model_id or f"hashing-v1-{dim}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(dim={self._dim}, model_id={self._model_id!r})"

    @property
    def model_id(self) -> str:
        """``hashing-v1-<dim>`` unless given at construction."""
        return self._model_id

    @property
    def dim(self) -> int:
        """Vector length."""
        return self._dim

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Vectors for ``texts``, shape ``(len(texts), dim)``."""
        if isinstance(texts, str):
            raise UserError("embed_documents takes a list of texts, not one string")
        matrix = np.zeros((len(texts), self._dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in _features(text):
                slot, sign = _slot(feature, self._dim)
                matrix[row, slot] += sign * weight
        return l2_normalise(matrix)

    def embed_query(self, text: str) -> Vectors:
        """The vector for one query, shape ``(dim,)``."""
        vector: Vectors = self.embed_documents([text])[0]
        return vector


def _factory(config: Config) -> HashingEmbedder:
    return HashingEmbedder()


register_embedder("hashing", _factory)
