"""What an earlier task taught comes back when a prompt names that task as its model
(remem.agent.backref) though the embedding finds the two tasks far apart, and what
fixed a failure is mined from the sentences that name the fix first
(remem.agent.mining.learnings_of). The fake embedder, a real SQLite store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from remem.agent import MemoryAgent
from remem.agent.backref import covers, referent
from remem.agent.mining import Task, learnings_of
from remem.config import Config

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
FIX = "Bind the interface in ServiceModule with @Binds @InstallIn(SingletonComponent::class)"


def _learned(agent: MemoryAgent, task: str, learning: str, day: int) -> str:
    episode = agent.start_episode(task, now=T0 + timedelta(days=day))
    agent.episodes.complete(
        episode.id,
        outcome_score=0.8,
        success=True,
        learnings=[learning],
        now=T0 + timedelta(days=day),
    )
    return episode.id


def test_a_prompt_naming_an_earlier_task_gets_its_episode(agent: MemoryAgent) -> None:
    _learned(
        agent, "Write a StockLevelsRepository with a network and a fake implementation", FIX, 0
    )
    _learned(agent, "Show the stock levels on the detail screen", "Use a loading state", 1)
    agent.start_session("s1", now=T0 + timedelta(days=9))
    ask = "Next, a PriceFeed client for the vendor API."
    named = f"{ask} Same structure as the stock levels repository, please."
    answer = agent.recall("s1", named, now=T0 + timedelta(days=9)).text
    episodes = answer.split("## Earlier episodes", 1)[1].split("\n## ", 1)[0]
    assert "@InstallIn(SingletonComponent::class)" in episodes
    assert "loading state" not in episodes  # the task that only shares words is not it
    # without the name, the two tasks are too far apart to be brought back
    plain = agent.recall("s1", ask, now=T0 + timedelta(days=9)).text
    assert "## Earlier episodes" not in plain


def test_the_referent_is_the_phrase_after_the_comparison() -> None:
    assert referent("with the same random-effects structure as the primary one?") == {"primary"}
    assert referent("do it the way we did for the export job") == {"export", "job"}
    assert referent("same as last time") is None and referent("I'd like the report") is None
    assert covers({"stock", "levels"}, "a StockLevelsRepository") and not covers(
        {"stock", "prices"}, "a StockLevelsRepository"
    )


def test_the_sentences_naming_the_fix_are_kept_first() -> None:
    config = Config(episode_learning_chars=200)
    edit = {"name": "Edit", "input": {"new_string": 'control = lmerControl(optimizer = "bobyqa")'}}
    task = Task(turn=0, prompt="refit the model", calls=[{"name": "Bash", "error": "failed"}])
    task.calls += [edit, {"name": "Bash"}]
    reply = (
        "The pipeline now reads all three waves through clean_wave() and the w3_file target. "
        "The default optimizer of lmerControl() stopped just short of the gradient tolerance "
        "with three waves, and options(warn = 2) turned that warning into an error. "
        'I set control = lmerControl(optimizer = "bobyqa"); it converges.'
    )
    task.replies.append((3, reply))
    (learned,) = learnings_of(task, config)
    assert "bobyqa" in learned and len(learned) <= 200
