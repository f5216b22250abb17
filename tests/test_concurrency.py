"""Two processes writing to one store at the same time lose no write."""

from __future__ import annotations

import multiprocessing
from contextlib import closing
from pathlib import Path
from typing import Any

from remem import Memory
from remem.config import Config
from remem.store.schema import LATEST_VERSION, MIGRATIONS
from remem.store.sqlite import SQLiteStore
from remem.store.sqlite_open import check_file

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


def _context() -> Any:
    """Processes forked from a server that imported the store once (fast to start,
    and no fork of this multi-threaded test process)."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["remem.store.sqlite"])
    return ctx


def _opener(root: str, files: int, barrier: Any, errors: Any) -> None:
    for k in range(files):
        barrier.wait(60)  # every process opens file k at the same moment
        try:
            SQLiteStore(Path(root) / f"new-{k}.db").close()
        except Exception as exc:
            errors.put(f"{type(exc).__name__}: {exc}")


def test_many_processes_opening_new_files_at_once_all_succeed(tmp_path: Path) -> None:
    """10 processes open each of 4 new files at the same moment: every open succeeds,
    and each file's migrations are applied once."""
    ctx = _context()
    processes, files = 10, 4
    barrier, errors = ctx.Barrier(processes), ctx.Queue()
    procs = [
        ctx.Process(target=_opener, args=(str(tmp_path), files, barrier, errors))
        for _ in range(processes)
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(300)
    assert [proc.exitcode for proc in procs] == [0] * processes
    failed = []
    while not errors.empty():
        failed.append(errors.get())
    assert failed == []
    for k in range(files):
        with closing(SQLiteStore(tmp_path / f"new-{k}.db")) as store:
            applied = store.migrations()
        assert [v for v, _, _ in applied] == [m.version for m in MIGRATIONS]
        assert applied[-1][0] == LATEST_VERSION


def _maker(root: str, files: int, made: Any, start: Any) -> None:
    start.wait(60)
    for k in range(files):
        SQLiteStore(Path(root) / f"s{k}.db").close()
        made.value = k + 1


def _prober(root: str, files: int, made: Any, start: Any, errors: Any) -> None:
    start.wait(60)
    for k in range(files):
        path = Path(root) / f"s{k}.db"
        while made.value <= k:  # the whole time file k is being made, look at it
            try:
                check_file(path)
            except Exception as exc:
                errors.put(f"{type(exc).__name__}: {exc}")
                return


def test_a_file_being_created_is_never_taken_for_another_programs(tmp_path: Path) -> None:
    """While one process creates stores, others check each file over and over, as an
    opener does first: a store half made (its first migration committing between two
    reads) is never refused as foreign (it was, once in a few hundred opens)."""
    ctx = _context()
    files = 8
    made, start, errors = ctx.Value("i", 0), ctx.Event(), ctx.Queue()
    probers = [
        ctx.Process(target=_prober, args=(str(tmp_path), files, made, start, errors))
        for _ in range(3)
    ]
    maker = ctx.Process(target=_maker, args=(str(tmp_path), files, made, start))
    for proc in [*probers, maker]:
        proc.start()
    start.set()
    for proc in [maker, *probers]:
        proc.join(300)
    assert maker.exitcode == 0 and [p.exitcode for p in probers] == [0, 0, 0]
    failed = []
    while not errors.empty():
        failed.append(errors.get())
    assert failed == []
