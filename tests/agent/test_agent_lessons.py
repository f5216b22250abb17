"""correct(): corrections and mistakes become lessons, loaded at every session start;
written by the LLM when configured (the shipped scripted LLM here), else offline."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from remem.agent import MemoryAgent
from remem.agent.lessons import draft_lesson
from remem.config import Config
from remem.errors import ProviderError, ValidationError
from remem.memory import Memory
from remem.model import Kind, Status, Tier
from remem.providers import registry
from remem.providers.fake import ScriptedLLM
from remem.store.base import ListFilter

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("No, I prefer tabs over spaces", "User prefers tabs over spaces."),
        ("Actually, use pnpm instead of npm.", "User prefers pnpm over npm."),
        ("Use pytest, not unittest", "User prefers pytest over unittest."),
        ("Don't run the migrations on Fridays!", "Don't run the migrations on Fridays."),
        ("That's wrong: never commit directly to main", "Don't commit directly to main."),
        ("Please always add type hints", "Always add type hints."),
        (
            "No, don't use npm here. Use pnpm for installing packages in this repo.",
            "Don't use npm here. Use pnpm for installing packages in this repo.",
        ),
        (
            "Stop adding console.log for debugging, use the logger module instead.",
            "Stop adding console.log for debugging, use the logger module instead.",
        ),
        ("The staging URL is staging.example.org, not the old one", None),
        # "no" before a noun forbids it: only "no," / "no." is a lead to peel
        ("no anyhow in logslice-core", "No anyhow in logslice-core."),
        ("wrong. --since / --until, like journalctl", "--since / --until, like journalctl."),
        # the instruction before a prohibition is its other half
        (
            "To test a DAG use `airflow dags test` locally. Never `dags trigger` on dev.",
            "To test a DAG use `airflow dags test` locally. Don't `dags trigger` on dev.",
        ),
    ],
)
def test_offline_patterns(said: str, lesson: str | None) -> None:
    draft = draft_lesson(said)
    assert draft.generator == "rules"
    if lesson is None:  # no pattern: the correction is kept as said
        assert draft.shape == "correction" and draft.text.startswith("The staging URL")
    else:
        assert draft.text == lesson


def test_an_observed_terse_correction_keeps_what_it_is_about(
    mem: Memory, agent: MemoryAgent
) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "run the tests", now=T0)
    agent.after_tool("s1", "Bash", {"command": "cargo test --workspace"}, now=T0)
    agent.observe("s1", "assistant", "64 passed.", now=T0)
    said = "you did it again. nextest. and -D warnings, ci fails on those 2"
    seen = agent.observe("s1", "user", said, now=T0 + timedelta(minutes=1))
    assert seen.lesson is not None
    lesson = mem.get(seen.lesson, user_id="maya", agent_id="coder").content
    assert "nextest" in lesson and "-D warnings" in lesson
    seen = agent.observe(
        "s1", "user", "no anyhow in logslice-core. lol", now=T0 + timedelta(minutes=2)
    )
    assert seen.lesson is not None
    lesson = mem.get(seen.lesson, user_id="maya", agent_id="coder").content
    assert lesson.startswith("No anyhow") and "lol" not in lesson


def test_a_context_narrows_the_lesson() -> None:
    draft = draft_lesson("Don't use sudo", context="working in the CI container")
    assert draft.text == "Don't use sudo when working in the CI container."


def test_a_lesson_is_stored_and_loaded_at_every_start(mem: Memory, agent: MemoryAgent) -> None:
    result = agent.correct("No, I prefer tabs over spaces", session_id="s0", now=T0)
    record = mem.get(result.memory_id, user_id="maya")
    assert record.kind is Kind.LESSON and record.tier is Tier.PERMANENT
    assert record.data["metadata"]["lesson"]["original"] == "No, I prefer tabs over spaces"
    for i in range(3):  # every session, whatever its opening
        start = agent.start_session(
            f"s{i + 1}", opening="unrelated chatter", now=T0 + timedelta(days=i)
        )
        assert "## Lessons\n- User prefers tabs over spaces." in start.text


def test_a_repeated_correction_is_one_lesson_referenced_again(
    mem: Memory, agent: MemoryAgent
) -> None:
    first = agent.correct("Don't push to main", now=T0)
    second = agent.correct("no, don't push to main!", now=T0)
    # one lesson, one more reference: reflection weighs it 1 + its references
    assert second.action == "repeated" and second.repeats == first.memory_id
    assert second.memory_id == first.memory_id
    assert mem.get(first.memory_id, user_id="maya").reference_count == 1
    assert [m.content for m in agent.lessons_active()] == ["Don't push to main."]
    start = agent.start_session("s1", now=T0)
    assert start.text.count("Don't push to main.") == 1


def test_a_repeated_correction_becomes_a_rule(mem: Memory, agent: MemoryAgent) -> None:
    agent.correct("Use pnpm instead of npm in this repository", now=T0)
    agent.correct("Use pnpm instead of npm in this repository", now=T0 + timedelta(days=1))
    report = agent.rules.reflect(now=T0 + timedelta(days=2))
    assert len(report.created) == 1


def test_lessons_survive_the_nightly_merge(mem: Memory, agent: MemoryAgent) -> None:
    ids = [
        agent.correct(text, now=T0).memory_id
        for text in ("Don't push directly to main", "Don't push to main directly")
    ]
    mem.jobs.run("nightly", now=T0 + timedelta(days=1))
    assert all(mem.get(i, user_id="maya").status is Status.ACTIVE for i in ids)


def test_a_reversed_preference_supersedes_the_old_lesson(mem: Memory, agent: MemoryAgent) -> None:
    old = agent.correct("I prefer tabs over spaces", now=T0)
    new = agent.correct("Actually I prefer spaces over tabs", now=T0)
    assert new.action == "superseded" and new.replaced == old.memory_id
    assert mem.get(old.memory_id, user_id="maya").status is Status.SUPERSEDED
    assert [m.content for m in agent.lessons_active()] == ["User prefers spaces over tabs."]
    agent.correct("I prefer spaces over tabs", now=T0)  # said twice: referenced
    back = agent.correct("I prefer tabs over spaces after all", now=T0)
    assert back.action == "superseded"
    assert [m.content for m in agent.lessons_active()] == ["User prefers tabs over spaces."]
    lessons = mem.list(user_id="maya", filters=ListFilter(kinds=("lesson",))).items
    assert [m.content for m in lessons] == ["User prefers tabs over spaces."]  # every copy


def test_lessons_are_scoped_and_untrusted_ones_are_not_loaded(mem: Memory) -> None:
    maya = MemoryAgent(mem, user_id="maya")
    bob = MemoryAgent(mem, user_id="bob")
    maya.correct("Don't deploy on Fridays", now=T0)
    maya.correct("Always reply in French", trusted=False, now=T0)
    assert bob.lessons_active() == []
    assert [m.content for m in maya.lessons_active()] == ["Don't deploy on Fridays."]
    assert "French" not in maya.start_session("s1", now=T0).text


def test_bad_corrections_are_refused(mem: Memory, agent: MemoryAgent) -> None:
    for bad in ("", "   ", b"\xff"):
        with pytest.raises(ValidationError):
            agent.correct(bad, now=T0)  # type: ignore[arg-type]
    assert mem.list(user_id="maya").total == 0


# -- with an LLM ------------------------------------------------------------------------
@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedLLM]:
    llm = ScriptedLLM()
    monkeypatch.setitem(registry._llms, "scripted-lessons", lambda config: llm)
    yield llm


def test_the_llm_writes_the_lesson_when_configured(
    config: Config, db_path, scripted: ScriptedLLM
) -> None:
    scripted.add(
        json.dumps({"lesson": "Run the linters before every commit.", "shape": "instruction"})
    )
    config = config.model_copy(update={"llm_provider": "scripted-lessons"})
    with Memory(db_path, config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya")
        result = agent.correct("ugh, you forgot to lint again before committing", now=T0)
        assert (result.generator, result.text, result.shape) == (
            "llm",
            "Run the linters before every commit.",
            "instruction",
        )
        assert "you forgot to lint" in scripted.calls[0][1]["content"]
        # and the LLM's call was metered... (no session: none logged)
        assert (
            mem.get(result.memory_id, user_id="maya").data["metadata"]["lesson"]["generator"]
            == "llm"
        )


@pytest.mark.parametrize("reply", ["not json", json.dumps({"lesson": ""}), ProviderError("down")])
def test_a_failing_llm_falls_back_to_the_patterns(
    config: Config, db_path, scripted: ScriptedLLM, reply: object
) -> None:
    scripted.add(reply)  # type: ignore[arg-type]
    config = config.model_copy(update={"llm_provider": "scripted-lessons"})
    with Memory(db_path, config=config) as mem:
        result = MemoryAgent(mem, user_id="maya").correct("Don't use sudo", now=T0)
    assert (result.generator, result.text) == ("rules", "Don't use sudo.")
    assert result.fallback


def test_two_episodes_of_the_same_task_both_survive_the_nightly_merge(
    mem: Memory, agent: MemoryAgent
) -> None:
    ids = []
    for day in range(2):
        episode = agent.start_episode("Fix the flaky login test", now=T0 + timedelta(days=day))
        agent.complete_episode(episode.id, outcome_score=0.5 + day / 4, success=True, now=T0)
        ids.append(episode.id)
    mem.jobs.run("nightly", now=T0 + timedelta(days=3))
    assert all(mem.get(i, user_id="maya").status is Status.ACTIVE for i in ids)


def test_the_sentence_a_lesson_came_from_does_not_replace_it(
    mem: Memory, agent: MemoryAgent
) -> None:
    # The user's turn is stored as a fact too; "No, don't ..." is that turn, not a
    # negation of the lesson, and a semantic fact never replaces a lesson anyway.
    said = "No, don't use npm here."
    agent.start_session("s1", opening="set up the repo", now=T0)
    agent.observe("s1", "user", said, now=T0)
    lesson = agent.correct(said, session_id="s1", now=T0)
    agent.end_session("s1", now=T0 + timedelta(minutes=5))
    mem.add(
        "No, don't use npm here.", user_id="maya", agent_id="coder", now=T0 + timedelta(minutes=6)
    )
    assert mem.get(lesson.memory_id, user_id="maya").status is Status.ACTIVE
    start = agent.start_session("s2", opening="add a package", now=T0 + timedelta(days=1))
    assert lesson.text in start.text


def test_a_rule_at_the_end_of_an_introduction_keeps_the_rule_not_the_versions(
    mem: Memory, agent: MemoryAgent
) -> None:
    agent.start_session("s1", now=T0)
    said = (
        "billing-api. python 3.11, fastapi + sqlalchemy. local redis runs in docker on 6380. "
        "don't touch my 6379, that's another project"
    )
    seen = agent.observe("s1", "user", said, now=T0)
    assert seen.lesson is not None
    lesson = mem.get(seen.lesson, user_id="maya", agent_id="coder").content
    # the rule and the sentence it follows, not the versions said before it (facts: a
    # later "bumped python to 3.12" supersedes them, a lesson would keep them)
    assert "6379" in lesson and "6380" in lesson and "3.11" not in lesson
