"""The write-path half of :class:`remem.Memory`: fact extraction, the hot path,
gate statistics and category summaries. A mixin, so ``memory.py`` stays small."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.errors import UserError, ValidationError
from remem.model import MemoryRecord, Scope, Summary, Trust
from remem.providers.base import LLM, Embedder
from remem.providers.registry import get_llm
from remem.secrets import get_logger, redact
from remem.store.base import Store
from remem.validation import check_label, optional_datetime
from remem.write.batch import extract_transcript
from remem.write.candidate import CandidateFact
from remem.write.classify import build_candidate
from remem.write.decide import FactDecision
from remem.write.extract.base import ExtractContext, Extractor
from remem.write.extract.llm import LLMExtractor
from remem.write.extract.rules import RulesExtractor
from remem.write.pipeline import IngestReport, ingest
from remem.write.transcript import (
    Message,
    parse_timestamp,
    role_for,
    untrusted_for,
    with_trust,
)
from remem.write.validate import (
    Limits,
    check_identifier,
    check_message,
    clean_content,
    optional_label,
    require_scope,
    scope_of,
    write_scope,
)

Progress = Callable[[int, int], None]
_log = get_logger("remem.write")


class _Given:
    """An extractor that proposes the facts it was built with (the hot path)."""

    version = "remember-1"

    def __init__(self, facts: list[CandidateFact]) -> None:
        self.facts = facts

    def extract(self, messages: Sequence[Message], *, context: Any) -> list[CandidateFact]:
        return self.facts


class _Stamped:
    """An extractor whose facts all carry the fields the caller gave ``add``."""

    def __init__(self, inner: Extractor, fields: Mapping[str, Any]) -> None:
        self.inner, self.fields = inner, dict(fields)

    @property
    def version(self) -> str:
        return self.inner.version

    def extract(self, messages: Sequence[Message], *, context: Any) -> list[CandidateFact]:
        facts = self.inner.extract(messages, context=context)  # an Extraction: kept as is
        for fact in facts:
            for name, value in self.fields.items():
                setattr(fact, name, dict(value) if name == "metadata" else value)
        return facts


class WriteMixin:
    config: Config
    store: Store
    embedder: Embedder
    llm_wrapper: Callable[[LLM], LLM] | None

    def _llm(self, *, required: bool) -> LLM | None:
        if not self.config.llm_provider:
            if required:
                raise UserError(
                    "no LLM configured — set REMEM_LLM_PROVIDER and REMEM_LLM_MODEL, "
                    "or run with --extractor rules"
                )
            return None
        llm = get_llm(self.config.llm_provider, self.config)
        return self.llm_wrapper(llm) if self.llm_wrapper is not None else llm

    def llm(self) -> LLM | None:
        """The configured LLM client (through ``llm_wrapper``), or None without one."""
        return self._llm(required=False)

    def _extractor(self, name: str | None) -> tuple[Extractor, LLM | None]:
        name = name or self.config.extractor
        if name == "rules":
            return RulesExtractor(), self._llm(required=False)
        if name == "llm":
            llm = self._llm(required=True)
            assert llm is not None
            return LLMExtractor(llm), llm
        raise ValidationError(f"unknown extractor {name!r}; use 'rules' or 'llm'")

    def ingest_messages(
        self,
        messages: Sequence[Message],
        *,
        scope: Scope,
        session_id: str | None = None,
        extractor: str | None = None,
        force: bool = False,
        dry_run: bool = False,
        trusted: bool | None = None,
        now: datetime | None = None,
        fact_fields: Mapping[str, Any] | None = None,
    ) -> IngestReport:
        """Extract facts from parsed messages and store what passes the gate.

        ``trusted``: ``None`` keeps each message's own ``untrusted`` (set from its
        role by the parsers); ``True`` / ``False`` marks every message. ``now``
        (default: the clock) dates what is written. ``fact_fields`` (checked by the
        caller: ``category``, ``kind``, ``tier``, ``importance``, ``metadata``) are
        set on every extracted fact."""
        require_scope(scope)
        if not messages:
            raise ValidationError("no messages to extract from")
        limits = Limits.of(self.config)
        for index, message in enumerate(messages):
            check_message(message, index, limits)
        session_id = optional_label(session_id, "session_id", max_chars=limits.max_label_chars)
        chosen, llm = self._extractor(extractor)
        if fact_fields:
            chosen = _Stamped(chosen, fact_fields)
        return ingest(
            self.store,
            self.embedder,
            self.config,
            with_trust(messages, trusted),
            scope=scope,
            extractor=chosen,
            session_id=session_id,
            force=force,
            dry_run=dry_run,
            llm=llm,
            now=now,
        )

    def extract(
        self,
        source: str | Path | bytes,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        format: str = "auto",
        session_id: str | None = None,
        extractor: str | None = None,
        dry_run: bool = False,
        force: bool = False,
        progress: Progress | None = None,
        trusted: bool | None = None,
    ) -> IngestReport:
        """Turn a transcript file (or text) into facts: plain "Name: text" chats,
        JSON/JSONL message lists, Claude Code sessions, LoCoMo conversations.

        Trust: ``None`` (default) decides by role and structure — tool / function
        messages and tool_use / tool_result blocks are untrusted, and nothing a line
        says about itself (``"untrusted": false``, ``"trusted": true``) raises trust;
        ``True`` / ``False`` is the caller's word for every message."""
        limits = Limits.of(self.config)
        scope = write_scope(user_id, agent_id, namespace, limits)
        session_id = optional_label(session_id, "session_id", max_chars=limits.max_label_chars)
        check_identifier("session_id", session_id)
        chosen, llm = self._extractor(extractor)
        return extract_transcript(
            self.store,
            self.embedder,
            self.config,
            source,
            scope=scope,
            extractor=chosen,
            format=format,
            session_id=session_id,
            dry_run=dry_run,
            force=force,
            llm=llm,
            progress=progress,
            trusted=trusted,
        )

    def remember(
        self,
        content: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        session_id: str | None = None,
        speaker: str | None = None,
        category: str | None = None,
        force: bool = False,
        trusted: bool | None = None,
        now: datetime | None = None,
    ) -> list[FactDecision]:
        """The hot path: write what ``content`` states now, through the gate, dedup and
        supersede. The rules extractor makes the facts atomic ("Remember that I ..."
        becomes "<speaker> ..."); if it finds none, the text is gated as one fact.

        ``content`` is the caller's own statement: trusted unless ``trusted=False``
        (pass that for text that came from a tool, a web page or another agent).
        ``now`` (default: the clock) dates what is written."""
        untrusted = trusted is False
        limits = Limits.of(self.config)
        scope = write_scope(user_id, agent_id, namespace, limits)
        now = optional_datetime(now, "now")
        # Facts are extracted from the redacted text, so no decision (printed by the
        # CLI, returned to the caller) ever holds the secret itself.
        text = redact(clean_content(content, max_bytes=limits.max_content_bytes))
        label = limits.max_label_chars
        speaker = optional_label(speaker, "speaker", max_chars=label)
        speaker = redact(speaker) if speaker else speaker
        category = optional_label(category, "category", max_chars=label)
        session_id = optional_label(session_id, "session_id", max_chars=label)
        check_identifier("session_id", session_id)
        message = Message(
            speaker=speaker or scope.user_id or "user",
            role="user",
            text=text,
            untrusted=untrusted,
        )
        context = ExtractContext(config=self.config)
        facts = RulesExtractor().extract([message], context=context) or [
            build_candidate(
                text,
                config=self.config,
                speaker=None if untrusted else speaker,
                trust=Trust.UNTRUSTED if untrusted else Trust.TRUSTED,
                extractor_version=_Given.version,
            )
        ]
        if category is not None:  # free labels, as in add (see remem.validation)
            for fact in facts:
                fact.category = category
        report = ingest(
            self.store,
            self.embedder,
            self.config,
            [message],
            scope=scope,
            extractor=_Given(facts),
            session_id=session_id,
            force=force,
            llm=self._llm(required=False),
            now=now,
        )
        return report.decisions

    def gate_stats(self) -> dict[str, int]:
        """How many candidate facts the gate rejected, by reason."""
        return self.store.event_counts("rejected", "reason")

    def summaries(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        category: str | None = None,
        archived: bool = False,
    ) -> list[Summary]:
        """Current category summaries in scope (with archived versions if asked)."""
        scope = scope_of(user_id, agent_id, namespace)
        if category is not None:
            category = check_label(category, "category", max_chars=self.config.max_label_chars)
        return self.store.summaries(scope, category=category, archived=bool(archived))

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
    ) -> list[MemoryRecord]:
        messages = []
        for text, role, when, name, claimed in items:
            clean = clean_content(text, max_bytes=self.config.max_content_bytes)
            speaker = name or (scope.user_id if role in (None, "user") else role) or "user"
            message_role = role_for(role) if role else role_for(speaker)
            messages.append(
                Message(
                    speaker=speaker,
                    role=message_role,
                    text=clean,
                    timestamp=when if isinstance(when, datetime) else parse_timestamp(when),
                    untrusted=untrusted_for(
                        message_role,
                        trusted=trusted,
                        lower=claimed or bool(metadata and metadata.get("untrusted") is True),
                    ),
                )
            )
        report = self.ingest_messages(
            messages, scope=scope, session_id=session_id, now=now, fact_fields=fact_fields
        )
        # add() returns only what it stored; a refused fact is audited ("rejected",
        # counted by gate_stats()) and said here, so it is never lost without a word.
        # Like the audit event, the line names the message, never the content.
        for d in report.decisions:
            if d.action == "rejected":
                index = d.fact.message_index
                source = report.resource_ids[index] if index < len(report.resource_ids) else ""
                _log.info(
                    "a fact of message %d (resource %s) not stored: %s (%s)",
                    index, source or "-", d.reason, d.detail,
                )  # fmt: skip
        return self.store.get_memories(report.stored, scope)
