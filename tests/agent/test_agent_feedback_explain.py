"""Credit among memories that quote each other: a memory whose words are all inside
another used memory judged with it (a past request quoted in the episode of that
task) is explained away when the other has evidence of its own, and a memory
echoed only through what it quotes loses its echo."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from remem.agent import MemoryAgent
from remem.agent.feedback import batch_idf, explained_away
from remem.config import Config
from remem.memory import Memory
from remem.read.feedback_context import novel_keywords

BACKENDS = ("sqlite", "postgres")

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
REQUEST = "Migrate the billing database to Postgres 16"
EPISODE = (
    "Succeeded at: Migrate the billing database to Postgres 16. Steps: ran pg_upgrade "
    "on the replica first, then switched the traffic over"
)


def _judge_request_and_episode(mem: Memory) -> tuple[str, str, dict[str, bool]]:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    request = mem.add(REQUEST, user_id="maya", agent_id="coder")[0].id
    episode = mem.add(EPISODE, user_id="maya", agent_id="coder")[0].id
    start = agent.start_session("s1", opening="billing database Postgres upgrade", now=T0)
    assert {request, episode} <= set(start.context.injected_ids)
    # the response quotes the episode; the request is inside it word for word
    result = agent.feedback("s1", f"Last time: {EPISODE}.", now=T0)
    return request, episode, {e.memory_id: e.used for e in result.judged}


def test_a_request_quoted_inside_the_used_episode_is_explained_away(mem: Memory) -> None:
    request, episode, used = _judge_request_and_episode(mem)
    assert used == {request: False, episode: True}
    # redundant, not ignored: no priority lost, the judgement names the episode
    event = [e for e in mem.history(request, user_id="maya") if e.event == "explained"]
    assert event and event[0].detail["explained_by"] == episode
    record = mem.get(request, user_id="maya")
    assert record.retrieval_priority == 0.0 and record.reference_count == 0
    assert record.data["feedback"][-1]["explained_by"] == episode


def test_a_redundant_memory_is_left_out_of_a_block_that_shows_its_explainer(
    mem: Memory,
) -> None:
    request, episode, _ = _judge_request_and_episode(mem)
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    again = agent.start_session("s2", opening="billing database Postgres upgrade", now=T0)
    ids = again.context.injected_ids
    assert episode in ids and request not in ids and again.context.skipped == 1
    # without the one that explained it, it is injected again
    mem.forget(episode, user_id="maya", agent_id="coder")
    alone = agent.start_session("s3", opening="billing database Postgres upgrade", now=T0)
    assert request in alone.context.injected_ids


def test_the_redundant_skip_can_be_turned_off(store_target: str | Path, config: Config) -> None:
    config = config.model_copy(update={"feedback_skip_redundant": False})
    with Memory(store_target, config=config) as mem:
        request, episode, _ = _judge_request_and_episode(mem)
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        again = agent.start_session("s2", opening="billing database Postgres upgrade", now=T0)
        assert {request, episode} <= set(again.context.injected_ids)


def test_without_explaining_away_the_quoted_request_counts_as_used(
    store_target: str | Path, config: Config
) -> None:
    config = config.model_copy(update={"echo_subsumed_min": 0.0})
    with Memory(store_target, config=config) as mem:
        request, episode, used = _judge_request_and_episode(mem)
        assert used == {request: True, episode: True}


def test_a_memory_echoed_only_through_what_it_quotes_loses_its_echo(
    mem: Memory, config: Config
) -> None:
    fact = "The billing replica lags five seconds behind the primary"
    digest = f"Digest of Monday: {fact}. The audit logs rotate nightly at two"
    records = [mem.add(text, user_id="maya")[0] for text in (fact, digest)]
    response = f"Careful: {fact}."
    novel = {r.id: novel_keywords(r.content, ()) for r in records}
    idf = batch_idf([r.content for r in records])
    used = {r.id for r in records}  # as a lenient judge would have it
    assert explained_away(config, records, used, novel, response, idf) == (
        {},
        {records[1].id: records[0].id},
    )
    # the digest's own words quoted too: it stands and the fact it quotes is explained
    response += " The audit logs rotate nightly at two, see the digest of Monday."
    assert explained_away(config, records, used, novel, response, idf) == (
        {records[0].id: records[1].id},
        {},
    )
    # memories inside each other cannot be told apart: both keep their echo
    twin = mem.add("Postgres 16 runs the billing database", user_id="maya")[0]
    other = mem.add("The billing database runs Postgres 16", user_id="maya")[0]
    pair = [twin, other]
    assert twin.id != other.id
    assert explained_away(
        config,
        pair,
        {twin.id, other.id},
        {r.id: novel_keywords(r.content, ()) for r in pair},
        "The billing database runs Postgres 16.",
        batch_idf([r.content for r in pair]),
    ) == ({}, {})


def test_a_memory_ignored_only_for_other_queries_is_still_tried_for_this_one(
    mem: Memory,
) -> None:
    # ignored twice where it did not belong (another task's tool call): not chatter
    # for a query it was never judged for, even one it matches less well
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    memory_id = mem.add("The canteen serves ramen on Thursdays", user_id="maya", agent_id="coder")[
        0
    ].id
    for _ in range(2):
        ids = agent.recall("s1", "canteen serves ramen on Thursdays", now=T0).injected_ids
        assert memory_id in ids
        agent.feedback("s1", "I will look at the deploy logs.", now=T0)
    assert memory_id not in agent.recall("s1", "canteen ramen Thursdays", now=T0).injected_ids
    other = agent.recall("s2", "where do we eat lunch near the canteen today", now=T0)
    assert memory_id in other.injected_ids, other


def _quoting_pair(mem: Memory) -> tuple[str, str]:
    request = mem.add(
        "Upgrade the billing replica to Postgres 16", user_id="maya", agent_id="coder"
    )[0].id
    episode = mem.add(
        "Succeeded at: Upgrade the billing replica to Postgres 16. Steps: ran pg_upgrade "
        "on a standby, then promoted it",
        user_id="maya",
        agent_id="coder",
        importance=1.0,
    )[0].id
    return request, episode


@pytest.mark.parametrize("quoted_min", [1, 0])
def test_once_feedback_found_quoted_memories_redundant_a_new_one_is_left_out(
    store_target: str | Path, config: Config, quoted_min: int
) -> None:
    config = config.model_copy(update={"feedback_skip_quoted_min": quoted_min})
    with Memory(store_target, config=config) as mem:
        _judge_request_and_episode(mem)  # one memory found redundant beside its quoter
        # a request never judged, quoted whole in an episode ranked above it
        request, episode = _quoting_pair(mem)
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        again = agent.start_session("s2", opening="billing database Postgres upgrade", now=T0)
        ids = again.context.injected_ids
        assert episode in ids
        assert (request in ids) is (quoted_min == 0)  # 0: off
