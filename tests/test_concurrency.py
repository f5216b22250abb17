"""Two processes writing to one store at the same time lose no write."""

from __future__ import annotations

import multiprocessing
import threading
from contextlib import closing
from pathlib import Path

from remem import Memory
from remem.config import Config
from remem.store.schema import LATEST_VERSION, MIGRATIONS
from remem.store.sqlite import SQLiteStore

PER_PROCESS = 60


def _writer(db_path: str, home: str, name: str, start: multiprocessing.synchronize.Event) -> None:
    config = Config(home=Path(home), embedder="fake")
    start.wait(30)
    with Memory(db_path, config=config) as mem:
        for i in range(PER_PROCESS):
            mem.add(f"{name} wrote note {i}", user_id="shared", agent_id=name)


def test_two_processes_lose_no_write(tmp_path: Path, config: Config) -> None:
    db_path = tmp_path / "shared.db"
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    procs = [
        ctx.Process(target=_writer, args=(str(db_path), str(tmp_path), name, start))
        for name in ("p1", "p2")
    ]
    for proc in procs:
        proc.start()
    start.set()  # both open the (not yet existing) file at about the same time
    for proc in procs:
        proc.join(120)
    assert [proc.exitcode for proc in procs] == [0, 0]

    with Memory(db_path, config=config) as mem:
        page = mem.list(user_id="shared", limit=1000)
        assert page.total == 2 * PER_PROCESS
        assert len({r.id for r in page.items}) == 2 * PER_PROCESS
        for name in ("p1", "p2"):
            mine = mem.list(user_id="shared", agent_id=name, limit=1000).items
            assert sorted(r.content for r in mine) == sorted(
                f"{name} wrote note {i}" for i in range(PER_PROCESS)
            )
        stats = mem.stats()
        assert stats["resources"] == 2 * PER_PROCESS
        assert stats["vectors"] == {mem.embedder.model_id: 2 * PER_PROCESS}
        assert len(mem.search("wrote note", user_id="shared", limit=200)) >= 50


def test_many_handles_opening_a_new_file_at_once_migrate_it_once(tmp_path: Path) -> None:
    for trial in range(20):
        path = tmp_path / f"new-{trial}.db"
        barrier = threading.Barrier(6)
        errors: list[BaseException] = []

        def open_it(
            path: Path = path,
            barrier: threading.Barrier = barrier,
            errors: list[BaseException] = errors,
        ) -> None:
            barrier.wait(30)
            try:
                SQLiteStore(path).close()
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=open_it) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert errors == []
        with closing(SQLiteStore(path)) as store:
            applied = store.migrations()
        assert [v for v, _, _ in applied] == [m.version for m in MIGRATIONS]
        assert applied[-1][0] == LATEST_VERSION
