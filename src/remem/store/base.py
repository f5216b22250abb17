"""The Store protocol: everything the engine asks of a storage backend.

SQLite (:mod:`remem.store.sqlite`) is the default; PostgreSQL follows the same
protocol. Every method that takes a :class:`~remem.model.Scope` enforces it:
no read returns, and no write touches, a record outside that scope. Methods
are atomic; :meth:`Store.transaction` groups several into one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

import numpy as np
import numpy.typing as npt

from remem.model import (
    AuditEvent,
    Checkpoint,
    DoctorReport,
    EraseReport,
    MemoryRecord,
    Page,
    Resource,
    Scope,
    Summary,
)
from remem.store.protocol_agent import AgentStore
from remem.store.protocol_lifecycle import (
    FieldChange,
    JobRunRecord,
    JobState,
    LifecycleStore,
    ScoreChange,
)

if TYPE_CHECKING:  # remem.filters builds ListFilters: imported there at run time
    from remem.filters import Filter

__all__ = [
    "ID_TABLES",
    "FieldChange",
    "HybridCandidates",
    "IdTable",
    "JobRunRecord",
    "JobState",
    "ListFilter",
    "PackedTokens",
    "ScoreChange",
    "Store",
    "TokenBlock",
]

IdTable = Literal["memories", "triggers", "working_memory"]
ID_TABLES: tuple[IdTable, ...] = ("memories", "triggers", "working_memory")


@dataclass(slots=True)
class ListFilter:
    """Narrowing of a listing or search beyond scope: every field set must hold.

    ``where`` is a parsed filter expression (:func:`remem.filters.parse_filter`,
    Mem0's dict syntax), compiled to SQL by the store. Backends that serve a search
    from an in-process index re-check every proposal against all of it."""

    statuses: tuple[str, ...] = ("active",)
    kinds: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    session_id: str | None = None
    tags: tuple[str, ...] = ()
    where: Filter | None = None
    promoted: bool | None = None  # only (not) promoted memories; None: either


@dataclass(frozen=True, slots=True)
class PackedTokens:
    """One memory's per-token vectors, int8-quantised for storage.

    Row ``i`` of the token vectors is ``vectors[i] * scales[i]``; ``token_ids[i]``
    is that token's id in the embedder's vocabulary (for idf weighting).
    """

    token_ids: npt.NDArray[np.uint32]
    vectors: npt.NDArray[np.int8]
    scales: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return int(self.token_ids.shape[0])


@dataclass(frozen=True, slots=True)
class TokenBlock:
    """Several memories' token vectors, concatenated in store order.

    Memory ``i`` owns rows ``offsets[i] : offsets[i] + lengths[i]`` of
    ``token_ids``, ``vectors`` and ``scales``; its float vectors are
    ``vectors[row] * scales[row]`` (see :class:`PackedTokens`).
    """

    memory_ids: list[str]
    session_ids: list[str | None]
    lengths: npt.NDArray[np.intp]
    token_ids: npt.NDArray[np.uint32]
    vectors: npt.NDArray[np.int8]  # (sum(lengths), dim)
    scales: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return len(self.memory_ids)

    @property
    def offsets(self) -> npt.NDArray[np.intp]:
        """Where each memory's rows start."""
        return np.concatenate(([0], np.cumsum(self.lengths)[:-1])).astype(np.intp)

    def tokens(self, i: int) -> PackedTokens:
        """Memory ``i``'s rows as one :class:`PackedTokens`."""
        start = int(self.offsets[i])
        rows = slice(start, start + int(self.lengths[i]))
        return PackedTokens(self.token_ids[rows], self.vectors[rows], self.scales[rows])

    @classmethod
    def of(
        cls,
        memory_ids: list[str],
        docs: Sequence[PackedTokens],
        session_ids: list[str | None] | None = None,
    ) -> TokenBlock:
        """A block of ``docs`` (one per memory id), in the order given."""
        dim = next((d.vectors.shape[1] for d in docs if d.vectors.ndim == 2), 0)
        empty = PackedTokens(
            np.zeros(0, np.uint32), np.zeros((0, dim), np.int8), np.zeros(0, np.float32)
        )
        parts = [empty, *docs]
        return cls(
            memory_ids,
            session_ids if session_ids is not None else [None] * len(memory_ids),
            np.array([len(d) for d in docs], dtype=np.intp),
            np.concatenate([d.token_ids for d in parts]).astype(np.uint32),
            np.concatenate([d.vectors.reshape(len(d), dim) for d in parts]).astype(np.int8),
            np.concatenate([d.scales for d in parts]).astype(np.float32),
        )


@dataclass(frozen=True, slots=True)
class HybridCandidates:
    """A large scope's first stage from one read (:meth:`Store.hybrid_candidates`)."""

    bm25: list[tuple[str, float]]  # as bm25_search returns them
    vector: list[tuple[str, float]]  # as vector_search returns them
    tokens: TokenBlock  # of the top ``token_depth`` of each list, in store order


class Store(LifecycleStore, AgentStore, Protocol):
    """A remem storage backend (with the lifecycle and agent parts of
    :mod:`remem.store.protocol_lifecycle` and :mod:`remem.store.protocol_agent`)."""

    path: str

    def close(self) -> None: ...

    def transaction(self, *, sync: bool = True) -> AbstractContextManager[None]:
        """Group calls into one atomic write (re-entrant: an inner block joins the
        outer one, whose ``sync`` counts). ``sync=False``: the commit does not wait
        for the disk — it survives this process dying, not the machine losing power
        before the store's next synced commit (which makes it durable too); for
        writes another synced write follows at once."""
        ...

    # -- resources ---------------------------------------------------------------
    def append_resource(self, resource: Resource) -> None: ...

    def get_resource(self, resource_id: str, scope: Scope) -> Resource | None: ...

    def iter_resources(self, scope: Scope | None = None) -> Iterator[Resource]: ...

    def known_resources(self, content_hashes: Sequence[str], scope: Scope) -> set[str]:
        """The ones of ``content_hashes`` that resources in ``scope`` already carry."""
        ...

    # -- memories ----------------------------------------------------------------
    def insert_memories(
        self,
        records: Sequence[MemoryRecord],
        *,
        vectors: npt.NDArray[np.float32] | None,
        model_id: str | None,
        events: Sequence[AuditEvent] = (),
    ) -> None: ...

    def update_memory(self, record: MemoryRecord, *, event: AuditEvent | None = None) -> None:
        """Write changed fields of an existing record (status, confidence, data...);
        content is immutable here: a new content is a new version (see Memory.update).
        Usage counters are not written here but by their own increments
        (:meth:`record_access`, :meth:`add_references`, :meth:`mark_surfaced`)."""
        ...

    def get_memory(self, memory_id: str, scope: Scope) -> MemoryRecord | None: ...

    def get_memories(self, memory_ids: Sequence[str], scope: Scope) -> list[MemoryRecord]: ...

    def ids_with_prefix(
        self, prefix: str, scope: Scope, *, limit: int, table: IdTable = "memories"
    ) -> tuple[list[str], int]:
        """The first ``limit`` ids (in id order) of the records of ``table`` (memories,
        triggers or working-memory items) in ``scope``, any status, that are or start
        with ``prefix``, and how many there are in all."""
        ...

    def memory_scope(self, memory_id: str) -> Scope | None:
        """The scope of the memory with exactly this id, any status; None if there is
        none. For embedded callers that own the whole store (the Mem0 drop-in's
        ``get(id)``); no surface a remote caller reaches uses it."""
        ...

    def find_by_hash(self, content: str, scope: Scope) -> MemoryRecord | None: ...

    def list_memories(
        self, scope: Scope, *, filters: ListFilter | None = None, offset: int = 0, limit: int = 50
    ) -> Page: ...

    def iter_memories(self, scope: Scope | None = None) -> Iterator[MemoryRecord]: ...

    def erase(self, scope: Scope, *, actor: str | None = None) -> EraseReport: ...

    def erase_all(self, *, actor: str | None = None) -> EraseReport:
        """:meth:`erase` of every subject in the store, in one transaction."""
        ...

    # -- audit -------------------------------------------------------------------
    def add_events(self, events: Sequence[AuditEvent]) -> None: ...

    def mark_surfaced(
        self, memory_ids: Sequence[str], *, events: Sequence[AuditEvent] = ()
    ) -> None:
        """Add 1 to each memory's ``surface_count`` (one statement) and write ``events``,
        atomically. Surfacing is not a reference: nothing else of the memory changes."""
        ...

    def history(self, memory_id: str) -> list[AuditEvent]: ...

    def iter_events(self) -> Iterator[AuditEvent]: ...

    # -- search ------------------------------------------------------------------
    def bm25_search(
        self,
        terms: Sequence[str],
        scope: Scope,
        *,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]:
        """``(memory_id, score)`` best first; any term may match (higher is better)."""
        ...

    def vector_search(
        self,
        query: npt.NDArray[np.float32],
        scope: Scope,
        *,
        model_id: str,
        limit: int,
        filters: ListFilter | None = None,
    ) -> list[tuple[str, float]]: ...

    def other_vector_model(self, model_id: str) -> str | None:
        """A stored vector model id other than ``model_id``, if any (a cheap check)."""
        ...

    def vector_models(self) -> dict[str, int]:
        """Count of stored vectors per embedding model id."""
        ...

    def memories_needing_vectors(
        self, model_id: str, *, limit: int, dim: int | None = None
    ) -> list[MemoryRecord]:
        """Memories without a usable vector of ``model_id`` (of ``dim`` floats when given)."""
        ...

    def put_vectors(
        self, memory_ids: Sequence[str], vectors: npt.NDArray[np.float32], *, model_id: str
    ) -> None: ...

    def get_vectors(self, memory_ids: Sequence[str]) -> dict[str, tuple[str, bytes]]: ...

    def put_token_vectors(
        self, memory_ids: Sequence[str], packed: Sequence[PackedTokens], *, model_id: str
    ) -> None:
        """Store (or replace) each memory's per-token vectors for ``model_id``."""
        ...

    def token_vectors(
        self,
        scope: Scope,
        *,
        model_id: str,
        filters: ListFilter | None = None,
        memory_ids: Sequence[str] | None = None,
    ) -> TokenBlock:
        """The token vectors of ``model_id`` for memories in scope passing
        ``filters`` (only ``memory_ids`` if given), in store order, as one block."""
        ...

    def hybrid_candidates(
        self,
        terms: Sequence[str],
        vector: npt.NDArray[np.float32],
        scope: Scope,
        *,
        model_id: str,
        bm25_limit: int,
        vector_limit: int,
        token_depth: int,
        filters: ListFilter | None = None,
    ) -> HybridCandidates | None:
        """What :meth:`bm25_search` and :meth:`vector_search` return, and the token
        vectors of the top ``token_depth`` of each (as :meth:`token_vectors` reads
        them), in fewer round trips. None when the backend cannot for these
        arguments (e.g. filters beyond status): the caller then makes those calls."""
        ...

    def token_vector_state(
        self, scope: Scope, *, model_id: str, filters: ListFilter | None = None
    ) -> tuple[int, str]:
        """How many memories in scope have token vectors of ``model_id``, and a
        version string that changes whenever that set or its vectors may have."""
        ...

    def memories_needing_token_vectors(
        self, model_id: str, *, limit: int
    ) -> list[MemoryRecord]: ...

    # -- checkpoints -------------------------------------------------------------
    def put_checkpoint(self, checkpoint: Checkpoint, scope: Scope) -> None: ...

    def list_checkpoints(
        self, session_id: str, scope: Scope, *, upto: int | None = None
    ) -> list[Checkpoint]:
        """The session's checkpoints in turn order, up to and including ``upto``."""
        ...

    # -- write-path tables -------------------------------------------------------
    def link_entities(
        self,
        memory_id: str,
        scope: Scope,
        *,
        entities: Sequence[str],
        relations: Sequence[tuple[str, str, str]] = (),
    ) -> None:
        """Record the named things a memory mentions and the relations it states."""
        ...

    def mark_extracted(self, resource_id: str, extractor_version: str, facts: int) -> None: ...

    def unextracted_resources(
        self, extractor_version: str, scope: Scope | None = None, *, limit: int = 1000
    ) -> list[Resource]: ...

    def put_summary(self, scope: Scope, summary: Summary) -> None:
        """Make ``summary`` current for its category in exactly ``scope`` (the previous
        one is archived); ``summary.sources`` are the ids it was built from."""
        ...

    def archive_summary(self, scope: Scope, category: str) -> None:
        """Archive the current summary of ``category`` in exactly ``scope``."""
        ...

    def summaries_citing(
        self, memory_ids: Sequence[str] = (), *, within: Scope | None = None
    ) -> list[tuple[Scope, str]]:
        """``(scope, category)`` of the current summaries built from any of
        ``memory_ids``, or from any memory in scope ``within``."""
        ...

    def summaries(
        self, scope: Scope, *, category: str | None = None, archived: bool = False
    ) -> list[Summary]: ...

    def event_counts(self, event: str, key: str) -> dict[str, int]:
        """Counts of ``event`` audit rows grouped by ``detail[key]``."""
        ...

    # -- graph lookups (read path) -----------------------------------------------
    def match_entities(self, scope: Scope, names: Sequence[str]) -> list[tuple[int, str, int]]:
        """``(entity_id, name, memories linked)`` of entities in scope whose name, case-
        and space-normalised, is one of ``names``."""
        ...

    def entity_memories(
        self,
        scope: Scope,
        entity_ids: Sequence[int],
        *,
        filters: ListFilter | None = None,
        limit: int = 1000,
    ) -> list[tuple[str, int]]:
        """``(memory_id, entity_id)`` of memories in scope linked to ``entity_ids``."""
        ...

    def entity_relations(
        self, scope: Scope, entity_ids: Sequence[int]
    ) -> list[tuple[int, str, int, str, str]]:
        """``(src_id, predicate, dst_id, src_name, dst_name)`` touching ``entity_ids``."""
        ...

    def bump_counter(self, name: str, by: int = 1) -> None:
        """Add ``by`` to a named usage counter (e.g. which retrieval tier answered)."""
        ...

    def counters(self, prefix: str = "") -> dict[str, int]:
        """Named usage counters starting with ``prefix``."""
        ...

    # -- misc --------------------------------------------------------------------
    def stats(self, scope: Scope | None = None) -> dict[str, Any]: ...

    def doctor(self, *, model_id: str | None = None, full: bool = False) -> DoctorReport:
        """Check the store without changing it (``remem doctor``); ``model_id`` is the
        configured embedder's, ``full`` asks for the slow, exhaustive page check."""
        ...

    def rebuild_fts(self) -> None:
        """Rebuild the full-text index from the memories."""
        ...
