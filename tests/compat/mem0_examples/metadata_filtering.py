# Mem0's "Metadata filtering" (docs/open-source/features/metadata-filtering.mdx),
# unchanged but for the import (was: from mem0 import Memory) and the checks.
from remem.compat.mem0 import Memory

m = Memory()
m.add(
    "Prepare the quarterly meeting slides",
    user_id="alice",
    infer=False,
    metadata={
        "category": "work",
        "priority": 8,
        "status": "active",
        "title": "Quarterly meeting",
        "description": "An IMPORTANT review",
        "tags": ["urgent"],
        "score": 0.95,
        "confidence": 0.5,
        "rating": 2,
        "deadline": "due today",
        "archived": False,
    },
)
m.add(
    "Plan the holiday trip to Lisbon",
    user_id="alice",
    infer=False,
    metadata={"category": "personal", "priority": 3, "status": "completed"},
)

# Search with simple metadata filters
results = m.search(
    "What are my preferences?", filters={"user_id": "alice", "category": "preferences"}
)
assert results["results"] == []

# Greater than / Less than
results = m.search(
    "recent activities",
    filters={
        "user_id": "alice",
        "score": {"gt": 0.8},
        "priority": {"gte": 5},
        "confidence": {"lt": 0.9},
        "rating": {"lte": 3},
    },
)
assert all(r["metadata"]["priority"] >= 5 for r in results["results"])

# Equality operators
results = m.search(
    "specific content",
    filters={"user_id": "alice", "status": {"eq": "active"}, "archived": {"ne": True}},
)
assert all(r["metadata"]["status"] == "active" for r in results["results"])

# In / Not in operators
results = m.search(
    "multi-category search",
    filters={
        "user_id": "alice",
        "category": {"in": ["food", "travel", "entertainment"]},
        "status": {"nin": ["deleted", "archived"]},
    },
)
assert results["results"] == []

# Text matching operators
results = m.search(
    "meeting slides",
    filters={
        "user_id": "alice",
        "title": {"contains": "meeting"},
        "description": {"icontains": "important"},
        "tags": {"contains": "urgent"},
    },
)
assert [r["memory"] for r in results["results"]] == ["Prepare the quarterly meeting slides"]

# Match any value for a field
results = m.search("all with category", filters={"user_id": "alice", "category": "*"})

# Logical AND
results = m.search(
    "quarterly meeting slides",
    filters={
        "user_id": "alice",
        "AND": [{"category": "work"}, {"priority": {"gte": 7}}, {"status": {"ne": "completed"}}],
    },
)
assert [r["metadata"]["category"] for r in results["results"]] == ["work"]

# Logical OR
results = m.search(
    "flexible query",
    filters={
        "user_id": "alice",
        "OR": [
            {"category": "urgent"},
            {"priority": {"gte": 9}},
            {"deadline": {"contains": "today"}},
        ],
    },
)

# Logical NOT
results = m.search(
    "holiday trip Lisbon",
    filters={"user_id": "alice", "NOT": [{"category": "archived"}, {"status": "deleted"}]},
)
assert any("Lisbon" in r["memory"] for r in results["results"])

# Complex nested logic
results = m.search(
    "advanced query",
    filters={
        "user_id": "alice",
        "AND": [
            {"OR": [{"category": "work"}, {"category": "personal"}]},
            {"priority": {"gte": 5}},
            {"NOT": [{"status": "archived"}]},
        ],
    },
)
assert all(r["metadata"]["priority"] >= 5 for r in results["results"])

try:
    results = m.search(
        "test query", filters={"user_id": "alice", "invalid_operator": {"unknown": "value"}}
    )
    raise AssertionError("an unknown operator is an error, never ignored")
except ValueError as e:
    print(f"Filter error: {e}")
    results = m.search("test query", filters={"user_id": "alice", "category": "general"})
