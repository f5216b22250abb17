"""``AsyncMemory``: every public method of :class:`remem.Memory` as a coroutine.

Each method is the sync one — same arguments, same result, same errors — run in
the AsyncMemory's own worker thread and awaited, so the event loop never waits
on SQLite, the embedder or an LLM, and no logic exists twice: a method added to
``Memory`` gets its twin here in one line (a test fails until it does).

Concurrency: the calls of one AsyncMemory run one at a time, in the order they
were made, on one thread. ``Memory`` keeps per-instance state (the SQLite
connection, the in-process BM25 and vector indexes, the access-count buffer)
that one thread at a time is the simple guarantee for; SQLite itself allows
one writer at a time anyway. ``asyncio.gather`` of many calls is fine (they
queue). For parallel reads open several ``AsyncMemory`` (or ``Memory``) on the
same file: each has its own connection, and SQLite's WAL lets many processes
and connections read while one writes. A call whose awaiting task is
cancelled still runs to its end in the worker (a write commits whole or not at
all; a call cancelled before the worker started it never runs); the next call
waits for it.

    >>> async with AsyncMemory("memory.db") as mem:            # doctest: +SKIP
    ...     await mem.add("Aaron prefers dark mode", user_id="aaron")
    ...     hits = await mem.search("theme", user_id="aaron")
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, TypeVar

from remem.config import Config
from remem.errors import UserError
from remem.memory import Memory
from remem.providers.base import Embedder
from remem.store.base import Store

P = ParamSpec("P")
R = TypeVar("R")


def _twin(
    method: Callable[Concatenate[Memory, P], R],
) -> Callable[Concatenate[AsyncMemory, P], Coroutine[Any, Any, R]]:
    """``method`` of Memory as a coroutine method of AsyncMemory (same signature)."""

    name = method.__name__

    @functools.wraps(method)
    async def call(self: AsyncMemory, /, *args: P.args, **kwargs: P.kwargs) -> R:
        bound: Callable[P, R] = getattr(self.memory, name)  # a subclass's override too
        return await self._run(bound, *args, **kwargs)

    return call


class AsyncMemory:
    """:class:`remem.Memory` for asyncio: the same methods, awaited (see the module
    docstring for how calls run). Build it like a Memory, or around one
    (``memory=``); ``.memory`` is the sync Memory underneath."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        config: Config | None = None,
        embedder: Embedder | None = None,
        store: Store | None = None,
        memory: Memory | None = None,
    ) -> None:
        # Opening the store and loading the embedder happen here, once, synchronously
        # (as for Memory): build it at startup, not inside a request.
        self.memory = (
            memory
            if memory is not None
            else Memory(path, config=config, embedder=embedder, store=store)
        )
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="remem")
        self._closed = False

    @property
    def config(self) -> Config:
        return self.memory.config

    async def _run(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> R:
        if self._closed:
            raise UserError("this AsyncMemory is closed; open a new one")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, functools.partial(fn, *args, **kwargs))

    async def close(self) -> None:
        """Close the Memory (in the worker, after the calls before it), then the worker."""
        if self._closed:
            return
        try:
            await self._run(self.memory.close)
        finally:
            self._closed = True
            self._worker.shutdown(wait=False)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # One line a method: the twin test (tests/test_aio.py) lists what is missing.
    add = _twin(Memory.add)
    checkpoint = _twin(Memory.checkpoint)
    context = _twin(Memory.context)
    context_budget = _twin(Memory.context_budget)
    delete = _twin(Memory.delete)
    delete_all = _twin(Memory.delete_all)
    doctor = _twin(Memory.doctor)
    erase = _twin(Memory.erase)
    erase_memory = _twin(Memory.erase_memory)
    export_records = _twin(Memory.export_records)
    export_to = _twin(Memory.export_to)
    extract = _twin(Memory.extract)
    forget = _twin(Memory.forget)
    gate_stats = _twin(Memory.gate_stats)
    get = _twin(Memory.get)
    get_all = _twin(Memory.get_all)
    history = _twin(Memory.history)
    import_from = _twin(Memory.import_from)
    ingest_messages = _twin(Memory.ingest_messages)
    list = _twin(Memory.list)
    llm = _twin(Memory.llm)
    recall_tiered = _twin(Memory.recall_tiered)
    recover = _twin(Memory.recover)
    reembed = _twin(Memory.reembed)
    record_injection = _twin(Memory.record_injection)
    reference = _twin(Memory.reference)
    remember = _twin(Memory.remember)
    replay = _twin(Memory.replay)
    reset = _twin(Memory.reset)
    restore = _twin(Memory.restore)
    search = _twin(Memory.search)
    short_ids = _twin(Memory.short_ids)
    source = _twin(Memory.source)
    stats = _twin(Memory.stats)
    summaries = _twin(Memory.summaries)
    update = _twin(Memory.update)
