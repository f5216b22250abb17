"""The in-process BM25 index saved beside the database, so a new process loads it
instead of re-analysing every memory (a one-shot ``remem retrieve`` in an agent
hook is such a process).

The file ``<db>.bm25`` holds the index's rows (seq, length, scope), every term's
postings and a header: the store's ``vector_epoch`` when it was saved (an erase
or a re-embed moves it), the highest seq it covers and a fingerprint of sampled
rows read from the database. It is used only when all three still match; rows
added since are then appended as usual, and the active flags are always re-read
from the store. Anything else (absent, foreign, truncated, another version)
means a rebuild. The store re-checks scope and status of every hit, so even a
wrong file could only hide results, never leak them.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import threading
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from remem.files import open_private
from remem.store.lexical import LexicalIndex, restore_index

FORMAT = 1
MIN_ROWS = 5_000  # smaller stores build their index in well under 0.2 s: no file
RESAVE_ROWS = 5_000  # rows added since the last save that make it worth saving again ...


def resave_after(rows: int) -> int:
    """... or a tenth of the index, whichever is more: a save of a large index
    takes the search that makes it a while (about 0.3 s at 100k memories)."""
    return max(RESAVE_ROWS, rows // 10)


# (seq, user_id, agent_id, namespace, text) rows of the database for the given seqs
SampleReader = Callable[[Sequence[int]], list[tuple[int, Any, Any, Any, str]]]


def lexical_path(db_path: str) -> Path:
    return Path(f"{db_path}.bm25")


def sample_seqs(seqs: Sequence[int]) -> list[int]:
    """Up to 32 seqs spread over the index, the ones the fingerprint reads."""
    if not seqs:
        return []
    picks = np.unique(np.linspace(0, len(seqs) - 1, num=min(len(seqs), 32)).astype(np.int64))
    return [int(seqs[i]) for i in picks]


def fingerprint(index: LexicalIndex, rows: list[tuple[int, Any, Any, Any, str]]) -> str:
    """A hash of sampled database rows as the index would analyse them: a file left
    by another database that happens to share the epoch will not match."""
    digest = hashlib.sha256(f"{FORMAT}:{len(index)}".encode())
    for seq, user_id, agent_id, namespace, text in sorted(rows, key=lambda r: r[0]):
        digest.update(json.dumps([seq, user_id, agent_id, namespace]).encode())
        digest.update(" ".join(index.analyzer.terms(text)).encode())
    return digest.hexdigest()


def save(
    index: LexicalIndex,
    path: Path,
    *,
    epoch: str,
    read_sample: SampleReader,
    current: Callable[[], str] | None = None,
) -> None:
    """Write the index to ``path`` atomically (a temp file, then a rename).

    ``current`` reads the store's epoch again after the rename: an erase that
    committed while this was being written (and deleted the cache files) must not
    find the old words back beside the database, so the file is then removed."""
    state = index.export()
    header = {
        "format": FORMAT,
        "epoch": epoch,
        "max_seq": index.max_seq,
        "rows": len(index),
        "codes": state.pop("codes"),
        "fingerprint": fingerprint(index, read_sample(sample_seqs(index.seqs))),
    }
    buffer = io.BytesIO()
    np.savez(buffer, header=np.frombuffer(json.dumps(header).encode(), np.uint8), **state)
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}-{threading.get_ident()}")
    try:
        with open_private(tmp, "wb") as out:  # 0600: it holds the memories' words
            out.write(buffer.getbuffer())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)  # a read-only folder or a full disk: run without the file
        return
    if current is not None and current() != epoch:
        path.unlink(missing_ok=True)
        return
    index.unsaved = 0


def load(path: Path, *, epoch: str, read_sample: SampleReader) -> LexicalIndex | None:
    """The index saved at ``path`` if it was saved for this database at this epoch."""
    index: LexicalIndex | None = None
    try:
        # numpy leaves a file it opened itself open when the zip is broken: open it here
        with open(path, "rb") as file, np.load(file, allow_pickle=False) as data:
            header = json.loads(bytes(data["header"]))
            if header.get("format") != FORMAT:
                return None
            stale = header.get("epoch") != epoch
            if not stale:
                index = restore_index(
                    {name: data[name] for name in data.files if name != "header"},
                    codes=list(header["codes"]),
                    max_seq=int(header["max_seq"]),
                )
    except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile):
        return None  # absent, truncated or foreign: rebuild
    if stale:
        # Epochs only move forward: this file predates an erase or a re-embed and may
        # hold words of erased memories. Remove it (the next save writes a new one).
        path.unlink(missing_ok=True)
        return None
    if index is None or len(index) != header["rows"]:
        return None
    if fingerprint(index, read_sample(sample_seqs(index.seqs))) != header["fingerprint"]:
        return None
    return index
