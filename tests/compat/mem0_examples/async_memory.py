# Mem0's "Async memory" (docs/open-source/features/async-memory.mdx), unchanged but
# for the import (was: from mem0 import AsyncMemory), the placeholder ids
# ("memory-id-here") taken from an add, and the checks.
import asyncio

from remem.compat.mem0 import AsyncMemory


async def main():
    memory = AsyncMemory()

    # Create memories
    result = await memory.add(
        messages=[
            {"role": "user", "content": "I'm travelling to SF"},
            {"role": "assistant", "content": "That's great to hear!"},
        ],
        user_id="alice",
    )
    assert result["results"]
    memory_id_here = result["results"][0]["id"]

    # Search memories
    results = await memory.search(query="Where am I travelling?", filters={"user_id": "alice"})
    assert "SF" in results["results"][0]["memory"]

    # List memories
    all_memories = await memory.get_all(filters={"user_id": "alice"})
    assert all_memories["results"]

    # Get a specific memory
    specific_memory = await memory.get(memory_id=memory_id_here)
    assert specific_memory["id"] == memory_id_here

    # Update a memory
    updated_memory = await memory.update(memory_id=memory_id_here, text="I'm travelling to Seattle")
    assert updated_memory == {"message": "Memory updated successfully!"}
    assert (await memory.get(memory_id=memory_id_here))["memory"] == "I'm travelling to Seattle"

    history = await memory.history(memory_id=memory_id_here)
    assert [h["event"] for h in history][:1] == ["ADD"]

    # Delete a memory
    await memory.delete(memory_id=memory_id_here)

    # Delete scoped memories
    await memory.delete_all(user_id="alice")

    await memory.add(
        messages=[{"role": "user", "content": "I prefer vegetarian food"}],
        user_id="alice",
        agent_id="diet-assistant",
        run_id="consultation-001",
    )

    all_user_memories = await memory.get_all(filters={"user_id": "alice"})
    agent_memories = await memory.get_all(
        filters={"user_id": "alice", "agent_id": "diet-assistant"}
    )
    session_memories = await memory.get_all(
        filters={"user_id": "alice", "run_id": "consultation-001"}
    )
    specific_memories = await memory.get_all(
        filters={"user_id": "alice", "agent_id": "diet-assistant", "run_id": "consultation-001"}
    )
    for found in (all_user_memories, agent_memories, session_memories, specific_memories):
        assert [r["memory"] for r in found["results"]] == [
            all_user_memories["results"][0]["memory"]
        ]

    tasks = [
        memory.add(
            messages=[{"role": "user", "content": f"My lucky number is {i}"}], user_id=f"user_{i}"
        )
        for i in range(5)
    ]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for i, result in enumerate(results):
        if isinstance(result, Exception):
            print(f"Task {i} failed: {result}")
            raise result
        else:
            print(f"Task {i} completed successfully")
    memory.close()


asyncio.run(main())
