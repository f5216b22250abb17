"""What the write path stores for each text: its pooled vector and, when the
embedder can make them, its packed token vectors — from one model pass."""

from __future__ import annotations

from collections.abc import Sequence

from remem.providers.base import Vectors, informative_tokens, token_embedder
from remem.store.base import PackedTokens
from remem.store.codec import pack_tokens


def embed_for_store(
    embedder: object, texts: Sequence[str], *, drop_low_information: bool = True
) -> tuple[Vectors, list[PackedTokens] | None]:
    """Pooled vectors for ``texts`` and, if the embedder offers them, their packed
    token vectors, from one model pass. ``embedder`` must be an Embedder. With
    ``drop_low_information`` punctuation and function-word token rows are not kept
    (config ``late_drop_stopwords``)."""
    tokens = token_embedder(embedder)
    if tokens is None:
        pooled: Vectors = embedder.embed_documents(texts)  # type: ignore[attr-defined]
        return pooled, None
    pooled, vectors, ids = tokens.embed_with_tokens(texts)
    packed = []
    for token_ids, rows in zip(ids, vectors, strict=True):
        if drop_low_information:
            rows, token_ids = informative_tokens(embedder, rows, token_ids)
        packed.append(pack_tokens(token_ids, rows))
    return pooled, packed
