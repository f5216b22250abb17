"""The per-turn calls of :class:`~remem.agent.MemoryAgent`: ``recall`` (the context for
one prompt) and ``observe`` (record one turn), each deferrable to the journal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from remem.agent.agent_base import AgentBase, block_refs
from remem.agent.agent_feedback import ANSWER_USED
from remem.agent.agent_tools import reminder_line
from remem.agent.backref import covers, referent
from remem.agent.conditions import condition_of, keys_of, reminder_message
from remem.agent.context import (
    EPISODES,
    REMINDERS,
    RULES,
    WORKING,
    BlockBuilder,
    Line,
    plain,
)
from remem.agent.current import UNSTORED
from remem.agent.deferred import journal_observe, journal_recall
from remem.agent.dialogue import PreviousTurn, lesson_text, said_in, turn_before
from remem.agent.lesson_subject import lesson_context
from remem.agent.observe import decision_in, error_in, wants_remembering
from remem.agent.results import ContextResult, ObserveResult
from remem.agent.session import OBSERVED, check_session_id
from remem.agent.turns import REMEMBERED_IN_STATE, check_tool_calls, check_turn_state
from remem.agent.when import future_dates
from remem.agent.working import SESSION_ONLY
from remem.errors import ValidationError
from remem.model import MemoryRecord, Resource, Status, Trigger, withheld_by_default
from remem.read.inject import rewrite_query
from remem.read.query import keyword_terms
from remem.secrets import redact
from remem.validation import check_label, check_text, now_or
from remem.write.act_meaning import reader
from remem.write.act_words import pasted_parts
from remem.write.acts import Act, Utterance, classify
from remem.write.transcript import role_for, untrusted_for

if TYPE_CHECKING:
    from remem.agent.agent import MemoryAgent

_TASK_ACTS = (Act.REQUEST, Act.QUESTION, Act.STATEMENT)  # a prompt that asks for work
_NAMED_TASKS = 30  # episodes looked through for the one a prompt names as its model


class TurnsMixin(AgentBase):
    """Recall and observe, once a turn (part of :class:`~remem.agent.MemoryAgent`)."""

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
        now = now_or(now)
        config = self.mem.config
        self._catch_up()
        with self.meter.measure() as usage:
            session = self.sessions.ensure(session_id, now=now)
            economy = self.sessions.economy(session)
            builder = BlockBuilder(config.agent_context_max_tokens)
            fired = self.triggers.met(prompt, now=now, tool_call=False)  # its condition came true
            builder.add(REMINDERS, [reminder_line(t) for t in fired], max_items=len(fired))
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
            said = self._said_this_session(session_id, now=now)
            earlier = self._earlier_episodes(prompt, now=now, said=said)
            builder.add(EPISODES, earlier, max_items=config.episode_recall_max)
            rules = self.rules.matching(prompt, tool=tool, limit=max(1, config.agent_rules_max))
            rules = rules[: config.agent_rules_max]
            builder.add(
                RULES, [Line(plain(r.render()), ref=r.id) for r in rules], max_items=len(rules)
            )
            items = config.agent_economy_items if economy else config.agent_context_max_items
            withheld = self.recaller.add_relevant(
                builder,
                self._query(session_id, prompt),
                now=now,
                economy=economy,
                items=items,
                said=said,
            )
            context = self._inject(
                builder, session, now=now, economy=economy, withheld=withheld, record=not defer
            )
            if not defer:
                self.rules.mark_used(block_refs(context, RULES), now=now)
        if defer:
            usage.injected_tokens += context.tokens
            journal_recall(
                cast("MemoryAgent", self),
                session_id,
                prompt=prompt,
                economy=economy,
                turn=session.turns,
                surfaced=[w.id for w, _ in found],
                injected=builder.injected,
                rules=block_refs(context, RULES),
                usage=usage,
                now=now,
            )
        else:
            self._log(session, "recall", usage, context, now=now)
        return context

    def _said_this_session(self, session_id: str, *, now: datetime) -> list[MemoryRecord]:
        """What the user stated earlier in this session and is not a memory yet (working
        items the hook path read as statements, not requests, questions or chatter), as
        records for the mark of a line whose value they replaced."""
        return [
            MemoryRecord(
                content=w.content,
                id=w.id,
                session_id=session_id,
                created_at=w.created_at,
                source_trust=w.source_trust,
                data={UNSTORED: True},
            )
            for w in self.working.items(session_id, now=now)
            if w.role == "user"
            and not w.data.get(SESSION_ONLY)
            and w.promoted_to is None
            and (self.include_untrusted or not withheld_by_default(w))
        ]

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
        if trusted is not None and not isinstance(trusted, bool):
            raise ValidationError(
                f"trusted must be true, false or null, not {type(trusted).__name__}"
            )
        now = now_or(now)
        turn_state: dict[str, Any] = {
            "user_input" if role == "user" else "llm_output": content,
            "tool_calls": calls,
        }
        observed = {
            OBSERVED: True,
            "role": role,
            "at": now.isoformat(),
            **({"trusted": trusted} if trusted is not None else {}),
        }
        check_turn_state({**turn_state, "internal_state": observed}, self.limits)
        # a keep request in any phrasing ("log this somewhere for me: ...", "can you keep
        # track that ..."): remem/write/keep.py, structure and the embedding model
        keep = trusted is not False and (
            wants_remembering(role, content) or self._asks_to_keep(role, content)
        )
        reports = keep or (role in ("user", "assistant") and decision_in(content) is not None)
        if defer and not reports:
            journal_observe(
                cast("MemoryAgent", self), session_id, role=role, content=content,
                tool_calls=calls, trusted=trusted, now=now,
            )  # fmt: skip
            return ObserveResult(session_id=session_id, turn=0, deferred=True)
        self._catch_up()
        with self.meter.measure() as usage:
            self.sessions.ensure(session_id, now=now)
            turn = self.mem.store.next_turn(session_id, self.scope)
            remembered: list[str] = []
            skipped: list[str] = []
            # a prompt read against the turn before it: a correction or a standing rule
            # about how to work becomes a lesson (through correct(): its checks)
            before = self._turn_before(session_id) if role == "user" else None
            read = reader(self.mem.embedder, self.mem.config)  # as the write path reads it
            said = read(content, previous=before.text) if before is not None else None
            # asked to keep: stored at once, unless it is a lesson the keep shape misread
            # ("... keep it that way in new endpoints")
            if keep and (wants_remembering(role, content) or not (said and said.is_lesson)):
                decisions = self.mem.remember(
                    content, session_id=session_id, speaker=self.scope.user_id, now=now, **self._kw
                )
                remembered = [d.memory_id for d in decisions if d.memory_id]
                skipped += [f"remember: {d.reason}" for d in decisions if d.action == "rejected"]
            if said is not None and trusted is not False:
                self._confirm_used(session_id, accepted=said.thanks or said.confirms, now=now)
            lesson = None
            if said is not None and said.is_lesson and not remembered and trusted is not False:
                lesson = self._learn(said, before, session_id, now=now, skipped=skipped)
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
                # a prompt's request, question, thanks or chatter is for this session
                # only: never promoted, never carried over (a prompt is no fact); nor
                # is a correction, which lives on as its lesson
                only = said is not None and (said.session_only or lesson is not None)
                item = self.working.add(
                    session_id,
                    content,
                    role=role,
                    trusted=trusted,
                    now=now,
                    data={"turn": turn, **({SESSION_ONLY: True} if only else {})},
                )
            # A day named in the turn becomes a reminder for that day (never from
            # untrusted text: a reminder is injected before the user speaks); a
            # reminder asked for with a condition and no day waits for the condition.
            waiting = (
                self._remind_on_condition(
                    said, session_id, now=now, turn=turn, content=content, skipped=skipped
                )
                if said is not None and trusted is not False
                else []
            )
            triggers = waiting + self.triggers.detect(
                content,
                now=now,
                session_id=session_id,
                memory_ids=remembered,
                trusted=trusted if trusted is not None else not untrusted_for(role),
                turn=turn,
                role=role,
            )
            # the turn kept as a resource at once: a session whose end never comes is
            # extracted by the next nightly job (remem/lifecycle/nightly.py extract)
            resource = (
                self._keep_turn(session_id, role, content, trusted=trusted, now=now)
                if role in ("user", "assistant") and not remembered
                else None
            )
            state: dict[str, Any] = {
                **turn_state,
                "internal_state": {
                    **observed,
                    **({"resource": resource} if resource else {}),
                    **({"remembered": remembered[:REMEMBERED_IN_STATE]} if remembered else {}),
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
            lesson=lesson,
        )

    def _asks_to_keep(self, role: str, content: str) -> bool:
        """A user's keep request the explicit "remember ..." forms miss, found by
        :func:`remem.write.keep.find_keep_request` (``keep_requests`` on)."""
        if role != "user" or not self.mem.config.keep_requests:
            return False
        from remem.write.fact_shape import holds_value
        from remem.write.keep import find_keep_request

        # asked in the user's own words, not in what was pasted (a path's "file:///")
        own = "\n".join(part for part, pasted in pasted_parts(content) if not pasted)
        found = find_keep_request(own, embedder=self.mem.embedder, config=self.mem.config)
        # what it keeps must pin a value down: "Could you commit everything?" asks no keep;
        # beside a question it is the answer that is needed ("what is the staging host
        # now? I need it for the client"), and the answer is not in the prompt
        return (
            found is not None
            and not found.remind
            and holds_value(own)
            and not classify(content).has(Act.QUESTION)
        )

    def _remind_on_condition(
        self,
        said: Utterance,
        session_id: str,
        *,
        now: datetime,
        turn: int,
        content: str,
        skipped: list[str],
    ) -> list[Trigger]:
        """A reminder the prompt asks for on a condition (no day named in it): the
        whole reminder as said, waiting for the condition (:mod:`.conditions`); none
        when the prompt reads as an instruction aimed at the agent (in ``skipped``)."""
        config = self.mem.config
        asked = " ".join(s.text for s in said.sentences if s.act is Act.REMINDER)
        if not asked or future_dates(asked, now.date(), horizon_days=config.trigger_horizon_days):
            return []  # a day named in the reminder itself: a dated trigger
        text = reminder_message(said, limit=config.trigger_message_chars)
        condition = condition_of(text)
        if condition is None or not keys_of(condition):
            return []
        try:
            made = self.triggers.on_condition(
                text,
                condition,
                now=now,
                session_id=session_id,
                turn=turn,
                role="user",
                source_text=content,
            )
        except ValidationError as exc:
            skipped.append(f"reminder: {exc}")
            return []
        return [made]

    def _earlier_episodes(
        self, prompt: str, *, now: datetime, said: Sequence[MemoryRecord] = ()
    ) -> list[Line]:
        """How tasks like the one a prompt asks for went before, when something fixed a
        failure then (its learnings): the nearest by the embedding's cosine, at least
        ``episode_recall_min``; else, when the prompt names an earlier task as its model
        (:mod:`remem.agent.backref`), the nearest episode whose task holds that name. A
        task holding a value a newer memory (or what the user ``said`` earlier in this
        session) replaced is marked with it, as a relevant line is."""
        config = self.mem.config
        if config.episode_recall_max <= 0 or not classify(prompt).has(*_TASK_ACTS):
            return []
        lines = []
        named = referent(prompt)  # "same structure as the conditions repository"
        hits = [
            h
            for h in self.episodes.like(prompt, k=_NAMED_TASKS if named else 3)
            if h.episode.learnings
        ]
        shown = [h for h in hits if h.score >= config.episode_recall_min]
        if not shown and named:
            shown = [h for h in hits if covers(named, h.episode.task)][:1]
        marks = self.recaller.changed_since([h.episode.id for h in shown], said) if shown else {}
        for hit in shown:
            episode = hit.episode
            how = "worked" if episode.success else "did not work"
            task = f"{episode.task} {marks[episode.id]}" if episode.id in marks else episode.task
            text = f"{task} ({how}) — what fixed it: {' '.join(episode.learnings)}"
            lines.append(Line(plain(text), ref=episode.id))
        return lines

    def _query(self, session_id: str, prompt: str) -> str:
        """What a prompt is searched with: itself, or — when it names fewer than
        ``agent_query_context_min_terms`` keywords ("ship it", "and staging?") — itself
        with the names and keywords of the session's last turns
        (:func:`remem.read.inject.rewrite_query`)."""
        config = self.mem.config
        if len(keyword_terms(prompt)) >= config.agent_query_context_min_terms:
            return prompt
        said = said_in(self.mem.store.list_checkpoints(session_id, self.scope))
        recent = [
            {"role": s.role, "content": s.text}
            for s in said[-config.agent_query_context_turns :]
            if s.role in ("user", "assistant") and s.text
        ]
        if not recent:
            return prompt
        return rewrite_query(
            [*recent, {"role": "user", "content": prompt}],
            last_n=len(recent) + 1,
            max_keywords=config.agent_query_context_keywords,
        )

    def _keep_turn(
        self, session_id: str, role: str, content: str, *, trusted: bool | None, now: datetime
    ) -> str:
        """Append the turn to the raw log (a resource no extractor has read yet); its id."""
        untrusted = untrusted_for(role, trusted=trusted)
        resource = Resource(
            content=redact(content),
            kind="message",
            user_id=self.scope.user_id,
            agent_id=self.scope.agent_id,
            namespace=self.scope.namespace,
            session_id=session_id,
            role=role_for(role),
            occurred_at=now,
            created_at=now,
            metadata={
                "speaker": (self.scope.user_id or "user") if role == "user" else role,
                "observed": True,
                **({"prompt": True} if role == "user" else {}),
                **({"untrusted": True} if untrusted else {}),
            },
        )
        self.mem.store.append_resource(resource)
        return resource.id

    def _confirm_used(self, session_id: str, *, accepted: bool, now: datetime) -> None:
        """The user's word on the last answer: accepted (thanks, "yes, exactly"), what
        it used is referenced — a confirmed use; else it is dropped unconfirmed."""
        session = self.sessions.get(session_id)
        used = list(session.data.get(ANSWER_USED) or []) if session is not None else []
        if not used:
            return
        self.mem.store.update_session(session_id, self.scope, data={ANSWER_USED: []})
        if accepted:
            found = {
                m.id
                for m in self.mem.store.get_memories(used, self.scope)
                if m.status is Status.ACTIVE
            }
            active = [m for m in used if m in found]
            if active:
                self.mem.reference(active, now=now, **self._kw)

    def _turn_before(self, session_id: str) -> PreviousTurn:
        return turn_before(said_in(self.mem.store.list_checkpoints(session_id, self.scope)))

    def _learn(
        self,
        said: Utterance,
        before: PreviousTurn | None,
        session_id: str,
        *,
        now: datetime,
        skipped: list[str],
    ) -> str | None:
        """The lesson a correction or a rule teaches, stored by ``correct`` (which
        checks it); a correction is about the turn before, so that turn's action and
        what its reply and edits said of the correction's subject are its context
        (:func:`~remem.agent.lesson_subject.lesson_context`); a rule only when it
        shares a word with that turn. The lesson's id, or None."""
        text = lesson_text(said)
        if not text:
            return None
        context, subject = lesson_context(said, before)
        try:
            learned = cast("MemoryAgent", self).correct(
                text, context=context, subject=subject, session_id=session_id, now=now
            )
        except ValidationError as exc:
            skipped.append(f"lesson: {exc}")
            return None
        return learned.memory_id
