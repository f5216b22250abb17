"""Provider protocols: what remem needs from an embedder and from an LLM.

Each protocol has one or two required methods, so a new provider is one small
module. Providers are built by name through :mod:`remem.providers.registry`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors.

    ``model_id`` names the vector space: it is stored beside every vector, and
    vectors of different model ids are never compared.
    """

    @property
    def model_id(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Vectors for texts being stored, shape ``(len(texts), dim)``."""
        ...

    def embed_query(self, text: str) -> Vectors:
        """The vector for one search query, shape ``(dim,)``."""
        ...


@runtime_checkable
class LLM(Protocol):
    """A chat model: messages in, text out."""

    @property
    def model_id(self) -> str: ...

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        json_schema: dict[str, object] | None = None,
        temperature: float = 0.0,
        max_tokens: int = 2048,
    ) -> str:
        """The model's reply to ``messages`` (``{"role", "content"}`` dicts).

        With ``json_schema`` the provider asks for JSON output matching it where
        the server supports that; the caller still validates the reply.
        """
        ...


@runtime_checkable
class TokenEmbedder(Protocol):
    """An embedder that can also return its per-token output vectors (for the
    late-interaction search stage)."""

    @property
    def model_id(self) -> str: ...

    def embed_with_tokens(
        self, texts: Sequence[str]
    ) -> tuple[Vectors, list[Vectors], list[list[int]]]:
        """``(pooled vectors, per-text token vectors, per-text token ids)`` in one pass;
        pooled rows equal ``embed_documents(texts)``, token rows are L2-normalised."""
        ...


def token_embedder(embedder: object) -> TokenEmbedder | None:
    """``embedder`` if it offers token vectors, else None (the late stage is skipped)."""
    return embedder if isinstance(embedder, TokenEmbedder) else None


def informative_tokens(
    embedder: object, vectors: Vectors, ids: Sequence[int]
) -> tuple[Vectors, list[int]]:
    """``vectors``/``ids`` without the rows of low-information tokens (punctuation,
    function words) when ``embedder`` names them (``low_information_ids()``)."""
    named = getattr(embedder, "low_information_ids", None)
    if named is None:
        return vectors, list(ids)
    drop = named()
    keep = [i for i, token in enumerate(ids) if token not in drop]
    if not keep:  # a text of only function words keeps what it has
        return vectors, list(ids)
    return vectors[keep], [ids[i] for i in keep]


def l2_normalise(matrix: npt.NDArray[np.floating]) -> Vectors:
    """Rows scaled to unit length (zero rows stay zero), as float32."""
    out = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(out, axis=-1, keepdims=True)
    norms[norms == 0] = 1.0
    return (out / norms).astype(np.float32, copy=False)
