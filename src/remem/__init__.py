"""remem: adaptive long-term memory for AI agents.

Offline by default (one SQLite file, a bundled embedding model, no API key),
explainable (every hit says why), and safe (nothing is silently overwritten).

    >>> from remem import Memory
    >>> mem = Memory("memory.db")                                   # doctest: +SKIP
    >>> mem.add("Aaron prefers dark mode", user_id="aaron")         # doctest: +SKIP
    >>> [h.memory.content for h in mem.search("theme", user_id="aaron")]  # doctest: +SKIP
"""

from remem.config import Config
from remem.errors import (
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

__version__ = "0.1.0"

__all__ = [
    "AuditEvent",
    "Checkpoint",
    "Config",
    "EmbeddingMismatchError",
    "EraseReport",
    "Kind",
    "ListFilter",
    "Memory",
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
