"""Claude through the Anthropic Messages API.

Registered as the ``anthropic`` LLM provider. POSTs to
``{llm_base_url or https://api.anthropic.com}/v1/messages`` with the standard
library only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from remem.errors import ProviderError, UserError
from remem.providers.http import NO_MODEL_MESSAGE, post_json
from remem.providers.registry import register_llm

if TYPE_CHECKING:
    from remem.config import Config

ANTHROPIC_BASE_URL = "https://api.anthropic.com"
ANTHROPIC_VERSION = "2023-06-01"

_URL_SETTING = "REMEM_LLM_BASE_URL"
_KEY_SETTING = "REMEM_LLM_API_KEY"


class AnthropicChat:
    """An :class:`~remem.providers.base.LLM` backed by ``POST /v1/messages``.

    System messages are moved to the request's ``system`` field. The Messages
    API has no ``response_format``, so a ``json_schema`` is given to the model
    as a system instruction instead; the caller validates the reply.
    """

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None,
        base_url: str = ANTHROPIC_BASE_URL,
        timeout: float = 30.0,
    ) -> None:
        if not model:
            raise UserError(NO_MODEL_MESSAGE)
        self._model = model
        self._url = base_url.rstrip("/") + "/v1/messages"
        self._api_key = api_key
        self._timeout = timeout

    def __repr__(self) -> str:
        # The key is deliberately left out.
        return f"AnthropicChat(model={self._model!r}, url={self._url!r})"

    @property
    def model_id(self) -> str:
        """``anthropic:<model>``."""
        return f"anthropic:{self._model}"

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        json_schema: dict[str, object] | None = None,
        temperature: float = 0.0,
        max_tokens: int = 2048,
    ) -> str:
        """The concatenated text blocks of the model's reply."""
        system = [m["content"] for m in messages if m.get("role") == "system"]
        if json_schema is not None:
            system.append(
                "Reply with a single JSON object and nothing else. It must match this "
                "JSON schema:\n" + json.dumps(json_schema)
            )
        payload: dict[str, Any] = {
            "model": self._model,
            "max_tokens": max_tokens,
            "temperature": temperature,
            "messages": [
                {"role": m["role"], "content": m["content"]}
                for m in messages
                if m.get("role") != "system"
            ],
        }
        if system:
            payload["system"] = "\n\n".join(system)
        headers = {"anthropic-version": ANTHROPIC_VERSION}
        if self._api_key:
            headers["x-api-key"] = self._api_key
        reply = post_json(
            self._url,
            payload,
            headers=headers,
            timeout=self._timeout,
            secret=self._api_key,
            url_setting=_URL_SETTING,
            key_setting=_KEY_SETTING,
        )
        return self._text(reply)

    def _text(self, reply: Any) -> str:
        blocks = reply.get("content") if isinstance(reply, dict) else None
        if not isinstance(blocks, list):
            raise ProviderError(
                f"{self._url} returned no content list — is it the Anthropic Messages API?"
            )
        texts = [
            block["text"]
            for block in blocks
            if isinstance(block, dict)
            and block.get("type") == "text"
            and isinstance(block.get("text"), str)
        ]
        if not texts:
            reason = reply.get("stop_reason")
            raise ProviderError(f"{self._url} returned no text blocks (stop_reason {reason!r})")
        return "".join(texts)


def _factory(config: Config) -> AnthropicChat:
    if not config.llm_model:
        raise UserError(NO_MODEL_MESSAGE)
    base_url = config.llm_base_url or ANTHROPIC_BASE_URL
    if not config.llm_api_key and base_url == ANTHROPIC_BASE_URL:
        # Fail at start-up, not at the first extraction. A proxy at another
        # base URL may hold the key itself, so only the real API requires one.
        raise UserError("no Anthropic API key configured — set REMEM_LLM_API_KEY")
    return AnthropicChat(
        config.llm_model,
        api_key=config.llm_api_key,
        base_url=base_url,
        timeout=config.provider_timeout_s,
    )


register_llm("anthropic", _factory)
