"""What the write path stores for each text: its pooled vector and, when the
embedder can make them, its packed token vectors — from one model pass."""

from __future__ import annotations

from collections.abc import Sequence

from remem.providers.base import Vectors, token_embedder
from remem.store.base import PackedTokens
from remem.store.codec import pack_tokens


def embed_for_store(
    embedder: object, texts: Sequence[str]
) -> tuple[Vectors, list[PackedTokens] | None]:
    """Pooled vectors for ``texts`` and, if the embedder offers them, their packed
    token vectors, from one model pass. ``embedder`` must be an Embedder."""
    tokens = token_embedder(embedder)
    if tokens is None:
        pooled: Vectors = embedder.embed_documents(texts)  # type: ignore[attr-defined]
        return pooled, None
    pooled, vectors, ids = tokens.embed_with_tokens(texts)
    return pooled, [pack_tokens(i, v) for i, v in zip(ids, vectors, strict=True)]
