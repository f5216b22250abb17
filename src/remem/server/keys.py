"""REST API keys: made once, stored as a digest, bound to one scope and one role.

A key reads ``remem_<id>_<secret>``: ``id`` (12 hex characters) is public — key
listings show it, ``remem keys revoke`` takes it — and ``secret`` is 32 random
bytes (URL-safe base64). The store keeps the SHA-256 digest of the whole key,
never the key: a digest is enough for a secret this long (nothing to brute-force),
and checking it costs one indexed read and one constant-time comparison.

Every request made with a key is confined to the key's scope: the scope is never
taken from the request. The role says what the key may do (:class:`KeyRole`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from remem.errors import NotFoundError, UserError, ValidationError
from remem.model import ApiKey, KeyRole, utcnow
from remem.store.base import Store
from remem.validation import Limits, optional_label
from remem.write.validate import write_scope

__all__ = ["PREFIX", "ROLES", "Keys", "NewKey", "digest", "parse_key"]

PREFIX = "remem_"
ROLES = tuple(r.value for r in KeyRole)
_RANK = {KeyRole.READER: 0, KeyRole.WRITER: 1, KeyRole.ADMIN: 2}
_KEY = re.compile(r"remem_([0-9a-f]{12})_([A-Za-z0-9_-]{43})")
_ID = re.compile(r"[0-9a-f]{12}")


def digest(key: str) -> bytes:
    """The SHA-256 digest of a whole key, as stored."""
    return hashlib.sha256(key.encode("utf-8")).digest()


def parse_key(key: str) -> str | None:
    """The id of a well-formed key, else None (nothing about the key is echoed)."""
    match = _KEY.fullmatch(key)
    return match.group(1) if match else None


def allows(role: KeyRole, needed: KeyRole) -> bool:
    """Whether a key of ``role`` may do what needs ``needed``."""
    return _RANK[role] >= _RANK[needed]


@dataclass(frozen=True, slots=True)
class NewKey:
    """A key just made: ``key`` is shown this once and never stored."""

    key: str
    record: ApiKey


class Keys:
    """The API keys of one store."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store = store
        self.limits = limits

    def create(
        self,
        *,
        role: str | KeyRole,
        user_id: str | None = None,
        agent_id: str | None = None,
        namespace: str | None = None,
        name: str | None = None,
        rate_per_minute: int | None = None,
        now: datetime | None = None,
    ) -> NewKey:
        """Make a key for the scope (at least one of user, agent, namespace) and role."""
        scope = write_scope(user_id, agent_id, namespace, self.limits)
        try:
            role = KeyRole(role)
        except ValueError:
            raise ValidationError(f"unknown role {role!r}; use one of {', '.join(ROLES)}") from None
        label = optional_label(name, "name", max_chars=self.limits.max_label_chars) or ""
        if rate_per_minute is not None and (
            isinstance(rate_per_minute, bool)
            or not isinstance(rate_per_minute, int)
            or rate_per_minute < 1
        ):
            raise ValidationError("rate_per_minute must be a whole number >= 1")
        key_id = secrets.token_hex(6)
        key = f"{PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
        record = ApiKey(
            id=key_id,
            digest=digest(key),
            role=role,
            name=label,
            user_id=scope.user_id,
            agent_id=scope.agent_id,
            namespace=scope.namespace,
            rate_per_minute=rate_per_minute,
            created_at=now or utcnow(),
        )
        self.store.add_api_key(record)
        return NewKey(key=key, record=record)

    def list(self, *, include_revoked: bool = False) -> list[ApiKey]:
        """Every key (active ones unless ``include_revoked``), oldest first."""
        return self.store.list_api_keys(include_revoked=include_revoked)

    def revoke(self, key_id: str, *, now: datetime | None = None) -> ApiKey:
        """Revoke a key by its id (the ``remem_<id>_...`` part, or the whole key);
        revoking a revoked key changes nothing."""
        if not isinstance(key_id, str):
            raise ValidationError("a key id is 12 hex characters")
        wanted = parse_key(key_id) or key_id.strip()
        if not _ID.fullmatch(wanted):
            raise ValidationError(
                "a key id is 12 hex characters (see `remem keys list`), or pass the whole key"
            )
        revoked = self.store.revoke_api_key(wanted, at=now or utcnow())
        if revoked is None:
            raise NotFoundError(f"no API key with id {wanted!r}")
        return revoked

    def authenticate(self, key: str) -> ApiKey:
        """The active key ``key`` is, or UserError (one message for every failure:
        malformed, unknown, wrong secret, revoked — a caller learns nothing more)."""
        key_id = parse_key(key)
        record = self.store.get_api_key(key_id) if key_id else None
        # Compared even when there is no record, so a miss costs what a hit does.
        expected = record.digest if record is not None else b"\0" * 32
        matches = hmac.compare_digest(digest(key), expected)
        if record is None or not matches or record.revoked_at is not None:
            raise UserError("invalid or revoked API key")
        return record
