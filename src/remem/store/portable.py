"""Flat-file portability: ``remem export DIR`` and ``remem import DIR``.

The directory holds plain JSON Lines a person can read and grep:

- ``facts-YYYY-Q#.jsonl``: one memory a line, by quarter of creation, with the
  seed's fact schema (id, content, category, tags, importance, tier, created,
  source_session, last_referenced, reference_count, supersedes, superseded_by,
  promoted, source_trust) plus every other field of the record;
- ``memory-log.jsonl``: the audit events;
- ``resources.jsonl``: the raw inputs;
- ``checkpoints.jsonl``: session checkpoints (with their scope);
- ``embeddings.jsonl`` (optional): each memory's vector, base64 float32;
- ``manifest.json``: format version and the line count of every file, so a
  truncated or missing file is caught before anything is imported.

Import reads and validates everything first, then writes it in one transaction.
"""

from __future__ import annotations

import base64
import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from remem.errors import StoreError, ValidationError
from remem.files import open_private, private_dir
from remem.model import AuditEvent, Checkpoint, MemoryRecord, Resource, Scope
from remem.store.codec import dumps, memory_to_row, resource_to_row, ts
from remem.store.import_checks import (
    SEED_ALIASES,
    check_unique,
    check_vectors,
    checkpoint_from_line,
    event_from_line,
    memory_from_line,
    resource_from_line,
    vector_from_line,
)
from remem.validation import Limits

FORMAT_VERSION = 1
Progress = Callable[[int, int], None]
_EXPORT_FILE = re.compile(
    r"facts-\d{4}-Q[1-4]\.jsonl|memory-log\.jsonl|resources\.jsonl|checkpoints\.jsonl"
    r"|embeddings\.jsonl"
)


def _quarter(record: MemoryRecord) -> str:
    created = record.created_at
    return f"facts-{created.year}-Q{(created.month - 1) // 3 + 1}.jsonl"


def memory_line(record: MemoryRecord) -> dict[str, Any]:
    row = memory_to_row(record)
    row.pop("content_hash")
    row["tags"], row["entities"], row["data"] = record.tags, record.entities, record.data
    row["promoted"] = record.promoted
    for seed, ours in SEED_ALIASES.items():
        row[seed] = row[ours]
    return row


def export_store(store: Any, directory: Path, *, embeddings: bool = False) -> dict[str, int]:
    """Write the whole store to ``directory`` (created; must be empty). Returns line counts."""
    if directory.exists() and not directory.is_dir():
        raise ValidationError(f"{directory} is not a directory; export into a new directory")
    try:
        private_dir(directory)
    except OSError as exc:
        raise ValidationError(f"cannot create {directory}: {exc}") from exc
    if any(directory.iterdir()):
        raise ValidationError(f"{directory} is not empty; export into a new directory")
    try:
        return _export(store, directory, embeddings=embeddings)
    except PermissionError as exc:
        raise ValidationError(f"cannot write the export into {directory}: {exc}") from exc
    except OSError as exc:  # a full disk, an I/O error
        raise StoreError(f"writing the export into {directory} failed: {exc}") from exc


def _export(store: Any, directory: Path, *, embeddings: bool) -> dict[str, int]:
    counts: dict[str, int] = {}
    handles: dict[str, Any] = {}
    ids: list[str] = []
    try:
        for record in store.iter_memories():
            name = _quarter(record)
            if name not in handles:
                handles[name] = open_private(directory / name)
            handles[name].write(dumps(memory_line(record)) + "\n")
            counts[name] = counts.get(name, 0) + 1
            ids.append(record.id)
    finally:
        for fh in handles.values():
            fh.close()

    def write(name: str, rows: Iterator[dict[str, Any]]) -> None:
        with open_private(directory / name) as fh:
            n = 0
            for row in rows:
                fh.write(dumps(row) + "\n")
                n += 1
        counts[name] = n

    write("memory-log.jsonl", (_event_line(e) for e in store.iter_events()))
    write("resources.jsonl", (_resource_line(r) for r in store.iter_resources()))
    write("checkpoints.jsonl", store.iter_checkpoint_rows())
    if embeddings:
        write("embeddings.jsonl", _embedding_lines(store, ids))
    manifest = {"format": "remem-export", "version": FORMAT_VERSION, "files": counts}
    with open_private(directory / "manifest.json") as fh:
        fh.write(json.dumps(manifest, indent=2) + "\n")
    return counts


def scope_lines(store: Any, scope: Scope) -> Iterator[dict[str, Any]]:
    """One scope's records as JSON-ready lines, each ``{"type": ..., "record": ...}``:
    its memories (every status, as in ``facts-*.jsonl``), their audit events (as in
    ``memory-log.jsonl``) and its raw inputs (as in ``resources.jsonl``). Nothing of
    another scope: the REST service's export."""
    ids: list[str] = []
    for record in store.iter_memories(scope):
        ids.append(record.id)
        yield {"type": "memory", "record": memory_line(record)}
    for memory_id in ids:
        for event in store.history(memory_id):
            yield {"type": "event", "record": _event_line(event)}
    for resource in store.iter_resources(scope):
        yield {"type": "resource", "record": _resource_line(resource)}


def _event_line(event: AuditEvent) -> dict[str, Any]:
    return {
        "id": event.id,
        "memory_id": event.memory_id,
        "event": event.event,
        "at": ts(event.at),
        "actor": event.actor,
        "detail": event.detail,
    }


def _resource_line(resource: Resource) -> dict[str, Any]:
    row = resource_to_row(resource)
    row["metadata"] = resource.metadata
    return row


def _embedding_lines(store: Any, ids: list[str]) -> Iterator[dict[str, Any]]:
    for start in range(0, len(ids), 500):
        found = store.get_vectors(ids[start : start + 500])
        for memory_id, (model_id, blob) in found.items():
            yield {
                "id": memory_id,
                "model_id": model_id,
                "dim": len(blob) // 4,
                "vector": base64.b64encode(blob).decode("ascii"),
            }


def _read_jsonl(path: Path, expected: int) -> list[dict[str, Any]]:
    rows = []
    try:
        with path.open("r", encoding="utf-8") as fh:
            for number, line in enumerate(fh, start=1):
                if not line.endswith("\n"):
                    raise ValidationError(f"{path.name} line {number} is truncated")
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ValidationError(f"{path.name} line {number}: {exc.msg}") from exc
                except RecursionError as exc:
                    raise ValidationError(
                        f"{path.name} line {number}: JSON nested too deeply"
                    ) from exc
    except FileNotFoundError as exc:
        raise ValidationError(f"{path.name} is missing from the export") from exc
    except UnicodeDecodeError as exc:
        raise ValidationError(f"{path.name} is not UTF-8") from exc
    if len(rows) != expected:
        raise ValidationError(
            f"{path.name} has {len(rows)} lines but the manifest lists {expected}: "
            "the export is truncated or was edited"
        )
    return rows


def import_store(
    store: Any,
    directory: Path,
    *,
    progress: Progress | None = None,
    limits: Limits | None = None,
    expect_vectors: tuple[str, int] | None = None,
    admit: Callable[[MemoryRecord], MemoryRecord] | None = None,
) -> dict[str, int]:
    """Load an export into ``store`` in one transaction; nothing is written on any error.

    Every line is validated first (:mod:`remem.store.import_checks`) against
    ``limits`` (default: :class:`~remem.validation.Limits`' defaults); with
    ``expect_vectors`` (the store's embedder ``(model_id, dim)``) vectors must be of
    that model and dimension. ``admit`` sees each memory before it is written (the
    caller's checks of what a file may claim: trust, provenance)."""
    limits = limits or Limits()
    manifest_path = directory / "manifest.json"
    try:
        manifest = json.loads(manifest_path.read_text("utf-8"))
        files: dict[str, int] = manifest["files"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        raise ValidationError(f"{manifest_path} is missing or unreadable: {exc}") from exc
    if manifest.get("format") != "remem-export" or manifest.get("version") != FORMAT_VERSION:
        raise ValidationError(f"{directory} is not a remem export of format {FORMAT_VERSION}")
    if not isinstance(files, dict) or not all(
        isinstance(name, str) and _EXPORT_FILE.fullmatch(name) and isinstance(n, int) and n >= 0
        for name, n in files.items()
    ):
        raise ValidationError(f"{manifest_path}: 'files' must map export file names to counts")
    data = {name: _read_jsonl(directory / name, n) for name, n in files.items()}

    def lines(prefix: str) -> Iterator[tuple[str, Any]]:
        for name, rows in sorted(data.items()):
            if name.startswith(prefix):
                for number, row in enumerate(rows, start=1):
                    yield f"{name} line {number}", row

    memories = [memory_from_line(row, where, limits) for where, row in lines("facts-")]
    if admit is not None:
        memories = [admit(m) for m in memories]
    check_unique(
        ((m.id, where) for m, (where, _) in zip(memories, lines("facts-"), strict=True)), "memory"
    )
    resources = [resource_from_line(row, where, limits) for where, row in lines("resources.")]
    check_unique(
        ((r.id, where) for r, (where, _) in zip(resources, lines("resources."), strict=True)),
        "resource",
    )
    events = [event_from_line(row, where, limits) for where, row in lines("memory-log.")]
    checkpoints = [checkpoint_from_line(row, where, limits) for where, row in lines("checkpoints.")]
    located = [
        (*vector_from_line(row, where, limits), where) for where, row in lines("embeddings.")
    ]
    check_vectors(located, {m.id for m in memories}, expect=expect_vectors)
    vectors = [(memory_id, model_id, vec) for memory_id, model_id, vec, _ in located]
    total = len(memories) + len(resources) + len(events)
    try:
        _write_all(store, resources, memories, vectors, events, checkpoints, progress, total)
    except (sqlite3.IntegrityError, ValidationError) as exc:  # the store translates it
        raise ValidationError(
            f"cannot import {directory}: a record in it already exists in this store ({exc}); "
            "import into an empty store"
        ) from exc
    if progress:
        progress(total, total)
    return {
        "memories": len(memories),
        "resources": len(resources),
        "events": len(events),
        "checkpoints": len(checkpoints),
        "embeddings": len(vectors),
    }


def _write_all(
    store: Any,
    resources: list[Resource],
    memories: list[MemoryRecord],
    vectors: list[tuple[str, str, Any]],
    events: list[AuditEvent],
    checkpoints: list[tuple[Checkpoint, Scope]],
    progress: Progress | None,
    total: int,
) -> None:
    done = 0
    with store.transaction():
        for resource in resources:
            store.append_resource(resource)
        for start in range(0, len(memories), 500):
            store.insert_memories(memories[start : start + 500], vectors=None, model_id=None)
            done += len(memories[start : start + 500])
            if progress:
                progress(done, total)
        by_model: dict[str, list[tuple[str, Any]]] = {}
        for memory_id, model_id, vec in vectors:
            by_model.setdefault(model_id, []).append((memory_id, vec))
        for model_id, pairs in by_model.items():
            store.put_vectors(
                [p[0] for p in pairs], np.stack([p[1] for p in pairs]), model_id=model_id
            )
        store.add_events(events)
        for point, scope in checkpoints:
            store.put_checkpoint(point, scope)
