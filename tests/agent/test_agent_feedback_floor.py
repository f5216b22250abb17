"""The learned floor: a logistic fit of use against match score over the judgements
of a query's candidates; the agent does not inject a memory matched below where
the fit says it is more likely ignored than used."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from remem.agent import MemoryAgent
from remem.config import Config
from remem.memory import Memory
from remem.model import MemoryRecord
from remem.read.feedback_context import context_terms, judgement, learned_floor

BACKENDS = ("sqlite", "postgres")

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
IGNORED_AT = (0.2, 0.24, 0.28, 0.3, 0.32)
USED_AT = (0.5, 0.55, 0.6, 0.65, 0.7)


def _labelled(mem: Memory, text: str, pairs: list[tuple[float, bool]]) -> MemoryRecord:
    data = {"feedback": [judgement(used, ["t1"], match) for match, used in pairs]}
    return mem.add(text, user_id="maya", agent_id="coder", data=data)[0]


def _scope(mem: Memory, n: int = 4) -> list[MemoryRecord]:
    """``n`` memories about the billing replica, each ignored when weakly matched and
    used when well matched."""
    pairs = [(m, False) for m in IGNORED_AT] + [(m, True) for m in USED_AT]
    return [
        _labelled(mem, f"The billing replica {i} lags behind the primary", pairs) for i in range(n)
    ]


def test_the_floor_is_where_use_becomes_likelier_than_not(mem: Memory, config: Config) -> None:
    floor = learned_floor(_scope(mem), config)
    assert floor.labels == 40 and floor.used == 20
    assert floor.floor is not None and 0.32 < floor.floor < 0.5


def test_no_floor_without_enough_or_informative_judgements(mem: Memory, config: Config) -> None:
    assert learned_floor(_scope(mem, 2), config).floor is None  # 20 < 30 judgements
    never = [_labelled(mem, f"Chatter {i}", [(0.6, False)] * 8) for i in range(4)]
    assert learned_floor(never, config).floor is None  # one outcome only
    upside_down = [(m, True) for m in IGNORED_AT] + [(m, False) for m in USED_AT]
    flipped = [_labelled(mem, f"Odd {i}", upside_down) for i in range(4)]
    assert learned_floor(flipped, config).floor is None  # a better match is not more use
    capped = config.model_copy(update={"feedback_floor_max": 0.3})
    assert learned_floor(_scope(mem), capped).floor == 0.3
    off = config.model_copy(update={"feedback_floor_use_min": 0.0})
    assert learned_floor(_scope(mem), off).floor is None


@pytest.mark.parametrize("use_min", [0.5, 0.0])
def test_the_agent_leaves_out_what_is_matched_below_the_floor(
    store_target: str | Path, config: Config, use_min: float
) -> None:
    config = config.model_copy(update={"feedback_floor_use_min": use_min})
    with Memory(store_target, config=config) as mem:
        labelled = {r.id for r in _scope(mem)}
        weak = mem.add(
            "The replica of the search index rebuilds nightly", user_id="maya", agent_id="coder"
        )[0]
        # matched as weakly, but used before for a query like this one: kept
        used_here = mem.add(
            "Billing invoices are emailed on the first of the month",
            user_id="maya",
            agent_id="coder",
            data={"feedback": [judgement(True, context_terms("billing replica lag"), 0.24)]},
        )[0]
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        context = agent.recall("s1", "billing replica lag", now=T0)
        ids = set(context.injected_ids)
        assert labelled <= ids and used_here.id in ids
        assert (weak.id in ids) is (use_min == 0)  # 0: no floor


def test_the_best_few_are_kept_under_any_floor(store_target: str | Path, config: Config) -> None:
    config = config.model_copy(update={"feedback_floor_keep": 6})
    with Memory(store_target, config=config) as mem:
        _scope(mem)
        weak = mem.add(
            "The replica of the search index rebuilds nightly", user_id="maya", agent_id="coder"
        )[0]
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        assert weak.id in agent.recall("s1", "billing replica lag", now=T0).injected_ids
