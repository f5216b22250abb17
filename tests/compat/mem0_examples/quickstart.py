# Mem0's Python quickstart (docs/open-source/python-quickstart.mdx), unchanged but for
# the import (was: from mem0 import Memory) and the checks after each step.
from remem.compat.mem0 import Memory

m = Memory()

messages = [
    {"role": "user", "content": "Hi, I'm Alex. I love basketball and gaming."},
    {"role": "assistant", "content": "Hey Alex! I'll remember your interests."},
]
added = m.add(messages, user_id="alex")
assert added["results"] and all(r["event"] == "ADD" for r in added["results"])

results = m.search("What do you know about me?", filters={"user_id": "alex"})
print(results)
found = results["results"]
assert found, "the quickstart's own question finds Alex's memories"
assert any("basketball" in r["memory"].lower() for r in found)
assert {"id", "memory", "score", "created_at", "user_id"} <= set(found[0])
assert found[0]["user_id"] == "alex"
