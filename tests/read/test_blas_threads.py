"""A search runs with BLAS limited to ``search_blas_threads`` and restores it after."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from remem import Config, Memory
from remem.providers.base import Vectors
from remem.providers.fake import FakeEmbedder
from remem.providers.registry import register_embedder
from remem.read.blas import blas_threads


def _blas() -> int:
    found = [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]
    if not found:
        pytest.skip("numpy has no BLAS library threadpoolctl can see")
    return int(found[0])


class _Recording(FakeEmbedder):
    seen: ClassVar[list[int]] = []

    def embed_query(self, text: str) -> Vectors:
        self.seen.append(_blas())
        return super().embed_query(text)


def _two_blas_threads() -> Any:
    limits = threadpool_limits(limits=2, user_api="blas")
    if _blas() != 2:
        limits.restore_original_limits()
        pytest.skip("this BLAS will not run 2 threads here")
    return limits


def test_search_limits_blas_and_restores_it(tmp_path: Path) -> None:
    register_embedder("blas-recording", lambda config: _Recording())
    limits = _two_blas_threads()
    try:
        config = Config(embedder="blas-recording", home=tmp_path, search_blas_threads=1)
        with Memory(tmp_path / "m.db", config=config) as mem:
            mem.add("the boiler service is booked for Tuesday", user_id="a")
            _Recording.seen.clear()
            assert mem.search("boiler", user_id="a")
            assert _Recording.seen == [1]  # during the search
            assert _blas() == 2  # after it
        left_alone = config.model_copy(update={"search_blas_threads": 0})
        with Memory(tmp_path / "m.db", config=left_alone) as mem:
            _Recording.seen.clear()
            assert mem.search("boiler", user_id="a")
            assert _Recording.seen == [2]
    finally:
        limits.restore_original_limits()


def test_overlapping_searches_restore_only_when_the_last_leaves() -> None:
    limits = _two_blas_threads()
    try:
        first = blas_threads(1)
        second = blas_threads(1)
        first.__enter__()
        second.__enter__()
        first.__exit__(None, None, None)
        assert _blas() == 1  # the second search is still running
        second.__exit__(None, None, None)
        assert _blas() == 2
    finally:
        limits.restore_original_limits()
