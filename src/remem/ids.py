"""Ids by unique prefix: what ``get``, ``forget``, ``history``, ``update``,
``reference`` and ``restore`` accept, and what listings print — for memories, and
for episodes (memories too), triggers and working-memory items.

An id is 32 hex characters; a caller may give any prefix of at least
``config.id_prefix_min_chars`` (8) that matches exactly one memory **in the
call's scope**. Resolution never looks outside the scope, so neither its result
nor its errors can tell that a memory with that prefix exists elsewhere. An id
given whole always names that memory, even when it is also the start of a
longer (imported) id.
"""

from __future__ import annotations

from collections.abc import Sequence

from remem.errors import NotFoundError, ValidationError
from remem.model import Scope
from remem.store.base import IdTable, Store
from remem.validation import check_id

# what a record of each id table is called in messages
_NAMES: dict[IdTable, tuple[str, str]] = {
    "memories": ("memory", "memories"),
    "triggers": ("trigger", "triggers"),
    "working_memory": ("working-memory item", "working-memory items"),
}


def resolve_id(
    store: Store,
    memory_id: object,
    scope: Scope,
    *,
    min_chars: int,
    table: IdTable = "memories",
    what: str | None = None,
) -> str:
    """The full id of the one record of ``table`` (memories by default) in ``scope``
    whose id is, or starts with, ``memory_id``. NotFoundError when none is (a prefix
    shorter than ``min_chars`` only ever matches a whole id); ValidationError, with the
    count, when several are. ``what`` names the record in messages (e.g. "episode")."""
    one, many = _NAMES[table]
    one = what or one
    given = check_id(memory_id, f"{one} id")
    found, total = store.ids_with_prefix(given, scope, limit=2, table=table)
    if found and found[0] == given:  # sorted: a whole id comes before ids it starts
        return given
    if len(given) < min_chars:
        raise NotFoundError(
            f"no {one} {given!r} in this scope (an id prefix needs at least {min_chars} characters)"
        )
    if total == 1:
        return found[0]
    if total == 0:
        raise NotFoundError(f"no {one} {given!r} in this scope")
    raise ValidationError(
        f"id prefix {given!r} matches {total} {many} in this scope; give more characters"
    )


def resolve_ids(
    store: Store, memory_ids: Sequence[object], scope: Scope, *, min_chars: int
) -> list[str]:
    """:func:`resolve_id` of each (all or nothing: the first failure raises)."""
    return [resolve_id(store, i, scope, min_chars=min_chars) for i in memory_ids]


def short_ids(
    store: Store, memory_ids: Sequence[str], scope: Scope, *, chars: int, min_chars: int
) -> dict[str, str]:
    """For each id, its first ``chars`` characters (at least ``min_chars``), or as
    many more as it takes to match only that memory in ``scope``: a prefix
    :func:`resolve_id` accepts. One indexed range query per id."""
    out: dict[str, str] = {}
    for memory_id in memory_ids:
        length = max(chars, min_chars)
        while length < len(memory_id):
            _, total = store.ids_with_prefix(memory_id[:length], scope, limit=1)
            if total <= 1:
                break
            length += 4
        out[memory_id] = memory_id[:length]
    return out
