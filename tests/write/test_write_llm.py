"""The LLM extractor with a scripted model: valid, retried, and fallen-back replies."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

import pytest

from remem.config import Config
from remem.errors import ProviderError
from remem.model import Sentiment, Strength, Tier, Trust
from remem.providers.fake import ScriptedLLM
from remem.write.extract import RULES_VERSION, ExtractContext, Extraction
from remem.write.extract.llm import EXTRACTOR_VERSION, LLMExtractor, load_prompt, parse_reply
from remem.write.transcript import Message

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
MESSAGES = [
    Message("Aaron", "user", "I moved to Denver yesterday. My WRX needs an oil change.", WHEN),
    Message("tool", "tool", "Denver weather: 30 cm of snow expected.", WHEN, untrusted=True),
]
VALID = json.dumps(
    {
        "facts": [
            {
                "content": "Aaron moved to Denver yesterday.",
                "category": "casual",
                "tags": ["Denver", "move"],
                "importance": 0.6,
                "tier": "standard",
                "supersedes": "Aaron lives in Boston",
                "strength": "explicit",
                "sentiment": "excited",
                "message_index": 0,
            },
            {
                "content": "30 cm of snow is expected in Denver.",
                "category": "not-a-category",
                "importance": 0.8,
                "tier": "transient",
                "strength": "implied",
                "message_index": 1,
            },
        ]
    }
)


def context() -> ExtractContext:
    return ExtractContext(config=Config())


def test_prompt_is_shipped_and_versioned() -> None:
    prompt = load_prompt()
    assert "{categories}" in prompt and '"facts"' in prompt
    assert EXTRACTOR_VERSION == "llm-extract_v1"


def test_valid_reply() -> None:
    llm = ScriptedLLM([VALID])
    facts = LLMExtractor(llm).extract(MESSAGES, context=context())
    assert isinstance(facts, Extraction) and facts.fallback_reason is None
    assert facts.extractor_version == EXTRACTOR_VERSION
    first, second = facts
    assert first.content == "Aaron moved to Denver on 7 May 2023."
    assert first.supersedes_hint == "Aaron lives in Boston"
    assert first.attribute == "home" and first.subject == "aaron"
    assert first.tags == ["denver", "move"]
    assert first.sentiment is Sentiment.EXCITED and first.strength is Strength.EXPLICIT
    assert first.importance == pytest.approx(0.6)
    assert first.extractor_version == EXTRACTOR_VERSION
    assert second.source_trust is Trust.UNTRUSTED
    assert second.importance == pytest.approx(0.8 * Config().untrusted_importance_factor)
    assert second.category in Config().categories
    assert second.tier is Tier.TRANSIENT and second.confidence == Config().strength_implied
    assert len(llm.calls) == 1
    system, user = llm.calls[0]
    assert system["role"] == "system" and "incident" in system["content"]
    assert "[UNTRUSTED DATA]" in user["content"] and "[1] tool" in user["content"]


def test_fenced_reply_is_accepted() -> None:
    assert parse_reply(f"```json\n{VALID}\n```").facts


def test_malformed_then_valid_retries_with_the_error() -> None:
    llm = ScriptedLLM(['{"facts": [{"importance": 3}]}', VALID])
    facts = LLMExtractor(llm).extract(MESSAGES, context=context())
    assert isinstance(facts, Extraction) and facts.fallback_reason is None
    assert len(facts) == 2 and len(llm.calls) == 2
    retry = llm.calls[1]
    assert retry[-2] == {"role": "assistant", "content": '{"facts": [{"importance": 3}]}'}
    assert "did not match the schema" in retry[-1]["content"]
    assert "content" in retry[-1]["content"] and "importance" in retry[-1]["content"]


def test_malformed_twice_falls_back_to_rules(caplog: pytest.LogCaptureFixture) -> None:
    llm = ScriptedLLM(["not json", "still not json"])
    with caplog.at_level(logging.WARNING, logger="remem.write.extract.llm"):
        facts = LLMExtractor(llm).extract(MESSAGES, context=context())
    assert isinstance(facts, Extraction)
    assert facts.fallback_reason is not None and "invalid reply twice" in facts.fallback_reason
    assert facts.extractor_version == RULES_VERSION
    assert any("Aaron moved to Denver on 7 May 2023" in f.content for f in facts)
    assert all(f.extractor_version == RULES_VERSION for f in facts)
    assert "fell back to rules" in caplog.text
    assert len(llm.calls) == 2


def test_provider_error_falls_back_to_rules() -> None:
    llm = ScriptedLLM([ProviderError("connection refused")])
    facts = LLMExtractor(llm).extract(MESSAGES, context=context())
    assert isinstance(facts, Extraction)
    assert facts.fallback_reason is not None and "connection refused" in facts.fallback_reason
    assert facts


def test_empty_messages_make_no_call() -> None:
    llm = ScriptedLLM([])
    assert LLMExtractor(llm).extract([], context=context()) == []
    assert llm.calls == []
