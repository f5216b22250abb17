"""remem: adaptive long-term memory for AI agents.

Offline by default (one SQLite file, a bundled embedding model, no API key),
explainable (every hit says why), and safe (nothing is silently overwritten).

    >>> from remem import Memory
    >>> mem = Memory("memory.db")                                   # doctest: +SKIP
    >>> mem.add("Aaron prefers dark mode", user_id="aaron")         # doctest: +SKIP
    >>> [h.memory.content for h in mem.search("theme", user_id="aaron")]  # doctest: +SKIP
"""

from __future__ import annotations

import importlib

# Not ``typing.TYPE_CHECKING``: ``import remem`` runs in every hook process, and typing
# is not imported at run time for it (mypy reads this name as typing's).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from remem.agent import MemoryAgent
    from remem.aio import AsyncMemory
    from remem.config import Config
    from remem.errors import (
        ConflictError,
        EmbeddingMismatchError,
        NotARememStoreError,
        NotAvailableError,
        NotFoundError,
        ProviderError,
        RememError,
        SchemaTooNewError,
        StoreError,
        UserError,
        ValidationError,
    )
    from remem.memory import Memory
    from remem.model import (
        AuditEvent,
        Checkpoint,
        EraseReport,
        ForgetReport,
        Kind,
        MemoryRecord,
        Page,
        Resource,
        Scope,
        SearchHit,
        Status,
        Tier,
    )
    from remem.store.base import ListFilter

# Names are imported on first use (PEP 562), so ``import remem`` and the CLI's
# ``--help`` / ``--version`` do not pay for numpy, pydantic and the engine.
_LAZY = {
    "AsyncMemory": "remem.aio",
    "Config": "remem.config",
    "Memory": "remem.memory",
    "MemoryAgent": "remem.agent",
    "ListFilter": "remem.store.base",
    **dict.fromkeys(
        (
            "ConflictError EmbeddingMismatchError NotARememStoreError NotAvailableError "
            "NotFoundError "
            "ProviderError RememError SchemaTooNewError StoreError UserError ValidationError"
        ).split(),
        "remem.errors",
    ),
    **dict.fromkeys(
        (
            "AuditEvent Checkpoint EraseReport ForgetReport Kind MemoryRecord Page Resource Scope "
            "SearchHit Status Tier"
        ).split(),
        "remem.model",
    ),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'remem' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__version__ = "0.1.0"

__all__ = [
    "AsyncMemory",
    "AuditEvent",
    "Checkpoint",
    "Config",
    "ConflictError",
    "EmbeddingMismatchError",
    "EraseReport",
    "ForgetReport",
    "Kind",
    "ListFilter",
    "Memory",
    "MemoryAgent",
    "MemoryRecord",
    "NotARememStoreError",
    "NotAvailableError",
    "NotFoundError",
    "Page",
    "ProviderError",
    "RememError",
    "Resource",
    "SchemaTooNewError",
    "Scope",
    "SearchHit",
    "Status",
    "StoreError",
    "Tier",
    "UserError",
    "ValidationError",
    "__version__",
]
