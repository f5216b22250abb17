"""Erase on disk: gone from the file, its WAL and the cache files beside it — at
once when it can be, at the next open when a reader or a crash got in the way.

Real processes: a second process holding a read transaction, a process killed
right after the erase committed (by a logging handler that reacts to the
store's own "erase committed" record), temp files of a writer that died."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from remem import Memory
from remem.config import Config
from remem.model import MemoryRecord, Scope
from remem.store.lexical_file import MIN_ROWS, lexical_path
from remem.store.sqlite import SQLiteStore

WORD = "xylophonequartz"  # only in the erased user's memories
USER = "alice-secret-id"

READER = r"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN")
db.execute("SELECT count(*) FROM memories").fetchone()
print("reading", flush=True)
sys.stdin.readline()
db.execute("COMMIT")  # the transaction ends; the connection stays open
print("done", flush=True)
sys.stdin.readline()
db.close()
"""

KILLED_AFTER_COMMIT = r"""
import logging, os, signal, sys
from remem import Memory
from remem.config import Config

class KillAfterCommit(logging.Handler):
    def emit(self, record):
        if record.getMessage().startswith("erase committed"):
            os.kill(os.getpid(), signal.SIGKILL)

logger = logging.getLogger("remem")
logger.addHandler(KillAfterCommit())
logger.setLevel(logging.INFO)
mem = Memory(sys.argv[1], config=Config(embedder="fake", home=sys.argv[2]))
mem.erase(user_id=sys.argv[3])
print("not killed", flush=True)
"""


def on_disk(db_path: Path) -> bytes:
    """Every byte of the store: the file, its WAL and every file beside it."""
    return b"".join(p.read_bytes() for p in sorted(db_path.parent.glob(db_path.name + "*")))


def _seed(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        mem.add(
            [
                {"role": "user", "content": f"my {WORD} collection has nine pieces"},
                {"role": "user", "content": f"the {WORD} sits in the attic"},
            ],
            user_id=USER,
            infer=False,
        )
        mem.add("bob keeps a tuba in the attic", user_id="bob")
    # closed: the last connection folded the WAL into the file
    assert WORD.encode() in db_path.read_bytes()


@pytest.fixture
def reader(config: Config, db_path: Path) -> Iterator[subprocess.Popen[str]]:
    """The seeded store, and a second process inside a read transaction on it."""
    _seed(config, db_path)
    proc = subprocess.Popen(
        [sys.executable, "-c", READER, str(db_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "reading"
    yield proc
    if proc.poll() is None:
        proc.communicate("\n\n", timeout=30)


def _release(proc: subprocess.Popen[str]) -> None:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == "done"


def test_reader_blocks_the_cleanup_and_the_next_open_finishes_it(
    config: Config, db_path: Path, reader: subprocess.Popen[str]
) -> None:
    quick = config.model_copy(update={"erase_checkpoint_wait_ms": 50})
    with Memory(db_path, config=quick) as mem:
        report = mem.erase(user_id=USER)
        assert (report.memories, report.pending, report.readers) == (2, True, 1)
        # unreachable at once, whatever the reader holds
        assert mem.search(WORD, user_id=USER, include_history=True) == []
        assert mem.list(user_id=USER).total == 0
    # the reader's snapshot keeps the old pages in the file
    assert WORD.encode() in on_disk(db_path)
    _release(reader)  # the reader is done but keeps its connection: nobody cleans up
    assert WORD.encode() in on_disk(db_path)

    with Memory(db_path, config=config) as mem:  # the next open finishes the erase
        assert WORD.encode() not in on_disk(db_path)
        assert USER.encode() not in on_disk(db_path)
        assert isinstance(mem.store, SQLiteStore)
        assert not mem.store.erase_pending()
        assert "finished a pending erase" in mem.store.repaired
        assert [h.memory.content for h in mem.search("tuba", user_id="bob")] == [
            "bob keeps a tuba in the attic"
        ]
    assert WORD.encode() not in on_disk(db_path)


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``remem ARGS`` in a new process."""
    return subprocess.run(
        [sys.executable, "-c", "from remem.cli import main; main()", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_erase_says_a_reader_still_holds_old_pages(
    config: Config, db_path: Path, reader: subprocess.Popen[str], tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "REMEM_HOME": str(tmp_path / "home"),
        "REMEM_EMBEDDER": "fake",
        "REMEM_ERASE_CHECKPOINT_WAIT_MS": "50",
    }
    done = _cli(env, "erase", "--user", USER, "--yes", "--db", str(db_path))
    assert done.returncode == 0, done.stderr
    assert "; 1 reader still holds old pages, finished on next open" in done.stdout
    _release(reader)
    assert _cli(env, "stats", "--db", str(db_path), "--json").returncode == 0  # an open
    assert WORD.encode() not in on_disk(db_path)
    # without a reader the erase is finished when it returns
    with Memory(db_path, config=config) as mem:
        mem.add(f"the {WORD} again", user_id="carol")
    done = _cli(env, "erase", "--user", "carol", "--yes", "--db", str(db_path), "--json")
    report = json.loads(done.stdout)["result"]
    assert (report["memories"], report["pending"], report["readers"]) == (1, False, 0)
    assert WORD.encode() not in on_disk(db_path)
    done = _cli(env, "erase", "--user", "nobody-at-all", "--yes", "--db", str(db_path))
    assert done.stdout.strip().endswith("; gone from disk")


def test_a_kill_right_after_the_commit_is_finished_by_the_next_open(
    config: Config, db_path: Path, tmp_path: Path
) -> None:
    _seed(config, db_path)
    # enough memories for the BM25 index to be saved beside the file (<db>.bm25)
    filler = [
        MemoryRecord(content=f"bob note {i} on tubas", user_id="bob") for i in range(MIN_ROWS)
    ]
    with closing(SQLiteStore(db_path)) as store:
        store.insert_memories(filler, vectors=None, model_id=None)
        assert store.bm25_search([WORD], Scope(user_id=USER), limit=5)
    bm25 = lexical_path(str(db_path))
    assert WORD.encode() in bm25.read_bytes()

    killed = subprocess.run(
        [sys.executable, "-c", KILLED_AFTER_COMMIT, str(db_path), str(tmp_path / "home"), USER],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stdout + killed.stderr
    # committed, not cleaned: the FTS pages, the old file pages and <db>.bm25 hold the words
    assert bm25.exists()
    assert WORD.encode() in on_disk(db_path)

    with Memory(db_path, config=config) as mem:
        assert WORD.encode() not in on_disk(db_path)
        assert isinstance(mem.store, SQLiteStore)
        assert "finished a pending erase" in mem.store.repaired
        assert not mem.store.erase_pending()
        assert mem.list(user_id=USER).total == 0
        assert mem.search("tubas", user_id="bob", sources=["bm25"])
    assert WORD.encode() not in on_disk(db_path)  # <db>.bm25 included (saved anew: bob's)
    assert USER.encode() not in on_disk(db_path)


def _dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(done.stdout)


def test_orphaned_temp_files_are_removed_on_open_and_every_temp_file_on_erase(
    config: Config, db_path: Path
) -> None:
    _seed(config, db_path)
    dead = _dead_pid()
    orphans = [
        Path(f"{db_path}.bm25.tmp-{dead}-1"),
        Path(f"{db_path}.hnsw-fake-model.tmp-{dead}-2"),
    ]
    live = Path(f"{db_path}.bm25.tmp-{os.getpid()}-3")  # as if a thread were saving now
    for path in [*orphans, live]:
        path.write_bytes(f"terms: {WORD}".encode())
    with Memory(db_path, config=config) as mem:
        assert not any(p.exists() for p in orphans)
        assert live.exists()
        mem.erase(user_id=USER)
        assert not live.exists()  # it was written before the erase: it may hold erased words
    assert WORD.encode() not in on_disk(db_path)
