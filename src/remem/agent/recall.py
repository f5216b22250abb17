"""Where a context block's memories come from: promoted memories, working memory
carried over, and the memories relevant to a text (a search, or tiered recall when
the session is over budget), with conflicts resolved newest first and untrusted
memories left out unless the agent opted in."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from remem.agent.context import RELEVANT, SUMMARIES, BlockBuilder, Line, memory_line, plain
from remem.agent.results import Fact
from remem.agent.session import scope_args
from remem.memory import Memory
from remem.model import Kind, MemoryRecord, Scope, SearchHit, Trust, WorkingItem
from remem.read.inject import is_untrusted, line_tags
from remem.read.rank import Asker, visible_to
from remem.read.trust import trust_pass
from remem.store.base import ListFilter


@dataclass(frozen=True, slots=True)
class Recaller:
    """The read side of one agent: its scope, who asks, and whether it opted in to
    untrusted memories."""

    mem: Memory
    scope: Scope
    asker: Asker
    include_untrusted: bool = False

    def promoted(self) -> list[MemoryRecord]:
        """Promoted (core) memories, most important first (``agent_promoted_max``)."""
        limit = self.mem.config.agent_promoted_max
        if limit <= 0:
            return []
        page = self.mem.store.list_memories(
            self.scope, filters=ListFilter(promoted=True), limit=limit * 3
        )
        kept = [
            m
            for m in page.items
            if m.kind is not Kind.LESSON
            and visible_to(m, self.asker)
            and (self.include_untrusted or not record_untrusted(m))
        ]
        kept.sort(key=lambda m: -m.importance)
        return kept[:limit]

    def shown_items(self, items: Sequence[WorkingItem]) -> list[WorkingItem]:
        """The working items the agent may be shown."""
        return [w for w in items if self.include_untrusted or not item_untrusted(w)]

    def width(self, items: int, *, shown: int = 0) -> int:
        """How many of the best hits a block of ``items`` memories looks at first:
        those, the ``shown`` ones it skips and ``agent_recall_spare`` for what it
        leaves out (see :meth:`relevant`)."""
        return min(1000, items + shown + self.mem.config.agent_recall_spare)

    def hits(
        self, text: str, *, limit: int, now: datetime, economy: bool = False
    ) -> tuple[list[SearchHit], int]:
        """The ``limit`` best hits for ``text`` with the untrusted ones left out
        (unless opted in), and how many were withheld. No access is counted here:
        what is injected counts one."""
        return self._trusted(self._search(text, limit=limit, now=now, economy=economy))

    def _search(
        self, text: str, *, limit: int, now: datetime, economy: bool = False, tagged: bool = True
    ) -> list[SearchHit]:
        sources = None
        if economy:
            sources = [s for s in self.mem.config.search_sources if s != "graph"]
        return self.mem.search(
            text,
            limit=limit,
            asker_agent_id=self.asker.agent_id,
            asker_role=self.asker.role,
            sources=sources,
            now=now,
            _record_access=False,
            _trust_pass=tagged,  # False: ranked, the trust pass left to the caller
            **scope_args(self.scope),
        )

    def _trusted(self, found: list[SearchHit]) -> tuple[list[SearchHit], int]:
        kept = [h for h in found if self.include_untrusted or not is_untrusted(h)]
        return kept, len(found) - len(kept)

    def relevant(
        self, text: str, *, items: int, now: datetime, shown: Collection[str] = ()
    ) -> tuple[list[tuple[SearchHit, list[str]]], int]:
        """The hits a block of ``items`` memories takes from, best first, without the
        older side of each conflict (:func:`resolve`), and how many untrusted were
        withheld. ``shown``: memories the block holds already (skipped by it).

        The candidates are the ``3 x items`` best hits, as ranked. The trust pass,
        which compares hits pairwise (its cost grows with their square), first runs
        on the :meth:`width` best only; only when what it leaves out (untrusted, the
        older side of a conflict, ``shown``) leaves fewer than ``items`` does it run
        on all the candidates, which is then exactly what a search of ``3 x items``
        returns. So a recall costs about one search; what it gives up is a conflict
        between one of the first hits and one past them, left for the next search
        that finds both."""
        config = self.mem.config
        first = self.width(items, shown=len(shown))
        found = self._search(text, limit=max(first, min(1000, 3 * items)), now=now, tagged=False)
        head = [replace(h, explain=dict(h.explain)) for h in found[:first]]  # tagged apart
        withheld = self._trusted(found)[1]  # of all the candidates, looked at or not
        resolved = resolve(self._trusted(trust_pass(head, config=config, now=now))[0])
        if len(found) > first and sum(h.memory.id not in shown for h, _ in resolved) < items:
            resolved = resolve(self._trusted(trust_pass(found, config=config, now=now))[0])
        return resolved, withheld

    def add_relevant(
        self, builder: BlockBuilder, text: str, *, now: datetime, economy: bool, items: int
    ) -> int:
        """Add the memories relevant to ``text``; how many untrusted were withheld.
        Over budget (``economy``): a category summary covering the text, else a few
        memories from tiered recall, the graph source skipped."""
        if economy:
            tiered = self.mem.recall_tiered(
                text,
                limit=items,
                asker_agent_id=self.asker.agent_id,
                asker_role=self.asker.role,
                sources=[s for s in self.mem.config.search_sources if s != "graph"],
                now=now,
                **scope_args(self.scope),
            )
            if tiered.tier == "summaries":
                lines = [
                    Line(plain(f"{h.summary.category}: {h.summary.content}"))
                    for h in tiered.summaries
                ]
                builder.add(SUMMARIES, lines, max_items=len(lines))
                return 0
            hits = [h for h in tiered.items if self.include_untrusted or not is_untrusted(h)]
            withheld = len(tiered.items) - len(hits)
            resolved = resolve(hits)
        else:
            resolved, withheld = self.relevant(
                text, items=items, now=now, shown=builder.shown_ids()
            )
        # formatted as the block takes them: it stops at ``items``
        relevant = (memory_line(hit.memory, now=now, tags=line_tags(hit)) for hit, _ in resolved)
        builder.add(RELEVANT, relevant, max_items=items)
        return withheld


def record_untrusted(record: MemoryRecord) -> bool:
    return record.source_trust is Trust.UNTRUSTED or bool(record.data.get("injection"))


def item_untrusted(item: WorkingItem) -> bool:
    return item.source_trust is Trust.UNTRUSTED or bool(item.data.get("injection"))


def working_fact(item: WorkingItem, score: float) -> Fact:
    """A working item as a :class:`Fact` (its memory id once promoted)."""
    tags = ("untrusted",) if item_untrusted(item) else ()
    return Fact(
        content=item.content,
        source="working",
        memory_id=item.promoted_to or item.id,
        score=round(score, 4),
        tags=tags,
        valid_from=item.created_at,
    )


def memory_fact(hit: SearchHit, resolved: Sequence[str]) -> Fact:
    """A ranked memory as a :class:`Fact`, with the older conflicting ones it beat."""
    record = hit.memory
    return Fact(
        content=record.content,
        source="memory",
        memory_id=record.id,
        kind=record.kind.value,
        category=record.category,
        confidence=record.confidence,
        trust_score=record.trust_score,
        score=round(hit.score, 6),
        tags=line_tags(hit),
        valid_from=record.valid_from or record.created_at,
        resolved=tuple(resolved),
    )


def resolve(hits: Sequence[SearchHit]) -> list[tuple[SearchHit, list[str]]]:
    """Hits without the older side of each conflict the trust pass found (the newer
    wins), each with the ids it won over."""
    by_id = {h.memory.id: h for h in hits}
    dropped: set[str] = set()
    won: dict[str, list[str]] = {}
    for hit in hits:
        for other_id in hit.explain.get("conflicts_with", ()):
            other = by_id.get(other_id)
            if other is None:
                continue
            if _when(other) > _when(hit) or (
                _when(other) == _when(hit) and other_id > hit.memory.id
            ):
                dropped.add(hit.memory.id)
                won.setdefault(other_id, []).append(hit.memory.id)
    return [(h, won.get(h.memory.id, [])) for h in hits if h.memory.id not in dropped]


def _when(hit: SearchHit) -> datetime:
    record = hit.memory
    return record.valid_from or record.created_at
