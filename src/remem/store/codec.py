"""Convert records to store rows and back (shared by every SQL store)."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import fields
from datetime import UTC, datetime
from typing import Any

import numpy as np
import numpy.typing as npt

from remem.errors import ValidationError
from remem.model import (
    AuditEvent,
    Kind,
    MemoryRecord,
    Resource,
    Sentiment,
    Status,
    Strength,
    Tier,
    Trust,
    Visibility,
)
from remem.secrets import redact
from remem.store.base import PackedTokens
from remem.validation import check_decodable

MEMORY_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(MemoryRecord))
_JSON_FIELDS = {"tags", "entities", "data"}
_TIME_FIELDS = {
    "valid_from", "valid_to", "created_at", "updated_at", "last_referenced_at",
    "last_accessed_at", "purge_candidate_since",
}  # fmt: skip
_ENUMS: dict[str, type] = {
    "kind": Kind, "tier": Tier, "strength": Strength, "sentiment": Sentiment,
    "source_trust": Trust, "visibility": Visibility, "status": Status,
}  # fmt: skip


def ts(value: datetime | None) -> str | None:
    """A datetime as an ISO-8601 UTC string (naive datetimes are taken as UTC)."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat()


def parse_ts(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def required_ts(value: str | None) -> datetime:
    """:func:`parse_ts` of a column that must hold a time (ValueError if it is empty)."""
    parsed = parse_ts(value)
    if parsed is None:
        raise ValueError("a required time is missing")
    return parsed


def dumps(value: Any) -> str:
    """``value`` as the JSON text a column keeps. NaN and infinity are refused (JSON
    has neither: SQLite's JSON functions and PostgreSQL reject such text), whichever
    path built the value, so no write can leave a row every filter trips over."""
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str, allow_nan=False)
    except ValueError as exc:
        raise ValidationError(
            "a value to store holds NaN or infinity, which JSON cannot represent; "
            "use a finite number, null or a string"
        ) from exc


def _constant(name: str) -> None:
    """A NaN or infinity in stored JSON (written before remem refused them) reads as
    null: a JSON answer (REST, MCP, export) could not carry it."""
    return None


def loads(text: str) -> Any:
    """Stored JSON text as a value (NaN and infinity read as null)."""
    return json.loads(text, parse_constant=_constant)


_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)
_SPACE = re.compile(r"\s+")


def content_hash(text: str) -> str:
    """Hash of the normalised text: case, accents, punctuation and spacing ignored."""
    norm = unicodedata.normalize("NFKC", text).casefold()
    norm = _SPACE.sub(" ", _PUNCT.sub(" ", norm)).strip()
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


def memory_to_row(record: MemoryRecord) -> dict[str, Any]:
    """The store row of ``record``. Its content is redacted here, before the hash is
    taken: the stored hash is of the redacted text (a hash of a short secret could
    be brute-forced). The store's connection redacts every other text it writes."""
    # Whatever path built the record, nothing is written that could not be read back
    # (a bogus tier once made every later search of its scope fail).
    check_decodable(record)
    row: dict[str, Any] = {}
    for name in MEMORY_COLUMNS:
        value = getattr(record, name)
        if name in _JSON_FIELDS:
            value = dumps(value)
        elif name in _TIME_FIELDS:
            value = ts(value)
        elif name == "promoted":
            value = int(value)
        elif name in _ENUMS:
            value = str(value)
        elif name == "content":
            value = redact(value)
        row[name] = value
    row["content_hash"] = content_hash(row["content"])
    return row


def _json(text: str) -> Any:
    # Most records have no tags, entities or data: skip the parser for those.
    if text == "[]":
        return []
    if text == "{}":
        return {}
    return loads(text)


def _enum(kind: type) -> Any:
    members = {m.value: m for m in kind}  # type: ignore[attr-defined]

    def convert(value: str) -> Any:
        member = members.get(value)
        return kind(value) if member is None else member  # an unknown value raises

    return convert


def _converter(name: str) -> Any:
    if name in _JSON_FIELDS:
        return _json
    if name in _TIME_FIELDS:
        return parse_ts
    if name == "promoted":
        return bool
    kind = _ENUMS.get(name)
    return None if kind is None else _enum(kind)


# (column, converter or None) in record order: built once, used for every row read.
_READERS: tuple[tuple[str, Any], ...] = tuple((n, _converter(n)) for n in MEMORY_COLUMNS)


def row_to_memory(row: sqlite3.Row | dict[str, Any]) -> MemoryRecord:
    values: dict[str, Any] = {}
    for name, convert in _READERS:
        value = row[name]
        values[name] = value if convert is None or value is None else convert(value)
    return MemoryRecord(**values)


# Called with the id of a row that cannot be decoded and why; the row is skipped.
SkipRow = Callable[[Any, Exception], None]
DECODE_ERRORS = (ValueError, TypeError, KeyError, AttributeError, RecursionError)
_NUMBERS = ("importance", "confidence", "trust_score", "retrieval_priority")
_COUNTS = ("reference_count", "access_count", "surface_count", "success_count", "failure_count")


def check_record(record: MemoryRecord) -> None:
    """Raise ValueError when a decoded record holds a value of the wrong type (a row
    written by a bad import or an older bug): the read path would fail on it later."""
    if not isinstance(record.content, str) or not isinstance(record.id, str):
        raise ValueError("content and id must be text")
    for name in ("tags", "entities"):
        value = getattr(record, name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"{name} must be a list of strings")
    if not isinstance(record.data, dict):
        raise ValueError("data must be a JSON object")
    for name in _NUMBERS:
        if type(getattr(record, name)) not in (float, int):
            raise ValueError(f"{name} must be a number")
    for name in _COUNTS:
        if type(getattr(record, name)) is not int:
            raise ValueError(f"{name} must be an integer")
    if not isinstance(record.created_at, datetime) or not isinstance(record.updated_at, datetime):
        raise ValueError("created_at and updated_at must be timestamps")


def rows_to_memories(
    rows: Sequence[sqlite3.Row], *, skip: SkipRow | None = None
) -> list[MemoryRecord]:
    """:func:`row_to_memory` for the rows of one query: each column is found by
    position once, not by name in every row, and the record is built from
    positional values (a search reads its ~30 candidates' records this way).

    With ``skip``, a row that cannot be decoded (an unknown enum value, broken
    JSON, a value of the wrong type) is left out and reported to ``skip`` with its
    id, so one bad row never breaks a whole scope; without, it raises."""
    if not rows:
        return []
    keys = rows[0].keys()
    id_column = keys.index("id")
    # (field position, column position[, converter]) for the two kinds of column
    columns = [(i, keys.index(name), c) for i, (name, c) in enumerate(_READERS)]
    plain = [(i, j) for i, j, c in columns if c is None]
    converted = [(i, j, c) for i, j, c in columns if c is not None]
    out = []
    width = len(_READERS)
    for row in rows:
        values = tuple(row)
        args: list[Any] = [None] * width
        for i, j in plain:
            args[i] = values[j]
        try:
            for i, j, convert in converted:
                value = values[j]
                args[i] = None if value is None else convert(value)
            record = MemoryRecord(*args)
            check_record(record)
        except DECODE_ERRORS as exc:
            if skip is None:
                raise
            skip(values[id_column], exc)
            continue
        out.append(record)
    return out


RESOURCE_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(Resource))


def resource_to_row(resource: Resource) -> dict[str, Any]:
    row = {name: getattr(resource, name) for name in RESOURCE_COLUMNS}
    row["occurred_at"] = ts(resource.occurred_at)
    row["created_at"] = ts(resource.created_at)
    row["metadata"] = dumps(resource.metadata)
    return row


def row_to_resource(row: sqlite3.Row | dict[str, Any]) -> Resource:
    values = {name: row[name] for name in RESOURCE_COLUMNS}
    values["occurred_at"] = parse_ts(values["occurred_at"])
    values["created_at"] = parse_ts(values["created_at"])
    values["metadata"] = loads(values["metadata"])
    return Resource(**values)


def row_to_audit(row: sqlite3.Row | dict[str, Any]) -> AuditEvent:
    return AuditEvent(
        id=row["id"],
        memory_id=row["memory_id"],
        event=row["event"],
        at=datetime.fromisoformat(row["at"]),
        actor=row["actor"],
        detail=loads(row["detail"]),
    )


# -- token vectors: int8 with one float32 scale per token ---------------------
def pack_tokens(token_ids: Sequence[int], vectors: npt.NDArray[np.float32]) -> PackedTokens:
    """Quantise one text's token vectors to int8 with one float32 scale per token."""
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.ndim != 2 or matrix.shape[0] != len(token_ids):
        raise ValueError("one vector row per token id")
    peak = np.abs(matrix).max(axis=1) if matrix.size else np.zeros(0, dtype=np.float32)
    scales = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    quantised = np.rint(matrix / scales[:, None]).clip(-127, 127).astype(np.int8)
    return PackedTokens(
        token_ids=np.asarray(token_ids, dtype=np.uint32),
        vectors=quantised,
        scales=scales,
    )


def unpack_tokens(packed: PackedTokens) -> npt.NDArray[np.float32]:
    """The float32 token vectors a :class:`PackedTokens` stands for."""
    return packed.vectors.astype(np.float32) * packed.scales[:, None]
