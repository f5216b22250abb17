"""MemoryAgent.flush: what a session said so far is extracted and the session stays
open (a Claude Code PreCompact hook); the end then extracts nothing twice."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from remem.agent import MemoryAgent
from remem.memory import Memory

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def test_flush_extracts_observed_turns_and_keeps_the_session_open(
    mem: Memory, agent: MemoryAgent
) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "I moved to Lisbon last month and work at Feedzai now", now=T0)
    flushed = agent.flush("s1", now=T0)
    assert flushed.extracted_turns == 1 and flushed.stored and not flushed.already_ended
    assert agent.session("s1").ended_at is None and agent.session("s1").flushed_turns == 1
    assert agent.flush("s1", now=T0).stored == ()  # again: nothing new
    agent.observe("s1", "user", "My sister Ana lives in Porto and teaches chemistry", now=T0)
    end = agent.end_session("s1", now=T0 + timedelta(hours=1))
    assert end.extracted_turns == 1  # only the turn after the flush
    contents = [m.content for m in mem.store.get_memories(list(end.stored), agent.scope)]
    assert any("Porto" in c for c in contents) and not any("Lisbon" in c for c in contents)
    costs = [c.op for c in mem.store.session_costs("s1", agent.scope)]
    assert "flush" in costs


def test_flush_of_a_transcript_opens_a_session_no_one_started(
    mem: Memory, agent: MemoryAgent, tmp_path: Path
) -> None:
    chat = tmp_path / "chat.txt"
    chat.write_text("maya: I adopted a beagle called Biscuit\nbot: Lovely!\n", "utf-8")
    flushed = agent.flush("s9", transcript=chat, now=T0)
    assert flushed.transcript_messages == 2 and flushed.stored
    assert agent.session("s9").ended_at is None
    end = agent.end_session("s9", transcript=chat, now=T0)
    assert end.transcript_skipped == 2 and end.stored == ()
