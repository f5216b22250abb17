"""Tasks mined from a session's turns (remem.agent.mining): a task that got past more
than one failure keeps what fixed each, the first first."""

from __future__ import annotations

from remem.agent.mining import Task, learnings_of
from remem.config import Config


def test_each_failure_the_task_got_past_keeps_what_fixed_it() -> None:
    config = Config(episode_learning_chars=400)
    task = Task(turn=0, prompt="add the export job")
    task.calls = [
        {"name": "Bash", "input": {"command": "pytest"}, "error": "ImportError: no module csvkit"},
        {"name": "Edit", "input": {"new_string": "csvkit = '^2.0'"}},
        {"name": "Bash", "input": {"command": "pytest"}},
        {"name": "Bash", "input": {"command": "ruff check"}, "error": "E501 line too long"},
        {"name": "Bash", "input": {"command": "ruff format && ruff check"}},
    ]
    task.replies = [
        (3, "The tests failed because csvkit was missing; I added csvkit = '^2.0' to the deps."),
        (5, "ruff format wrapped the long line, and ruff check passes now."),
    ]
    (learned,) = learnings_of(task, config)
    assert learned.index("csvkit") < learned.index("ruff format")
