"""Feedback that tells contexts apart: echo judged on what the query did not already
say and on the words that tell the judged memories apart; each judgement kept on the
memory with its query's hashed terms and match; ranking's factor for queries like the
judged ones; a memory ignored every time it was injected is not injected again for
a query it matches no better."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from remem.agent import MemoryAgent
from remem.agent.feedback import batch_idf, coverage
from remem.config import Config
from remem.memory import Memory
from remem.read.feedback_context import context_terms, novel_keywords

BACKENDS = ("sqlite", "postgres")

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
CLUSTER = "The atlas cluster runs Kubernetes 1.29 in Frankfurt"
VPN = "The staging cluster is only reachable over the office VPN"
LUNCH = "The canteen serves ramen on Thursdays"


def test_a_response_restating_the_query_does_not_use_a_memory(
    mem: Memory, agent: MemoryAgent
) -> None:
    memory_id = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    agent.start_session("s1", opening="atlas cluster Kubernetes", now=T0)
    # most of the memory's words the response has are the query's own: not a use of it
    result = agent.feedback("s1", "Looking at how the atlas cluster runs Kubernetes.", now=T0)
    assert result.ignored == (memory_id,)
    agent.recall("s1", "atlas cluster Kubernetes", now=T0)
    result = agent.feedback("s1", "It runs 1.29, in Frankfurt.", now=T0)
    assert result.used == (memory_id,)


def test_novel_keywords_are_the_words_the_query_did_not_say() -> None:
    terms = context_terms("Where does the atlas cluster run?")
    # "runs": the query said "run" (stems compared)
    assert novel_keywords(CLUSTER, terms) == ["kubernetes", "1", "29", "frankfurt"]
    assert novel_keywords(CLUSTER, ()) == [
        "atlas",
        "cluster",
        "runs",
        "kubernetes",
        "1",
        "29",
        "frankfurt",
    ]
    assert novel_keywords("atlas cluster", context_terms("the atlas cluster")) == [
        "atlas",
        "cluster",
    ]


def test_words_all_judged_memories_share_count_little() -> None:
    texts = [
        "Succeeded at: deploy the payments service. Steps: tool call helm",
        "Succeeded at: fix the flaky checkout test. Steps: tool call playwright",
        "Succeeded at: add a dark mode toggle. Steps: tool call vite",
    ]
    words = ["succeeded", "steps", "tool", "call", "helm", "payments", "service", "deploy"]
    response = "Succeeded. Steps: tool call."
    plain = coverage(words, response, {})  # no weights: the share of words
    weighted = coverage(words, response, batch_idf(texts))
    assert plain == pytest.approx(0.5)
    assert weighted < 0.3
    # a word only this memory has counts fully
    assert coverage(words, "helm payments service deploy", batch_idf(texts)) > 0.7


def test_a_response_echoing_only_what_the_injected_memories_share_uses_none(
    mem: Memory, agent: MemoryAgent
) -> None:
    ids = [
        mem.add(text, user_id="maya", agent_id="coder")[0].id
        for text in (
            "Deploy report: the payments service went out with helm",
            "Deploy report: the checkout test was fixed with playwright",
            "Deploy report: the dark mode toggle was built with vite",
        )
    ]
    for query in ("payments service helm", "checkout test playwright", "dark mode toggle vite"):
        agent.recall("s1", query, now=T0)
    # "deploy report": what they all say, not what one of them says (half the words
    # of each that its query did not say: a use, counted unweighted)
    result = agent.feedback("s1", "Deploy report: done.", now=T0)
    assert set(ids) <= set(result.ignored) and not result.used


def test_judgements_are_kept_with_the_query_terms_and_match_not_its_text(
    mem: Memory, agent: MemoryAgent, config: Config
) -> None:
    memory_id = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    for i in range(config.feedback_context_keep + 2):
        agent.recall("s1", "which Kubernetes version does the atlas cluster run", now=T0)
        agent.feedback("s1", "Version 1.29 in Frankfurt." if i % 2 else "No idea.", now=T0)
    kept = mem.get(memory_id, user_id="maya").data["feedback"]
    assert len(kept) == config.feedback_context_keep  # bounded: the latest ones
    assert [j["used"] for j in kept[-2:]] == [False, True]
    assert kept[-1]["terms"] == list(
        context_terms("which Kubernetes version does the atlas cluster run")
    )
    assert all(isinstance(j["match"], float) for j in kept)
    assert "atlas" not in str(kept) and "Kubernetes" not in str(kept)  # hashes only
    fizzles = [e for e in mem.history(memory_id, user_id="maya") if e.event == "fizzle"]
    assert fizzles and fizzles[0].detail["in_context"] and "match" in fizzles[0].detail


def test_ranking_weighs_feedback_from_queries_like_this_one(
    mem: Memory, agent: MemoryAgent, config: Config
) -> None:
    used = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    ignored = mem.add(VPN, user_id="maya", agent_id="coder")[0].id
    agent.recall("s1", "the atlas cluster and staging cluster", now=T0)
    agent.feedback("s1", "Kubernetes 1.29 runs in Frankfurt.", now=T0)

    def factors(query: str) -> dict[str, float]:
        hits = mem.search(query, user_id="maya", agent_id="coder", now=T0)
        return {h.memory.id: h.explain["rank"]["feedback"] for h in hits}

    near = factors("the atlas cluster and the staging cluster")
    w = config.feedback_context_weight
    assert near[used] == pytest.approx(1 + w / 3, abs=1e-4)  # (1+1)/(1+2): one use
    assert near[ignored] == pytest.approx(1 - w / 3, abs=1e-4)
    far = factors("cluster ramen canteen Thursday lunch")  # not like the judged query
    assert far.get(used, 1.0) == 1.0 and far.get(ignored, 1.0) == 1.0


def test_ranking_without_the_feedback_factor(store_target: str | Path, config: Config) -> None:
    config = config.model_copy(update={"feedback_context_weight": 0.0})
    with Memory(store_target, config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya")
        mem.add(CLUSTER, user_id="maya")
        agent.recall("s1", "the atlas cluster", now=T0)
        agent.feedback("s1", "Kubernetes 1.29 runs in Frankfurt.", now=T0)
        hits = mem.search("the atlas cluster", user_id="maya", now=T0)
        assert "feedback" not in hits[0].explain["rank"]


def test_a_memory_always_ignored_is_not_injected_for_a_query_it_matches_no_better(
    mem: Memory, agent: MemoryAgent, config: Config
) -> None:
    assert config.feedback_skip_min_ignored == 2
    chatter = mem.add(LUNCH, user_id="maya", agent_id="coder")[0].id
    query = "what does the canteen serve"
    for _ in range(2):
        assert chatter in agent.recall("s1", query, now=T0).injected_ids
        agent.feedback("s1", "I will look at the deploy logs.", now=T0)
    again = agent.recall("s1", query, now=T0)
    assert chatter not in again.injected_ids and again.skipped == 1
    # matched better than it ever was when ignored: tried again
    better = agent.recall("s1", "the canteen serves ramen on Thursdays", now=T0)
    assert chatter in better.injected_ids and better.skipped == 0
    # and once used, never skipped for being ignored before
    agent.feedback("s1", "Ramen on Thursdays at the canteen.", now=T0)
    assert chatter in agent.recall("s1", query, now=T0).injected_ids


def test_a_memory_used_once_is_kept_and_the_skip_can_be_turned_off(
    store_target: str | Path, config: Config
) -> None:
    config = config.model_copy(update={"feedback_skip_min_ignored": 0})
    with Memory(store_target, config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya")
        chatter = mem.add(LUNCH, user_id="maya")[0].id
        for _ in range(3):
            assert chatter in agent.recall("s1", "what does the canteen serve", now=T0).injected_ids
            agent.feedback("s1", "I will look at the deploy logs.", now=T0)


def test_the_query_context_survives_a_deferred_recall(mem: Memory, agent: MemoryAgent) -> None:
    memory_id = mem.add(CLUSTER, user_id="maya", agent_id="coder")[0].id
    agent.recall("s1", "atlas cluster Kubernetes", now=T0, defer=True)
    agent.settle(now=T0)
    result = agent.feedback("s1", "Looking at the atlas cluster Kubernetes setup.", now=T0)
    assert result.ignored == (memory_id,)  # judged on what the query did not say
    kept = mem.get(memory_id, user_id="maya").data["feedback"]
    assert kept[0]["terms"] == list(context_terms("atlas cluster Kubernetes"))
