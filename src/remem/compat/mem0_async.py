"""Mem0's ``AsyncMemory`` on remem: see :mod:`remem.compat.mem0`."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from remem.compat.mem0_sync import Memory


class AsyncMemory:
    """Mem0's ``AsyncMemory``: :class:`Memory`'s methods as coroutines, run one at a
    time in a worker thread of their own (the event loop never blocks)."""

    def __init__(self, config: Any = None, **kwargs: Any) -> None:
        self.sync = Memory(config, **kwargs)
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="remem-mem0")

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any]) -> AsyncMemory:
        return cls(dict(config_dict))

    async def _run(self, name: str, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        call = functools.partial(getattr(self.sync, name), *args, **kwargs)
        return await loop.run_in_executor(self._worker, call)

    async def add(self, messages: Any, **kwargs: Any) -> dict[str, Any]:
        return await self._run("add", messages, **kwargs)

    async def get(self, memory_id: str) -> dict[str, Any] | None:
        return await self._run("get", memory_id)

    async def get_all(self, **kwargs: Any) -> dict[str, Any]:
        return await self._run("get_all", **kwargs)

    async def search(self, query: str, **kwargs: Any) -> dict[str, Any]:
        return await self._run("search", query, **kwargs)

    async def update(self, memory_id: str, *args: Any, **kwargs: Any) -> dict[str, str]:
        return await self._run("update", memory_id, *args, **kwargs)

    async def delete(self, memory_id: str) -> dict[str, str]:
        return await self._run("delete", memory_id)

    async def delete_all(self, **kwargs: Any) -> dict[str, str]:
        return await self._run("delete_all", **kwargs)

    async def history(self, memory_id: str) -> list[dict[str, Any]]:
        return await self._run("history", memory_id)

    async def reset(self) -> None:
        await self._run("reset")

    async def chat(self, query: str) -> Any:
        raise NotImplementedError("Chat function not implemented yet.")

    def close(self) -> None:
        self._worker.submit(self.sync.close).result()
        self._worker.shutdown()
