"""The read-path half of :class:`remem.Memory`: search, tiered recall, context
blocks, and the usage they record (accesses, injections, confirmed references,
restores). A mixin, so ``memory.py`` stays small."""

from __future__ import annotations

import builtins
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from remem.config import Config
from remem.errors import ConflictError, NotFoundError, ValidationError
from remem.lifecycle import usage
from remem.model import (
    AuditEvent,
    MemoryRecord,
    Resource,
    Scope,
    SearchHit,
    utcnow,
)
from remem.providers.base import LLM, Embedder
from remem.read.inject import ContextBlock, build_context, is_untrusted, rewrite_query
from remem.read.rank import Asker
from remem.read.rewrite import combine, llm_rewrite
from remem.read.search import search as run_search
from remem.read.tiered import TieredResult, tiered_search
from remem.secrets import redact
from remem.store.base import ListFilter, Store
from remem.validation import (
    MAX_CONTEXT_TOKENS,
    Limits,
    check_ids,
    check_int,
    check_json,
    check_number,
    check_query,
    now_or,
    optional_datetime,
    optional_text,
)
from remem.write.validate import (
    scope_of,
)


class ReadMixin:
    config: Config
    store: Store
    embedder: Embedder
    _access: usage.AccessRecorder

    if TYPE_CHECKING:  # provided by Memory and WriteMixin

        def _resolve(self, memory_id: object, scope: Scope) -> str: ...

        def _llm(self, *, required: bool) -> LLM | None: ...

        def _narrowing(self, filters: object, run_id: object) -> ListFilter | None: ...

        def get(
            self,
            memory_id: str,
            *,
            user_id: str | None = None,
            agent_id: str | None = None,
            namespace: str | None = None,
        ) -> MemoryRecord: ...

    def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        limit: int = 10,
        run_id: str | None = None,
        filters: Mapping[str, Any] | ListFilter | None = None,
        threshold: float | None = None,
        include_history: bool = False,
        sources: Sequence[str] | None = None,
        asker_agent_id: str | None = None,
        asker_role: str | None = None,
        now: datetime | None = None,
        _record_access: bool = True,
        _trust_pass: bool = True,
    ) -> builtins.list[SearchHit]:
        """The best memories for ``query`` in the scope, each with ``explain``.

        ``filters`` (a dict in Mem0's syntax, see :mod:`remem.filters`, or a
        :class:`ListFilter`) and ``run_id`` (the session) narrow the candidates before
        ranking. ``threshold``: the lowest final score returned (``hit.score``, 0..1,
        relative: the best candidate's relevance is 1, times its importance, recency,
        usage and trust factors; see docs/ranking-and-context.md). ``sources`` narrows the candidate sources fused (``bm25``, ``vector``,
        ``late``, ``graph``); the default is ``config.search_sources``. ``asker_agent_id`` /
        ``asker_role`` (default: ``agent_id``) say who asks: another agent's private
        memories and other roles' role-visible ones are not returned to it. ``now``
        (default: the current time) is what recency and relative time expressions
        ("last week") count from. Each memory returned counts one access
        (``access_count``, ``last_accessed_at``; ``config.record_access``)."""
        scope = scope_of(user_id, agent_id, namespace)
        query = check_query(query, Limits.of(self.config))
        limit = check_int(limit, "limit", low=1, high=1000)
        now = optional_datetime(now, "now")
        if threshold is not None:
            threshold = check_number(threshold, "threshold", low=0.0, high=1.0)
        filters = self._narrowing(filters, run_id)
        if include_history:
            filters = replace(filters or ListFilter(), statuses=("active", "superseded"))
        hits = run_search(
            self.store,
            self.embedder,
            query,
            scope=scope,
            config=self.config,
            limit=limit,
            filters=filters,
            sources=sources,
            asker=Asker(agent_id=asker_agent_id or agent_id, role=asker_role),
            now=now,
            trust=_trust_pass,  # False: the caller's (the agent's recall runs it on a prefix)
        )
        if threshold is not None:
            hits = [h for h in hits if h.score >= threshold]
        if _record_access:
            # After the read path, in one short write (buffered if the lock is busy).
            self._access.record([h.memory.id for h in hits], now or utcnow())
        return hits

    def recall_tiered(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        limit: int = 10,
        asker_agent_id: str | None = None,
        asker_role: str | None = None,
        sources: Sequence[str] | None = None,
        now: datetime | None = None,
    ) -> TieredResult:
        """Category summaries first, memories only if no summary covers ``query``.

        Tier 1: the ``config.summary_top_k`` current summaries in scope whose
        query-term coverage is at least ``config.summary_min_score``. If none is,
        tier 2: :meth:`search` with the same arguments. A summary answers only when
        every memory it was built from is still active and visible to the asker
        (``asker_agent_id`` / ``asker_role``, as in :meth:`search`). ``result.tier``
        says which answered; it is logged and counted (``stats()["tiered_recall"]``).
        ``sources``: as for :meth:`search` (tier 2). :meth:`search` itself never
        consults summaries."""
        scope = scope_of(user_id, agent_id, namespace)
        query = check_query(query, Limits.of(self.config))
        limit = check_int(limit, "limit", low=1, high=1000)
        now = optional_datetime(now, "now")
        return tiered_search(
            self.store,
            query,
            scope=scope,
            config=self.config,
            asker=Asker(agent_id=asker_agent_id or agent_id, role=asker_role),
            search_items=lambda: self.search(
                query,
                user_id=user_id,
                agent_id=agent_id,
                namespace=namespace,
                limit=limit,
                asker_agent_id=asker_agent_id,
                asker_role=asker_role,
                sources=sources,
                now=now,
            ),
        )

    def context(
        self,
        query: str | Sequence[Mapping[str, Any]],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        max_tokens: int | None = None,
        max_items: int | None = None,
        asker_agent_id: str | None = None,
        asker_role: str | None = None,
        record: bool = True,
        include_untrusted: bool = False,
        now: datetime | None = None,
    ) -> ContextBlock:
        """The block of memories to inject for ``query`` (text, or the conversation's
        ``{"role", "content"}`` messages, rewritten into a query from the last few —
        by the configured LLM too when there is one, always with the deterministic
        rewrite's words).

        Ranked and trust-tagged like :meth:`search`, cut to ``max_tokens`` (counted
        with the bundled MiniLM WordPiece tokenizer, header included) and
        ``max_items`` (defaults: ``config.context_max_tokens`` / ``_items``). With
        ``record``, each injected memory gets ``surface_count + 1`` and an
        ``injected`` audit event, and counts one access; injection is not a
        reference (see :meth:`reference`). ``now``: as for :meth:`search`.

        Untrusted memories (tool output, web pages, what the caller marked untrusted)
        and memories flagged as prompt injection are never in the block unless
        ``include_untrusted=True``; then each such line is tagged ``[untrusted]``
        (and ``[injection]``). ``block.withheld`` counts those left out."""
        now = optional_datetime(now, "now")
        if isinstance(query, str | bytes | bytearray):
            text = check_query(query, Limits.of(self.config))
        elif isinstance(query, list | tuple):
            text = rewrite_query(
                query,
                last_n=self.config.context_rewrite_messages,
                max_keywords=self.config.context_rewrite_keywords,
            )
            llm = self._llm(required=False)
            if llm is not None:
                rewritten = llm_rewrite(query, llm, last_n=self.config.context_rewrite_messages)
                text = combine(rewritten, text)
        else:
            raise ValidationError("context needs a query string or a list of messages")
        tokens, items = self.context_budget(max_tokens, max_items)

        def candidates(limit: int) -> builtins.list[SearchHit]:
            return self.search(
                text,
                user_id=user_id,
                agent_id=agent_id,
                namespace=namespace,
                limit=limit,
                asker_agent_id=asker_agent_id,
                asker_role=asker_role,
                now=now,
                _record_access=False,  # only what goes into the block counts, below
            )

        limit = min(1000, items * 3)  # spare candidates for when the longest do not fit
        hits = candidates(limit)
        if not include_untrusted and len(hits) == limit and limit < 1000:
            # Untrusted hits are left out below: when they crowd the first page, look
            # further so the block still fills with trusted memories.
            kept = sum(1 for h in hits if not is_untrusted(h))
            if kept < limit:
                hits = candidates(min(1000, limit + (limit - kept) * 4))
        now = now or utcnow()
        block = build_context(
            hits,
            max_tokens=tokens,
            max_items=items,
            query=text,
            now=now,
            include_untrusted=include_untrusted,
        )
        if record and block.items:
            self._record_injected(
                [item.memory_id for item in block.items],
                now,
                [
                    {"position": i, "score": round(item.score, 6), "tokens": item.tokens}
                    for i, item in enumerate(block.items, start=1)
                ],
            )
        return block

    def record_injection(
        self,
        memory_ids: Sequence[str],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        details: Sequence[Mapping[str, Any]] | None = None,
        now: datetime | None = None,
    ) -> None:
        """Record that these memories were put into an agent's context by the caller
        (as :meth:`context` records its own block): ``surface_count + 1``, an
        ``injected`` audit event each (with ``details[i]``), one access. Injection is
        not a reference. An id outside the scope raises NotFoundError; nothing is
        written then."""
        scope = scope_of(user_id, agent_id, namespace)
        now = now_or(now)
        given_ids = check_ids(memory_ids, "memory_ids", limits=Limits.of(self.config))
        if details is not None:
            if not isinstance(details, list | tuple) or len(details) != len(given_ids):
                raise ValidationError("details must be a list with one entry per memory id")
            for detail in details:
                check_json(detail, "details", max_bytes=self.config.max_metadata_bytes)
        memory_ids = [self._resolve(i, scope) for i in given_ids]  # prefixes too
        ids = list(dict.fromkeys(memory_ids))
        if not ids:
            return
        found = {m.id for m in self.store.get_memories(ids, scope)}
        missing = [i for i in ids if i not in found]
        if missing:
            raise NotFoundError(f"no memory {', '.join(map(repr, missing))} in this scope")
        given = dict(zip(memory_ids, details or [{}] * len(memory_ids), strict=True))
        self._record_injected(ids, now, [dict(given[i]) for i in ids])

    def _record_injected(
        self, ids: builtins.list[str], now: datetime, details: Sequence[Mapping[str, Any]]
    ) -> None:
        self._access.record(ids, now)
        self.store.mark_surfaced(
            ids,
            events=[
                AuditEvent(event="injected", memory_id=mid, at=now, detail=dict(detail))
                for mid, detail in zip(ids, details, strict=True)
            ],
        )

    def reference(
        self,
        memory_ids: str | Sequence[str],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        now: datetime | None = None,
    ) -> builtins.list[MemoryRecord]:
        """Record confirmed use: the user or agent acted on these memories.

        Each gets ``reference_count + 1`` and ``last_referenced_at = now`` (recency
        and decay count from it), which raises its effective score by
        ``reinforce_factor`` (x1.1, the factor capped at ``reinforce_max``), and a
        ``referenced`` audit event. Being injected or returned by a search is not a
        reference. An archived or cold memory (the archive tier answered with it:
        ``hit.explain["tier"]``) is restored to active first, audited ``restored``.
        All or nothing: an id outside the scope raises NotFoundError, a superseded,
        forgotten or purged memory ValidationError, and nothing is written."""
        scope = scope_of(user_id, agent_id, namespace)
        now = now_or(now)
        given = check_ids(memory_ids, "memory_ids", limits=Limits.of(self.config))
        ids = [self._resolve(i, scope) for i in given]
        return usage.reference(self.store, self.config, ids, scope, now=now, embedder=self.embedder)

    def source(
        self,
        memory_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> Resource | None:
        """The raw input a memory was made from (its ``source_resource_id``), as it
        arrived (redacted at write), in the scope; None if the memory records none or
        it was purged."""
        record = self.get(memory_id, user_id=user_id, agent_id=agent_id, namespace=namespace)
        if record.source_resource_id is None:
            return None
        return self.store.get_resource(record.source_resource_id, record.scope)

    def restore(
        self,
        memory_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        reason: str | None = None,
        now: datetime | None = None,
    ) -> MemoryRecord:
        """Bring an archived or cold memory back to active (audited ``restored``): its
        token vectors are rebuilt and it counts as used now. Purged memories cannot
        come back, nor can a lesson or rule the user revoked (ConflictError), and an
        active one is an error (ValidationError): nothing to restore."""
        scope = scope_of(user_id, agent_id, namespace)
        now = now_or(now)
        reason = optional_text(reason, "reason", max_bytes=self.config.max_content_bytes)
        resolved = self._resolve(memory_id, scope)
        record = self.store.get_memory(resolved, scope)
        if record is not None and record.data.get("revoked"):
            raise ConflictError(
                f"memory {resolved} was revoked by the user and never comes back; "
                "state it again (a correction) if it holds"
            )
        return usage.restore(
            self.store,
            self.embedder,
            self.config,
            resolved,
            scope,
            now=now,
            reason=None if reason is None else redact(reason),
        )

    def context_budget(self, max_tokens: int | None, max_items: int | None) -> tuple[int, int]:
        """The ``(max_tokens, max_items)`` a :meth:`context` call would use, checked
        (callers that do work first, like ``remem retrieve``, check before it)."""
        tokens = self.config.context_max_tokens if max_tokens is None else max_tokens
        items = self.config.context_max_items if max_items is None else max_items
        tokens = check_int(tokens, "max_tokens", low=1, high=MAX_CONTEXT_TOKENS)
        items = check_int(items, "max_items", low=1, high=500)
        return tokens, items
