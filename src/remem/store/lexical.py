"""An in-process BM25 index over the store's memories, scope-aware.

FTS5 scores every row that holds any query term, so a common term makes a
query cost grow with the store. This index keeps postings as numpy arrays and
scores a query with a few vectorised passes (one per query term), masking rows
outside the asked scope, so a search over 100k memories takes a millisecond or
two. Like the vector cache it is a cache of the store: rows written since it
was loaded are appended on the next search, status changes reset its active
mask, and the store re-checks scope and status of every returned row.

Text analysis matches the FTS5 table's (``porter unicode61``): lower-cased
word tokens, the Porter stemmer (``snowballstemmer``), content, tags and
entities of a memory as one field.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import snowballstemmer

from remem.model import Scope

_WORD = re.compile(r"\w+", re.UNICODE)
_BULK = 10_000  # an append of at least this many rows converts all postings at once
_UNSET = -1


class Analyzer:
    """Words to index terms: lower-case, Porter-stemmed, memoised per word."""

    def __init__(self) -> None:
        self._stemmer = snowballstemmer.stemmer("porter")
        self._cache: dict[str, str] = {}

    def terms(self, text: str) -> list[str]:
        out = []
        for word in _WORD.findall(text.casefold()):
            stem = self._cache.get(word)
            if stem is None:
                # Porter leaves numbers as they are, and they are often unique
                # ("note 4711", years, ids): skip the stemmer (and the memo) for them.
                if word.isdigit():
                    out.append(word)
                    continue
                stem = self._stemmer.stemWord(word)
                if len(self._cache) < 500_000:
                    self._cache[word] = stem
            out.append(stem)
        return out


_EMPTY_ROWS = np.zeros(0, dtype=np.int64)
_EMPTY_TFS = np.zeros(0, dtype=np.float32)


@dataclass(slots=True)
class _Postings:
    """One term's rows and term frequencies: numpy arrays, plus the rows appended
    since they were last made (plain lists, folded in on the next use)."""

    frozen_rows: npt.NDArray[np.int64] = field(default_factory=lambda: _EMPTY_ROWS)
    frozen_tfs: npt.NDArray[np.float32] = field(default_factory=lambda: _EMPTY_TFS)
    pending_rows: list[int] = field(default_factory=list)
    pending_tfs: list[int] = field(default_factory=list)

    def arrays(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        if self.pending_rows:
            # Only the new tail is converted from Python ints; the rest is a memcpy.
            self.frozen_rows = np.concatenate(
                (self.frozen_rows, np.asarray(self.pending_rows, dtype=np.int64))
            )
            self.frozen_tfs = np.concatenate(
                (self.frozen_tfs, np.asarray(self.pending_tfs, dtype=np.float32))
            )
            self.pending_rows, self.pending_tfs = [], []
        return self.frozen_rows, self.frozen_tfs


class LexicalIndex:
    """BM25 (k1, b) over appended documents, with scope codes and an active mask."""

    def __init__(self, *, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.analyzer = Analyzer()
        self._postings: dict[str, _Postings] = {}
        self._seqs: list[int] = []
        self._lengths: list[int] = []
        self._scope: list[tuple[int, int, int]] = []
        self._active: list[bool] = []
        self._codes: dict[str, int] = {}
        self._pos: dict[int, int] = {}
        self._arrays: (
            tuple[npt.NDArray[np.float32], npt.NDArray[np.int32], npt.NDArray[np.bool_]] | None
        ) = None
        self._impacts: dict[str, tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]] = {}
        self.max_seq = 0
        self.unsaved = 0  # rows appended since the index was saved or restored
        self.loaded = False  # restored from a saved copy rather than built here

    def __len__(self) -> int:
        return len(self._seqs)

    @property
    def seqs(self) -> list[int]:
        """The seq of each row, in row order."""
        return self._seqs

    def export(self) -> dict[str, Any]:
        """Rows and postings as arrays (and the scope values by code), for saving."""
        terms = list(self._postings)
        parts = [self._postings[t].arrays() for t in terms]
        sizes = np.array([rows.size for rows, _ in parts], dtype=np.int64)
        return {
            "codes": sorted(self._codes, key=self._codes.__getitem__),
            "seqs": np.asarray(self._seqs, dtype=np.int64),
            "lengths": np.asarray(self._lengths, dtype=np.int32),
            "scope": np.asarray(self._scope, dtype=np.int32).reshape(-1, 3),
            "terms": np.frombuffer("\n".join(terms).encode(), dtype=np.uint8),
            "offsets": np.concatenate(([0], np.cumsum(sizes))).astype(np.int64),
            "rows": np.concatenate([_EMPTY_ROWS, *(rows for rows, _ in parts)]),
            "tfs": np.concatenate([_EMPTY_TFS, *(tfs for _, tfs in parts)]),
        }

    def _code(self, value: str | None) -> int:
        return _UNSET if value is None else self._codes.setdefault(value, len(self._codes))

    def append(
        self, rows: Iterable[tuple[int, str | None, str | None, str | None, bool, str]]
    ) -> None:
        """Add ``(seq, user_id, agent_id, namespace, active, text)`` rows (new seqs only).

        After a bulk load every term's postings are made arrays at once, so the
        first searches do not each pay for converting long lists (at 1M memories
        a common term's list took milliseconds, and the first searches' p95 showed it).
        """
        before = len(self._seqs)
        for seq, user_id, agent_id, namespace, active, text in rows:
            if seq in self._pos:
                continue
            row = len(self._seqs)
            self._pos[seq] = row
            self._seqs.append(seq)
            self._scope.append((self._code(user_id), self._code(agent_id), self._code(namespace)))
            self._active.append(bool(active))
            terms = self.analyzer.terms(text)
            self._lengths.append(len(terms))
            counts: dict[str, int] = {}
            for term in terms:
                counts[term] = counts.get(term, 0) + 1
            for term, tf in counts.items():
                postings = self._postings.get(term)
                if postings is None:
                    postings = self._postings[term] = _Postings()
                postings.pending_rows.append(row)
                postings.pending_tfs.append(tf)
            self.max_seq = max(self.max_seq, seq)
            self.unsaved += 1
            self._arrays = None
        if len(self._seqs) - before >= _BULK:
            for postings in self._postings.values():
                postings.arrays()

    def reset_inactive(self, seqs: Iterable[int]) -> None:
        """Make exactly ``seqs`` unsearchable (superseded, forgotten, erased...)."""
        self._active = [True] * len(self._seqs)
        for seq in seqs:
            row = self._pos.get(seq)
            if row is not None:
                self._active[row] = False
        self._arrays = None

    def _state(
        self,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
        """Per row: BM25's length normaliser ``k1 * (1 - b + b * len / avg)``, scope
        codes (one array per scope column) and the active flag, rebuilt after rows
        are added or statuses reset."""
        if self._arrays is None:
            lengths = np.asarray(self._lengths, dtype=np.float32)
            avg = (float(lengths.mean()) if lengths.size else 0.0) or 1.0
            self._arrays = (
                self.k1 * (1 - self.b + self.b * lengths / avg),
                np.asarray(self._scope, dtype=np.int32).reshape(-1, 3).T.copy(),  # by column
                np.asarray(self._active, dtype=bool),
            )
            self._impacts.clear()  # they depend on the length normaliser
        return self._arrays

    def _term(
        self, stem: str, norm: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]] | None:
        """A term's rows and their BM25 weight before idf, ``tf (k1 + 1) / (tf + norm)``,
        computed once per term until rows are added (the normaliser then moves)."""
        cached = self._impacts.get(stem)
        if cached is None:
            postings = self._postings.get(stem)
            if postings is None:
                return None
            rows, tfs = postings.arrays()
            cached = rows, (tfs * (self.k1 + 1) / (tfs + norm[rows])).astype(np.float32)
            if len(self._impacts) > 100_000:
                self._impacts.clear()
            self._impacts[stem] = cached
        return cached

    def search(
        self,
        query_terms: Sequence[str],
        scope: Scope,
        limit: int,
        *,
        only_active: bool = True,
    ) -> list[tuple[int, float]]:
        """The ``limit`` best ``(seq, bm25)`` in ``scope`` for any of the words given."""
        n = len(self._seqs)
        if n == 0 or limit <= 0:
            return []
        stems = list(dict.fromkeys(s for t in query_terms for s in self.analyzer.terms(t)))
        norm, scope_codes, active = self._state()
        scores = np.zeros(n, dtype=np.float32)
        for stem in stems:
            term = self._term(stem, norm)
            if term is None:
                continue
            rows, impacts = term
            # Lucene's non-negative idf: a term in most memories still counts a little.
            idf = math.log(1 + (n - rows.size + 0.5) / (rows.size + 0.5))
            scores[rows] += idf * impacts
        # Every contribution is positive: the rows holding a query term are the non-zero ones.
        mask = scores > 0
        if only_active:
            mask &= active
        for column, want in enumerate((scope.user_id, scope.agent_id, scope.namespace)):
            if want is None:
                continue
            code = self._codes.get(want)
            if code is None:
                return []
            mask &= scope_codes[column] == code
        candidates = np.flatnonzero(mask)
        if candidates.size == 0:
            return []
        k = min(limit, candidates.size)
        local = scores[candidates]
        top = np.argpartition(-local, k - 1)[:k]
        top = top[np.lexsort((candidates[top], -local[top]))]
        return [(self._seqs[int(candidates[t])], float(local[t])) for t in top]


def restore_index(state: dict[str, Any], *, codes: list[str], max_seq: int) -> LexicalIndex:
    """A :class:`LexicalIndex` from :meth:`LexicalIndex.export`'s arrays, every row
    active (the caller resets the active flags from the store)."""
    index = LexicalIndex()
    seqs = [int(x) for x in state["seqs"]]
    index._seqs = seqs
    index._lengths = state["lengths"].tolist()
    index._scope = [tuple(row) for row in state["scope"].tolist()]
    index._active = [True] * len(seqs)
    index._codes = {value: code for code, value in enumerate(codes)}
    index._pos = {seq: row for row, seq in enumerate(seqs)}
    text = bytes(state["terms"]).decode()
    terms = text.split("\n") if text else []
    offsets, rows, tfs = state["offsets"], state["rows"], state["tfs"]
    if len(offsets) != len(terms) + 1 or len(seqs) != len(index._lengths):
        raise ValueError("inconsistent lexical index file")
    for i, term in enumerate(terms):
        lo, hi = int(offsets[i]), int(offsets[i + 1])
        index._postings[term] = _Postings(frozen_rows=rows[lo:hi], frozen_tfs=tfs[lo:hi])
    index.max_seq = max_seq
    index.loaded = True
    return index
