"""An optional approximate (HNSW) index beside the exact vector cache.

When the optional dependency ``usearch`` is installed (``pip install '.[ann]' in remem's checkout``)
and a model holds more than ``AnnSettings.threshold`` vectors, the
:class:`~remem.store.vectors.VectorIndex` of that model proposes hits from a
usearch HNSW graph (inner product on the L2-normalised vectors, f16 or i8
storage) instead of scanning every row. The exact float32 matrix stays: it
re-scores what the graph proposes, holds the scope codes and status flags that
mask them, and answers exactly when too few proposals survive the mask (a small
user's scope among many others).

The graph is kept in sync by adding rows as they are appended, and persisted
beside the database as ``<db>.hnsw-<model>``: one file holding a small JSON
header (the store's vector epoch, the highest seq covered, a fingerprint of
sampled rows) then the usearch blob, replaced atomically. A new process (every
CLI call) loads it, adds the rows written since, and rebuilds only when the
vector epoch moved (re-embed, erase) or the file does not match the store.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import re
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from remem.files import open_private

if TYPE_CHECKING:
    from remem.config import Config
    from remem.store.vectors import VectorIndex

log = logging.getLogger(__name__)

_MAGIC = b"REMEMHNSW1\n"
_FORMAT = 1


def usearch_available() -> bool:
    """Whether the optional ``usearch`` package can be imported."""
    return importlib.util.find_spec("usearch") is not None


@dataclass(frozen=True, slots=True)
class AnnSettings:
    """The HNSW knobs (each a ``Config`` field ``ann_*``)."""

    threshold: int = 50_000  # use the graph above this many vectors of a model
    connectivity: int = 16  # graph degree M
    expansion_add: int = 128  # ef at construction
    expansion_search: int = 64  # ef at query time (usearch raises it to the asked count)
    oversample: int = 2  # ask the graph for this many times the wanted hits (per scope share)
    dtype: Literal["f16", "i8", "f32"] = "f16"
    persist: bool = True  # keep the graph beside the database file
    resave_rows: int = 5000  # rewrite the file after this many rows added since

    def params(self) -> dict[str, Any]:
        """What a persisted graph must have been built with to be reused."""
        return {"connectivity": self.connectivity, "dtype": self.dtype}


def _usearch_index_class() -> Any:
    """usearch's ``Index``, imported on use (an optional dependency).

    onnxruntime is imported first when installed: with usearch 2.26 loaded
    before it, importing onnxruntime 1.32 crashes the process (a segfault, e.g.
    when a search reaches the graph before the default embedder has been used).
    """
    if importlib.util.find_spec("onnxruntime") is not None:
        import onnxruntime  # noqa: F401
    from usearch.index import Index

    return Index


def ann_settings(config: Config) -> AnnSettings | None:
    """The settings ``config`` asks for, or None when ANN is off or usearch is missing
    (search is then exact, as without the extra)."""
    if not config.ann_enabled or not usearch_available():
        return None
    return AnnSettings(
        threshold=config.ann_threshold,
        connectivity=config.ann_connectivity,
        expansion_add=config.ann_expansion_add,
        expansion_search=config.ann_expansion_search,
        oversample=config.ann_oversample,
        dtype=config.ann_dtype,
        persist=config.ann_persist,
        resave_rows=config.ann_resave_rows,
    )


def ann_path(db_path: str, model_id: str) -> Path:
    """Where the graph of ``model_id`` for the database at ``db_path`` is kept."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model_id)
    return Path(f"{db_path}.hnsw-{safe}")


class AnnIndex:
    """A usearch HNSW graph over ``(seq, vector)`` rows, with what it covers."""

    def __init__(self, dim: int, settings: AnnSettings, *, epoch: str) -> None:
        Index = _usearch_index_class()

        self.dim = dim
        self.settings = settings
        self.epoch = epoch
        self.max_seq = 0
        self.rows = 0  # rows of the VectorIndex covered, a prefix by position
        self.unsaved = 0
        self.loaded = False  # read from the persisted file rather than built here
        self._lock = threading.Lock()
        self._graph = Index(
            ndim=dim,
            metric="ip",
            dtype=settings.dtype,
            connectivity=settings.connectivity,
            expansion_add=settings.expansion_add,
            expansion_search=settings.expansion_search,
        )

    def __len__(self) -> int:
        return len(self._graph)

    def add(self, seqs: npt.NDArray[np.int64], vectors: npt.NDArray[np.float32]) -> None:
        """Add rows (covering the next ``len(seqs)`` positions of the VectorIndex)."""
        if len(seqs) == 0:
            return
        with self._lock:
            self._graph.add(seqs.astype(np.uint64), vectors, threads=0)
            self.rows += len(seqs)
            self.unsaved += len(seqs)
            self.max_seq = max(self.max_seq, int(seqs.max()))

    def search(self, query: npt.NDArray[np.float32], count: int) -> npt.NDArray[np.int64]:
        """Seqs of about the ``count`` nearest rows, best first."""
        count = min(count, len(self._graph))
        if count <= 0:
            return np.zeros(0, dtype=np.int64)
        with self._lock:
            # usearch widens ef to the asked count itself, so ``count`` are returned.
            # One query needs no thread pool (threads=0 dispatches to one: ~10% slower).
            found = self._graph.search(query, count, threads=1)
        return np.asarray(found.keys, dtype=np.int64)

    # -- persistence --------------------------------------------------------------
    def save(self, path: Path, fingerprint: str) -> None:
        """Write header + graph to ``path`` atomically (a temp file, then a rename);
        the temp file is removed when the write fails (raises OSError)."""
        header = {
            "format": _FORMAT,
            "epoch": self.epoch,
            "max_seq": self.max_seq,
            "rows": self.rows,
            "dim": self.dim,
            "fingerprint": fingerprint,
            **self.settings.params(),
        }
        with self._lock:
            blob = self._graph.save()
        head = json.dumps(header).encode()
        tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}-{threading.get_ident()}")
        try:
            with open_private(tmp, "wb") as out:  # 0600: it holds the memories' vectors
                out.write(_MAGIC + len(head).to_bytes(4, "little") + head)
                out.write(blob if blob is not None else b"")
            os.replace(tmp, path)
        except OSError:
            tmp.unlink(missing_ok=True)
            raise
        self.unsaved = 0

    @classmethod
    def load(
        cls, path: Path, *, dim: int, settings: AnnSettings, epoch: str
    ) -> tuple[AnnIndex, str] | None:
        """The graph at ``path`` and its recorded fingerprint, if it was built for
        this epoch, dimension and settings; None when absent or not reusable."""
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if not data.startswith(_MAGIC):
            return None
        start = len(_MAGIC) + 4
        size = int.from_bytes(data[len(_MAGIC) : start], "little")
        try:
            header = json.loads(data[start : start + size])
        except ValueError:
            return None
        expected = {"format": _FORMAT, "epoch": epoch, "dim": dim, **settings.params()}
        if any(header.get(k) != v for k, v in expected.items()):
            return None
        ann = cls(dim, settings, epoch=epoch)
        try:
            ann._graph.load(memoryview(data)[start + size :])
        except (RuntimeError, ValueError):
            return None  # a truncated or foreign file: rebuild
        ann.loaded = True
        ann.max_seq = int(header["max_seq"])
        ann.rows = int(header["rows"])
        if len(ann._graph) != ann.rows:
            return None
        return ann, str(header["fingerprint"])


def fingerprint(index: VectorIndex, rows: int) -> str:
    """A hash of sampled ``(seq, vector)`` rows among the first ``rows``: a graph file
    left by another database that happens to have the same epoch will not match."""
    seqs, matrix = index.rows(0, rows)
    digest = hashlib.sha256(f"{rows}:{index.dim}".encode())
    for i in np.unique(np.linspace(0, rows - 1, num=min(rows, 32)).astype(np.int64)):
        digest.update(int(seqs[i]).to_bytes(8, "little", signed=True))
        digest.update(matrix[i].tobytes())
    return digest.hexdigest()


def sync(
    index: VectorIndex,
    settings: AnnSettings,
    *,
    epoch: str,
    path: Path | None,
    may_save: bool,
    current: Callable[[], str] | None = None,
) -> None:
    """Give ``index`` a graph covering all its rows when it is above the threshold.

    Loads the persisted graph when it matches, else builds one; adds rows
    appended since; saves when built or enough rows were added (and ``may_save``:
    never inside a write transaction, whose rows may yet be rolled back). A save
    that fails (a read-only folder, a full disk) leaves the graph in memory only;
    one that an erase overtook (``current()``, the store's epoch read again after
    the rename, moved) is removed: it may hold erased vectors.
    """
    if len(index) <= settings.threshold:
        index.ann = None
        return
    ann = index.ann
    if ann is not None and ann.epoch != epoch:
        ann = None
    if ann is None and path is not None:
        loaded = AnnIndex.load(path, dim=index.dim, settings=settings, epoch=epoch)
        if loaded is not None:
            candidate, recorded = loaded
            covered = index.position_after(candidate.max_seq)
            if covered == candidate.rows and fingerprint(index, covered) == recorded:
                ann = candidate
    if ann is None:
        ann = AnnIndex(index.dim, settings, epoch=epoch)
    if ann.rows < len(index):
        seqs, matrix = index.rows(ann.rows, len(index))
        ann.add(seqs, matrix)
    index.ann = ann
    if (
        path is not None
        and may_save
        and ann.unsaved
        and (ann.unsaved == ann.rows or ann.unsaved >= settings.resave_rows)
    ):
        try:
            ann.save(path, fingerprint(index, ann.rows))
        except OSError as exc:
            log.warning("could not save the HNSW graph %s: %s", path, exc)
            return
        if current is not None and current() != epoch:
            path.unlink(missing_ok=True)


def settings_dict(settings: AnnSettings) -> dict[str, Any]:
    """The settings as a plain dict (for benchmark reports)."""
    return asdict(settings)
