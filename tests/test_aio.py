"""AsyncMemory (remem/aio.py): a coroutine twin for every public method of Memory,
each the sync method run in one worker thread; real asyncio runs (asyncio.run)."""

from __future__ import annotations

import asyncio
import inspect
import threading
from pathlib import Path

import pytest

from remem import AsyncMemory, Config, Memory, NotFoundError, UserError, ValidationError
from remem.aio import _twin


def _public_methods(cls: type) -> set[str]:
    return {
        name
        for name in dir(cls)
        if not name.startswith("_") and inspect.isfunction(inspect.getattr_static(cls, name))
    }


def test_every_public_method_of_memory_has_an_async_twin() -> None:
    missing = sorted(_public_methods(Memory) - _public_methods(AsyncMemory))
    assert not missing, (
        f"add to AsyncMemory: {', '.join(f'{m} = _twin(Memory.{m})' for m in missing)}"
    )
    for name in _public_methods(Memory):
        twin = getattr(AsyncMemory, name)
        assert inspect.iscoroutinefunction(twin), name
        if name != "close":  # close also stops the worker
            assert twin.__wrapped__ is getattr(Memory, name), f"{name} wraps the wrong method"
    # what is not a method (a property) is reached through .memory, documented there
    assert not _public_methods(AsyncMemory) - _public_methods(Memory)
    assert isinstance(inspect.getattr_static(Memory, "jobs"), property)


def test_the_twin_test_sees_a_method_without_twin() -> None:
    class Bigger(Memory):
        def brand_new(self) -> int:
            return 1

    assert _public_methods(Bigger) - _public_methods(AsyncMemory) == {"brand_new"}


def test_async_round_trip_with_the_same_results_and_errors(config: Config, db_path: Path) -> None:
    async def main() -> None:
        async with AsyncMemory(db_path, config=config) as mem:
            [record] = await mem.add("Aaron drives a WRX", user_id="u", category="vehicle")
            facts = await mem.add(
                [{"role": "user", "content": "I'm allergic to peanuts."}], user_id="u"
            )
            assert facts and "peanut" in facts[0].content
            hits = await mem.search("WRX", user_id="u", filters={"category": "vehicle"})
            assert [h.memory.id for h in hits] == [record.id]
            assert (await mem.get(record.id[:8], user_id="u")).id == record.id
            assert len(await mem.get_all(user_id="u")) == 2
            assert (await mem.delete(record.id, user_id="u")).status == "forgotten"
            assert (await mem.delete_all(user_id="u")).forgotten == 1
            with pytest.raises(ValidationError, match="unknown filter key"):
                await mem.search("x", user_id="u", filters={"colour": "red"})
            with pytest.raises(NotFoundError):
                await mem.get("ffffffffffff", user_id="u")
            with pytest.raises(UserError, match="confirm=True"):
                await mem.reset()
            assert mem.config is mem.memory.config

    asyncio.run(main())


def test_calls_run_in_one_worker_thread_without_blocking_the_loop(
    config: Config, db_path: Path
) -> None:
    threads: set[int] = set()

    async def main() -> tuple[int, int]:
        ticks = 0
        done = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not done.is_set():
                ticks += 1
                await asyncio.sleep(0)

        async with AsyncMemory(db_path, config=config) as mem:
            task = asyncio.create_task(ticker())
            await asyncio.sleep(0)
            texts = [{"content": f"note {i} about the garden"} for i in range(300)]
            added = await mem.add(texts, user_id="u", infer=False)
            done.set()
            await task
            transcript = "\n".join(f"Ann: I planted tomato bed {i}." for i in range(12))
            await mem.extract(
                transcript.encode(),
                user_id="u",
                progress=lambda n, total: threads.add(threading.get_ident()),
            )
            # many concurrent calls queue and all complete
            results = await asyncio.gather(
                *(mem.add(f"gathered fact {i}", user_id="g") for i in range(20)),
                *(mem.search("garden", user_id="u") for _ in range(5)),
            )
            assert len(results) == 25
            assert len(await mem.get_all(user_id="g")) == 20
            return ticks, len(added)

    ticks, added = asyncio.run(main())
    assert added == 300
    assert ticks >= 2  # the loop ran while the add was in the worker
    assert len(threads) == 1 and threading.get_ident() not in threads


def test_a_cancelled_call_that_started_runs_to_its_end(config: Config, db_path: Path) -> None:
    small_chunks = config.model_copy(update={"extract_chunk_messages": 2})
    started, go = threading.Event(), threading.Event()

    def progress(done: int, total: int) -> None:
        started.set()
        go.wait(10)

    async def main() -> int:
        async with AsyncMemory(db_path, config=small_chunks) as mem:
            transcript = "\n".join(f"Ann: I planted tomato bed {i}." for i in range(10))
            task = asyncio.create_task(
                mem.extract(transcript.encode(), user_id="u", progress=progress)
            )
            await asyncio.to_thread(started.wait, 10)
            task.cancel()
            go.set()
            with pytest.raises(asyncio.CancelledError):
                await task
            stats = await mem.stats(user_id="u")  # queued behind the extract
            return int(stats["resources"])

    assert asyncio.run(main()) == 10


def test_a_closed_async_memory_refuses_calls(config: Config, db_path: Path) -> None:
    async def main() -> None:
        mem = AsyncMemory(memory=Memory(db_path, config=config))
        await mem.add("x", user_id="u")
        await mem.close()
        with pytest.raises(UserError, match="closed"):
            await mem.get_all(user_id="u")

    asyncio.run(main())


def test_twin_keeps_the_wrapped_signature() -> None:
    assert inspect.signature(AsyncMemory.search) == inspect.signature(Memory.search)
    assert _twin(Memory.get).__name__ == "get"
