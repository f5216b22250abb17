"""Budget-aware: cost per operation logged per session; over budget_per_turn the agent
injects fewer memories, skips the graph source and answers from tiered recall."""

from __future__ import annotations

from datetime import UTC, datetime

from remem.agent import MemoryAgent
from remem.config import Config
from remem.memory import Memory

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def _store(mem: Memory) -> None:
    for i in range(15):
        mem.add(f"The atlas cluster node {i} runs the deploy worker pool", user_id="maya")


def test_each_operation_logs_its_cost(mem: Memory) -> None:
    _store(mem)
    agent = MemoryAgent(mem, user_id="maya")
    start = agent.start_session("s1", opening="atlas cluster deploy worker", now=T0)
    agent.observe("s1", "user", "I moved the deploy worker pool to atlas node 7 today", now=T0)
    agent.recall("s1", "atlas node deploy worker", now=T0)
    agent.end_session("s1", now=T0)
    costs = mem.store.session_costs("s1", agent.scope)
    assert [c.op for c in costs] == ["start", "observe", "recall", "end"]
    assert costs[0].injected_tokens == start.context.tokens > 0
    assert costs[0].embed_calls >= 1 and costs[0].db_statements > 0  # the opening's search
    assert costs[1].embed_calls == 0 and costs[1].db_statements > 0  # nothing embedded
    assert costs[3].embed_calls >= 1  # the flush extracted and embedded the turn
    total = agent.session_cost("s1")
    assert total.injected_tokens == sum(c.injected_tokens for c in costs)


def test_over_budget_injects_fewer_memories(config: Config, db_path) -> None:
    config = config.model_copy(
        # no key facts at the start: the budget here is about recall's own tokens
        update={"budget_per_turn": 20, "agent_context_max_tokens": 4000, "agent_start_facts_max": 0}
    )
    with Memory(db_path, config=config) as mem:
        _store(mem)
        agent = MemoryAgent(mem, user_id="maya")
        agent.start_session("s1", now=T0)
        agent.observe("s1", "user", "Which atlas node runs the deploy worker pool?", now=T0)
        first = agent.recall("s1", "atlas cluster node deploy worker pool", now=T0)
        assert not first.economy and len(first.injected_ids) == 10
        # the first recall's injected tokens put the session over 20 tokens per turn
        second = agent.recall("s1", "atlas cluster node deploy worker pool", now=T0)
        assert second.economy and len(second.injected_ids) == 5


def test_over_budget_a_covering_summary_answers_alone(config: Config, db_path) -> None:
    config = config.model_copy(update={"budget_per_turn": 1})
    with Memory(db_path, config=config) as mem:
        mem.add(
            [{"role": "user", "content": "My car is a red Honda Civic and I drive it to work."}],
            user_id="maya",
            infer=True,
        )
        assert mem.summaries(user_id="maya")  # the write path summarised the category
        agent = MemoryAgent(mem, user_id="maya")
        agent.observe("s1", "user", "Tell me about the car I drive to work", now=T0)
        first = agent.recall("s1", "my red Honda Civic car", now=T0)
        second = agent.recall("s1", "my red Honda Civic car", now=T0)
    assert not first.economy and first.parts[-1].label == "## Relevant"
    assert second.economy and second.parts[-1].label == "## Summaries"
    assert second.injected_ids == ()  # a summary is no memory to judge
