"""Chat completions from any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp.

Registered as the ``openai`` LLM provider. POSTs to ``{llm_base_url}/chat/completions``
with the standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from remem.errors import ProviderError, UserError
from remem.providers.http import NO_MODEL_MESSAGE, HTTPStatusError, post_json
from remem.providers.registry import register_llm

if TYPE_CHECKING:
    from remem.config import Config

OPENAI_BASE_URL = "https://api.openai.com/v1"

_URL_SETTING = "REMEM_LLM_BASE_URL"
_KEY_SETTING = "REMEM_LLM_API_KEY"


class OpenAIChat:
    """An :class:`~remem.providers.base.LLM` backed by ``POST /chat/completions``.

    With ``json_schema`` it asks for structured output via ``response_format``;
    a server that answers 400 naming that option is asked again without it,
    and is not offered it again.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str = OPENAI_BASE_URL,
        api_key: str | None = None,
        timeout: float = 30.0,
    ) -> None:
        if not model:
            raise UserError(NO_MODEL_MESSAGE)
        self._model = model
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._api_key = api_key
        self._timeout = timeout
        self._supports_response_format = True

    def __repr__(self) -> str:
        # The key is deliberately left out.
        return f"OpenAIChat(model={self._model!r}, url={self._url!r})"

    @property
    def model_id(self) -> str:
        """``openai:<model>``."""
        return f"openai:{self._model}"

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        json_schema: dict[str, object] | None = None,
        temperature: float = 0.0,
        max_tokens: int = 2048,
    ) -> str:
        """The content of the first choice of the model's reply."""
        payload: dict[str, Any] = {
            "model": self._model,
            "messages": [dict(m) for m in messages],
            "temperature": temperature,
            "max_tokens": max_tokens,
        }
        if json_schema is not None and self._supports_response_format:
            payload["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "facts", "schema": json_schema},
            }
        try:
            reply = self._post(payload)
        except HTTPStatusError as exc:
            if "response_format" not in payload or not _rejects_response_format(exc):
                raise
            # Older Ollama / llama.cpp builds lack structured output; the caller
            # validates the JSON anyway, so plain output is still useful.
            self._supports_response_format = False
            del payload["response_format"]
            reply = self._post(payload)
        return self._content(reply)

    def _post(self, payload: dict[str, Any]) -> Any:
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        return post_json(
            self._url,
            payload,
            headers=headers,
            timeout=self._timeout,
            secret=self._api_key,
            url_setting=_URL_SETTING,
            key_setting=_KEY_SETTING,
        )

    def _content(self, reply: Any) -> str:
        try:
            content = reply["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError) as exc:
            raise ProviderError(
                f"{self._url} returned no choices[0].message.content — "
                "is it an OpenAI-compatible /chat/completions endpoint?"
            ) from exc
        if not isinstance(content, str):
            raise ProviderError(f"{self._url} returned a non-text message ({content!r:.80})")
        return content


def _rejects_response_format(exc: HTTPStatusError) -> bool:
    detail = exc.detail.lower()
    return exc.status == 400 and ("response_format" in detail or "json_schema" in detail)


def _factory(config: Config) -> OpenAIChat:
    if not config.llm_model:
        raise UserError(NO_MODEL_MESSAGE)
    base_url = config.llm_base_url or OPENAI_BASE_URL
    api_key = config.llm_api_key
    if api_key is None and _same_server(base_url, config.openai_base_url):
        # The OpenAI key is only reused for the server it was configured for, so
        # it is never sent to some other (e.g. self-hosted) endpoint.
        api_key = config.openai_api_key
    return OpenAIChat(
        config.llm_model, base_url=base_url, api_key=api_key, timeout=config.provider_timeout_s
    )


def _same_server(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


register_llm("openai", _factory)
