"""The archive tier on a real store (a SQLite file and a PostgreSQL schema), a fake
clock and the fake embedder: a search the active set answers weakly falls back on
archived and cold memories and says so; a reference brings such a memory back,
audited, also from another process; an update finds its slot's old value wherever
it lives; digests serve their facts and never outrank them."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from remem.config import Config
from remem.memory import Memory
from remem.model import Kind, MemoryRecord, Status, utcnow

BACKENDS = ("sqlite", "postgres")
T0 = utcnow()
LATER = T0 + timedelta(days=100)


def _archive_all_but(mem: Memory, keep: list[str]) -> None:
    """Reference ``keep`` at LATER and run the weekly review: everything else in the
    store (never used for 100 days) is archived."""
    if keep:
        mem.reference(keep, user_id="aaron", now=LATER)
    assert mem.jobs.run("weekly", now=LATER).status == "ok"


def _facts(mem: Memory) -> dict[str, str]:
    texts = {
        "bike": "Aaron keeps his bicycle in the garage",
        "kitten": "Aaron adopted a grey kitten called Miso",
        "dentist": "Aaron's dentist is Dr Lowe in Harbour Street",
    }
    return {k: mem.add(t, user_id="aaron", now=T0)[0].id for k, t in texts.items()}


def test_a_weak_active_answer_falls_back_on_the_archive_and_says_so(
    mem: Memory, config: Config, store_target: str | Path
) -> None:
    ids = _facts(mem)
    _archive_all_but(mem, [ids["kitten"]])
    assert mem.get(ids["bike"], user_id="aaron").status is Status.ARCHIVED
    hits = mem.search("where is the bicycle kept?", user_id="aaron", now=LATER)
    assert hits[0].memory.id == ids["bike"]
    assert hits[0].explain["tier"] == "archived"
    fallback = hits[0].explain["fallback"]
    assert fallback["tier_match"] > fallback["active_best"] and fallback["below"] > 0
    # the active set answers this one well: no second tier
    strong = mem.search("Aaron adopted a grey kitten called Miso", user_id="aaron", now=LATER)
    assert strong[0].memory.id == ids["kitten"] and strong[0].explain["tier"] == "active"
    assert all(h.explain["tier"] == "active" for h in strong)
    # off, or a search that names its statuses: no fallback
    off = config.model_copy(update={"fallback_below": 0.0})
    with Memory(store_target, config=off) as plain:
        assert all(h.memory.id != ids["bike"] for h in plain.search("bicycle", user_id="aaron"))
    named = mem.search("bicycle", user_id="aaron", include_history=True, now=LATER)
    assert all(h.memory.id != ids["bike"] for h in named)
    # context blocks fall back the same way; being injected restores nothing
    block = mem.context("where is the bicycle kept?", user_id="aaron", now=LATER)
    assert block.items and block.items[0].memory_id == ids["bike"]
    assert mem.get(ids["bike"], user_id="aaron").status is Status.ARCHIVED


def test_a_reference_restores_an_archived_memory_audited(mem: Memory) -> None:
    ids = _facts(mem)
    _archive_all_but(mem, [ids["kitten"]])
    (record,) = mem.reference(ids["dentist"], user_id="aaron", now=LATER + timedelta(hours=1))
    assert record.status is Status.ACTIVE and record.reference_count == 1
    stored = mem.get(ids["dentist"], user_id="aaron")
    assert stored.status is Status.ACTIVE and stored.last_referenced_at is not None
    events = mem.history(ids["dentist"], user_id="aaron")
    assert [e.event for e in events][-3:] == ["archived", "restored", "referenced"]
    assert events[-2].detail["reason"] == "referenced"
    # back in the active set: the next review leaves it there
    mem.jobs.run("weekly", now=LATER + timedelta(days=7))
    assert mem.get(ids["dentist"], user_id="aaron").status is Status.ACTIVE


# A second process: search the archive tier, reference what it found, print the ids.
OTHER = r"""
import json, sys
from datetime import datetime
from pathlib import Path
from remem import Config, Memory
target, home, when = sys.argv[1:4]
with Memory(target, config=Config(home=Path(home), embedder="fake")) as mem:
    now = datetime.fromisoformat(when)
    hits = mem.search("who is my dentist?", user_id="aaron", now=now)
    first = hits[0]
    mem.reference(first.memory.id, user_id="aaron", now=now)
    print(json.dumps({"id": first.memory.id, "tier": first.explain["tier"]}))
"""


def test_fallback_and_restore_across_processes(
    config: Config, store_target: str | Path, tmp_path: Path
) -> None:
    with Memory(store_target, config=config) as mem:
        ids = _facts(mem)
        _archive_all_but(mem, [ids["kitten"]])
    when = (LATER + timedelta(hours=2)).isoformat()
    out = subprocess.run(
        [sys.executable, "-c", OTHER, str(store_target), str(config.home), when],
        capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found == {"id": ids["dentist"], "tier": "archived"}
    with Memory(store_target, config=config) as mem:
        back = mem.get(ids["dentist"], user_id="aaron")
        assert back.status is Status.ACTIVE and back.reference_count == 1
        assert "restored" in [e.event for e in mem.history(ids["dentist"], user_id="aaron")]
        hits = mem.search("who is my dentist?", user_id="aaron", now=LATER + timedelta(hours=3))
        assert hits[0].memory.id == ids["dentist"] and hits[0].explain["tier"] == "active"


def test_an_update_finds_its_slots_old_value_in_the_archive(mem: Memory) -> None:
    old = mem.remember("Aaron's car is a blue Volvo.", user_id="aaron", now=T0)[0].memory_id
    bike = mem.remember("Aaron's bike is a red Trek.", user_id="aaron", now=T0)[0].memory_id
    assert old and bike
    mem.reference(bike, user_id="aaron", now=LATER)
    mem.jobs.run("weekly", now=LATER)
    assert mem.get(old, user_id="aaron").status is Status.ARCHIVED
    decisions = mem.remember(
        "Aaron's car is now a green Skoda.", user_id="aaron", now=LATER + timedelta(days=1)
    )
    assert [d.related_id for d in decisions] == [old]  # the car's old value, not the bike
    assert mem.get(old, user_id="aaron").status is Status.SUPERSEDED
    assert mem.get(bike, user_id="aaron").status is Status.ACTIVE


def test_a_fact_said_again_after_it_was_archived_updates_no_other_slot(mem: Memory) -> None:
    # world 2 dev seed 1, with jobs: the first road note was archived once its day
    # passed; said again, it superseded the deeds (an active fact of another slot)
    say = "The Kendry road is closed tomorrow for resurfacing."
    road = mem.remember(say, user_id="aaron", speaker="Ingrid", now=T0)[0].memory_id
    deeds = mem.remember(
        "The bank in Kendry holds the deeds to the farm.",
        user_id="aaron",
        speaker="Ingrid",
        now=T0 + timedelta(days=30),
    )[0].memory_id
    assert road and deeds
    mem.jobs.run("weekly", now=T0 + timedelta(days=40))
    assert mem.get(road, user_id="aaron").status is Status.ARCHIVED
    [again] = mem.remember(say, user_id="aaron", speaker="Ingrid", now=T0 + timedelta(days=56))
    assert mem.get(deeds, user_id="aaron").status is Status.ACTIVE
    # the new telling takes the archived one's place: merged into it, active
    assert (again.action, again.reason, again.related_id) == ("merged", "repeat", road)
    assert mem.get(road, user_id="aaron").status is Status.SUPERSEDED
    assert mem.history(road, user_id="aaron")[-1].event == "merged"
    assert again.memory_id and mem.get(again.memory_id, user_id="aaron").status is Status.ACTIVE


def _digest(mem: Memory, sources: list[str], text: str, status: Status = Status.ACTIVE) -> str:
    """A week digest quoting ``sources``, as the nightly rollups step writes one."""
    record = MemoryRecord(
        content=text,
        user_id="aaron",
        kind=Kind.EPISODIC,
        tags=["rollup", "rollup:week"],
        importance=0.9,
        status=status,
        created_at=T0,
        updated_at=T0,
        data={"sources": sources, "period": {"kind": "week"}},
    )
    vectors = mem.embedder.embed_documents([text])
    mem.store.insert_memories([record], vectors=vectors, model_id=mem.embedder.model_id)
    return record.id


def test_digests_serve_their_facts_and_never_outrank_them(mem: Memory) -> None:
    ids = _facts(mem)
    digest = _digest(
        mem,
        [ids["dentist"], ids["bike"]],
        "Digest of the week: Aaron's dentist is Dr Lowe in Harbour Street; Aaron keeps "
        "his bicycle in the garage",
    )
    hits = mem.search("Aaron's dentist Dr Lowe Harbour Street", user_id="aaron", now=T0)
    order = [h.memory.id for h in hits]
    assert digest in order and order.index(ids["dentist"]) < order.index(digest)
    # the fact archived and the digest still active: the digest brings its fact along
    _archive_all_but(mem, [digest])
    assert mem.get(ids["dentist"], user_id="aaron").status is Status.ARCHIVED
    hits = mem.search("who is Aaron's dentist?", user_id="aaron", now=LATER)
    order = [h.memory.id for h in hits]
    assert ids["dentist"] in order and order.index(ids["dentist"]) < order.index(digest)
    brought = hits[order.index(ids["dentist"])]
    assert brought.explain["tier"] == "archived" and brought.explain["via"] == {"digest": digest}
    # a reference to the digest credits the quoted facts in use (the kitten is not quoted)
    mem.reference(ids["dentist"], user_id="aaron", now=LATER)
    mem.reference(digest, user_id="aaron", now=LATER + timedelta(days=1))
    events = [e for e in mem.history(ids["dentist"], user_id="aaron") if e.event == "referenced"]
    assert events[-1].detail.get("via") == digest
    # an update of a quoted fact makes the digest outdated: never served, then archived
    mem.remember("Aaron's dentist is now Dr Okafor in Mill Lane.", user_id="aaron",
                 now=LATER + timedelta(days=2))  # fmt: skip
    assert mem.get(ids["dentist"], user_id="aaron").status is Status.SUPERSEDED
    hits = mem.search("Aaron's dentist", user_id="aaron", now=LATER + timedelta(days=2))
    assert digest not in [h.memory.id for h in hits]
    review = mem.jobs.run("weekly", now=LATER + timedelta(days=9))
    assert ("outdated", digest) in {(i.action, i.memory_id) for i in review.items}
    assert mem.get(digest, user_id="aaron").status is Status.ARCHIVED


def test_outdated_archived_digests_never_crowd_the_active_answer_out(mem: Memory) -> None:
    # world 2 dev seed 1: ten archived digests matched the question better than the
    # active set's best; cut to ten before the digest rules dropped them as outdated,
    # they left one active hit, and the answer was gone
    fact = mem.add("The milk tanker pulls in around half six.", user_id="aaron", now=T0)[0].id
    note = mem.add("The milk recorder is coming on Friday.", user_id="aaron", now=T0)[0]
    mem.update(note.id, "The milk recorder is coming on Monday.", user_id="aaron", now=T0)
    for day in range(10):
        _digest(
            mem,
            [note.id],
            f"Digest of day {day}: when do I need the milk ready for collection; "
            "the milk recorder is coming on Friday.",
            status=Status.ARCHIVED,
        )
    question = "When do I need the milk ready for collection?"
    hits = mem.search(question, user_id="aaron", limit=5, now=LATER)
    assert fact in [h.memory.id for h in hits]
    assert all(h.memory.tags[-1:] != ["rollup:week"] for h in hits)  # outdated: dropped
