"""The agent part of the Store protocol: forward triggers, REST API keys, agent
sessions, working memory and the deferred-writes journal (:mod:`remem.agent`,
:mod:`remem.server.keys`). :class:`remem.store.base.Store` includes it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Protocol

from remem.model import (
    AgentSession,
    ApiKey,
    Injected,
    PendingWork,
    Scope,
    Trigger,
    TurnCost,
    WorkingItem,
)

if TYPE_CHECKING:  # remem.filters builds ListFilters: imported there at run time
    pass


class AgentStore(Protocol):
    """What the agent layer and the REST keys ask of a storage backend."""

    # -- forward triggers (remem/agent/triggers.py) --------------------------------
    def add_triggers(self, triggers: Sequence[Trigger]) -> list[Trigger]:
        """Store ``triggers`` (each in its own scope), atomically; a pending trigger with
        the same scope, day and message is not stored twice (the existing one is
        returned in its place). Returns them as stored."""
        ...

    def get_trigger(self, trigger_id: str, scope: Scope) -> Trigger | None: ...

    def list_triggers(
        self,
        scope: Scope,
        *,
        statuses: Sequence[str] = (),
        due_by: date | None = None,
        limit: int = 100,
    ) -> list[Trigger]:
        """Triggers in scope (in ``statuses`` if given; with ``trigger_date <= due_by``
        if given), soonest first."""
        ...

    def set_trigger_status(
        self,
        trigger_ids: Sequence[str],
        scope: Scope,
        *,
        status: str,
        expect: Sequence[str],
        at: datetime,
    ) -> list[Trigger]:
        """Move those of ``trigger_ids`` in scope whose status is one of ``expect`` to
        ``status`` (``fired``: ``fired_at = at``; ``done`` / ``cancelled``:
        ``closed_at = at``), atomically; the triggers changed."""
        ...

    # -- REST API keys (remem/server/keys.py) ------------------------------------------
    def add_api_key(self, key: ApiKey) -> None:
        """Store a new key (its digest, never the key). An id already used is refused
        (ValidationError)."""
        ...

    def get_api_key(self, key_id: str) -> ApiKey | None:
        """The key with this id (revoked ones too), or None."""
        ...

    def list_api_keys(self, *, include_revoked: bool = False) -> list[ApiKey]:
        """Every key, oldest first (active ones only unless ``include_revoked``)."""
        ...

    def revoke_api_key(self, key_id: str, *, at: datetime) -> ApiKey | None:
        """Mark the key revoked at ``at`` (a revoked key stays revoked, its time kept);
        the key as stored now, or None if there is no such key."""
        ...

    # -- agent sessions and working memory (remem/agent/) ----------------------------
    def open_session(self, session: AgentSession) -> tuple[AgentSession, bool]:
        """Create the session, or return the one with this id in the same scope;
        ``(session, created)``. An id used by another scope is refused
        (ValidationError), as checkpoints are keyed by session id alone."""
        ...

    def get_session(self, session_id: str, scope: Scope) -> AgentSession | None: ...

    def list_sessions(
        self, scope: Scope, *, ended: bool | None = None, limit: int = 20
    ) -> list[AgentSession]:
        """Sessions in scope, newest start first (only ended / open ones if asked)."""
        ...

    def count_sessions(self, scope: Scope, *, ended: bool | None = None) -> int: ...

    def next_turn(self, session_id: str, scope: Scope) -> int:
        """Move the session's turn counter past its highest turn and past the highest
        checkpoint saved under ``session_id`` (``Memory.checkpoint``, any scope), and
        return it (atomic: two processes observing the same session never get the
        same turn)."""
        ...

    def update_session(
        self,
        session_id: str,
        scope: Scope,
        *,
        ended_at: datetime | None = None,
        flushed_turns: int | None = None,
        opening: str | None = None,
        data: Mapping[str, Any] | None = None,
        reopen: bool = False,
    ) -> None:
        """Set the given fields (``flushed_turns`` only ever grows; ``data`` keys
        merge into the session's data; ``reopen`` clears ``ended_at``)."""
        ...

    def add_injected(
        self, session_id: str, scope: Scope, injected: Sequence[Injected], *, keep: int
    ) -> None:
        """Append :class:`~remem.model.Injected` entries to the session's list (the
        newest ``keep`` stay)."""
        ...

    def take_injected(self, session_id: str, scope: Scope) -> list[Injected]:
        """The session's injected entries, cleared in the same transaction (so two
        feedback calls never count one injection twice)."""
        ...

    def add_turn_cost(self, cost: TurnCost, scope: Scope) -> None: ...

    def add_pending(
        self,
        kind: str,
        scope: Scope,
        texts: Mapping[str, Any],
        refs: Mapping[str, Any],
        *,
        at: datetime,
    ) -> int:
        """Journal deferred writes (committed when this returns): ``texts`` (redacted
        as every text) and ``refs`` (ids, hashes, counts, times remem made: kept
        as they are); the row's id. :class:`PendingWork.data` holds both."""
        ...

    def has_pending(self) -> bool:
        """Whether any deferred writes wait (claimed or not)."""
        ...

    def claim_pending(
        self, *, at: datetime, stale_before: datetime, limit: int = 100
    ) -> list[PendingWork]:
        """Claim, oldest first, the rows no process holds (or held since before
        ``stale_before``); each row is claimed by one caller only."""
        ...

    def finish_pending(self, work_id: int) -> None:
        """Delete a row whose writes are done."""
        ...

    def session_costs(self, session_id: str, scope: Scope, *, limit: int = 1000) -> list[TurnCost]:
        """The session's cost rows, oldest first."""
        ...

    def add_working(self, item: WorkingItem, *, capacity: int, now: datetime) -> list[str]:
        """Store ``item``; drop its session's expired items and, past ``capacity``,
        the oldest; the ids dropped."""
        ...

    def working_items(
        self,
        scope: Scope,
        *,
        session_id: str | None = None,
        now: datetime | None = None,
        include_promoted: bool = True,
        limit: int = 200,
    ) -> list[WorkingItem]:
        """Working items in scope (of one session if given; unexpired at ``now`` if
        given), newest first."""
        ...

    def get_working(self, item_id: str, scope: Scope) -> WorkingItem | None: ...

    def surface_working(
        self, item_ids: Sequence[str], scope: Scope, *, at: datetime
    ) -> list[WorkingItem]:
        """Count one surfacing of each item at ``at`` (``prev_surfaced_at`` keeps the
        one before); the items as they are after."""
        ...

    def mark_working_promoted(self, item_id: str, scope: Scope, memory_id: str) -> bool:
        """Record that the item became memory ``memory_id``; False if it already had."""
        ...

    def fail_working(self, item_id: str, scope: Scope, *, reason: str, at: datetime) -> bool:
        """Record that the item cannot be promoted (``data.promotion_failed``: the
        reason and when) with a ``promotion_failed`` audit event; False if it was
        promoted (or marked) already."""
        ...

    def carry_working(
        self, scope: Scope, session_id: str, *, now: datetime, limit: int
    ) -> list[WorkingItem]:
        """Move the unexpired, unpromoted items of the scope's other sessions (the
        newest ``limit``; never those marked ``data["session_only"]``) into
        ``session_id``; the items moved."""
        ...

    def clear_working(
        self, scope: Scope, *, session_id: str | None = None, expired_at: datetime | None = None
    ) -> int:
        """Delete working items in scope (of one session; only those expired at
        ``expired_at`` if given); how many."""
        ...

    def statement_count(self) -> int:
        """How many statements this handle has run (cost accounting)."""
        ...
