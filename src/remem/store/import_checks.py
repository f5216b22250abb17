"""Validation of an export's lines before ``remem import`` writes any of them.

Each line becomes a record only if every field passes :mod:`remem.validation`
(the rules ``add`` applies), else the import fails naming the file, the line,
the field and the fix, with nothing written. Ids must be well formed and
unique; vectors must belong to an imported memory, be finite float32 of the
dimension their line states and, when the importing store has an embedder, of
its model and dimension (a vector of another length would break every search of
that model in the store).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import Any

import numpy as np
import numpy.typing as npt

from remem.errors import ValidationError
from remem.model import AuditEvent, Checkpoint, MemoryRecord, Resource, Scope
from remem.secrets import has_secret
from remem.validation import (
    TIME_FIELDS,
    Limits,
    check_count,
    check_id,
    check_json,
    check_label,
    check_record,
    check_scope_id,
    check_text,
    optional_label,
    parse_datetime,
)

SEED_ALIASES = {
    "created": "created_at",
    "source_session": "session_id",
    "last_referenced": "last_referenced_at",
}
_MEMORY_FIELDS = {f.name for f in fields(MemoryRecord)}
_EXPORT_ONLY = {"content_hash", *SEED_ALIASES}  # written by export, derived on import
_TIMES = ("created_at", "updated_at", *TIME_FIELDS)
_STATE_KEYS = ("user_input", "tool_calls", "llm_output", "internal_state")
_HASH = re.compile(r"[0-9a-f]{64}")


def _object(line: object, where: str) -> dict[str, Any]:
    if not isinstance(line, dict):
        raise ValidationError(f"{where}: a line must be a JSON object")
    return line


def _scope(row: Mapping[str, Any], where: str, limits: Limits) -> Scope:
    """The line's scope, checked as every write's is: a label, never a place on disk
    (MEMORY.md's file names are built from scope ids), never a credential (two ids
    redacted to one marker would share a scope)."""
    ids = {
        name: optional_label(row.get(name), name, max_chars=limits.max_label_chars)
        for name in ("user_id", "agent_id", "namespace")
    }
    for name, value in ids.items():
        if value is not None:
            check_scope_id(value, name)
            if has_secret(value):
                raise ValidationError(f"{name} holds a credential; use an opaque id instead")
    scope = Scope(**ids)
    if scope.is_empty():
        raise ValidationError(f"{where}: no scope (user_id, agent_id or namespace) is set")
    return scope


def memory_from_line(line: object, where: str, limits: Limits) -> MemoryRecord:
    """A memory from an export line (our field names or the seed's aliases)."""
    row = dict(_object(line, where))
    for seed, ours in SEED_ALIASES.items():
        if ours not in row and seed in row:
            row[ours] = row[seed]
    unknown = set(row) - _MEMORY_FIELDS - _EXPORT_ONLY
    if unknown:
        raise ValidationError(f"{where}: unknown fields {', '.join(sorted(unknown))}")
    for name in ("id", "content", "created_at"):
        if row.get(name) is None:
            raise ValidationError(f"{where}: the required field {name!r} is missing")
    values = {k: v for k, v in row.items() if k in _MEMORY_FIELDS}
    try:
        for name in _TIMES:
            if name in values:
                values[name] = parse_datetime(values[name], name)
        values.setdefault("updated_at", values["created_at"])
        record = MemoryRecord(**values)
    except ValidationError as exc:
        raise ValidationError(f"{where}: {exc}") from exc
    checked = check_record(record, limits, where=f"{where}: ")
    try:
        _scope(values, where, limits)  # its ids as every write checks them
    except ValidationError as exc:
        raise ValidationError(f"{where}: {exc}") from exc
    return checked


def resource_from_line(line: object, where: str, limits: Limits) -> Resource:
    """A resource (raw input) from an export line."""
    row = _object(line, where)
    try:
        scope = _scope(row, where, limits)
        label = limits.max_label_chars
        created = parse_datetime(row.get("created_at"), "created_at")
        if created is None:
            raise ValidationError("created_at is required")
        return Resource(
            id=check_id(row.get("id"), "id"),
            content=check_text(row.get("content"), "content", max_bytes=limits.max_content_bytes),
            kind=check_label(row.get("kind"), "kind", max_chars=label),
            user_id=scope.user_id,
            agent_id=scope.agent_id,
            namespace=scope.namespace,
            session_id=optional_label(row.get("session_id"), "session_id", max_chars=label),
            role=optional_label(row.get("role"), "role", max_chars=label),
            occurred_at=parse_datetime(row.get("occurred_at"), "occurred_at"),
            created_at=created,
            metadata=dict(
                check_json(row.get("metadata", {}), "metadata", max_bytes=limits.max_metadata_bytes)
            ),
            content_hash=_content_hash(row.get("content_hash")),
        )
    except ValidationError as exc:
        raise ValidationError(f"{where}: {exc}") from exc


def _content_hash(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _HASH.fullmatch(value):
        raise ValidationError("content_hash must be 64 lower-case hex digits (or null)")
    return value


def event_from_line(line: object, where: str, limits: Limits) -> AuditEvent:
    """An audit event from an export line."""
    row = _object(line, where)
    try:
        event_id = row.get("id")
        if event_id is not None and (check_count(event_id, "id") < 1):
            raise ValidationError("id must be a positive integer")
        memory_id = row.get("memory_id")
        at = parse_datetime(row.get("at"), "at")
        if at is None:
            raise ValidationError("at is required")
        return AuditEvent(
            id=event_id,
            memory_id=None if memory_id is None else check_id(memory_id, "memory_id"),
            event=check_label(row.get("event"), "event", max_chars=limits.max_label_chars),
            at=at,
            actor=optional_label(row.get("actor"), "actor", max_chars=limits.max_label_chars),
            detail=dict(
                check_json(row.get("detail", {}), "detail", max_bytes=limits.max_metadata_bytes)
            ),
        )
    except ValidationError as exc:
        raise ValidationError(f"{where}: {exc}") from exc


def checkpoint_from_line(line: object, where: str, limits: Limits) -> tuple[Checkpoint, Scope]:
    """A checkpoint and its scope from an export line."""
    row = _object(line, where)
    try:
        scope = _scope(row, where, limits)
        state = check_json(row.get("state"), "state", max_bytes=limits.max_checkpoint_bytes)
        unknown = set(state) - set(_STATE_KEYS)
        if unknown:
            raise ValidationError(f"unknown state keys {', '.join(sorted(unknown))}")
        created = parse_datetime(row.get("created_at"), "created_at")
        if created is None:
            raise ValidationError("created_at is required")
        point = Checkpoint(
            session_id=check_label(
                row.get("session_id"), "session_id", max_chars=limits.max_label_chars
            ),
            turn=check_count(row.get("turn"), "turn"),
            created_at=created,
            **{key: state.get(key) for key in _STATE_KEYS},
        )
    except ValidationError as exc:
        raise ValidationError(f"{where}: {exc}") from exc
    return point, scope


def vector_from_line(
    line: object, where: str, limits: Limits
) -> tuple[str, str, npt.NDArray[np.float32]]:
    """``(memory id, model id, vector)`` from an ``embeddings.jsonl`` line."""
    row = _object(line, where)
    try:
        memory_id = check_id(row.get("id"), "id")
        model_id = check_label(row.get("model_id"), "model_id", max_chars=limits.max_label_chars)
        dim = check_count(row.get("dim"), "dim")
        encoded = row.get("vector")
        if not isinstance(encoded, str):
            raise ValidationError("vector must be a base64 string")
        try:
            blob = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ValidationError("vector is not valid base64") from exc
        if dim == 0 or len(blob) != 4 * dim:
            raise ValidationError(
                f"vector holds {len(blob)} bytes, not the {dim} float32 values of its dim"
            )
        vector = np.frombuffer(blob, dtype=np.float32)
        if not np.isfinite(vector).all():
            raise ValidationError("vector contains NaN or infinite values")
    except ValidationError as exc:
        raise ValidationError(f"{where}: {exc}") from exc
    return memory_id, model_id, vector


def check_unique(ids: Iterable[tuple[str, str]], what: str) -> None:
    """Refuse an id that appears twice (``(id, where)`` pairs)."""
    seen: dict[str, str] = {}
    for record_id, where in ids:
        if record_id in seen:
            raise ValidationError(
                f"{where}: {what} id {record_id} appears twice in the export "
                f"(first at {seen[record_id]})"
            )
        seen[record_id] = where


def check_vectors(
    vectors: Iterable[tuple[str, str, npt.NDArray[np.float32], str]],
    memory_ids: set[str],
    *,
    expect: tuple[str, int] | None,
) -> None:
    """Each vector belongs to an imported memory (once); one dimension per model;
    with ``expect`` (the importing store's embedder ``(model_id, dim)``) that model
    and dimension only."""
    dims: dict[str, tuple[int, str]] = {}
    seen: dict[str, str] = {}
    for memory_id, model_id, vector, where in vectors:
        if memory_id not in memory_ids:
            raise ValidationError(f"{where}: vector for {memory_id}, a memory not in the export")
        if memory_id in seen:
            raise ValidationError(
                f"{where}: a second vector for memory {memory_id} (first at {seen[memory_id]})"
            )
        seen[memory_id] = where
        first = dims.setdefault(model_id, (vector.shape[0], where))
        if first[0] != vector.shape[0]:
            raise ValidationError(
                f"{where}: {model_id} vector of dimension {vector.shape[0]}, but {first[1]} "
                f"has dimension {first[0]}: one model, one dimension"
            )
        if expect is not None and model_id == expect[0] and vector.shape[0] != expect[1]:
            raise ValidationError(
                f"{where}: a {model_id} vector of dimension {vector.shape[0]}, but {model_id} "
                f"vectors have dimension {expect[1]} (one of another length would break every "
                "search of the model)"
            )
        if expect is not None and model_id != expect[0]:
            raise ValidationError(
                f"{where}: a vector of {model_id} (dimension {vector.shape[0]}), but this "
                f"store embeds with {expect[0]} (dimension {expect[1]}); set REMEM_EMBEDDER "
                "to the export's model, or import without embeddings.jsonl (remove it and its "
                "manifest entry) and run `remem reembed`"
            )
