"""Errors raised by remem.

The tree::

    RememError                      anything remem raises on purpose
    ├── UserError                   the caller misused the API; fix the call
    │   ├── ValidationError         bad input: empty content, missing scope, ...
    │   │   └── ConflictError       valid, but not in the record's current state
    │   └── NotFoundError           no memory (or checkpoint) with that id in scope
    ├── StoreError                  the store failed or cannot be opened
    │   ├── NotARememStoreError     the file is corrupt or belongs to something else
    │   └── SchemaTooNewError       the file was written by a newer remem
    ├── EmbeddingMismatchError      stored vectors come from another embedding model
    ├── ProviderError               an embedder or LLM failed (network, bad reply)
    └── NotAvailableError           a feature that is not built (yet) or not configured

Third-party errors are translated at the boundary: ``raise StoreError(...) from exc``.
"""

from __future__ import annotations

import re


class RememError(Exception):
    """Base class of every error remem raises on purpose.

    Its message is redacted (:func:`remem.secrets.redact`): an error quoting the
    input, or a wrapped third-party error quoting a value, never prints a secret."""

    def __init__(self, *args: object) -> None:
        from remem.secrets import redact

        super().__init__(*(redact(a) if isinstance(a, str) else a for a in args))


class UserError(RememError):
    """The caller misused the API; the message says how to fix the call."""


class ValidationError(UserError):
    """Input that remem refuses: nothing was written."""


class ConflictError(ValidationError):
    """The input is valid but conflicts with the current state: a session id another
    scope uses, an episode completed already, a memory no longer active. Nothing was
    written (the REST service answers 409)."""


class NotFoundError(UserError):
    """No record with that id exists in the given scope."""


class StoreError(RememError):
    """The store failed, or the file cannot be used as a store."""


class NotARememStoreError(StoreError):
    """The file is not a remem store (corrupt, or another program's database)."""


class SchemaTooNewError(StoreError):
    """The file was written by a newer version of remem."""


class EmbeddingMismatchError(RememError):
    """The stored vectors were made by another embedding model than the configured one."""


class ProviderError(RememError):
    """An embedder or LLM provider failed or answered something unusable."""


class NotAvailableError(RememError):
    """The feature is not available (not built yet, or not configured)."""


# An absolute path (POSIX, ``~/``, or a Windows drive), or a database URL: where the
# server keeps its store is the server's business, not a remote caller's.
_SERVER_PATH = re.compile(
    r"(?<![\w/.:~-])(?!/v1/|/hooks/|/mcp\b)(?:~|[A-Za-z]:)?(?:[/\\][^\s/\\'\"`;,()<>]+){2,}[/\\]?"
    r"|\b(?:postgres(?:ql)?|sqlite)(?:\+\w+)?://[^\s;,()]+?(?=:?(?:\s|$)|[;,()])"
)


def remote_message(message: str) -> str:
    """``message`` as a remote caller (REST, MCP) may see it: server paths and store
    URLs replaced by ``<server path>``."""
    return _SERVER_PATH.sub("<server path>", message)
