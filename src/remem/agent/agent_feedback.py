"""The reads and feedback of :class:`~remem.agent.MemoryAgent`: ``query``, echo/fizzle
``feedback``, task ``outcome``, ``correct`` and ``lesson_from`` (lessons)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from remem.agent.adoption import Lesson
from remem.agent.agent_base import AgentBase
from remem.agent.feedback import apply_echoes, judge, outcome_changes
from remem.agent.lessons import draft_lesson, llm_lesson
from remem.agent.recall import memory_fact, resolve, working_fact
from remem.agent.results import EchoResult, Fact, FeedbackResult, LessonResult, OutcomeResult
from remem.agent.session import check_session_id
from remem.errors import NotFoundError, ValidationError
from remem.ids import resolve_ids
from remem.model import Status
from remem.validation import check_ids, check_int, check_text, now_or

ANSWER_USED = "answer_used"  # session data: what the last judged answer used


class FeedbackMixin(AgentBase):
    """Query, feedback, outcomes and lessons (part of :class:`~remem.agent.MemoryAgent`)."""

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
        now = now_or(now)
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
        now = now_or(now)
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.require(session_id)
            entries = self.mem.store.take_injected(session_id, self.scope)
            echoes, _ = judge(self.mem, self.scope, entries, response)
            changed = set(
                apply_echoes(self.mem, self.scope, echoes, session_id=session_id, now=now)
            )
            # what this answer used waits for the user's word on it (observe: thanks
            # or "yes" next confirms it; anything else drops it)
            used_now = [e.memory_id for e in echoes if e.used and e.memory_id in changed]
            self.mem.store.update_session(session_id, self.scope, data={ANSWER_USED: used_now})
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
        ids = check_ids(memory_ids, "memory_ids", limits=self.limits)
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
        now = now_or(now)
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
        subject: str | None = None,
        session_id: str | None = None,
        trusted: bool = True,
        now: datetime | None = None,
    ) -> LessonResult:
        """A correction or a mistake becomes a lesson ("User prefers X over Y",
        "Don't Z when ...") loaded at every session start; written by the LLM when
        one is configured, else by offline patterns (see :mod:`remem.agent.lessons`).
        ``trusted`` (the default): the user said it, in ``session_id``; its provenance
        says so. A correction that reads as an instruction aimed at the agent ("note to
        the assistant: ...", "ignore previous instructions") is stored untrusted and
        flagged (``action == "flagged"``, ``flag``), never loaded nor learnt from.
        ``subject``: what the assistant's turn it answers said and wrote, kept beside
        the lesson (a correction that names nothing: "not like that")."""
        text = check_text(text, "text", max_bytes=self.limits.max_content_bytes).strip()
        if context is not None:
            context = check_text(context, "context", max_bytes=self.limits.max_content_bytes)
        if subject is not None:
            subject = check_text(subject, "subject", max_bytes=self.limits.max_content_bytes)
        if session_id is not None:
            session_id = check_session_id(session_id, self.limits)
        now = now_or(now)
        llm = self.mem.llm()
        # The LLM runs before anything is written (no model call in a write transaction).
        draft = (
            llm_lesson(llm, text, context=context, subject=subject)
            if llm
            else draft_lesson(text, context=context, subject=subject)
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
            flag=other if action == "flagged" else None,
        )

    def lesson_from(
        self, text: str, *, session_id: str | None = None, now: datetime | None = None
    ) -> LessonResult | None:
        """The lesson ``text`` teaches when it corrects the assistant or states a
        standing rule about how to work ("no, use pnpm here", "we never deploy on
        Fridays"), read by its structure as a prompt is
        (:func:`remem.write.acts.classify`), stored by :meth:`correct`; None when it
        is no lesson (a fact: the caller stores it through the write path). What a
        surface calls with text a user asked to remember (the MCP ``remember`` tool)."""
        from remem.agent.dialogue import lesson_text
        from remem.write.acts import classify

        text = check_text(text, "text", max_bytes=self.limits.max_content_bytes)
        said = classify(text)
        if not said.is_lesson:
            return None
        return self.correct(lesson_text(said) or text, session_id=session_id, now=now)

    def lessons_list(
        self,
        *,
        include_held: bool = False,
        include_revoked: bool = False,
        limit: int | None = None,
    ) -> list[Lesson]:
        """The lessons with their provenance: those a session start loads (most
        important first), or with ``include_held`` / ``include_revoked`` every lesson
        of the scope, newest first, ``held`` saying why one is not loaded (flagged,
        conduct the user never stated ...) and ``revoked`` when the user took it out."""
        if limit is not None and (isinstance(limit, bool) or not 1 <= limit <= 1000):
            raise ValidationError("limit must be between 1 and 1000")
        if not include_held and not include_revoked:
            return [Lesson.of(m) for m in self.lessons_active(limit=limit)]
        return self.lessons.list(
            include_held=include_held, include_revoked=include_revoked, limit=limit or 200
        )

    def revoke_lesson(
        self, lesson_id: str, *, reason: str | None = None, now: datetime | None = None
    ) -> Lesson:
        """Take a lesson out for good: never loaded, never restored, never learnt from."""
        return self.lessons.revoke(lesson_id, reason=reason, now=now_or(now))

    def lessons_active(self, *, limit: int | None = None) -> list[Any]:
        """The lessons a session start loads (most important first)."""
        if limit is not None:
            limit = check_int(limit, "limit", low=1, high=10_000)
        return self.lessons.active(
            limit=self.mem.config.agent_lessons_max if limit is None else limit,
            include_untrusted=self.include_untrusted,
        )
