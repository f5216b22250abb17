"""The LLM's update decision: add, update which memory, or nothing new (as in Mem0).

With an LLM configured, each candidate fact that has active neighbours is shown
to it with those neighbours, numbered (ids never reach the model), and it
answers ``{"action": "add" | "update" | "none", "index": n, "reason": "..."}``
(the versioned prompt ``write/prompts/update_v1.md``).
The answer is checked — valid JSON, a known action, an index that exists — and
anything else (a malformed reply, a provider error, an index out of range) falls
back to the offline decision, saying why. This runs *before* the write
transaction opens; the pipeline re-checks inside it that the chosen memory is
still active.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from remem.errors import ProviderError
from remem.model import MemoryRecord
from remem.providers.base import LLM
from remem.write.candidate import CandidateFact
from remem.write.extract.llm import load_prompt

log = logging.getLogger(__name__)

PROMPT_NAME = "update_v1"  # remem/write/prompts/update_v1.md


class LLMDecision(BaseModel):
    """The reply the LLM must give."""

    model_config = ConfigDict(extra="ignore")

    action: Literal["add", "update", "none"]
    index: int | None = Field(None, ge=0)
    reason: str = Field("", max_length=500)


@dataclass(frozen=True, slots=True)
class UpdateChoice:
    """The LLM's checked decision for one fact, or why there is none (``error``)."""

    action: str | None  # add | update | none; None when the reply could not be used
    target_id: str | None = None
    reason: str = ""
    error: str | None = None


def render(fact: CandidateFact, neighbours: Sequence[MemoryRecord]) -> str:
    """The user message: the existing memories by index, then the new fact."""
    lines = ["EXISTING:"]
    for i, memory in enumerate(neighbours):
        when = memory.valid_from or memory.created_at
        lines.append(f"[{i}] {memory.content} (said {when:%d %B %Y})")
    said = f" (said {fact.valid_from:%d %B %Y})" if fact.valid_from else ""
    lines.append(f"NEW: {fact.content}{said}")
    return "\n".join(lines)


def parse(reply: str, neighbours: Sequence[MemoryRecord]) -> UpdateChoice:
    """Check ``reply`` against :class:`LLMDecision` and the shown neighbours."""
    text = reply.strip()
    fenced = re.match(r"^```(?:json)?\s*(.*?)\s*```$", text, re.DOTALL)
    try:
        decision = LLMDecision.model_validate_json(fenced.group(1) if fenced else text)
    except PydanticValidationError as exc:
        return UpdateChoice(None, error=f"invalid reply: {exc.errors()[0]['msg']}")
    if decision.action == "add":
        return UpdateChoice("add", reason=decision.reason)
    if decision.index is None or decision.index >= len(neighbours):
        if decision.action == "none":
            return UpdateChoice("none", reason=decision.reason)
        return UpdateChoice(None, error=f"update names no shown memory (index {decision.index})")
    return UpdateChoice(decision.action, neighbours[decision.index].id, decision.reason)


def ask(llm: LLM, fact: CandidateFact, neighbours: Sequence[MemoryRecord]) -> UpdateChoice:
    """Ask ``llm`` what ``fact`` does to ``neighbours``; never raises for a bad answer."""
    chat = [
        {"role": "system", "content": load_prompt(PROMPT_NAME)},
        {"role": "user", "content": render(fact, neighbours)},
    ]
    try:
        reply = llm.complete(chat, json_schema=LLMDecision.model_json_schema(), max_tokens=200)
    except ProviderError as exc:
        log.warning("update LLM failed, deciding offline: %s", exc)
        return UpdateChoice(None, error=f"provider error: {exc}")
    choice = parse(str(reply), neighbours)
    if choice.error:
        log.warning("update LLM answer unusable, deciding offline: %s", choice.error)
    return choice


def describe(choice: UpdateChoice) -> str:
    """A short audit string for ``choice``."""
    return json.dumps(
        {"action": choice.action, "target": choice.target_id, "reason": choice.reason[:120]}
        if choice.error is None
        else {"error": choice.error[:200]}
    )
