"""The clock every ``now`` defaults to, and a fake one for replays.

Every job, policy and agent call takes ``now`` and falls back to
:func:`remem.model.utcnow`, which reads the clock installed here: the system
clock, unless a composition root installed a :class:`FileClock` because
``Config.clock_file`` is set. That is for tests and benchmarks that replay
recorded sessions through real processes (hooks, the local service, jobs) on a
faked clock: the replay writes each event's time to the file before the event,
and every process reading it agrees on the time. Never set it in real use: the
file decides what every record's timestamps say.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["FileClock", "install", "installed", "now"]

_clock: Callable[[], datetime] | None = None


def now() -> datetime:
    """The current time, timezone-aware UTC: the installed clock's, else the system's."""
    clock = _clock
    return clock() if clock is not None else datetime.now(UTC)


def install(clock: Callable[[], datetime] | None) -> None:
    """Make ``clock`` the process's clock (None: the system clock again)."""
    global _clock
    _clock = clock


def installed() -> Callable[[], datetime] | None:
    """The installed clock, or None for the system clock."""
    return _clock


class FileClock:
    """The time written in a file (one ISO-8601 timestamp; naive means UTC), read
    again whenever the file changes. A file that is missing or unreadable gives the
    system clock, so a replay that has not started yet is not an error."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._key: tuple[int, int] | None = None
        self._value: datetime | None = None

    def __call__(self) -> datetime:
        try:
            stat = os.stat(self.path)
        except OSError:
            return datetime.now(UTC)
        key = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            if key != self._key:
                self._value = _read(self.path)
                self._key = key
            value = self._value
        return value if value is not None else datetime.now(UTC)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FileClock) and other.path == self.path

    def __hash__(self) -> int:
        return hash(self.path)


def _read(path: Path) -> datetime | None:
    try:
        text = path.read_text("utf-8").strip()
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)
