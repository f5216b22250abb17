"""A scope id never names a place on disk: ids that would climb out of a folder
(``../``, a leading ``/`` or ``~``) are refused at every way in with nothing
written, and MEMORY.md paths built from the ids of a store written before that
check stay inside their folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from remem import Memory
from remem.agent import MemoryAgent
from remem.config import Config
from remem.errors import ValidationError
from remem.lifecycle import memory_md
from remem.model import MemoryRecord
from remem.server.keys import Keys
from remem.validation import Limits

CLIMBING = ["../../evil", "..", ".", "a/../../b", "/etc/remem", "~root/x", "..\\..\\evil"]


@pytest.mark.parametrize("bad", CLIMBING)
@pytest.mark.parametrize("field", ["user_id", "agent_id", "namespace"])
def test_a_climbing_scope_id_is_refused_with_nothing_written(
    mem: Memory, field: str, bad: str
) -> None:
    scope = {"user_id": "alice", field: bad}
    with pytest.raises(ValidationError, match=f"{field}.*file"):
        mem.add("Alice likes tea", **scope)
    with pytest.raises(ValidationError, match=field):
        mem.remember("Alice likes tea", **scope)
    with pytest.raises(ValidationError, match=field):
        MemoryAgent(mem, **scope)
    with pytest.raises(ValidationError, match=field):
        Keys(mem.store, Limits.of(mem.config)).create(role="writer", **scope)
    assert mem.stats()["memories"] == 0
    assert Keys(mem.store, Limits.of(mem.config)).list() == []


def test_ids_that_only_look_like_paths_are_kept(mem: Memory) -> None:
    for scope in ({"namespace": "updates/distinct"}, {"user_id": "a.b"}, {"agent_id": "x..y"}):
        assert mem.add("Alice likes green tea", infer=False, **scope)


def test_memory_md_of_an_old_climbing_id_stays_in_its_folder(
    tmp_path: Path, config: Config
) -> None:
    folder = tmp_path / "md"
    cfg = config.model_copy(update={"memory_md_path": str(folder / "{user_id}" / "MEMORY.md")})
    records = [
        MemoryRecord(content=f"note of {u}", user_id=u, promoted=True)
        for u in ("..", "../../evil", "/abs", "~root", "plain")
    ]
    for record in records:  # as a store written before ids were checked holds them
        path = memory_md.path_for(record, cfg)
        assert path.resolve().is_relative_to(folder.resolve()), path
    assert memory_md.write_all(records, cfg) == len(records)
    written = list(tmp_path.rglob("*.md"))
    assert written and all(p.resolve().is_relative_to(folder.resolve()) for p in written)
    assert len(written) == len(records)
