"""The agent's context block: labelled parts under one token budget.

Parts are filled in priority order — reminders due today, lessons, rules,
promoted memories, working memory carried over or found now, then the memories
relevant to the opening or prompt — each line only if it still fits, so the most
important parts are never crowded out by a long search result. Tokens are
counted with the bundled WordPiece tokenizer (:mod:`remem.read.tokens`), part
labels included; the rendered block never exceeds the budget.

Memory lines use the context block's format (``~ fact (confidence; age;
category) [tags]``); lessons, rules and reminders are plain ``- text`` lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from remem.agent.feedback import content_hash
from remem.agent.results import ContextPart, ContextResult
from remem.markup import visible
from remem.model import Injected, MemoryRecord, SearchHit
from remem.read.inject import format_line
from remem.read.tokens import TokenCounter, default_counter
from remem.textnorm import strip_invisible

DUE, LESSONS, RULES, PROMOTED = "## Due today", "## Lessons", "## Rules", "## Promoted"
FACTS = "## Project facts"  # the scope's key facts, as they stand
REMINDERS = "## Reminders"  # reminders whose condition this turn met
EPISODES = "## Earlier episodes"  # how a similar task went before, and what fixed it
CARRIED, WORKING, SUMMARIES, RELEVANT = (
    "## Carried over",
    "## Working memory",
    "## Summaries",
    "## Relevant",
)
# The part name each label records in an injection (feedback judges facts only).
PART_OF = {
    DUE: "due",
    REMINDERS: "due",
    EPISODES: "episode",
    LESSONS: "lesson",
    RULES: "rule",
    PROMOTED: "promoted",
    FACTS: "fact",
    CARRIED: "carried",
    WORKING: "working",
    SUMMARIES: "summary",
    RELEVANT: "relevant",
}


@dataclass(frozen=True, slots=True)
class Line:
    """One candidate line: its text and, when it is a stored memory, the memory; or
    the id of what else it shows (a rule, a trigger: ``ContextPart.refs``)."""

    text: str
    memory: MemoryRecord | None = None
    ref: str | None = None
    match: float | None = None  # the memory's match score for the query that found it


def plain(text: str) -> str:
    """``- text`` on one line, hidden markup and invisible characters removed."""
    return "- " + " ".join(strip_invisible(visible(text)).split())


def memory_line(
    record: MemoryRecord,
    *,
    now: datetime,
    tags: Sequence[str] = (),
    match: float | None = None,
) -> Line:
    """A stored memory as the context block formats it (with its trust tags);
    ``match``: its match score for the query that found it (kept for feedback)."""
    hit = SearchHit(memory=record, score=0.0, explain={"tags": list(tags)})
    return Line(format_line(hit, now=now), record, match=match)


@dataclass(slots=True)
class BlockBuilder:
    """Fills labelled parts under ``max_tokens`` (see the module doc)."""

    max_tokens: int
    counter: TokenCounter = field(default_factory=default_counter)
    used: int = 0
    parts: list[ContextPart] = field(default_factory=list)
    injected: list[Injected] = field(default_factory=list)
    skipped: int = 0  # memories found but left out on feedback (never used when injected)
    _seen: set[str] = field(default_factory=set)

    def shown(self, memory_id: str) -> bool:
        """Whether a memory is already in the block (each appears once)."""
        return memory_id in self._seen

    def shown_ids(self) -> frozenset[str]:
        """The memories the block holds (or counts as held) so far."""
        return frozenset(self._seen)

    def mark_shown(self, memory_ids: Sequence[str]) -> None:
        """Count these memories as in the block already (a working item shown in
        their stead, say), so no later part repeats them."""
        self._seen.update(memory_ids)

    def add(
        self,
        label: str,
        lines: Iterable[Line],
        *,
        max_items: int,
        context: tuple[str, ...] = (),
        max_tokens: int | None = None,
    ) -> ContextPart | None:
        """Add a part with as many of ``lines`` (best first) as fit, at most
        ``max_items``; None (nothing added) when none fits. ``lines`` is read only
        as far as needed (a generator formats no line the block does not take).
        ``context``: the hashed terms of the query the lines were found for (kept
        with each injection for feedback). ``max_tokens``: the most this part may
        take, its label included (so later parts keep a share of the block)."""
        if max_items <= 0:
            return None
        label_cost = self.counter.count(label)
        room = (
            self.max_tokens if max_tokens is None else min(self.max_tokens, self.used + max_tokens)
        )
        if self.used + label_cost > room:
            return None
        kept: list[tuple[str, MemoryRecord | None, int, str | None, float | None]] = []
        cost = label_cost
        for line in lines:
            if len(kept) >= max_items:
                break
            if line.memory is not None and line.memory.id in self._seen:
                continue
            tokens = self.counter.count(line.text)
            if self.used + cost + tokens > room:
                continue  # a shorter line may still fit
            kept.append((line.text, line.memory, tokens, line.ref, line.match))
            cost += tokens
            if line.memory is not None:
                self._seen.add(line.memory.id)
        if not kept:
            return None
        self.used += cost
        part = ContextPart(
            label=label,
            lines=tuple(k[0] for k in kept),
            memory_ids=tuple(k[1].id for k in kept if k[1] is not None),
            tokens=cost,
            refs=tuple(k[3] for k in kept if k[3] is not None),
        )
        self.parts.append(part)
        self.injected.extend(
            Injected(
                m.id,
                content_hash(m.content),
                tokens,
                PART_OF.get(label, "relevant"),
                context,
                None if match is None else round(match, 4),
            )
            for _, m, tokens, _, match in kept
            if m is not None
        )
        return part

    def part(self, label: str) -> ContextPart | None:
        """The part with this label, if the block has it."""
        return next((p for p in self.parts if p.label == label), None)

    def render(self) -> tuple[str, int]:
        """The block's text and its token count (never above ``max_tokens``)."""
        text = _render(self.parts)
        tokens = self.counter.count(text) if text else 0
        # WordPiece splits on whitespace, so part counts add up; this guards the cap.
        while self.parts and tokens > self.max_tokens:
            last = self.parts.pop()
            dropped = set(last.memory_ids)
            self.injected = [e for e in self.injected if e.memory_id not in dropped]
            text = _render(self.parts)
            tokens = self.counter.count(text) if text else 0
        return text, tokens

    def result(self, session_id: str, *, economy: bool, withheld: int) -> ContextResult:
        text, tokens = self.render()
        return ContextResult(
            session_id=session_id,
            text=text,
            parts=tuple(self.parts),
            injected_ids=tuple(e.memory_id for e in self.injected),
            tokens=tokens,
            max_tokens=self.max_tokens,
            tokenizer=getattr(self.counter, "name", type(self.counter).__name__),
            economy=economy,
            withheld=withheld,
            skipped=self.skipped,
        )


def _render(parts: Sequence[ContextPart]) -> str:
    return "\n\n".join("\n".join([p.label, *p.lines]) for p in parts)
