"""Usage signals and the reversible moves: access recording (after each search),
references (confirmed use), and restore (archived or cold back to active).

``Memory.search`` / ``context`` / ``reference`` / ``restore`` are thin shells over
these.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from datetime import datetime

from remem.config import Config
from remem.errors import NotFoundError, StoreError, ValidationError
from remem.lifecycle.policies import one_off_state, reinforcement, transient_kind
from remem.model import AuditEvent, MemoryRecord, Scope, Status
from remem.providers.base import Embedder, token_embedder
from remem.read import digests
from remem.store.base import FieldChange, Store
from remem.write.embed import embed_for_store

log = logging.getLogger(__name__)
RESTORABLE = (Status.ARCHIVED, Status.COLD)


class AccessRecorder:
    """Counts what searches return and writes the counts after the search, in one
    short transaction (:meth:`Store.record_access`).

    If the write lock is busy (another process is writing), the counts stay here
    and go with the next search's write, or at :meth:`close`; past
    ``access_buffer_max`` distinct memories the oldest counts are dropped. Access
    is a read signal, not a change to what a memory says: it is not audited (the
    audit would grow by a row per result of every search).
    """

    def __init__(self, store: Store, config: Config) -> None:
        self.store, self.config = store, config
        self._pending: dict[str, int] = {}
        self._at: datetime | None = None
        self._lock = threading.Lock()
        self.dropped = 0  # counts lost to the buffer cap or to a store error

    @property
    def pending(self) -> int:
        """How many memories have counts not yet written."""
        return len(self._pending)

    def record(self, memory_ids: Sequence[str], at: datetime) -> None:
        """Count one access of each of ``memory_ids`` at ``at``, then try to write."""
        if not self.config.record_access or not memory_ids:
            return
        with self._lock:
            self._merge(dict.fromkeys(memory_ids, 1), at)
        self.flush(self.config.access_wait_ms)

    def flush(self, wait_ms: int) -> bool:
        """Write the pending counts, waiting at most ``wait_ms`` for the lock; False
        when the lock was busy (the counts are kept for the next try)."""
        with self._lock:
            if not self._pending or self._at is None:
                return True
            counts, at = self._pending, self._at
            self._pending, self._at = {}, None
        try:
            written = self.store.record_access(counts, at=at, wait_ms=wait_ms)
        except StoreError as exc:
            # Best-effort by design: a search must not fail for a usage counter.
            log.warning("access counts dropped: %s", exc)
            self.dropped += sum(counts.values())
            return True
        if not written:
            with self._lock:
                self._merge(counts, at)
        return written

    def _merge(self, counts: dict[str, int], at: datetime) -> None:
        for memory_id, n in counts.items():
            self._pending[memory_id] = self._pending.get(memory_id, 0) + n
        self._at = at if self._at is None or at > self._at else self._at
        excess = len(self._pending) - self.config.access_buffer_max
        for memory_id in list(self._pending)[: max(0, excess)]:
            self.dropped += self._pending.pop(memory_id)


def reference(
    store: Store,
    config: Config,
    memory_ids: Sequence[str],
    scope: Scope,
    *,
    now: datetime,
    embedder: Embedder | None = None,
) -> list[MemoryRecord]:
    """Record confirmed use of each memory: ``reference_count + 1``,
    ``last_referenced_at = now``, audited ``referenced``.

    An archived or cold memory (one the archive tier answered with,
    :mod:`remem.read.fallback`) is restored first — audited ``restored``, reason
    ``referenced`` (:func:`restore`; ``embedder`` rebuilds its token vectors) — and
    then referenced: using a memory is what brings it back. A reference to a digest or
    an insight also credits the facts in use it quotes (audited with ``via``). All or
    nothing: an id not in ``scope`` raises NotFoundError, one that is neither active
    nor restorable (superseded, forgotten, purged) ValidationError, before anything
    is written."""
    ids = list(dict.fromkeys(memory_ids))
    if not ids or not all(isinstance(i, str) and i for i in ids):
        raise ValidationError("reference needs one or more memory ids")
    found = {m.id: m for m in store.get_memories(ids, scope)}
    missing = [i for i in ids if i not in found]
    if missing:
        raise NotFoundError(f"no memory {', '.join(map(repr, missing))} in this scope")
    inactive = [m for m in found.values() if m.status not in (Status.ACTIVE, *RESTORABLE)]
    if inactive:
        first = inactive[0]
        raise ValidationError(
            f"memory {first.id} is {first.status}; only active, archived or cold ones"
        )
    credited = _credited(store, config, list(found.values()), scope, now)
    via = {k: v for k, v in credited.items() if k not in found}
    for record in store.get_memories(list(via), scope) if via else []:
        ids.append(record.id)
        found[record.id] = record
    for record in [found[i] for i in ids if found[i].status in RESTORABLE]:
        found[record.id] = restore(
            store, embedder, config, record.id, scope, now=now, reason="referenced"
        )
    records = [found[i] for i in ids]
    for record in records:
        record.reference_count += 1
        record.last_referenced_at = record.updated_at = now
    events = [
        AuditEvent(
            event="referenced",
            memory_id=r.id,
            at=now,
            detail={
                "reference_count": r.reference_count,
                "reinforcement": round(reinforcement(r, config), 4),
                **({"via": via[r.id]} if r.id in via else {}),
            },
        )
        for r in records
    ]
    written = store.add_references(ids, scope, at=now, events=events)
    if written != len(ids):
        # Another process changed one of them between the read and the write.
        raise ValidationError("a memory changed while it was being referenced; try again")
    return records


def _credited(
    store: Store, config: Config, records: Sequence[MemoryRecord], scope: Scope, now: datetime
) -> dict[str, str]:
    """The facts a reference to a digest or insight credits, each with the digest: the
    sources it quotes (:func:`remem.read.digests.quoted`) that are facts in use —
    referenced before, not transient, not a one-off note — and still active, archived
    or cold. Its other sources (chatter, a day's one-off notes) were only in the same
    period, not used."""
    out: dict[str, str] = {}
    for digest_id, sources in digests.leaf_sources(store, records, scope).items():
        digest = next(r for r in records if r.id == digest_id)
        for source in digests.quoted(digest, sources):
            if (
                source.status in (Status.ACTIVE, *RESTORABLE)
                and source.reference_count > 0
                and not transient_kind(source)
                and one_off_state(source, now, config) is None
            ):
                out.setdefault(source.id, digest_id)
    return out


def restore(
    store: Store,
    embedder: Embedder | None,
    config: Config,
    memory_id: str,
    scope: Scope,
    *,
    now: datetime,
    reason: str | None = None,
) -> MemoryRecord:
    """Archived or cold -> active again: its token vectors are rebuilt (re-embedded
    from its content), its purge mark cleared, and the restore counts as a use: asking
    for a memory back is using it, so ``last_accessed_at`` and ``last_referenced_at``
    move to ``now`` and the next review does not archive it again, by either idle
    clock. It is not a reference: ``reference_count`` (what promotion counts) stays."""
    record = store.get_memory(memory_id, scope)
    if record is None:
        raise NotFoundError(f"no memory {memory_id!r} in this scope")
    if record.status is Status.ACTIVE:
        raise ValidationError(f"memory {memory_id} is active: there is nothing to restore")
    if record.status not in RESTORABLE:
        raise ValidationError(
            f"memory {memory_id} is {record.status}; only archived or cold ones restore"
        )
    tokens = None
    if embedder is not None and token_embedder(embedder) is not None:
        # Embedding is outside the write transaction (no model call holds the lock).
        _, tokens = embed_for_store(
            embedder, [record.content], drop_low_information=config.late_drop_stopwords
        )
    before = record.status
    fields = {
        "status": Status.ACTIVE,
        "purge_candidate_since": None,
        "last_accessed_at": now,
        "last_referenced_at": now,
        "updated_at": now,
    }
    event = AuditEvent(
        event="restored",
        memory_id=record.id,
        at=now,
        detail={"from_status": str(before), **({"reason": reason} if reason else {})},
    )
    with store.transaction():
        if not store.change_fields([FieldChange(record.id, str(before), fields, event)]):
            raise ValidationError(f"memory {memory_id} changed while being restored; try again")
        if tokens is not None and embedder is not None:
            store.put_token_vectors([record.id], tokens, model_id=embedder.model_id)
    record.status, record.purge_candidate_since = Status.ACTIVE, None
    record.last_accessed_at = record.last_referenced_at = record.updated_at = now
    return record
