"""The names a Mem0 user looks for, with remem's semantics: ``delete`` is an audited
soft delete, ``delete_all`` forgets a scope (one is required), ``reset`` erases the
store and needs ``confirm=True``; ``add`` of messages extracts facts by default."""

from __future__ import annotations

from pathlib import Path

import pytest

from remem import Memory, UserError, ValidationError
from remem.model import Status
from remem.store.base import FieldChange


def test_delete_is_an_audited_soft_delete(mem: Memory) -> None:
    [record] = mem.add("Aaron drives a WRX", user_id="u")
    gone = mem.delete(record.id, user_id="u", reason="sold it")
    assert gone.status is Status.FORGOTTEN
    assert mem.get(record.id, user_id="u").content == "Aaron drives a WRX"  # kept
    assert mem.search("WRX", user_id="u") == []
    events = [e for e in mem.history(record.id, user_id="u") if e.event == "forgotten"]
    assert events and events[0].detail["reason"] == "sold it"
    with pytest.raises(ValidationError, match="scope is required"):
        mem.delete(record.id)


def test_delete_all_forgets_the_scope_and_nothing_else(mem: Memory) -> None:
    mine = mem.add(
        [{"content": f"note {i} on the car"} for i in range(3)], user_id="u", infer=False
    )
    [theirs] = mem.add("note on the bike", user_id="v")
    [old] = mem.add("Aaron lives in Boston", user_id="u")
    new = mem.update(old.id, "Aaron lives in Denver", user_id="u")
    archived = mine[0]
    mem.store.change_fields([FieldChange(archived.id, "active", {"status": "archived"})])
    with pytest.raises(ValidationError, match="scope is required"):
        mem.delete_all()
    report = mem.delete_all(user_id="u", reason="user asked")
    assert report.forgotten == 4 == len(report.memory_ids)
    assert set(report.memory_ids) == {r.id for r in mine} | {new.id}
    assert mem.get_all(user_id="u") == []
    assert mem.get(old.id, user_id="u").status is Status.SUPERSEDED  # history stays history
    assert mem.get(theirs.id, user_id="v").status is Status.ACTIVE
    forgotten = mem.get_all(user_id="u", filters={"status": "forgotten"})
    assert {r.id for r in forgotten} == set(report.memory_ids)
    for memory_id in report.memory_ids:
        [event] = [e for e in mem.history(memory_id, user_id="u") if e.event == "forgotten"]
        assert event.detail["by"] == "delete_all" and event.detail["reason"] == "user asked"
    assert {e.detail["from_status"] for e in mem.store.iter_events() if e.event == "forgotten"} == {
        "active",
        "archived",
    }
    assert mem.delete_all(user_id="u").forgotten == 0  # idempotent


def test_delete_all_narrows_by_run_id_and_filters(mem: Memory) -> None:
    mem.add("meeting notes", user_id="u", session_id="s1", category="work")
    mem.add("more meeting notes", user_id="u", session_id="s2", category="work")
    mem.add("a dentist appointment", user_id="u", session_id="s2", category="health")
    assert mem.delete_all(user_id="u", run_id="s1").forgotten == 1
    assert mem.delete_all(user_id="u", filters={"category": "health"}).forgotten == 1
    assert [r.content for r in mem.get_all(user_id="u")] == ["more meeting notes"]
    with pytest.raises(ValidationError, match="unknown filter key"):
        mem.delete_all(user_id="u", filters={"topic": "work"})
    assert len(mem.get_all(user_id="u")) == 1  # a refused filter forgets nothing


def test_delete_all_spans_many_batches_in_one_go(mem: Memory) -> None:
    mem.add([{"content": f"fact number {i}"} for i in range(1203)], user_id="u", infer=False)
    assert mem.delete_all(user_id="u").forgotten == 1203
    assert mem.list(user_id="u").total == 0


def test_reset_needs_confirmation_and_erases_everything(mem: Memory, db_path: Path) -> None:
    mem.add("zanzibarquux lives here", user_id="u")
    mem.add("zanzibarquux as well", agent_id="a")
    mem.add("and zanzibarquux", namespace="n")
    mem.checkpoint("s", 1, {"user_input": "zanzibarquux"}, user_id="u")
    for refused in ({}, {"confirm": False}, {"confirm": "yes"}, {"confirm": 1}):
        with pytest.raises(UserError, match=r"reset\(confirm=True\)"):
            mem.reset(**refused)  # type: ignore[arg-type]
    assert mem.stats()["memories"] == 3
    report = mem.reset(confirm=True)
    assert (report.memories, report.checkpoints, report.pending) == (3, 1, False)
    assert report.resources == 3 and report.vectors == 3
    assert mem.stats()["memories"] == 0 and mem.stats()["resources"] == 0
    [tombstone] = [e for e in mem.store.iter_events() if e.event == "erased"]
    assert tombstone.actor == "reset" and tombstone.detail["subject"] == {"everything": True}
    files = b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*"))
    assert b"zanzibarquux" not in files
    [again] = mem.add("a fresh start", user_id="u")  # the store is still usable
    assert mem.search("fresh start", user_id="u")[0].memory.id == again.id


def test_store_erase_still_refuses_an_empty_scope(mem: Memory) -> None:
    from remem.model import Scope

    with pytest.raises(ValidationError, match="scope is required"):
        mem.store.erase(Scope())


CONVERSATION = [
    {"role": "user", "content": "Hi, I'm Alex. I'm a vegetarian and I'm allergic to nuts."},
    {"role": "assistant", "content": "Hello Alex! I'll remember that you're a vegetarian."},
    {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
    {"role": "assistant", "content": "Got it! I'll suggest sci-fi movies in the future."},
]


def test_add_of_messages_extracts_facts_by_default(mem: Memory) -> None:
    stored = mem.add(CONVERSATION, user_id="alex")
    contents = [r.content for r in stored]
    assert contents and all(r.extractor_version != "raw-1" for r in stored)
    assert not any("I'll remember" in c or "Got it" in c or "Hello" in c for c in contents)
    assert any("vegetarian" in c for c in contents)
    assert any("nuts" in c for c in contents)
    assert any("sci-fi" in c for c in contents)
    assert {r.content for r in mem.get_all(user_id="alex")} == set(contents)


def test_raw_storage_is_one_keyword_away_and_text_stays_raw(mem: Memory) -> None:
    raw = mem.add(CONVERSATION, user_id="alex", infer=False)
    assert [r.content for r in raw] == [m["content"] for m in CONVERSATION]
    assert {r.extractor_version for r in raw} == {"raw-1"}
    [text] = mem.add("Alex's favourite colour is teal", user_id="alex")
    assert text.content == "Alex's favourite colour is teal" and text.extractor_version == "raw-1"
    inferred = mem.add("I'm allergic to shellfish.", user_id="sam", infer=True)
    assert [r.extractor_version for r in inferred] != ["raw-1"]


def test_fields_given_to_add_apply_to_every_inferred_fact(mem: Memory) -> None:
    stored = mem.add(
        CONVERSATION,
        user_id="alex",
        category="profile",
        importance=0.8,
        kind="episodic",
        tier="permanent",
        metadata={"source": "onboarding", "priority": 3},
    )
    assert stored
    for record in stored:
        assert (record.category, record.importance) == ("profile", 0.8)
        assert (record.kind, record.tier) == ("episodic", "permanent")
        assert record.data["metadata"] == {"source": "onboarding", "priority": 3}
    found = mem.get_all(user_id="alex", filters={"metadata.source": "onboarding"})
    assert {r.id for r in found} == {r.id for r in stored}
    plain = mem.add(CONVERSATION, user_id="kim")
    assert {r.kind for r in plain} == {"semantic"} and all("metadata" not in r.data for r in plain)


def test_the_migration_notes_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/mem0.md's example, as written, with the default (bundled) embedder."""
    text = (Path(__file__).parents[1] / "docs" / "mem0.md").read_text("utf-8")
    code = text.split("## The example", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "docs/mem0.md", "exec"), {"__name__": "mem0_doc"})
    assert (tmp_path / "mem0-migration.db").exists()


def test_to_mem0_gives_the_results_shape(mem: Memory) -> None:
    from remem.mem0 import to_mem0

    [record] = mem.add("Alex likes tea", user_id="alex", run_id="r1", metadata={"k": 1})
    shaped = to_mem0(mem.search("tea", user_id="alex"))
    [row] = shaped["results"]
    assert row["id"] == record.id and row["memory"] == "Alex likes tea"
    assert row["metadata"] == {"k": 1} and row["run_id"] == "r1" and row["user_id"] == "alex"
    assert isinstance(row["score"], float) and "agent_id" not in row
    assert "score" not in to_mem0(mem.get_all(user_id="alex"))["results"][0]
    with pytest.raises(ValidationError, match="run_id and session_id"):
        mem.add("x", user_id="alex", run_id="r1", session_id="r2")
