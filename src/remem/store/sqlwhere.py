"""SQL ``WHERE`` fragments shared by the SQLite store's modules: scope and filters.

Every value reaches SQLite as a bound parameter; the only text put into the SQL
is a column name from :data:`remem.filters.FIELDS` (a fixed table), never
anything the caller wrote. Metadata keys become JSON paths, bound too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from remem.errors import ValidationError
from remem.filters import (
    DATE,
    FIELDS,
    LIST,
    METADATA,
    AllOf,
    AnyOf,
    Condition,
    Filter,
    Negation,
    When,
)
from remem.model import Scope
from remem.store.base import ListFilter
from remem.store.codec import ts

_COMPARE = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def json_col(column: str, empty: str = "'{}'") -> str:
    """``column`` as its JSON functions may read it: a row whose text is not valid JSON
    (damaged, or holding NaN from before remem refused it) reads as ``empty``, so one
    such row matches no filter instead of making every filter of its scope fail
    (``remem doctor`` reports it)."""
    return f"CASE WHEN json_valid({column}) THEN {column} ELSE {empty} END"


_COLUMNS = {column for _, column in FIELDS.values()}


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
    if filters.promoted is not None:
        sql += f" AND {prefix}promoted = ?"
        params.append(1 if filters.promoted else 0)
    for tag in filters.tags:
        tags = json_col(f"{prefix}tags", "'[]'")
        sql += f" AND EXISTS (SELECT 1 FROM json_each({tags}) WHERE value = ?)"
        params.append(tag)
    if filters.where is not None:
        where, where_params = where_sql(filters.where, alias)
        sql += f" AND {where}"
        params.extend(where_params)
    return sql, params


def where_sql(node: Filter, alias: str = "") -> tuple[str, list[Any]]:
    """``node`` as one SQL boolean expression and its parameters.

    Every condition is two-valued (a missing field makes it false, never NULL),
    so ``NOT`` of a condition is exactly the memories it does not match."""
    prefix = f"{alias}." if alias else ""
    params: list[Any] = []

    def walk(n: Filter) -> str:
        if isinstance(n, Condition):
            return f"coalesce({_condition(n, prefix, params)}, FALSE)"
        if isinstance(n, Negation):
            return f"NOT {walk(n.part)}"
        glue = " AND " if isinstance(n, AllOf) else " OR "
        assert isinstance(n, AllOf | AnyOf)
        return "(" + glue.join(walk(p) for p in n.parts) + ")"

    return walk(node), params


def _condition(c: Condition, prefix: str, params: list[Any]) -> str:
    if c.kind == METADATA:
        assert c.path is not None
        return _metadata(c, json_col(f"{prefix}data"), c.path, params)
    column = FIELDS[c.field][1] if c.field in FIELDS else c.field
    if column not in _COLUMNS:  # never text from the caller: the parser names columns
        raise ValidationError(f"unknown filter field {c.field!r}")
    col = f"{prefix}{column}"
    if c.kind == LIST:
        return _list(c, col, params)
    if c.kind == DATE:
        return _date(c, col, params)
    return _scalar(c, col, params)


def _scalar(c: Condition, col: str, params: list[Any]) -> str:
    """Text, enum and number columns."""
    if c.op == "exists":
        return f"{col} IS NOT NULL"
    if c.op in ("eq", "ne"):
        if c.value is None:
            return f"{col} IS {'NOT ' if c.op == 'ne' else ''}NULL"
        params.append(c.value)
        return f"{col} = ?" if c.op == "eq" else f"NOT coalesce({col} = ?, FALSE)"
    if c.op in ("in", "nin"):
        params.extend(c.value)
        marks = ", ".join("?" * len(c.value))
        test = f"{col} IN ({marks})"
        return test if c.op == "in" else f"NOT coalesce({test}, FALSE)"
    if c.op in _COMPARE:
        params.append(c.value)
        return f"{col} {_COMPARE[c.op]} ?"
    params.append(c.value)
    if c.op == "contains":
        return f"instr({col}, ?) > 0"
    return f"instr(lower({col}), lower(?)) > 0"  # icontains


def _list(c: Condition, col: str, params: list[Any]) -> str:
    """A JSON array column (tags, entities): membership."""
    col = json_col(col, "'[]'")
    if c.op == "exists":
        return f"json_array_length({col}) > 0"
    values = list(c.value) if c.op in ("in", "nin") else [c.value]
    params.extend(values)
    marks = ", ".join("?" * len(values))
    item = "lower(value) = lower(?)" if c.op == "icontains" else f"value IN ({marks})"
    has = f"EXISTS (SELECT 1 FROM json_each({col}) WHERE {item})"
    return f"NOT {has}" if c.op in ("ne", "nin") else has


def _date(c: Condition, col: str, params: list[Any]) -> str:
    """An ISO-8601 UTC text column: compared as text, which sorts as time (codec.ts)."""
    if c.op == "exists":
        return f"{col} IS NOT NULL"
    when = c.value
    if when is None:
        return f"{col} IS {'NOT ' if c.op == 'ne' else ''}NULL"
    assert isinstance(when, When)
    start, end = ts(when.start), ts(when.end)
    if c.op in ("eq", "ne"):
        if end is None:
            params.append(start)
            test = f"{col} = ?"
        else:
            params.extend([start, end])
            test = f"({col} >= ? AND {col} < ?)"
        return test if c.op == "eq" else f"NOT coalesce({test}, FALSE)"
    # A whole day: after it starts at its end, up to it ends at its end.
    bound = {"gt": end or start, "gte": start, "lt": start, "lte": end or start}[c.op]
    op = _COMPARE[c.op]
    if end is not None:
        op = {"gt": ">=", "lte": "<"}.get(c.op, op)
    params.append(bound)
    return f"{col} {op} ?"


def _metadata(c: Condition, data: str, path: str, params: list[Any]) -> str:
    """A key of ``data.metadata`` (JSON): typed comparisons, so "7" never equals 7
    and ``true`` never equals 1; a list value ``contains`` is membership."""

    def bind(*values: Any) -> None:
        params.extend(values)

    kind = f"json_type({data}, ?)"
    value = f"json_extract({data}, ?)"

    def equals(v: Any) -> str:
        if v is None:
            bind(path)
            return f"coalesce({kind} = 'null', TRUE)"  # unset or null
        if isinstance(v, bool):
            bind(path)
            return f"{kind} = '{'true' if v else 'false'}'"
        bind(path, path, v)
        return _typed(kind, value, "=", v)

    if c.op == "exists":
        bind(path)
        return f"coalesce({kind} != 'null', FALSE)"
    if c.op in ("eq", "ne"):
        test = equals(c.value)
        return test if c.op == "eq" else f"NOT coalesce({test}, FALSE)"
    if c.op in ("in", "nin"):
        test = "(" + " OR ".join(f"coalesce({equals(v)}, FALSE)" for v in c.value) + ")"
        return test if c.op == "in" else f"NOT {test}"
    if c.op in _COMPARE:
        bind(path, path, c.value)
        return _typed(kind, value, _COMPARE[c.op], c.value)
    fold: Callable[[str], str] = (lambda s: f"lower({s})") if c.op == "icontains" else str
    bind(path, path, c.value, path, c.value)
    return (
        f"CASE {kind} WHEN 'array' THEN EXISTS (SELECT 1 FROM json_each({data}, ?) "
        f"WHERE {fold('value')} = {fold('?')}) "
        f"WHEN 'text' THEN instr({fold(value)}, {fold('?')}) > 0 ELSE FALSE END"
    )


def _typed(kind: str, value: str, op: str, v: Any) -> str:
    """``value op ?`` where the JSON value has ``v``'s type (text, or a number compared
    as a number); the CASE keeps the comparison from running on another type
    (PostgreSQL, whose json_extract stand-in answers text, casts only numbers)."""
    if isinstance(v, str):
        return f"CASE WHEN {kind} = 'text' THEN {value} {op} ? ELSE FALSE END"
    return (
        f"CASE WHEN {kind} IN ('integer', 'real') THEN CAST({value} AS REAL) {op} ? ELSE FALSE END"
    )
