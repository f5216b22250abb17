"""Deferred writes: answer first, write right after, lose nothing.

A per-prompt hook waits for the context :meth:`MemoryAgent.recall` builds, not for
the writes that come with it — the working items surfaced (and promoted when they
earned it), the injection records feedback needs, the rules marked used, the cost
row — nor for :meth:`MemoryAgent.observe` of the prompt (a checkpoint, a
working-memory item, notes, triggers). With ``defer=True`` they do their reads,
journal the writes in the store and return; :func:`settle` does the writes. The
local service settles right after sending each answer, and before every request;
a MemoryAgent settles before each operation that reads a session (start, recall,
observe, feedback, flush, end), so no process reads a session without the writes
of the turns before it.

What a turn tells its user is never deferred: ``observe`` of a "remember ..." or of
a decision runs at once (its answer says what was stored or refused).

Durability: when ``recall`` / ``observe`` return, the writes are in the journal (the
``pending_work`` table, one row, committed with ``synchronous = FULL``) — or,
inside :func:`one_commit` (a hook's recall and observe of one prompt), when the
block ends: its rows are committed together before the answer is sent, without
waiting for the disk (``transaction(sync=False)``: written to the WAL, so a crash
of the process loses nothing; synced by the next synced commit, which the local
service makes right after sending the answer — :func:`settle` marking the rows
done —, so only the machine losing power in those milliseconds can lose them,
and only what the service journaled: a prompt's context, never a "remember ...",
which is stored at once). A disk sync is 3 ms at the median and tens at the tail
on the machine measured, most of what a prompt's hook waited for beyond its
search. So a process that dies before or while doing them
leaves the row for the next
:func:`settle` — the service's restart, the next request, any process's next
session operation. At least once, not exactly once: a process killed in the middle
of a row's writes has done part of them, and the process that takes the row over
after ``agent_pending_lease_s`` does that part again (a surfacing counted twice, a
second cost row). A row whose writes fail ``agent_pending_max_attempts`` times is
dropped with a warning in the log, so one bad row never blocks the rest.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from remem.agent.budget import COST_FIELDS, Usage
from remem.model import Injected, PendingWork, Scope, utcnow
from remem.validation import now_or

if TYPE_CHECKING:
    from remem.agent.agent import MemoryAgent
    from remem.memory import Memory

__all__ = ["OBSERVE", "RECALL", "Settled", "one_commit", "record_injected", "settle"]

log = logging.getLogger("remem.agent")

RECALL = "recall"
OBSERVE = "observe"


@dataclass(frozen=True, slots=True)
class Settled:
    """What one :func:`settle` did: rows done, rows whose writes failed (retried
    after the lease), rows dropped after too many failures."""

    done: int = 0
    failed: int = 0
    dropped: int = 0


def record_injected(
    mem: Memory, scope: Scope, session_id: str, injected: Sequence[Injected], *, now: datetime
) -> None:
    """Record what a context block injected: each memory's surfacing (audit, access)
    and the session's list that feedback judges."""
    if not injected:
        return
    mem.record_injection(
        [e.memory_id for e in injected],
        details=[{"session_id": session_id, "part": e.part, "tokens": e.tokens} for e in injected],
        now=now,
        user_id=scope.user_id,
        agent_id=scope.agent_id,
        namespace=scope.namespace,
    )
    mem.store.add_injected(session_id, scope, injected, keep=mem.config.agent_injected_keep)


def journal_recall(
    agent: MemoryAgent,
    session_id: str,
    *,
    prompt: str,
    economy: bool,
    turn: int,
    surfaced: Sequence[str],
    injected: Sequence[Injected],
    rules: Sequence[str],
    usage: Usage,
    now: datetime,
) -> int:
    """Journal the writes of a recall that answered already; the row's id. The prompt
    is kept for :func:`settle`'s warm-up (``warm``)."""
    refs = {
        **_agent_args(agent),
        "turn": turn,
        "surfaced": list(surfaced),
        "injected": [asdict(e) for e in injected],
        "rules": list(rules),
        "usage": usage.to_dict(),
        "now": now.isoformat(),
        "economy": economy,
    }
    texts = {"session_id": session_id, "prompt": prompt}
    return _journal(agent, RECALL, texts, refs, at=now)


def journal_observe(
    agent: MemoryAgent,
    session_id: str,
    *,
    role: str,
    content: str,
    tool_calls: Sequence[Mapping[str, Any]] | None,
    trusted: bool | None,
    now: datetime,
) -> int:
    """Journal an observed turn to be recorded by :func:`settle`; the row's id."""
    texts = {
        "session_id": session_id,
        "role": role,
        "content": content,
        "tool_calls": [dict(c) for c in tool_calls or ()],
    }
    refs = {**_agent_args(agent), "trusted": trusted, "now": now.isoformat()}
    return _journal(agent, OBSERVE, texts, refs, at=now)


@contextmanager
def one_commit(agent: MemoryAgent) -> Iterator[None]:
    """Journal the rows of ``agent``'s deferred operations in this block together, in
    one transaction at its end (also when it raises: what was journaled stays
    journaled). An operation that is not deferred (an observed "remember ...")
    commits the rows before it first, so it finds them as it would without."""
    outer = agent.journal is not None
    if outer:  # already batching: the outer block commits
        yield
        return
    agent.journal = []
    try:
        yield
    finally:
        flush_journal(agent)
        agent.journal = None


def flush_journal(agent: MemoryAgent) -> None:
    """Commit the rows :func:`one_commit` is holding for ``agent`` (one transaction)."""
    rows = agent.journal
    if not rows:
        return
    agent.journal = []
    store = agent.mem.store
    # add_pending joins it: one commit; not waited on the disk (see the module's
    # Durability): the settle right after the answer syncs it with its own writes
    with store.transaction(sync=False):
        for kind, texts, refs, at in rows:
            store.add_pending(kind, agent.scope, texts, refs, at=at)


def _journal(
    agent: MemoryAgent, kind: str, texts: dict[str, Any], refs: dict[str, Any], *, at: datetime
) -> int:
    """The row's id; 0 when held by :func:`one_commit` (committed at its end)."""
    if agent.journal is not None:
        agent.journal.append((kind, texts, refs, at))
        return 0
    return agent.mem.store.add_pending(kind, agent.scope, texts, refs, at=at)


def settle(mem: Memory, *, now: datetime | None = None, warm: bool = False) -> Settled:
    """Do the journaled writes no live process is doing, oldest first. ``now`` is
    the clock of the claims (leases); each row's writes keep the time it was
    journaled with. ``warm``: then search each settled recall's prompt again, as
    recall searched it — the writes (a promoted working item, say) leave the
    search indexes to catch up on the next search, which this one pays instead of
    the next prompt's (the local service does it after answering, while the user
    reads)."""
    if not mem.store.has_pending():
        return Settled()
    from remem.agent.agent import MemoryAgent  # the agent module imports this one

    config = mem.config
    at = now_or(now)
    stale = at - timedelta(seconds=config.agent_pending_lease_s)
    done = failed = dropped = 0
    recalls: dict[tuple[Any, ...], tuple[MemoryAgent, PendingWork]] = {}
    while claimed := mem.store.claim_pending(at=at, stale_before=stale):
        for work in claimed:
            try:
                agent = MemoryAgent(
                    mem,
                    user_id=work.scope.user_id,
                    agent_id=work.scope.agent_id,
                    namespace=work.scope.namespace,
                    role=work.data.get("agent_role"),
                    include_untrusted=bool(work.data.get("include_untrusted")),
                )
                agent.settling = True  # its observe must not start another settle
                _apply(agent, work)
            except Exception as exc:  # one bad row must not stop the others
                if work.attempts < config.agent_pending_max_attempts:
                    failed += 1  # stays claimed: taken over after the lease
                    continue
                log.warning(
                    "dropping deferred %s writes %d after %d attempts: %s",
                    work.kind,
                    work.id,
                    work.attempts,
                    exc,
                )
                dropped += 1
            else:
                done += 1
                if work.kind == RECALL and not work.data.get("economy"):
                    recalls[(work.scope, agent.role, agent.include_untrusted)] = (agent, work)
            mem.store.finish_pending(work.id)
    if warm:
        for agent, work in recalls.values():  # the last recall of each scope
            items = mem.config.agent_context_max_items  # the candidates recall searched
            agent.recaller.ranked(str(work.data.get("prompt") or ""), items=items, now=utcnow())
    return Settled(done, failed, dropped)


def _apply(agent: MemoryAgent, work: PendingWork) -> None:
    data = work.data
    now = datetime.fromisoformat(str(data["now"]))
    session_id = str(data["session_id"])
    if work.kind == OBSERVE:
        agent.observe(
            session_id,
            str(data["role"]),
            str(data["content"]),
            tool_calls=data.get("tool_calls") or None,
            trusted=data.get("trusted"),
            now=now,
        )
        return
    if work.kind != RECALL:
        raise ValueError(f"unknown deferred work {work.kind!r}")
    with agent.meter.measure() as usage:
        agent.working.surface([str(i) for i in data["surfaced"]], now=now)
        injected = [
            Injected(**{**e, "context": tuple(e.get("context") or ())}) for e in data["injected"]
        ]
        record_injected(agent.mem, agent.scope, session_id, injected, now=now)
        agent.rules.mark_used([str(i) for i in data["rules"]], now=now)
    for name in COST_FIELDS:  # the recall's own reads and the writes done here
        setattr(usage, name, getattr(usage, name) + int(data["usage"].get(name, 0)))
    agent.sessions.log(session_id, int(data["turn"]), RECALL, usage, now=now)


def _agent_args(agent: MemoryAgent) -> dict[str, Any]:
    return {"agent_role": agent.role, "include_untrusted": agent.include_untrusted}
