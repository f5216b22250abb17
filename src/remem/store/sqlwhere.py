"""SQL ``WHERE`` fragments shared by the SQLite store's modules: scope and filters."""

from __future__ import annotations

from typing import Any

from remem.errors import ValidationError
from remem.model import Scope
from remem.store.base import ListFilter


def scope_sql(scope: Scope, alias: str = "") -> tuple[str, list[Any]]:
    """`` AND col = ?`` clauses for the set scope fields. Refuses an empty scope."""
    if scope.is_empty():
        raise ValidationError("a scope is required: pass user_id, agent_id or namespace")
    prefix = f"{alias}." if alias else ""
    clauses, params = [], []
    for column in ("user_id", "agent_id", "namespace"):
        value = getattr(scope, column)
        if value is not None:
            clauses.append(f" AND {prefix}{column} = ?")
            params.append(value)
    return "".join(clauses), params


def filter_sql(filters: ListFilter | None, alias: str = "") -> tuple[str, list[Any]]:
    filters = filters or ListFilter()
    prefix = f"{alias}." if alias else ""
    sql, params = "", list[Any]()
    for column, values in (
        ("status", filters.statuses),
        ("kind", filters.kinds),
        ("category", filters.categories),
    ):
        if values:
            sql += f" AND {prefix}{column} IN ({', '.join('?' * len(values))})"
            params.extend(values)
    if filters.session_id is not None:
        sql += f" AND {prefix}session_id = ?"
        params.append(filters.session_id)
    for tag in filters.tags:
        sql += f" AND EXISTS (SELECT 1 FROM json_each({prefix}tags) WHERE value = ?)"
        params.append(tag)
    return sql, params
