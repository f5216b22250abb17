"""Episodes end to end on a real store, the fake embedder and a fake clock: start,
actions, completion with its audited outcome and linked summary, similar and failed
past episodes, scope, limits, and an episode started in one process and completed
in another."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from remem.agent.episodes import Episodes
from remem.config import Config
from remem.errors import NotFoundError, ValidationError
from remem.memory import Memory
from remem.model import Kind, Scope

BACKENDS = ("sqlite", "postgres")  # the agent layer on both stores (conftest)

T0 = datetime(2026, 1, 14, 9, 0, tzinfo=UTC)
AARON = Scope(user_id="aaron")


@pytest.fixture
def episodes(mem: Memory) -> Episodes:
    return Episodes(mem, AARON)


def _done(episodes: Episodes, task: str, score: float, success: bool, **kw: object) -> str:
    e = episodes.start(task, now=T0)
    episodes.complete(e.id, outcome_score=score, success=success, now=T0, **kw)  # type: ignore[arg-type]
    return e.id


def test_an_episode_from_start_to_completion(mem: Memory, episodes: Episodes) -> None:
    e = episodes.start(
        "Fix the failing login test in the auth module",
        context="CI is red since the token refactor",
        constraints=["no new dependencies"],
        approach="bisect the refactor",
        alternatives=["rewrite the test"],
        decision_factors=["the test was green last week"],
        session_id="s1",
        now=T0,
    )
    assert e.status == "open" and e.started_at == T0 and e.session_id == "s1"
    record = mem.get(e.id, user_id="aaron")
    assert record.kind is Kind.EPISODIC and record.created_at == T0
    assert record.content.startswith("Task: Fix the failing login test")
    assert "Constraints: no new dependencies" in record.content
    e = episodes.record_action(
        e.id, "command", "pytest", "ran the auth tests", result="2 failed", now=T0
    )
    e = episodes.record_action(e.id, "edit", "auth/token.py", "restored the expiry check", now=T0)
    assert [(a.type, a.target) for a in e.actions] == [
        ("command", "pytest"),
        ("edit", "auth/token.py"),
    ]
    done = episodes.complete(
        e.id,
        outcome_score=0.8,
        success=True,
        learnings=["Run pytest -x to stop at the first failure"],
        now=T0 + timedelta(hours=1),
    )
    assert done.status == "completed" and done.success is True and done.outcome_score == 0.8
    assert done.completed_at == T0 + timedelta(hours=1)
    assert done.importance == pytest.approx(1 - abs(0.8 - 0.65))
    assert "success" in done.tags
    # the content (what was embedded) never changed: the record was extended, audited
    after = mem.get(e.id, user_id="aaron")
    assert after.content == record.content and after.id == record.id
    events = [ev.event for ev in mem.history(e.id, user_id="aaron")]
    assert events == ["created", "episode_action", "episode_action", "episode_completed"]
    # the summary is a memory linked both ways
    summary = mem.get(done.summary_id or "", user_id="aaron")
    assert summary.data["episode_of"] == e.id and summary.kind is Kind.EPISODIC
    assert summary.content.startswith("Succeeded at: Fix the failing login test")
    assert "Learned: Run pytest -x" in summary.content and "command pytest" in summary.content
    assert episodes.get(e.id) == done


def test_the_outcome_is_recorded_once(episodes: Episodes) -> None:
    eid = _done(episodes, "Deploy to staging", 0.2, False)
    with pytest.raises(ValidationError, match="already completed"):
        episodes.complete(eid, outcome_score=0.9, success=True)
    with pytest.raises(ValidationError, match="already completed"):
        episodes.record_action(eid, "command", "kubectl", "retry")
    assert episodes.get(eid).outcome_score == 0.2


def test_similar_finds_past_episodes_and_failures_like_only_the_failed(
    episodes: Episodes,
) -> None:
    login = _done(episodes, "Fix the failing login test in the auth module", 0.8, True)
    deploy = _done(
        episodes,
        "Deploy the payment service to staging",
        0.1,
        False,
        failure_modes=["forgot to run the database migrations"],
    )
    _done(episodes, "Write the quarterly report for finance", 0.7, True)
    episodes.start("Deploy the payment service to production", now=T0)  # open: not a past one
    hits = episodes.similar("the login test in auth fails again", k=3)
    assert hits[0].episode.id == login
    hits = episodes.similar("deploy the payment service", k=3)
    assert hits[0].episode.id == deploy
    assert all(h.episode.status == "completed" for h in hits)
    failed = episodes.failures_like("deploy the payment service")
    assert [h.episode.id for h in failed] == [deploy]
    assert failed[0].episode.failure_modes == ("forgot to run the database migrations",)
    assert episodes.failures_like("fix the login test") == []


def test_list_and_open_for_session(episodes: Episodes) -> None:
    a = episodes.start("Task A", session_id="s1", now=T0)
    b = episodes.start("Task B", session_id="s2", now=T0)
    done = _done(episodes, "Task C", 0.5, True)
    assert [e.id for e in episodes.open_for_session("s1")] == [a.id]
    assert {e.id for e in episodes.list(status="open")} == {a.id, b.id}
    assert [e.id for e in episodes.list(status="completed")] == [done]
    with pytest.raises(ValidationError, match="unknown episode status"):
        episodes.list(status="closed")


def test_scope_is_enforced(mem: Memory, episodes: Episodes) -> None:
    e = episodes.start("Fix the login test", now=T0)
    other = Episodes(mem, Scope(user_id="bea"))
    with pytest.raises(NotFoundError):
        other.record_action(e.id, "command", "pytest", "ran it")
    with pytest.raises(NotFoundError):
        other.complete(e.id, outcome_score=1.0, success=True)
    assert other.list() == [] and other.similar("login test") == []
    plain = mem.add("a plain fact about login tests", user_id="aaron")[0]
    with pytest.raises(NotFoundError):
        episodes.get(plain.id)  # a memory that is no episode


def test_bad_input_writes_nothing(mem: Memory, episodes: Episodes) -> None:
    e = episodes.start("Fix the login test", now=T0)
    for call in (
        lambda: episodes.start(""),
        lambda: episodes.start("task", constraints="one string"),  # type: ignore[arg-type]
        lambda: episodes.record_action(e.id, "bad\ntype", "x", "y"),
        lambda: episodes.complete(e.id, outcome_score=1.5, success=True),
        lambda: episodes.complete(e.id, outcome_score=0.5, success="yes"),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValidationError):
            call()
    assert episodes.get(e.id).actions == () and episodes.get(e.id).status == "open"
    assert mem.list(user_id="aaron").total == 1


def test_actions_past_the_cap_are_counted_not_kept(config: Config, db_path: Path) -> None:
    capped = config.model_copy(update={"episode_max_actions": 2, "episode_field_chars": 20})
    with Memory(db_path, config=capped) as mem:
        episodes = Episodes(mem, AARON)
        e = episodes.start("A long task", now=T0)
        for i in range(4):
            e = episodes.record_action(e.id, "step", f"t{i}", "x" * 100, now=T0)
        assert len(e.actions) == 2 and e.actions_dropped == 2
        assert len(e.actions[0].description) == 20 and e.actions[0].description.endswith("…")


def test_a_secret_in_an_action_is_redacted(mem: Memory, episodes: Episodes) -> None:
    key = "sk-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6"
    e = episodes.start("Rotate the API key", now=T0)
    e = episodes.record_action(e.id, "command", "vault", f"set key to {key} in vault", now=T0)
    assert key not in e.actions[0].description
    assert key not in json.dumps(mem.get(e.id, user_id="aaron").data)


START = r"""
import sys
from datetime import datetime
from pathlib import Path
from remem import Config, Memory
from remem.model import Scope
from remem.agent.episodes import Episodes
db, home = sys.argv[1:3]
with Memory(db, config=Config(home=Path(home), embedder="fake")) as mem:
    e = Episodes(mem, Scope(user_id="aaron")).start(
        "Fix the flaky checkout test", session_id="s1",
        now=datetime.fromisoformat("2026-01-14T09:00+00:00"))
    Episodes(mem, Scope(user_id="aaron")).record_action(e.id, "command", "pytest", "ran it")
print(e.id)
"""

COMPLETE = r"""
import sys
from pathlib import Path
from remem import Config, Memory
from remem.model import Scope
from remem.agent.episodes import Episodes
db, home, eid = sys.argv[1:4]
with Memory(db, config=Config(home=Path(home), embedder="fake")) as mem:
    episodes = Episodes(mem, Scope(user_id="aaron"))
    (open_one,) = episodes.open_for_session("s1")
    assert open_one.id == eid
    episodes.record_action(eid, "edit", "checkout.py", "fixed the wait")
    done = episodes.complete(eid, outcome_score=0.9, success=True, learnings=["wait for the DOM"])
print(done.summary_id)
"""


def test_an_episode_started_in_one_process_completes_in_another(
    tmp_path: Path, config: Config
) -> None:
    args = [str(tmp_path / "agent.db"), str(tmp_path / "home")]

    def run(script: str, *extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", script, *args, *extra],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    eid = run(START)
    summary_id = run(COMPLETE, eid)
    with Memory(tmp_path / "agent.db", config=config) as mem:
        episode = Episodes(mem, AARON).get(eid)
        assert episode.status == "completed" and episode.summary_id == summary_id
        assert [a.type for a in episode.actions] == ["command", "edit"]
        assert Episodes(mem, AARON).similar("checkout test is flaky")[0].episode.id == eid
