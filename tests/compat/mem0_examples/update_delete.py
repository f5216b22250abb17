# Mem0's "Update memory" and "Delete memory" (docs/core-concepts/memory-operations/
# update.mdx, delete.mdx, OSS tabs), unchanged but for the import (was: from mem0
# import Memory), the placeholder ids ("mem_123") taken from an add, and the checks.
from remem.compat.mem0 import Memory

memory = Memory()
added = memory.add("Alex prefers espresso", user_id="alex", infer=False)
mem_123 = added["results"][0]["id"]

# Replace the content
memory.update(
    memory_id=mem_123,
    text="Alex now prefers decaf coffee",
)
assert memory.get(mem_123)["memory"] == "Alex now prefers decaf coffee"  # as in Mem0: same id

# Update content plus metadata and an expiration date (None clears it)
done = memory.update(
    memory_id=mem_123,
    text="Alex now prefers decaf coffee",
    metadata={"category": "preferences"},
    expiration_date="2030-01-31",
)
assert done == {"message": "Memory updated successfully!"}
current = memory.get(mem_123)
assert current["metadata"]["category"] == "preferences"
assert current["expiration_date"] == "2030-01-31"
history = memory.history(mem_123)  # as Mem0's: one id, one ADD, an UPDATE per change
assert [h["event"] for h in history] == ["ADD", "UPDATE", "UPDATE"]
assert {h["memory_id"] for h in history} == {mem_123}
assert history[1]["old_memory"] == "Alex prefers espresso"
assert history[1]["new_memory"] == "Alex now prefers decaf coffee"

assert memory.delete(memory_id=mem_123) == {"message": "Memory deleted successfully!"}
assert memory.get(mem_123) is None
deleted = memory.history(mem_123)[-1]  # the history stays, ending in the delete
assert deleted["event"] == "DELETE" and deleted["is_deleted"] is True
memory.add("Alex runs on Tuesdays", user_id="alice", infer=False)
assert memory.delete_all(user_id="alice") == {"message": "Memories deleted successfully!"}
assert memory.get_all(filters={"user_id": "alice"})["results"] == []
try:
    memory.delete(memory_id="mem_123")
    raise AssertionError("deleting an unknown id is an error, as in Mem0")
except ValueError:
    pass
