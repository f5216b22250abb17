"""The OpenAI-compatible chat and Anthropic clients against a real loopback HTTP server."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from remem.config import Config
from remem.errors import ProviderError, UserError
from remem.providers.anthropic import AnthropicChat
from remem.providers.base import LLM
from remem.providers.http import HTTPStatusError
from remem.providers.openai_chat import OpenAIChat
from remem.providers.registry import get_llm

if TYPE_CHECKING:
    from conftest import FakeServer

KEY = "sk-test-secret-456"
SCHEMA: dict[str, object] = {"type": "object", "properties": {"facts": {"type": "array"}}}
MESSAGES = [
    {"role": "system", "content": "Extract facts."},
    {"role": "user", "content": "I drive a 2014 Corolla."},
]


def _chat_reply(content: str | None) -> dict[str, object]:
    return {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}


def _openai(server: FakeServer, **kwargs: object) -> OpenAIChat:
    options: dict[str, object] = {"base_url": server.url + "/v1", "api_key": KEY, "timeout": 5.0}
    options.update(kwargs)
    return OpenAIChat("llama3.1", **options)  # type: ignore[arg-type]


def _anthropic(server: FakeServer, **kwargs: object) -> AnthropicChat:
    options: dict[str, object] = {"base_url": server.url, "api_key": KEY, "timeout": 5.0}
    options.update(kwargs)
    return AnthropicChat("claude-x", **options)  # type: ignore[arg-type]


# -- OpenAI-compatible chat -----------------------------------------------------
def test_openai_success_sends_model_auth_and_response_format(server: FakeServer) -> None:
    server.reply(_chat_reply('{"facts": []}'))
    llm = _openai(server)
    assert isinstance(llm, LLM)
    assert llm.complete(MESSAGES, json_schema=SCHEMA, max_tokens=100) == '{"facts": []}'
    (request,) = server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.body["model"] == "llama3.1"
    assert request.body["messages"] == MESSAGES
    assert request.body["max_tokens"] == 100
    assert request.body["temperature"] == 0.0
    assert request.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "facts", "schema": SCHEMA},
    }
    assert llm.model_id == "openai:llama3.1"


def test_openai_without_schema_sends_no_response_format(server: FakeServer) -> None:
    server.reply(_chat_reply("hi"))
    assert _openai(server, api_key=None).complete(MESSAGES) == "hi"
    assert "response_format" not in server.requests[0].body
    assert "authorization" not in server.requests[0].headers


def test_openai_response_format_400_falls_back_once(server: FakeServer) -> None:
    refusal = {"error": {"message": "'response_format' of type 'json_schema' is not supported"}}
    server.reply(refusal, status=400)
    server.reply(_chat_reply("plain"))
    server.reply(_chat_reply("again"))
    llm = _openai(server)
    assert llm.complete(MESSAGES, json_schema=SCHEMA) == "plain"
    assert llm.complete(MESSAGES, json_schema=SCHEMA) == "again"
    bodies = [r.body for r in server.requests]
    assert ["response_format" in b for b in bodies] == [True, False, False]


def test_openai_other_400_is_not_retried(server: FakeServer) -> None:
    server.reply({"error": {"message": "context length exceeded"}}, status=400)
    with pytest.raises(HTTPStatusError, match=r"HTTP 400.*context length") as info:
        _openai(server).complete(MESSAGES, json_schema=SCHEMA)
    assert info.value.status == 400
    assert len(server.requests) == 1


@pytest.mark.parametrize(
    ("body", "status", "match"),
    [
        ({"error": "overloaded"}, 503, "HTTP 503.*retry later"),
        (b"{not json", 200, "malformed JSON"),
        ({"choices": []}, 200, r"no choices\[0\]\.message\.content"),
        (_chat_reply(None), 200, "non-text message"),
    ],
)
def test_openai_failures(server: FakeServer, body: object, status: int, match: str) -> None:
    server.reply(body, status=status)
    with pytest.raises(ProviderError, match=match):
        _openai(server).complete(MESSAGES)


def test_openai_timeout(server: FakeServer) -> None:
    server.reply(_chat_reply("late"), delay=3.0)
    with pytest.raises(ProviderError, match=r"within 0\.3s .*REMEM_PROVIDER_TIMEOUT_S"):
        _openai(server, timeout=0.3).complete(MESSAGES)


def test_openai_connection_refused(refused_url: str) -> None:
    llm = OpenAIChat("m", base_url=refused_url, api_key=KEY, timeout=2.0)
    with pytest.raises(ProviderError, match=r"connection refused.*REMEM_LLM_BASE_URL") as info:
        llm.complete(MESSAGES)
    assert KEY not in str(info.value)


def test_openai_factory_requires_a_model() -> None:
    with pytest.raises(UserError, match="set REMEM_LLM_MODEL or run with --extractor rules"):
        get_llm("openai", Config(llm_provider="openai"))


def test_openai_factory_key_choice(server: FakeServer) -> None:
    base = server.url + "/v1"
    cases = [
        # The OpenAI key goes only to the server it was configured for.
        (Config(llm_model="m", llm_base_url=base, openai_api_key="sk-o"), None),
        (
            Config(llm_model="m", llm_base_url=base, openai_base_url=base, openai_api_key="sk-o"),
            "Bearer sk-o",
        ),
        (
            Config(llm_model="m", llm_base_url=base, llm_api_key="sk-l", openai_api_key="sk-o"),
            "Bearer sk-l",
        ),
    ]
    for config, expected in cases:
        server.reply(_chat_reply("ok"))
        assert get_llm("openai", config).complete(MESSAGES) == "ok"
        assert server.requests[-1].headers.get("authorization") == expected


# -- Anthropic -------------------------------------------------------------------
def test_anthropic_success(server: FakeServer) -> None:
    server.reply(
        {
            "content": [
                {"type": "text", "text": '{"facts": '},
                {"type": "tool_use", "id": "x", "name": "t", "input": {}},
                {"type": "text", "text": "[]}"},
            ],
            "stop_reason": "end_turn",
        }
    )
    llm = _anthropic(server)
    assert isinstance(llm, LLM)
    assert llm.complete(MESSAGES, json_schema=SCHEMA, temperature=0.2) == '{"facts": []}'
    (request,) = server.requests
    assert request.path == "/v1/messages"
    assert request.headers["x-api-key"] == KEY
    assert request.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in request.headers
    assert request.body["model"] == "claude-x"
    assert request.body["temperature"] == 0.2
    assert request.body["messages"] == [MESSAGES[1]]
    assert request.body["system"].startswith("Extract facts.\n\n")
    assert '"facts"' in request.body["system"]
    assert llm.model_id == "anthropic:claude-x"


@pytest.mark.parametrize(
    ("body", "status", "match"),
    [
        ({"type": "error"}, 500, "HTTP 500"),
        ({"error": f"bad key {KEY}"}, 401, r"REMEM_LLM_API_KEY"),
        (b"oops", 200, "malformed JSON"),
        ({"content": "text"}, 200, "no content list"),
        ({"content": [], "stop_reason": "max_tokens"}, 200, "no text blocks.*max_tokens"),
    ],
)
def test_anthropic_failures(server: FakeServer, body: object, status: int, match: str) -> None:
    server.reply(body, status=status)
    with pytest.raises(ProviderError, match=match) as info:
        _anthropic(server).complete(MESSAGES)
    assert KEY not in str(info.value)


def test_anthropic_timeout(server: FakeServer) -> None:
    server.reply({"content": []}, delay=3.0)
    with pytest.raises(ProviderError, match=r"within 0\.3s"):
        _anthropic(server, timeout=0.3).complete(MESSAGES)


def test_anthropic_connection_refused(refused_url: str) -> None:
    llm = AnthropicChat("m", base_url=refused_url, api_key=KEY, timeout=2.0)
    with pytest.raises(ProviderError, match=f"cannot reach {refused_url}/v1/messages"):
        llm.complete(MESSAGES)


def test_anthropic_factory(server: FakeServer) -> None:
    with pytest.raises(UserError, match="REMEM_LLM_MODEL"):
        get_llm("anthropic", Config())
    with pytest.raises(UserError, match="REMEM_LLM_API_KEY"):
        get_llm("anthropic", Config(llm_model="claude-x"))
    llm = get_llm("anthropic", Config(llm_model="claude-x", llm_base_url=server.url + "/"))
    server.reply({"content": [{"type": "text", "text": "ok"}]})
    assert llm.complete(MESSAGES) == "ok"
    assert "x-api-key" not in server.requests[0].headers
