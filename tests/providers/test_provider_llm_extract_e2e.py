"""The LLM extractor end to end: Memory -> OpenAI-compatible client -> a scripted
server on loopback, including the retry on malformed output and the rules fallback."""

from __future__ import annotations

import json
from pathlib import Path

from remem import Config, Memory


def _facts(*contents: str) -> dict[str, object]:
    facts = [
        {
            "content": c,
            "category": "preference",
            "tags": [],
            "importance": 0.6,
            "tier": "standard",
            "supersedes": None,
            "strength": "explicit",
            "sentiment": "neutral",
        }
        for c in contents
    ]
    return {
        "choices": [{"message": {"role": "assistant", "content": json.dumps({"facts": facts})}}]
    }


def _chat(text: str) -> dict[str, object]:
    return {"choices": [{"message": {"role": "assistant", "content": text}}]}


def _config(tmp_path: Path, url: str) -> Config:
    return Config(
        home=tmp_path,
        embedder="fake",
        extractor="llm",
        llm_provider="openai",
        llm_model="test-model",
        llm_base_url=f"{url}/v1",
        llm_api_key="test-key",
    )


def test_llm_extractor_through_http(server, tmp_path: Path) -> None:
    server.reply(_chat("not json at all"))  # malformed: retried once with the error
    server.reply(_facts("Aaron prefers green tea over coffee."))
    server.reply(_chat("# preference\n- Aaron prefers green tea over coffee."))  # summary
    with Memory(tmp_path / "m.db", config=_config(tmp_path, server.url)) as mem:
        stored = mem.add(
            [{"role": "user", "name": "Aaron", "content": "I prefer green tea over coffee."}],
            user_id="aaron",
            infer=True,
        )
        assert [m.content for m in stored] == ["Aaron prefers green tea over coffee."]
        assert stored[0].extractor_version == "llm-extract_v1"
        [summary] = mem.summaries(user_id="aaron")
        assert summary.generator.startswith("llm:")
    assert len(server.requests) == 3
    assert server.requests[0].headers["authorization"] == "Bearer test-key"
    retry = server.requests[1].body["messages"][-1]["content"]
    assert "not json" in json.dumps(server.requests[1].body) or "valid" in retry.lower()


def test_llm_failure_falls_back_to_rules_and_is_audited(server, tmp_path: Path) -> None:
    server.reply(_chat("still not json"))
    server.reply(_chat('{"facts": [{"oops": 1}]}'))
    server.reply({"error": "down"}, status=500)  # the summary rewrite fails too
    with Memory(tmp_path / "m.db", config=_config(tmp_path, server.url)) as mem:
        stored = mem.add(
            [{"role": "user", "name": "Aaron", "content": "I live in Boston."}],
            user_id="aaron",
            infer=True,
        )
        assert [m.content for m in stored] == ["Aaron lives in Boston."]
        assert stored[0].extractor_version == "rules-1"
        events = [e.event for e in mem.store.iter_events()]
        assert "extractor_fallback" in events
        [summary] = mem.summaries(user_id="aaron")
        assert summary.generator == "structured-1"
