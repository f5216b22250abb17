"""Mem0's ``Memory`` on remem: see :mod:`remem.compat.mem0`."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from remem.compat.mem0_shapes import (
    Mem0ValueError,
    Target,
    as_day,
    as_mem0_errors,
    as_when,
    expired,
    history_rows,
    hit_item,
    item,
    messages_of,
    result_count,
    scope_kwargs,
    split_filters,
)
from remem.config import Config
from remem.memory import Memory as RememMemory
from remem.model import Kind, MemoryRecord, Status

log = logging.getLogger("remem.compat.mem0")

PROCEDURAL = "procedural_memory"
# Mem0 config parts remem has its own answer for: accepted, said once, ignored
_IGNORED = {
    "vector_store": "remem keeps vectors in its own store (one SQLite file, or PostgreSQL)",
    "embedder": "remem embeds with its bundled model (REMEM_EMBEDDER chooses another)",
    "llm": "remem extracts offline by default (REMEM_EXTRACTOR=llm and REMEM_LLM_* for an LLM)",
    "graph_store": "remem links entities in its own store",
    "reranker": "remem ranks with late interaction and its score factors",
    "history_db_path": "remem keeps history in its own store's audit log",
    "custom_instructions": "remem's extraction prompts are its own",
    "custom_fact_extraction_prompt": "remem's extraction prompts are its own",
    "custom_update_memory_prompt": "remem decides updates itself (supersede)",
}
_UNSET: Any = object()


class Memory:
    """Mem0's ``Memory`` on remem. ``config``: a Mem0 config (dict or object), whose
    parts remem cannot honour are warned about once; ``path`` / ``remem_config``:
    where remem keeps the store (default: remem's, ``~/.remem/remem.db``)."""

    def __init__(
        self,
        config: Any = None,
        *,
        path: str | Path | None = None,
        remem_config: Config | None = None,
    ) -> None:
        self._warned: set[str] = set()
        self._note_config(config)
        self.mem = RememMemory(path, config=remem_config)

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any]) -> Memory:
        """As Mem0's: a config dict (see :class:`Memory` for what is honoured)."""
        return cls(dict(config_dict))

    # -- writes ------------------------------------------------------------------
    def add(
        self,
        messages: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        infer: bool = True,
        memory_type: str | None = None,
        prompt: str | None = None,
        expiration_date: Any = None,
        timestamp: Any = None,
    ) -> dict[str, Any]:
        """Store ``messages`` (a text, a message dict, or a list of them) for one scope:
        facts extracted (``infer``) or each message verbatim. ``{"results": [{"id",
        "memory", "event"}]}``: ``ADD`` for a new memory, ``UPDATE`` when it replaced an
        older version (``previous_memory``)."""
        target = Target(user_id, agent_id, run_id)
        if memory_type is not None and memory_type != PROCEDURAL:
            raise Mem0ValueError(f"Invalid 'memory_type'. Pass {PROCEDURAL!r} or nothing.")
        if prompt is not None:
            self._warn(
                "prompt", "add(prompt=...) is ignored: remem's extraction prompts are its own"
            )
        items = messages_of(messages)
        meta = dict(metadata or {})
        for key in ("user_id", "agent_id", "run_id", "actor_id"):
            meta.pop(key, None)  # as Mem0: the scope comes from the ids, not metadata
        if expiration_date is not None:
            meta["expiration_date"] = as_day(expiration_date, "expiration_date")
        common: dict[str, Any] = {
            **target.kwargs(),
            "session_id": target.run_id,
            "metadata": meta or None,
            "valid_from": as_when(timestamp),
        }
        with as_mem0_errors():
            if memory_type == PROCEDURAL:
                text = "\n".join(f"{m['role']}: {m['content']}" for m in items)
                stored = self.mem.add(text, kind=Kind.PROCEDURAL, infer=False, **common)
            else:
                chat = [m for m in items if m["role"] != "system"]
                if not chat:
                    return {"results": []}
                stored = self.mem.add(chat, infer=infer, **common)
        return {"results": [self._event(record) for record in stored]}

    def update(
        self,
        memory_id: str,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        expiration_date: Any = _UNSET,
        data: str | None = None,
    ) -> dict[str, str]:
        """A new version of the memory (the old one is kept, superseded, in
        ``history``); ``data`` is Mem0's older name for ``text``. Metadata given is
        merged into the new version's."""
        text = data if text is None else text
        if text is None and metadata is None and expiration_date is _UNSET:
            raise Mem0ValueError(
                "At least one of text, metadata, or expiration_date must be provided."
            )
        record = self._current(memory_id)
        if record is None:
            raise Mem0ValueError(f"Memory with id {memory_id} not found")
        meta = dict(record.data.get("metadata") or {})
        meta.update(
            {
                k: v
                for k, v in (metadata or {}).items()
                if k not in ("user_id", "agent_id", "run_id")
            }
        )
        if expiration_date is not _UNSET:
            if expiration_date is None:
                meta.pop("expiration_date", None)
            else:
                meta["expiration_date"] = as_day(expiration_date, "expiration_date")
        with as_mem0_errors():
            self.mem.update(
                record.id,
                record.content if text is None else text,
                metadata=meta,
                **scope_kwargs(record),
            )
        return {"message": "Memory updated successfully!"}

    def delete(self, memory_id: str) -> dict[str, str]:
        """Forget the memory: it leaves every search and listing; its text and the
        reason stay in the audit (remem never deletes silently; ``erase`` does)."""
        record = self._current(memory_id)
        if record is None:
            raise Mem0ValueError(f"Memory with id {memory_id} not found")
        with as_mem0_errors():
            self.mem.delete(record.id, **scope_kwargs(record))
        return {"message": "Memory deleted successfully!"}

    def delete_all(
        self, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> dict[str, str]:
        """Forget every memory of the scope (one transaction)."""
        if user_id is None and agent_id is None and run_id is None:
            raise Mem0ValueError(
                "At least one filter is required to delete all memories. "
                "If you want to delete all memories, use the `reset()` method."
            )
        target = Target(user_id, agent_id, run_id)
        run = target.run_id if target.scope.namespace is None else None
        with as_mem0_errors():
            self.mem.delete_all(**target.kwargs(), run_id=run)
        return {"message": "Memories deleted successfully!"}

    def reset(self) -> None:
        """Erase every memory of every scope, for good (remem's ``reset(confirm=True)``)."""
        self.mem.reset(confirm=True)

    # -- reads -------------------------------------------------------------------
    def get(self, memory_id: str) -> dict[str, Any] | None:
        """The memory (its current version, if it was updated), or None."""
        record = self._current(memory_id)
        return None if record is None else item(record)

    def get_all(
        self,
        *,
        filters: Mapping[str, Any] | None = None,
        top_k: int | None = None,
        limit: int | None = None,
        show_expired: bool = False,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> dict[str, Any]:
        """The scope's memories, newest first (the scope inside ``filters``, Mem0's
        current form, or as arguments, its older one)."""
        count = result_count(top_k, limit, default=20)
        target, where = split_filters(
            filters, {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
        )
        with as_mem0_errors():
            records = self.mem.get_all(**target.kwargs(), filters=where, limit=count * 2 + 20)
        today = datetime.now(UTC).date()
        kept = [r for r in records if show_expired or not expired(r, today)]
        return {"results": [item(r) for r in kept[:count]]}

    def search(
        self,
        query: str,
        *,
        top_k: int | None = None,
        limit: int | None = None,
        filters: Mapping[str, Any] | None = None,
        threshold: float | None = None,
        rerank: bool = False,
        explain: bool = False,
        show_expired: bool = False,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        reference_date: Any = None,
    ) -> dict[str, Any]:
        """The best memories for ``query`` in the scope: ``{"results": [{"id",
        "memory", "score", …}]}`` (``score_details`` with ``explain``: remem's factors).
        ``threshold``: a minimum of remem's final score (0..1); without it remem's own
        relevance floor keeps unrelated memories out."""
        if not isinstance(query, str) or not query.strip():
            raise Mem0ValueError("Invalid query: cannot be empty or whitespace-only.")
        if threshold is not None and not (
            isinstance(threshold, int | float)
            and not isinstance(threshold, bool)
            and 0 <= threshold <= 1
        ):
            raise Mem0ValueError(
                f"Invalid threshold: {threshold}. Must be between 0 and 1 (inclusive)."
            )
        if rerank:
            self._warn("rerank", "search(rerank=True) is ignored: remem ranks with its own factors")
        if reference_date is not None:
            self._warn(
                "reference_date", "search(reference_date=...) is ignored (Mem0 Platform only)"
            )
        count = result_count(top_k, limit, default=20)
        target, where = split_filters(
            filters, {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
        )
        with as_mem0_errors():
            hits = self.mem.search(
                query.strip(), **target.kwargs(), filters=where, limit=count, threshold=threshold
            )
        today = datetime.now(UTC).date()
        kept = [h for h in hits if show_expired or not expired(h.memory, today)]
        return {"results": [hit_item(h, explain=explain) for h in kept]}

    def history(self, memory_id: str) -> list[dict[str, Any]]:
        """Mem0's history rows of the memory and its versions, oldest first (a deleted
        memory's too, ending in its DELETE row)."""
        record = self._current(memory_id, deleted=True)
        if record is None:
            return []
        scope = scope_kwargs(record)
        with as_mem0_errors():
            events = self.mem.history(record.id, **scope)
            ids = {e.memory_id for e in events if e.memory_id}
            contents = {
                i: r.content
                for i in ids
                if (r := self.mem.store.get_memory(i, record.scope)) is not None
            }
        return history_rows(events, contents, memory_id)

    def chat(self, query: str) -> Any:
        raise NotImplementedError("Chat function not implemented yet.")  # as in Mem0

    def close(self) -> None:
        self.mem.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals ---------------------------------------------------------------
    def _current(self, memory_id: object, *, deleted: bool = False) -> MemoryRecord | None:
        """The memory ``memory_id`` names, followed to its newest version (Mem0's
        update keeps the id; remem's makes a new version); None if none, or forgotten
        (unless ``deleted``: a forgotten one too)."""
        if not isinstance(memory_id, str) or not memory_id:
            raise Mem0ValueError("memory_id must be a non-empty string")
        scope = self.mem.store.memory_scope(memory_id)
        if scope is None:
            return None
        record = self.mem.store.get_memory(memory_id, scope)
        seen: set[str] = set()
        while record is not None and record.status is Status.SUPERSEDED and record.superseded_by:
            if record.id in seen:
                break
            seen.add(record.id)
            record = self.mem.store.get_memory(record.superseded_by, scope)
        if record is None or record.status is Status.PURGED:
            return None
        if record.status is Status.FORGOTTEN and not deleted:
            return None
        return record

    def _event(self, record: MemoryRecord) -> dict[str, Any]:
        row: dict[str, Any] = {"id": record.id, "memory": record.content, "event": "ADD"}
        if record.supersedes:
            old = self.mem.store.get_memory(record.supersedes, record.scope)
            row["event"] = "UPDATE"
            row["previous_memory"] = old.content if old is not None else None
        return row

    def _note_config(self, config: Any) -> None:
        if config is None:
            return
        parts = config if isinstance(config, Mapping) else getattr(config, "__dict__", {})
        for key, why in _IGNORED.items():
            if parts.get(key):
                self._warn(key, f"Mem0 config {key!r} is accepted and not used: {why}")

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)
