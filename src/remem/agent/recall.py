"""Where a context block's memories come from: promoted memories, working memory
carried over, and the memories relevant to a text (a search, or tiered recall when
the session is over budget), with conflicts resolved newest first and untrusted
memories left out unless the agent opted in. An episode (the record of a task, or its
summary) quotes the task as the user said it then, a value since changed among it
("Task: msrv is 1.74"): among the relevant memories it comes after the facts, and
once (its summary, which holds the task, or else its record), so a fact that stands
now is read before an old task that mentions its old value. Feedback leaves some out
(:mod:`remem.read.feedback_context`): a memory ignored every time it was
injected, for a query it matches no better; one redundant beside a memory above
it (found so before, or quoted whole in it once feedback found such memories
redundant); one matched below the floor learned from the candidates'
judgements."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

from remem.agent.context import RELEVANT, SUMMARIES, BlockBuilder, Line, memory_line, plain
from remem.agent.current import current, since_changed
from remem.agent.results import Fact
from remem.agent.session import scope_args
from remem.memory import Memory
from remem.model import (
    Kind,
    MemoryRecord,
    Scope,
    SearchHit,
    WorkingItem,
    withheld_by_default,
)
from remem.read.feedback_context import (
    LearnedFloor,
    UsedWith,
    context_terms,
    evidence,
    inside,
    keyword_stems,
    learned_floor,
    quoting_labels,
)
from remem.read.inject import is_untrusted, line_tags
from remem.read.rank import Asker, visible_to
from remem.read.trust import find_conflicts, trust_pass
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
            and (self.include_untrusted or not withheld_by_default(m))
        ]
        kept.sort(key=lambda m: -m.importance)
        return kept[:limit]

    def key_facts(self) -> list[MemoryRecord]:
        """The scope's facts a session starts with (``agent_start_facts_max``): its
        active statements (not lessons, rules or episodes), the most important of
        the newest first — what the project is, runs on and agreed, as it stands now
        (a superseded value is not active; of two that conflict, the older is left
        out, as the read path's trust pass would resolve them)."""
        limit = self.mem.config.agent_start_facts_max
        if limit <= 0:
            return []
        page = self.mem.store.list_memories(
            self.scope, filters=ListFilter(kinds=(Kind.SEMANTIC.value,)), limit=limit * 4
        )
        kept = [
            m
            for m in page.items
            if visible_to(m, self.asker)
            and (self.include_untrusted or not withheld_by_default(m))
            and m.trust_score >= self.mem.config.min_trust  # as ranking drops them
        ]
        # of two that disagree (the later would update the earlier: the trust pass's
        # conflict), the newer stands; the older is no key fact "as it stands now"
        conflicts = find_conflicts(kept, config=self.mem.config)
        kept = [m for m in kept if "newer" not in conflicts.get(m.id, {}).values()]
        kept.sort(key=lambda m: -m.importance)  # stable: newest first among equals
        # a value a newer fact replaced is not shown as current; one a newer episode or
        # fact not shown replaced is marked with it (remem/agent/current.py)
        pool = self._newest(page.items, limit=limit)
        return current(kept, self.mem.store, self.mem.config, pool=pool)[:limit]

    def _newest(self, facts: Sequence[MemoryRecord], *, limit: int) -> list[MemoryRecord]:
        """``facts`` (the scope's newest statements) and its newest episodes the asker
        may see: what may have replaced a value a block shows."""
        episodes = self.mem.store.list_memories(
            self.scope, filters=ListFilter(kinds=(Kind.EPISODIC.value,)), limit=limit * 2
        )
        return [
            m
            for m in [*facts, *episodes.items]
            if visible_to(m, self.asker) and (self.include_untrusted or not withheld_by_default(m))
        ]

    def newer_pool(self) -> list[MemoryRecord]:
        """The scope's newest statements and episodes (``agent_start_facts_max`` x 4 and
        x 2): a prompt's relevant line whose value one of them replaced is marked with
        it, found by the search or not."""
        limit = max(1, self.mem.config.agent_start_facts_max)
        page = self.mem.store.list_memories(
            self.scope, filters=ListFilter(kinds=(Kind.SEMANTIC.value,)), limit=limit * 4
        )
        return self._newest(page.items, limit=limit)

    def changed_since(
        self, ids: Sequence[str], said: Sequence[MemoryRecord] = ()
    ) -> dict[str, str]:
        """The marks of the memories ``ids`` whose value a newer statement or episode of
        the scope, or one the user ``said`` earlier in this session, replaced, by id
        (:func:`remem.agent.current.since_changed`)."""
        records = [r for i in ids if (r := self.mem.store.get_memory(i, self.scope)) is not None]
        if not records:
            return {}
        pool = [*self.newer_pool(), *said]
        return since_changed(records, self.mem.store, self.mem.config, pool=pool)

    def marked(self, records: Sequence[MemoryRecord]) -> list[MemoryRecord]:
        """``records`` (lessons) with each one holding a value a newer statement or
        episode of the scope replaced marked with it (:func:`remem.agent.current.current`),
        none left out."""
        if not records:
            return []
        return current(
            records,
            self.mem.store,
            self.mem.config,
            mark_only=True,
            pool=self.newer_pool(),
            lessons=True,
        )

    def shown_items(self, items: Sequence[WorkingItem]) -> list[WorkingItem]:
        """The working items the agent may be shown."""
        return [w for w in items if self.include_untrusted or not withheld_by_default(w)]

    def ranked(self, text: str, *, items: int, now: datetime, shown: int = 0) -> list[SearchHit]:
        """The candidates of a block of ``items`` memories: the ``3 x items`` best
        hits for ``text`` (more when ``shown`` + ``agent_recall_spare`` ask), ranked,
        not yet through the trust pass (:meth:`relevant` runs it)."""
        wanted = max(3 * items, items + shown + self.mem.config.agent_recall_spare)
        return self._search(text, limit=min(1000, wanted), now=now, tagged=False)

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
        self,
        text: str,
        *,
        items: int,
        now: datetime,
        shown: Collection[str] = (),
        terms: Sequence[str] = (),
    ) -> tuple[list[tuple[SearchHit, list[str]]], int, int]:
        """The hits a block of ``items`` memories takes from, best first, without the
        older side of each conflict (:func:`resolve`), how many untrusted were
        withheld and how many feedback skipped (:meth:`unskipped`; ``terms``: the
        query's, :func:`remem.read.feedback_context.context_terms`). ``shown``:
        memories the block holds already (it skips them).

        Of the candidates (:meth:`ranked`), the trust pass — which compares hits
        pairwise, so its cost grows with their square — runs on the shortest run
        of the best ones that holds ``items`` + ``agent_recall_spare`` the block may
        show (trusted, unless opted in, and not ``shown``), not on all of them. So a
        recall costs about one search. What that gives up: a conflict between one
        of those and a hit past them is not seen (the next search that finds both
        sees it), and when more than the spare of those are the older side of a
        conflict (several versions of one fact at the top), the block shows fewer
        memories rather than looking further."""
        config = self.mem.config
        ranked = self.ranked(text, items=items, now=now, shown=len(shown))
        found = self.unskipped(ranked, terms, shown, items=items)
        wanted, end = items + config.agent_recall_spare, len(found)
        for index, hit in enumerate(found):
            if (self.include_untrusted or not is_untrusted(hit)) and hit.memory.id not in shown:
                wanted -= 1
                if wanted == 0:
                    end = index + 1
                    break
        withheld = self._trusted(found)[1]  # of all the candidates, looked at or not
        checked = trust_pass(found[:end], config=config, now=now)
        return resolve(self._trusted(checked)[0]), withheld, len(ranked) - len(found)

    def add_relevant(
        self,
        builder: BlockBuilder,
        text: str,
        *,
        now: datetime,
        economy: bool,
        items: int,
        said: Sequence[MemoryRecord] = (),
    ) -> int:
        """Add the memories relevant to ``text``; how many untrusted were withheld.
        Over budget (``economy``): a category summary covering the text, else a few
        memories from tiered recall, the graph source skipped. Each judged hit's
        ``explain["feedback"]`` is its feedback evidence; those always ignored and
        matched no better now (:meth:`Evidence.skip`) are left out. ``said``: what the
        user stated earlier in this session, not yet a memory (its working items): a
        line whose value it replaced is marked with it, as with a stored newer one."""
        terms = context_terms(text)
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
            kept = self.unskipped(hits, terms, builder.shown_ids(), items=items)
            builder.skipped += len(hits) - len(kept)
            resolved = resolve(kept)
        else:
            resolved, withheld, skipped = self.relevant(
                text, items=items, now=now, shown=builder.shown_ids(), terms=terms
            )
            builder.skipped += skipped
        resolved = facts_first(resolved)
        # a line holding a value a newer candidate replaced is marked with it, never
        # left out (remem/agent/current.py)
        records = [hit.memory for hit, _ in resolved]
        pool = [*self.newer_pool(), *said] if records else []
        marked = {
            r.id: r
            for r in current(
                records,
                self.mem.store,
                self.mem.config,
                mark_only=True,
                pool=pool,
            )
        }
        # formatted as the block takes them: it stops at ``items``
        relevant = (
            memory_line(
                marked.get(hit.memory.id, hit.memory),
                now=now,
                tags=line_tags(hit),
                match=match_of(hit),
            )
            for hit, _ in resolved
        )
        builder.add(RELEVANT, relevant, max_items=items, context=terms)
        return withheld

    def unskipped(
        self,
        hits: Sequence[SearchHit],
        terms: Sequence[str],
        shown: Collection[str] = (),
        *,
        items: int | None = None,
    ) -> list[SearchHit]:
        """``hits`` (best first) without those feedback says to skip for a query with
        ``terms``: always ignored and matched no better (:meth:`Evidence.skip`);
        redundant beside a memory that explained their echo before and is ranked
        above them or ``shown`` already (:meth:`Evidence.redundant_with`); never
        used and quoted whole in a memory above them, once the candidates'
        judgements found such memories redundant (:meth:`_quoted_skip`); or
        matched below the floor learned from the candidates' judgements
        (:func:`learned_floor`) when not used for a query like this one and past
        the block's best ``feedback_floor_keep`` and not used in one response with a
        memory the block holds on its own evidence among the ``items`` it would take
        without the floor (:class:`UsedWith`). Each hit's evidence in
        ``explain["feedback"]``."""
        config = self.mem.config
        kept: list[SearchHit] = []
        floored = 0  # hits left out by the floor alone, so far
        above = set(shown)
        quoted = self._quoted_skip(hits)
        floor = learned_floor((h.memory for h in hits), config)
        together = UsedWith(config, reach=items)  # below the floor, used with one above
        above_stems: list[tuple[str, set[str]]] = []
        if quoted and shown:  # what the block shows already is above every hit
            above_stems = [
                (r.id, keyword_stems(r.content))
                for r in self.mem.store.get_memories(list(shown), self.scope)
            ]
        for hit in hits:
            found = evidence(hit.memory, terms, config, match=match_of(hit))
            if found.judged or found.explainers:
                hit.explain["feedback"] = found.explain(config)
            beside = found.redundant_with(config, above)
            words = keyword_stems(hit.memory.content) if quoted else set()
            inside_of = next(
                (
                    mid
                    for mid, whole in above_stems
                    if inside(words, whole, config.echo_subsumed_min)
                    and not inside(whole, words, config.echo_subsumed_min)
                ),
                None,
            )
            if beside is not None:
                hit.explain.setdefault("feedback", {})["redundant_beside"] = beside
            elif inside_of is not None and not found.used_any:
                hit.explain.setdefault("feedback", {})["quoted_by"] = inside_of
            elif (
                below(hit, floor)
                and not found.used
                and len(kept) >= config.feedback_floor_keep
                and not together.mark(hit, rank=len(kept) + floored)
            ):
                floored += 1
                hit.explain.setdefault("feedback", {})["below_floor"] = floor.explain()
            elif not found.skip(config):
                kept.append(hit)
                if found.used or not below(hit, floor):  # held on its own evidence
                    together.add(hit.memory)
                if self.include_untrusted or not is_untrusted(hit):
                    above.add(hit.memory.id)
                    if quoted:
                        above_stems.append((hit.memory.id, words))
        return kept

    def _quoted_skip(self, hits: Sequence[SearchHit]) -> bool:
        """Whether this scope's feedback says the agent does without a memory quoted
        whole inside another it is shown: the candidates' judgements found at least
        ``feedback_skip_quoted_min`` memories redundant beside one quoting them, and
        more of those than memories echoed only through what they quote."""
        config = self.mem.config
        if config.feedback_skip_quoted_min <= 0 or config.echo_subsumed_min <= 0:
            return False
        redundant, hollow = quoting_labels(h.memory for h in hits)
        return redundant >= config.feedback_skip_quoted_min and redundant > hollow


def facts_first(
    hits: Sequence[tuple[SearchHit, list[str]]],
) -> list[tuple[SearchHit, list[str]]]:
    """The block's relevant ``hits`` (after feedback and the trust pass) with the
    episodes after the other memories, each episode once: its summary (which holds
    its task), or its record when the summary is not among them (see the module doc).
    An episodic note (a failed tool call) is no episode."""
    facts = [pair for pair in hits if not pair[0].memory.is_episode]
    episodes = [pair for pair in hits if pair[0].memory.is_episode]
    summarised = {pair[0].memory.data.get("episode_of") for pair in episodes}
    return facts + [pair for pair in episodes if pair[0].memory.id not in summarised]


def below(hit: SearchHit, floor: LearnedFloor) -> bool:
    """Whether ``hit`` is matched below the learned floor (no floor, no match: no)."""
    match = match_of(hit)
    return floor.floor is not None and match is not None and match < floor.floor


def match_of(hit: SearchHit) -> float | None:
    """A hit's match score (:mod:`remem.read.floor`), when the search measured one."""
    match = hit.explain.get("match")
    score = match.get("score") if isinstance(match, dict) else None
    return float(score) if isinstance(score, int | float) else None


def working_fact(item: WorkingItem, score: float) -> Fact:
    """A working item as a :class:`Fact` (its memory id once promoted)."""
    tags = ("untrusted",) if withheld_by_default(item) else ()
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
