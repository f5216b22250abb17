"""Forgetting many memories at once (``Memory.delete_all``).

The soft delete of ``Memory.forget``, over everything a scope (and a filter)
matches: each memory that could still be recalled or restored (active,
archived, cold) becomes ``forgotten`` with its own ``forgotten`` audit event,
all in one transaction. Superseded versions stay the history they are;
forgotten and purged memories are left as they are. Nothing is deleted: the
content stays in the store for the audit (``erase`` is the hard purge).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from remem.model import AuditEvent, Scope, Status
from remem.store.base import FieldChange, ListFilter, Store

FORGETTABLE = (Status.ACTIVE.value, Status.ARCHIVED.value, Status.COLD.value)
BATCH = 500  # memories read and changed per statement group, inside the one transaction


def forget_matching(
    store: Store,
    scope: Scope,
    filters: ListFilter | None,
    *,
    now: datetime,
    reason: str | None = None,
) -> list[str]:
    """Forget every memory in ``scope`` passing ``filters`` whose status is one of
    :data:`FORGETTABLE`; the ids forgotten, all or none of them."""
    wanted = replace(filters or ListFilter(), statuses=FORGETTABLE)
    forgotten: list[str] = []
    with store.transaction():
        while True:
            # Forgotten rows leave the filter, so the first page is always the next.
            page = store.list_memories(scope, filters=wanted, limit=BATCH)
            if not page.items:
                return forgotten
            applied = store.change_fields(
                [
                    FieldChange(
                        memory_id=r.id,
                        expect_status=r.status.value,
                        fields={"status": Status.FORGOTTEN.value, "updated_at": now},
                        event=AuditEvent(
                            event="forgotten",
                            memory_id=r.id,
                            at=now,
                            detail={
                                "from_status": r.status.value,
                                "reason": reason,
                                "by": "delete_all",
                            },
                        ),
                    )
                    for r in page.items
                ]
            )
            if not applied:  # cannot happen under the write lock; never loop forever
                return forgotten
            forgotten += applied
