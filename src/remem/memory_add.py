"""``Memory.add``: one memory or many, stored as given (raw) or extracted
(``infer``), with the fields a caller may set. A mixin, so ``memory.py`` stays
small."""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from remem.config import Config
from remem.errors import ValidationError
from remem.model import (
    AuditEvent,
    Kind,
    MemoryRecord,
    Resource,
    Scope,
    Tier,
    Trust,
    utcnow,
)
from remem.providers.base import Embedder
from remem.read.search import check_embedding_space
from remem.secrets import kinds as secret_kinds
from remem.secrets import redact, scrub_value, secret_is_point
from remem.store.base import Store
from remem.validation import (
    check_json,
    check_labels,
    check_number,
    optional_datetime,
    optional_label,
)
from remem.write.classify import extract_entities, extract_relations
from remem.write.embed import embed_for_store
from remem.write.injection import raw_trust
from remem.write.validate import (
    Limits,
    NewFields,
    check_identifier,
    clean_content,
    write_scope,
)

RAW_EXTRACTOR = "raw-1"


class AddMixin:
    config: Config
    store: Store
    embedder: Embedder

    if TYPE_CHECKING:  # provided by WriteMixin

        def _infer(
            self,
            items: Sequence[tuple[str | bytes, str | None, datetime | None, str | None, bool]],
            *,
            scope: Scope,
            session_id: str | None,
            metadata: Mapping[str, Any] | None,
            trusted: bool | None,
            now: datetime | None = None,
            fact_fields: Mapping[str, Any] | None = None,
        ) -> builtins.list[MemoryRecord]: ...

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
        superseded as needed; returns the memories stored (maybe none): a refused
        fact is audited (``rejected``, see :meth:`gate_stats`) and logged at INFO on
        the ``remem.write`` logger with its reason and source message (never its
        content); :meth:`remember` returns every decision. ``category``,
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
        now = optional_datetime(now, "now")
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
        # A lesson or a rule is an instruction the agent is shown: checked as one.
        adopt = kind in (Kind.LESSON, Kind.PROCEDURAL)
        flags = [
            raw_trust(text, item_role, trusted=trusted, lower=claimed or lower, adopt=adopt)
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
        # What is returned is what is stored: tags and data redacted as the store would.
        tags=tuple(scrub_value(check_labels(tags, "tags", limits=limits)))
        if tags is not None
        else (),
        confidence=None
        if confidence is None
        else check_number(confidence, "confidence", low=0.0, high=1.0),
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
