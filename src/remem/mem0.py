"""Mem0's result shape, for code migrating from Mem0 (see docs/mem0.md).

remem's methods return typed records (:class:`~remem.model.MemoryRecord`,
:class:`~remem.model.SearchHit`); code written against Mem0 reads
``result["results"][i]["memory"]``. :func:`to_mem0` turns remem's results into
that shape, so such code can move over first and be retyped later::

    to_mem0(mem.search("tea", user_id="alice"))
    # {"results": [{"id": "…", "memory": "Alice likes green tea", "score": 0.71,
    #               "user_id": "alice", "metadata": {...}, "created_at": "…", …}]}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from remem.model import MemoryRecord, SearchHit


def to_mem0(items: Iterable[MemoryRecord | SearchHit]) -> dict[str, list[dict[str, Any]]]:
    """``{"results": [...]}`` as Mem0 returns it from ``search``, ``get_all`` and
    ``add``: per memory ``id``, ``memory`` (its text), ``score`` (hits only; remem's
    final score, see docs/mem0.md), ``metadata`` (what ``add`` was given),
    ``created_at`` / ``updated_at`` (ISO-8601), and the set ones of ``user_id``,
    ``agent_id``, ``run_id`` (remem's ``session_id``), ``role``, ``category``."""
    results = []
    for item in items:
        record = item.memory if isinstance(item, SearchHit) else item
        row: dict[str, Any] = {"id": record.id, "memory": record.content}
        if isinstance(item, SearchHit):
            row["score"] = item.score
        row["metadata"] = dict(record.data.get("metadata") or {})
        row["created_at"] = record.created_at.isoformat()
        row["updated_at"] = record.updated_at.isoformat()
        for key, value in (
            ("user_id", record.user_id),
            ("agent_id", record.agent_id),
            ("run_id", record.session_id),
            ("role", record.role),
            ("category", record.category),
        ):
            if value is not None:
                row[key] = value
        results.append(row)
    return {"results": results}
