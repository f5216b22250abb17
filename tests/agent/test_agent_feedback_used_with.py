"""A memory below the learned floor that was used in one response together with a
memory the block holds on its own evidence is still injected: the floor sees only
the match score, and a task's memories are often matched weakly by a request for
it worded differently; one response that used both says they belong together."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from remem.agent import MemoryAgent
from remem.config import Config
from remem.memory import Memory
from remem.model import MemoryRecord, SearchHit
from remem.read.feedback_context import (
    UsedWith,
    context_terms,
    judgement,
    response_key,
    used_in,
)

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
QUERY = "billing replica lag"
ELSEWHERE = context_terms("rotate the search index shards")  # not a query like QUERY
IGNORED_AT = (0.2, 0.24, 0.28, 0.3, 0.32)
USED_AT = (0.5, 0.55, 0.6, 0.65, 0.7)
WEAK = "The replica of the search index rebuilds nightly"


def _add(mem: Memory, text: str, judged: list[dict[str, object]]) -> MemoryRecord:
    return mem.add(text, user_id="maya", agent_id="coder", data={"feedback": judged})[0]


def _scope(mem: Memory, response: str) -> list[MemoryRecord]:
    """Four memories about the billing replica, each ignored when weakly matched and
    used when well matched (a floor between); the first was also used in
    ``response``."""
    pairs = [(m, False) for m in IGNORED_AT] + [(m, True) for m in USED_AT]
    out = []
    for i in range(4):
        judged = [judgement(used, ["t1"], match) for match, used in pairs]
        if i == 0:
            judged.append(judgement(True, ELSEWHERE, 0.6, response=response))
        out.append(_add(mem, f"The billing replica {i} lags behind the primary", judged))
    return out


def _hits(records: list[MemoryRecord], matches: list[float]) -> list[SearchHit]:
    """``records`` as a ranked candidate list (best first), matched as given."""
    return [
        SearchHit(memory=r, score=1.0 - i / 100, explain={"match": {"score": m}})
        for i, (r, m) in enumerate(zip(records, matches, strict=True))
    ]


@pytest.mark.parametrize(
    ("together", "anchor_response", "kept"),
    [
        (True, "r1", True),  # used in r1 with a memory the block holds: kept
        (False, "r1", False),  # the floor alone: left out
        (True, "r2", False),  # used in another response than the block's memories
    ],
)
def test_a_memory_used_with_one_the_block_holds_passes_the_floor(
    db_path, config: Config, together: bool, anchor_response: str, kept: bool
) -> None:
    config = config.model_copy(update={"feedback_floor_used_with": together})
    with Memory(db_path, config=config) as mem:
        labelled = _scope(mem, anchor_response)
        weak = _add(mem, WEAK, [judgement(True, ELSEWHERE, 0.6, response="r1")])
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        ids = set(agent.recall("s1", QUERY, now=T0).injected_ids)
        assert {r.id for r in labelled} <= ids
        assert (weak.id in ids) is kept
        ranked = agent.recaller.ranked(QUERY, items=10, now=T0)
        agent.recaller.unskipped(ranked, context_terms(QUERY))
        reason = next(h.explain["feedback"] for h in ranked if h.memory.id == weak.id)
        if kept:
            assert reason["used_with"] == labelled[0].id and "below_floor" not in reason
        else:
            assert "used_with" not in reason and reason["below_floor"]["floor"] > 0.258


def _hits(records: list[MemoryRecord], matches: list[float]) -> list[SearchHit]:
    """``records`` as a ranked candidate list (best first), matched as given."""
    return [
        SearchHit(memory=r, score=1.0 - i / 100, explain={"match": {"score": m}})
        for i, (r, m) in enumerate(zip(records, matches, strict=True))
    ]


def test_a_memory_held_only_as_one_of_the_best_few_vouches_for_none(
    db_path, config: Config
) -> None:
    # the block's best 5 are kept under any floor: the 5th, matched below the floor,
    # is there for its rank, not its evidence, so what was used with it stays out
    config = config.model_copy(update={"feedback_floor_keep": 5})
    with Memory(db_path, config=config) as mem:
        labelled = _scope(mem, "r2")
        invoices = _add(
            mem, "Billing invoices go out monthly", [judgement(True, ELSEWHERE, 0.6, response="r1")]
        )
        weak = _add(mem, WEAK, [judgement(True, ELSEWHERE, 0.6, response="r1")])
        recaller = MemoryAgent(mem, user_id="maya", agent_id="coder").recaller
        hits = _hits([*labelled, invoices, weak], [0.7, 0.7, 0.7, 0.7, 0.24, 0.25])
        kept = [h.memory.id for h in recaller.unskipped(hits, context_terms(QUERY), items=10)]
        assert invoices.id in kept and weak.id not in kept
        assert "below_floor" in hits[-1].explain["feedback"]


@pytest.mark.parametrize(("items", "kept"), [(10, False), (11, True)])
def test_the_exemption_gives_back_only_what_the_block_would_have_taken(
    db_path, config: Config, items: int, kept: bool
) -> None:
    # four memories above the floor, then six it leaves out: the one used with the
    # block's anchor would be the 11th the block takes without the floor
    with Memory(db_path, config=config) as mem:
        labelled = _scope(mem, "r1")
        others = [_add(mem, f"The search shard {i} rebuilds nightly", []) for i in range(6)]
        weak = _add(mem, WEAK, [judgement(True, ELSEWHERE, 0.6, response="r1")])
        recaller = MemoryAgent(mem, user_id="maya", agent_id="coder").recaller
        hits = _hits([*labelled, *others, weak], [0.7] * 4 + [0.25] * 7)
        found = recaller.unskipped(hits, context_terms(QUERY), items=items)
        assert (weak.id in {h.memory.id for h in found}) is kept


def test_the_reason_is_in_explain_and_a_keep_held_memory_is_no_anchor(
    mem: Memory, config: Config
) -> None:
    labelled = _scope(mem, "r1")
    weak = _add(mem, WEAK, [judgement(True, ELSEWHERE, 0.6, response="r1")])
    together = UsedWith(config)
    assert together.partner(weak) is None  # nothing held yet
    together.add(labelled[1])  # used, but never in r1
    assert together.partner(weak) is None
    together.add(labelled[0])
    assert together.partner(weak) == labelled[0].id
    # a redundant judgement is no use: it names no response shared
    redundant = _add(
        mem,
        "Replica lag alerts page the on-call",
        [judgement(True, ELSEWHERE, 0.6, "x", None, "r1")],
    )
    assert used_in(redundant) == set()
    assert together.partner(redundant) is None
    off = UsedWith(config.model_copy(update={"feedback_floor_used_with": False}))
    off.add(labelled[0])
    assert off.partner(weak) is None


def test_feedback_keeps_one_response_key_for_the_memories_judged_together(
    mem: Memory, agent: MemoryAgent
) -> None:
    ids = [
        mem.add(text, user_id="maya", agent_id="coder")[0].id
        for text in (
            "The staging cluster is only reachable over the office VPN",
            "Staging deploys use blue-green switching for ten minutes",
        )
    ]
    agent.start_session("s1", opening="deploy to staging", now=T0)
    agent.feedback("s1", "Connected over the office VPN; blue-green switching it is.", now=T0)
    keys = {
        r.id: {j.get("response") for j in r.data["feedback"]}
        for r in mem.store.get_memories(ids, agent.scope)
    }
    assert keys[ids[0]] == keys[ids[1]] == {response_key("s1", T0.isoformat())}
