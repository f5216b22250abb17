"""The state one :class:`~remem.agent.MemoryAgent` is built on (scope, limits, its
collaborators) and the internals its parts share: injecting a block, flushing a
session, catching up on journaled writes, logging an operation's cost."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from remem.agent.budget import Meter, Usage
from remem.agent.context import BlockBuilder
from remem.agent.deferred import Settled, flush_journal, record_injected, settle
from remem.agent.episodes import Episodes
from remem.agent.lessons import Lessons
from remem.agent.recall import Recaller
from remem.agent.results import ContextResult
from remem.agent.rules import Rules
from remem.agent.session import ScopeArgs, Sessions, scope_args
from remem.agent.triggers import Triggers
from remem.agent.turns import TurnNotes
from remem.agent.working import WorkingMemory
from remem.memory import Memory
from remem.model import AgentSession
from remem.read.rank import Asker
from remem.validation import Limits, optional_label
from remem.write.validate import write_scope

if TYPE_CHECKING:
    from remem.agent.agent import MemoryAgent


class AgentBase:
    """The constructor and internals every part of :class:`~remem.agent.MemoryAgent`
    shares; the parts are the mixins in ``agent_*.py``."""

    def __init__(
        self,
        mem: Memory,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        role: str | None = None,
        namespace: str | None = None,
        include_untrusted: bool = False,
    ) -> None:
        self.mem = mem
        self.limits = Limits.of(mem.config)
        self.scope = write_scope(user_id, agent_id, namespace, self.limits)
        self.role = optional_label(role, "role", max_chars=self.limits.max_label_chars)
        self.include_untrusted = include_untrusted
        self.asker = Asker(agent_id=agent_id, role=self.role)
        self.sessions = Sessions(mem, self.scope)
        self.working = WorkingMemory(mem, self.scope)
        self.lessons = Lessons(mem, self.scope, asker=self.asker)
        self.triggers = Triggers(mem, self.scope)
        self.episodes = Episodes(mem, self.scope)
        self.rules = Rules(mem, self.scope)
        self.recaller = Recaller(mem, self.scope, self.asker, include_untrusted)
        self.notes = TurnNotes(mem, self.scope)
        self.meter = Meter(mem)  # what each operation costs (its cost row)
        self.settling = False  # set by settle() on the agents doing journaled writes
        # journal rows held for one commit (deferred.one_commit); None: each commits
        self.journal: list[tuple[str, dict[str, Any], dict[str, Any], datetime]] | None = None

    @property
    def _kw(self) -> ScopeArgs:
        return scope_args(self.scope)

    # -- internals ------------------------------------------------------------------------
    def _inject(
        self,
        builder: BlockBuilder,
        session: AgentSession,
        *,
        now: datetime,
        economy: bool,
        withheld: int,
        record: bool = True,
    ) -> ContextResult:
        """Render the block; record what it injects (surfacing, audit, access) and
        keep it in the session for feedback (``record``; a deferred recall journals
        it instead)."""
        context = builder.result(session.session_id, economy=economy, withheld=withheld)
        if record:
            record_injected(self.mem, self.scope, session.session_id, builder.injected, now=now)
        return context

    def settle(self, *, now: datetime | None = None, warm: bool = False) -> Settled:
        """Do the writes deferred recalls and observes journaled (of every scope; see
        :mod:`remem.agent.deferred`); the local service runs it after each answer.
        ``warm``: then bring the search indexes up to those writes."""
        return settle(self.mem, now=now, warm=warm)

    def _flush(
        self, session: AgentSession, transcript: str | Path | bytes | None, now: datetime
    ) -> tuple[list[str], int, int, int]:
        """Extract the session's transcript (when given) or its unprocessed turns:
        ``(stored ids, turns extracted, messages, messages skipped)``."""
        if transcript is not None:
            report = self.sessions.flush_transcript(session, transcript)
            # the transcript stood for the observed turns: their raw log is read
            self.sessions.mark_logged(session, version=report.extractor_version)
            return list(report.stored), 0, len(report.resource_ids), report.skipped
        extracted, flushed = self.sessions.flush_turns(session, now=now)
        return (list(flushed.stored) if flushed is not None else []), extracted, 0, 0

    def _catch_up(self) -> None:
        """The journaled writes of earlier turns first, so this operation reads a
        session with all of them (skipped while this agent is doing them)."""
        if self.journal:  # rows held for one commit (one_commit): this reads after them
            flush_journal(cast("MemoryAgent", self))
        if not self.settling:
            settle(self.mem)

    def _log(
        self, session: AgentSession, op: str, usage: Usage, context: ContextResult, *, now: datetime
    ) -> None:
        usage.injected_tokens += context.tokens
        self.sessions.log(session.session_id, session.turns, op, usage, now=now)


def block_refs(context: ContextResult, label: str) -> list[str]:
    """The rule or trigger ids the part ``label`` of the block shows."""
    return [r for p in context.parts if p.label == label for r in p.refs]
