"""The SQLite store: migrations, WAL, append-only resources, refusing foreign files."""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from remem.config import Config
from remem.errors import NotARememStoreError, SchemaTooNewError
from remem.memory import Memory
from remem.model import Scope
from remem.store.schema import APPLICATION_ID, LATEST_VERSION, MIGRATIONS
from remem.store.sqlite import SQLiteStore


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _side_files(path: Path) -> list[Path]:
    return [p for p in (Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]


def test_migrations_recorded_and_user_version_latest(db_path: Path) -> None:
    with closing(SQLiteStore(db_path)) as store:
        applied = store.migrations()
    assert [(v, n) for v, n, _ in applied] == [(m.version, m.name) for m in MIGRATIONS]
    assert all(at for _, _, at in applied)
    with closing(sqlite3.connect(db_path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_reopening_applies_no_migration_twice_and_keeps_data(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        added = mem.add("the boiler was serviced in March", user_id="u")[0]
        first = mem.store.migrations()  # type: ignore[attr-defined]
    with Memory(db_path, config=config) as mem:
        assert mem.store.migrations() == first  # type: ignore[attr-defined]
        again = mem.get(added.id, user_id="u")
        assert again.content == added.content
        assert again.created_at == added.created_at
        assert [h.memory.id for h in mem.search("boiler", user_id="u")] == [added.id]


def test_resources_are_append_only(mem: Memory, db_path: Path) -> None:
    record = mem.add("an append-only raw input", user_id="u")[0]
    with closing(sqlite3.connect(db_path)) as db:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE resources SET content = 'changed'")
        with pytest.raises(sqlite3.IntegrityError, match="only by erase"):
            db.execute("DELETE FROM resources")
        rows = db.execute("SELECT id, content FROM resources").fetchall()
    assert rows == [(record.source_resource_id, "an append-only raw input")]


def test_content_of_a_memory_is_immutable_through_the_store(mem: Memory) -> None:
    from remem.errors import ValidationError

    record = mem.add("original words", user_id="u")[0]
    record.content = "rewritten words"
    with pytest.raises(ValidationError, match="immutable"):
        mem.store.update_memory(record)
    assert mem.get(record.id, user_id="u").content == "original words"


def test_garbage_file_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database at all\n" * 20)
    before = _sha(path)
    with pytest.raises(NotARememStoreError, match="not a remem store"):
        SQLiteStore(path)
    assert _sha(path) == before
    assert _side_files(path) == []


def test_short_garbage_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tiny.db"
    path.write_bytes(b"xx")
    with pytest.raises(NotARememStoreError):
        SQLiteStore(path)
    assert path.read_bytes() == b"xx"


def test_foreign_sqlite_database_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        db.execute("INSERT INTO invoices VALUES (1, 9.5)")
        db.commit()
    before = _sha(path)
    with pytest.raises(NotARememStoreError, match="another program"):
        SQLiteStore(path)
    assert _sha(path) == before
    assert _side_files(path) == []
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["invoices"]


def test_foreign_application_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "app.db"
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA application_id = 12345")
        db.execute("CREATE TABLE t (x)")
        db.commit()
    before = _sha(path)
    with pytest.raises(NotARememStoreError):
        SQLiteStore(path)
    assert _sha(path) == before


def test_empty_sqlite_file_becomes_a_store(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA user_version = 0")
        db.execute("VACUUM")
    with closing(SQLiteStore(path)) as store:
        assert store.migrations()[-1][0] == LATEST_VERSION


def test_store_from_newer_remem_is_refused_and_untouched(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        mem.add("written by this version", user_id="u")
    with closing(sqlite3.connect(db_path)) as db:
        db.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    assert _side_files(db_path) == []  # the last connection folded the WAL back
    before = _sha(db_path)
    with pytest.raises(SchemaTooNewError, match="upgrade remem"):
        SQLiteStore(db_path)
    with pytest.raises(SchemaTooNewError):
        Memory(db_path, config=config)
    assert _sha(db_path) == before
    assert _side_files(db_path) == []


def test_missing_parent_directory_is_created(tmp_path: Path, config: Config) -> None:
    path = tmp_path / "a" / "b" / "store.db"
    with Memory(path, config=config) as mem:
        mem.add("nested", user_id="u")
    assert path.is_file()


def test_stats_counts(mem: Memory) -> None:
    mem.add("one fact", user_id="u", category="work")
    mem.add("two fact", user_id="u", kind="episodic")
    mem.add("other fact", user_id="v")
    stats = mem.stats(user_id="u")
    assert stats["memories"] == 2
    assert stats["by_kind"] == {"semantic": 1, "episodic": 1}
    assert stats["resources"] == 2
    assert stats["schema_version"] == LATEST_VERSION
    assert mem.stats()["memories"] == 3
    assert mem.stats()["vectors"] == {mem.embedder.model_id: 3}


def test_newer_version_still_in_the_wal_is_refused(config: Config, db_path: Path) -> None:
    # Another connection bumped user_version and keeps its WAL open, so the main
    # file's header still shows the old version: the check on open must still hold.
    with Memory(db_path, config=config) as mem:
        mem.add("written by this version", user_id="u")
    with closing(sqlite3.connect(db_path)) as other:
        other.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
        with pytest.raises(SchemaTooNewError) as info:
            SQLiteStore(db_path)
    # The refused store must not keep the file open, even while the error (whose
    # traceback references the half-built store) is still alive.
    assert isinstance(info.value, SchemaTooNewError)
    assert _open_descriptors(db_path) == 0


def _open_descriptors(path: Path) -> int:
    fds = Path("/proc/self/fd")
    if not fds.is_dir():
        pytest.skip("needs /proc to list open files")
    target = str(path.resolve())
    held = 0
    for fd in list(fds.iterdir()):
        try:
            held += fd.readlink().as_posix() == target
        except OSError:
            continue
    return held


def test_second_handle_on_a_fresh_store_while_the_first_is_open(
    config: Config, db_path: Path
) -> None:
    # The first handle's migrations (and the file's mark) may still sit in its WAL;
    # a second process or Memory opening the file then must not call it foreign.
    with Memory(db_path, config=config) as first:
        record = first.add("written through the first handle", user_id="u")[0]
        with Memory(db_path, config=config) as second:
            assert second.get(record.id, user_id="u").content == record.content


def test_reads_go_through_a_memory_map_as_configured(tmp_path: Path) -> None:
    def mapped(**overrides: object) -> int:
        config = Config(embedder="fake", home=tmp_path, **overrides)
        with Memory(tmp_path / "m.db", config=config) as mem:
            assert isinstance(mem.store, SQLiteStore)
            mem.add("the boiler is serviced on Tuesdays", user_id="a")
            assert mem.search("boiler", user_id="a")
            return int(mem.store._db.execute("PRAGMA mmap_size").fetchone()[0])

    assert mapped() > 0  # on by default (SQLite may cap the size asked for)
    assert mapped(sqlite_mmap_mb=0) == 0


def test_an_unsynced_transaction_commits_and_leaves_the_handle_synced(
    mem: Memory, db_path: Path
) -> None:
    """``transaction(sync=False)``: NORMAL inside (written to the WAL, not synced),
    FULL again after — on commit and on rollback; an inner block joins the outer."""
    db = mem.store._db  # type: ignore[attr-defined]
    scope = Scope(user_id="maya")
    at = datetime(2026, 1, 1, tzinfo=UTC)
    with mem.store.transaction(sync=False):
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        with mem.store.transaction():  # joins: no sync of its own either
            assert db.execute("PRAGMA synchronous").fetchone()[0] == 1
            mem.store.add_pending("observe", scope, {"content": "x"}, {}, at=at)
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    with pytest.raises(RuntimeError), mem.store.transaction(sync=False):
        mem.store.add_pending("observe", scope, {"content": "y"}, {}, at=at)
        raise RuntimeError("rolled back")
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2
    with closing(sqlite3.connect(db_path)) as other:  # committed: another reader sees it
        assert other.execute("SELECT count(*) FROM pending_work").fetchone()[0] == 1
