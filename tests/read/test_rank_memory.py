"""Ranking through the Memory API on a real SQLite store: statuses, scopes,
visibility, explanations and unchanged order when the factors are equal."""

from __future__ import annotations

from remem import Memory
from remem.model import MemoryRecord, Trust, Visibility


def _set(mem: Memory, record: MemoryRecord, **fields: object) -> MemoryRecord:
    for name, value in fields.items():
        setattr(record, name, value)
    mem.store.update_memory(record)
    return record


def test_superseded_never_appears_by_default_but_history_shows_the_chain(mem: Memory) -> None:
    old = mem.add("Aaron lives in Boston", user_id="aaron")[0]
    new = mem.update(old.id, "Aaron lives in Denver", user_id="aaron")
    ids = [h.memory.id for h in mem.search("where does Aaron live", user_id="aaron")]
    assert ids == [new.id]
    chain = mem.search("where does Aaron live", user_id="aaron", include_history=True)
    assert {h.memory.id for h in chain} == {old.id, new.id}
    assert not any("conflict" in h.explain["tags"] for h in chain)  # history, not a conflict


def test_forgotten_and_other_scopes_never_appear(mem: Memory) -> None:
    mine = mem.add("the garage door is painted teal", user_id="u1")[0]
    gone = mem.add("the garage door was painted red", user_id="u1")[0]
    mem.forget(gone.id, user_id="u1")
    mem.add("the garage door is painted grey", user_id="u2")
    mem.add("the garage door is painted white", user_id="u1", namespace="other")
    hits = mem.search("garage door", user_id="u1", namespace=None, limit=50)
    assert gone.id not in {h.memory.id for h in hits}
    assert all(h.memory.user_id == "u1" for h in hits)
    scoped = mem.search("garage door", namespace="other", limit=50)
    assert [h.memory.content for h in scoped] == ["the garage door is painted white"]
    assert mine.id in {h.memory.id for h in hits}


def test_private_memories_of_another_agent_are_not_returned(mem: Memory) -> None:
    a1 = mem.add("deploy key rotates on Fridays", user_id="u", agent_id="a1")[0]
    shared = mem.add("deploy window is Friday afternoon", user_id="u", agent_id="a1")[0]
    role = mem.add("deploy checklist lives in the wiki", user_id="u", agent_id="a1")[0]
    _set(mem, shared, visibility=Visibility.UNIVERSAL)
    _set(mem, role, visibility=Visibility.ROLE, role="ops")
    seen = {h.memory.id for h in mem.search("deploy", user_id="u", asker_agent_id="a2")}
    assert seen == {shared.id}
    same_role = mem.search("deploy", user_id="u", asker_agent_id="a3", asker_role="ops")
    assert {h.memory.id for h in same_role} == {shared.id, role.id}
    owner = {h.memory.id for h in mem.search("deploy", user_id="u", agent_id="a1")}
    assert owner == {a1.id, shared.id, role.id}


def test_search_explains_rank_and_tags(mem: Memory) -> None:
    record = mem.add("Aaron prefers dark mode in his editor", user_id="aaron")[0]
    _set(mem, record, source_trust=Trust.UNTRUSTED, confidence=0.1)
    [hit] = mem.search("dark mode", user_id="aaron")
    assert set(hit.explain["rank"]) >= {"relevance", "importance", "recency", "final"}
    assert abs(hit.score - hit.explain["rank"]["final"]) < 1e-6
    assert hit.explain["tags"] == ["uncertain", "untrusted"]


def test_equal_factors_keep_the_fused_order(mem: Memory) -> None:
    # one add: every memory shares importance, tier, age and usage
    texts = [f"note {i} about coffee and tea number {i % 4} kind {i % 3}" for i in range(40)]
    mem.add([{"role": "user", "content": t} for t in texts], user_id="u", infer=False)
    hits = mem.search("coffee tea number 2 kind 1", user_id="u", limit=20)
    fused = [(-h.explain["fusion"]["score"], h.memory.id) for h in hits]
    assert fused == sorted(fused)
    assert len({h.explain["rank"]["recency"] for h in hits}) == 1
    top5 = mem.search("coffee tea number 2 kind 1", user_id="u", limit=5)
    assert [h.memory.id for h in top5] == [h.memory.id for h in hits[:5]]
