"""start_session / end_session through MemoryAgent: the labelled context block under
its budget, injected ids kept in the store, resume, scope, bad input."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from remem.agent import MemoryAgent
from remem.agent.current import current, family_changed, replaced_by
from remem.config import Config
from remem.errors import NotFoundError, ValidationError
from remem.memory import Memory
from remem.model import MemoryRecord
from remem.read.tokens import default_counter

BACKENDS = ("sqlite", "postgres")  # the agent layer on both stores (conftest)

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)  # the fake clock's start

FACTS = [
    "Maya's service deploys to the atlas cluster every Tuesday",
    "The atlas cluster runs Kubernetes 1.29",
    "Maya prefers short commit messages in the imperative mood",
]


def _seed(mem: Memory) -> list[str]:
    return [mem.add(f, user_id="maya", agent_id="coder")[0].id for f in FACTS]


def test_start_builds_labelled_parts_and_records_what_it_injected(
    mem: Memory, agent: MemoryAgent
) -> None:
    ids = _seed(mem)
    lesson = agent.correct("No, use pnpm not npm", now=T0)
    start = agent.start_session("s1", opening="deploy to the atlas cluster", now=T0)
    labels = [p.label for p in start.context.parts]
    assert labels[0] == "## Lessons" and "## Relevant" in labels
    assert "- User prefers pnpm over npm." in start.text
    relevant = next(p for p in start.context.parts if p.label == "## Relevant")
    assert ids[0] in relevant.memory_ids and ids[1] in relevant.memory_ids
    assert start.context.tokens == default_counter().count(start.text)
    # the injected ids are in the store, for a feedback call from another process
    session = agent.session("s1")
    assert {e.memory_id for e in session.injected} == set(start.context.injected_ids)
    assert lesson.memory_id in start.context.injected_ids
    # injection is recorded like Memory.context's: surfaced and audited, not referenced
    record = mem.get(ids[0], user_id="maya")
    assert record.surface_count == 1 and record.reference_count == 0
    assert [
        e.detail["session_id"] for e in mem.history(ids[0], user_id="maya") if e.event == "injected"
    ] == ["s1"]
    assert not start.resumed


def test_the_block_stays_under_its_budget_and_lessons_come_first(config: Config, db_path) -> None:
    config = config.model_copy(update={"agent_context_max_tokens": 40})
    with Memory(db_path, config=config) as mem:
        for i in range(12):
            mem.add(f"The atlas cluster node {i} runs the deploy worker pool", user_id="maya")
        agent = MemoryAgent(mem, user_id="maya")
        agent.correct("Don't deploy on Fridays", now=T0)
        start = agent.start_session("s1", opening="atlas cluster deploy worker", now=T0)
    assert 0 < start.context.tokens <= 40
    assert start.context.parts[0].label == "## Lessons"
    assert "Don't deploy on Fridays." in start.text
    assert len(start.context.injected_ids) < 13


LONG_CORRECTIONS = [
    "No, always run the formatter with the repository's own settings file before committing",
    "Don't hand-edit the generated protobuf stubs under the api folder, regenerate them instead",
    "Never push straight to the release branch without the changelog entry and a signed tag",
    "Stop using the deprecated logging helper in the billing module, use the structured logger",
    "Always pin container base images by digest in the deployment manifests, never by tag",
    "Don't put secrets in the example environment file, point to the vault path there",
    "No, migrations must be reversible: write the down step every time you add a column",
    "Never disable the flaky integration test, mark it quarantined with an issue link",
]


@pytest.mark.parametrize("share", [0.5, 1.0])
def test_lessons_leave_the_project_facts_a_share_of_the_start_block(
    config: Config, db_path, share: float
) -> None:
    config = config.model_copy(
        update={"agent_context_max_tokens": 160, "agent_lessons_share": share}
    )
    with Memory(db_path, config=config) as mem:
        _seed(mem)
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        for i, text in enumerate(LONG_CORRECTIONS):
            agent.correct(text, now=T0 + timedelta(minutes=i))
        start = agent.start_session("s1", now=T0 + timedelta(hours=1))
    parts = {p.label: p for p in start.context.parts}
    assert "## Lessons" in parts and start.context.tokens <= 160
    if share < 1.0:  # the lessons stop at their share; the key facts get the rest
        assert parts["## Lessons"].tokens <= 80
        assert "## Project facts" in parts, start.text
    else:  # all of the block to the lessons: the facts are crowded out
        assert "## Project facts" not in parts, start.text


def test_untrusted_memories_are_never_injected_unless_opted_in(mem: Memory) -> None:
    mem.add("The atlas cluster password rotation runs weekly", user_id="maya", trusted=False)
    mem.add("The atlas cluster is in Frankfurt", user_id="maya")
    plain = MemoryAgent(mem, user_id="maya").start_session("s1", opening="atlas cluster", now=T0)
    assert "Frankfurt" in plain.text and "rotation" not in plain.text
    assert plain.context.withheld == 1
    opted = MemoryAgent(mem, user_id="maya", include_untrusted=True).start_session(
        "s2", opening="atlas cluster", now=T0
    )
    assert "rotation" in opted.text and "[untrusted]" in opted.text


def test_start_runs_overdue_jobs_within_the_budget(config: Config, db_path) -> None:
    with Memory(db_path, config=config) as mem:
        start = MemoryAgent(mem, user_id="maya").start_session("s1", now=T0)
        assert set(start.jobs_ran) | set(start.jobs_deferred) == {"nightly", "weekly", "monthly"}
        unfinished = set(start.jobs_deferred) | {
            name for name, st in mem.store.job_states().items() if st.detail.get("partial")
        }
        again = MemoryAgent(mem, user_id="maya").start_session("s2", now=T0 + timedelta(hours=1))
        # a job that finished is not overdue an hour later; only one the first start's
        # budget deferred or cut short (a slow machine) runs now
        assert set(again.jobs_ran) <= unfinished
        assert len(unfinished) < 3 or again.jobs_ran  # something finished or runs now
    off = config.model_copy(update={"jobs_catchup_budget_ms": 0})
    with Memory(db_path.with_name("other.db"), config=off) as mem:
        start = MemoryAgent(mem, user_id="maya").start_session("s1", now=T0)
        assert start.jobs_ran == () and mem.store.job_runs() == []


def test_a_second_start_resumes_and_an_ended_session_reopens(agent: MemoryAgent) -> None:
    first = agent.start_session("s1", opening="hello there", now=T0)
    agent.observe("s1", "user", "The build uses Bazel with remote caching", now=T0)
    again = agent.start_session("s1", now=T0 + timedelta(minutes=5))
    assert not first.resumed and again.resumed
    assert agent.session("s1").turns == 1  # nothing reset
    agent.end_session("s1", now=T0 + timedelta(hours=1))
    assert agent.session("s1").ended_at is not None
    agent.start_session("s1", now=T0 + timedelta(hours=2))
    assert agent.session("s1").ended_at is None


def test_a_session_id_belongs_to_one_scope(mem: Memory) -> None:
    MemoryAgent(mem, user_id="maya").start_session("s1", now=T0)
    bob = MemoryAgent(mem, user_id="bob")
    with pytest.raises(ValidationError, match="another scope"):
        bob.start_session("s1", now=T0)
    with pytest.raises(NotFoundError):
        bob.end_session("s1", now=T0)
    with pytest.raises(NotFoundError):
        bob.session("s1")


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda a: a.start_session("", now=T0), "session_id"),
        (lambda a: a.start_session("s\n1", now=T0), "control"),
        (lambda a: a.start_session("sk-ant-api03-" + "a" * 90, now=T0), "credential"),
        (lambda a: a.start_session("s1", opening="", now=T0), "opening"),
        (lambda a: a.start_session("s1", opening=b"\xff", now=T0), "UTF-8"),
        (lambda a: a.end_session("nope", now=T0), "no session"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(
    mem: Memory, agent: MemoryAgent, call, match
) -> None:
    with pytest.raises((ValidationError, NotFoundError), match=match):
        call(agent)
    assert mem.store.list_sessions(agent.scope) == []
    assert mem.store.job_runs() == []


def test_an_agent_needs_a_scope(mem: Memory) -> None:
    with pytest.raises(ValidationError, match="scope"):
        MemoryAgent(mem)


def test_end_session_flushes_observed_turns_once(mem: Memory, agent: MemoryAgent) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "I moved to Lisbon last month and work at Feedzai now", now=T0)
    agent.observe("s1", "assistant", "Noted, welcome to Lisbon.", now=T0)
    end = agent.end_session("s1", now=T0 + timedelta(hours=1))
    assert end.turns == 2 and end.extracted_turns == 2
    assert end.stored
    stored = mem.store.get_memories(list(end.stored), agent.scope)
    assert any("Lisbon" in m.content for m in stored)
    again = agent.end_session("s1", now=T0 + timedelta(hours=2))
    assert again.already_ended and again.extracted_turns == 0 and again.stored == ()
    assert agent.session("s1").flushed_turns == 2


def test_a_flush_interrupted_after_its_write_stores_nothing_twice(
    mem: Memory, agent: MemoryAgent
) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "I moved to Lisbon last month and work at Feedzai now", now=T0)
    first = agent.sessions.flush_turns(agent.session("s1"))  # extracted, not yet marked
    assert first[1] is not None and first[1].stored
    resources = len(list(mem.store.iter_resources(agent.scope)))
    end = agent.end_session("s1", now=T0)  # the re-run recognises the stored turn
    assert end.stored == ()
    assert mem.list(user_id="maya").total == len(first[1].stored)
    assert len(list(mem.store.iter_resources(agent.scope))) == resources  # not read again
    events = [e.event for m in first[1].stored for e in mem.history(m, user_id="maya")]
    assert events == ["created"] * len(first[1].stored)  # nor reinforced by itself


def test_end_session_with_a_transcript_extracts_it_instead(
    mem: Memory, agent: MemoryAgent, tmp_path
) -> None:
    chat = tmp_path / "chat.txt"
    chat.write_text("maya: I adopted a beagle called Biscuit\nbot: Lovely!\n", "utf-8")
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "I adopted a beagle called Biscuit", now=T0)
    end = agent.end_session("s1", transcript=chat, now=T0)
    assert end.transcript_messages == 2 and end.extracted_turns == 0
    assert any(
        "Biscuit" in m.content for m in mem.store.get_memories(list(end.stored), agent.scope)
    )
    again = agent.end_session("s1", transcript=chat, now=T0)
    assert again.transcript_skipped == 2 and again.stored == ()


def test_erase_removes_the_subjects_sessions_and_working_memory(
    mem: Memory, agent: MemoryAgent, db_path
) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "The zanzibar-17 migration plan is in the wiki", now=T0)
    other = MemoryAgent(mem, user_id="bob")
    other.start_session("s2", now=T0)
    other.working_add("s2", "bob keeps his own working notes here", now=T0)
    report = mem.erase(user_id="maya")
    assert (report.sessions, report.working) == (1, 1)
    assert mem.store.get_session("s1", agent.scope) is None
    assert mem.store.working_items(agent.scope) == []
    assert mem.store.session_costs("s1", agent.scope) == []
    assert other.session("s2") and other.working_items("s2", now=T0)  # bob's stay
    mem.close()
    files = [f for f in db_path.parent.iterdir() if f.name.startswith(db_path.name)]
    assert all(b"zanzibar-17" not in f.read_bytes() for f in files)


def test_a_hook_start_shows_the_newer_of_two_conflicting_facts(
    mem: Memory, agent: MemoryAgent
) -> None:
    # stored as said (no write-path update ran between them): the start block's
    # project facts are resolved as a search's would be, the newer one stands
    mem.add("We deploy on render.com, service shop-web.", user_id="maya", agent_id="coder",
            infer=False, valid_from=T0)  # fmt: skip
    mem.add("We moved to Fly.io, app shop-prod-fra.", user_id="maya", agent_id="coder",
            infer=False, valid_from=T0 + timedelta(days=9))  # fmt: skip
    start = agent.start_session("s1", now=T0 + timedelta(days=10))
    facts = next(p for p in start.context.parts if p.label == "## Project facts")
    assert "render.com" not in start.text
    assert any("shop-prod-fra" in line for line in facts.lines)


def test_a_start_block_never_shows_a_value_a_newer_fact_replaced(mem: Memory) -> None:
    # the update decision left both active (a cue it does not pair, an episode that
    # quotes the old value): the block drops the line all of whose values changed and
    # marks one that holds others; a fact on another subject stays as it is
    mem.config.agent_replaced_min_cosine = 0.0  # the fake embedder's cosines mean nothing
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    said = [
        ("Msrv is 1.74.", 0),
        ("The ci matrix runs 4 jobs, all on msrv 1.74.", 1),
        ("Redis cache is on db 2.", 2),
        ("The user bumped msrv to 1.80.", 5),
    ]
    for text, day in said:
        mem.add(text, user_id="maya", agent_id="coder", infer=False,
                valid_from=T0 + timedelta(days=day))  # fmt: skip
    start = agent.start_session("s1", now=T0 + timedelta(days=10))
    facts = next(p for p in start.context.parts if p.label == "## Project facts")
    assert not any(line.endswith("Msrv is 1.74.") or "Msrv is 1.74. (" in line
                   for line in facts.lines), facts.lines  # fmt: skip
    marked = next(line for line in facts.lines if "4 jobs" in line)
    assert "since changed: The user bumped msrv to 1.80." in marked
    assert any("Redis cache is on db 2." in line for line in facts.lines)
    assert any("bumped msrv to 1.80" in line for line in facts.lines)


def test_a_prompt_block_marks_an_episode_whose_value_a_newer_memory_replaced(
    mem: Memory,
) -> None:
    # an episode keeps its task as it was said: shown with what replaced its value
    mem.config.agent_replaced_min_cosine = 0.0  # the fake embedder's cosines mean nothing
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    task = "Add the Bauhaus ingest DAG, the CSV lands at 04:30 UTC"
    episode = agent.episodes.start(task, session_id="s0", now=T0)
    agent.episodes.complete(episode.id, outcome_score=1.0, success=True, now=T0)
    mem.add("From 23 March Bauhaus delivers at 06:00 UTC.", user_id="maya", agent_id="coder",
            infer=False, valid_from=T0 + timedelta(days=5))  # fmt: skip
    context = agent.recall("s1", "the bauhaus ingest dag", now=T0 + timedelta(days=10))
    line = next(line for line in context.text.splitlines() if "04:30" in line)
    assert "since changed: From 23 March Bauhaus delivers at 06:00 UTC." in line
    assert "Add the Bauhaus ingest DAG" in line


def test_a_newer_memory_naming_what_it_left_replaces_that_value() -> None:
    intro = "We deploy to Render, the service is called shop-web; postgres runs on port 5433."
    moved = "Big news, we moved off Render! production is on Fly.io now, app shop-prod-fra."
    assert "render" in replaced_by(intro, moved)
    assert replaced_by(intro, "Production is on Fly.io now, app shop-prod-fra.") == set()
    assert "04:30" in replaced_by(
        "They put a CSV at 04:30 UTC.", "The CSV comes at 06:00 UTC, not 04:30 anymore."
    )
    # an episode's outcome score is no value of its task
    assert (
        replaced_by(
            "Succeeded at: build the Bauhaus DAG, the CSV lands at 04:30 UTC (outcome 0.80).",
            "Succeeded at: no datetime.now() in the Bauhaus DAG start_date (outcome 1.00).",
        )
        == set()
    )
    # a word the older does not hold is no value of it
    assert replaced_by(intro, "We switched from Heroku to Fly.io for the api.") == set()


def test_a_newer_memory_naming_what_it_left_needs_no_nearness(mem: Memory) -> None:
    # a long introduction is far from the one-line news that changed part of it
    mem.config.agent_replaced_min_cosine = 0.99
    intro = "We deploy to Render, the service is shop-web; postgres runs on port 5433 locally."
    said = ((intro, 0), ("We moved off Render, we deploy on Fly.io now.", 9))
    records = _dated(mem, said)
    shown = current(records, mem.store, mem.config)
    assert shown[0].content.startswith(intro)
    assert "(since changed: We moved off Render" in shown[0].content
    # with no word named as left, the cosine still decides
    other = mem.add("We deploy on Fly.io now, port 8080.", user_id="maya", agent_id="coder",
                    infer=False, valid_from=T0 + timedelta(days=9))[0]  # fmt: skip
    assert current([records[0], other], mem.store, mem.config)[0].content == intro


def test_the_mark_is_the_update_that_names_what_it_left_and_quotes_its_sentence(
    mem: Memory,
) -> None:
    # a nearby memory merely holding another number must not take the update's place,
    # and a long newer memory is quoted by its sentence that changes the value
    mem.config.agent_replaced_min_cosine = 0.0  # the fake embedder's cosines mean nothing
    said = (
        ("Succeeded at: set up the Hofmann feed, the zip arrives at 02:15 UTC, 310 rows.", 0),
        ("Succeeded at: Hofmann feed backfill done, 977 rows loaded.", 1),
        ("Week notes: 5 sessions, 12 memories. Hofmann now sends the zip at 03:40 UTC, "
         "not 02:15 anymore. The backfill ran twice.", 4),
    )  # fmt: skip
    records = _dated(mem, said)
    records[0] = replace(records[0], data={**records[0].data, "episode_of": "e1"})
    shown = current(records, mem.store, mem.config, mark_only=True)
    assert (
        "(since changed: Hofmann now sends the zip at 03:40 UTC, not 02:15 anymore."
        in shown[0].content
    ), shown[0].content
    # an episode quoting the same news is no update of the fact that said it
    news = "We moved off Hockeyship, builds go to the beta track now."
    assert replaced_by(news, f"Task: {news} Ship today's build.") == set()


def test_a_start_block_line_is_marked_by_a_newer_episode_it_does_not_show(mem: Memory) -> None:
    # the update was said inside a task: the episode is no project fact, yet what it
    # ended must not be shown at the start as current
    mem.config.agent_replaced_min_cosine = 0.0  # the fake embedder's cosines mean nothing
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    mem.add("Test builds go out through Hockeyship to the group early-owls.", user_id="maya",
            agent_id="coder", infer=False, valid_from=T0)  # fmt: skip
    task = "Hockeyship is retired, test builds go to the store's beta track now; ship today's"
    episode = agent.episodes.start(task, session_id="s1", now=T0 + timedelta(days=3))
    agent.episodes.complete(episode.id, outcome_score=1.0, success=True,
                            now=T0 + timedelta(days=3))  # fmt: skip
    # the start block's key facts (no catch-up jobs here: a digest would fold the episode)
    (line,) = [m.content for m in agent.recaller.key_facts() if "early-owls" in m.content]
    assert "(since changed: " in line and "beta track" in line, line


def test_a_name_given_another_number_is_an_update_whatever_the_nearness(mem: Memory) -> None:
    assert family_changed("functions run in asia-east1", "we moved them to asia-east2")
    assert family_changed("the app needs api level 26", "bumped it: api level 28 now")
    assert family_changed("node 18.19 on the runners", "runners are on node 20.11")
    # a plain number after one word names too little; tickets are many at once
    assert not family_changed("redis on port 6379", "the admin ui, port 8081")
    assert not family_changed("fixed in OPS-12", "OPS-14 is next")
    mem.config.agent_replaced_min_cosine = 0.99
    older = "Our cloud functions run in asia-east1 because the first users were in Taipei."
    said = ((older, 0), ("Big move: the functions go to asia-east2 for the new office.", 9))
    records = _dated(mem, said)
    shown = current(records, mem.store, mem.config)
    # marked with the newer, never left out (nearness did not say so)
    assert shown[0].content.startswith(older)
    assert "(since changed: Big move: the functions go to asia-east2" in shown[0].content
    # another value changed by another newer one is a second mark, not lost to the first
    both = "Build on node 18.19; the nightly runs at 02:00 UTC."
    (old,) = mem.add(both, user_id="maya", agent_id="coder", infer=False, valid_from=T0)
    (left,) = mem.add("The nightly runs at 03:30 UTC now, not 02:00 anymore.", user_id="maya",
                      agent_id="coder", infer=False, valid_from=T0 + timedelta(days=5))  # fmt: skip
    (node,) = mem.add("The runners are on node 20.11 since Monday.", user_id="maya",
                      agent_id="coder", infer=False, valid_from=T0 + timedelta(days=6))  # fmt: skip
    line = current([old, left, node], mem.store, mem.config, mark_only=True)[0].content
    assert "(since changed: The nightly runs at 03:30 UTC now" in line
    assert "(since changed: The runners are on node 20.11" in line


def _dated(mem: Memory, said: Sequence[tuple[str, int]]) -> list[MemoryRecord]:
    """Each text added as it was said, on its day after T0, read back in that order."""
    ids = []
    for text, day in said:
        (record,) = mem.add(text, user_id="maya", agent_id="coder", infer=False,
                            valid_from=T0 + timedelta(days=day))  # fmt: skip
        ids.append(record.id)
    return [mem.get(i, user_id="maya") for i in ids]
