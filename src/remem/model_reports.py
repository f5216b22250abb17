"""The reports of the maintenance operations (:mod:`remem.model` re-exports them):
what an erase removed, what ``delete_all`` forgot, what ``remem doctor`` found."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class EraseReport:
    """What an erase removed, and whether it is finished on disk.

    ``pending``: the data is unreachable, but a reader (``readers`` other
    processes, 0 when unknown) still holds old pages, so the file and its WAL
    may still contain them; the next open of the store finishes the job."""

    memories: int
    resources: int
    checkpoints: int
    vectors: int
    summaries: int = 0
    triggers: int = 0  # forward triggers (remem/agent/triggers.py)
    sessions: int = 0  # agent sessions (with their cost rows)
    working: int = 0  # working-memory items
    pending: bool = False
    readers: int = 0


@dataclass(slots=True)
class ForgetReport:
    """What ``delete_all`` soft-deleted: how many memories, and their ids."""

    forgotten: int
    memory_ids: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Finding:
    """One check of ``remem doctor``: whether it passed, what it found."""

    check: str
    ok: bool
    detail: str
    items: list[str] = field(default_factory=list)  # ids, files or lines it is about


@dataclass(slots=True)
class DoctorReport:
    """What ``remem doctor`` found in a store, and what opening it repaired."""

    path: str
    healthy: bool
    checks: list[Finding]
    repaired: list[str] = field(default_factory=list)
