"""Per-key write rate limit: a token bucket per API key, in this process.

Each key may make ``rate`` writes a minute: its bucket holds at most ``rate``
tokens and refills at ``rate / 60`` a second, so a burst of ``rate`` writes is
allowed and then one every ``60 / rate`` seconds. A write that finds the bucket
empty is refused with the seconds until the next token (``Retry-After``).

The buckets live in the server process: replicas behind a load balancer each
count their own (docs/rest.md says so).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

__all__ = ["RateLimiter"]


class RateLimiter:
    """Token buckets keyed by API key id. ``clock``: seconds, monotonic (tests pass
    a fake one)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    def take(self, key: str, rate_per_minute: int) -> int:
        """Take one token for ``key``: 0 when allowed, else the whole seconds to wait
        (at least 1) before the next write can succeed."""
        now = self._clock()
        per_second = rate_per_minute / 60.0
        with self._lock:
            tokens, at = self._buckets.get(key, (float(rate_per_minute), now))
            tokens = min(float(rate_per_minute), tokens + (now - at) * per_second)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                return 0
            self._buckets[key] = (tokens, now)
            return max(1, math.ceil((1.0 - tokens) / per_second))
