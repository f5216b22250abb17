"""Working memory and episodes of :class:`~remem.agent.MemoryAgent`: thin calls that
check the arguments and hand them to :mod:`remem.agent.working` and
:mod:`remem.agent.episodes`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from remem.agent.agent_base import AgentBase
from remem.agent.dialogue import said_in, salient
from remem.agent.episodes import Episode, EpisodeHit
from remem.agent.mining import learnings_of, outcome_of, tasks_of
from remem.agent.session import check_session_id
from remem.model import WorkingItem
from remem.validation import check_text, now_or

MINED = "episodes_mined"  # session data: the turn of the last task written as an episode


class TasksMixin(AgentBase):
    """Working memory and episodes (part of :class:`~remem.agent.MemoryAgent`)."""

    # -- working memory -------------------------------------------------------------------
    def working_add(
        self,
        session_id: str,
        content: str,
        *,
        importance: float = 0.5,
        trusted: bool | None = None,
        now: datetime | None = None,
    ) -> WorkingItem:
        """Put ``content`` into the session's working memory."""
        session_id = check_session_id(session_id, self.limits)
        content = check_text(content, "content", max_bytes=self.limits.max_content_bytes).strip()
        now = now_or(now)
        self.sessions.ensure(session_id, now=now)
        return self.working.add(
            session_id, content, importance=importance, trusted=trusted, now=now
        )

    def working_items(
        self, session_id: str | None = None, *, now: datetime | None = None
    ) -> list[WorkingItem]:
        """Unexpired working memory (of one session, or of the scope), newest first."""
        if session_id is not None:
            session_id = check_session_id(session_id, self.limits)
        return self.working.items(session_id, now=now_or(now))

    def working_promote(self, item_id: str, *, now: datetime | None = None) -> WorkingItem:
        """Promote a working item to a long-term memory by hand."""
        return self.working.promote(item_id, now=now_or(now))

    def working_clear(self, session_id: str | None = None) -> int:
        """Delete the working memory of one session (or of the whole scope)."""
        if session_id is not None:
            session_id = check_session_id(session_id, self.limits)
        return self.working.clear(session_id)

    # -- episodes (agent.episodes) --------------------------------------------------------
    def start_episode(
        self,
        task: str,
        *,
        context: str | None = None,
        constraints: Sequence[str] = (),
        session_id: str | None = None,
        now: datetime | None = None,
    ) -> Episode:
        """Open an episode for ``task`` (see :class:`remem.agent.episodes.Episodes`)."""
        return self.episodes.start(
            task, context=context, constraints=constraints, session_id=session_id, now=now
        )

    def record_action(
        self,
        episode_id: str,
        type: str,
        target: str,
        description: str,
        *,
        result: str | None = None,
        now: datetime | None = None,
    ) -> Episode:
        """Append an action to an open episode."""
        return self.episodes.record_action(
            episode_id, type, target, description, result=result, now=now
        )

    def complete_episode(
        self,
        episode_id: str,
        *,
        outcome_score: float,
        success: bool,
        learnings: Sequence[str] = (),
        failure_modes: Sequence[str] = (),
        now: datetime | None = None,
    ) -> Episode:
        """Close an episode with its outcome, learnings and failure modes."""
        return self.episodes.complete(
            episode_id,
            outcome_score=outcome_score,
            success=success,
            learnings=learnings,
            failure_modes=failure_modes,
            now=now,
        )

    def mine_episodes(
        self, session_id: str, *, final: bool = False, now: datetime | None = None
    ) -> list[str]:
        """Write the session's tasks as episodes (:mod:`remem.agent.mining`): each task
        that made tool calls, with its goal, actions, outcome from signals and what
        fixed its failure. Only tasks a later prompt closed, unless ``final`` (the
        session ends); each task once. The ids of the episodes written."""
        session_id = check_session_id(session_id, self.limits)
        now = now_or(now)
        session = self.sessions.require(session_id)
        done = int(session.data.get(MINED, 0) or 0)
        said = said_in(self.mem.store.list_checkpoints(session_id, self.scope))
        tasks = [t for t in tasks_of(said) if t.turn > done and (final or t.closed)]
        written: list[str] = []
        config = self.mem.config
        for task in tasks:
            if task.calls:
                episode = self.episodes.start(task.prompt, session_id=session_id, now=now)
                for call in task.calls[: config.episode_max_actions]:
                    name = str(call.get("name") or "tool")
                    self.episodes.record_action(
                        episode.id,
                        "tool_call",
                        salient(name, call.get("input")),
                        f"called {name}",
                        result="failed" if call.get("error") else "ok",
                        now=now,
                    )
                success, score, _ = outcome_of(task, config)
                completed = self.episodes.complete(
                    episode.id,
                    outcome_score=score,
                    success=success,
                    learnings=learnings_of(task, config),
                    now=now,
                )
                written.append(completed.id)
            self.mem.store.update_session(session_id, self.scope, data={MINED: task.turn})
        return written

    def similar_episodes(self, task: str, *, k: int = 5) -> list[EpisodeHit]:
        """The completed past episodes most like ``task``."""
        return self.episodes.similar(task, k=k)

    def failures_like(self, task: str, *, k: int = 5) -> list[EpisodeHit]:
        """The failed past episodes most like ``task``."""
        return self.episodes.failures_like(task, k=k)
