# Mem0's "Search memory" (docs/core-concepts/memory-operations/search.mdx, OSS tabs),
# unchanged but for the import (was: from mem0 import Memory) and the checks.
from remem.compat.mem0 import Memory

m = Memory()
m.add(
    "I drink green tea every morning and I avoid coffee.",
    user_id="alice",
    metadata={"categories": ["diet", "habits"]},
    infer=False,
)
m.add("Alice's hobbies are climbing and chess.", user_id="alice", infer=False)

# Minimal example
hobbies = m.search("What are Alice's hobbies?", filters={"user_id": "alice"})
assert "climbing" in hobbies["results"][0]["memory"]

# Simple search: entity IDs go in `filters`
related_memories = m.search("Should I drink coffee or tea?", filters={"user_id": "alice"})
assert "green tea" in related_memories["results"][0]["memory"]

# Search with additional metadata filters (combine entity + metadata in the same dict)
memories = m.search(
    "food preferences",
    filters={"user_id": "alice", "categories": {"contains": "diet"}},
)
assert [r["memory"] for r in memories["results"]] == [
    "I drink green tea every morning and I avoid coffee."
] or memories["results"] == []  # a match needs the words too; never another memory

results = m.search(
    "green tea",
    filters={"user_id": "alice"},
    explain=True,
)
print(results["results"][0]["score_details"])
assert "rank" in results["results"][0]["score_details"]

# Get memories from a specific agent session: entity IDs combined in filters
m.add(
    "The chatbot session was about tea.",
    user_id="alice",
    agent_id="chatbot",
    run_id="session-123",
    infer=False,
)
session = m.search(
    "query about tea",
    filters={
        "user_id": "alice",
        "agent_id": "chatbot",
        "run_id": "session-123",
    },
)
assert [r["run_id"] for r in session["results"]] == ["session-123"]

# the Platform's AND form of the ids works too
both = m.search(
    "tea",
    filters={"AND": [{"user_id": "alice"}, {"agent_id": "chatbot"}, {"run_id": "session-123"}]},
)
assert [r["id"] for r in both["results"]] == [r["id"] for r in session["results"]]
