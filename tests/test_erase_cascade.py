"""Erase cascades to everything derived from the erased subject: MEMORY.md, digests
and summaries, working memory, sessions, deferred writes, triggers, episodes,
lessons and rules. One marker word, planted through every way in; after
``erase(user_id=...)`` it is in no row of the store and in no file remem wrote."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.storeview import stored_text

from remem import Memory
from remem.agent import MemoryAgent
from remem.agent.triggers import Triggers
from remem.config import Config
from remem.model import Scope

BACKENDS = ("sqlite", "postgres")

MARKER = "zorblaxian"  # only in what alice said
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)  # a Monday


def files_text(root: Path) -> str:
    """Every file under ``root`` (the remem home: MEMORY.md, caches, reports), as text."""
    return "\n".join(
        p.read_bytes().decode("utf-8", "replace") for p in sorted(root.rglob("*")) if p.is_file()
    )


def plant(mem: Memory) -> None:
    """The marker in every kind of record and artefact remem keeps for alice; bob's
    memories (no marker) beside them."""
    for i in range(4):
        mem.add(
            f"Alice keeps the {MARKER} key number {i} in the blue box",
            user_id="alice",
            importance=0.9,
            now=T0,
        )
    fav = mem.add(
        f"Alice prefers the {MARKER} editor theme", user_id="alice", importance=0.95, now=T0
    )[0]
    bob = mem.add("Bob prefers the green editor theme", user_id="bob", importance=0.95, now=T0)
    changed = mem.add(f"Alice lives near the {MARKER} lake", user_id="alice", now=T0)[0]
    mem.update(
        changed.id,
        f"Alice moved away from the {MARKER} lake",
        user_id="alice",
        reason=f"{MARKER} move",
    )
    gone = mem.add(f"Alice once owned a {MARKER} kite", user_id="alice", now=T0)[0]
    mem.forget(gone.id, user_id="alice", reason=f"no more {MARKER} kites")
    mem.checkpoint("cp-alice", 1, {"user_input": f"the {MARKER} plan"}, user_id="alice")
    agent = MemoryAgent(mem, user_id="alice")
    agent.start_session("s-alice", opening=f"fix the {MARKER} build", now=T0)
    agent.observe("s-alice", "user", f"We deploy the {MARKER} service on Fridays", now=T0)
    agent.recall("s-alice", f"how do we deploy {MARKER}?", now=T0)
    agent.working_add("s-alice", f"the {MARKER} build is red", now=T0)
    episode = agent.start_episode(f"repair the {MARKER} pipeline", session_id="s-alice", now=T0)
    agent.record_action(episode.id, "edit", "ci.yml", f"pinned {MARKER} to 2.1", now=T0)
    agent.complete_episode(
        episode.id,
        outcome_score=1.0,
        success=True,
        learnings=[f"pin {MARKER} before upgrading"],
        now=T0,
    )
    agent.correct(f"Don't restart the {MARKER} service on Fridays", now=T0)
    Triggers(mem, Scope(user_id="alice")).add(
        f"check the {MARKER} renewal", on=T0 + timedelta(days=30)
    )
    # a turn answered and journaled, not yet done (the service died before settling)
    agent.observe("s-alice", "user", f"the {MARKER} cache is stale", now=T0, defer=True)
    # used a month on: promoted to MEMORY.md by the weekly review; digests by the nightly
    later = T0 + timedelta(days=31)
    for memory_id in (fav.id, bob[0].id):
        owner = "alice" if memory_id == fav.id else "bob"
        for _ in range(3):
            mem.reference(memory_id, user_id=owner, now=later)
    mem.jobs.run("weekly", now=later + timedelta(days=1))
    mem.jobs.run("nightly", now=later + timedelta(days=2))


def test_erase_leaves_the_marker_nowhere(config: Config, store_target: str | Path) -> None:
    # the jobs run when this test says, not in part at a session start (catch-up)
    config = config.model_copy(update={"jobs_catchup_budget_ms": 0})
    with Memory(store_target, config=config) as mem:
        plant(mem)
        memory_md = config.home / "MEMORY.md"
        assert MARKER in memory_md.read_text("utf-8")  # promoted and written
        assert "Bob prefers the green editor theme" in memory_md.read_text("utf-8")
        assert MARKER in stored_text(store_target)
        assert mem.store.has_pending()  # the deferred turn
        digests = [m for m in mem.list(user_id="alice", limit=500).items if "rollup" in m.tags]
        assert digests and any(MARKER in d.content for d in digests)
        mem.erase(user_id="alice")
        assert not mem.store.has_pending()
    assert MARKER not in stored_text(store_target)
    assert MARKER not in files_text(config.home)
    text = memory_md.read_text("utf-8")
    assert "Bob prefers the green editor theme" in text  # others' lines stay


def test_erase_rewrites_every_memory_md_of_a_scoped_path(
    tmp_path: Path, config: Config, store_target: str | Path
) -> None:
    path = tmp_path / "md" / "{user_id}" / "{namespace}.md"
    cfg = config.model_copy(update={"memory_md_path": str(path)})
    with Memory(store_target, config=cfg) as mem:
        ids = [
            mem.add(
                f"Alice likes {MARKER} tea",
                user_id="alice",
                namespace="home",
                importance=0.9,
                now=T0,
            )[0].id,
            mem.add(
                f"Alice uses {MARKER} pens",
                user_id="alice",
                namespace="work",
                importance=0.9,
                now=T0,
            )[0].id,
        ]
        later = T0 + timedelta(days=31)
        for memory_id in ids:
            for _ in range(3):
                mem.reference(memory_id, user_id="alice", now=later)
        mem.jobs.run("weekly", now=later + timedelta(days=1))
        written = sorted(
            p.relative_to(tmp_path / "md").as_posix() for p in (tmp_path / "md").rglob("*.md")
        )
        assert written == ["alice/home.md", "alice/work.md"]
        # forgotten since the review: still in the file until the next one, or an erase
        mem.forget(ids[1], user_id="alice")
        mem.erase(user_id="alice", namespace="work")
        assert MARKER not in (tmp_path / "md" / "alice" / "work.md").read_text("utf-8")
        assert MARKER in (tmp_path / "md" / "alice" / "home.md").read_text("utf-8")
        mem.erase(user_id="alice")
    assert MARKER not in files_text(tmp_path / "md")
