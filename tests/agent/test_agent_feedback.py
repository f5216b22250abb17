"""Echo/fizzle and outcomes: automatic, audited, bounded; min_trust now filters."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from remem.agent import MemoryAgent
from remem.config import Config
from remem.errors import NotFoundError, ValidationError
from remem.memory import Memory

BACKENDS = ("sqlite", "postgres")

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
CLUSTER = "The atlas cluster runs Kubernetes 1.29 in Frankfurt"
DEPLOY = "Deploys to the atlas cluster happen every Tuesday at noon"


def _injected(mem: Memory, agent: MemoryAgent) -> tuple[str, str]:
    a = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    b = mem.add(DEPLOY, user_id="maya", agent_id="coder")[0].id
    start = agent.start_session("s1", opening="atlas cluster", now=T0)
    assert {a, b} <= set(start.context.injected_ids)
    return a, b


def test_used_memories_gain_priority_and_a_reference_ignored_ones_lose(
    mem: Memory, agent: MemoryAgent
) -> None:
    used, ignored = _injected(mem, agent)
    result = agent.feedback(
        "s1", "It runs Kubernetes 1.29 on the atlas cluster in Frankfurt.", now=T0
    )
    assert result.used == (used,) and result.ignored == (ignored,)
    a, b = mem.get(used, user_id="maya"), mem.get(ignored, user_id="maya")
    # the agent's own use tunes priority only; a reference is the user's to give
    assert a.retrieval_priority == pytest.approx(0.1) and a.reference_count == 0
    assert b.retrieval_priority == pytest.approx(-0.05) and b.reference_count == 0
    echo = [e for e in mem.history(used, user_id="maya") if e.event == "echo"]
    fizzle = [e for e in mem.history(ignored, user_id="maya") if e.event == "fizzle"]
    assert (
        echo[0].detail["session_id"] == "s1"
        and echo[0].detail["after"]["retrieval_priority"] == 0.1
    )
    assert fizzle[0].detail["delta"] == -0.05


def test_each_injection_is_judged_once(mem: Memory, agent: MemoryAgent) -> None:
    used, _ = _injected(mem, agent)
    agent.feedback("s1", "Kubernetes 1.29 on the atlas cluster in Frankfurt", now=T0)
    second = agent.feedback("s1", "Kubernetes 1.29 on the atlas cluster in Frankfurt", now=T0)
    assert second.judged == ()
    assert mem.get(used, user_id="maya").retrieval_priority == pytest.approx(0.1)


def test_priority_is_clipped_to_minus_one(config: Config, store_target: str | Path) -> None:
    # (skipping a memory ignored every time is off: it would stop the injections)
    config = config.model_copy(update={"fizzle_penalty": 0.4, "feedback_skip_min_ignored": 0})
    with Memory(store_target, config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya")
        memory_id = mem.add(CLUSTER, user_id="maya")[0].id
        for _i in range(4):
            agent.recall("s1", "atlas cluster Kubernetes", now=T0)
            agent.feedback("s1", "Something unrelated entirely.", now=T0)
        assert mem.get(memory_id, user_id="maya").retrieval_priority == -1.0


def test_expensive_unused_memories_are_penalised_more(mem: Memory, agent: MemoryAgent) -> None:
    short = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    long_text = (
        CLUSTER + ", " + ", ".join(f"with node pool {i} for the batch workers" for i in range(12))
    )
    long = mem.add(long_text, user_id="maya", agent_id="coder")[0].id
    agent.start_session("s1", opening="atlas cluster Kubernetes Frankfurt", now=T0)
    result = agent.feedback("s1", "I will ask about the weather instead.", now=T0)
    deltas = {e.memory_id: e.delta for e in result.judged}
    assert deltas[short] == pytest.approx(-0.05)
    assert deltas[long] < -0.05 and deltas[long] >= -0.1


def test_lessons_are_not_judged_and_a_changed_memory_is_skipped(
    mem: Memory, agent: MemoryAgent
) -> None:
    lesson = agent.correct("Don't deploy to the atlas cluster on Fridays", now=T0)
    memory_id = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    agent.start_session("s1", opening="atlas cluster", now=T0)
    mem.update(memory_id, "The atlas cluster runs Kubernetes 1.30 in Frankfurt", user_id="maya")
    before = mem.get(lesson.memory_id, user_id="maya").retrieval_priority
    result = agent.feedback("s1", "Nothing about any of it.", now=T0)
    assert result.judged == () and result.skipped == 2
    assert mem.get(lesson.memory_id, user_id="maya").retrieval_priority == before


def test_feedback_needs_the_session(agent: MemoryAgent) -> None:
    with pytest.raises(NotFoundError):
        agent.feedback("nope", "text", now=T0)
    agent.start_session("s1", now=T0)
    with pytest.raises(ValidationError, match="response_text"):
        agent.feedback("s1", "", now=T0)


# -- outcomes --------------------------------------------------------------------------
def test_outcomes_move_trust_and_counts_and_are_audited(mem: Memory, agent: MemoryAgent) -> None:
    memory_id = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    agent.outcome([memory_id], success=True, task="deploy", now=T0)
    record = mem.get(memory_id, user_id="maya")
    assert record.trust_score == pytest.approx(0.55) and record.success_count == 1
    agent.outcome(memory_id[:10], success=False, now=T0)  # a unique prefix will do
    record = mem.get(memory_id, user_id="maya")
    assert record.trust_score == pytest.approx(0.45) and record.failure_count == 1
    events = [e for e in mem.history(memory_id, user_id="maya") if e.event == "outcome"]
    assert [e.detail["success"] for e in events] == [True, False]
    assert events[0].detail["task"] == "deploy"
    for _ in range(10):
        agent.outcome(memory_id, success=False, now=T0)
    assert mem.get(memory_id, user_id="maya").trust_score == 0.0  # clipped


def test_min_trust_drops_memories_that_kept_failing(mem: Memory, agent: MemoryAgent) -> None:
    memory_id = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    agent.outcome(memory_id, success=False, now=T0)
    agent.outcome(memory_id, success=False, now=T0)
    assert [f.memory_id for f in agent.query("atlas cluster Kubernetes", now=T0)] == [memory_id]
    agent.outcome(memory_id, success=False, now=T0)  # 0.2 < min_trust 0.25
    assert agent.query("atlas cluster Kubernetes", now=T0) == []
    assert mem.search("atlas cluster Kubernetes", user_id="maya") == []
    assert "Kubernetes" not in agent.start_session("s1", opening="atlas cluster", now=T0).text
    agent.outcome(memory_id, success=True, now=T0)  # a success brings it back
    assert mem.search("atlas cluster Kubernetes", user_id="maya")


def test_outcome_is_all_or_nothing(mem: Memory, agent: MemoryAgent) -> None:
    mine = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    theirs = mem.add(DEPLOY, user_id="bob")[0].id
    with pytest.raises(NotFoundError):
        agent.outcome([mine, theirs], success=True, now=T0)
    mem.forget(mine, user_id="maya")
    with pytest.raises(ValidationError, match="forgotten"):
        agent.outcome([mine], success=True, now=T0)
    with pytest.raises(ValidationError):
        agent.outcome([], success=True, now=T0)
    with pytest.raises(ValidationError):
        agent.outcome([mine], success="yes", now=T0)  # type: ignore[arg-type]
    assert mem.get(mine, user_id="maya").trust_score == 0.5
    assert mem.get(theirs, user_id="bob").trust_score == 0.5


@pytest.mark.slow
def test_maxsim_counts_a_paraphrase_as_used(tmp_path) -> None:
    pytest.importorskip("onnxruntime")
    config = Config(home=tmp_path / "home", embedder="onnx-minilm")
    with Memory(tmp_path / "onnx.db", config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya")
        used = mem.add("Maya is allergic to peanuts", user_id="maya")[0].id
        other = mem.add("The quarterly report is due in March", user_id="maya")[0].id
        agent.recall("s1", "what should I cook for Maya, peanut allergy?", now=T0)
        agent.recall("s1", "when is the quarterly report due", now=T0)
        # no keyword in common with "allergic to peanuts", the same meaning
        result = agent.feedback("s1", "Keep nut products away from her plate.", now=T0)
    judged = {e.memory_id: e for e in result.judged}
    assert judged[used].overlap < 0.5 and judged[used].maxsim is not None
    assert judged[used].maxsim > judged[other].maxsim


def test_only_the_user_accepting_the_answer_references_what_it_used(
    mem: Memory, agent: MemoryAgent
) -> None:
    used, ignored = _injected(mem, agent)
    agent.feedback("s1", "It runs Kubernetes 1.29 on the atlas cluster in Frankfurt.", now=T0)
    agent.observe("s1", "user", "no, that cluster moved, check again", now=T0)
    assert mem.get(used, user_id="maya").reference_count == 0  # corrected: not confirmed
    agent.recall("s1", "atlas cluster kubernetes", now=T0)
    agent.feedback("s1", "It runs Kubernetes 1.29 on the atlas cluster in Frankfurt.", now=T0)
    agent.observe("s1", "user", "perfect, thanks!", now=T0)
    assert mem.get(used, user_id="maya").reference_count == 1
    assert mem.get(ignored, user_id="maya").reference_count == 0
