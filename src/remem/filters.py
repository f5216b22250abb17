"""The filter language of ``search``, ``list``, ``get_all`` and ``delete_all``.

Mem0's dict syntax, checked here into a small typed tree that the store compiles
to SQL with bound parameters (:func:`remem.store.sqlwhere.where_sql`), so
filtering happens before ranking, whatever the candidate source::

    {"category": "work"}                                  # equality
    {"importance": {"gte": 0.7, "lt": 1}}                 # several operators: all hold
    {"AND": [{"kind": "semantic"}, {"OR": [{"tags": "car"}, {"metadata.source": "crm"}]}]}
    {"NOT": [{"status": "archived"}, {"tags": "old"}]}    # none of the listed conditions
    {"created_at": {"gte": "2024-01-01"}}                 # a bare date is a whole UTC day

Several keys in one dict all hold (AND). Keys: the scope fields (``user_id``,
``agent_id``, ``namespace``; a filter can only narrow the call's scope, never
widen it), ``run_id`` (= ``session_id``), ``role``, ``category``, ``content``,
the enums (``kind``, ``status``, ``source_trust``, ``tier``, ``visibility``,
``sentiment``, ``strength``), the numbers (``importance``, ``confidence``,
``trust_score``), the dates (``created_at``, ``updated_at``, ``valid_from``,
``valid_to``), the lists (``tags``, ``entities``) and your own metadata
(``metadata.<key>``, dotted for nesting, or ``{"metadata": {"<key>": ...}}``).

Operators: ``eq``, ``ne``, ``in``, ``nin``, ``gt``, ``gte``, ``lt``, ``lte``,
``contains``, ``icontains`` (ASCII case folding), and the value ``"*"``: the
field is set. ``ne`` and ``nin`` also match a memory that lacks the field. On a
list field ``eq`` / ``contains`` mean "has this item" (``icontains``: ignoring
case), ``in`` "has any of"; on a metadata list, ``contains`` is membership too.
An unknown key, operator or value, or an operator that does not apply to the
field, is a :class:`~remem.errors.ValidationError` naming it: nothing is ignored.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from typing import Any

from remem.errors import ValidationError
from remem.secrets import redact
from remem.store.base import ListFilter
from remem.validation import ENUM_FIELDS, check_enum, check_filter_values, check_label

TEXT = "text"
ENUM = "enum"
NUMBER = "number"
DATE = "date"
LIST = "list"
METADATA = "metadata"

# field -> (type, column); ``run_id`` is Mem0's name for a session.
FIELDS: dict[str, tuple[str, str]] = {
    **{name: (TEXT, name) for name in ("user_id", "agent_id", "namespace", "role")},
    **{name: (TEXT, name) for name in ("session_id", "category", "content")},
    "run_id": (TEXT, "session_id"),
    **{name: (ENUM, name) for name in ENUM_FIELDS},
    **{name: (NUMBER, name) for name in ("importance", "confidence", "trust_score")},
    **{name: (DATE, name) for name in ("created_at", "updated_at", "valid_from", "valid_to")},
    **{name: (LIST, name) for name in ("tags", "entities")},
}
LOGICAL = ("AND", "OR", "NOT")
ANY_VALUE = "*"
OPERATORS: dict[str, tuple[str, ...]] = {
    TEXT: ("eq", "ne", "in", "nin", "contains", "icontains"),
    ENUM: ("eq", "ne", "in", "nin"),
    NUMBER: ("eq", "ne", "in", "nin", "gt", "gte", "lt", "lte"),
    DATE: ("eq", "ne", "gt", "gte", "lt", "lte"),
    LIST: ("eq", "ne", "in", "nin", "contains", "icontains"),
    METADATA: ("eq", "ne", "in", "nin", "gt", "gte", "lt", "lte", "contains", "icontains"),
}
ALL_OPERATORS = sorted({op for ops in OPERATORS.values() for op in ops})
# A metadata key: dotted segments of letters, digits, "_" and "-" (it becomes a JSON
# path, bound as a parameter; other characters are refused, not escaped).
_SEGMENT = re.compile(r"[A-Za-z0-9_-]{1,64}")
_MAX_SEGMENTS = 8
_DATE_ONLY = re.compile(r"\d{4}-\d{2}-\d{2}")

Scalar = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class When:
    """A date value: an instant (``end`` None) or a whole UTC day ``[start, end)``."""

    start: datetime
    end: datetime | None = None


@dataclass(frozen=True, slots=True)
class Condition:
    """One test of one field: ``op`` is an operator or ``"exists"`` (the value ``*``).

    ``field`` is the canonical name (``run_id`` becomes ``session_id``), ``kind``
    its type, ``path`` the JSON path of a metadata key (else None). ``value`` is
    checked for the field: a scalar, a :class:`When`, or a tuple of them for
    ``in`` / ``nin``."""

    field: str
    kind: str
    op: str
    value: Any = None
    path: str | None = None


@dataclass(frozen=True, slots=True)
class AllOf:
    parts: tuple[Filter, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    parts: tuple[Filter, ...]


@dataclass(frozen=True, slots=True)
class Negation:
    part: Filter


Filter = Condition | AllOf | AnyOf | Negation


@dataclass(frozen=True, slots=True)
class FilterLimits:
    """How big a filter may be (``Config``: ``filter_max_values``, ``filter_max_depth``)."""

    max_values: int = 500
    max_depth: int = 8
    max_label_chars: int = 256

    @classmethod
    def of(cls, config: Any) -> FilterLimits:
        """The limits configured in ``config`` (a :class:`remem.config.Config`)."""
        return cls(config.filter_max_values, config.filter_max_depth, config.max_label_chars)


def parse_filter(raw: object, limits: FilterLimits | None = None) -> Filter:
    """``raw`` (Mem0's dict syntax, see the module docstring) as a checked tree."""
    parser = _Parser(limits or FilterLimits())
    return parser.group(raw, "filters", depth=0)


def narrowing(
    filters: object, *, run_id: object = None, limits: FilterLimits | None = None
) -> ListFilter | None:
    """The :class:`ListFilter` of a call's ``filters`` (Mem0's dict syntax, or a
    ListFilter) and ``run_id``, checked.

    Only active memories unless the filter names ``status`` (anywhere in it)."""
    limits = limits or FilterLimits()
    out: ListFilter | None
    if filters is None:
        out = None
    elif isinstance(filters, ListFilter):
        where = filters.where
        if where is not None and not isinstance(where, Condition | AllOf | AnyOf | Negation):
            where = parse_filter(where, limits)
        check_filter_values(filters.statuses, filters.kinds)
        out = replace(filters, where=where)
    elif isinstance(filters, Mapping):
        where = parse_filter(filters, limits)
        statuses = () if "status" in fields_named(where) else ("active",)
        out = ListFilter(statuses=statuses, where=where)
    else:
        raise ValidationError(
            "filters must be a dict such as {'category': 'work'} (see remem.filters) "
            f"or a ListFilter, not {type(filters).__name__}"
        )
    if run_id is not None:
        session = check_label(run_id, "run_id", max_chars=limits.max_label_chars)
        if out is not None and out.session_id not in (None, session):
            raise ValidationError("run_id contradicts the filter's session_id; pass one")
        out = replace(out or ListFilter(), session_id=session)
    return out


def fields_named(node: Filter) -> set[str]:
    """The canonical fields ``node`` tests anywhere (metadata keys as ``metadata``)."""
    if isinstance(node, Condition):
        return {METADATA if node.kind == METADATA else node.field}
    if isinstance(node, Negation):
        return fields_named(node.part)
    return set().union(*(fields_named(p) for p in node.parts))


def _shown(value: object, limit: int = 60) -> str:
    """``value`` as an error may quote it: redacted first, then cut."""
    return repr(redact(value) if isinstance(value, str) else value)[:limit]


class _Parser:
    def __init__(self, limits: FilterLimits) -> None:
        self.limits = limits
        self.values = 0  # conditions and list items so far

    def _count(self, n: int) -> None:
        self.values += n
        if self.values > self.limits.max_values:
            raise ValidationError(
                f"filters hold more than {self.limits.max_values} conditions and values; "
                "split the query or raise filter_max_values"
            )

    def group(self, raw: object, where: str, *, depth: int) -> Filter:
        """A dict: each key a condition or AND / OR / NOT, all of them holding."""
        if depth > self.limits.max_depth:
            raise ValidationError(
                f"filters nest deeper than {self.limits.max_depth} levels at {where}"
            )
        if not isinstance(raw, Mapping) or not raw:
            raise ValidationError(
                f"{where} must be a non-empty dict of conditions, e.g. {{'category': 'work'}}"
            )
        parts: list[Filter] = []
        for key, value in raw.items():
            if not isinstance(key, str):
                raise ValidationError(f"{where}: filter keys are strings, got {_shown(key)}")
            if key in LOGICAL:
                parts.append(self.logical(key, value, f"{where}.{key}", depth=depth))
            elif key == METADATA:
                parts.extend(self.metadata_shorthand(value, f"{where}.metadata"))
            else:
                parts.extend(self.field(key, value, where))
        return parts[0] if len(parts) == 1 else AllOf(tuple(parts))

    def logical(self, key: str, value: object, where: str, *, depth: int) -> Filter:
        items = [value] if key == "NOT" and isinstance(value, Mapping) else value
        if not isinstance(items, list | tuple) or not items:
            raise ValidationError(f"{where} needs a non-empty list of conditions")
        parts = tuple(
            self.group(item, f"{where}[{i}]", depth=depth + 1) for i, item in enumerate(items)
        )
        if key == "AND":
            return parts[0] if len(parts) == 1 else AllOf(parts)
        either = parts[0] if len(parts) == 1 else AnyOf(parts)
        return Negation(either) if key == "NOT" else either  # NOT: none of them (Mem0's)

    def metadata_shorthand(self, value: object, where: str) -> list[Condition]:
        if not isinstance(value, Mapping) or not value:
            raise ValidationError(
                f"{where} must be a non-empty dict of metadata keys, e.g. {{'source': 'crm'}}"
            )
        out: list[Condition] = []
        for key, inner in value.items():
            if not isinstance(key, str):
                raise ValidationError(f"{where}: metadata keys are strings, got {_shown(key)}")
            out.extend(self.field(f"metadata.{key}", inner, where))
        return out

    def field(self, key: str, value: object, where: str) -> list[Condition]:
        kind, column, path = self.resolve(key, where)
        if isinstance(value, Mapping):
            if not value:
                raise ValidationError(f"{where}: {_shown(key)} has an empty operator dict")
            return [self.condition(key, kind, column, path, op, v) for op, v in value.items()]
        return [self.condition(key, kind, column, path, "eq", value)]

    def resolve(self, key: str, where: str) -> tuple[str, str, str | None]:
        if key in FIELDS:
            kind, column = FIELDS[key]
            return kind, column, None
        if key.startswith("metadata."):
            segments = key.split(".")[1:]
            if (
                len(key) > self.limits.max_label_chars
                or len(segments) > _MAX_SEGMENTS
                or not all(_SEGMENT.fullmatch(s) for s in segments)
            ):
                raise ValidationError(
                    f"{where}: bad metadata key {_shown(key)}: dotted names of letters, "
                    f"digits, '_' and '-' (at most {_MAX_SEGMENTS} levels)"
                )
            return METADATA, key, "$.metadata" + "".join(f'."{s}"' for s in segments)
        own = f"'metadata.{key}'" if _SEGMENT.fullmatch(key) else "'metadata.<key>'"
        raise ValidationError(
            f"{where}: unknown filter key {_shown(key)}; for a key of your own metadata "
            f"use {own}; built-in keys: {', '.join(sorted(FIELDS))}, AND / OR / NOT"
        )

    def condition(
        self, key: str, kind: str, column: str, path: str | None, op: object, value: object
    ) -> Condition:
        name = "session_id" if key == "run_id" else key
        if value == ANY_VALUE and op == "eq":
            self._count(1)
            return Condition(name, kind, "exists", None, path)
        if not isinstance(op, str) or op not in OPERATORS[kind]:
            known = op in ALL_OPERATORS or op in LOGICAL
            hint = "does not apply to" if known else "is not an operator for"
            raise ValidationError(
                f"filter operator {_shown(op)} {hint} {_shown(key)}; "
                f"use one of {', '.join(OPERATORS[kind])} (or the value '*')"
            )
        if op in ("in", "nin"):
            if not isinstance(value, list | tuple) or not value:
                raise ValidationError(f"{_shown(key)} {op} needs a non-empty list of values")
            self._count(len(value))
            items = tuple(self.value(key, kind, op, v) for v in value)
            return Condition(name, kind, op, items, path)
        self._count(1)
        return Condition(name, kind, op, self.value(key, kind, op, value), path)

    def value(self, key: str, kind: str, op: str, value: object) -> Any:
        """``value`` checked for a field of ``kind`` under ``op``."""
        shown = f"{_shown(key)} {op}"
        if op in ("contains", "icontains"):
            if not isinstance(value, str) or not value:
                raise ValidationError(f"{shown} needs a non-empty string")
            return value
        if value is None:
            if op in ("eq", "ne") and kind in (TEXT, DATE, METADATA):
                return None  # eq None: the field is unset
            raise ValidationError(f"{shown} cannot compare with None")
        if kind == ENUM:
            enum: type[StrEnum] = ENUM_FIELDS[key]
            return check_enum(value, enum, f"{key} filter").value
        if kind == DATE:
            return _when(value, shown)
        if kind == NUMBER or (kind == METADATA and op in ("gt", "gte", "lt", "lte")):
            if kind == METADATA and isinstance(value, str):
                return value  # metadata strings compare as text (ISO dates sort right)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValidationError(f"{shown} needs a number, got {_shown(value)}")
            if not math.isfinite(value):
                raise ValidationError(f"{shown} needs a finite number")
            return value
        if kind == METADATA:
            if isinstance(value, float) and not math.isfinite(value):
                raise ValidationError(f"{shown} needs a finite number")
            if not isinstance(value, str | int | float | bool):
                raise ValidationError(f"{shown} needs a string, number or boolean")
            return value
        if not isinstance(value, str):  # text and list fields hold strings
            raise ValidationError(f"{shown} needs a string, got {_shown(value)}")
        return value


def _when(value: object, shown: str) -> When:
    """A date filter value: a ``datetime`` (naive = UTC), a ``date`` or an ISO string;
    a bare date is the whole UTC day."""
    day: date | None = None
    if isinstance(value, datetime):
        at = value
    elif isinstance(value, date):
        day = value
    elif isinstance(value, str) and _DATE_ONLY.fullmatch(value.strip()):
        try:
            day = date.fromisoformat(value.strip())
        except ValueError as exc:
            raise ValidationError(f"{shown}: bad date {_shown(value)}") from exc
    elif isinstance(value, str):
        try:
            at = datetime.fromisoformat(value.strip())
        except ValueError as exc:
            raise ValidationError(
                f"{shown}: bad date {_shown(value)}; use ISO-8601, e.g. '2024-01-31' "
                "or '2024-01-31T09:00:00+00:00'"
            ) from exc
    else:
        raise ValidationError(f"{shown} needs a date, a datetime or an ISO-8601 string")
    if day is not None:
        start = datetime(day.year, day.month, day.day, tzinfo=UTC)
        return When(start, start + timedelta(days=1))
    return When(at if at.tzinfo else at.replace(tzinfo=UTC))
