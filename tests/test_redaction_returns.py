"""What the API hands back holds no secret either: ``add`` returns its records as
they were stored (every field), ``context`` does not echo a secret in its query."""

from __future__ import annotations

import pytest

from remem import Memory
from remem.model import Scope

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)

TOKEN = "ghp_nWZTRTpysCW9f4CA96qeGs6R3uYEIi75qB4s"
FIELDS = ("content", "category", "tags", "entities", "data", "role", "session_id", "kind")


@pytest.mark.parametrize("infer", [False, True])
def test_add_returns_what_was_stored(mem: Memory, infer: bool) -> None:
    raw_only = {} if infer else {"tags": [TOKEN, f"deploy {TOKEN}"], "data": {TOKEN: [TOKEN]}}
    returned = mem.add(
        [{"role": "user", "name": f"bot {TOKEN}", "content": f"I deploy with {TOKEN} daily"}],
        user_id="u",
        category=f"ops {TOKEN}",
        metadata={TOKEN: TOKEN, "note": f"from {TOKEN}"},
        infer=infer,
        **raw_only,  # type: ignore[arg-type]
    )
    assert returned
    assert TOKEN not in repr(returned)
    for record in returned:
        [stored] = mem.store.get_memories([record.id], Scope(user_id="u"))
        assert {f: getattr(record, f) for f in FIELDS} == {f: getattr(stored, f) for f in FIELDS}


def test_context_does_not_echo_a_secret(mem: Memory) -> None:
    mem.add("the release pipeline deploys the web app", user_id="u")
    block = mem.context(f"which pipeline uses {TOKEN}?", user_id="u")
    assert TOKEN not in block.query and "[REDACTED:github-token]" in block.query
