"""Forward triggers: a day named in a message, brought up when it comes.

"The release is next Friday" observed on Wednesday 14 January becomes a trigger
for Friday 16 January holding that sentence. The first session start on or
after that day injects it before the user speaks (``Triggers.due`` then
``Triggers.fire``: once); it stays listed until marked done or cancelled.
Detection is :func:`remem.agent.when.future_dates`, counted from the message's
own time (``now``). Triggers live in their own table (see
:meth:`remem.store.base.Store.add_triggers`): the session start's "due by
today" question is an indexed range query.

Text from tools, web pages or other agents (``trusted=False``) creates no
trigger: a reminder injected at session start is an instruction channel, and
nothing untrusted writes to it. For the same reason every trigger passes the
check a lesson or a rule passes (:func:`remem.write.injection.adoption_flag`,
over the whole text it came from): a text that reads as an instruction aimed at
the agent makes none (``detect`` finds nothing, ``add`` and ``on_condition``
refuse it, nothing written), and one stored before (or forged into the store)
is *held* (:func:`held_reason`): listed with why, never due, never fired, never
shown. A shown reminder is what was said,
clipped to ``trigger_message_chars``; the memories a due one is about are shown
only when trusted and unflagged, clipped the same.

Each trigger records its **provenance** (``Trigger.provenance``): ``source``
(``session``: said in a session turn the agent observed; ``api``: made by a
caller), ``surface`` (``python``, ``rest``, ``cli``, ``dashboard``), ``by`` (the
REST key's id), ``session_id``, ``turn`` and ``role`` of the turn, ``trusted``,
``user_stated`` and ``excerpt`` (the start of the text it came from, redacted).
A trigger is revoked with :meth:`Triggers.cancel` (or ``revoke``).
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Sequence
from datetime import datetime

from remem.agent.conditions import CONDITION_DAY, fires, keys_of, on_files
from remem.agent.when import future_dates, sentence_at
from remem.errors import NotFoundError, ValidationError
from remem.ids import resolve_id
from remem.memory import Memory
from remem.model import Scope, Trigger, TriggerStatus
from remem.secrets import redact
from remem.validation import Limits, check_id, check_text, now_or, optional_label
from remem.write.injection import adoption_flag

__all__ = ["Trigger", "TriggerStatus", "Triggers", "held_reason", "reminder_flag"]

SESSION, API = "session", "api"  # provenance sources: a turn the agent observed, a caller
# Asking to be reminded is what a reminder is: its own verb is no order about the
# assistant's conduct, so the checks read the text without it.
_FRAME = re.compile(r"\bremind(?:ers?|s|ed|ing)?\b", re.IGNORECASE)
_COLON = re.compile(r"[:：]\s")
_COLON_SPAN, _COLON_TRIES = 400, 3  # where a reminder's frame ends, and how many parts


def reminder_flag(text: str) -> str | None:
    """The injection flag of a text that becomes (or is shown as) a reminder: the
    check of a lesson or a rule (:func:`remem.write.injection.adoption_flag`), its
    reminder verb aside."""
    text = _FRAME.sub(" ", text)
    # "Remind me on Friday: <pasted text>": the pasted part is also read as a text of
    # its own (where an address to the assistant heads it)
    parts = [text, *(text[m.end() :] for m in _COLON.finditer(text[:_COLON_SPAN]))]
    return next((flag for part in parts[:_COLON_TRIES] if (flag := adoption_flag(part))), None)


_OPEN = (str(TriggerStatus.PENDING), str(TriggerStatus.FIRED))
_WAITING_SCAN = 500  # pending triggers read when looking for conditions a text meets


class Triggers:
    """The forward triggers of one scope (``agent.triggers``)."""

    def __init__(
        self, mem: Memory, scope: Scope, *, surface: str = "python", by: str | None = None
    ) -> None:
        if scope.is_empty():
            raise ValidationError("a scope is required: pass user_id, agent_id or namespace")
        self.mem = mem
        self.scope = scope
        self.surface = surface  # recorded in each trigger's provenance
        self.by = by  # who made it through that surface (a REST key's id)

    def _origin(
        self,
        text: str,
        *,
        session_id: str | None,
        turn: int | None,
        role: str | None,
        trusted: bool,
    ) -> dict[str, object]:
        """The provenance of a trigger made from ``text`` (see the module doc)."""
        source = SESSION if turn is not None else API
        return {
            "source": source,
            "surface": self.surface,
            **({"by": self.by} if self.by else {}),
            **({"session_id": session_id} if session_id else {}),
            **({"turn": turn} if turn is not None else {}),
            **({"role": role} if role else {}),
            "trusted": trusted,
            "user_stated": source == SESSION and role in (None, "user") and trusted,
            "excerpt": redact(clip(text, self.mem.config.trigger_message_chars)),
        }

    def detect(
        self,
        text: str,
        *,
        now: datetime,
        session_id: str | None = None,
        memory_ids: Sequence[str] = (),
        trusted: bool = True,
        turn: int | None = None,
        role: str | None = None,
    ) -> builtins.list[Trigger]:
        """Create a trigger for each future day ``text`` names, counted from ``now``
        (the message's time); returns them as stored (a pending one already stored
        for the same day and sentence is returned instead of a copy). Untrusted
        text, and a text that reads as an instruction aimed at the agent, create
        none. ``turn`` / ``role``: the session turn it was said in (the agent's
        ``observe``), recorded in the provenance."""
        config = self.mem.config
        limits = Limits.of(config)
        text = check_text(text, "text", max_bytes=limits.max_content_bytes, blank=True)
        session_id = optional_label(session_id, "session_id", max_chars=limits.max_label_chars)
        ids = self._own_memories(memory_ids)
        if not trusted or not text.strip():
            return []
        found = future_dates(text, now.date(), horizon_days=config.trigger_horizon_days)
        if not found or reminder_flag(text):
            return []
        origin = self._origin(text, session_id=session_id, turn=turn, role=role, trusted=trusted)
        triggers = []
        for hit in found[: config.trigger_max_per_message]:
            message = clip(sentence_at(text, hit.start), config.trigger_message_chars)
            triggers.append(
                Trigger(
                    trigger_date=hit.day,
                    message=redact(message),
                    phrase=redact(hit.phrase),
                    user_id=self.scope.user_id,
                    agent_id=self.scope.agent_id,
                    namespace=self.scope.namespace,
                    session_id=session_id,
                    memory_ids=ids,
                    created_at=now,
                    provenance=origin,
                )
            )
        return self.mem.store.add_triggers(triggers) if triggers else []

    def add(
        self,
        message: str,
        *,
        on: datetime,
        session_id: str | None = None,
        memory_ids: Sequence[str] = (),
        now: datetime | None = None,
    ) -> Trigger:
        """Create a trigger for the day of ``on`` by hand (no date words needed); a
        message that reads as an instruction aimed at the agent is refused."""
        limits = Limits.of(self.mem.config)
        message = check_text(message, "message", max_bytes=limits.max_content_bytes)
        if not isinstance(on, datetime):
            raise ValidationError("on must be a datetime (the day the trigger is for)")
        _refuse_injection(message)
        session_id = optional_label(session_id, "session_id", max_chars=limits.max_label_chars)
        ids = self._own_memories(memory_ids)
        when = now_or(now)
        origin = self._origin(message, session_id=session_id, turn=None, role=None, trusted=True)
        (stored,) = self.mem.store.add_triggers(
            [
                Trigger(
                    trigger_date=on.date(),
                    message=redact(clip(message, self.mem.config.trigger_message_chars)),
                    user_id=self.scope.user_id,
                    agent_id=self.scope.agent_id,
                    namespace=self.scope.namespace,
                    session_id=session_id,
                    memory_ids=ids,
                    created_at=when,
                    provenance=origin,
                )
            ]
        )
        return stored

    def on_condition(
        self,
        message: str,
        condition: str,
        *,
        now: datetime,
        session_id: str | None = None,
        turn: int | None = None,
        role: str | None = None,
        source_text: str | None = None,
    ) -> Trigger:
        """A reminder that waits for ``condition`` (see :mod:`remem.agent.conditions`):
        ``message`` is the whole reminder as said; the same pending one is returned
        instead of a copy. Refused (nothing written) when ``message`` or the text it
        was said in (``source_text``) reads as an instruction aimed at the agent."""
        config = self.mem.config
        limits = Limits.of(config)
        message = check_text(message, "message", max_bytes=limits.max_content_bytes)
        condition = check_text(condition, "condition", max_bytes=limits.max_content_bytes)
        if source_text is not None:
            source_text = check_text(source_text, "source_text", max_bytes=limits.max_content_bytes)
        _refuse_injection(message)
        if source_text is not None and source_text != message:
            _refuse_injection(source_text)
        session_id = optional_label(session_id, "session_id", max_chars=limits.max_label_chars)
        origin = self._origin(
            source_text or message, session_id=session_id, turn=turn, role=role, trusted=True
        )
        (stored,) = self.mem.store.add_triggers(
            [
                Trigger(
                    trigger_date=CONDITION_DAY,
                    message=redact(clip(message, config.trigger_message_chars)),
                    phrase=redact(clip(condition, config.trigger_message_chars)),
                    user_id=self.scope.user_id,
                    agent_id=self.scope.agent_id,
                    namespace=self.scope.namespace,
                    session_id=session_id,
                    created_at=now,
                    provenance=origin,
                )
            ]
        )
        return stored

    def waiting(self) -> builtins.list[Trigger]:
        """The pending reminders that wait for a condition, oldest first (not held)."""
        return [t for t in _read(self._waiting()) if t.held is None]

    def _waiting(self) -> builtins.list[Trigger]:
        found = self.mem.store.list_triggers(
            self.scope, statuses=[str(TriggerStatus.PENDING)], limit=_WAITING_SCAN
        )
        return [t for t in found if t.trigger_date == CONDITION_DAY]

    def met(
        self,
        text: str,
        *,
        now: datetime,
        skip_session: str | None = None,
        tool_call: bool = True,
    ) -> builtins.list[Trigger]:
        """The waiting reminders whose condition ``text`` meets, fired (once: marked
        fired); a held one never (:func:`held_reason`). ``skip_session``: not those
        set in this session (a tool call of the turn that asked for "next time" is
        not the next time). ``tool_call`` False (``text`` is a prompt): not those
        whose condition is work on a file (:func:`~remem.agent.conditions.on_files`),
        which the call touching it meets."""
        hits = [
            t
            for t in self._waiting()
            if (skip_session is None or t.session_id != skip_session)
            and t.created_at < now
            and (tool_call or not on_files(t.phrase))
            and fires(keys_of(t.phrase), text)
        ]
        hits = [t for t in _read(hits) if t.held is None]  # checked only when met: cheap
        return self.fire([t.id for t in hits], now=now) if hits else []

    def due(self, *, now: datetime) -> builtins.list[Trigger]:
        """Pending triggers whose day is ``now``'s day or earlier (missed days too:
        a trigger waits for the next session start), soonest first, at most
        ``trigger_due_limit``; a held one never (:func:`held_reason`). Held ones
        are read past, however many there are: they never crowd a due one out."""
        limit = self.mem.config.trigger_due_limit
        want = limit * 4
        while True:
            found = self.mem.store.list_triggers(
                self.scope, statuses=[str(TriggerStatus.PENDING)], due_by=now.date(), limit=want
            )
            ready = [t for t in _read(found) if t.held is None]
            if len(ready) >= limit or len(found) < want:
                return ready[:limit]
            want *= 4

    def _own_memories(self, memory_ids: Sequence[str]) -> builtins.list[str]:
        """``memory_ids`` checked: each a memory of this scope (a trigger shows them
        when it fires), else :class:`NotFoundError` and nothing is written."""
        ids = [check_id(i, "memory id") for i in memory_ids]
        for memory_id in ids:
            if self.mem.store.get_memory(memory_id, self.scope) is None:
                raise NotFoundError(f"no memory {memory_id} in this scope")
        return ids

    def fire(self, ids: Sequence[str], *, now: datetime) -> builtins.list[Trigger]:
        """Mark these triggers fired (injected): ``due`` returns them no more. Only
        pending ones change (another process may have fired one already); the ones
        this call fired are returned."""
        return self.mem.store.set_trigger_status(
            [check_id(i, "trigger id") for i in ids],
            self.scope,
            status=str(TriggerStatus.FIRED),
            expect=[str(TriggerStatus.PENDING)],
            at=now,
        )

    def list(self, *, status: str | None = None, limit: int = 100) -> builtins.list[Trigger]:
        """Triggers in scope, soonest first (of one status if given)."""
        statuses: builtins.list[str] = []
        if status is not None:
            if status not in {s.value for s in TriggerStatus}:
                raise ValidationError(
                    f"unknown trigger status {status!r}; use "
                    + ", ".join(s.value for s in TriggerStatus)
                )
            statuses = [status]
        if not 1 <= limit <= 10_000:
            raise ValidationError("limit must be between 1 and 10000")
        return _read(self.mem.store.list_triggers(self.scope, statuses=statuses, limit=limit))

    def get(self, trigger_id: str) -> Trigger:
        """The trigger with this id in scope."""
        found = self.mem.store.get_trigger(
            resolve_id(
                self.mem.store,
                trigger_id,
                self.scope,
                min_chars=self.mem.config.id_prefix_min_chars,
                table="triggers",
            ),
            self.scope,
        )
        if found is None:
            raise NotFoundError(f"no trigger {trigger_id!r} in this scope")
        return _read([found])[0]

    def cancel(self, trigger_id: str, *, now: datetime | None = None) -> Trigger:
        """Cancel a pending or fired trigger (it never comes up again)."""
        return self._close(trigger_id, TriggerStatus.CANCELLED, now)

    def revoke(self, trigger_id: str, *, now: datetime | None = None) -> Trigger:
        """Take a trigger out for good, as a rule is revoked: :meth:`cancel`."""
        return self.cancel(trigger_id, now=now)

    def done(self, trigger_id: str, *, now: datetime | None = None) -> Trigger:
        """Mark a pending or fired trigger handled."""
        return self._close(trigger_id, TriggerStatus.DONE, now)

    def _close(self, trigger_id: str, status: TriggerStatus, now: datetime | None) -> Trigger:
        current = self.get(trigger_id)
        if current.status is status:
            return current  # idempotent: a retried call changes nothing
        if str(current.status) not in _OPEN:
            raise ValidationError(
                f"trigger {trigger_id} is {current.status}; only pending or fired ones "
                f"can be marked {status}"
            )
        changed = self.mem.store.set_trigger_status(
            [current.id], self.scope, status=str(status), expect=_OPEN, at=now_or(now)
        )
        if not changed:  # closed by another process meanwhile
            return self.get(trigger_id)
        return _read(changed)[0]


def held_reason(trigger: Trigger) -> str | None:
    """Why ``trigger`` is never shown, or None: its text or condition reads as an
    instruction aimed at the agent (the check of a lesson or a rule). A reminder is
    addressed to the user ("tell Maya about the release"), so how the assistant
    should behave (:mod:`remem.write.conduct`) is not held here: an order to the
    assistant is what the injection check looks for."""
    flag = reminder_flag(trigger.message) or (
        reminder_flag(trigger.phrase) if trigger.phrase else None
    )
    return f"reads as an instruction aimed at the agent ({flag!r})" if flag else None


def _read(triggers: Sequence[Trigger]) -> builtins.list[Trigger]:
    for trigger in triggers:
        trigger.held = held_reason(trigger)
    return builtins.list(triggers)


def _refuse_injection(text: str) -> None:
    flag = reminder_flag(text)
    if flag:
        raise ValidationError(
            f"a reminder is put before the assistant, and this one reads as an instruction "
            f"aimed at it ({flag!r}); nothing was stored"
        )


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
