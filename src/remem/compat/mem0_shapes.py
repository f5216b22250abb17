"""What the Mem0 drop-in translates: Mem0's scope ids and filters into remem's, and
remem's records and audit events into Mem0's dicts (see :mod:`remem.compat.mem0`)."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, date, datetime
from typing import Any

from remem.errors import NotFoundError, ValidationError
from remem.model import AuditEvent, MemoryRecord, Scope, SearchHit

ENTITY_KEYS = ("user_id", "agent_id", "run_id")
LOGICAL = ("AND", "OR", "NOT")
# Mem0 keeps these beside the metadata in a memory's payload; remem has them as fields
OWN_FIELDS = frozenset({"created_at", "updated_at"})
RUN_NAMESPACE = "mem0-run:"  # the scope of memories Mem0 scoped by run_id alone
log = logging.getLogger("remem.compat.mem0")


class Mem0ValueError(ValidationError, ValueError):
    """A caller's mistake, as Mem0 raises it (``ValueError``); also a remem
    :class:`~remem.errors.ValidationError`."""


def entity_id(value: object, name: str) -> str | None:
    """Mem0's id rules: str() of what is given, trimmed; empty or inner spaces refused."""
    if value is None:
        return None
    text = str(value).strip()
    if not text:
        raise Mem0ValueError(f"Invalid {name}: cannot be empty or whitespace-only.")
    if any(c.isspace() for c in text):
        raise Mem0ValueError(f"Invalid {name}: cannot contain whitespace.")
    return text


class Target:
    """One call's scope in remem's terms: the scope, and the run (remem's session)."""

    def __init__(self, user_id: object, agent_id: object, run_id: object) -> None:
        self.user_id = entity_id(user_id, "user_id")
        self.agent_id = entity_id(agent_id, "agent_id")
        self.run_id = entity_id(run_id, "run_id")
        if not (self.user_id or self.agent_id or self.run_id):
            raise Mem0ValueError(
                "At least one of 'user_id', 'agent_id', or 'run_id' must be provided, "
                "e.g. filters={'user_id': 'alice'}."
            )
        # remem scopes by user, agent or namespace; a run alone gets a namespace of its own
        namespace = None if self.user_id or self.agent_id else RUN_NAMESPACE + str(self.run_id)
        self.scope = Scope(user_id=self.user_id, agent_id=self.agent_id, namespace=namespace)

    def kwargs(self) -> dict[str, Any]:
        """The scope keywords of remem's ``Memory`` methods."""
        return {
            "user_id": self.scope.user_id,
            "agent_id": self.scope.agent_id,
            "namespace": self.scope.namespace,
        }


def split_filters(
    filters: Mapping[str, Any] | None, ids: Mapping[str, object]
) -> tuple[Target, dict[str, Any] | None]:
    """Mem0's ``filters`` (and the ids given as arguments) as a :class:`Target` and a
    remem filter: the entity ids taken out (at the top, or as members of a top-level
    ``AND``), bare keys read as metadata (``category`` -> ``metadata.category``)."""
    if filters is not None and not isinstance(filters, Mapping):
        raise Mem0ValueError("filters must be a dict")
    rest = dict(filters or {})
    found = {k: v for k, v in ids.items() if v is not None}
    for key in ENTITY_KEYS:
        if key in rest:
            _take(found, key, rest.pop(key))
    members = rest.get("AND")
    if isinstance(members, list):
        kept = []
        for member in members:
            if (
                isinstance(member, Mapping)
                and len(member) == 1
                and next(iter(member)) in ENTITY_KEYS
            ):
                (key, value), *_ = member.items()
                _take(found, key, value)
            else:
                kept.append(member)
        if kept:
            rest["AND"] = kept
        else:
            rest.pop("AND")
    target = Target(found.get("user_id"), found.get("agent_id"), found.get("run_id"))
    where = _rename(rest)
    if target.run_id is not None and target.scope.namespace is None:
        where["run_id"] = target.run_id  # within a user's or agent's scope, a run narrows
    return target, where or None


def _take(found: dict[str, object], key: str, value: object) -> None:
    if isinstance(value, Mapping | list):
        raise Mem0ValueError(
            f"{key} must be one id: remem scopes each call to one user, agent or run "
            "(query several scopes one call each)"
        )
    if key in found and entity_id(found[key], key) != entity_id(value, key):
        raise Mem0ValueError(f"{key} is given twice, with two values")
    found[key] = value


def _rename(node: Mapping[str, Any]) -> dict[str, Any]:
    """Mem0's filter with each bare key read as metadata (``category`` ->
    ``metadata.category``); remem's parser checks the rest and names what is wrong."""
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in LOGICAL:
            if not isinstance(value, list):
                raise Mem0ValueError(f"{key} takes a list of conditions")
            out[key] = [_rename(m) if isinstance(m, Mapping) else m for m in value]
        elif key in ENTITY_KEYS:
            raise Mem0ValueError(
                f"{key} inside OR/NOT: remem scopes each call to one user, agent or run"
            )
        elif key in OWN_FIELDS or key == "metadata" or key.startswith("metadata."):
            out[key] = value
        else:
            out[f"metadata.{key}"] = value
    return out


# -- results ---------------------------------------------------------------------
def item(record: MemoryRecord, *, score: float | None = None) -> dict[str, Any]:
    """One memory as Mem0 returns it (``MemoryItem`` and the promoted payload keys)."""
    metadata = dict(record.data.get("metadata") or {})
    row: dict[str, Any] = {
        "id": record.id,
        "memory": record.content,
        "hash": hashlib.md5(record.content.encode("utf-8"), usedforsecurity=False).hexdigest(),
        "metadata": metadata or None,
        "created_at": record.created_at.isoformat(),
        "updated_at": record.updated_at.isoformat(),
    }
    if score is not None:
        row["score"] = score
    if record.user_id is not None:
        row["user_id"] = record.user_id
    if record.agent_id is not None:
        row["agent_id"] = record.agent_id
    if record.session_id is not None:
        row["run_id"] = record.session_id
    if record.role is not None:
        row["role"] = record.role
    if "expiration_date" in metadata:
        row["expiration_date"] = metadata["expiration_date"]
    return row


def hit_item(hit: SearchHit, *, explain: bool) -> dict[str, Any]:
    row = item(hit.memory, score=hit.score)
    if explain:
        row["score_details"] = hit.explain
    return row


def expired(record: MemoryRecord, today: date) -> bool:
    """Past the ``expiration_date`` ``add`` was given (Mem0 hides those by default)."""
    when = (record.data.get("metadata") or {}).get("expiration_date")
    return isinstance(when, str) and when < today.isoformat()


# audit events -> Mem0's history events
_EVENTS = {"created": "ADD", "superseded": "UPDATE", "forgotten": "DELETE", "purged": "DELETE"}


def history_rows(
    events: Iterable[AuditEvent], contents: Mapping[str, str], memory_id: str
) -> list[dict[str, Any]]:
    """remem's audit chain as Mem0's history of one memory: one ADD, an UPDATE (old and
    new text) for each new version, DELETE. Mem0's update keeps the id, so every row
    names ``memory_id``, the id asked about; a new version's own creation is its
    UPDATE row, not a second ADD."""
    events = list(events)
    replacements = {str(e.detail.get("superseded_by")) for e in events if e.event == "superseded"}
    rows: list[dict[str, Any]] = []
    for event in events:
        name = _EVENTS.get(event.event)
        if name is None or (name == "ADD" and event.memory_id in replacements):
            continue
        text = contents.get(event.memory_id or "", "")
        old = new = None
        if name == "ADD":
            new = text
        elif name == "UPDATE":  # the old version's event: it was superseded by a newer one
            old = text
            newer = event.detail.get("superseded_by")
            new = contents.get(str(newer)) if newer else None
        else:
            old = text
        rows.append(
            {
                "id": str(event.id),
                "memory_id": memory_id,
                "old_memory": old,
                "new_memory": new,
                "event": name,
                "created_at": event.at.isoformat(),
                "updated_at": None,
                "is_deleted": name == "DELETE",
                "actor_id": None,
                "role": None,
            }
        )
    return rows


# -- arguments -------------------------------------------------------------------
def messages_of(messages: Any) -> list[dict[str, Any]]:
    if isinstance(messages, str):
        return [{"role": "user", "content": messages}]
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, list):
        raise Mem0ValueError("messages must be str, dict, or list[dict]")
    out = []
    for message in messages:
        if (
            not isinstance(message, Mapping)
            or message.get("role") is None
            or message.get("content") is None
        ):
            log.warning("skipping a message that is not {'role': ..., 'content': ...}")
            continue
        out.append(dict(message))
    return out


def result_count(top_k: int | None, limit: int | None, *, default: int) -> int:
    if top_k is not None and limit is not None and top_k != limit:
        raise Mem0ValueError("top_k and limit name the same thing; pass one")
    count = top_k if top_k is not None else limit if limit is not None else default
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise Mem0ValueError(f"Invalid top_k: {count}. Must be a non-negative integer.")
    return count


def as_day(value: Any, name: str) -> str:
    text = value.isoformat()[:10] if hasattr(value, "isoformat") else str(value)
    try:
        return datetime.strptime(text, "%Y-%m-%d").date().isoformat()
    except ValueError as exc:
        raise Mem0ValueError(f"{name} must be a date, YYYY-MM-DD") from exc


def as_when(value: Any) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return datetime.fromtimestamp(value, UTC)
    try:
        parsed = datetime.fromisoformat(str(value))
    except ValueError as exc:
        raise Mem0ValueError(
            "timestamp must be a datetime, an ISO-8601 text or epoch seconds"
        ) from exc
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def scope_kwargs(record: MemoryRecord) -> dict[str, Any]:
    return {"user_id": record.user_id, "agent_id": record.agent_id, "namespace": record.namespace}


@contextmanager
def as_mem0_errors() -> Iterator[None]:
    """remem's caller errors as Mem0 raises them (``ValueError``), still remem's."""
    try:
        yield
    except (ValidationError, NotFoundError) as exc:
        if isinstance(exc, ValueError):
            raise
        raise Mem0ValueError(str(exc)) from exc
