"""Ids by unique prefix (remem/ids.py): every method and command taking an id
accepts 8+ characters that match one memory in the scope; ambiguity is refused
with a count; resolution never looks outside the scope; listings print prefixes
that are unique and accepted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remem import Config, Memory, MemoryRecord, NotFoundError, ValidationError
from remem.cli import app


def _insert(mem: Memory, memory_id: str, content: str, **scope: str) -> None:
    """A memory with a chosen id (as an import of another store's ids would give)."""
    mem.store.insert_memories(
        [MemoryRecord(content=content, id=memory_id, **scope)], vectors=None, model_id=None
    )


def test_every_id_method_accepts_a_unique_prefix(mem: Memory) -> None:
    [record] = mem.add("Aaron drives a WRX", user_id="u")
    prefix = record.id[:8]
    assert mem.get(prefix, user_id="u").id == record.id
    assert mem.get(record.id[:12], user_id="u").id == record.id
    assert mem.reference(prefix, user_id="u")[0].id == record.id
    assert mem.reference([prefix, record.id], user_id="u")[0].reference_count == 2
    mem.record_injection([prefix], user_id="u")
    assert mem.get(prefix, user_id="u").surface_count == 1
    new = mem.update(prefix, "Aaron drives a BRZ", user_id="u")
    assert new.supersedes == record.id
    assert any(e.memory_id == record.id for e in mem.history(new.id[:9], user_id="u"))
    assert mem.forget(new.id[:10], user_id="u").status == "forgotten"
    assert mem.delete(new.id[:10], user_id="u").id == new.id


def test_restore_accepts_a_prefix(mem: Memory) -> None:
    from remem.model import Status
    from remem.store.base import FieldChange

    [record] = mem.add("the boiler is serviced in May", user_id="u")
    mem.store.change_fields([FieldChange(record.id, "active", {"status": Status.ARCHIVED.value})])
    assert mem.restore(record.id[:8], user_id="u").status == "active"


def test_short_and_unknown_prefixes_are_not_found(mem: Memory) -> None:
    [record] = mem.add("Aaron drives a WRX", user_id="u")
    with pytest.raises(NotFoundError, match="at least 8 characters"):
        mem.get(record.id[:7], user_id="u")
    probe = "ffffffffff" if not record.id.startswith("ff") else "0000000000"
    with pytest.raises(NotFoundError, match=re.escape(f"no memory '{probe}' in this scope")):
        mem.get(probe, user_id="u")
    for bad in ("", "a b", "x" * 200, 3):
        with pytest.raises(ValidationError, match="not a valid id"):
            mem.get(bad, user_id="u")  # type: ignore[arg-type]


def test_an_ambiguous_prefix_is_refused_with_the_count(mem: Memory) -> None:
    for n in range(3):
        _insert(mem, f"deadbeef{n:024d}", f"note {n}", user_id="u")
    with pytest.raises(ValidationError, match="matches 3 memories in this scope"):
        mem.get("deadbeef", user_id="u")
    with pytest.raises(ValidationError, match="matches 3 memories"):
        mem.forget("deadbeef00", user_id="u")
    with pytest.raises(ValidationError, match="matches 3 memories"):
        mem.reference(["deadbeef"], user_id="u")
    assert mem.get(f"deadbeef{2:024d}"[:32], user_id="u").content == "note 2"
    assert mem.get("deadbeef" + "0" * 23 + "1", user_id="u").content == "note 1"


def test_a_whole_id_wins_over_longer_ids_it_starts(mem: Memory) -> None:
    _insert(mem, "crm-00012", "short one", user_id="u")
    _insert(mem, "crm-000123", "longer one", user_id="u")
    assert mem.get("crm-00012", user_id="u").content == "short one"
    assert mem.get("crm-000123", user_id="u").content == "longer one"
    _insert(mem, "abc", "tiny id", user_id="u")
    assert mem.get("abc", user_id="u").content == "tiny id"  # whole ids of any length


def test_resolution_is_scoped_and_reveals_nothing_elsewhere(mem: Memory) -> None:
    _insert(mem, "cafe0000" + "1" * 24, "Bob's secret", user_id="bob")
    _insert(mem, "cafe0000" + "2" * 24, "Alice's note", user_id="alice")
    # bob's memory neither makes alice's prefix ambiguous nor is reachable from her scope
    assert mem.get("cafe0000", user_id="alice").content == "Alice's note"
    with pytest.raises(NotFoundError) as there:
        mem.get("cafe00001111", user_id="alice")
    with pytest.raises(NotFoundError) as nowhere:
        mem.get("cafe00003333", user_id="alice")
    assert str(there.value).replace("1111", "3333") == str(nowhere.value)
    with pytest.raises(NotFoundError):
        mem.forget("cafe00001111", user_id="alice")
    assert mem.get("cafe0000", user_id="bob").content == "Bob's secret"


def test_short_ids_are_unique_in_the_scope_and_accepted(mem: Memory) -> None:
    _insert(mem, "feedface0000aaaa" + "1" * 16, "one", user_id="u")
    _insert(mem, "feedface0000aaaa" + "2" * 16, "two", user_id="u")
    _insert(mem, "feedface0000bbbb" + "3" * 16, "three", user_id="u")
    _insert(mem, "feedface0000aaaa" + "4" * 16, "elsewhere", user_id="v")
    [plain] = mem.add("plain", user_id="u")
    ids = [r.id for r in mem.get_all(user_id="u")]
    shown = mem.short_ids(ids, user_id="u")
    assert shown[plain.id] == plain.id[:12]
    assert shown["feedface0000bbbb" + "3" * 16] == "feedface0000bbbb"  # 12 match aaaa ones
    assert shown["feedface0000aaaa" + "1" * 16] == "feedface0000aaaa1111"
    for full, prefix in shown.items():
        assert mem.get(prefix, user_id="u").id == full


def test_cli_prints_ids_its_commands_accept(config: Config, db_path: Path) -> None:
    env = {"REMEM_HOME": str(config.home), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}
    runner = CliRunner()
    db = ["--db", str(db_path)]
    with Memory(db_path, config=config) as mem:
        [record] = mem.add("Aaron prefers dark mode", user_id="u")
        for n in range(2):
            _insert(mem, f"0123abcd0000{n:020d}", f"twin {n}", user_id="u")
    listed = runner.invoke(app, ["list", "--user", "u", *db], env=env)
    assert listed.exit_code == 0, listed.stderr
    assert record.id[:12] in listed.stdout and record.id[:13] not in listed.stdout
    shown = re.findall(r"0123abcd0000\d+", listed.stdout)
    assert len(shown) == 2 and all(len(s) > 12 for s in shown)
    for prefix in [record.id[:12], *shown]:
        got = runner.invoke(app, ["get", prefix, "--user", "u", "--json", *db], env=env)
        assert got.exit_code == 0, got.stderr
    ambiguous = runner.invoke(app, ["forget", "0123abcd", "--user", "u", *db], env=env)
    assert ambiguous.exit_code == 2
    assert ambiguous.stderr.count("error:") == 1 and "matches 2 memories" in ambiguous.stderr
    forgot = runner.invoke(app, ["forget", record.id[:8], "--user", "u", "--json", *db], env=env)
    assert forgot.exit_code == 0 and json.loads(forgot.stdout)["result"]["status"] == "forgotten"
    history = runner.invoke(app, ["history", record.id[:8], "--user", "u", *db], env=env)
    assert history.exit_code == 0 and record.id[:12] in history.stdout
    too_short = runner.invoke(app, ["get", record.id[:5], "--user", "u", *db], env=env)
    assert too_short.exit_code == 2 and "at least 8 characters" in too_short.stderr


def test_a_replay_draws_the_same_ids_and_leaves_them_random_after() -> None:
    # ties between equal scores fall to the id: the lifecycle year's two arms (and two
    # runs of one) only compare when they draw the same ids
    from remem.eval.lifecycle_measure import seeded_ids
    from remem.model import new_id

    with seeded_ids(11):
        first = [new_id() for _ in range(3)]
    with seeded_ids(11):
        again = [new_id() for _ in range(3)]
    assert first == again and len(set(first)) == 3
    assert all(len(i) == 32 and int(i, 16) >= 0 for i in first)
    assert new_id() not in first and new_id() != new_id()
