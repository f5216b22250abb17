"""Working memory (engram): a short-term, session-scoped buffer in the store.

Each session holds at most ``working_capacity`` items (the oldest are evicted);
each item expires ``working_ttl_hours`` after it was added. Items live in the
store, so the separate processes of one session (hooks) share them, and the
unexpired, unpromoted items of a scope's earlier sessions are carried over into
the next session it starts.

Recall searches working memory first (keyword coverage: an item holding at least
``working_match_min`` of the query's keywords). Each time a recall finds an item
counts one surfacing; an item surfaced twice within
``working_promote_window_hours`` is promoted to a long-term memory with its
importance x ``working_promote_factor`` (or promoted by hand). Promotion goes
through the write path as any message does — extraction, the gate, dedup and
supersede — never verbatim: a user's turn is a prompt (:mod:`remem.write.acts`),
so only what it states can become a memory; an item holding nothing the write
path keeps is not promoted. An identical active memory is referenced instead of
duplicated.

An item marked ``session_only`` (a request, a question, thanks or chatter: what a
prompt asks is an instruction for this session, not a fact) is never promoted and
never carried over into another session.

An item the write path refuses (a credential statement, say) never breaks a
recall or a session's end: its promotion fails alone (:mod:`remem.isolation`),
the item is marked failed with the reason (``data.promotion_failed``, audited as
``promotion_failed``, logged at WARNING without its content) and is not tried
again; promoting it by hand still raises the reason.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from remem.config import Config
from remem.errors import NotFoundError, ValidationError
from remem.ids import resolve_id
from remem.isolation import isolated
from remem.memory import Memory
from remem.model import MemoryRecord, Scope, Trust, WorkingItem, withheld_by_default
from remem.read.query import keyword_terms
from remem.read.tiered import score_summary
from remem.secrets import redact
from remem.validation import check_number
from remem.write.injection import raw_trust
from remem.write.transcript import Message, role_for

PROMOTED_BY = "working-memory"
SESSION_ONLY = "session_only"  # data key: a prompt's request, question, thanks or chatter
FAILED = "promotion_failed"  # data key and audit event of an item that cannot be promoted

log = logging.getLogger(__name__)


class WorkingMemory:
    """The working memory of one agent's scope (``agent.working``)."""

    def __init__(self, mem: Memory, scope: Scope) -> None:
        self.mem, self.scope = mem, scope

    @property
    def config(self) -> Config:
        return self.mem.config

    def add(
        self,
        session_id: str,
        content: str,
        *,
        role: str | None = None,
        importance: float = 0.5,
        trusted: bool | None = None,
        now: datetime,
        data: dict[str, object] | None = None,
    ) -> WorkingItem:
        """Put ``content`` into the session's buffer (redacted; untrusted by role — a
        ``tool`` turn — or by an instruction aimed at the agent, as ``add`` decides)."""
        check_number(importance, "importance", low=0.0, high=1.0)
        text = redact(content)
        untrusted, injection = raw_trust(text, role, trusted=trusted, lower=False)
        item = WorkingItem(
            content=text,
            session_id=session_id,
            namespace=self.scope.namespace,
            user_id=self.scope.user_id,
            agent_id=self.scope.agent_id,
            role=role,
            importance=float(importance),
            source_trust=Trust.UNTRUSTED if untrusted else Trust.TRUSTED,
            created_at=now,
            expires_at=now + timedelta(hours=self.config.working_ttl_hours),
            data={**(data or {}), **({"injection": injection} if injection else {})},
        )
        self.mem.store.add_working(item, capacity=self.config.working_capacity, now=now)
        return item

    def items(
        self, session_id: str | None = None, *, now: datetime, limit: int = 200
    ) -> list[WorkingItem]:
        """Unexpired items, newest first (of one session, or of the whole scope)."""
        return self.mem.store.working_items(self.scope, session_id=session_id, now=now, limit=limit)

    def get(self, item_id: str) -> WorkingItem:
        found = self.mem.store.get_working(
            resolve_id(
                self.mem.store,
                item_id,
                self.scope,
                min_chars=self.mem.config.id_prefix_min_chars,
                table="working_memory",
            ),
            self.scope,
        )
        if found is None:
            raise NotFoundError(f"no working-memory item {item_id!r} in this scope")
        return found

    def search(
        self,
        session_id: str | None,
        query: str,
        *,
        now: datetime,
        limit: int,
        include_untrusted: bool = False,
        surface: bool = True,
    ) -> list[tuple[WorkingItem, float]]:
        """The items best covering ``query``'s keywords (at least ``working_match_min``),
        best first then newest; each found counts one surfacing (see :meth:`surface`)
        unless ``surface`` is False (a deferred recall surfaces them later)."""
        if limit <= 0:
            return []
        terms = keyword_terms(query)
        if not terms:
            return []
        scored = []
        for item in self.items(session_id, now=now):
            if item.promoted_to is not None:
                continue  # long-term memory answers for it now
            if not include_untrusted and withheld_by_default(item):
                continue
            score, _ = score_summary(terms, item.content)
            if score >= self.config.working_match_min:
                scored.append((item, score))
        scored.sort(key=lambda pair: -pair[1])  # stable: newest first among equals
        found = scored[:limit]
        if not surface:
            return found
        surfaced = {w.id: w for w in self.surface([w.id for w, _ in found], now=now)}
        return [(surfaced.get(w.id, w), s) for w, s in found]

    def surface(self, item_ids: Sequence[str], *, now: datetime) -> list[WorkingItem]:
        """Count one surfacing of each item; promote those that earned it (surfaced
        twice within the promotion window). The items as they are after."""
        items = self.mem.store.surface_working(item_ids, self.scope, at=now)
        return [self._promote_if_earned(item, now=now) for item in items]

    def earned(self, item: WorkingItem) -> bool:
        """Surfaced twice within ``working_promote_window_hours`` (and neither promoted
        nor failed to be; never an item marked session only)."""
        if item.promoted_to is not None or item.last_surfaced_at is None or failed(item):
            return False
        if item.data.get(SESSION_ONLY):
            return False
        if item.prev_surfaced_at is None:
            return False
        window = timedelta(hours=self.config.working_promote_window_hours)
        return item.last_surfaced_at - item.prev_surfaced_at <= window

    def promote_earned(self, session_id: str, *, now: datetime) -> list[WorkingItem]:
        """Promote the session's items that earned it and are not promoted yet."""
        out = []
        for item in self.mem.store.working_items(
            self.scope, session_id=session_id, include_promoted=False
        ):
            if self.earned(item):
                out.append(self._try_promote(item, now=now, why="surfaced"))
        return out

    def promote(self, item_id: str, *, now: datetime) -> WorkingItem:
        """Promote an item by hand (whether or not it earned it)."""
        item = self.get(item_id)
        if item.promoted_to is not None:
            return item
        return self._promote(item, now=now, why="by hand")

    def clear(self, session_id: str | None = None) -> int:
        """Delete the items of one session (or of the whole scope); how many."""
        return self.mem.store.clear_working(self.scope, session_id=session_id)

    def carry_over(self, session_id: str, *, now: datetime) -> list[WorkingItem]:
        """Move the scope's unexpired, unpromoted items of earlier sessions into this
        one (the newest ``working_carry_max``); expired ones are deleted."""
        self.mem.store.clear_working(self.scope, expired_at=now)
        if self.config.working_carry_max <= 0:
            return []
        return self.mem.store.carry_working(
            self.scope, session_id, now=now, limit=self.config.working_carry_max
        )

    # -- internals -------------------------------------------------------------------
    def _promote_if_earned(self, item: WorkingItem, *, now: datetime) -> WorkingItem:
        return self._try_promote(item, now=now, why="surfaced") if self.earned(item) else item

    def _try_promote(self, item: WorkingItem, *, now: datetime, why: str) -> WorkingItem:
        """:meth:`_promote`, or on the item's own error the item marked failed."""
        with isolated(log, "promotion of working item", item.id, hide=[item.content]) as out:
            return self._promote(item, now=now, why=why)
        reason = out.failed or "unknown"
        if self.mem.store.fail_working(item.id, self.scope, reason=reason, at=now):
            item.data = {**item.data, FAILED: {"reason": reason, "at": now.isoformat()}}
        return item

    def _promote(self, item: WorkingItem, *, now: datetime, why: str) -> WorkingItem:
        record = self._long_term(item, now=now, why=why)
        if record is None:
            return item  # nothing in it passes the write path: it stays working memory
        if self.mem.store.mark_working_promoted(item.id, self.scope, record.id):
            item.promoted_to = record.id
        else:  # another process promoted it meanwhile
            fresh = self.mem.store.get_working(item.id, self.scope)
            item = fresh if fresh is not None else item
        return item

    def _long_term(self, item: WorkingItem, *, now: datetime, why: str) -> MemoryRecord | None:
        scope = item.scope
        existing = self.mem.store.find_by_hash(item.content, scope)
        if existing is not None:
            # Already known: promotion confirms it, it does not duplicate it.
            return self.mem.reference(
                existing.id,
                user_id=scope.user_id,
                agent_id=scope.agent_id,
                namespace=scope.namespace,
                now=now,
            )[0]
        importance = min(1.0, item.importance * self.config.working_promote_factor)
        role = role_for(item.role or "user")
        message = Message(
            speaker=(scope.user_id or "user") if role == "user" else role,
            role=role,
            text=item.content,
            timestamp=item.created_at,
            untrusted=item.source_trust is not Trust.TRUSTED or bool(item.data.get("injection")),
            session=item.session_id,
            prompt=item.role == "user",  # a user's turn observed in a session
        )
        try:
            report = self.mem.ingest_messages(
                [message],
                scope=scope,
                session_id=item.session_id,
                now=now,
                fact_fields={
                    "importance": importance,
                    "metadata": {
                        "promoted_from": PROMOTED_BY,
                        "working_item": item.id,
                        "why": why,
                    },
                },
            )
        except ValidationError as exc:
            raise ValidationError(f"working item {item.id} cannot be promoted: {exc}") from exc
        kept = [d.memory_id for d in report.decisions if d.memory_id and d.action != "rejected"]
        if not kept:
            return None
        records = self.mem.store.get_memories(kept[:1], scope)
        return records[0] if records else None


def failed(item: WorkingItem) -> str | None:
    """Why ``item`` could not be promoted (None if it did not fail)."""
    mark = item.data.get(FAILED)
    return str(mark.get("reason") or "unknown") if isinstance(mark, dict) else None
