"""``Memory``: the engine's Python API, composed from a store, an embedder and config.

Sync today. Each method is a thin shell over functions in ``write/``, ``read/``
and ``store/`` that take their collaborators as arguments, so an async twin can
share them.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from remem.config import Config
from remem.errors import NotFoundError, ValidationError
from remem.filters import FilterLimits, narrowing
from remem.ids import resolve_id, short_ids
from remem.lifecycle import usage
from remem.memory_admin import AdminMixin
from remem.memory_read import ReadMixin
from remem.memory_write import WriteMixin
from remem.model import (
    AuditEvent,
    EraseReport,
    Kind,
    MemoryRecord,
    Page,
    Resource,
    Scope,
    Status,
    Tier,
    Trust,
    utcnow,
)
from remem.providers.base import LLM, Embedder
from remem.providers.registry import get_embedder
from remem.read.search import check_embedding_space
from remem.read.tiered import COUNTER_PREFIX as TIER_COUNTERS
from remem.secrets import kinds as secret_kinds
from remem.secrets import redact, scrub_value, secret_is_point
from remem.store.ann import ann_settings
from remem.store.base import ListFilter, Store
from remem.store.sqlite import SQLiteStore
from remem.validation import (
    check_json,
    check_labels,
    check_number,
    check_record,
    check_text,
    optional_datetime,
    optional_label,
)
from remem.write.classify import extract_entities, extract_relations
from remem.write.embed import embed_for_store
from remem.write.injection import raw_trust
from remem.write.summaries import refresh_citing, refresh_summaries
from remem.write.validate import (
    Limits,
    NewFields,
    check_changes,
    check_identifier,
    clean_content,
    require_scope,
    scope_of,
    write_scope,
)

if TYPE_CHECKING:
    from remem.lifecycle.jobs import Jobs

RAW_EXTRACTOR = "raw-1"
Progress = Callable[[int, int], None]


class Memory(WriteMixin, AdminMixin, ReadMixin):
    """Long-term memory for agents, in one SQLite file.

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
            store = SQLiteStore(
                Path(path) if path is not None else self.config.database,
                ann=ann_settings(self.config),
                lexical=self.config.bm25_backend == "memory",
                lexical_persist=self.config.bm25_persist,
                mmap_bytes=self.config.sqlite_mmap_mb * 2**20,
                erase_wait_ms=self.config.erase_checkpoint_wait_ms,
            )
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
    def add(
        self,
        content: str | bytes | Sequence[Mapping[str, Any]],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        session_id: str | None = None,
        run_id: str | None = None,
        role: str | None = None,
        kind: Kind | str = Kind.SEMANTIC,
        category: str | None = None,
        importance: float | None = None,
        tier: Tier | str = Tier.STANDARD,
        valid_from: datetime | None = None,
        metadata: Mapping[str, Any] | None = None,
        infer: bool | None = None,
        trusted: bool | None = None,
        tags: Sequence[str] | None = None,
        confidence: float | None = None,
        data: Mapping[str, Any] | None = None,
        now: datetime | None = None,
    ) -> list[MemoryRecord]:
        """Store ``content`` (text, or a list of ``{"role", "content"}`` messages).

        ``infer`` defaults to True for a list of messages (as Mem0's ``add``: a
        conversation is a source of facts, and "Hello Alex! I'll remember that." is
        not one) and to False for a text (the caller's own statement, already the
        fact to keep, stored as written; pass ``infer=True`` to extract from it).

        Infer mode: the text or messages are appended to resources, facts are
        extracted (rules by default; ``config.extractor``), gated, deduplicated and
        superseded as needed; returns the memories stored (maybe none). ``category``,
        ``importance``, ``metadata``, and a ``kind`` / ``tier`` other than the
        default, apply to every fact; otherwise the extractor decides them per fact.
        Raw mode (``infer=False``): each text or message becomes one memory, kept
        verbatim, linked to the resource it came from. ``valid_from`` is when it
        happened or was said; a message's own ``timestamp`` wins over it.
        Nothing is written if any item is invalid.

        Trust: ``trusted=None`` (default) decides by role — ``tool`` / ``function``
        (and other tool-like roles) are untrusted, the rest trusted;
        ``metadata={"untrusted": True}`` or a message's ``"untrusted": True`` can only
        lower that. ``trusted=True`` / ``False`` is the caller's word and wins. A text
        with an instruction aimed at the agent (:mod:`remem.write.injection`) is, in
        raw mode, stored verbatim but untrusted, with ``data["injection"]`` naming the
        phrase, so it never reaches a context block; in infer mode every fact from
        it is rejected (gate reason ``injection``).

        Raw mode only: ``tags`` (labels, indexed for search), ``confidence`` (0..1,
        default 0.9) and ``data`` (a kind's structure, e.g. an episode's situation and
        actions or a rule's trigger and behaviour; JSON, kept in ``record.data`` beside
        ``metadata``) are set on every memory stored.

        ``run_id`` is Mem0's name for ``session_id``.

        ``now`` (default: the clock) is when it was learned: ``created_at``,
        ``updated_at`` and the audit times (simulations run on a fake clock).
        """
        limits = Limits.of(self.config)
        scope = write_scope(user_id, agent_id, namespace, limits)
        if run_id is not None:  # Mem0's name for the session
            if session_id is not None and session_id != run_id:
                raise ValidationError("run_id and session_id name the same thing; pass one")
            session_id = run_id
        given = NewFields.check(
            limits,
            kind=kind,
            tier=tier,
            importance=importance,
            category=category,
            session_id=session_id,
            role=role,
            valid_from=valid_from,
            metadata=metadata,
        )
        kind, tier, importance, category = given.kind, given.tier, given.importance, given.category
        session_id, metadata = given.session_id, given.metadata
        if infer is None:  # messages are a conversation to learn from; a text is the fact
            infer = not isinstance(content, str | bytes | bytearray)
        extra = _extra_fields(tags, confidence, data, limits, infer=infer)
        # What is returned is what is stored: these fields redacted as the store would.
        category = redact(category) if category else category
        metadata = scrub_value(metadata) if metadata else metadata
        if trusted is True and metadata and metadata.get("untrusted") is True:
            raise ValidationError(
                'trusted=True contradicts metadata={"untrusted": True}; pass one of them'
            )
        items = _normalise_items(
            content, role=given.role, valid_from=given.valid_from, limits=limits
        )
        if infer:
            stamp = {
                "category": category,
                "importance": importance,
                "kind": None if kind is Kind.SEMANTIC else kind,
                "tier": None if tier is Tier.STANDARD else tier,
                "metadata": metadata or None,
            }
            return self._infer(
                items,
                scope=scope,
                session_id=session_id,
                metadata=metadata,
                trusted=trusted,
                now=now,
                fact_fields={k: v for k, v in stamp.items() if v is not None},
            )
        check_identifier("session_id", session_id)
        # Secrets are never stored, not even verbatim: an item that exists to state one
        # is refused, credentials inside anything else become [REDACTED:kind].
        texts = [
            self._redacted(text, None if isinstance(content, str | bytes | bytearray) else i)
            for i, (text, *_) in enumerate(items)
        ]
        claimed = bool(metadata and metadata.get("untrusted") is True)
        flags = [
            raw_trust(text, item_role, trusted=trusted, lower=claimed or lower)
            for text, (_, item_role, _, _, lower) in zip(texts, items, strict=True)
        ]
        check_embedding_space(self.store, self.embedder)
        vectors, tokens = embed_for_store(
            self.embedder, texts, drop_low_information=self.config.late_drop_stopwords
        )
        now = now or utcnow()
        resources, records, events = [], [], []
        for text, (_, item_role, when, name, _), (untrusted, injection) in zip(
            texts, items, flags, strict=True
        ):
            item_role = redact(item_role) if item_role else item_role
            name = redact(name) if name else name
            marks = {
                **({"untrusted": True} if untrusted else {}),
                **({"injection": injection} if injection else {}),
            }
            resource = Resource(
                content=text,
                kind="message" if item_role else "text",
                user_id=scope.user_id,
                agent_id=scope.agent_id,
                namespace=scope.namespace,
                session_id=session_id,
                role=item_role,
                occurred_at=when,
                created_at=now,
                metadata={**(metadata or {}), **({"name": name} if name else {}), **marks},
            )
            record = MemoryRecord(
                content=text,
                user_id=scope.user_id,
                agent_id=scope.agent_id,
                namespace=scope.namespace,
                session_id=session_id,
                role=item_role,
                kind=kind,
                category=category,
                importance=0.5 if importance is None else importance,
                tier=tier,
                tags=list(extra.tags),
                confidence=0.9 if extra.confidence is None else extra.confidence,
                valid_from=when,
                created_at=now,
                updated_at=now,
                source_trust=Trust.UNTRUSTED if untrusted else Trust.TRUSTED,
                source_resource_id=resource.id,
                extractor_version=RAW_EXTRACTOR,
                data={
                    **extra.data,
                    **({"metadata": dict(metadata)} if metadata else {}),
                    **({"injection": injection} if injection else {}),
                },
            )
            resources.append(resource)
            records.append(record)
            events.append(
                AuditEvent(
                    event="created",
                    memory_id=record.id,
                    at=now,
                    detail={"resource": resource.id, "extractor": RAW_EXTRACTOR, **marks},
                )
            )
        with self.store.transaction():
            for resource in resources:
                self.store.append_resource(resource)
            self.store.insert_memories(
                records, vectors=vectors, model_id=self.embedder.model_id, events=events
            )
            if tokens is not None:
                self.store.put_token_vectors(
                    [r.id for r in records], tokens, model_id=self.embedder.model_id
                )
            if self.config.raw_link_entities:
                for record, (*_, name, _) in zip(records, items, strict=True):
                    self._link_raw(record, scope, speaker=name)
        return records

    def _redacted(self, text: str, item: int | None = None) -> str:
        """``text`` with its secrets redacted; refused if stating a secret was its point."""
        if secret_is_point(text, min_words=self.config.secret_context_min_words):
            where = "content" if item is None else f"message {item}"
            raise ValidationError(
                f"{where} states a credential ({', '.join(secret_kinds(text))}); secrets "
                "are never stored — store what it is for, without the value"
            )
        return redact(text)

    def _link_raw(self, record: MemoryRecord, scope: Scope, *, speaker: str | None) -> None:
        """Link a raw memory to the names it mentions (capitalised spans, the speaker)
        and the relations it states, for the graph search source. Offline regexes;
        ``record.entities`` (indexed for BM25) is left as it was."""
        entities = extract_entities(record.content, known=[speaker] if speaker else ())
        if not entities:
            return
        relations = [
            (r.subject, r.predicate, r.object) for r in extract_relations(record.content, entities)
        ]
        self.store.link_entities(record.id, scope, entities=entities, relations=relations)

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
        text = self._redacted(clean_content(content, max_bytes=limits.max_content_bytes))
        changes = check_changes(changes, limits)
        if reason is not None:
            reason = check_text(reason, "reason", max_bytes=limits.max_content_bytes)
        changes = scrub_value(changes)  # the new version is returned as stored
        old = self.get(memory_id, user_id=user_id, agent_id=agent_id, namespace=namespace)
        llm = self._llm(required=False)  # for the summaries rebuilt after the write
        if old.status is not Status.ACTIVE:
            raise ValidationError(f"memory {memory_id} is {old.status}; only active ones update")
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
        new = replace(
            old,
            **changes,
            data=data,
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

    def forget(
        self,
        memory_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        reason: str | None = None,
    ) -> MemoryRecord:
        """Soft-delete: the memory stops being returned; it stays in history."""
        record = self.get(memory_id, user_id=user_id, agent_id=agent_id, namespace=namespace)
        if record.status is Status.FORGOTTEN:
            return record
        llm = self._llm(required=False)  # for the summaries rebuilt after the write
        before = record.status
        record.status, record.updated_at = Status.FORGOTTEN, utcnow()
        self.store.update_memory(
            record,
            event=AuditEvent(
                event="forgotten",
                memory_id=record.id,
                detail={"from_status": str(before), "reason": reason},
            ),
        )
        self._refresh_summaries([record.id], llm)
        return record

    def delete(
        self,
        memory_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        reason: str | None = None,
    ) -> MemoryRecord:
        """Mem0's ``delete``: :meth:`forget` (an audited soft delete; :meth:`erase`
        is the hard purge). Returns the forgotten memory."""
        return self.forget(
            memory_id, user_id=user_id, agent_id=agent_id, namespace=namespace, reason=reason
        )

    def erase(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> EraseReport:
        """Hard purge of a subject: memories, vectors, index, entities, resources,
        checkpoints, and every summary version that listed its facts (summaries of
        wider scopes are rebuilt without them). The audit keeps one tombstone with
        counts and no content (an HMAC of each subject id with the store's key).

        The data is unreachable when this returns. It is gone from the file too,
        unless another process still reads an older snapshot: then
        ``report.pending`` is true and the next open of the store finishes the job."""
        scope = scope_of(user_id, agent_id, namespace)
        llm = self._llm(required=False)  # a configuration error surfaces before the erase
        stale = self.store.summaries_citing(within=scope)
        report = self.store.erase(scope)
        for where, category in stale:
            refresh_summaries(self.store, where, [category], config=self.config, llm=llm)
        return report

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
            memory_ids,
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
        if offset < 0 or not 1 <= limit <= 10_000:
            raise ValidationError("offset must be >= 0 and limit between 1 and 10000")
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


@dataclass(frozen=True, slots=True)
class _Extra:
    """The raw-mode fields of :meth:`Memory.add` beyond the common ones, checked."""

    tags: tuple[str, ...] = ()
    confidence: float | None = None
    data: dict[str, Any] = field(default_factory=dict)


def _extra_fields(
    tags: object, confidence: object, data: object, limits: Limits, *, infer: bool
) -> _Extra:
    if tags is None and confidence is None and data is None:
        return _Extra()
    if infer:
        raise ValidationError(
            "tags, confidence and data are set on raw memories only; pass infer=False"
        )
    checked = (
        {} if data is None else dict(check_json(data, "data", max_bytes=limits.max_metadata_bytes))
    )
    reserved = {"metadata", "injection"} & set(checked)
    if reserved:
        raise ValidationError(
            f"data may not set {', '.join(sorted(reserved))}: remem sets those "
            "(pass metadata=... for your own metadata)"
        )
    return _Extra(
        tags=tuple(check_labels(tags, "tags", limits=limits)) if tags is not None else (),
        confidence=None
        if confidence is None
        else check_number(confidence, "confidence", low=0.0, high=1.0),
        # What is returned is what is stored: redacted as the store would.
        data=scrub_value(checked) if checked else {},
    )


def _normalise_items(
    content: str | bytes | Sequence[Mapping[str, Any]],
    *,
    role: str | None,
    valid_from: datetime | None,
    limits: Limits,
) -> builtins.list[tuple[str, str | None, datetime | None, str | None, bool]]:
    """``(text, role, when, speaker name, claims untrusted)`` for each item to store,
    each checked as ``add`` checks its content (a message's errors name its 1-based
    position).

    A message's own ``"untrusted": True`` is kept (it may lower trust); nothing in a
    message can raise it."""
    if isinstance(content, str | bytes | bytearray):
        text = clean_content(content, max_bytes=limits.max_content_bytes)
        return [(text, role, valid_from, None, False)]
    if not isinstance(content, Iterable) or isinstance(content, Mapping):
        raise ValidationError("content must be text or a list of messages")
    items = []
    label = limits.max_label_chars
    for i, message in enumerate(content, start=1):
        where = f"message {i}"
        if not isinstance(message, Mapping) or "content" not in message:
            raise ValidationError(f"{where} must be a mapping with a 'content' key")
        text = clean_content(
            message["content"], max_bytes=limits.max_content_bytes, field=f"{where} content"
        )
        when = message.get("timestamp", valid_from)
        if isinstance(when, str):
            try:
                when = datetime.fromisoformat(when)
            except ValueError as exc:
                raise ValidationError(f"{where}: bad timestamp {when!r}") from exc
        items.append(
            (
                text,
                optional_label(message.get("role", role), f"{where} role", max_chars=label),
                optional_datetime(when, f"{where} timestamp"),
                optional_label(message.get("name"), f"{where} name", max_chars=label),
                message.get("untrusted") is True,
            )
        )
    if not items:
        raise ValidationError("no messages to add")
    return items
