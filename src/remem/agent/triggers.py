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
nothing untrusted writes to it.
"""

from __future__ import annotations

import builtins
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

__all__ = ["Trigger", "TriggerStatus", "Triggers"]

_OPEN = (str(TriggerStatus.PENDING), str(TriggerStatus.FIRED))
_WAITING_SCAN = 500  # pending triggers read when looking for conditions a text meets


class Triggers:
    """The forward triggers of one scope (``agent.triggers``)."""

    def __init__(self, mem: Memory, scope: Scope) -> None:
        if scope.is_empty():
            raise ValidationError("a scope is required: pass user_id, agent_id or namespace")
        self.mem = mem
        self.scope = scope

    def detect(
        self,
        text: str,
        *,
        now: datetime,
        session_id: str | None = None,
        memory_ids: Sequence[str] = (),
        trusted: bool = True,
    ) -> builtins.list[Trigger]:
        """Create a trigger for each future day ``text`` names, counted from ``now``
        (the message's time); returns them as stored (a pending one already stored
        for the same day and sentence is returned instead of a copy). Untrusted
        text creates none."""
        config = self.mem.config
        limits = Limits.of(config)
        text = check_text(text, "text", max_bytes=limits.max_content_bytes, blank=True)
        session_id = optional_label(session_id, "session_id", max_chars=limits.max_label_chars)
        ids = [check_id(i, "memory id") for i in memory_ids]
        if not trusted or not text.strip():
            return []
        found = future_dates(text, now.date(), horizon_days=config.trigger_horizon_days)
        triggers = []
        for hit in found[: config.trigger_max_per_message]:
            message = _clip(sentence_at(text, hit.start), config.trigger_message_chars)
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
        """Create a trigger for the day of ``on`` by hand (no date words needed)."""
        limits = Limits.of(self.mem.config)
        message = check_text(message, "message", max_bytes=limits.max_content_bytes)
        if not isinstance(on, datetime):
            raise ValidationError("on must be a datetime (the day the trigger is for)")
        (stored,) = self.mem.store.add_triggers(
            [
                Trigger(
                    trigger_date=on.date(),
                    message=redact(_clip(message, self.mem.config.trigger_message_chars)),
                    user_id=self.scope.user_id,
                    agent_id=self.scope.agent_id,
                    namespace=self.scope.namespace,
                    session_id=optional_label(
                        session_id, "session_id", max_chars=limits.max_label_chars
                    ),
                    memory_ids=[check_id(i, "memory id") for i in memory_ids],
                    created_at=now_or(now),
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
    ) -> Trigger:
        """A reminder that waits for ``condition`` (see :mod:`remem.agent.conditions`):
        ``message`` is the whole reminder as said; the same pending one is returned
        instead of a copy."""
        config = self.mem.config
        limits = Limits.of(config)
        message = check_text(message, "message", max_bytes=limits.max_content_bytes)
        condition = check_text(condition, "condition", max_bytes=limits.max_content_bytes)
        (stored,) = self.mem.store.add_triggers(
            [
                Trigger(
                    trigger_date=CONDITION_DAY,
                    message=redact(_clip(message, config.trigger_message_chars)),
                    phrase=redact(_clip(condition, config.trigger_message_chars)),
                    user_id=self.scope.user_id,
                    agent_id=self.scope.agent_id,
                    namespace=self.scope.namespace,
                    session_id=optional_label(
                        session_id, "session_id", max_chars=limits.max_label_chars
                    ),
                    created_at=now,
                )
            ]
        )
        return stored

    def waiting(self) -> builtins.list[Trigger]:
        """The pending reminders that wait for a condition, oldest first."""
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
        fired). ``skip_session``: not those set in this session (a tool call of the
        turn that asked for "next time" is not the next time). ``tool_call`` False
        (``text`` is a prompt): not those whose condition is work on a file
        (:func:`~remem.agent.conditions.on_files`), which the call touching it meets."""
        hits = [
            t
            for t in self.waiting()
            if (skip_session is None or t.session_id != skip_session)
            and t.created_at < now
            and (tool_call or not on_files(t.phrase))
            and fires(keys_of(t.phrase), text)
        ]
        return self.fire([t.id for t in hits], now=now) if hits else []

    def due(self, *, now: datetime) -> builtins.list[Trigger]:
        """Pending triggers whose day is ``now``'s day or earlier (missed days too:
        a trigger waits for the next session start), soonest first, at most
        ``trigger_due_limit``."""
        return self.mem.store.list_triggers(
            self.scope,
            statuses=[str(TriggerStatus.PENDING)],
            due_by=now.date(),
            limit=self.mem.config.trigger_due_limit,
        )

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
        return self.mem.store.list_triggers(self.scope, statuses=statuses, limit=limit)

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
        return found

    def cancel(self, trigger_id: str, *, now: datetime | None = None) -> Trigger:
        """Cancel a pending or fired trigger (it never comes up again)."""
        return self._close(trigger_id, TriggerStatus.CANCELLED, now)

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
        return changed[0]


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
