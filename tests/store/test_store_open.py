"""Opening a store SQLite must recover first (a hot journal), and one that cannot
be written (a read-only file or folder): searched and listed, writes refused."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from remem.config import Config
from remem.memory import Memory
from remem.store.schema import LATEST_VERSION

# A process in the middle of its first transaction on a new file in rollback-journal
# mode (the page cache spills to the file) is killed: the file and a hot journal stay.
INTERRUPTED_CREATE = r"""
import os, signal, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = DELETE")
db.execute("PRAGMA cache_size = 1")
db.execute("BEGIN")
db.execute("CREATE TABLE half (x)")
for _ in range(2000):
    db.execute("INSERT INTO half VALUES (?)", ("x" * 200,))
os.kill(os.getpid(), signal.SIGKILL)
"""

# Runs as another user when the tests run as root (root writes read-only files).
READ_ONLY_CLIENT = r"""
import json, sys
from remem import Memory, StoreError
from remem.config import Config

out = {}
try:
    mem = Memory(sys.argv[1], config=Config(embedder="fake", home=sys.argv[2]))
except StoreError as exc:
    print(json.dumps({"open": str(exc)}))
    sys.exit(0)
with mem:
    out["search"] = [h.memory.content for h in mem.search("boiler", user_id="u")]
    out["list"] = mem.list(user_id="u").total
    out["tiered"] = mem.recall_tiered("boiler", user_id="u").tier
    out["context"] = len(mem.context("boiler", user_id="u").items)
    for name, write in (
        ("add", lambda: mem.add("a new fact", user_id="u")),
        ("erase", lambda: mem.erase(user_id="u")),
    ):
        try:
            write()
            out[name] = "written"
        except StoreError as exc:
            out[name] = str(exc)
print(json.dumps(out))
"""


def test_a_hot_journal_left_by_a_kill_is_rolled_back_on_open(
    tmp_path: Path, config: Config
) -> None:
    path = tmp_path / "half.db"
    killed = subprocess.run([sys.executable, "-c", INTERRUPTED_CREATE, str(path)])
    assert killed.returncode == -signal.SIGKILL
    journal = Path(f"{path}-journal")
    assert journal.stat().st_size > 0 and path.stat().st_size > 0  # a real hot journal
    with Memory(path, config=config) as mem:  # was refused as "not a remem store" forever
        stored = mem.add("the boiler is serviced in March", user_id="u")[0]
    assert not journal.exists()
    with Memory(path, config=config) as mem:
        assert mem.get(stored.id, user_id="u").content == stored.content


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder another user can reach (pytest's tmp folders are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="remem-ro-"))
    folder.chmod(0o755)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        path.chmod(stat.S_IRWXU)
    shutil.rmtree(folder)


def _run_read_only_client(db: Path, home: Path) -> dict[str, object]:
    """The read-only client in a new process, as an unprivileged user when we are root."""
    if sys.platform == "win32":
        pytest.skip("POSIX permissions")
    user: dict[str, object] = {}
    if os.geteuid() == 0:
        user = {"user": 65534, "group": 65534, "extra_groups": []}
    done = subprocess.run(
        [sys.executable, "-c", READ_ONLY_CLIENT, str(db), str(home)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=db.parent,
        **user,  # type: ignore[arg-type]
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def _store(folder: Path) -> Path:
    db = folder / "ro.db"
    with Memory(db, config=Config(embedder="fake", home=folder)) as mem:
        mem.add("the boiler is serviced in March", user_id="u")
    return db


@pytest.mark.parametrize("folder_writable", [True, False])
def test_a_read_only_store_is_searched_and_refuses_writes(
    shared_dir: Path, folder_writable: bool
) -> None:
    db = _store(shared_dir)
    before = db.read_bytes()
    db.chmod(0o444)
    # a writable folder lets SQLite make its -shm file; a read-only one does not
    shared_dir.chmod(0o777 if folder_writable else 0o555)
    out = _run_read_only_client(db, shared_dir)
    assert out["search"] == ["the boiler is serviced in March"]
    assert out["list"] == 1 and out["tiered"] == "items" and out["context"] == 1
    for write in ("add", "erase"):
        assert str(out[write]).startswith("the store is read-only"), out
    assert db.read_bytes() == before


def test_a_read_only_store_that_needs_a_migration_says_so(shared_dir: Path) -> None:
    db = _store(shared_dir)
    with closing(sqlite3.connect(db)) as raw:  # as a store of the previous schema
        raw.execute(f"PRAGMA user_version = {LATEST_VERSION - 1}")
    db.chmod(0o444)
    shared_dir.chmod(0o555)
    out = _run_read_only_client(db, shared_dir)
    assert "read-only and needs its schema upgraded" in str(out["open"])
