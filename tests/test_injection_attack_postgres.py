"""The write-path injection attacks (tests/test_injection_attack.py: every form
through raw ``add``, ``add(infer=True)``, ``extract`` and ``remember``) on the
PostgreSQL store too: one test per path, each form in turn on a store reset between
forms, with the same checks — stored untrusted and flagged on the raw paths, not one
fact from a flagged message on the fact paths, nothing shown in a context block
without the opt-in. (The SQLite store runs them one form a test.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.test_injection_attack import ATTACKS, FACT_PATHS, RAW_PATHS, _assert_no_leak, _holds

from remem import Memory, MemoryRecord
from remem.model import Trust

BACKENDS = ("postgres",)
USER = "aaron"


def _memories(mem: Memory) -> list[MemoryRecord]:
    return mem.list(user_id=USER, limit=1000).items


@pytest.mark.parametrize("path", RAW_PATHS, ids=str)
def test_raw_paths_store_every_attack_untrusted_and_flagged(
    mem: Memory, path: str, tmp_path: Path
) -> None:
    for attack in ATTACKS:
        mem.reset(confirm=True)
        RAW_PATHS[path](mem, attack, tmp_path)
        [record] = _memories(mem)
        assert record.source_trust is Trust.UNTRUSTED, attack.name
        assert bool(record.data.get("injection")) is attack.flagged, attack.name
        _assert_no_leak(mem, attack)


@pytest.mark.parametrize("path", FACT_PATHS, ids=str)
def test_fact_paths_reject_every_flagged_message(mem: Memory, path: str, tmp_path: Path) -> None:
    for attack in ATTACKS:
        mem.reset(confirm=True)
        FACT_PATHS[path](mem, attack, tmp_path)
        if attack.flagged:
            assert not [r for r in _memories(mem) if _holds(r.content, attack.marker)], attack.name
        _assert_no_leak(mem, attack)
