"""Embeddings from any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp.

Registered as the ``openai`` embedder. Uses only the standard library: it
POSTs ``{"model", "input": [...]}`` to ``{openai_base_url}/embeddings`` in
batches and L2-normalises what comes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.errors import ProviderError, UserError
from remem.providers.base import Vectors, l2_normalise
from remem.providers.http import post_json
from remem.providers.registry import register_embedder

if TYPE_CHECKING:
    from remem.config import Config

_URL_SETTING = "REMEM_OPENAI_BASE_URL"
_KEY_SETTING = "REMEM_OPENAI_API_KEY or OPENAI_API_KEY"


class OpenAIEmbedder:
    """An :class:`~remem.providers.base.Embedder` backed by ``POST /embeddings``.

    ``dim`` is taken from the first reply unless given; asking for it before
    anything was embedded sends one short probe request.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str = "https://api.openai.com/v1",
        api_key: str | None = None,
        timeout: float = 30.0,
        batch_size: int = 64,
        dim: int | None = None,
    ) -> None:
        if not model:
            raise UserError("no embedding model configured — set REMEM_OPENAI_EMBED_MODEL")
        if batch_size < 1:
            raise UserError(f"batch_size must be at least 1, got {batch_size}")
        self._model = model
        self._url = base_url.rstrip("/") + "/embeddings"
        self._api_key = api_key
        self._timeout = timeout
        self._batch_size = batch_size
        self._dim = dim

    def __repr__(self) -> str:
        # The key is deliberately left out.
        return f"OpenAIEmbedder(model={self._model!r}, url={self._url!r})"

    @property
    def model_id(self) -> str:
        """``openai:<model>``."""
        return f"openai:{self._model}"

    @property
    def dim(self) -> int:
        """Vector length; probes the server once if no reply has been seen yet."""
        if self._dim is None:
            self._request(["dimension probe"])
        assert self._dim is not None  # set by _request or it raised
        return self._dim

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Vectors for ``texts``, shape ``(len(texts), dim)``, in input order."""
        if isinstance(texts, str):
            raise UserError("embed_documents takes a list of texts, not one string")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        batches = [
            self._request(list(texts[start : start + self._batch_size]))
            for start in range(0, len(texts), self._batch_size)
        ]
        return np.vstack(batches)

    def embed_query(self, text: str) -> Vectors:
        """The vector for one query, shape ``(dim,)``."""
        vector: Vectors = self._request([text])[0]
        return vector

    def _request(self, batch: list[str]) -> Vectors:
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        reply = post_json(
            self._url,
            {"model": self._model, "input": batch},
            headers=headers,
            timeout=self._timeout,
            secret=self._api_key,
            url_setting=_URL_SETTING,
            key_setting=_KEY_SETTING,
        )
        matrix = self._parse(reply, len(batch))
        if self._dim is None:
            self._dim = matrix.shape[1]
        elif matrix.shape[1] != self._dim:
            raise ProviderError(
                f"{self._url} returned {matrix.shape[1]}-dimensional vectors for model "
                f"{self._model!r}, expected {self._dim} — did the server's model change?"
            )
        return l2_normalise(matrix)

    def _parse(self, reply: Any, expected: int) -> np.ndarray:
        data = reply.get("data") if isinstance(reply, dict) else None
        if not isinstance(data, list) or len(data) != expected:
            got = len(data) if isinstance(data, list) else "no"
            raise ProviderError(
                f"{self._url} returned {got} embeddings for {expected} inputs — "
                "is it an OpenAI-compatible /embeddings endpoint?"
            )
        rows: list[Any] = [None] * expected
        for position, item in enumerate(data):
            # Replies may come out of order; "index" says where each belongs.
            index = item.get("index", position) if isinstance(item, dict) else None
            vector = item.get("embedding") if isinstance(item, dict) else None
            if not isinstance(index, int) or not 0 <= index < expected or rows[index] is not None:
                raise ProviderError(f"{self._url} returned a bad or repeated index {index!r}")
            if not isinstance(vector, list) or not vector:
                raise ProviderError(
                    f"{self._url} returned no embedding list at index {index} — "
                    "base64 encodings are not supported"
                )
            rows[index] = vector
        try:
            matrix = np.asarray(rows, dtype=np.float32)
        except (TypeError, ValueError) as exc:
            raise ProviderError(f"{self._url} returned ragged or non-numeric vectors") from exc
        if matrix.ndim != 2 or not np.isfinite(matrix).all():
            raise ProviderError(f"{self._url} returned ragged or non-finite vectors")
        return matrix


def _factory(config: Config) -> OpenAIEmbedder:
    return OpenAIEmbedder(
        config.openai_embed_model,
        base_url=config.openai_base_url,
        api_key=config.openai_api_key,
        timeout=config.provider_timeout_s,
        batch_size=config.embed_batch_size,
    )


register_embedder("openai", _factory)
