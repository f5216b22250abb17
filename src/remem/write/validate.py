"""Input checks of the write API (``add``, ``update``, ``remember``, ``extract``):
the rules live in :mod:`remem.validation`; this module applies them to each call's
arguments. Nothing invalid reaches the store."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from remem.errors import ValidationError
from remem.model import Kind, Scope, Tier
from remem.secrets import has_secret
from remem.validation import (
    Limits,
    check_enum,
    check_json,
    check_label,
    check_labels,
    check_number,
    check_scope_id,
    check_text,
    clean_content,
    optional_datetime,
    optional_label,
)
from remem.write.transcript import Message

__all__ = [
    "UPDATABLE",
    "Limits",
    "NewFields",
    "check_changes",
    "check_identifier",
    "check_message",
    "clean_content",
    "optional_label",
    "require_scope",
    "scope_of",
    "write_scope",
]


def require_scope(scope: Scope) -> Scope:
    """Refuse an empty scope, and empty-string scope fields."""
    for name in ("user_id", "agent_id", "namespace"):
        value = getattr(scope, name)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise ValidationError(f"{name} must be a non-empty string")
        if value is not None and ("\x00" in value or not _encodable(value)):
            raise ValidationError(f"{name} contains a NUL or an unpaired surrogate")
        check_identifier(name, value)
    if scope.is_empty():
        raise ValidationError(
            "a scope is required: pass user_id, agent_id or namespace "
            "(CLI: --user, --agent or --namespace)"
        )
    return scope


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_identifier(name: str, value: str | None) -> None:
    """Refuse an id (scope field, session id) that holds a credential.

    The store would redact it like any text, and two ids redacted to the same
    ``[REDACTED:kind]`` would then share a scope; so it is refused up front."""
    if isinstance(value, str) and has_secret(value):
        raise ValidationError(f"{name} holds a credential; use an opaque id instead")


def scope_of(user_id: str | None, agent_id: str | None, namespace: str | None) -> Scope:
    """The scope of an API call's ``user_id``/``agent_id``/``namespace``, checked."""
    return require_scope(Scope(user_id=user_id, agent_id=agent_id, namespace=namespace))


def write_scope(
    user_id: str | None, agent_id: str | None, namespace: str | None, limits: Limits
) -> Scope:
    """:func:`scope_of` for a write: each given field is also a valid label."""
    scope = scope_of(user_id, agent_id, namespace)
    for name in ("user_id", "agent_id", "namespace"):
        value = optional_label(getattr(scope, name), name, max_chars=limits.max_label_chars)
        if value is not None:
            check_scope_id(value, name)
    return scope


@dataclass(frozen=True, slots=True)
class NewFields:
    """The caller-given fields of new memories (``add``), validated."""

    kind: Kind
    tier: Tier
    importance: float | None
    category: str | None
    session_id: str | None
    role: str | None
    valid_from: datetime | None
    metadata: dict[str, Any] | None

    @classmethod
    def check(
        cls,
        limits: Limits,
        *,
        kind: object,
        tier: object,
        importance: object,
        category: object,
        session_id: object,
        role: object,
        valid_from: object,
        metadata: object,
    ) -> NewFields:
        label = limits.max_label_chars
        return cls(
            kind=check_enum(kind, Kind, "kind"),
            tier=check_enum(tier, Tier, "tier"),
            importance=None
            if importance is None
            else check_number(importance, "importance", low=0.0, high=1.0),
            category=optional_label(category, "category", max_chars=label),
            session_id=optional_label(session_id, "session_id", max_chars=label),
            role=optional_label(role, "role", max_chars=label),
            valid_from=optional_datetime(valid_from, "valid_from"),
            metadata=None
            if metadata is None
            else dict(check_json(metadata, "metadata", max_bytes=limits.max_metadata_bytes)),
        )


UPDATABLE = ("category", "importance", "tier", "tags", "valid_from", "kind", "metadata")


def check_changes(changes: Mapping[str, Any], limits: Limits) -> dict[str, Any]:
    """The fields an ``update`` may change, validated (see :data:`UPDATABLE`)."""
    bad = set(changes) - set(UPDATABLE)
    if bad:
        raise ValidationError(
            f"cannot change {', '.join(sorted(bad))} in an update; "
            f"it may change {', '.join(UPDATABLE)}"
        )
    out: dict[str, Any] = {}
    label = limits.max_label_chars
    for name, value in changes.items():
        if name == "kind":
            out[name] = check_enum(value, Kind, name)
        elif name == "tier":
            out[name] = check_enum(value, Tier, name)
        elif name == "importance":
            out[name] = check_number(value, name, low=0.0, high=1.0)
        elif name == "category":
            out[name] = optional_label(value, name, max_chars=label)
        elif name == "tags":
            out[name] = check_labels(value, name, limits=limits)
        elif name == "metadata":
            out[name] = dict(check_json(value, name, max_bytes=limits.max_metadata_bytes))
        else:
            out[name] = optional_datetime(value, name)
    return out


def check_message(message: Message, index: int, limits: Limits) -> None:
    """One transcript message, checked as ``add`` checks its content (and its speaker,
    session and ref as labels); errors name the message by its 1-based position (and
    the source's own id for it, when it has one)."""
    where = f"message {index + 1}" + (f" ({message.ref})" if message.ref else "")
    label = limits.max_label_chars
    clean_content(message.text, max_bytes=limits.max_content_bytes, field=f"{where} content")
    check_label(message.speaker, f"{where} speaker", max_chars=label)
    optional_label(message.session, f"{where} session", max_chars=label)
    optional_label(message.ref, f"{where} id", max_chars=label)
    if message.caption is not None:
        check_text(
            message.caption, f"{where} caption", max_bytes=limits.max_content_bytes, blank=True
        )
