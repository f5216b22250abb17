"""The session and maintenance half of :class:`remem.Memory`: forgetting a memory
(``forget``, Mem0's ``delete``) or a scope and resetting the store (Mem0's
``delete_all`` and ``reset``), erasing a subject, checkpoints
(save, replay, recover), flat-file export/import, and re-embedding. A mixin, so
``memory.py`` stays small."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remem.config import Config
from remem.errors import NotFoundError, UserError, ValidationError
from remem.filters import FilterLimits, narrowing
from remem.lifecycle.forget import forget_matching
from remem.lifecycle.memory_md import rewrite_existing
from remem.model import (
    AuditEvent,
    Checkpoint,
    DoctorReport,
    EraseReport,
    ForgetReport,
    Kind,
    MemoryRecord,
    Status,
    Trust,
    utcnow,
)
from remem.provenance import IMPORT, Provenance
from remem.providers.base import LLM, Embedder, token_embedder
from remem.secrets import redact, scrub_value
from remem.store.base import ListFilter, Store
from remem.store.portable import export_store, import_store, scope_lines
from remem.validation import (
    Limits,
    check_count,
    check_json,
    check_label,
    check_text,
    optional_datetime,
    optional_text,
)
from remem.write.embed import embed_for_store
from remem.write.injection import raw_trust
from remem.write.summaries import refresh_citing, refresh_summaries
from remem.write.validate import check_identifier, scope_of, write_scope

Progress = Callable[[int, int], None]


def _admit_imported(record: MemoryRecord) -> MemoryRecord:
    """An imported memory as it may be stored: see :meth:`AdminMixin.import_from`."""
    adopt = record.kind in (Kind.LESSON, Kind.PROCEDURAL)
    trusted = record.source_trust is Trust.TRUSTED
    untrusted, flag = raw_trust(record.content, record.role, trusted=trusted, adopt=adopt)
    data = {k: v for k, v in record.data.items() if k not in ("injection", "provenance")}
    if flag or record.data.get("injection"):
        data["injection"] = flag or record.data["injection"]
    if adopt:
        data["provenance"] = Provenance(IMPORT, False, not untrusted).to_data(record.content)
    return replace(
        record, data=data, source_trust=Trust.UNTRUSTED if untrusted else record.source_trust
    )


class AdminMixin:
    config: Config
    store: Store
    embedder: Embedder

    def _llm(self, *, required: bool) -> LLM | None:
        raise NotImplementedError  # provided by WriteMixin

    if TYPE_CHECKING:  # provided by Memory
        get: Callable[..., MemoryRecord]

        def _refresh_summaries(self, memory_ids: list[str], llm: Any | None) -> None: ...

    # -- forgetting and erasing one memory or one subject -------------------------
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
        reason = optional_text(reason, "reason", max_bytes=self.config.max_content_bytes)
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
        rewrite_existing(self.store, self.config)  # MEMORY.md files: no erased line left
        self._drop_start_blocks()
        return report

    def _drop_start_blocks(self) -> None:
        """Remove the session-start blocks prepared ahead (``Config.start_blocks_dir``):
        each is the text a project's next session would start with (memories, lessons,
        rules), so after an erase none may stay on disk holding what was erased. All
        go: a block is a cache, and the next session of each project starts on the
        full path, which prepares its block again from what the store now holds."""
        try:
            files = [f for f in self.config.start_blocks_dir.iterdir() if not f.is_dir()]
        except OSError:
            return  # no folder: no block was ever prepared
        for file in files:
            file.unlink(missing_ok=True)

    def erase_memory(
        self,
        memory_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        now: datetime | None = None,
    ) -> list[str]:
        """Hard-delete one memory and the older versions it superseded (its history
        chain), on request: their text, vectors and full-text terms, and their source
        input (and the agent's checkpoint of that turn) when no other memory comes
        from it. Each row stays a content-free
        tombstone with a ``purged`` audit event; summaries that listed them are
        rebuilt. It cannot be undone. Returns the ids purged."""
        record = self.get(memory_id, user_id=user_id, agent_id=agent_id, namespace=namespace)
        if record.status is Status.PURGED:
            raise ValidationError(f"memory {record.id} is purged already")
        chain, older = [record.id], record.supersedes
        while older and older not in chain:
            prev = self.store.get_memory(older, record.scope)
            if prev is None:
                break
            chain.append(prev.id)
            older = prev.supersedes
        llm = self._llm(required=False)  # for the summaries rebuilt after the purge
        at = now or utcnow()
        purged = self.store.purge_memories(
            chain,
            statuses=[s.value for s in Status if s is not Status.PURGED],
            at=at,
            events=[
                AuditEvent(
                    event="purged", memory_id=i, at=at, detail={"reason": "erased on request"}
                )
                for i in chain
            ],
        )
        self.store.compact()  # the text leaves the index pages and the WAL too
        self._refresh_summaries(purged, llm)
        self._drop_start_blocks()
        return purged

    # -- forgetting and erasing many (Mem0's delete_all and reset) ---------------
    def delete_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        run_id: str | None = None,
        filters: Mapping[str, Any] | ListFilter | None = None,
        reason: str | None = None,
        now: datetime | None = None,
    ) -> ForgetReport:
        """Mem0's ``delete_all``: forget every memory of the scope (required) that
        ``run_id`` and ``filters`` (as in :meth:`list`) match, in one transaction, each
        with its ``forgotten`` audit event. Active, archived and cold memories are
        forgotten; superseded versions stay history. :meth:`erase` is the hard purge,
        :meth:`reset` erases the whole store."""
        scope = scope_of(user_id, agent_id, namespace)
        now = optional_datetime(now, "now")
        if reason is not None:
            reason = redact(check_text(reason, "reason", max_bytes=self.config.max_content_bytes))
        narrowed = narrowing(filters, run_id=run_id, limits=FilterLimits.of(self.config))
        llm = self._llm(required=False)  # for the summaries rebuilt after the write
        ids = forget_matching(self.store, scope, narrowed, now=now or utcnow(), reason=reason)
        refresh_citing(self.store, ids, config=self.config, llm=llm)
        return ForgetReport(forgotten=len(ids), memory_ids=ids)

    def reset(self, *, confirm: bool = False) -> EraseReport:
        """Mem0's ``reset``: :meth:`erase` every user, agent and namespace of this store
        at once — memories, raw inputs, vectors, entities, summaries, checkpoints;
        the audit keeps one content-free tombstone. It cannot be undone, so it needs
        ``confirm=True`` (without it: UserError, nothing erased)."""
        if confirm is not True:
            raise UserError(
                "reset() erases every memory of every user in this store and cannot be "
                "undone; call reset(confirm=True) to do it (delete_all(user_id=...) "
                "forgets one scope, erase(user_id=...) purges one)"
            )
        report = self.store.erase_all(actor="reset")
        rewrite_existing(self.store, self.config)  # MEMORY.md files: the header only
        self._drop_start_blocks()
        return report

    # -- checkpoints -------------------------------------------------------------
    def checkpoint(
        self,
        session_id: str,
        turn: int,
        state: Mapping[str, Any],
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> Checkpoint:
        """Save a session's state at ``turn``: ``{user_input, tool_calls, llm_output,
        internal_state}`` (missing keys are None). A turn is saved once."""
        limits = Limits.of(self.config)
        scope = write_scope(user_id, agent_id, namespace, limits)
        session_id = check_label(session_id, "session_id", max_chars=limits.max_label_chars)
        check_identifier("session_id", session_id)
        turn = check_count(turn, "turn")
        check_json(state, "checkpoint state", max_bytes=limits.max_checkpoint_bytes)
        unknown = set(state) - {"user_input", "tool_calls", "llm_output", "internal_state"}
        if unknown:
            raise ValidationError(
                f"unknown checkpoint keys: {', '.join(sorted(unknown))} (use user_input, "
                "tool_calls, llm_output, internal_state)"
            )
        # Returned as stored: the store redacts the state (value by value) as it writes.
        point = Checkpoint(session_id=session_id, turn=turn, **scrub_value(dict(state)))
        self.store.put_checkpoint(point, scope)
        return point

    def replay(
        self,
        session_id: str,
        turn: int,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> Checkpoint:
        """The state at ``turn``: that turn's input, tool calls and output, and the
        internal state folded over every checkpoint up to it (dict keys merge)."""
        scope = scope_of(user_id, agent_id, namespace)
        session_id = check_label(session_id, "session_id", max_chars=self.config.max_label_chars)
        turn = check_count(turn, "turn")
        points = self.store.list_checkpoints(session_id, scope, upto=turn)
        if not points:
            raise NotFoundError(f"no checkpoint for session {session_id!r} at or before {turn}")
        return _fold(points)

    def recover(
        self,
        session_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> Checkpoint | None:
        """The last saved state of a session (after a crash), or None if it has none."""
        scope = scope_of(user_id, agent_id, namespace)
        session_id = check_label(session_id, "session_id", max_chars=self.config.max_label_chars)
        points = self.store.list_checkpoints(session_id, scope)
        return _fold(points) if points else None

    # -- maintenance -------------------------------------------------------------
    def export_to(self, directory: str | Path, *, embeddings: bool = False) -> dict[str, int]:
        """Write every record to flat JSONL files in ``directory`` (see ``store.portable``)."""
        return export_store(self.store, Path(directory), embeddings=embeddings)

    def export_records(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
    ) -> list[dict[str, Any]]:
        """One scope's memories (every status), their audit events and its raw inputs,
        as JSON-ready ``{"type": "memory" | "event" | "resource", "record": {...}}``
        lines, in the fields of :meth:`export_to`'s files (a scope is required). Read
        whole, in one pass."""
        return list(scope_lines(self.store, scope_of(user_id, agent_id, namespace)))

    def import_from(
        self,
        directory: str | Path,
        *,
        progress: Progress | None = None,
        embed_progress: Progress | None = None,
    ) -> dict[str, int]:
        """Load an export; all or nothing (one transaction). Every line is validated as
        ``add`` validates its input; vectors must be of the configured embedder. Each
        memory's text is checked as a raw ``add`` checks it (an injection is stored
        untrusted and flagged, whatever the file says), and an imported lesson or
        rule is the import's, not the user's: its provenance says ``import``
        (:mod:`remem.provenance`), whatever the file claims. Then the memories the
        export carried no vectors for (an export without ``embeddings``) are
        embedded, as :meth:`reembed` does (``embed_progress``), so meaning search
        finds them; ``counts["embedded"]`` says how many."""
        counts = import_store(
            self.store,
            Path(directory),
            progress=progress,
            limits=Limits.of(self.config),
            expect_vectors=(self.embedder.model_id, self.embedder.dim),
            admit=_admit_imported,
        )
        counts["embedded"] = self.reembed(progress=embed_progress) if counts["memories"] else 0
        return counts

    def doctor(self, *, full: bool = False, rebuild_fts: bool = False) -> DoctorReport:
        """Check the store: its pages (``full``: every page, slower), schema, memories
        that cannot be read, vectors of the wrong size or model, the full-text index,
        an unfinished erase, leftover temp files, remem's files other users can read
        (``permissions``). ``rebuild_fts`` first rebuilds the
        full-text index from the memories. ``report.healthy`` is true when every
        check passed."""
        if rebuild_fts:
            self.store.rebuild_fts()
        report = self.store.doctor(model_id=self.embedder.model_id, full=full)
        from remem.permissions import permission_finding
        from remem.store.postgres import PostgresStore
        from remem.store.sqlite import SQLiteStore

        on_file = isinstance(self.store, SQLiteStore) and not isinstance(self.store, PostgresStore)
        database = Path(self.store.path) if on_file else None
        found = permission_finding(self.config, database)
        return replace(report, checks=[*report.checks, found], healthy=report.healthy and found.ok)

    def reembed(self, *, batch_size: int = 256, progress: Progress | None = None) -> int:
        """Re-embed every memory whose vector is missing, from another model or of
        the wrong size."""
        model_id = self.embedder.model_id
        dim = self.embedder.dim
        seen: set[str] = set()
        total = sum(n for m, n in self.store.vector_models().items() if m != model_id)
        total += self.store.stats()["memories"] - sum(self.store.vector_models().values())
        done = 0
        while True:
            batch = self.store.memories_needing_vectors(model_id, limit=batch_size, dim=dim)
            if not batch or all(m.id in seen for m in batch):
                break  # (an embedder whose vectors are not ``dim`` long would loop forever)
            seen.update(m.id for m in batch)
            vectors, tokens = embed_for_store(
                self.embedder,
                [m.content for m in batch],
                drop_low_information=self.config.late_drop_stopwords,
            )
            with self.store.transaction():
                self.store.put_vectors([m.id for m in batch], vectors, model_id=model_id)
                if tokens is not None:
                    self.store.put_token_vectors([m.id for m in batch], tokens, model_id=model_id)
            done += len(batch)
            if progress is not None:
                progress(done, max(total, done))
        # Memories whose pooled vector is current but whose token vectors are missing
        # (stores written before token vectors existed) or from another model.
        if token_embedder(self.embedder) is None:
            return done
        while True:
            batch = self.store.memories_needing_token_vectors(model_id, limit=batch_size)
            if not batch:
                return done
            _, tokens = embed_for_store(
                self.embedder,
                [m.content for m in batch],
                drop_low_information=self.config.late_drop_stopwords,
            )
            assert tokens is not None
            self.store.put_token_vectors([m.id for m in batch], tokens, model_id=model_id)
            done += len(batch)
            if progress is not None:
                progress(done, max(total, done))


def _fold(points: Sequence[Checkpoint]) -> Checkpoint:
    last = points[-1]
    internal: Any = None
    for point in points:
        if isinstance(point.internal_state, dict) and isinstance(internal, dict):
            internal = {**internal, **point.internal_state}
        elif point.internal_state is not None:
            internal = point.internal_state
    return replace(last, internal_state=internal)
