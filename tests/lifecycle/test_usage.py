"""Usage signals through Memory: accesses after search and context, references (scope
enforced, all or nothing), restore, on a real store (SQLite file, PostgreSQL schema)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from remem.config import Config
from remem.errors import NotFoundError, ValidationError
from remem.memory import Memory
from remem.model import Scope, Status, utcnow
from remem.providers.base import Vectors
from remem.providers.hashing import HashingEmbedder
from remem.store.base import ListFilter
from remem.store.factory import open_store

BACKENDS = ("sqlite", "postgres")


@pytest.fixture
def counts(
    config: Config, store_target: str | Path
) -> Callable[[str], tuple[int, datetime | None]]:
    """``counts(memory_id)``: its access count and last access as committed to the store,
    read through a store of its own (not the Memory's, which may hold some back)."""

    def read(memory_id: str) -> tuple[int, datetime | None]:
        with closing(open_store(config, store_target)) as store:
            record = store.get_memory(memory_id, Scope(user_id="aaron"))
        assert record is not None
        return record.access_count, record.last_accessed_at

    return read


Counts = Callable[[str], tuple[int, "datetime | None"]]


@pytest.fixture
def two(mem: Memory) -> tuple[str, str]:
    a = mem.add("Aaron prefers dark mode in his editor", user_id="aaron")[0]
    b = mem.add("Aaron walks his dog every morning", user_id="aaron")[0]
    return a.id, b.id


def test_search_counts_one_access_per_returned_memory(
    mem: Memory, two: tuple[str, str], counts: Counts
) -> None:
    when = utcnow() + timedelta(days=3)
    hits = mem.search("editor dark mode", user_id="aaron", limit=1, now=when)
    assert [h.memory.id for h in hits] == [two[0]]
    assert counts(two[0]) == (1, when)
    assert counts(two[1]) == (0, None)  # not returned, not counted
    mem.search("editor dark mode", user_id="aaron", limit=1)
    assert counts(two[0])[0] == 2
    # and the usage factor now has input
    hit = mem.search("editor dark mode", user_id="aaron", limit=1)[0]
    assert hit.memory.access_count == 2
    assert hit.explain["rank"]["usage"] == round(1 / (1 + 0.15 * 2), 4)


def test_one_small_write_per_search_after_the_read(mem: Memory, two: tuple[str, str]) -> None:
    statements: list[str] = []
    mem.store._db.set_trace_callback(statements.append)  # type: ignore[attr-defined]
    try:
        mem.search("Aaron", user_id="aaron")
    finally:
        mem.store._db.set_trace_callback(None)  # type: ignore[attr-defined]
    writes = [s for s in statements if re.match(r"\s*(UPDATE|INSERT|DELETE)", s)]
    assert sum(s.startswith("BEGIN") for s in statements) == 1
    assert len(writes) == 1 and "access_count" in writes[0]
    # the write comes after every read of the search
    assert statements.index(writes[0]) > max(
        i for i, s in enumerate(statements) if s.lstrip().startswith("SELECT")
    )


def test_record_access_can_be_switched_off(
    config: Config, store_target: str | Path, counts: Counts
) -> None:
    with Memory(store_target, config=config.model_copy(update={"record_access": False})) as mem:
        memory_id = mem.add("Aaron prefers dark mode", user_id="aaron")[0].id
        mem.search("dark mode", user_id="aaron")
        mem.context("dark mode", user_id="aaron")
    assert counts(memory_id) == (0, None)


def test_a_busy_write_lock_buffers_the_counts_without_stalling(
    mem: Memory, two: tuple[str, str], counts: Counts, config: Config, store_target: str | Path
) -> None:
    with closing(open_store(config, store_target)) as other, other.transaction():
        # another process is writing (it holds the store's write lock)
        started = time.monotonic()
        mem.search("editor dark mode", user_id="aaron", limit=1)
        assert time.monotonic() - started < 5  # not the 30 s a write would wait
        assert mem._access.pending == 1
    assert counts(two[0])[0] == 0
    mem.search("editor dark mode", user_id="aaron", limit=1)  # flushes both
    assert counts(two[0])[0] == 2 and mem._access.pending == 0


def test_buffered_counts_are_written_at_close(
    config: Config, store_target: str | Path, counts: Counts
) -> None:
    mem = Memory(store_target, config=config)
    memory_id = mem.add("Aaron prefers dark mode", user_id="aaron")[0].id
    with closing(open_store(config, store_target)) as other, other.transaction():
        mem.search("dark mode", user_id="aaron")
    assert counts(memory_id)[0] == 0
    mem.close()
    assert counts(memory_id)[0] == 1


def test_a_store_that_turns_out_read_only_skips_access_recording(
    mem: Memory, two: tuple[str, str], store_backend: str
) -> None:
    # (A store opened read-only never tries: tests/store/test_store_open.py searches
    # one and checks its bytes did not change.) Here the first write finds out: on a
    # SQLite file made query-only, on a PostgreSQL session made read-only (as a hot
    # standby, or a user without write rights, refuses the write itself).
    if store_backend == "postgres":
        raw = mem.store._db.raw()  # type: ignore[attr-defined]
        raw.execute("SET default_transaction_read_only = on")
    else:
        mem.store._db.execute("PRAGMA query_only = ON")  # type: ignore[attr-defined]
    assert mem.search("editor dark mode", user_id="aaron")  # no error
    assert mem._access.pending == 0  # nothing kept for a retry that cannot succeed
    assert mem.store.read_only  # type: ignore[attr-defined]


def test_context_counts_only_what_it_injects(
    mem: Memory, two: tuple[str, str], counts: Counts
) -> None:
    block = mem.context("editor dark mode", user_id="aaron", max_items=1)
    assert [i.memory_id for i in block.items] == [two[0]]
    assert counts(two[0])[0] == 1
    assert counts(two[1])[0] == 0  # a spare candidate, not injected


# -- reference ---------------------------------------------------------------------------
def test_reference_reinforces_and_audits(mem: Memory, two: tuple[str, str]) -> None:
    when = utcnow() + timedelta(days=1)
    (record,) = mem.reference(two[0], user_id="aaron", now=when)
    assert record.reference_count == 1 and record.last_referenced_at == when
    stored = mem.get(two[0], user_id="aaron")
    assert stored.reference_count == 1 and stored.last_referenced_at == when
    event = [e for e in mem.history(two[0], user_id="aaron") if e.event == "referenced"]
    assert event[0].detail == {"reference_count": 1, "reinforcement": 1.1}
    mem.reference([two[0], two[1]], user_id="aaron", now=when)
    assert mem.get(two[0], user_id="aaron").reference_count == 2
    hit = mem.search("editor dark mode", user_id="aaron", limit=1, now=when)[0]
    assert hit.explain["lifecycle"]["reinforcement"] == 1.21
    assert hit.explain["lifecycle"]["since"] == "last_referenced"


def test_reference_outside_the_scope_writes_nothing(mem: Memory, two: tuple[str, str]) -> None:
    theirs = mem.add("Maya prefers tea", user_id="maya")[0]
    before = len(list(mem.store.iter_events()))
    with pytest.raises(NotFoundError):
        mem.reference([two[0], theirs.id], user_id="aaron")
    assert mem.get(two[0], user_id="aaron").reference_count == 0
    assert mem.get(theirs.id, user_id="maya").reference_count == 0
    assert len(list(mem.store.iter_events())) == before
    with pytest.raises(ValidationError):
        mem.reference([], user_id="aaron")
    mem.forget(two[1], user_id="aaron")
    with pytest.raises(ValidationError, match="forgotten"):
        mem.reference([two[0], two[1]], user_id="aaron")
    assert mem.get(two[0], user_id="aaron").reference_count == 0


# -- restore and the index lifecycle ---------------------------------------------------
class WordTokenEmbedder(HashingEmbedder):
    """A hashing embedder that also returns one vector per word (a test double)."""

    def embed_with_tokens(
        self, texts: Sequence[str]
    ) -> tuple[Vectors, list[Vectors], list[list[int]]]:
        pooled = self.embed_documents(texts)
        tokens, ids = [], []
        for text in texts:
            words = re.findall(r"\w+", text.lower())
            tokens.append(
                self.embed_documents(words) if words else np.zeros((0, self.dim), np.float32)
            )
            ids.append([int.from_bytes(w.encode()[:3].ljust(3, b"\0"), "little") for w in words])
        return pooled, tokens, ids


@pytest.fixture
def token_mem(tmp_path: Path) -> Iterator[Memory]:
    # archive_tokens off: archived memories keep no token vectors (on: the test below)
    config = Config(embedder="hashing", home=tmp_path / "home", archive_tokens=False)
    with Memory(tmp_path / "late.db", config=config, embedder=WordTokenEmbedder(64)) as mem:
        yield mem


def _token_rows(mem: Memory, memory_id: str) -> int:
    block = mem.store.token_vectors(
        mem.get(memory_id, user_id="aaron").scope, model_id=mem.embedder.model_id,
        memory_ids=[memory_id],
    )  # fmt: skip
    return len(block)


def test_archive_drops_token_vectors_and_restore_rebuilds_them(token_mem: Memory) -> None:
    mem = token_mem
    old = mem.add("Aaron keeps his bicycle in the garage", user_id="aaron")[0]
    mem.add("Aaron adopted a grey kitten", user_id="aaron")
    assert _token_rows(mem, old.id) == 1
    later = utcnow() + timedelta(days=100)
    kitten = mem.search("kitten", user_id="aaron", limit=1)[0].memory.id
    mem.reference(kitten, user_id="aaron", now=later)  # used: stays active
    result = mem.jobs.run("weekly", now=later)
    assert result.counts["archived"] == 1
    assert mem.get(old.id, user_id="aaron").status is Status.ARCHIVED
    assert _token_rows(mem, old.id) == 0
    # the active set answers nothing about it: the archive tier does, and says so
    found = [h for h in mem.search("bicycle garage", user_id="aaron") if h.memory.id == old.id]
    assert found and found[0].explain["tier"] == "archived"
    assert mem.search("bicycle garage", user_id="aaron", sources=["late"]) == []  # no tokens
    restored = mem.restore(old.id, user_id="aaron", reason="asked for it", now=later)
    assert restored.status is Status.ACTIVE and restored.last_accessed_at == later
    assert _token_rows(mem, old.id) == 1
    hits = mem.search("bicycle garage", user_id="aaron", sources=["late"])
    assert hits and hits[0].memory.id == old.id  # MaxSim sees its rebuilt token vectors
    assert [e.event for e in mem.history(old.id, user_id="aaron")][-2:] == ["archived", "restored"]
    # restored counts as used: the next review does not archive it again
    again = mem.jobs.run("weekly", now=later + timedelta(days=7))
    assert "archived" not in again.counts
    assert mem.get(old.id, user_id="aaron").status is Status.ACTIVE


def test_a_restored_memory_that_was_referenced_stays_active(mem: Memory) -> None:
    # referenced once, then idle: the reference clock archives it; a restore is a use
    # by that clock too, so the next review leaves it (not a reference: no count)
    start = utcnow()
    note = mem.add("Aaron parks in bay 14 at the office", user_id="aaron", now=start)[0]
    mem.reference(note.id, user_id="aaron", now=start + timedelta(days=2))
    later = start + timedelta(days=100)
    mem.jobs.run("weekly", now=later)
    assert mem.get(note.id, user_id="aaron").status is Status.ARCHIVED
    mem.restore(note.id, user_id="aaron", now=later)
    mem.jobs.run("weekly", now=later + timedelta(days=7))
    back = mem.get(note.id, user_id="aaron")
    assert back.status is Status.ACTIVE
    assert back.last_referenced_at == later and back.reference_count == 1


def test_restore_refuses_what_cannot_come_back(mem: Memory, two: tuple[str, str]) -> None:
    with pytest.raises(ValidationError, match="is active: there is nothing to restore"):
        mem.restore(two[0], user_id="aaron")  # already active: an error, nothing written
    assert [e.event for e in mem.history(two[0], user_id="aaron")] == ["created"]
    mem.forget(two[1], user_id="aaron")
    with pytest.raises(ValidationError, match="archived or cold"):
        mem.restore(two[1], user_id="aaron")
    with pytest.raises(NotFoundError):
        mem.restore(two[0], user_id="maya")


def test_an_export_from_before_the_lifecycle_fields_imports(
    mem: Memory, config: Config, tmp_path: Path
) -> None:
    import json

    mem.add("Aaron prefers dark mode", user_id="aaron")
    out = tmp_path / "export"
    mem.export_to(out)
    for file in out.glob("facts-*.jsonl"):
        lines = [json.loads(line) for line in file.read_text().splitlines()]
        for line in lines:
            del line["last_accessed_at"], line["purge_candidate_since"]
        file.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with Memory(tmp_path / "old.db", config=config) as target:
        assert target.import_from(out)["memories"] == 1
        (record,) = target.list(user_id="aaron").items
        assert record.last_accessed_at is None and record.purge_candidate_since is None


def test_a_full_record_update_does_not_undo_counts_made_meanwhile(
    mem: Memory, two: tuple[str, str]
) -> None:
    stale = mem.get(two[0], user_id="aaron")  # read before the search below
    mem.search("editor dark mode", user_id="aaron", limit=1)
    mem.reference(two[0], user_id="aaron")
    stale.confidence = 0.5
    mem.store.update_memory(stale)  # e.g. the write path reinforcing what it had read
    after = mem.get(two[0], user_id="aaron")
    assert after.confidence == 0.5
    assert after.access_count == 1 and after.reference_count == 1


def test_with_archive_tokens_an_archived_fact_keeps_its_token_vectors(tmp_path: Path) -> None:
    # the second tier scanned by MaxSim as the active set is: a cold fact that shares
    # no word with its question is found the way the run without jobs finds it
    config = Config(embedder="hashing", home=tmp_path / "home", archive_tokens=True)
    with Memory(tmp_path / "keep.db", config=config, embedder=WordTokenEmbedder(64)) as mem:
        old = mem.add("Aaron keeps his bicycle in the garage", user_id="aaron")[0]
        mem.add("Aaron adopted a grey kitten", user_id="aaron")
        later = utcnow() + timedelta(days=100)
        kitten = mem.search("kitten", user_id="aaron", limit=1)[0].memory.id
        mem.reference(kitten, user_id="aaron", now=later)
        assert mem.jobs.run("weekly", now=later).counts["archived"] == 1
        assert mem.get(old.id, user_id="aaron").status is Status.ARCHIVED
        archived = ListFilter(statuses=("archived",))
        block = mem.store.token_vectors(
            Scope(user_id="aaron"), model_id=mem.embedder.model_id, filters=archived
        )
        assert block.memory_ids == [old.id]  # kept: a fact, not a digest or a note
        hits = mem.search("bicycle garage", user_id="aaron", sources=["late"])
        assert [h.memory.id for h in hits] == [old.id]
        assert hits[0].explain["tier"] == "archived"
        mem.jobs.run("monthly", now=later + timedelta(days=31))
        block = mem.store.token_vectors(
            Scope(user_id="aaron"), model_id=mem.embedder.model_id, filters=archived
        )
        assert block.memory_ids == [old.id]  # the monthly step leaves them too
