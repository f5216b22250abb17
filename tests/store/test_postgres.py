"""The PostgreSQL store: what only it has (replicas sharing one database, its schema,
its errors, the import boundary). The store contract itself runs on both backends in
the modules that set ``BACKENDS`` (test_memory_api, test_erase, ...)."""

from __future__ import annotations

import ast
import multiprocessing
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from remem import Memory, NotARememStoreError, StoreError
from remem.config import Config
from remem.store.pg_conn import translate_sql
from remem.store.pg_schema import postgres_ddl

SRC = Path(__file__).resolve().parents[2] / "src" / "remem"


def _writer(url: str, home: str, name: str, count: int) -> None:
    with Memory(url, config=Config(home=Path(home), embedder="fake")) as mem:
        for i in range(count):
            mem.add(f"{name} wrote note number {i} about harbours", user_id="shared", agent_id=name)


def test_two_replicas_share_one_database(pg_url: str, config: Config) -> None:
    """A write through one replica is found by the other's search at once, and an
    update through the second is seen by the first (their in-process indexes re-sync)."""
    with Memory(pg_url, config=config) as a, Memory(pg_url, config=config) as b:
        assert b.search("lighthouse keeper", user_id="u") == []  # b's indexes are built
        old = a.add("Mara is the lighthouse keeper on Skye", user_id="u")[0]
        assert [h.memory.id for h in b.search("lighthouse keeper", user_id="u")] == [old.id]
        new = b.update(old.id, "Mara is the lighthouse keeper on Mull", user_id="u")
        assert [h.memory.id for h in a.search("lighthouse keeper", user_id="u")] == [new.id]
        assert [e.event for e in a.history(old.id, user_id="u")] == ["created", "superseded"]
        a.erase(user_id="u")
        assert b.search("lighthouse keeper", user_id="u", include_history=True) == []


def test_two_processes_lose_no_write(pg_url: str, config: Config, tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    procs = [
        ctx.Process(target=_writer, args=(pg_url, str(tmp_path / n), n, 15)) for n in ("p1", "p2")
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
        assert proc.exitcode == 0
    with Memory(pg_url, config=config) as mem:
        assert mem.list(user_id="shared", limit=100).total == 30
        hits = mem.search("note number 7 harbours", user_id="shared", limit=50)
        assert {h.memory.agent_id for h in hits} == {"p1", "p2"}


def test_job_lease_goes_to_one_replica_at_a_time(pg_url: str, config: Config) -> None:
    now = datetime.now(UTC)
    with Memory(pg_url, config=config) as a, Memory(pg_url, config=config) as b:
        until = now + timedelta(minutes=5)
        assert a.store.acquire_job("nightly", "replica-a", until=until, now=now)
        assert not b.store.acquire_job("nightly", "replica-b", until=until, now=now)
        assert b.store.job_states()["nightly"].lock_owner == "replica-a"
        # a lease whose holder died lapses: the next replica takes the job over
        later = until + timedelta(seconds=1)
        assert b.store.acquire_job(
            "nightly", "replica-b", until=later + timedelta(minutes=5), now=later
        )
        assert not a.store.renew_job("nightly", "replica-a", until=later)


def test_jobs_run_once_across_replicas(pg_url: str, config: Config) -> None:
    now = datetime(2030, 1, 1, 3, tzinfo=UTC)
    with Memory(pg_url, config=config) as a, Memory(pg_url, config=config) as b:
        a.add("a fact to keep", user_id="u")
        first = a.jobs.run_due(now=now)
        assert first.ran  # the first replica runs what is due
        assert b.jobs.run_due(now=now).ran == []  # the second finds nothing left to do


def test_store_url_config_key_opens_postgres(pg_url: str, tmp_path: Path) -> None:
    config = Config(home=tmp_path / "home", embedder="fake", store_url=pg_url)
    with Memory(config=config) as mem:
        mem.add("stored in PostgreSQL", user_id="u")
        assert mem.store.stats()["memories"] == 1
    assert not (tmp_path / "home" / "remem.db").exists()


def test_the_schema_mirrors_every_sqlite_table(pg_url: str, config: Config) -> None:
    import psycopg

    with Memory(pg_url, config=config):
        pass
    _, tables = postgres_ddl()
    with psycopg.connect(pg_url) as db:
        rows = db.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema()"
        ).fetchall()
    found: dict[str, set[str]] = {}
    for table, column in rows:
        found.setdefault(table, set()).add(column)
    for name, info in tables.items():
        assert set(info.columns) <= found[name], name
    assert "memories" in found and "memories_fts" not in found


def test_resources_stay_append_only(pg_url: str, config: Config) -> None:
    import psycopg

    with Memory(pg_url, config=config) as mem:
        mem.add("an append-only raw input", user_id="u")
    with psycopg.connect(pg_url) as db, pytest.raises(psycopg.errors.IntegrityConstraintViolation):
        db.execute("UPDATE resources SET content = 'changed'")
    with psycopg.connect(pg_url) as db, pytest.raises(psycopg.errors.IntegrityConstraintViolation):
        db.execute("DELETE FROM resources")


def test_unreachable_server_is_a_store_error(config: Config, tmp_path: Path) -> None:
    url = f"postgresql://nobody:hunter2@/remem?host={tmp_path}&connect_timeout=2"
    with pytest.raises(StoreError, match="cannot connect") as caught:
        Memory(url, config=config)
    assert "hunter2" not in str(caught.value)


def test_foreign_tables_are_refused(pg_url: str, config: Config) -> None:
    import psycopg

    with psycopg.connect(pg_url) as db:
        db.execute("CREATE TABLE memories (x int)")
    with pytest.raises(NotARememStoreError, match="another program"):
        Memory(pg_url, config=config)


def test_an_older_schema_is_refused_with_the_way_out(pg_url: str, config: Config) -> None:
    import psycopg

    with Memory(pg_url, config=config):
        pass
    with psycopg.connect(pg_url) as db:
        db.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="not supported on the PostgreSQL store yet"):
        Memory(pg_url, config=config)


def test_sql_translation() -> None:
    _, tables = postgres_ddl()

    def pg(sql: str) -> str:
        return translate_sql(sql, tables, named=False).sql

    assert pg("INSERT OR IGNORE INTO jobs (name) VALUES (?)") == (
        "INSERT INTO jobs (name) VALUES (%s) ON CONFLICT DO NOTHING"
    )
    assert pg("SELECT * FROM m WHERE a IS ? AND b LIKE '100%' LIMIT -1") == (
        "SELECT * FROM m WHERE a IS NOT DISTINCT FROM %s AND b ILIKE '100%%' LIMIT ALL"
    )
    assert pg("SELECT max(a), max(coalesce(b, ''), ?) FROM t WHERE 1 AND +c = 'it''s ?'") == (
        "SELECT max(a), GREATEST(coalesce(b, ''), %s) FROM t WHERE TRUE AND c = 'it''s ?'"
    )
    assert "ON CONFLICT (memory_seq) DO UPDATE SET model_id = EXCLUDED.model_id" in pg(
        "INSERT OR REPLACE INTO vectors SELECT seq, ?, ?, ? FROM memories WHERE id = ?"
    )
    assert translate_sql("SELECT ?2, ?1", tables, named=False).order == (1, 0)


def test_sqlite_users_never_import_psycopg(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from remem import Memory\n"
        "from remem.config import Config\n"
        f"config = Config(home={str(tmp_path)!r}, embedder='fake')\n"
        f"with Memory({str(tmp_path / 'm.db')!r}, config=config) as mem:\n"
        "    mem.add('a fact', user_id='u')\n"
        "    mem.search('fact', user_id='u')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('psycopg', 'pgserver')))\n"
        "print('remem.store.postgres' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split("\n")
    assert out[:2] == ["[]", "False"]


def test_only_the_postgres_modules_import_psycopg() -> None:
    importers = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n.split(".")[0] == "psycopg" for n in names):
                importers.add(path.relative_to(SRC).as_posix())
    assert importers == {"store/pg_conn.py", "store/postgres.py"}


def test_writers_of_two_replicas_queue_one_at_a_time(pg_url: str, config: Config) -> None:
    """A write transaction holds the schema's write lock (as SQLite's BEGIN IMMEDIATE
    holds the file's): another replica's write waits for it, so every read-then-write
    of the shared store code stays atomic across replicas."""
    import threading

    with Memory(pg_url, config=config) as a, Memory(pg_url, config=config) as b:
        a.add("warm up both connections", user_id="u")
        done = threading.Event()

        def write() -> None:
            b.add("written by the second replica", user_id="u")
            done.set()

        with a.store.transaction():
            writer = threading.Thread(target=write)
            writer.start()
            assert not done.wait(1.0)  # queued behind a's open write
        writer.join(30)
        assert done.is_set()
        assert a.list(user_id="u").total == 2


def test_an_unsynced_transaction_commits_without_waiting_for_the_flush(
    pg_url: str, config: Config
) -> None:
    """``transaction(sync=False)`` (a hook's journal) is ``synchronous_commit = off``
    for its commit only; every other commit waits for the WAL flush."""
    from remem.model import Scope

    def level(mem: Memory) -> str:
        return str(mem.store._db.execute("SHOW synchronous_commit").fetchone()[0])  # type: ignore[attr-defined]

    at = datetime(2026, 1, 1, tzinfo=UTC)
    with Memory(pg_url, config=config) as mem:
        assert level(mem) == "on"
        with mem.store.transaction(sync=False):
            assert level(mem) == "off"
            mem.store.add_pending("observe", Scope(user_id="u"), {"content": "x"}, {}, at=at)
        assert level(mem) == "on" and mem.store.has_pending()
