"""``Memory``: the engine's Python API, composed from a store, an embedder and config.

Sync today. Each method is a thin shell over functions in ``write/``, ``read/``
and ``store/`` that take their collaborators as arguments, so an async twin can
share them.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from remem.config import Config
from remem.errors import ConflictError, NotFoundError
from remem.filters import FilterLimits, narrowing
from remem.ids import resolve_id, short_ids
from remem.lifecycle import usage
from remem.memory_add import AddMixin
from remem.memory_admin import AdminMixin
from remem.memory_read import ReadMixin
from remem.memory_write import WriteMixin
from remem.model import (
    AuditEvent,
    Kind,
    MemoryRecord,
    Page,
    Resource,
    Scope,
    Status,
    Trust,
    utcnow,
)
from remem.providers.base import LLM, Embedder
from remem.providers.registry import get_embedder
from remem.read.search import check_embedding_space
from remem.read.tiered import COUNTER_PREFIX as TIER_COUNTERS
from remem.secrets import scrub_value
from remem.store.base import ListFilter, Store
from remem.store.factory import open_store
from remem.validation import check_ids, check_int, check_record, check_text, optional_datetime
from remem.write.embed import embed_for_store
from remem.write.injection import raw_trust
from remem.write.summaries import refresh_citing
from remem.write.validate import Limits, check_changes, clean_content, require_scope, scope_of

if TYPE_CHECKING:
    from remem.lifecycle.jobs import Jobs

Progress = Callable[[int, int], None]


class Memory(AddMixin, WriteMixin, AdminMixin, ReadMixin):
    """Long-term memory for agents, in one SQLite file (or a PostgreSQL database,
    given a ``postgresql://`` URL or ``Config.store_url``).

    >>> mem = Memory("/tmp/demo.db")                       # doctest: +SKIP
    >>> mem.add("Aaron prefers dark mode", user_id="aaron") # doctest: +SKIP
    >>> mem.search("which theme?", user_id="aaron")         # doctest: +SKIP
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        config: Config | None = None,
        embedder: Embedder | None = None,
        store: Store | None = None,
    ) -> None:
        self.config = config if config is not None else Config.load()
        if store is None:
            store = open_store(self.config, path)
        self.store: Store = store
        self.embedder: Embedder = (
            embedder if embedder is not None else get_embedder(self.config.embedder, self.config)
        )
        self._access = usage.AccessRecorder(self.store, self.config)
        self._jobs: Jobs | None = None
        # Wraps each LLM client this Memory builds (metering, logging); None: as built.
        self.llm_wrapper: Callable[[LLM], LLM] | None = None

    # -- lifecycle of the object -------------------------------------------------
    def close(self) -> None:
        """Write the access counts still buffered (best-effort), then close the store."""
        try:
            self._access.flush(self.config.access_close_wait_ms)
        finally:
            self.store.close()

    @property
    def jobs(self) -> Jobs:
        """The lifecycle jobs of this store: ``status()``, ``run(name)``, ``run_due()``
        (see :mod:`remem.lifecycle.jobs`)."""
        if self._jobs is None:
            from remem.lifecycle.jobs import Jobs

            self._jobs = Jobs(self)
        return self._jobs

    def __enter__(self) -> Memory:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- writes ------------------------------------------------------------------
    def update(
        self,
        memory_id: str,
        content: str | bytes,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        reason: str | None = None,
        now: datetime | None = None,
        **changes: Any,
    ) -> MemoryRecord:
        """Make a new version of a memory; the old one is superseded, never overwritten.

        ``changes`` may set ``category``, ``importance``, ``tier``, ``tags``,
        ``valid_from``, ``kind`` and ``metadata`` (replacing the old version's), each
        validated as ``add`` validates it. ``now`` (default: the clock) dates the new
        version and the audit."""
        limits = Limits.of(self.config)
        now = optional_datetime(now, "now")
        text = self._redacted(clean_content(content, max_bytes=limits.max_content_bytes))
        changes = check_changes(changes, limits)
        if reason is not None:
            reason = check_text(reason, "reason", max_bytes=limits.max_content_bytes)
        changes = scrub_value(changes)  # the new version is returned as stored
        old = self.get(memory_id, user_id=user_id, agent_id=agent_id, namespace=namespace)
        llm = self._llm(required=False)  # for the summaries rebuilt after the write
        if old.status is not Status.ACTIVE:
            raise ConflictError(f"memory {memory_id} is {old.status}; only active ones update")
        check_embedding_space(self.store, self.embedder)
        vector, tokens = embed_for_store(
            self.embedder, [text], drop_low_information=self.config.late_drop_stopwords
        )
        now = now or utcnow()
        resource = Resource(
            content=text,
            kind="update",
            user_id=old.user_id,
            agent_id=old.agent_id,
            namespace=old.namespace,
            session_id=old.session_id,
            created_at=now,
            metadata={"updates": old.id, **({"reason": reason} if reason else {})},
        )
        valid_from = changes.pop("valid_from", None) or now  # not twice to replace()
        data = dict(old.data)
        if "metadata" in changes:  # the caller's metadata replaces the old version's
            data["metadata"] = changes.pop("metadata")
        # The new text is checked as add checks a raw text (an update is no way around
        # the injection check); a lesson or a rule as an instruction the agent is shown.
        kind = Kind(changes.get("kind", old.kind))
        untrusted, flag = raw_trust(
            text,
            old.role,
            trusted=old.source_trust is Trust.TRUSTED,
            adopt=kind in (Kind.LESSON, Kind.PROCEDURAL),
        )
        data.pop("injection", None)
        if flag:
            data["injection"] = flag
        new = replace(
            old,
            **changes,
            data=data,
            source_trust=Trust.UNTRUSTED if untrusted else old.source_trust,
            id=MemoryRecord(content=text).id,
            content=text,
            status=Status.ACTIVE,
            supersedes=old.id,
            superseded_by=None,
            created_at=now,
            updated_at=now,
            valid_from=valid_from,
            valid_to=None,
            reference_count=0,
            access_count=0,
            surface_count=0,
            last_referenced_at=None,
            last_accessed_at=None,
            purge_candidate_since=None,
            source_resource_id=resource.id,
        )
        check_record(new, limits)  # the new version as a whole, before anything is written
        old.status, old.superseded_by, old.valid_to, old.updated_at = (
            Status.SUPERSEDED,
            new.id,
            now,
            now,
        )
        with self.store.transaction():
            self.store.append_resource(resource)
            self.store.insert_memories(
                [new],
                vectors=vector,
                model_id=self.embedder.model_id,
                events=[
                    AuditEvent(
                        event="created",
                        memory_id=new.id,
                        at=now,
                        detail={"supersedes": old.id, "resource": resource.id},
                    )
                ],
            )
            if tokens is not None:
                self.store.put_token_vectors([new.id], tokens, model_id=self.embedder.model_id)
            self.store.update_memory(
                old,
                event=AuditEvent(
                    event="superseded",
                    memory_id=old.id,
                    at=now,
                    detail={"superseded_by": new.id, "reason": reason},
                ),
            )
        self._refresh_summaries([old.id], llm)
        return new

    def _refresh_summaries(self, memory_ids: builtins.list[str], llm: Any | None) -> None:
        """Rebuild the summaries that listed ``memory_ids`` (forgotten or superseded)."""
        refresh_citing(self.store, memory_ids, config=self.config, llm=llm)

    # -- reads -------------------------------------------------------------------
    def get(
        self,
        memory_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> MemoryRecord:
        """The memory with this id in the scope, whatever its status. ``memory_id``
        may be any prefix of at least ``config.id_prefix_min_chars`` characters that
        matches one memory in the scope (see :mod:`remem.ids`); so may every id
        argument of this class."""
        scope = scope_of(user_id, agent_id, namespace)
        record = self.store.get_memory(self._resolve(memory_id, scope), scope)
        if record is None:  # gone between the two reads
            raise NotFoundError(f"no memory {memory_id!r} in this scope")
        return record

    def short_ids(
        self,
        memory_ids: Sequence[str],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> dict[str, str]:
        """For each id, the prefix to print: ``config.id_display_chars`` characters, or
        more where that many would match another memory of the scope."""
        return short_ids(
            self.store,
            check_ids(memory_ids, "memory_ids", limits=Limits.of(self.config)),
            scope_of(user_id, agent_id, namespace),
            chars=self.config.id_display_chars,
            min_chars=self.config.id_prefix_min_chars,
        )

    def _resolve(self, memory_id: object, scope: Scope) -> str:
        return resolve_id(self.store, memory_id, scope, min_chars=self.config.id_prefix_min_chars)

    def list(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        run_id: str | None = None,
        filters: Mapping[str, Any] | ListFilter | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> Page:
        """Memories in the scope, newest first; active only unless ``filters`` names
        ``status``. ``filters``: a dict in Mem0's syntax (:mod:`remem.filters`) or a
        :class:`ListFilter`; ``run_id``: only this session's memories."""
        offset = check_int(offset, "offset", low=0, high=2**62)
        limit = check_int(limit, "limit", low=1, high=10_000)
        return self.store.list_memories(
            scope_of(user_id, agent_id, namespace),
            filters=self._narrowing(filters, run_id),
            offset=offset,
            limit=limit,
        )

    def get_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        run_id: str | None = None,
        filters: Mapping[str, Any] | ListFilter | None = None,
        limit: int = 100,
    ) -> builtins.list[MemoryRecord]:
        """Mem0's ``get_all``: the first ``limit`` memories of :meth:`list`, newest
        first (a scope is required; ``filters`` and ``run_id`` as there)."""
        return self.list(
            user_id=user_id,
            agent_id=agent_id,
            namespace=namespace,
            run_id=run_id,
            filters=filters,
            limit=limit,
        ).items

    def _narrowing(self, filters: object, run_id: object) -> ListFilter | None:
        return narrowing(filters, run_id=run_id, limits=FilterLimits.of(self.config))

    def history(
        self,
        memory_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> builtins.list[AuditEvent]:
        """The audit chain of a memory and of the versions it superseded, oldest first."""
        record = self.get(memory_id, user_id=user_id, agent_id=agent_id, namespace=namespace)
        scope = record.scope
        chain, seen = [record.id], {record.id}
        older = record.supersedes
        while older and older not in seen:
            prev = self.store.get_memory(older, scope)
            if prev is None:
                break
            chain.append(prev.id)
            seen.add(prev.id)
            older = prev.supersedes
        events = [e for mid in chain for e in self.store.history(mid)]
        return sorted(events, key=lambda e: (e.at, e.id or 0))

    def stats(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> dict[str, Any]:
        """Counts by status, kind and category; resources; vectors per model; which tier
        answered tiered recalls (store-wide)."""
        scope = Scope(user_id=user_id, agent_id=agent_id, namespace=namespace)
        out = self.store.stats(None if scope.is_empty() else require_scope(scope))
        tiers = self.store.counters(TIER_COUNTERS)
        if tiers:
            answered = {t: tiers.get(TIER_COUNTERS + t, 0) for t in ("summaries", "items")}
            total = sum(answered.values())
            out["tiered_recall"] = {
                **answered,
                "summary_hit_rate": round(answered["summaries"] / total, 4) if total else 0.0,
            }
        return out
