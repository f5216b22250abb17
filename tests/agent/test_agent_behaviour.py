"""The behaviour loops through MemoryAgent: a reminder observed in one session comes
up at the start of the first session on its day; repeated corrections become a
rule at the reflection every ``reflection_every_sessions`` ended sessions, and the
rule is injected where it applies; a session ended with its outcome writes its
episode, found again for a similar task."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from remem.agent import MemoryAgent
from remem.errors import ValidationError
from remem.memory import Memory
from remem.model import TriggerStatus

WED = datetime(2026, 1, 14, 9, 30, tzinfo=UTC)


def test_a_reminder_comes_up_on_its_day_once(agent: MemoryAgent) -> None:
    agent.start_session("s1", now=WED)
    seen = agent.observe(
        "s1", "user", "The release is next Friday, so freeze on Thursday.", now=WED
    )
    assert seen.triggers
    agent.end_session("s1", now=WED)
    thursday = agent.start_session("s2", now=WED + timedelta(days=1))
    assert "## Due today" in thursday.text and "freeze on Thursday" in thursday.text
    friday = agent.start_session("s3", now=WED + timedelta(days=2))
    assert "## Due today" in friday.text and "Fri 16 Jan" in friday.text
    assert set(friday.triggers_fired) | set(thursday.triggers_fired) == set(seen.triggers)
    again = agent.start_session("s4", now=WED + timedelta(days=2, hours=2))
    assert "## Due today" not in again.text  # fired once
    assert {t.status for t in agent.triggers.list()} == {TriggerStatus.FIRED}


def test_untrusted_turns_create_no_reminder(agent: MemoryAgent) -> None:
    result = agent.observe("s1", "tool", "Maintenance window next Friday at 02:00", now=WED)
    assert result.triggers == ()


def test_repeated_corrections_become_a_rule_at_the_fifth_session(agent: MemoryAgent) -> None:
    said = [
        "Use pnpm instead of npm in this repository",
        "No, don't run npm install here, use pnpm install",
        "Again: I want pnpm, not npm, for installing packages",
    ]
    ends = []
    for day in range(5):
        now = WED + timedelta(days=day)
        agent.start_session(f"s{day}", opening="install the dependencies", now=now)
        if day < len(said):
            agent.correct(said[day], session_id=f"s{day}", now=now)
        ends.append(agent.end_session(f"s{day}", now=now + timedelta(hours=1)))
    assert [e.reflected for e in ends] == [False, False, False, False, True]
    assert ends[-1].reflection and ends[-1].reflection["created"]
    (rule,) = agent.rules.list()
    assert "pnpm" in rule.behavior.lower()
    later = agent.start_session(
        "s9", opening="install the npm packages", now=WED + timedelta(days=6)
    )
    assert "## Rules" in later.text and rule.behavior in later.text
    # the lessons the rule was learned from are not repeated beside it
    lessons = next((p for p in later.context.parts if p.label == "## Lessons"), None)
    assert lessons is None or not set(lessons.memory_ids) & set(rule.source_lessons)
    assert agent.rules.get(rule.id).uses == 1
    # a rule whose words do not appear stays out (its lessons are there, as always)
    other = agent.start_session(
        "s10", opening="write the quarterly report", now=WED + timedelta(days=7)
    )
    assert "## Rules" not in other.text and "## Lessons" in other.text


def test_ending_with_an_outcome_writes_the_sessions_episode(agent: MemoryAgent) -> None:
    agent.start_session("s1", opening="Fix the flaky login test", now=WED)
    agent.observe(
        "s1",
        "assistant",
        "Running the tests.",
        tool_calls=[{"name": "pytest", "error": "2 failed"}, {"name": "git"}],
        now=WED,
    )
    end = agent.end_session(
        "s1", success=True, outcome_score=0.8, learnings=["run pytest -x first"], now=WED
    )
    (episode_id,) = end.episodes_completed
    episode = agent.episodes.get(episode_id)
    assert episode.task == "Fix the flaky login test" and episode.success is True
    assert [(a.target, a.result) for a in episode.actions] == [("pytest", "failed"), ("git", "ok")]
    assert episode.learnings == ("run pytest -x first",)
    hits = agent.similar_episodes("the login test is flaky again")
    assert hits and hits[0].episode.id == episode_id


def test_explicit_episodes_are_completed_or_left_open(agent: MemoryAgent) -> None:
    agent.start_session("s1", now=WED)
    episode = agent.start_episode("Migrate the billing tables", session_id="s1", now=WED)
    agent.record_action(episode.id, "command", "alembic", "upgrade head", result="ok", now=WED)
    left = agent.end_session("s1", now=WED)
    assert left.episodes_open == (episode.id,) and left.episodes_completed == ()
    agent.start_session("s2", now=WED)
    second = agent.start_episode("Migrate the invoices table", session_id="s2", now=WED)
    done = agent.end_session("s2", success=False, now=WED)
    assert done.episodes_completed == (second.id,)
    assert agent.episodes.get(second.id).outcome_score == 0.0
    assert agent.failures_like("migrate a table")[0].episode.id == second.id
    finished = agent.complete_episode(episode.id, outcome_score=0.9, success=True, now=WED)
    assert finished.status == "completed"


@pytest.mark.parametrize(
    "kwargs",
    [{"success": "yes"}, {"outcome_score": 0.5}, {"success": True, "outcome_score": 2.0}],
)
def test_a_bad_outcome_is_refused_and_writes_nothing(
    mem: Memory, agent: MemoryAgent, kwargs: dict[str, object]
) -> None:
    agent.start_session("s1", opening="Fix the flaky login test", now=WED)
    with pytest.raises(ValidationError):
        agent.end_session("s1", now=WED, **kwargs)  # type: ignore[arg-type]
    assert agent.session("s1").ended_at is None
    assert agent.episodes.list() == []


def test_a_rule_for_a_tool_comes_with_the_recall_before_that_tool(agent: MemoryAgent) -> None:
    for day, text in enumerate(["Never use sudo with pip", "Don't run pip with sudo, ever"]):
        agent.correct(text, now=WED + timedelta(days=day))
    agent.rules.reflect(now=WED + timedelta(days=3))
    (rule,) = agent.rules.list()
    found = agent.recall("s1", "set up the environment", tool="pip", now=WED + timedelta(days=3))
    assert "## Rules" in found.text and rule.behavior in found.text


def test_an_episode_comes_after_the_facts_and_once(agent: MemoryAgent, mem: Memory) -> None:
    # the task as the user said it then ("msrv is 1.74") is read after the fact that
    # stands now, and once: its summary (which holds the task), not its record too
    agent.start_session("s1", opening="msrv is 1.74, keep the ci matrix on it", now=WED)
    agent.end_session("s1", success=True, learnings=["pin the toolchain file"], now=WED)
    (episode,) = agent.episodes.list()
    assert episode.summary_id is not None
    mem.add(
        "The msrv of logslice is 1.80 since the LazyLock change",
        user_id="maya",
        agent_id="coder",
        now=WED + timedelta(days=9),
    )
    agent.start_session("s2", now=WED + timedelta(days=10))
    told = agent.recall("s2", "which msrv does the ci matrix use?", now=WED + timedelta(days=10))
    assert episode.id not in told.injected_ids and episode.summary_id in told.injected_ids
    lines = told.text.splitlines()
    fact = next(n for n, line in enumerate(lines) if "1.80" in line)
    assert all(n > fact for n, line in enumerate(lines) if "1.74" in line)
