"""The LLM extractor: a versioned prompt, a validated JSON reply, a safe fallback.

The reply must match :class:`LLMReply`. A malformed reply is retried once with
the validation error appended; if the second reply is malformed too, or the
provider fails, the rules extractor runs instead and the returned
:class:`~remem.write.extract.base.Extraction` says why in ``fallback_reason``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from remem.errors import ProviderError
from remem.model import Sentiment, Strength, Tier, Trust
from remem.providers.base import LLM
from remem.secrets import get_logger
from remem.write.classify import build_candidate, importance_for
from remem.write.dates import resolve_relative_dates
from remem.write.extract.base import CandidateFact, ExtractContext, Extraction
from remem.write.extract.rules import RulesExtractor
from remem.write.extract.sentences import UNTRUSTED_CLOSE, UNTRUSTED_OPEN, untrusted_region
from remem.write.messages import tool_payload
from remem.write.transcript import Message

PROMPT_NAME = "extract_v1"
EXTRACTOR_VERSION = f"llm-{PROMPT_NAME}"

log = get_logger(__name__)  # messages redacted: an LLM reply may quote a secret


class LLMFact(BaseModel):
    """One fact as the LLM must return it."""

    model_config = ConfigDict(extra="ignore")

    content: str = Field(min_length=1, max_length=2000)
    category: str = "casual"
    tags: list[str] = Field(default_factory=list)
    importance: float = Field(0.5, ge=0, le=1)
    tier: Literal["permanent", "standard", "transient"] = "standard"
    supersedes: str | None = None
    strength: Literal["explicit", "implied", "inferred"] = "explicit"
    sentiment: Literal["frustrated", "excited", "uncertain", "neutral"] = "neutral"
    message_index: int | None = Field(None, ge=0)


class LLMReply(BaseModel):
    """The whole reply: ``{"facts": [...]}``."""

    model_config = ConfigDict(extra="ignore")

    facts: list[LLMFact]


def load_prompt(name: str = PROMPT_NAME) -> str:
    """The text of a versioned prompt shipped in ``remem/write/prompts``."""
    return resources.files("remem.write").joinpath("prompts", f"{name}.md").read_text("utf-8")


WITHHELD = "(withheld: this message gives instructions to the agent; it holds no facts)"


def render_transcript(messages: Sequence[Message]) -> str:
    """Messages as numbered lines; untrusted ones wrapped in ``[UNTRUSTED DATA]``
    markers (markers inside them defused, so their text cannot close the block), and
    messages flagged as prompt injection withheld: the model never reads them."""
    lines = []
    for index, message in enumerate(messages):
        when = f", {message.timestamp:%d %B %Y}" if message.timestamp else ""
        text = message.text
        if message.injection:
            text = WITHHELD
        elif message.untrusted:
            inner = text.replace(UNTRUSTED_OPEN, "[untrusted data]")
            inner = inner.replace(UNTRUSTED_CLOSE, "[/untrusted data]")
            text = f"{UNTRUSTED_OPEN}\n{inner}\n{UNTRUSTED_CLOSE}"
        lines.append(f"[{index}] {message.speaker} ({message.role}{when}): {text}")
    return "\n".join(lines)


def parse_reply(reply: str) -> LLMReply:
    """Validate a reply (code fences tolerated); raises pydantic's ``ValidationError``."""
    text = reply.strip()
    fenced = re.match(r"^```(?:json)?\s*(.*?)\s*```$", text, re.DOTALL)
    if fenced:
        text = fenced.group(1)
    return LLMReply.model_validate_json(text)


class LLMExtractor:
    """Extract candidate facts with an LLM (any :class:`remem.providers.base.LLM`)."""

    version = EXTRACTOR_VERSION

    def __init__(self, llm: LLM, *, fallback: RulesExtractor | None = None) -> None:
        self._llm = llm
        self._fallback = fallback or RulesExtractor()

    def extract(
        self, messages: Sequence[Message], *, context: ExtractContext
    ) -> list[CandidateFact]:
        """Candidate facts from ``messages``; an :class:`Extraction` with ``fallback_reason``
        set when the rules extractor had to step in."""
        if not messages:
            return Extraction([], extractor_version=self.version)
        prompt = load_prompt().replace("{categories}", ", ".join(context.config.categories))
        chat = [
            {"role": "system", "content": prompt},
            {"role": "user", "content": render_transcript(messages)},
        ]
        schema = LLMReply.model_json_schema()
        reason: str
        try:
            reply = self._llm.complete(chat, json_schema=schema)
            try:
                parsed = parse_reply(reply)
            except PydanticValidationError as first:
                retry = [
                    *chat,
                    {"role": "assistant", "content": reply},
                    {
                        "role": "user",
                        "content": "Your reply did not match the schema: "
                        f"{_short(first)}\nReply again with JSON only.",
                    },
                ]
                reply = self._llm.complete(retry, json_schema=schema)
                parsed = parse_reply(reply)
            facts = [self._candidate(f, messages, context) for f in parsed.facts]
            # a tool's structured result is data, never a fact (whatever the model says)
            facts = [f for f in facts if not tool_payload(messages[f.message_index])]
            return Extraction(facts, extractor_version=self.version)
        except PydanticValidationError as exc:
            reason = f"invalid reply twice: {_short(exc)}"
        except ProviderError as exc:
            reason = f"provider error: {exc}"
        log.warning("LLM extraction fell back to rules: %s", reason)
        facts = self._fallback.extract(messages, context=context)
        return Extraction(facts, extractor_version=self._fallback.version, fallback_reason=reason)

    def _candidate(
        self, item: LLMFact, messages: Sequence[Message], context: ExtractContext
    ) -> CandidateFact:
        index = item.message_index if item.message_index is not None else len(messages) - 1
        index = min(index, len(messages) - 1)
        source = messages[index]
        content = resolve_relative_dates(item.content, source.timestamp or context.reference_time)
        strength = Strength(item.strength)
        untrusted = source.untrusted or _quotes_untrusted(item.content, messages)
        fact = build_candidate(
            content,
            config=context.config,
            speaker=None if untrusted else source.speaker,
            strength=strength,
            trust=Trust.UNTRUSTED if untrusted else Trust.TRUSTED,
            category=item.category,
            known_entities=sorted({m.speaker for m in messages if m.role == "user"}),
            extractor_version=self.version,
        )
        fact.tags = [t.lower() for t in item.tags[:6]] or fact.tags
        importance = item.importance
        if untrusted:
            importance *= context.config.untrusted_importance_factor
        fact.importance = max(0.0, min(1.0, importance))
        if fact.category not in context.config.categories:
            fact.importance = importance_for(fact.category, config=context.config)
        fact.tier = Tier(item.tier)
        fact.sentiment = Sentiment(item.sentiment)
        fact.supersedes_hint = item.supersedes
        fact.message_index = index
        fact.ref = source.ref
        fact.session = source.session
        fact.valid_from = source.timestamp
        return fact


def _quotes_untrusted(content: str, messages: Sequence[Message]) -> bool:
    """Whether the fact's words come from untrusted text: an untrusted message, or the
    ``[UNTRUSTED DATA]`` region of any message (the model may cite the wrong index)."""
    needle = " ".join(content.lower().split())[:30]
    if not needle:
        return False
    for message in messages:
        block = message.text if message.untrusted else untrusted_region(message.text)
        if block and needle in " ".join(block.lower().split()):
            return True
    return False


def _short(exc: PydanticValidationError) -> str:
    errors = exc.errors()[:5]
    return (
        "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'reply'}: {e['msg']}" for e in errors)
        or json.dumps(str(exc))[:300]
    )
