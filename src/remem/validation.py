"""The one validator of input: every write path (``add``, ``update``, ``remember``,
``extract``, ``checkpoint``, ``import`` and the CLI over them) checks what it is
given here, before anything is written, and refuses it with a
:class:`~remem.errors.ValidationError` that names the field and the fix.

What is checked:

- text (content, messages, resources): a ``str`` (or UTF-8 ``bytes``), no NUL,
  no unpaired surrogates, at most ``max_content_bytes`` encoded;
- labels (scope fields, session ids, roles, categories, speakers, tags,
  entities, model ids, event names): non-empty strings of at most
  ``max_label_chars`` without control characters; tags and entities are lists
  of at most ``max_list_items`` labels (a bare string is refused, not split);
- enums (kind, tier, status, strength, sentiment, source_trust, visibility):
  one of their values; numbers: finite, ``importance``, ``confidence`` and
  ``trust_score`` in 0..1, ``retrieval_priority`` in -1..1, counts integers >= 0;
- dates: ``datetime`` objects (aware, or naive = UTC) in the API, ISO-8601
  strings in an import;
- JSON fields (metadata, data, audit detail, checkpoint state): encodable, not
  nested deeper than :data:`MAX_DEPTH`, no NaN or infinity at any depth, at most
  ``max_metadata_bytes`` (a checkpoint's state: ``max_checkpoint_bytes``);
- ids: ``[A-Za-z0-9][A-Za-z0-9_.:-]*``, at most 128 characters.

Categories are free labels (``config.categories`` lists the ones the classifier
chooses from; a caller may use its own), the same rule for every path.

This module depends on nothing but the model, the errors and the secret detector
(to quote a refused value redacted), so the store (for imports) and both write
and read layers can use it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, TypeVar

from remem.errors import ValidationError
from remem.model import (
    Kind,
    MemoryRecord,
    Sentiment,
    Status,
    Strength,
    Tier,
    Trust,
    Visibility,
    utcnow,
)
from remem.secrets import redact

E = TypeVar("E", bound=StrEnum)

MAX_DEPTH = 32  # JSON nesting: deeper structures are refused, not recursed into
MAX_CONTEXT_TOKENS = 100_000  # the largest context budget a call may ask for (REST's too)
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:\-]{0,127}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
ENUM_FIELDS: dict[str, type[StrEnum]] = {
    "kind": Kind, "tier": Tier, "status": Status, "strength": Strength,
    "sentiment": Sentiment, "source_trust": Trust, "visibility": Visibility,
}  # fmt: skip
UNIT_FIELDS = ("importance", "confidence", "trust_score")
COUNT_FIELDS = (
    "reference_count", "access_count", "surface_count", "success_count", "failure_count",
)  # fmt: skip
LABEL_FIELDS = ("namespace", "user_id", "agent_id", "role", "session_id", "category")
ID_FIELDS = ("supersedes", "superseded_by", "source_resource_id")
TIME_FIELDS = (
    "valid_from", "valid_to", "last_referenced_at", "last_accessed_at", "purge_candidate_since",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Limits:
    """The sizes input may have (``Config`` holds the values: :meth:`of`)."""

    max_content_bytes: int = 32 * 1024
    max_label_chars: int = 256
    max_list_items: int = 256
    max_metadata_bytes: int = 64 * 1024
    max_checkpoint_bytes: int = 1024 * 1024
    max_query_bytes: int = 32 * 1024

    @classmethod
    def of(cls, config: Any) -> Limits:
        """The limits configured in ``config`` (a :class:`remem.config.Config`)."""
        return cls(
            max_content_bytes=config.max_content_bytes,
            max_label_chars=config.max_label_chars,
            max_list_items=config.max_list_items,
            max_metadata_bytes=config.max_metadata_bytes,
            max_checkpoint_bytes=config.max_checkpoint_bytes,
            max_query_bytes=config.max_query_bytes,
        )


# -- text ---------------------------------------------------------------------------
def _shown(value: object, limit: int) -> str:
    """``value`` as an error message may quote it: redacted first, then cut (a cut
    could leave a fragment of a secret that no pattern matches any more)."""
    if isinstance(value, str):
        text = repr(redact(value[: limit * 4]))
    elif isinstance(value, bytes | bytearray):
        text = repr(bytes(value[:limit]))
    elif value is None or isinstance(value, bool | float):
        text = repr(value)
    elif isinstance(value, int):  # repr of a huge int is slow, past 4300 digits an error
        text = repr(value) if value.bit_length() <= 256 else "a very large integer"
    else:  # a container's repr could recurse past the stack, or be huge
        text = f"a {type(value).__name__}"
    return text[:limit]


def clean_content(content: object, *, max_bytes: int, field: str = "content") -> str:
    """Validated text of ``content``: UTF-8, not blank, at most ``max_bytes`` encoded,
    stripped of surrounding whitespace."""
    return check_text(content, field, max_bytes=max_bytes).strip()


def check_text(value: object, field: str, *, max_bytes: int, blank: bool = False) -> str:
    """``value`` as text: ``str`` or UTF-8 ``bytes``, no NUL, valid Unicode, at most
    ``max_bytes`` encoded; not blank unless ``blank``."""
    if isinstance(value, bytes | bytearray):
        try:
            value = bytes(value).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValidationError(
                f"{field} is not valid UTF-8 (bad byte at position {exc.start})"
            ) from exc
    if not isinstance(value, str):
        raise ValidationError(f"{field} must be text, not {type(value).__name__}")
    if "\x00" in value:
        raise ValidationError(f"{field} contains a NUL character; remove it")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise ValidationError(f"{field} contains unpaired surrogates (not valid Unicode)") from exc
    if not blank and not value.strip():
        raise ValidationError(f"{field} is empty")
    if size > max_bytes:
        raise ValidationError(
            f"{field} is {size} bytes, over the maximum of {max_bytes} "
            "(set REMEM_MAX_CONTENT_BYTES to raise it, or split the text)"
        )
    return value


def check_label(value: object, field: str, *, max_chars: int) -> str:
    """A short label: a non-empty string of at most ``max_chars`` characters without
    control characters; returned stripped."""
    if not isinstance(value, str):
        raise ValidationError(f"{field} must be a string, not {type(value).__name__}")
    text = value.strip()
    if not text:
        raise ValidationError(f"{field} must be a non-empty string")
    if _CONTROL.search(text):
        raise ValidationError(f"{field} contains a control character (NUL, newline, ...)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValidationError(f"{field} contains unpaired surrogates") from exc
    if len(text) > max_chars:
        raise ValidationError(
            f"{field} is {len(text)} characters, over the maximum of {max_chars} "
            "(REMEM_MAX_LABEL_CHARS)"
        )
    return text


def check_scope_id(value: str, field: str) -> str:
    """A scope id (``user_id``, ``agent_id``, ``namespace``) that cannot climb out of
    a folder when a file name is built from it (MEMORY.md's ``memory_md_path``): no
    ``.`` or ``..`` segment between ``/`` or ``\\``, no leading ``/``, ``\\`` or ``~``.
    ``team/alice`` and ``a.b`` are fine."""
    segments = value.replace("\\", "/").split("/")
    if value[:1] in ("/", "\\", "~") or any(seg in (".", "..") for seg in segments):
        raise ValidationError(
            f"{field} {_shown(value, 60)} could name a place outside remem's folders "
            "(file names such as MEMORY.md's are built from scope ids): no '.' or '..' "
            "path segment and no leading '/', '\\' or '~'"
        )
    return value


def optional_label(value: object, field: str, *, max_chars: int) -> str | None:
    """:func:`check_label`, or None for None."""
    return None if value is None else check_label(value, field, max_chars=max_chars)


def check_labels(value: object, field: str, *, limits: Limits) -> list[str]:
    """A list (or tuple) of labels, e.g. tags or entities."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ValidationError(
            f"{field} must be a list of strings, not {type(value).__name__} "
            f'(e.g. {field}=["travel"])'
        )
    if len(value) > limits.max_list_items:
        raise ValidationError(
            f"{field} has {len(value)} items, over the maximum of {limits.max_list_items} "
            "(REMEM_MAX_LIST_ITEMS)"
        )
    return [
        check_label(item, f"{field}[{i}]", max_chars=limits.max_label_chars)
        for i, item in enumerate(value)
    ]


def check_id(value: object, field: str) -> str:
    """A record id: letters, digits and ``_.:-``, at most 128 characters."""
    if not isinstance(value, str) or not _ID.fullmatch(value):
        shown = _shown(value, 60)
        raise ValidationError(
            f"{field} {shown} is not a valid id (letters, digits and _.:-, at most 128)"
        )
    return value


# -- enums, numbers, dates ----------------------------------------------------------
def check_enum(value: object, kind: type[E], field: str) -> E:
    """``value`` as a member of ``kind`` (given as the member or its value)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    allowed = ", ".join(m.value for m in kind)
    raise ValidationError(f"{field} must be one of {allowed} (got {_shown(value, 40)})")


def check_number(value: object, field: str, *, low: float, high: float) -> float:
    """A finite real number in ``[low, high]`` (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValidationError(f"{field} must be a number, not {type(value).__name__}")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise ValidationError(f"{field} must be between {low:g} and {high:g} (got {value!r})")
    return number


def check_int(value: object, field: str, *, low: int, high: int) -> int:
    """An integer in ``[low, high]`` (not a bool, not a float)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(f"{field} must be an integer, not {type(value).__name__}")
    if not low <= value <= high:
        bounds = f">= {low}" if high >= 2**31 else f"between {low} and {high}"
        raise ValidationError(f"{field} must be {bounds} (got {_shown(value, 40)})")
    return value


def check_count(value: object, field: str) -> int:
    """An integer >= 0 (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValidationError(f"{field} must be an integer >= 0 (got {_shown(value, 40)})")
    return value


def check_datetime(value: object, field: str) -> datetime:
    """A ``datetime`` (timezone-aware, or naive meaning UTC)."""
    if not isinstance(value, datetime):
        raise ValidationError(
            f"{field} must be a datetime, not {type(value).__name__} "
            "(e.g. datetime(2024, 5, 1, tzinfo=UTC))"
        )
    return value


def optional_datetime(value: object, field: str) -> datetime | None:
    return None if value is None else check_datetime(value, field)


def now_or(value: object) -> datetime:
    """An API call's ``now``: a datetime, or the current time for None."""
    return utcnow() if value is None else check_datetime(value, "now")


def optional_text(value: object, field: str, *, max_bytes: int) -> str | None:
    """:func:`check_text` (blank allowed), or None for None: a free-text argument
    such as a reason."""
    return None if value is None else check_text(value, field, max_bytes=max_bytes, blank=True)


def check_query(value: object, limits: Limits) -> str:
    """A query: text, not blank, at most ``max_query_bytes`` encoded."""
    if isinstance(value, str) and len(value) > limits.max_query_bytes:  # cheap first
        raise ValidationError(
            f"query is {len(value.encode('utf-8', 'replace'))} bytes, over the maximum of "
            f"{limits.max_query_bytes} (REMEM_MAX_QUERY_BYTES); search with its key words"
        )
    try:
        return check_text(value, "query", max_bytes=limits.max_query_bytes)
    except ValidationError as exc:
        if "over the maximum" in str(exc):
            raise ValidationError(
                f"query is over the maximum of {limits.max_query_bytes} bytes "
                "(REMEM_MAX_QUERY_BYTES); search with its key words"
            ) from exc
        raise


def check_ids(value: object, field: str, *, limits: Limits) -> list[str]:
    """One id (a string) or a list of ids, each a string, at most ``max_list_items``
    (prefixes are resolved by the caller)."""
    items = [value] if isinstance(value, str) else value
    if isinstance(items, bytes | bytearray | Mapping) or not isinstance(items, Sequence):
        raise ValidationError(f"{field} must be an id or a list of ids")
    if len(items) > max(limits.max_list_items, 1000):
        raise ValidationError(
            f"{field} has {len(items)} ids, over the maximum of {max(limits.max_list_items, 1000)}"
        )
    for i, item in enumerate(items):
        if not isinstance(item, str) or not item.strip():
            raise ValidationError(f"{field}[{i}] must be a non-empty id string")
    return list(items)


def parse_datetime(value: object, field: str) -> datetime | None:
    """An ISO-8601 string (or None) as a datetime, for imports."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValidationError(
            f"{field} must be an ISO-8601 date string, not {type(value).__name__}"
        )
    try:
        return datetime.fromisoformat(value)
    except ValueError as exc:
        raise ValidationError(
            f"{field} {_shown(value, 40)} is not an ISO-8601 date (e.g. 2024-05-01T09:30:00+00:00)"
        ) from exc


# -- JSON -----------------------------------------------------------------------------
def check_json(value: object, field: str, *, max_bytes: int, mapping: bool = True) -> Any:
    """A JSON-encodable value (a mapping unless ``mapping`` is False), nested at most
    :data:`MAX_DEPTH` deep, at most ``max_bytes`` encoded."""
    if mapping and not isinstance(value, Mapping):
        raise ValidationError(f"{field} must be a mapping (dict), not {type(value).__name__}")
    _check_depth(value, field)
    try:
        text = json.dumps(value, ensure_ascii=False, default=str, allow_nan=False)
        size = len(text.encode("utf-8"))
    except (TypeError, ValueError, UnicodeEncodeError) as exc:
        raise ValidationError(f"{field} cannot be stored as JSON: {exc}") from exc
    if size > max_bytes:
        raise ValidationError(
            f"{field} is {size} bytes as JSON, over the maximum of {max_bytes} "
            "(REMEM_MAX_METADATA_BYTES / REMEM_MAX_CHECKPOINT_BYTES)"
        )
    return value


def _check_depth(value: object, field: str) -> None:
    # Iterative, so a hostile 100,000-deep structure cannot exhaust the stack here.
    # Each entry carries the ids of its containers: a container inside itself is a
    # cycle; the same object in two places (a DAG) is fine, as it is for json.
    stack: list[tuple[object, tuple[int, ...]]] = [(value, ())]
    while stack:
        item, above = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            # JSON has no NaN or infinity: stored, it would be text no JSON reader
            # (SQLite's filters, PostgreSQL, a REST client) accepts.
            raise ValidationError(
                f"{field} holds {item!r}, which JSON cannot represent; use a finite "
                "number, null or a string"
            )
        if not isinstance(item, Mapping | list | tuple):
            continue
        if id(item) in above:
            raise ValidationError(f"{field} contains a reference to itself")
        if len(above) >= MAX_DEPTH:
            raise ValidationError(
                f"{field} is nested too deeply (more than {MAX_DEPTH} levels); flatten it"
            )
        if isinstance(item, Mapping) and not all(isinstance(k, str) for k in item):
            raise ValidationError(f"{field} has a key that is not a string")
        children = item.values() if isinstance(item, Mapping) else item
        path = (*above, id(item))
        stack.extend((child, path) for child in children)


# -- whole records ----------------------------------------------------------------------
def check_record(record: MemoryRecord, limits: Limits, *, where: str = "") -> MemoryRecord:
    """Every field of ``record`` (see the module doc); ``where`` prefixes the messages
    ("facts-2024-Q2.jsonl line 3: ")."""
    try:
        check_id(record.id, "id")
        record.content = clean_content(record.content, max_bytes=limits.max_content_bytes)
        for name, kind in ENUM_FIELDS.items():
            setattr(record, name, check_enum(getattr(record, name), kind, name))
        for name in UNIT_FIELDS:
            check_number(getattr(record, name), name, low=0.0, high=1.0)
        check_number(record.retrieval_priority, "retrieval_priority", low=-1.0, high=1.0)
        for name in COUNT_FIELDS:
            check_count(getattr(record, name), name)
        for name in LABEL_FIELDS:
            setattr(
                record,
                name,
                optional_label(getattr(record, name), name, max_chars=limits.max_label_chars),
            )
        if not (record.user_id or record.agent_id or record.namespace):
            raise ValidationError("a scope is required: user_id, agent_id or namespace")
        record.tags = check_labels(record.tags, "tags", limits=limits)
        record.entities = check_labels(record.entities, "entities", limits=limits)
        for name in ID_FIELDS:
            value = getattr(record, name)
            if value is not None:
                check_id(value, name)
        check_datetime(record.created_at, "created_at")
        check_datetime(record.updated_at, "updated_at")
        for name in TIME_FIELDS:
            optional_datetime(getattr(record, name), name)
        if not isinstance(record.promoted, bool):
            raise ValidationError("promoted must be true or false")
        if record.extractor_version is not None:
            check_label(
                record.extractor_version, "extractor_version", max_chars=limits.max_label_chars
            )
        check_json(record.data, "data", max_bytes=limits.max_metadata_bytes)
    except ValidationError as exc:
        if where:
            raise ValidationError(f"{where}{exc}") from exc
        raise
    return record


def check_decodable(record: MemoryRecord) -> None:
    """What every stored record must satisfy so that it can be read back: enum
    fields hold their enum, numbers are finite numbers, counts integers, tags and
    entities lists of strings, ``data`` a mapping, dates datetimes. The store
    codec checks this on every write, whichever path built the record."""
    for name, kind in ENUM_FIELDS.items():
        value = getattr(record, name)
        if not isinstance(value, kind):
            setattr(record, name, check_enum(value, kind, name))
    for name in (*UNIT_FIELDS, "retrieval_priority"):
        value = getattr(record, name)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise ValidationError(f"{name} must be a finite number (got {_shown(value, 40)})")
    for name in COUNT_FIELDS:
        value = getattr(record, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(f"{name} must be an integer (got {_shown(value, 40)})")
    for name in ("tags", "entities"):
        value = getattr(record, name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValidationError(f"{name} must be a list of strings (got {_shown(value, 40)})")
    if not isinstance(record.data, dict):
        raise ValidationError(f"data must be a mapping (got {type(record.data).__name__})")
    if not isinstance(record.content, str):
        raise ValidationError(f"content must be text, not {type(record.content).__name__}")
    for name in ("created_at", "updated_at"):
        check_datetime(getattr(record, name), name)
    for name in TIME_FIELDS:
        optional_datetime(getattr(record, name), name)


def check_filter_values(statuses: Sequence[object], kinds: Sequence[object]) -> None:
    """A listing's or search's status and kind filters name existing values."""
    for value in statuses:
        check_enum(value, Status, "status filter")
    for value in kinds:
        check_enum(value, Kind, "kind filter")
