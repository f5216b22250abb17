"""Episodes: how a task went, kept to find the next time a similar task comes.

An episode is one memory of kind ``episodic``. Its **content** is the situation
(the task, its context and constraints), written once at :meth:`Episodes.start`
and never changed: it is what is embedded and indexed, so :meth:`similar`
finds past episodes by the task. Everything that grows is in
``data["episode"]``: reasoning (approach, alternatives, decision factors),
actions, and at completion the outcome, learnings and failure modes. Each
change of that structure is one ``update_memory`` of the same id inside one
write transaction (a re-read first, so two processes appending actions lose
none), with an audit event (``episode_action``, ``episode_completed``): the
record is extended, never silently overwritten, and a completed episode is
closed (completing it again is refused).

Completion also writes the episode's **summary** as a second memory (kind
``episodic``, ``data["episode_of"]`` naming the episode, the episode's
``data["episode"]["summary_id"]`` naming it back): a sentence a context block
can carry. Retention is by value (:mod:`remem.lifecycle.episodes`, the weekly
job); the episode's importance is its outcome value.
"""

from __future__ import annotations

import builtins
import json
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from remem.agent.episode_records import (
    COMPLETED,
    OPEN,
    Episode,
    EpisodeAction,
    EpisodeHit,
    count_of,
)
from remem.errors import ConflictError, NotFoundError, ValidationError
from remem.ids import resolve_id
from remem.isolation import isolated
from remem.lifecycle.episodes import episode_data, outcome_value
from remem.memory import Memory
from remem.model import AuditEvent, Kind, MemoryRecord, Scope, Status
from remem.secrets import redact, scrub_value
from remem.store.base import ListFilter
from remem.validation import (
    Limits,
    check_int,
    check_label,
    check_number,
    check_text,
    now_or,
)
from remem.write.conduct import conduct_phrase
from remem.write.injection import adoption_flag

log = logging.getLogger(__name__)

__all__ = ["Episode", "EpisodeAction", "EpisodeHit", "Episodes"]


class Episodes:
    """The episodes of one scope (``agent.episodes``)."""

    def __init__(self, mem: Memory, scope: Scope) -> None:
        if scope.is_empty():
            raise ValidationError("a scope is required: pass user_id, agent_id or namespace")
        self.mem = mem
        self.scope = scope

    # -- writes -----------------------------------------------------------------------
    def start(
        self,
        task: str,
        *,
        context: str | None = None,
        constraints: Sequence[str] = (),
        approach: str | None = None,
        alternatives: Sequence[str] = (),
        decision_factors: Sequence[str] = (),
        tags: Sequence[str] = (),
        session_id: str | None = None,
        now: datetime | None = None,
    ) -> Episode:
        """Open an episode for ``task``: its situation is stored (and embedded) now."""
        now = now_or(now)
        task = self._text(task, "task")
        context = None if context is None else self._text(context, "context")
        constraints = self._texts(constraints, "constraints")
        lines = [f"Task: {task}"]
        if context:
            lines.append(f"Context: {context}")
        if constraints:
            lines.append("Constraints: " + "; ".join(constraints))
        data = {
            "episode": {
                "status": OPEN,
                "situation": {"task": task, "context": context, "constraints": constraints},
                "reasoning": {
                    "approach": None if approach is None else self._text(approach, "approach"),
                    "alternatives": self._texts(alternatives, "alternatives"),
                    "decision_factors": self._texts(decision_factors, "decision_factors"),
                },
                "actions": [],
                "actions_dropped": 0,
                "outcome": None,
                "learnings": [],
                "started_at": now.isoformat(),
                "completed_at": None,
                "summary_id": None,
            }
        }
        (record,) = self.mem.add(
            "\n".join(lines),
            user_id=self.scope.user_id,
            agent_id=self.scope.agent_id,
            namespace=self.scope.namespace,
            session_id=session_id,
            kind=Kind.EPISODIC,
            valid_from=now,
            tags=["episode", *tags],
            data=data,
            trusted=True,
            now=now,
        )
        return Episode.of(record)

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
        """Append one action to an open episode (``type``: e.g. ``command``, ``edit``,
        ``tool_call``, ``decision``; ``target``: what it acted on). Past
        ``episode_max_actions`` the action is counted, not kept."""
        now = now_or(now)
        limits = Limits.of(self.mem.config)
        action = {
            "type": check_label(type, "type", max_chars=limits.max_label_chars),
            "target": self._text(target, "target", blank=True),
            "description": self._text(description, "description"),
            "result": None if result is None else self._text(result, "result", blank=True),
            "at": now.isoformat(),
        }
        action = scrub_value(action)
        with self.mem.store.transaction():
            record = self._open_record(episode_id)
            data = episode_data(record) or {}
            actions = data["actions"] if isinstance(data.get("actions"), list) else []
            data["actions"] = actions
            actions.append(action)
            too_big = _json_bytes(record.data) > self.mem.config.max_metadata_bytes
            if too_big or len(actions) > self.mem.config.episode_max_actions:
                actions.pop()  # counted, not kept: the episode stays within its limits
                data["actions_dropped"] = count_of(data.get("actions_dropped")) + 1
            record.updated_at = now
            self.mem.store.update_memory(
                record,
                event=AuditEvent(
                    event="episode_action",
                    memory_id=record.id,
                    at=now,
                    detail={"type": action["type"], "actions": len(data["actions"])},
                ),
            )
        return Episode.of(record)

    def complete(
        self,
        episode_id: str,
        *,
        outcome_score: float,
        success: bool,
        learnings: Sequence[str] = (),
        failure_modes: Sequence[str] = (),
        approach: str | None = None,
        now: datetime | None = None,
    ) -> Episode:
        """Close an open episode with its outcome (``outcome_score`` 0..1), what was
        learned and how it failed; write its summary memory. Completing a
        completed episode is refused (ValidationError): the outcome is recorded once."""
        now = now_or(now)
        score = check_number(outcome_score, "outcome_score", low=0.0, high=1.0)
        if not isinstance(success, bool):
            raise ValidationError("success must be true or false")
        learned = self._texts(learnings, "learnings")
        failed = self._texts(failure_modes, "failure_modes")
        # Judged as written (markup needs its line breaks), kept as stored.
        said = dict(zip([*learned, *failed], [*learnings, *failure_modes], strict=True))
        approach = None if approach is None else self._text(approach, "approach")
        # What the agent says it learned may become a rule: one that reads as an
        # instruction aimed at the agent, or tells the assistant how to behave (which
        # only the user may say), is withheld: kept on record, never shown nor learnt.
        withheld = [
            {"field": name, "text": text, **why}
            for name, texts in (("learnings", learned), ("failure_modes", failed))
            for text in texts
            if (why := _withheld(said.get(text, text)))
        ]
        bad = {w["text"] for w in withheld}
        learned = [t for t in learned if t not in bad]
        failed = [t for t in failed if t not in bad]
        # The summary is written first, outside the episode's transaction (embedding it
        # may be a network call); if completion then loses a race, it is forgotten.
        current = Episode.of(self._open_record(episode_id))
        value = outcome_value(score, self.mem.config)
        summary_text = _summary(current, score, success, learned, failed, approach)
        # A summary the write path refuses (a task stating a credential, redacted when
        # it was stored) fails alone: the episode is completed without one, not never.
        summary: MemoryRecord | None = None
        with isolated(log, "summary of episode", current.id, hide=[summary_text]) as made:
            (summary,) = self.mem.add(
                _clip(summary_text, 4 * self.mem.config.episode_field_chars),
                user_id=self.scope.user_id,
                agent_id=self.scope.agent_id,
                namespace=self.scope.namespace,
                session_id=current.session_id,
                kind=Kind.EPISODIC,
                importance=value,
                valid_from=now,
                tags=["episode-summary", "success" if success else "failure"],
                data={"episode_of": current.id},
                trusted=True,
                now=now,
            )
        try:
            with self.mem.store.transaction():
                record = self._open_record(episode_id)
                data = episode_data(record) or {}
                data["status"] = COMPLETED
                data["outcome"] = {"score": score, "success": success, "failure_modes": failed}
                data["learnings"] = learned
                if withheld:
                    data["withheld"] = withheld
                if approach is not None:
                    data.setdefault("reasoning", {})["approach"] = approach
                data["completed_at"] = now.isoformat()
                if summary is not None:
                    data["summary_id"] = summary.id
                else:
                    data["summary_failed"] = made.failed
                record.importance = value
                record.tags = [*record.tags, "success" if success else "failure"]
                record.updated_at = now
                self.mem.store.update_memory(
                    record,
                    event=AuditEvent(
                        event="episode_completed",
                        memory_id=record.id,
                        at=now,
                        detail={
                            "outcome_score": score,
                            "success": success,
                            "summary": summary.id if summary is not None else None,
                            "learnings": len(learned),
                            **({"withheld": len(withheld)} if withheld else {}),
                        },
                    ),
                )
        except ValidationError:
            if summary is None:
                raise
            self.mem.forget(
                summary.id,
                user_id=self.scope.user_id,
                agent_id=self.scope.agent_id,
                namespace=self.scope.namespace,
                reason="its episode was completed elsewhere",
            )
            raise
        return Episode.of(record)

    # -- reads ------------------------------------------------------------------------
    def get(self, episode_id: str) -> Episode:
        """The episode with this id in scope (any memory status)."""
        return Episode.of(self._record(episode_id))

    def list(
        self, *, status: str | None = None, session_id: str | None = None, limit: int = 50
    ) -> builtins.list[Episode]:
        """Active episodes in scope, newest first (``open`` / ``completed`` only if
        ``status`` says; of one session if given)."""
        if status not in (None, OPEN, COMPLETED):
            raise ValidationError(f"unknown episode status {status!r}; use open or completed")
        out: builtins.list[Episode] = []
        offset = 0
        while len(out) < limit:
            page = self.mem.list(
                user_id=self.scope.user_id,
                agent_id=self.scope.agent_id,
                namespace=self.scope.namespace,
                filters=ListFilter(kinds=(Kind.EPISODIC.value,), session_id=session_id),
                offset=offset,
                limit=200,
            )
            for record in page.items:
                if episode_data(record) is None:
                    continue
                episode = Episode.of(record)
                if status is None or episode.status == status:
                    out.append(episode)
            offset += len(page.items)
            if offset >= page.total or not page.items:
                break
        return out[:limit]

    def open_for_session(self, session_id: str) -> builtins.list[Episode]:
        """The session's episodes still open (what a session end may complete)."""
        return self.list(status=OPEN, session_id=session_id, limit=1000)

    def similar(
        self, task: str, *, k: int = 5, now: datetime | None = None
    ) -> builtins.list[EpisodeHit]:
        """The ``k`` completed past episodes most like ``task`` (their situation or
        their summary matches it), best first."""
        return self._search(task, k=k, now=now, failures=False)

    def like(self, task: str, *, k: int = 3) -> builtins.list[EpisodeHit]:
        """The ``k`` completed episodes whose task (or summary) is nearest to ``task``
        by the embedding model's cosine (the score), best first: a plain similarity
        a threshold can be set on, unlike a ranked search's fused score."""
        task = self._text(task, "task")
        if not 1 <= k <= 100:
            raise ValidationError("k must be between 1 and 100")
        embedder = self.mem.embedder
        found = self.mem.store.vector_search(
            embedder.embed_query(task),
            self.scope,
            model_id=embedder.model_id,
            limit=k * 6,
            filters=ListFilter(kinds=(Kind.EPISODIC.value,)),
        )
        return self._hits([(mid, score, {"cosine": score}) for mid, score in found], k=k)

    def failures_like(
        self, task: str, *, k: int = 5, now: datetime | None = None
    ) -> builtins.list[EpisodeHit]:
        """The ``k`` failed past episodes most like ``task``: what went wrong before."""
        return self._search(task, k=k, now=now, failures=True)

    # -- helpers ----------------------------------------------------------------------
    def _search(
        self, task: str, *, k: int, now: datetime | None, failures: bool
    ) -> builtins.list[EpisodeHit]:
        task = self._text(task, "task")
        k = check_int(k, "k", low=1, high=100)
        hits = self.mem.search(
            task,
            user_id=self.scope.user_id,
            agent_id=self.scope.agent_id,
            namespace=self.scope.namespace,
            limit=min(1000, k * 6),
            filters=ListFilter(kinds=(Kind.EPISODIC.value,)),
            now=now,
        )
        found = [(hit.memory.id, hit.score, hit.explain) for hit in hits]
        return self._hits(
            found, k=k, failures=failures, known={h.memory.id: h.memory for h in hits}
        )

    def _hits(
        self,
        found: builtins.list[tuple[str, float, dict[str, Any]]],
        *,
        k: int,
        failures: bool = False,
        known: dict[str, MemoryRecord] | None = None,
    ) -> builtins.list[EpisodeHit]:
        """Completed episodes of the memories ``found`` (an episode or its summary),
        each at its best score, best first."""
        records = dict(known or {})
        missing = [mid for mid, _, _ in found if mid not in records]
        records.update({r.id: r for r in self.mem.store.get_memories(missing, self.scope)})
        best: dict[str, tuple[float, dict[str, Any]]] = {}
        for mid, score, explain in found:
            record = records.get(mid)
            if record is None:
                continue
            data = record.data
            episode_id = record.id if "episode" in data else data.get("episode_of")
            if not isinstance(episode_id, str):
                continue  # an episodic note that is no episode
            if episode_id not in best or score > best[episode_id][0]:
                best[episode_id] = (score, explain)
        records = {r.id: r for r in self.mem.store.get_memories(list(best), self.scope)}
        out: builtins.list[EpisodeHit] = []
        for episode_id, (score, explain) in sorted(best.items(), key=lambda kv: -kv[1][0]):
            record = records.get(episode_id)
            if record is None or record.status is not Status.ACTIVE:
                continue
            episode = Episode.of(record)
            if episode.status != COMPLETED or (failures and episode.success is not False):
                continue
            out.append(EpisodeHit(episode, score, explain))
        return out[:k]

    def _record(self, episode_id: str) -> MemoryRecord:
        record = self.mem.store.get_memory(
            resolve_id(
                self.mem.store,
                episode_id,
                self.scope,
                min_chars=self.mem.config.id_prefix_min_chars,
                what="episode",
            ),
            self.scope,
        )
        if record is None or episode_data(record) is None:
            raise NotFoundError(f"no episode {episode_id!r} in this scope")
        return record

    def _open_record(self, episode_id: str) -> MemoryRecord:
        record = self._record(episode_id)
        data = episode_data(record) or {}
        if record.status is not Status.ACTIVE:
            raise ValidationError(f"episode {episode_id} is {record.status}; restore it first")
        if data.get("status") != OPEN:
            raise ConflictError(
                f"episode {episode_id} is already completed; its outcome is recorded once "
                "(start a new episode for a new attempt)"
            )
        return record

    def _text(self, value: object, name: str, *, blank: bool = False) -> str:
        limits = Limits.of(self.mem.config)
        text = check_text(value, name, max_bytes=limits.max_content_bytes, blank=blank)
        text = " ".join(text.split())
        cap = self.mem.config.episode_field_chars
        return redact(text if len(text) <= cap else text[: cap - 1].rstrip() + "…")

    def _texts(self, values: Sequence[str], name: str) -> builtins.list[str]:
        if isinstance(values, str) or not isinstance(values, Sequence):
            raise ValidationError(f'{name} must be a list of strings (e.g. {name}=["..."])')
        if len(values) > self.mem.config.max_list_items:
            raise ValidationError(
                f"{name} has {len(values)} items, over the maximum of "
                f"{self.mem.config.max_list_items}"
            )
        return [self._text(v, f"{name}[{i}]") for i, v in enumerate(values)]


def _withheld(text: str) -> dict[str, str] | None:
    flag = adoption_flag(text)
    if flag:
        return {"injection": flag}
    conduct = conduct_phrase(text)
    return {"conduct": conduct} if conduct else None


def _summary(
    episode: Episode,
    score: float,
    success: bool,
    learnings: Sequence[str],
    failure_modes: Sequence[str],
    approach: str | None,
) -> str:
    """The episode in a few sentences: what a context block carries."""
    parts = [f"{'Succeeded' if success else 'Failed'} at: {episode.task} (outcome {score:.2f})."]
    how = approach or episode.approach
    if how:
        parts.append(f"Approach: {how}.")
    if episode.actions:
        steps = "; ".join(f"{a.type} {a.target}".strip() for a in episode.actions[:5])
        more = len(episode.actions) - 5 + episode.actions_dropped
        parts.append(f"Steps: {steps}{f' (+{more} more)' if more > 0 else ''}.")
    if failure_modes:
        parts.append("Went wrong: " + "; ".join(failure_modes) + ".")
    if learnings:
        parts.append("Learned: " + "; ".join(learnings) + ".")
    return " ".join(parts)


def _json_bytes(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, default=str).encode("utf-8"))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
