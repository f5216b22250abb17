"""Deferred writes (remem/agent/deferred.py): ``recall(defer=True)`` and
``observe(defer=True)`` answer first and journal their writes; ``settle`` does them —
with the same result as doing them at once, surviving the process that answered,
once per row even with two processes settling, and never blocked by a bad row."""

from __future__ import annotations

import subprocess
import sys
from contextlib import nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from remem.agent import MemoryAgent
from remem.agent.deferred import one_commit, settle
from remem.config import Config
from remem.memory import Memory
from remem.model import Scope

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
FACTS = [
    "The login page redirects to the dashboard after sign in",
    "The dashboard is built with React and Vite",
    "Staging deploys run every Monday at ten",
    "The staging database is atlas-db-2",
    "The release train leaves on Thursdays",
    "Sentry collects the frontend errors",
    "The API gateway rate limit is 100 requests a minute",
    "Login sessions expire after twelve hours",
    "The design system lives in the ui-kit package",
    "Feature flags are managed in LaunchDarkly",
    "The dashboard charts use Recharts",
    "The login form validates emails on blur",
]
PROMPTS = [
    "how does the login page redirect to the dashboard after sign in?",
    "the login page redirect sends users to the dashboard through /auth/callback",
    "what is the dashboard built with, and how does the login page redirect?",
    "remember that the login page redirect must keep the return URL",
    "how does the login page redirect to the dashboard after sign in again?",
]


def _seed(mem: Memory) -> None:
    for i, fact in enumerate(FACTS):
        mem.add(fact, user_id="maya", agent_id="coder", infer=False, now=T0 - timedelta(days=i))


def _turns(
    mem: Memory,
    *,
    defer: bool,
    settle_each: bool = True,
    warm: bool = False,
    batched: bool = False,
) -> list[str]:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    texts = []
    for i, prompt in enumerate(PROMPTS):
        now = T0 + timedelta(minutes=i)
        with one_commit(agent) if batched else nullcontext():  # as a hook's prompt
            texts.append(agent.recall("s1", prompt, now=now, defer=defer).text)
            agent.observe("s1", "user", prompt, now=now, defer=defer)
        if defer and settle_each:
            agent.settle(warm=warm)
    if defer:
        agent.settle()
    return texts


def _state(mem: Memory) -> dict[str, Any]:
    """What the turns wrote, without the ids a store makes up."""
    scope = Scope(user_id="maya", agent_id="coder")
    store = mem.store
    by_id = {m.id: m for m in mem.list(user_id="maya", limit=500).items}
    session = store.get_session("s1", scope)
    assert session is not None
    return {
        "turns": session.turns,
        "injected": [(by_id[e.memory_id].content, e.content_hash, e.tokens, e.part)
                     for e in session.injected],
        "working": sorted(
            (w.content, w.surface_count, w.last_surfaced_at, w.promoted_to is not None)
            for w in store.working_items(scope, session_id="s1")
        ),
        "checkpoints": [(c.turn, c.user_input) for c in store.list_checkpoints("s1", scope)],
        "memories": sorted(
            (m.content, m.surface_count, m.access_count, m.status.value) for m in by_id.values()
        ),
        "costs": [(c.op, c.turn, c.embed_calls, c.injected_tokens)
                  for c in store.session_costs("s1", scope)],
        "pending": store.has_pending(),
    }  # fmt: skip


def test_deferred_turns_answer_and_write_as_immediate_ones(config: Config, tmp_path: Path) -> None:
    results = {}
    for mode, kw in {
        "now": {"defer": False},
        "deferred": {"defer": True},
        "deferred, indexes warmed": {"defer": True, "warm": True},
        "deferred, settled by the next turn": {"defer": True, "settle_each": False},
        "deferred, one commit a turn": {"defer": True, "batched": True},
        "deferred, one commit a turn, settled by the next": {
            "defer": True,
            "batched": True,
            "settle_each": False,
        },
    }.items():
        with Memory(tmp_path / f"{len(results)}.db", config=config) as mem:
            _seed(mem)
            texts = _turns(mem, **kw)
            results[mode] = (texts, _state(mem))
    texts, state = results["now"]
    assert "## Working memory" in texts[2] and "## Relevant" in texts[0]
    # the statement was promoted (through extraction); a question never is
    promoted = [text for text, _, _, p in state["working"] if p]
    assert promoted == [PROMPTS[1]]
    assert state["checkpoints"] and state["injected"] and not state["pending"]
    for mode in results:
        assert results[mode] == results["now"], mode


def test_one_commit_journals_a_prompts_recall_and_observe_together(mem: Memory) -> None:
    """A hook's prompt: both rows in one transaction (one disk sync before the answer),
    committed when the block ends."""
    _seed(mem)
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    statements: list[str] = []
    db = mem.store._db  # type: ignore[attr-defined]
    db.set_trace_callback(statements.append)  # what this connection runs, as it runs it
    try:
        with one_commit(agent):
            agent.recall("s1", PROMPTS[0], now=T0, defer=True)
            agent.observe("s1", "user", PROMPTS[0], now=T0, defer=True)
            assert not mem.store.has_pending()  # held until the block ends
    finally:
        db.set_trace_callback(mem.store._count_statement)  # type: ignore[attr-defined]
    journal = [i for i, s in enumerate(statements) if "INTO pending_work" in s]
    assert len(journal) == 2
    between = statements[journal[0] : journal[1]]
    assert statements[journal[0] - 1].startswith("BEGIN") and not any(
        s.startswith(("COMMIT", "BEGIN")) for s in between
    )
    assert statements[journal[1] + 1].startswith("COMMIT")
    # committed without waiting for the disk; the handle syncs every other commit
    assert statements[journal[0] - 2] == "PRAGMA synchronous = NORMAL"
    assert statements[journal[1] + 2] == "PRAGMA synchronous = FULL"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert agent.settle().done == 2


def test_before_settle_only_the_journal_is_written(mem: Memory) -> None:
    _seed(mem)
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    context = agent.recall("s1", PROMPTS[0], now=T0, defer=True)
    seen = agent.observe("s1", "user", PROMPTS[0], now=T0, defer=True)
    assert context.injected_ids and seen.deferred and seen.turn == 0
    scope = Scope(user_id="maya", agent_id="coder")
    assert mem.store.has_pending()
    assert mem.store.list_checkpoints("s1", scope) == []
    assert mem.store.session_costs("s1", scope) == []
    assert all(m.surface_count == 0 for m in mem.list(user_id="maya").items)
    assert agent.settle().done == 2
    assert len(mem.store.list_checkpoints("s1", scope)) == 1
    assert [c.op for c in mem.store.session_costs("s1", scope)] == ["recall", "observe"]
    assert sum(m.surface_count for m in mem.list(user_id="maya").items) == len(context.injected_ids)


def test_what_the_user_is_told_is_never_deferred(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    said = agent.observe("s1", "user", "Remember that the VPN is wg-atlas", now=T0, defer=True)
    assert not said.deferred and said.remembered
    decided = agent.observe(
        "s1", "user", "We decided to use pnpm because it is faster.", now=T0, defer=True
    )
    assert not decided.deferred and decided.decision
    assert not mem.store.has_pending()


CRASH = """
import os, sys
from datetime import datetime
from remem.agent import MemoryAgent
from remem.agent.deferred import one_commit
from remem.config import Config
from remem.memory import Memory
now = datetime.fromisoformat(sys.argv[2])
mem = Memory(sys.argv[1], config=Config(home=sys.argv[3], embedder="fake"))
agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
with one_commit(agent):  # as the service answers a prompt: committed, not synced
    context = agent.recall("s1", sys.argv[4], now=now, defer=True)
    agent.observe("s1", "user", sys.argv[4], now=now, defer=True)
print(len(context.injected_ids), flush=True)  # the answer is out: the writes are owed
os._exit(0)  # dies before settling: no close, no cleanup
"""


def test_an_answered_turn_survives_the_process_that_answered(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        _seed(mem)
    done = subprocess.run(
        [sys.executable, "-c", CRASH, str(db_path), T0.isoformat(), str(config.home), PROMPTS[0]],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    injected = int(done.stdout)
    scope = Scope(user_id="maya", agent_id="coder")
    with Memory(db_path, config=config) as mem:
        assert mem.store.has_pending() and mem.store.list_checkpoints("s1", scope) == []
        # the next session operation of any process settles first
        later = MemoryAgent(mem, user_id="maya", agent_id="coder").recall(
            "s1", "what about the dashboard?", now=T0 + timedelta(minutes=1)
        )
        assert later is not None and not mem.store.has_pending()
        assert [c.user_input for c in mem.store.list_checkpoints("s1", scope)] == [PROMPTS[0]]
        session = mem.store.get_session("s1", scope)
        assert session is not None and len(session.injected) >= injected > 0


def test_a_claimed_row_is_taken_over_only_after_the_lease(config: Config, db_path: Path) -> None:
    with Memory(db_path, config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        agent.observe("s1", "user", "the login page needs a redirect fix", now=T0, defer=True)
        now = datetime.now(UTC)
        # another process claimed it and died doing it
        (claimed,) = mem.store.claim_pending(at=now, stale_before=now - timedelta(seconds=1))
        assert claimed.attempts == 1
        assert settle(mem, now=now + timedelta(seconds=30)).done == 0  # still its own
        lease = config.agent_pending_lease_s
        assert settle(mem, now=now + timedelta(seconds=lease + 1)).done == 1
        assert not mem.store.has_pending()
        assert len(mem.store.list_checkpoints("s1", Scope(user_id="maya", agent_id="coder"))) == 1


SETTLE = """
import sys, time
from pathlib import Path
from remem.agent.deferred import one_commit, settle
from remem.config import Config
from remem.memory import Memory
with Memory(sys.argv[1], config=Config(home=sys.argv[2], embedder="fake")) as mem:
    print("ready", flush=True)
    while not Path(sys.argv[3]).exists():  # both start settling at once
        time.sleep(0.005)
    print(settle(mem).done, flush=True)
"""


def test_two_processes_settling_do_each_row_once(
    config: Config, db_path: Path, tmp_path: Path
) -> None:
    with Memory(db_path, config=config) as mem:
        agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
        for i in range(30):
            agent.observe("s1", "user", f"turn number {i} about the login page", now=T0, defer=True)
    go = tmp_path / "go"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SETTLE, str(db_path), str(config.home), str(go)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    go.touch()
    done = [int(proc.communicate(timeout=120)[0]) for proc in procs]
    assert sum(done) == 30
    with Memory(db_path, config=config) as mem:
        points = mem.store.list_checkpoints("s1", Scope(user_id="maya", agent_id="coder"))
    assert sorted(p.turn for p in points) == list(range(1, 31))


def test_a_row_that_keeps_failing_is_dropped_and_the_rest_done(mem: Memory) -> None:
    scope = Scope(user_id="maya", agent_id="coder")
    mem.store.add_pending(
        "no-such-work", scope, {"session_id": "s1"}, {"now": T0.isoformat()}, at=T0
    )
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.observe("s1", "user", "the login page needs a redirect fix", now=T0, defer=True)
    now = datetime.now(UTC)
    first = settle(mem, now=now)
    assert (first.done, first.failed, first.dropped) == (1, 1, 0)
    lease = timedelta(seconds=mem.config.agent_pending_lease_s + 1)
    for attempt in range(2, mem.config.agent_pending_max_attempts + 1):
        result = settle(mem, now=now + attempt * lease)
        last = attempt == mem.config.agent_pending_max_attempts
        assert (result.failed, result.dropped) == ((0, 1) if last else (1, 0))
    assert not mem.store.has_pending()
    assert len(mem.store.list_checkpoints("s1", scope)) == 1


def test_erase_removes_the_scopes_journaled_turns(mem: Memory) -> None:
    MemoryAgent(mem, user_id="maya").observe(
        "s1", "user", "my home address is 12 Rose Lane", now=T0, defer=True
    )
    MemoryAgent(mem, user_id="ali").observe(
        "s2", "user", "the login page needs a redirect fix", now=T0, defer=True
    )
    mem.erase(user_id="maya")
    assert settle(mem).done == 1  # ali's turn only
    assert mem.store.list_checkpoints("s1", Scope(user_id="maya")) == []
