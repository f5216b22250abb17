"""One BLAS thread while a search runs, so the embedder's threads keep the CPU.

numpy's OpenBLAS parks its worker threads by spinning for a while after each
multi-threaded call, and onnxruntime's threads spin between operators. On a
small machine (2 cores here) the two fight over the cores: a search at 100k
memories spent 11 ms embedding its query instead of 4.5 ms, and every numpy
step after it ran slower too. A search's own matrix products are small (a few
hundred rows), so it asks BLAS for ``Config.search_blas_threads`` threads
(default 1; 0 leaves BLAS alone) through ``threadpoolctl`` for its duration.

The limit is process-wide: overlapping searches share one limit, set by the
first to enter and restored by the last to leave, so concurrent searches never
restore each other's limit too early or leave BLAS limited.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_lock = threading.Lock()
_controller: Any = None
_active = 0
_limiter: Any = None


def _get_controller() -> Any:
    global _controller
    if _controller is None:
        from threadpoolctl import ThreadpoolController

        _controller = ThreadpoolController()
    return _controller


@contextmanager
def blas_threads(limit: int) -> Iterator[None]:
    """Run the block with BLAS limited to ``limit`` threads (0: unchanged)."""
    global _active, _limiter
    if limit <= 0:
        yield
        return
    with _lock:
        if _active == 0:
            _limiter = _get_controller().limit(limits=limit, user_api="blas")
        _active += 1
    try:
        yield
    finally:
        with _lock:
            _active -= 1
            if _active == 0 and _limiter is not None:
                _limiter.restore_original_limits()
                _limiter = None
