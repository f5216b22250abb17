"""``MemoryAgent``: every memory operation of one agent, so the agent itself never
touches the store.

    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    start = agent.start_session("s1", opening="fix the login bug")
    prompt = start.text + "\\n\\n" + user_message
    agent.observe("s1", "user", user_message)
    ... the model answers ...
    agent.observe("s1", "assistant", answer)
    agent.feedback("s1", answer)
    agent.end_session("s1")

All state lives in the store (sessions, working memory, injected ids, costs), so
each call may come from another process (hooks). Every method takes ``now``
(default: the current time), so a simulation runs on a fake clock. Untrusted
memories (tool output, web pages, other agents) are never injected unless the
agent was built with ``include_untrusted=True``; then their lines say so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from remem.agent.budget import Meter, Usage
from remem.agent.context import (
    CARRIED,
    DUE,
    LESSONS,
    PROMOTED,
    RULES,
    WORKING,
    BlockBuilder,
    Line,
    memory_line,
    plain,
)
from remem.agent.deferred import (
    Settled,
    flush_journal,
    journal_observe,
    journal_recall,
    record_injected,
    settle,
)
from remem.agent.episodes import Episode, EpisodeHit, Episodes
from remem.agent.feedback import apply_echoes, judge, outcome_changes
from remem.agent.lessons import Lessons, draft_lesson, llm_lesson
from remem.agent.observe import decision_in, error_in, wants_remembering
from remem.agent.recall import Recaller, memory_fact, resolve, working_fact
from remem.agent.results import (
    ContextResult,
    EchoResult,
    Fact,
    FeedbackResult,
    LessonResult,
    ObserveResult,
    OutcomeResult,
    SessionEnd,
    SessionStart,
    WorkingPromotion,
    to_plain,
)
from remem.agent.rules import Rules
from remem.agent.session import OBSERVED, ScopeArgs, Sessions, check_session_id, scope_args
from remem.agent.triggers import Triggers
from remem.agent.turns import TurnNotes, check_tool_calls, episodes_at_end
from remem.agent.working import WorkingMemory
from remem.errors import NotFoundError, ValidationError
from remem.ids import resolve_ids
from remem.memory import Memory
from remem.model import AgentSession, Status, WorkingItem, utcnow
from remem.read.rank import Asker
from remem.validation import (
    Limits,
    check_label,
    check_number,
    check_text,
    optional_label,
)
from remem.write.transcript import untrusted_for
from remem.write.validate import write_scope


class MemoryAgent:
    """Sessions, working memory, lessons and feedback for one agent over a
    :class:`~remem.Memory` (see the module doc and docs/agent.md)."""

    def __init__(
        self,
        mem: Memory,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        role: str | None = None,
        namespace: str | None = None,
        include_untrusted: bool = False,
    ) -> None:
        self.mem = mem
        self.limits = Limits.of(mem.config)
        self.scope = write_scope(user_id, agent_id, namespace, self.limits)
        self.role = optional_label(role, "role", max_chars=self.limits.max_label_chars)
        self.include_untrusted = include_untrusted
        self.asker = Asker(agent_id=agent_id, role=self.role)
        self.sessions = Sessions(mem, self.scope)
        self.working = WorkingMemory(mem, self.scope)
        self.lessons = Lessons(mem, self.scope, asker=self.asker)
        self.triggers = Triggers(mem, self.scope)
        self.episodes = Episodes(mem, self.scope)
        self.rules = Rules(mem, self.scope)
        self.recaller = Recaller(mem, self.scope, self.asker, include_untrusted)
        self.notes = TurnNotes(mem, self.scope)
        self.meter = Meter(mem)  # what each operation costs (its cost row)
        self.settling = False  # set by settle() on the agents doing journaled writes
        # journal rows held for one commit (deferred.one_commit); None: each commits
        self.journal: list[tuple[str, dict[str, Any], dict[str, Any], datetime]] | None = None

    @property
    def _kw(self) -> ScopeArgs:
        return scope_args(self.scope)

    # -- sessions -------------------------------------------------------------------------
    def start_session(
        self, session_id: str, *, opening: str | None = None, now: datetime | None = None
    ) -> SessionStart:
        """Start (or continue) a session and build the context to put before the user
        speaks: overdue jobs run within ``jobs_catchup_budget_ms``, then lessons,
        promoted memories, working memory carried over from the scope's earlier
        sessions and the memories best matching ``opening``, each part labelled, under
        ``agent_context_max_tokens``. The injected ids are recorded for feedback."""
        session_id = check_session_id(session_id, self.limits)
        if opening is not None:
            opening = check_text(opening, "opening", max_bytes=self.limits.max_content_bytes)
        now = now or utcnow()
        config = self.mem.config
        self._catch_up()
        with self.meter.measure() as usage:
            session, created = self.sessions.open(session_id, opening=opening, now=now)
            ran: tuple[str, ...] = ()
            deferred: tuple[str, ...] = ()
            if config.jobs_catchup_budget_ms > 0:
                # Never assume cron ran; a bounded slice, the rest waits for the next call.
                catch_up = self.mem.jobs.run_due(now, budget_ms=config.jobs_catchup_budget_ms)
                ran = tuple(r.name for r in catch_up.ran)
                deferred = tuple(catch_up.deferred)
            if created:
                carried = self.working.carry_over(session_id, now=now)
            else:  # a resumed session shows again what it carried over
                carried = [
                    w
                    for w in self.working.items(session_id, now=now)
                    if w.carried_from is not None and w.promoted_to is None
                ]
            builder = BlockBuilder(config.agent_context_max_tokens)
            due = self.triggers.due(now=now)
            builder.add(
                DUE,
                [Line(plain(f"{t.trigger_date:%a %d %b}: {t.message}"), ref=t.id) for t in due],
                max_items=len(due),
            )
            rules = self.rules.matching(opening or "", limit=max(1, config.agent_rules_max))
            rules = rules[: config.agent_rules_max]
            # A lesson a shown rule was learned from is not repeated beside it.
            sources = {i for r in rules for i in r.source_lessons}
            lessons = self.lessons.active(
                limit=config.agent_lessons_max,
                include_untrusted=self.include_untrusted,
                exclude=sources,
            )
            builder.add(
                LESSONS,
                [Line(plain(m.content), m) for m in lessons],
                max_items=config.agent_lessons_max,
            )
            builder.add(
                RULES, [Line(plain(r.render()), ref=r.id) for r in rules], max_items=len(rules)
            )
            builder.add(
                PROMOTED,
                [memory_line(m, now=now) for m in self.recaller.promoted()],
                max_items=config.agent_promoted_max,
            )
            shown = self.recaller.shown_items(carried)
            builder.add(CARRIED, [Line(plain(w.content)) for w in shown], max_items=len(shown))
            withheld = 0
            if opening:
                withheld = self.recaller.add_relevant(
                    builder, opening, now=now, economy=False, items=config.agent_context_max_items
                )
            context = self._inject(builder, session, now=now, economy=False, withheld=withheld)
            # Only what made it into the block counts: a reminder that did not fit
            # waits for the next start, a rule not shown is not used.
            fired = self.triggers.fire(_refs(context, DUE), now=now)
            self.rules.mark_used(_refs(context, RULES), now=now)
        self._log(session, "start", usage, context, now=now)
        return SessionStart(
            session_id=session_id,
            context=context,
            resumed=not created,
            jobs_ran=ran,
            jobs_deferred=deferred,
            triggers_fired=tuple(t.id for t in fired),
            carried_over=tuple(w.id for w in carried),
        )

    def recall(
        self,
        session_id: str,
        prompt: str,
        *,
        tool: str | None = None,
        now: datetime | None = None,
        defer: bool = False,
    ) -> ContextResult:
        """The context for one prompt (a per-prompt hook): this session's working
        memory first, then the relevant memories; with the session over
        ``budget_per_turn``, fewer of them from tiered recall only. Injected ids are
        recorded for feedback. ``tool``: the tool about to be called (for rules).
        ``defer``: return as soon as the context is built; the writes (working items
        surfaced, injections, rules used, the cost row) are journaled and done by
        :meth:`settle` (see :mod:`remem.agent.deferred`)."""
        session_id = check_session_id(session_id, self.limits)
        prompt = check_text(prompt, "prompt", max_bytes=self.limits.max_content_bytes)
        if tool is not None:
            tool = check_label(tool, "tool", max_chars=self.limits.max_label_chars)
        now = now or utcnow()
        config = self.mem.config
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.ensure(session_id, now=now)
            economy = self.sessions.economy(session)
            builder = BlockBuilder(config.agent_context_max_tokens)
            found = self.working.search(
                session_id,
                prompt,
                now=now,
                limit=config.working_recall_max,
                include_untrusted=self.include_untrusted,
                surface=not defer,
            )
            part = builder.add(
                WORKING, [Line(plain(w.content)) for w, _ in found], max_items=len(found)
            )
            if part is not None:  # a promoted item's memory is not repeated below
                builder.mark_shown([w.promoted_to for w, _ in found if w.promoted_to])
            rules = self.rules.matching(prompt, tool=tool, limit=max(1, config.agent_rules_max))
            rules = rules[: config.agent_rules_max]
            builder.add(
                RULES, [Line(plain(r.render()), ref=r.id) for r in rules], max_items=len(rules)
            )
            items = config.agent_economy_items if economy else config.agent_context_max_items
            withheld = self.recaller.add_relevant(
                builder, prompt, now=now, economy=economy, items=items
            )
            context = self._inject(
                builder, session, now=now, economy=economy, withheld=withheld, record=not defer
            )
            if not defer:
                self.rules.mark_used(_refs(context, RULES), now=now)
        if defer:
            usage.injected_tokens += context.tokens
            journal_recall(
                self,
                session_id,
                prompt=prompt,
                economy=economy,
                turn=session.turns,
                surfaced=[w.id for w, _ in found],
                injected=builder.injected,
                rules=_refs(context, RULES),
                usage=usage,
                now=now,
            )
        else:
            self._log(session, "recall", usage, context, now=now)
        return context

    def observe(
        self,
        session_id: str,
        role: str,
        content: str,
        *,
        tool_calls: Sequence[Mapping[str, Any]] | None = None,
        trusted: bool | None = None,
        now: datetime | None = None,
        defer: bool = False,
    ) -> ObserveResult:
        """Record one turn: a checkpoint, and from it — an explicit "remember ..."
        (user) stored at once through the write path; an error (a failed tool call,
        a traceback) as an episodic note; a decision stored with its reasoning; the
        turn in working memory. ``trusted``: as ``Memory.add`` (default: by role,
        ``tool`` untrusted). ``defer``: journal the turn and return (``deferred``
        set, nothing stored yet: :meth:`settle` records it, see
        :mod:`remem.agent.deferred`) — unless the turn asks to be remembered or
        states a decision, which are recorded at once (the caller tells the user)."""
        session_id = check_session_id(session_id, self.limits)
        role = check_label(role, "role", max_chars=self.limits.max_label_chars).lower()
        content = check_text(content, "content", max_bytes=self.limits.max_content_bytes)
        calls = check_tool_calls(tool_calls, self.limits)
        now = now or utcnow()
        reports = (wants_remembering(role, content) and trusted is not False) or (
            role in ("user", "assistant") and decision_in(content) is not None
        )
        if defer and not reports:
            journal_observe(
                self, session_id, role=role, content=content, tool_calls=calls, trusted=trusted,
                now=now,
            )  # fmt: skip
            return ObserveResult(session_id=session_id, turn=0, deferred=True)
        self._catch_up()
        with self.meter.measure() as usage:
            self.sessions.ensure(session_id, now=now)
            turn = self.mem.store.next_turn(session_id, self.scope)
            remembered: list[str] = []
            skipped: list[str] = []
            if wants_remembering(role, content) and trusted is not False:
                decisions = self.mem.remember(
                    content, session_id=session_id, speaker=self.scope.user_id, now=now, **self._kw
                )
                remembered = [d.memory_id for d in decisions if d.memory_id]
                skipped += [f"remember: {d.reason}" for d in decisions if d.action == "rejected"]
            note = error_in(role, content, calls)
            note_id = self.notes.error(
                session_id, turn, role, note, calls, now=now, skipped=skipped
            )
            decision = decision_in(content) if role in ("user", "assistant") else None
            decision_id = self.notes.decision(
                session_id, turn, role, decision, trusted=trusted, now=now, skipped=skipped
            )
            item = None
            if (
                role in ("user", "assistant")
                and not remembered
                and len(content.split()) >= self.mem.config.working_min_words
            ):
                item = self.working.add(
                    session_id,
                    content,
                    role=role,
                    trusted=trusted,
                    now=now,
                    data={"turn": turn},
                )
            # A day named in the turn becomes a reminder for that day (never from
            # untrusted text: a reminder is injected before the user speaks).
            triggers = self.triggers.detect(
                content,
                now=now,
                session_id=session_id,
                memory_ids=remembered,
                trusted=trusted if trusted is not None else not untrusted_for(role),
            )
            state: dict[str, Any] = {
                "user_input" if role == "user" else "llm_output": content,
                "tool_calls": calls,
                "internal_state": {
                    OBSERVED: True,
                    "role": role,
                    "at": now.isoformat(),
                    **({"trusted": trusted} if trusted is not None else {}),
                    **({"remembered": remembered} if remembered else {}),
                },
            }
            self.mem.checkpoint(session_id, turn, state, **self._kw)
        self.sessions.log(session_id, turn, "observe", usage, now=now)
        return ObserveResult(
            session_id=session_id,
            turn=turn,
            remembered=tuple(remembered),
            error_note=note_id,
            decision=decision_id,
            working_item=item.id if item else None,
            triggers=tuple(t.id for t in triggers),
            skipped=tuple(skipped),
        )

    def end_session(
        self,
        session_id: str,
        *,
        transcript: str | Path | None = None,
        success: bool | None = None,
        outcome_score: float | None = None,
        learnings: Sequence[str] = (),
        now: datetime | None = None,
    ) -> SessionEnd:
        """Flush the session: extract every observed turn not extracted yet (or, with
        ``transcript``, the transcript file, which then stands for the observed
        turns; a re-run skips what was stored), promote the working memory that
        earned it, write the episode, mark the session ended, and reflect when
        ``reflection_every_sessions`` sessions have ended since the last reflection.

        The episode: with ``success`` (and ``outcome_score``, default 1.0 / 0.0) the
        session's open episodes are completed with that outcome and ``learnings``;
        a session that has none gets one, its task the opening and its actions the
        tool calls observed. Without an outcome, open episodes stay open. Safe to
        call again."""
        session_id = check_session_id(session_id, self.limits)
        if success is not None and not isinstance(success, bool):
            raise ValidationError("success must be true, false or None")
        if outcome_score is not None:
            if success is None:
                raise ValidationError("outcome_score needs success=True or False")
            check_number(outcome_score, "outcome_score", low=0.0, high=1.0)
        learned = [
            check_text(t, "learnings", max_bytes=self.limits.max_content_bytes) for t in learnings
        ]
        now = now or utcnow()
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.require(session_id)
            already = session.ended_at is not None
            stored, extracted, messages, skipped_messages = self._flush(session, transcript, now)
            promoted = [
                WorkingPromotion(item.id, item.promoted_to or "", item.content)
                for item in self.working.promote_earned(session_id, now=now)
                if item.promoted_to
            ]
            completed, still_open = episodes_at_end(
                self.episodes,
                self.notes,
                session,
                success=success,
                score=outcome_score,
                learnings=learned,
                now=now,
            )
            self.mem.store.update_session(
                session_id,
                self.scope,
                ended_at=None if already else now,
                flushed_turns=session.turns,
            )
            reflection = None
            ended = self.mem.store.count_sessions(self.scope, ended=True)
            if not already and self.rules.due(sessions_ended=ended):
                reflection = to_plain(self.rules.reflect(now=now, sessions_ended=ended))
        self.sessions.log(session_id, session.turns, "end", usage, now=now)
        return SessionEnd(
            session_id=session_id,
            turns=session.turns,
            extracted_turns=extracted,
            transcript_messages=messages,
            transcript_skipped=skipped_messages,
            stored=tuple(stored),
            promoted=tuple(promoted),
            episodes_completed=tuple(completed),
            episodes_open=tuple(still_open),
            reflected=reflection is not None,
            reflection=reflection,
            cost=self.sessions.usage(session_id).to_dict(),
            already_ended=already,
        )

    def flush(
        self,
        session_id: str,
        *,
        transcript: str | Path | None = None,
        now: datetime | None = None,
    ) -> SessionEnd:
        """Extract what the session said so far and keep it open (before a context
        compaction; a long session's checkpoint): the observed turns not extracted
        yet, or with ``transcript`` the transcript file (which then stands for the
        observed turns; a re-run skips what was stored). Nothing is promoted and the
        session is not ended. A session no process started is opened, as
        ``observe`` opens it. Safe to call again."""
        session_id = check_session_id(session_id, self.limits)
        now = now or utcnow()
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.ensure(session_id, now=now)
            stored, extracted, messages, skipped_messages = self._flush(session, transcript, now)
            self.mem.store.update_session(session_id, self.scope, flushed_turns=session.turns)
        self.sessions.log(session_id, session.turns, "flush", usage, now=now)
        return SessionEnd(
            session_id=session_id,
            turns=session.turns,
            extracted_turns=extracted,
            transcript_messages=messages,
            transcript_skipped=skipped_messages,
            stored=tuple(stored),
            cost=self.sessions.usage(session_id).to_dict(),
            already_ended=session.ended_at is not None,
        )

    def session(self, session_id: str) -> AgentSession:
        """The stored state of a session (NotFoundError if none in this scope)."""
        return self.sessions.require(check_session_id(session_id, self.limits))

    def session_cost(self, session_id: str) -> Usage:
        """What a session cost so far (every operation's counts, summed)."""
        self.session(session_id)
        return self.sessions.usage(session_id)

    # -- reads ----------------------------------------------------------------------------
    def query(
        self,
        topic: str,
        *,
        max_items: int = 10,
        session_id: str | None = None,
        now: datetime | None = None,
    ) -> list[Fact]:
        """Clean, resolved, trust-tagged facts about ``topic``: working memory first
        (of ``session_id``, else of the whole scope), then active memories; of two
        that conflict the newer wins (the older is named in ``resolved``);
        untrusted ones only if the agent opted in."""
        topic = check_text(topic, "topic", max_bytes=self.limits.max_content_bytes)
        if (
            isinstance(max_items, bool)
            or not isinstance(max_items, int)
            or not 1 <= max_items <= 100
        ):
            raise ValidationError("max_items must be between 1 and 100")
        if session_id is not None:
            session_id = check_session_id(session_id, self.limits)
        now = now or utcnow()
        facts: list[Fact] = []
        for item, score in self.working.search(
            session_id,
            topic,
            now=now,
            limit=min(max_items, self.mem.config.working_recall_max),
            include_untrusted=self.include_untrusted,
        ):
            facts.append(working_fact(item, score))
        # spare candidates for what is filtered out
        hits, _ = self.recaller.hits(topic, limit=min(1000, 3 * max_items), now=now)
        facts += [memory_fact(hit, resolved) for hit, resolved in resolve(hits)]
        return facts[:max_items]

    # -- feedback -------------------------------------------------------------------------
    def feedback(
        self, session_id: str, response_text: str, *, now: datetime | None = None
    ) -> FeedbackResult:
        """Echo/fizzle: which memories injected since the last feedback the response
        used (see :mod:`remem.agent.feedback`). Each injection is judged once."""
        session_id = check_session_id(session_id, self.limits)
        response = check_text(
            response_text, "response_text", max_bytes=self.limits.max_content_bytes
        )
        now = now or utcnow()
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.require(session_id)
            entries = self.mem.store.take_injected(session_id, self.scope)
            echoes, _ = judge(self.mem, self.scope, entries, response)
            changed = set(
                apply_echoes(self.mem, self.scope, echoes, session_id=session_id, now=now)
            )
        self.sessions.log(session_id, session.turns, "feedback", usage, now=now)
        judged = tuple(
            EchoResult(e.memory_id, e.used, e.overlap, e.maxsim, e.tokens, e.delta)
            for e in echoes
            if e.memory_id in changed
        )
        return FeedbackResult(
            session_id=session_id,
            judged=judged,
            used=tuple(e.memory_id for e in judged if e.used),
            ignored=tuple(e.memory_id for e in judged if not e.used),
            skipped=len({e.memory_id for e in entries}) - len(judged),
        )

    def outcome(
        self,
        memory_ids: str | Sequence[str],
        *,
        success: bool,
        task: str | None = None,
        now: datetime | None = None,
    ) -> OutcomeResult:
        """A task that used these memories succeeded or failed: trust score
        ``+outcome_success_trust`` / ``-outcome_failure_trust`` (clipped to [0, 1]) and
        the success / failure count, audited. All or nothing: an id outside the scope
        raises NotFoundError, an inactive memory ValidationError."""
        ids = [memory_ids] if isinstance(memory_ids, str) else list(memory_ids)
        if not ids:
            raise ValidationError("outcome needs one or more memory ids")
        # Whole ids or unique prefixes, in this scope only (NotFoundError otherwise).
        ids = list(
            dict.fromkeys(
                resolve_ids(
                    self.mem.store, ids, self.scope, min_chars=self.mem.config.id_prefix_min_chars
                )
            )
        )
        if not isinstance(success, bool):
            raise ValidationError("success must be true or false")
        if task is not None:
            task = check_text(task, "task", max_bytes=self.limits.max_content_bytes)
        now = now or utcnow()
        found = {m.id: m for m in self.mem.store.get_memories(ids, self.scope)}
        missing = [i for i in ids if i not in found]
        if missing:
            raise NotFoundError(f"no memory {', '.join(map(repr, missing))} in this scope")
        inactive = [m for m in found.values() if m.status is not Status.ACTIVE]
        if inactive:
            raise ValidationError(
                f"memory {inactive[0].id} is {inactive[0].status}; only active ones"
            )
        changes = outcome_changes(self.mem.config, ids, success=success, task=task, now=now)
        changed = self.mem.store.adjust_scores(changes, self.scope, at=now)
        return OutcomeResult(memory_ids=tuple(changed), success=success, task=task)

    def correct(
        self,
        text: str,
        *,
        context: str | None = None,
        session_id: str | None = None,
        trusted: bool = True,
        now: datetime | None = None,
    ) -> LessonResult:
        """A correction or a mistake becomes a lesson ("User prefers X over Y",
        "Don't Z when ...") loaded at every session start; written by the LLM when
        one is configured, else by offline patterns (see :mod:`remem.agent.lessons`)."""
        text = check_text(text, "text", max_bytes=self.limits.max_content_bytes).strip()
        if context is not None:
            context = check_text(context, "context", max_bytes=self.limits.max_content_bytes)
        if session_id is not None:
            session_id = check_session_id(session_id, self.limits)
        now = now or utcnow()
        llm = self.mem.llm()
        # The LLM runs before anything is written (no model call in a write transaction).
        draft = (
            llm_lesson(llm, text, context=context) if llm else draft_lesson(text, context=context)
        )
        record, action, other = self.lessons.learn(
            draft, original=text, session_id=session_id, trusted=trusted, now=now
        )
        return LessonResult(
            memory_id=record.id,
            text=record.content,
            action=action,
            shape=draft.shape,
            generator=draft.generator,
            fallback=draft.fallback,
            replaced=other if action == "superseded" else None,
            repeats=other if action == "repeated" else None,
        )

    def lessons_active(self, *, limit: int | None = None) -> list[Any]:
        """The lessons a session start loads (most important first)."""
        return self.lessons.active(
            limit=self.mem.config.agent_lessons_max if limit is None else limit,
            include_untrusted=self.include_untrusted,
        )

    # -- working memory -------------------------------------------------------------------
    def working_add(
        self,
        session_id: str,
        content: str,
        *,
        importance: float = 0.5,
        trusted: bool | None = None,
        now: datetime | None = None,
    ) -> WorkingItem:
        """Put ``content`` into the session's working memory."""
        session_id = check_session_id(session_id, self.limits)
        content = check_text(content, "content", max_bytes=self.limits.max_content_bytes).strip()
        now = now or utcnow()
        self.sessions.ensure(session_id, now=now)
        return self.working.add(
            session_id, content, importance=importance, trusted=trusted, now=now
        )

    def working_items(
        self, session_id: str | None = None, *, now: datetime | None = None
    ) -> list[WorkingItem]:
        """Unexpired working memory (of one session, or of the scope), newest first."""
        if session_id is not None:
            session_id = check_session_id(session_id, self.limits)
        return self.working.items(session_id, now=now or utcnow())

    def working_promote(self, item_id: str, *, now: datetime | None = None) -> WorkingItem:
        """Promote a working item to a long-term memory by hand."""
        return self.working.promote(item_id, now=now or utcnow())

    def working_clear(self, session_id: str | None = None) -> int:
        """Delete the working memory of one session (or of the whole scope)."""
        if session_id is not None:
            session_id = check_session_id(session_id, self.limits)
        return self.working.clear(session_id)

    # -- episodes (agent.episodes) --------------------------------------------------------
    def start_episode(
        self,
        task: str,
        *,
        context: str | None = None,
        constraints: Sequence[str] = (),
        session_id: str | None = None,
        now: datetime | None = None,
    ) -> Episode:
        """Open an episode for ``task`` (see :class:`remem.agent.episodes.Episodes`)."""
        return self.episodes.start(
            task, context=context, constraints=constraints, session_id=session_id, now=now
        )

    def record_action(
        self,
        episode_id: str,
        type: str,
        target: str,
        description: str,
        *,
        result: str | None = None,
        now: datetime | None = None,
    ) -> Episode:
        """Append an action to an open episode."""
        return self.episodes.record_action(
            episode_id, type, target, description, result=result, now=now
        )

    def complete_episode(
        self,
        episode_id: str,
        *,
        outcome_score: float,
        success: bool,
        learnings: Sequence[str] = (),
        failure_modes: Sequence[str] = (),
        now: datetime | None = None,
    ) -> Episode:
        """Close an episode with its outcome, learnings and failure modes."""
        return self.episodes.complete(
            episode_id,
            outcome_score=outcome_score,
            success=success,
            learnings=learnings,
            failure_modes=failure_modes,
            now=now,
        )

    def similar_episodes(self, task: str, *, k: int = 5) -> list[EpisodeHit]:
        """The completed past episodes most like ``task``."""
        return self.episodes.similar(task, k=k)

    def failures_like(self, task: str, *, k: int = 5) -> list[EpisodeHit]:
        """The failed past episodes most like ``task``."""
        return self.episodes.failures_like(task, k=k)

    # -- internals ------------------------------------------------------------------------
    def _inject(
        self,
        builder: BlockBuilder,
        session: AgentSession,
        *,
        now: datetime,
        economy: bool,
        withheld: int,
        record: bool = True,
    ) -> ContextResult:
        """Render the block; record what it injects (surfacing, audit, access) and
        keep it in the session for feedback (``record``; a deferred recall journals
        it instead)."""
        context = builder.result(session.session_id, economy=economy, withheld=withheld)
        if record:
            record_injected(self.mem, self.scope, session.session_id, builder.injected, now=now)
        return context

    def settle(self, *, now: datetime | None = None, warm: bool = False) -> Settled:
        """Do the writes deferred recalls and observes journaled (of every scope; see
        :mod:`remem.agent.deferred`); the local service runs it after each answer.
        ``warm``: then bring the search indexes up to those writes."""
        return settle(self.mem, now=now, warm=warm)

    def _flush(
        self, session: AgentSession, transcript: str | Path | None, now: datetime
    ) -> tuple[list[str], int, int, int]:
        """Extract the session's transcript (when given) or its unprocessed turns:
        ``(stored ids, turns extracted, messages, messages skipped)``."""
        if transcript is not None:
            report = self.sessions.flush_transcript(session, transcript)
            return list(report.stored), 0, len(report.resource_ids), report.skipped
        extracted, flushed = self.sessions.flush_turns(session, now=now)
        return (list(flushed.stored) if flushed is not None else []), extracted, 0, 0

    def _catch_up(self) -> None:
        """The journaled writes of earlier turns first, so this operation reads a
        session with all of them (skipped while this agent is doing them)."""
        if self.journal:  # rows held for one commit (one_commit): this reads after them
            flush_journal(self)
        if not self.settling:
            settle(self.mem)

    def _log(
        self, session: AgentSession, op: str, usage: Usage, context: ContextResult, *, now: datetime
    ) -> None:
        usage.injected_tokens += context.tokens
        self.sessions.log(session.session_id, session.turns, op, usage, now=now)


def _refs(context: ContextResult, label: str) -> list[str]:
    """The rule or trigger ids the part ``label`` of the block shows."""
    return [r for p in context.parts if p.label == label for r in p.refs]
