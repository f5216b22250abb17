# Mem0's procedural memory (docs/core-concepts/memory-types.mdx), unchanged but for
# the import (was: from mem0 import Memory) and the checks.
from remem.compat.mem0 import Memory

memory = Memory()

added = memory.add(
    [
        {"role": "user", "content": "Book a flight from SFO to NYC"},
        {
            "role": "assistant",
            "content": "1. Search flights. 2. Filter by price. 3. Confirm booking.",
        },
    ],
    agent_id="travel-agent",
    memory_type="procedural_memory",
)
(result,) = added["results"]
assert result["event"] == "ADD" and "Filter by price" in result["memory"]
assert memory.get(result["id"])["agent_id"] == "travel-agent"
try:
    memory.add("x", user_id="u", memory_type="semantic_memory")
    raise AssertionError("only procedural_memory is a memory_type, as in Mem0")
except ValueError:
    pass
