"""Input checks shared by every write: nothing invalid reaches the store."""

from __future__ import annotations

from remem.errors import ValidationError
from remem.model import Scope


def require_scope(scope: Scope) -> Scope:
    """Refuse an empty scope, and empty-string scope fields."""
    for name in ("user_id", "agent_id", "namespace"):
        value = getattr(scope, name)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise ValidationError(f"{name} must be a non-empty string")
    if scope.is_empty():
        raise ValidationError(
            "a scope is required: pass user_id, agent_id or namespace "
            "(CLI: --user, --agent or --namespace)"
        )
    return scope


def scope_of(user_id: str | None, agent_id: str | None, namespace: str | None) -> Scope:
    """The scope of an API call's ``user_id``/``agent_id``/``namespace``, checked."""
    return require_scope(Scope(user_id=user_id, agent_id=agent_id, namespace=namespace))


def clean_content(content: str | bytes, *, max_bytes: int) -> str:
    """Validated text of ``content``: UTF-8, not blank, at most ``max_bytes`` encoded."""
    if isinstance(content, bytes | bytearray):
        try:
            content = bytes(content).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValidationError(
                f"content is not valid UTF-8 (bad byte at position {exc.start})"
            ) from exc
    if not isinstance(content, str):
        raise ValidationError(f"content must be text, not {type(content).__name__}")
    if "\x00" in content:
        raise ValidationError("content contains a NUL character")
    try:
        size = len(content.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise ValidationError("content contains unpaired surrogates (not valid Unicode)") from exc
    if not content.strip():
        raise ValidationError("content is empty")
    if size > max_bytes:
        raise ValidationError(
            f"content is {size} bytes, over the maximum of {max_bytes} "
            "(set REMEM_MAX_CONTENT_BYTES to raise it, or split the text)"
        )
    return content.strip()
