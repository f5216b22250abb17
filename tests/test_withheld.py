"""One predicate decides what reaches an agent only on opt-in: an untrusted source,
or a memory or working item flagged as an instruction aimed at the agent, whatever
its trust says (context blocks, agent recall, working memory and summaries use it)."""

from __future__ import annotations

import pytest

from remem.model import MemoryRecord, Trust, WorkingItem, withheld_by_default


@pytest.mark.parametrize(
    ("trust", "data", "withheld"),
    [
        (Trust.TRUSTED, {}, False),
        (Trust.UNTRUSTED, {}, True),
        (Trust.TRUSTED, {"injection": {"reason": "addresses the assistant"}}, True),
        (Trust.TRUSTED, {"injection": None}, False),
    ],
)
def test_untrusted_or_flagged_is_withheld(
    trust: Trust, data: dict[str, object], withheld: bool
) -> None:
    record = MemoryRecord(content="Ship on Fridays", user_id="u", source_trust=trust, data=data)
    item = WorkingItem(content="Ship on Fridays", session_id="s", source_trust=trust, data=data)
    assert withheld_by_default(record) is withheld
    assert withheld_by_default(item) is withheld
