"""A drop-in for Mem0 OSS's ``Memory`` and ``AsyncMemory``: change one import.

::

    # from mem0 import Memory
    from remem.compat.mem0 import Memory

    m = Memory()
    m.add([{"role": "user", "content": "I'm Alex and I love basketball."}], user_id="alex")
    m.search("What do you know about me?", filters={"user_id": "alex"})
    # {"results": [{"id": "…", "memory": "Alex loves basketball.", "score": 0.8, …}]}

Mem0's method names, arguments (the scope as arguments or inside ``filters``,
``top_k`` or ``limit``, ``threshold``, ``metadata``, ``infer``,
``memory_type="procedural_memory"``), return shapes (``{"results": [...]}``,
``{"message": ...}``, history rows) and event names (``ADD``, ``UPDATE``,
``DELETE``), and its filter operators over your metadata (bare keys). It runs on
remem: one SQLite file, offline, nothing silently overwritten. What differs, and
why, is in docs/mem0.md. A Mem0 setting remem cannot honour (a vector store, an
LLM or embedder, a reranker, custom prompts) is accepted and logged once as a
warning on the ``remem.compat.mem0`` logger; it never raises.

This layer owns the whole store it opens, as Mem0's ``Memory`` does: ``get``,
``update``, ``delete`` and ``history`` take a bare id. The native
:class:`remem.Memory` keeps its typed API and its scope on every call.
"""

from remem.compat.mem0_async import AsyncMemory
from remem.compat.mem0_shapes import Mem0ValueError
from remem.compat.mem0_sync import Memory

__all__ = ["AsyncMemory", "Mem0ValueError", "Memory"]
