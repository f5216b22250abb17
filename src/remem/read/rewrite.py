"""Query rewrite by an LLM, when one is configured: the conversation's last
messages become one standalone search query. The deterministic rewrite
(:func:`remem.read.inject.rewrite_query`) is the fallback and is always part of
the query, so the raw user message is never the only query and a bad LLM reply
cannot lose the conversation's own words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from remem.errors import ProviderError
from remem.providers.base import LLM
from remem.secrets import get_logger

log = get_logger(__name__)  # messages redacted: an LLM reply may quote a secret

PROMPT = (
    "You turn the end of a conversation into one search query for a long-term memory "
    "store. Resolve pronouns and references to the people, places and things they mean. "
    "Reply with the query only: one line, at most 25 words, no quotes."
)
MAX_CHARS = 300


def llm_rewrite(messages: Sequence[Mapping[str, Any]], llm: LLM, *, last_n: int) -> str | None:
    """The LLM's standalone query for the last ``last_n`` messages, or None if it fails."""
    lines = [
        f"{m.get('role') or 'user'}: {m['content'].strip()}"
        for m in messages[-last_n:]
        if isinstance(m, Mapping) and isinstance(m.get("content"), str) and m["content"].strip()
    ]
    if not lines:
        return None
    try:
        reply = llm.complete(
            [{"role": "system", "content": PROMPT}, {"role": "user", "content": "\n".join(lines)}],
            max_tokens=80,
        )
    except ProviderError as exc:
        log.warning("LLM query rewrite failed, using the deterministic rewrite: %s", exc)
        return None
    query = " ".join(str(reply).split()).strip("\"' ")
    return query[:MAX_CHARS] or None


def combine(llm_query: str | None, deterministic: str) -> str:
    """The LLM's query first, then the deterministic rewrite's words."""
    return f"{llm_query} {deterministic}" if llm_query else deterministic
