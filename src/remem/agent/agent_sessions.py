"""Sessions of :class:`~remem.agent.MemoryAgent`: start (the opening context), end
(flush, promote, episode, reflect), flush, and a session's state and cost."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import TYPE_CHECKING, cast

from remem.agent.agent_base import AgentBase, block_refs
from remem.agent.budget import Usage
from remem.agent.context import (
    CARRIED,
    DUE,
    FACTS,
    LESSONS,
    PROMOTED,
    RULES,
    BlockBuilder,
    Line,
    memory_line,
    plain,
)
from remem.agent.results import (
    SessionEnd,
    SessionStart,
    StartPreview,
    WorkingFailure,
    WorkingPromotion,
    to_plain,
)
from remem.agent.session import check_session_id
from remem.agent.triggers import clip
from remem.agent.turns import episodes_at_end
from remem.agent.working import failed
from remem.errors import ValidationError
from remem.isolation import isolated
from remem.model import AgentSession, MemoryRecord, Status, TriggerStatus, Trust, WorkingItem
from remem.validation import check_number, check_text, now_or

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from remem.agent.agent import MemoryAgent


class SessionsMixin(AgentBase):
    """Start, end and flush sessions (part of :class:`~remem.agent.MemoryAgent`)."""

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
        now = now_or(now)
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
            withheld = self._start_block(builder, opening, carried, now=now)
            context = self._inject(builder, session, now=now, economy=False, withheld=withheld)
            # Only what made it into the block counts: a reminder that did not fit
            # waits for the next start, a rule not shown is not used.
            fired = self.triggers.fire(block_refs(context, DUE), now=now)
            self.rules.mark_used(block_refs(context, RULES), now=now)
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

    def _start_block(
        self,
        builder: BlockBuilder,
        opening: str | None,
        carried: Sequence[WorkingItem],
        *,
        now: datetime,
        seen: dict[str, MemoryRecord] | None = None,
    ) -> int:
        """Fill a session start's block: due reminders, lessons, rules, promoted
        memories, the carried-over working memory, then the memories best matching
        ``opening`` (none: the project's key facts). Reads only; the untrusted
        memories withheld (counted). ``seen``: where the memories formatted as memory
        lines (with their age) are collected, by id."""
        config = self.mem.config

        def line(m: MemoryRecord) -> Line:
            if seen is not None:
                seen[m.id] = m
            return memory_line(m, now=now)

        due = self.triggers.due(now=now)
        # each with the memories it was set about, preloaded (what it is about)
        # (only what a context block would show: trusted, unflagged; clipped)
        about = {
            m.id: clip(m.content, config.trigger_message_chars)
            for m in self.mem.store.get_memories([i for t in due for i in t.memory_ids], self.scope)
            if m.status is Status.ACTIVE
            and m.source_trust is Trust.TRUSTED
            and not m.data.get("injection")
        }
        builder.add(
            DUE,
            [
                Line(plain(_due_text(t.trigger_date, t.message, t.memory_ids, about)), ref=t.id)
                for t in due
            ],
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
        # a lesson quoting a value a newer fact or episode replaced (the reply it
        # answered: "... the cutoff (13:00)") is shown marked with the newer
        lessons = self.recaller.marked(lessons)
        builder.add(
            LESSONS,
            [Line(plain(m.content), m) for m in lessons],
            max_items=config.agent_lessons_max,
            max_tokens=int(config.agent_lessons_share * builder.max_tokens),
        )
        builder.add(RULES, [Line(plain(r.render()), ref=r.id) for r in rules], max_items=len(rules))
        builder.add(
            PROMOTED,
            [line(m) for m in self.recaller.promoted()],
            max_items=config.agent_promoted_max,
        )
        shown = self.recaller.shown_items(carried)
        builder.add(CARRIED, [Line(plain(w.content)) for w in shown], max_items=len(shown))
        withheld = 0
        if opening:
            withheld = self.recaller.add_relevant(
                builder, opening, now=now, economy=False, items=config.agent_context_max_items
            )
        else:  # nothing to search for yet (a hook's start): the project's key facts
            builder.add(
                FACTS,
                [line(m) for m in self.recaller.key_facts()],
                max_items=config.agent_start_facts_max,
            )
        return withheld

    def preview_start(self, *, now: datetime | None = None) -> StartPreview:
        """The block a new session started at ``now`` with no opening would show
        (:meth:`start_session` of a session id not seen before), built without
        writing anything: no session opened, no working memory moved, no reminder
        fired, no injection recorded, no job run. For a block prepared ahead of the
        next start (:mod:`remem.integrations.start_block`)."""
        now = now_or(now)
        config = self.mem.config
        # what carry_over would move: the newest unexpired, unpromoted items that are
        # not this-session-only, of every earlier session
        candidates = [
            w
            for w in self.mem.store.working_items(
                self.scope,
                now=now,
                include_promoted=False,
                limit=max(200, 4 * config.working_carry_max),
            )
            if w.data.get("session_only") is None
        ]
        carried = sorted(
            candidates[: max(0, config.working_carry_max)],
            key=lambda w: w.created_at,
            reverse=True,
        )
        builder = BlockBuilder(config.agent_context_max_tokens)
        seen: dict[str, MemoryRecord] = {}
        withheld = self._start_block(builder, None, carried, now=now, seen=seen)
        context = builder.result("", economy=False, withheld=withheld)
        # the block changes by itself when a reminder comes due or a carried item expires
        changes = [w.expires_at for w in carried]
        pending = self.mem.store.list_triggers(
            self.scope, statuses=[str(TriggerStatus.PENDING)], limit=1000
        )
        later = [t.trigger_date for t in pending if t.trigger_date > now.date()]
        if later:
            changes.append(datetime.combine(min(later), time(0), tzinfo=UTC))
        shown = {i for p in context.parts for i in p.memory_ids}
        return StartPreview(
            context=context,
            memories={i: m for i, m in seen.items() if i in shown},
            changes_at=min(changes) if changes else None,
            settles_at=max((w.expires_at for w in candidates), default=None),
        )

    def end_session(
        self,
        session_id: str,
        *,
        transcript: str | Path | bytes | None = None,
        success: bool | None = None,
        outcome_score: float | None = None,
        learnings: Sequence[str] = (),
        now: datetime | None = None,
    ) -> SessionEnd:
        """Flush the session: extract every observed turn not extracted yet (or, with
        ``transcript``, the transcript file, or its content as bytes, which then
        stands for the observed turns; a re-run skips what was stored), promote the working memory that
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
        if isinstance(learnings, str | bytes) or not isinstance(learnings, Sequence):
            raise ValidationError('learnings must be a list of strings (e.g. learnings=["..."])')
        learned = [
            check_text(t, "learnings", max_bytes=self.limits.max_content_bytes) for t in learnings
        ]
        now = now_or(now)
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.require(session_id)
            already = session.ended_at is not None
            stored, extracted, messages, skipped_messages = self._flush(session, transcript, now)
            tried = self.working.promote_earned(session_id, now=now)
            promoted = [
                WorkingPromotion(item.id, item.promoted_to or "", item.content)
                for item in tried
                if item.promoted_to
            ]
            unpromoted = [
                WorkingFailure(item.id, why)
                for item in tried
                if not item.promoted_to and (why := failed(item))
            ]
            if success is None:  # the session's tasks, by their signals
                cast("MemoryAgent", self).mine_episodes(session_id, final=True, now=now)
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
                # Reflection over the scope fails alone: the session still ends.
                with isolated(log, "reflection at the end of session", session_id):
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
            promotion_failed=tuple(unpromoted),
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
        transcript: str | Path | bytes | None = None,
        now: datetime | None = None,
    ) -> SessionEnd:
        """Extract what the session said so far and keep it open (before a context
        compaction; a long session's checkpoint): the observed turns not extracted
        yet, or with ``transcript`` the transcript file or its content as bytes (which
        then stands for the observed turns; a re-run skips what was stored). Nothing is promoted and the
        session is not ended. A session no process started is opened, as
        ``observe`` opens it. Safe to call again."""
        session_id = check_session_id(session_id, self.limits)
        now = now_or(now)
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.ensure(session_id, now=now)
            stored, extracted, messages, skipped_messages = self._flush(session, transcript, now)
            self.mem.store.update_session(session_id, self.scope, flushed_turns=session.turns)
            cast("MemoryAgent", self).mine_episodes(session_id, now=now)  # tasks closed so far
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


def _due_text(day: date, message: str, memory_ids: Sequence[str], about: dict[str, str]) -> str:
    """A due reminder's line: its day, what was said, and the memories it is about."""
    known = [about[i] for i in memory_ids if i in about and about[i] != message]
    tail = f" (about: {'; '.join(known[:2])})" if known else ""
    return f"{day:%a %d %b}: {message}{tail}"
