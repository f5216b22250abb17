"""Category summaries: one markdown page per category, kept current as facts arrive.

Deterministic by default (a structured list of the category's active facts,
most important first); rewritten by the LLM when one is given. Every previous
version is kept, archived with the time it was replaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from remem.config import Config
from remem.errors import ProviderError
from remem.model import Kind, MemoryRecord, Scope, Summary, utcnow, withheld_by_default
from remem.secrets import get_logger
from remem.store.base import ListFilter, Store
from remem.write.injection import adoption_flag

log = get_logger(__name__)  # messages redacted: an LLM reply may quote a secret

MAX_FACTS = 50  # a summary lists at most this many facts (the most important)
GENERATOR = "structured-1"


def structured_summary(
    category: str, facts: Sequence[MemoryRecord], *, now: datetime | None = None
) -> str:
    """A deterministic markdown summary of ``facts`` (already in display order)."""
    lines = [
        f"# {category}",
        "",
        f"_{len(facts)} facts, updated {now or utcnow():%Y-%m-%d %H:%M} UTC_",
        "",
    ]
    for fact in facts:
        when = fact.valid_from or fact.created_at
        lines.append(f"- {fact.content} _(importance {fact.importance:.2f}, {when:%Y-%m-%d})_")
    return "\n".join(lines) + "\n"


def _llm_summary(llm: Any, category: str, structured: str) -> str | None:
    messages = [
        {
            "role": "system",
            "content": "Rewrite these remembered facts as a concise markdown summary for the "
            f"category '{category}'. Keep every fact that matters; never invent facts.",
        },
        {"role": "user", "content": structured},
    ]
    try:
        text = str(llm.complete(messages, max_tokens=800)).strip()
    except ProviderError as exc:
        log.warning("summary LLM failed for %s, keeping the structured summary: %s", category, exc)
        return None
    return text or None


def _untrusted(record: MemoryRecord) -> bool:
    if withheld_by_default(record):
        return True
    # A lesson or rule is checked as the instruction it is, whatever wrote it.
    return (
        record.kind in (Kind.LESSON, Kind.PROCEDURAL) and adoption_flag(record.content) is not None
    )


def refresh_summaries(
    store: Store,
    scope: Scope,
    categories: Sequence[str],
    *,
    config: Config,
    llm: Any | None = None,
    now: datetime | None = None,
    only_changed: bool = False,
) -> int:
    """Rewrite the summary of each category in ``categories`` for ``scope`` from its
    active trusted facts, recording their ids; a category left without such facts has
    its current summary archived (it would only list what is gone). With
    ``only_changed``, a summary built from the same facts as the current one is left
    as it is (and the LLM not asked). Returns how many summaries were written or
    archived; ``now`` (default: the clock) dates them."""
    changed = 0
    for category in categories:
        page = store.list_memories(
            scope, filters=ListFilter(categories=(category,)), limit=MAX_FACTS * 4
        )
        # A summary is read as known facts, untagged: untrusted ones stay out of it.
        trusted = [m for m in page.items if not _untrusted(m)]
        current = store.summary_state(scope, category) if only_changed else None
        if not trusted:
            if current is not None or not only_changed:
                store.archive_summary(scope, category)
                changed += 1
            continue
        facts = sorted(
            trusted, key=lambda m: (-m.importance, -(m.valid_from or m.created_at).timestamp())
        )[:MAX_FACTS]
        total = page.total - (len(page.items) - len(trusted))
        sources = tuple(f.id for f in facts)
        if current is not None and current == (sources, total):
            continue  # built from the same facts: nothing to rewrite
        content, generator = structured_summary(category, facts, now=now), GENERATOR
        if llm is not None:
            rewritten = _llm_summary(llm, category, content)
            if rewritten:
                content, generator = rewritten, f"llm:{getattr(llm, 'model_id', 'unknown')}"
        store.put_summary(
            scope,
            Summary(
                category,
                content,
                facts=total,
                generator=generator,
                created_at=now or utcnow(),
                sources=sources,
            ),
        )
        changed += 1
    return changed


def refresh_citing(
    store: Store,
    memory_ids: Sequence[str],
    *,
    config: Config,
    llm: Any | None = None,
) -> None:
    """Rebuild every current summary built from any of ``memory_ids`` (they were
    forgotten, superseded or erased) without them. Call it outside a write
    transaction: it may call the LLM."""
    if not memory_ids:
        return
    for scope, category in store.summaries_citing(memory_ids):
        refresh_summaries(store, scope, [category], config=config, llm=llm)
