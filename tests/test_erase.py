"""Erase: a hard purge of one subject, leaving only a content-free tombstone."""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from remem import Memory, ValidationError
from remem.config import Config

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)

WORD = "xylophonequartz"  # distinctive: appears only in the erased user's memories


Rows = Callable[..., list[tuple[Any, ...]]]  # the store_rows fixture


def _rows(db_path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(db_path)) as db:
        return db.execute(sql, params).fetchall()


def _seed(mem: Memory, rows: Rows) -> dict[str, list[str]]:
    ids = {
        "alice": [
            r.id
            for r in mem.add(
                [
                    {"role": "user", "content": f"my {WORD} collection has nine pieces"},
                    {"role": "user", "content": f"I keep the {WORD} in the attic"},
                ],
                user_id="alice-secret-id",
                session_id="s-a",
                infer=False,
            )
        ],
        "bob": [
            r.id for r in mem.add("bob keeps a tuba in the attic", user_id="bob", session_id="s-b")
        ],
    }
    ids["alice"].append(
        mem.update(
            ids["alice"][0], f"my {WORD} collection has ten pieces", user_id="alice-secret-id"
        ).id
    )
    mem.forget(ids["alice"][1], user_id="alice-secret-id")
    mem.checkpoint("s-a", 0, {"user_input": f"about {WORD}"}, user_id="alice-secret-id")
    mem.checkpoint("s-b", 0, {"user_input": "about tubas"}, user_id="bob")
    for user, name in (("alice-secret-id", WORD), ("bob", "tuba")):
        [(entity,)] = rows(
            "INSERT INTO entities (name, norm, user_id, created_at) "
            "VALUES (?, ?, ?, 'now') RETURNING id",
            (name, name, user),
        )
        [(seq,)] = rows("SELECT seq FROM memories WHERE user_id = ? LIMIT 1", (user,))
        rows("INSERT INTO memory_entities VALUES (?, ?)", (seq, entity))
    return ids


def test_erase_removes_everything_of_the_subject(
    config: Config, store_target: str | Path, store_rows: Rows, store_backend: str
) -> None:
    with Memory(store_target, config=config) as mem:
        ids = _seed(mem, store_rows)
        assert mem.search(WORD, user_id="alice-secret-id", include_history=True)
        bob_before = mem.get(ids["bob"][0], user_id="bob")

        report = mem.erase(user_id="alice-secret-id")
        assert (report.memories, report.resources, report.checkpoints) == (3, 3, 1)
        assert report.vectors == 3

        for sources in (["bm25"], ["vector"], None):
            assert mem.search(WORD, user_id="alice-secret-id", sources=sources) == []
            assert (
                mem.search(WORD, user_id="alice-secret-id", sources=sources, include_history=True)
                == []
            )
        assert mem.list(user_id="alice-secret-id").total == 0
        assert mem.recover("s-a", user_id="alice-secret-id") is None

        # the other user is untouched
        assert mem.get(ids["bob"][0], user_id="bob") == bob_before
        assert [h.memory.id for h in mem.search("tuba attic", user_id="bob")] == ids["bob"]
        assert mem.replay("s-b", 0, user_id="bob").user_input == "about tubas"
        assert mem.history(ids["bob"][0], user_id="bob")[0].event == "created"

    scoped = "SELECT count(*) FROM {} WHERE user_id = 'alice-secret-id'"
    for table in ("memories", "resources", "checkpoints", "entities"):
        assert store_rows(scoped.format(table)) == [(0,)], table
    assert store_rows("SELECT count(*) FROM vectors") == [(1,)]
    assert store_rows("SELECT count(*) FROM memory_entities") == [(1,)]
    assert store_rows("SELECT count(*) FROM entities") == [(1,)]
    if store_backend == "sqlite":  # the FTS5 index (PostgreSQL has none: BM25 is in-process)
        fts = "SELECT count(*) FROM memories_fts WHERE memories_fts MATCH ?"
        assert store_rows(fts, (WORD,)) == [(0,)]
        assert store_rows(fts, ("tuba",)) == [(1,)]

    audit = store_rows("SELECT memory_id, event, detail FROM audit")
    alice_ids = set(ids["alice"])
    assert not [row for row in audit if row[0] in alice_ids]
    tombstones = [row for row in audit if row[1] == "erased"]
    assert len(tombstones) == 1
    assert tombstones[0][0] is None
    detail = json.loads(str(tombstones[0][2]))
    [(key,)] = store_rows("SELECT value FROM meta WHERE key = 'erase_key'")
    mac = hmac.new(bytes.fromhex(str(key)), b"alice-secret-id", hashlib.sha256).hexdigest()
    assert detail["subject"] == {"user_id_hmac": mac}
    assert detail["memories"] == 3
    text = json.dumps(audit)
    assert "alice-secret-id" not in text
    assert WORD not in text


def test_erased_content_is_gone_from_the_file(
    config: Config, db_path: Path, store_rows: Rows, store_backend: str
) -> None:
    if store_backend != "sqlite":
        pytest.skip("a SQLite file's bytes (PostgreSQL: VACUUM after erase, docs/postgres.md)")
    with Memory(db_path, config=config) as mem:
        _seed(mem, store_rows)
        mem.erase(user_id="alice-secret-id")
        files = [db_path, Path(f"{db_path}-wal")]
        raw = b"".join(p.read_bytes() for p in files if p.exists())
    assert WORD.encode() not in raw
    assert b"alice-secret-id" not in raw


def test_erase_by_namespace_leaves_same_user_elsewhere(mem: Memory) -> None:
    kept = mem.add("note in the work namespace", user_id="u", namespace="work")[0]
    mem.add("note in the home namespace", user_id="u", namespace="home")
    report = mem.erase(user_id="u", namespace="home")
    assert report.memories == 1
    assert [r.id for r in mem.list(user_id="u").items] == [kept.id]


def test_erase_needs_a_scope(mem: Memory) -> None:
    mem.add("keep me", user_id="u")
    with pytest.raises(ValidationError, match="scope"):
        mem.erase()
    assert mem.list(user_id="u").total == 1


def _tombstones(db_path: Path) -> list[dict[str, str]]:
    rows = _rows(db_path, "SELECT detail FROM audit WHERE event = 'erased' ORDER BY id")
    return [json.loads(str(r[0]))["subject"] for r in rows]


def test_tombstones_are_keyed_per_store(config: Config, tmp_path: Path) -> None:
    stores = [tmp_path / "a.db", tmp_path / "b.db"]
    for path in stores:
        with Memory(path, config=config) as mem:
            for _ in range(2):  # the same subject erased twice
                mem.add("a fact about alice", user_id="alice")
                mem.erase(user_id="alice")
    a, b = (_tombstones(p) for p in stores)
    assert a[0] == a[1] and b[0] == b[1]  # one store: one subject, one tombstone
    assert a[0] != b[0]  # another store's key: not linkable across stores
    unsalted = hashlib.sha256(b"alice").hexdigest()
    assert unsalted not in json.dumps([a, b])


def test_erase_drops_the_gate_events_that_quote_the_subject(
    config: Config, store_target: str | Path, store_rows: Rows, store_backend: str
) -> None:
    with Memory(store_target, config=config) as mem:
        [decision] = mem.remember("You should try the new harbour ferry", user_id="alice")
        assert decision.reason == "speculation"  # audited with the phrase it caught
        mem.remember("Bob lives in Lima", user_id="bob", force=True)
        assert "should try" in json.dumps(store_rows("SELECT detail FROM audit"))
        mem.erase(user_id="alice")
    assert "should try" not in json.dumps(store_rows("SELECT detail FROM audit"))
    if store_backend == "sqlite":
        path = Path(store_target)
        raw = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))
        assert b"should try" not in raw and b"harbour ferry" not in raw
    assert store_rows("SELECT count(*) FROM memories WHERE user_id = 'bob'") == [(1,)]
