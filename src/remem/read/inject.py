"""The context block: ranked, tagged memories rendered for an agent's prompt
within a hard token budget.

The block is a header line, then one line per memory::

    Known context from previous sessions
    ~ Aaron prefers dark mode (confidence: 0.9; age: 3d; preference)
    ~ Aaron lives in Boston (confidence: 0.8; age: 200d) [conflict] [stale]

Untrusted memories (tool output, web pages, anything the caller marked
untrusted) and memories flagged as prompt injection are left out unless the
caller opts in (``include_untrusted``); then each such line carries its
``[untrusted]`` (and ``[injection]``) tag. ``ContextBlock.withheld`` counts what
was left out this way. Invisible characters (zero-width, bidi controls) never
reach the block.

The budget is counted with a real tokenizer, the bundled MiniLM WordPiece one
(:mod:`remem.read.tokens`), header included. When not everything fits, the
block takes the highest-scoring subset that does: greedy by score, skipping an
item that does not fit and trying the next. No memories (or a budget too small
for the header) give an empty block.

:func:`rewrite_query` builds the search query from a conversation: the last
user message plus, from the earlier recent messages, the named entities (the
most recent one first, which is what "he/she/it/they" most likely refer to)
and keywords. Deterministic and offline.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from remem.errors import ValidationError
from remem.markup import visible
from remem.model import SearchHit, Trust, utcnow, withheld_by_default
from remem.read.query import STOPWORDS, keyword_terms
from remem.read.tokens import TokenCounter, default_counter
from remem.secrets import redact
from remem.textnorm import strip_invisible

HEADER = "Known context from previous sessions"


@dataclass(frozen=True, slots=True)
class ContextItem:
    """One memory in a context block."""

    memory_id: str
    score: float
    line: str
    tokens: int
    tags: tuple[str, ...] = ()
    tier: str = "active"  # the status it answered from (the archive tier: archived, cold)


@dataclass(frozen=True, slots=True)
class ContextBlock:
    """The text to inject and what is in it.

    ``tokens`` is the count of ``text`` with ``tokenizer``, never above
    ``max_tokens``; ``omitted`` counts the candidates left out (budget or item cap);
    ``withheld`` the untrusted or injection-flagged ones left out because the caller
    did not opt in.
    """

    text: str
    items: tuple[ContextItem, ...]
    tokens: int
    tokenizer: str
    max_tokens: int
    query: str
    omitted: int = 0
    header: str = field(default=HEADER)
    withheld: int = 0

    def __bool__(self) -> bool:
        return bool(self.items)


def format_line(hit: SearchHit, *, now: datetime) -> str:
    """``~ fact (confidence: 0.9; age: 3d; category) [tag] ...`` on one line."""
    record = hit.memory
    # What a reader of the stored text would not see (hidden markup) is never shown.
    content = " ".join(strip_invisible(visible(record.content)).split())
    parts = [f"confidence: {round(record.confidence, 2):g}", f"age: {age_label(record, now)}"]
    if record.category:
        parts.append(record.category)
    tags = "".join(f" [{t}]" for t in line_tags(hit))
    return f"~ {content} ({'; '.join(parts)}){tags}"


def is_untrusted(hit: SearchHit) -> bool:
    """Whether a hit may only be injected on the caller's opt-in: an untrusted
    source, or a memory flagged as prompt injection (whatever its trust says)."""
    return withheld_by_default(hit.memory)


def line_tags(hit: SearchHit) -> tuple[str, ...]:
    """The hit's trust tags, with ``untrusted`` / ``injection`` added when the trust
    pass did not set them (a line never hides where it came from)."""
    tags = list(hit.explain.get("tags", ()))
    if hit.memory.source_trust is Trust.UNTRUSTED and "untrusted" not in tags:
        tags.append("untrusted")
    if hit.memory.data.get("injection") and "injection" not in tags:
        tags.append("injection")
    return tuple(tags)


def build_context(
    hits: Sequence[SearchHit],
    *,
    max_tokens: int,
    max_items: int,
    query: str = "",
    counter: TokenCounter | None = None,
    now: datetime | None = None,
    include_untrusted: bool = False,
) -> ContextBlock:
    """The block for ``hits`` (ranked, tagged) within ``max_tokens`` and ``max_items``;
    untrusted and injection-flagged hits only with ``include_untrusted``."""
    if max_tokens < 1 or max_items < 1:
        raise ValidationError("max_tokens and max_items must be at least 1")
    counter = counter or default_counter()
    now = now or utcnow()
    allowed = [h for h in hits if include_untrusted or not is_untrusted(h)]
    withheld = len(hits) - len(allowed)
    ordered = sorted(allowed, key=lambda h: -h.score)  # stable: equal scores keep their order
    header_tokens = counter.count(HEADER)
    chosen: list[ContextItem] = []
    used = header_tokens
    if header_tokens <= max_tokens:
        for hit in ordered:
            if len(chosen) >= max_items:
                break
            line = format_line(hit, now=now)
            cost = counter.count(line)
            if used + cost > max_tokens:
                continue  # a shorter, lower-scored memory may still fit
            used += cost
            chosen.append(
                ContextItem(
                    memory_id=hit.memory.id,
                    score=hit.score,
                    line=line,
                    tokens=cost,
                    tags=line_tags(hit),
                    tier=str(hit.explain.get("tier", "active")),
                )
            )
    text, tokens = _render(chosen, counter)
    # WordPiece splits on whitespace, so line counts add up; this guards the cap anyway.
    while chosen and tokens > max_tokens:
        chosen.pop()
        text, tokens = _render(chosen, counter)
    return ContextBlock(
        text=text,
        items=tuple(chosen),
        tokens=tokens,
        tokenizer=counter.name,
        max_tokens=max_tokens,
        query=redact(query),  # the block is shown and sent back: no secret in its echo
        omitted=len(allowed) - len(chosen),
        withheld=withheld,
    )


def _render(items: Sequence[ContextItem], counter: TokenCounter) -> tuple[str, int]:
    if not items:
        return "", 0
    text = "\n".join([HEADER, *(item.line for item in items)])
    return text, counter.count(text)


# -- query from a conversation ------------------------------------------------------
_ENTITY = re.compile(r"\b[A-Z][\w'’\-]*(?:\s+[A-Z][\w'’\-]*)*")
_NOT_ENTITY = STOPWORDS | {
    "hi", "hello", "hey", "thanks", "thank", "yes", "no", "ok", "okay", "sure", "please",
    "well", "oh", "so", "also", "yeah", "great", "nice", "cool", "sorry",
}  # fmt: skip


def rewrite_query(
    messages: Sequence[Mapping[str, Any]], *, last_n: int = 6, max_keywords: int = 12
) -> str:
    """A search query from the last ``last_n`` messages.

    The last user message (or the last message, if none is from the user),
    then the entities of the earlier messages, most recent first — the first of
    them resolves a pronoun in the last message — then their keywords, each
    term once, at most ``max_keywords`` keywords.
    """
    texts = [
        (str(m.get("role") or ""), m["content"].strip())
        for m in messages[-last_n:]
        if isinstance(m, Mapping) and isinstance(m.get("content"), str) and m["content"].strip()
    ]
    if not texts:
        raise ValidationError("no message with text to build a query from")
    last = max(
        (i for i, (role, _) in enumerate(texts) if role.lower() in ("user", "human")),
        default=len(texts) - 1,
    )
    head = texts[last][1]
    earlier = [text for i, (_, text) in reversed(list(enumerate(texts))) if i != last]
    seen = set(keyword_terms(head))
    extra: list[str] = []
    for text in earlier:
        for entity in _entities(text):
            if entity.casefold() not in seen and not _in(entity, head):
                extra.append(entity)
                seen.update(keyword_terms(entity))
    keywords: list[str] = []
    for text in earlier:
        for term in keyword_terms(text):
            if len(keywords) >= max_keywords:
                break
            if term not in seen and len(term) > 2:
                seen.add(term)
                keywords.append(term)
    return " ".join([head, *extra, *keywords])


def _entities(text: str) -> list[str]:
    found = []
    for match in _ENTITY.finditer(text):
        words = match.group(0).split()
        while words and words[0].casefold() in _NOT_ENTITY:
            words.pop(0)  # a capitalised sentence opener ("The", "What") is not a name
        if words:
            found.append(" ".join(words))
    return list(dict.fromkeys(found))


def _in(entity: str, text: str) -> bool:
    return entity.casefold() in text.casefold()


def age_label(record: Any, now: datetime) -> str:
    """How old ``record`` is at ``now``, as a line shows it: ``5h``, ``3d``, ``2mo``, ``1y``."""
    when = record.valid_from or record.created_at
    when = when if when.tzinfo else when.replace(tzinfo=UTC)
    now = now if now.tzinfo else now.replace(tzinfo=UTC)
    seconds = max(0.0, (now - when).total_seconds())
    days = seconds / 86400.0
    if days < 1:
        return f"{int(seconds // 3600)}h"
    if days < 60:
        return f"{int(days)}d"
    if days < 730:
        return f"{int(days // 30.44)}mo"
    return f"{int(days // 365.25)}y"
