"""Category summaries and tiered recall never show forgotten, superseded or erased
facts, and never answer an asker from memories it may not see."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from remem import Memory
from remem.model import Scope, Status, Visibility

WORD = "xylophonequartz"


def _remember(mem: Memory, text: str, **scope: str) -> str:
    [decision] = mem.remember(text, force=True, **scope)
    assert decision.memory_id is not None, decision
    return decision.memory_id


def _current(mem: Memory, **scope: str) -> str:
    """Every current summary in scope, as one text."""
    return "\n".join(s.content for s in mem.summaries(**scope))


def _everywhere(mem: Memory, *scopes: Scope) -> str:
    """Every version (archived too) of every summary in ``scopes``."""
    return "\n".join(
        s.content for scope in scopes for s in mem.store.summaries(scope, archived=True)
    )


def test_forget_rebuilds_the_summary_and_archives_an_emptied_one(mem: Memory) -> None:
    kept = _remember(mem, "Aaron drives a blue Volvo estate", user_id="aaron")
    dropped = _remember(mem, "Aaron rides a red Brompton bike to work", user_id="aaron")
    [summary] = mem.summaries(user_id="aaron", category="vehicle")
    assert set(summary.sources or ()) == {kept, dropped}

    mem.forget(dropped, user_id="aaron")
    assert "Brompton" not in _current(mem, user_id="aaron")
    assert "Volvo" in _current(mem, user_id="aaron")
    mem.forget(kept, user_id="aaron")
    assert mem.summaries(user_id="aaron", category="vehicle") == []  # nothing left to list


def test_update_rebuilds_the_summary_with_the_new_version(mem: Memory) -> None:
    old = _remember(mem, "Aaron drives a blue Volvo estate", user_id="aaron")
    new = mem.update(old, "Aaron drives a red Volvo estate", user_id="aaron")
    text = _current(mem, user_id="aaron")
    assert "red Volvo" in text and "blue Volvo" not in text
    assert mem.summaries(user_id="aaron")[0].sources == (new.id,)


def test_a_supersede_rebuilds_the_summary_of_a_wider_scope_too(mem: Memory) -> None:
    work = {"namespace": "work"}
    old = _remember(mem, "Aaron lives in Tallahassee", user_id="aaron", **work)
    # a namespace-wide summary of the category lists Aaron's fact with the namespace's own
    _remember(mem, "Bea lives in Tampa", **work)
    assert (Scope(namespace="work"), "casual") in mem.store.summaries_citing([old])
    new = _remember(mem, "Aaron moved to Denver", user_id="aaron", **work)
    assert mem.get(old, user_id="aaron").status is Status.SUPERSEDED
    assert mem.store.summaries_citing([old]) == []  # no current summary lists it
    assert (Scope(namespace="work"), "casual") in mem.store.summaries_citing([new])
    assert "Tallahassee" not in _current(mem, **work)


def test_erase_removes_every_summary_version_and_rebuilds_wider_ones(
    mem: Memory, db_path: Path
) -> None:
    work = {"namespace": "work"}
    _remember(mem, f"Alice collects {WORD} figurines", user_id="alice", **work)
    _remember(mem, f"Alice keeps the {WORD} figurines in the attic", user_id="alice", **work)
    bob = _remember(mem, "Bob collects stamps from Peru", user_id="bob", **work)
    _remember(mem, "Carol collects old maps", **work)  # a namespace-wide summary
    wide = [s for s in mem.store.summaries_citing([bob]) if s[0] == Scope(namespace="work")]
    assert wide and WORD in _current(mem, **work)
    report = mem.erase(user_id="alice")
    assert report.summaries >= 2  # alice's own versions and the namespace's
    assert WORD not in _everywhere(mem, Scope(namespace="work"))
    # the namespace-wide summary is rebuilt without alice's facts
    assert wide[0] in mem.store.summaries_citing([bob])
    mem.close()
    blob = b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*"))
    assert WORD.encode() not in blob


def test_tiered_recall_passes_over_a_summary_listing_an_inactive_fact(mem: Memory) -> None:
    fact = _remember(mem, "Aaron goes hiking in the Alps every August", user_id="aaron")
    assert mem.recall_tiered("where does Aaron go hiking", user_id="aaron").tier == "summaries"
    # a status change that refreshes nothing (as a lifecycle job archiving it would)
    record = mem.get(fact, user_id="aaron")
    mem.store.update_memory(dataclasses.replace(record, status=Status.ARCHIVED))
    result = mem.recall_tiered("where does Aaron go hiking", user_id="aaron")
    assert result.tier == "items" and result.summaries == []


def test_tiered_recall_answers_an_asker_only_from_memories_it_may_see(mem: Memory) -> None:
    fact = _remember(
        mem, "Aaron goes hiking in the Alps every August", user_id="aaron", agent_id="a"
    )
    assert mem.get(fact, user_id="aaron").visibility is Visibility.PRIVATE
    query = "where does Aaron go hiking"
    own = mem.recall_tiered(query, user_id="aaron", asker_agent_id="a")
    assert own.tier == "summaries"
    other = mem.recall_tiered(query, user_id="aaron", asker_agent_id="b")
    assert other.tier == "items" and other.summaries == []
    assert all(h.memory.id != fact for h in other.items)
    # made universal, every agent may see it, and so the summary built from it
    record = mem.get(fact, user_id="aaron")
    mem.store.update_memory(dataclasses.replace(record, visibility=Visibility.UNIVERSAL))
    assert mem.recall_tiered(query, user_id="aaron", asker_agent_id="b").tier == "summaries"


def test_a_summary_of_unknown_sources_never_answers(mem: Memory) -> None:
    from remem.model import Summary, utcnow

    mem.add("Aaron goes hiking in the Alps", user_id="aaron")
    mem.store.put_summary(
        Scope(user_id="aaron"),
        Summary("hobbies", "Aaron goes hiking in the Alps", 1, "old", utcnow(), sources=None),
    )
    assert mem.recall_tiered("where does Aaron go hiking", user_id="aaron").tier == "items"
