"""A rolled-back write leaves no trace in the vector cache (SQLite may reuse its seq)."""

from __future__ import annotations

import pytest

from remem import Memory
from remem.model import Scope


def test_rolled_back_rows_never_shadow_later_ones(mem: Memory) -> None:
    mem.add("the boiler service is booked for Tuesday", user_id="a")
    mem.search("boiler", user_id="a")  # the vector cache is loaded
    with pytest.raises(RuntimeError), mem.store.transaction():
        mem.add("zebra stripes are unique to each animal", user_id="a")
        assert mem.search("zebra stripes", user_id="a")[0].memory.content.startswith("zebra")
        raise RuntimeError("abort the write")
    [kept] = mem.add("Aaron's WRX oil change is due at 11,799 miles", user_id="a")
    query = "WRX oil change miles"
    hits = mem.search(query, user_id="a", sources=("vector",))
    assert hits[0].memory.id == kept.id
    own = float(mem.embedder.embed_query(query) @ mem.embedder.embed_documents([kept.content])[0])
    assert hits[0].explain["vector"]["score"] == pytest.approx(own, abs=1e-5)  # not the zebra's
    assert all("zebra" not in h.memory.content for h in mem.search("zebra stripes", user_id="a"))


def test_a_reused_seq_never_serves_another_memory(mem: Memory) -> None:
    # The store learns seqs of the ids a search verified; an erase lets SQLite hand
    # the last seq out again. Reads by a learned seq must check the id they get.
    mem.add("the boiler service is booked for Tuesday", user_id="a")
    [gone] = mem.add("the zebra print rug is in the hall", user_id="b")
    assert mem.search("zebra print rug", user_id="b")[0].memory.id == gone.id
    mem.erase(user_id="b")
    [new] = mem.add("the zebra print rug went to the charity shop", user_id="b")
    # the erased id's learned seq now holds the new memory: its row must not come back
    assert mem.store._rows_for_ids("SELECT m.id FROM memories m WHERE 1", [], [gone.id]) == []
    assert mem.store.get_memories([gone.id, new.id], Scope(user_id="b")) == [
        mem.get(new.id, user_id="b")
    ]
    assert [h.memory.id for h in mem.search("zebra print rug", user_id="b")] == [new.id]
