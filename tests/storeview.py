"""What a store holds, read through the Store protocol (so on either backend): the
snapshot a "this changed nothing" assertion compares."""

from __future__ import annotations

import dataclasses
from typing import Any

from remem.store.base import Store


def snapshot(store: Store) -> tuple[list[tuple[Any, ...]], int]:
    """Every memory (any status, every field) in id order, and the audit log's length:
    what a lifecycle job or a feedback judgement would alter."""
    rows = [dataclasses.astuple(r) for r in sorted(store.iter_memories(), key=lambda r: r.id)]
    return rows, sum(1 for _ in store.iter_events())
