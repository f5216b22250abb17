# Mem0's "Add memory" (docs/core-concepts/memory-operations/add.mdx, OSS tab),
# unchanged but for the import (was: from mem0 import Memory) and the checks.
import os

from remem.compat.mem0 import Memory

os.environ["OPENAI_API_KEY"] = "your-api-key"  # as in the docs: remem never uses it

m = Memory()

messages = [
    {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
    {"role": "assistant", "content": "How about thriller movies? They can be quite engaging."},
    {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
    {
        "role": "assistant",
        "content": "Got it! I'll avoid thriller recommendations and suggest sci-fi movies in the future.",
    },
]

# Store inferred memories (default behavior)
result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"})
assert result["results"], result
assert not any(
    "I'll avoid" in r["memory"] for r in result["results"]
)  # the assistant's reply is no fact

# Optionally store raw messages without inference
result = m.add(
    messages, user_id="alice", metadata={"category": "movie_recommendations"}, infer=False
)
assert len(result["results"]) == 4 and all(r["event"] == "ADD" for r in result["results"])

# Optionally set an expiration date (YYYY-MM-DD)
result = m.add(messages, user_id="alice", expiration_date="2030-01-31")
# the same facts again: remem keeps one copy of each (reinforced), so nothing is added
assert result["results"] == []
listed = m.get_all(filters={"user_id": "alice"}, top_k=100)["results"]
assert all(r["metadata"] is None or isinstance(r["metadata"], dict) for r in listed)
movies = m.get_all(filters={"user_id": "alice", "category": "movie_recommendations"}, top_k=100)
assert movies["results"] and all(
    r["metadata"]["category"] == "movie_recommendations" for r in movies["results"]
)
