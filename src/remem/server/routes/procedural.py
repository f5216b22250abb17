"""Episodes, procedural rules and forward triggers of the key's scope
(:mod:`remem.agent.episodes`, :mod:`remem.agent.rules`, :mod:`remem.agent.triggers`)."""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query

from remem.agent.episodes import Episode, EpisodeHit, Episodes
from remem.agent.reflection import ReflectionReport
from remem.agent.rules import Rule, Rules
from remem.agent.triggers import Triggers
from remem.memory import Memory
from remem.model import Trigger, utcnow
from remem.server.deps import Ctx, Reader, Writer
from remem.server.schemas import (
    EpisodeActionBody,
    EpisodeCompleteBody,
    EpisodeSimilarBody,
    EpisodeStartBody,
    RevokeBody,
    RuleMatchBody,
    RuleOverrideBody,
    TriggerAddBody,
    TriggerDetectBody,
)

router = APIRouter()
RecordId = Annotated[str, Path(min_length=1, max_length=200)]


# -- episodes -----------------------------------------------------------------------------
@router.get("/episodes", response_model=list[Episode], tags=["episodes"])
def episodes_list(
    ctx: Ctx = Reader,
    status: Literal["open", "completed"] | None = None,
    session_id: Annotated[str | None, Query(max_length=200)] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
) -> list[Episode]:
    """The scope's episodes, newest first."""
    with ctx.memory() as mem:
        return Episodes(mem, ctx.principal.scope).list(
            status=status, session_id=session_id, limit=limit
        )


@router.get("/episodes/{episode_id}", response_model=Episode, tags=["episodes"])
def episodes_get(episode_id: RecordId, ctx: Ctx = Reader) -> Episode:
    """One episode: situation, reasoning, actions, outcome, learnings."""
    with ctx.memory() as mem:
        return Episodes(mem, ctx.principal.scope).get(episode_id)


@router.post("/episodes", response_model=Episode, status_code=201, tags=["episodes"])
def episodes_start(body: EpisodeStartBody, ctx: Ctx = Writer) -> Episode:
    """Open an episode for a task."""
    with ctx.memory() as mem:
        return Episodes(mem, ctx.principal.scope).start(
            body.task,
            context=body.context,
            constraints=body.constraints,
            approach=body.approach,
            alternatives=body.alternatives,
            decision_factors=body.decision_factors,
            tags=body.tags,
            session_id=body.session_id,
        )


@router.post("/episodes/{episode_id}/actions", response_model=Episode, tags=["episodes"])
def episodes_action(episode_id: RecordId, body: EpisodeActionBody, ctx: Ctx = Writer) -> Episode:
    """Append one action to an open episode."""
    with ctx.memory() as mem:
        return Episodes(mem, ctx.principal.scope).record_action(
            episode_id, body.type, body.target, body.description, result=body.result
        )


@router.post("/episodes/{episode_id}/complete", response_model=Episode, tags=["episodes"])
def episodes_complete(
    episode_id: RecordId, body: EpisodeCompleteBody, ctx: Ctx = Writer
) -> Episode:
    """Close an open episode with its outcome (once: 409 if it is completed already)."""
    with ctx.memory() as mem:
        return Episodes(mem, ctx.principal.scope).complete(
            episode_id,
            outcome_score=body.outcome_score,
            success=body.success,
            learnings=body.learnings,
            failure_modes=body.failure_modes,
            approach=body.approach,
        )


@router.post("/episodes/similar", response_model=list[EpisodeHit], tags=["episodes"])
def episodes_similar(body: EpisodeSimilarBody, ctx: Ctx = Reader) -> list[EpisodeHit]:
    """Completed past episodes most like a task (``failures``: failed ones only)."""
    with ctx.memory() as mem:
        episodes = Episodes(mem, ctx.principal.scope)
        find = episodes.failures_like if body.failures else episodes.similar
        return find(body.task, k=body.k)


# -- rules --------------------------------------------------------------------------------
@router.get("/rules", response_model=list[Rule], tags=["rules"])
def rules_list(
    ctx: Ctx = Reader,
    include_disabled: bool = False,
    include_archived: bool = False,
    include_held: bool = False,
    include_revoked: bool = False,
) -> list[Rule]:
    """The scope's procedural rules that apply, most confident first, each with its
    provenance; held (``held`` says why) and revoked ones only if asked."""
    with ctx.memory() as mem:
        return Rules(mem, ctx.principal.scope).list(
            include_disabled=include_disabled,
            include_archived=include_archived,
            include_held=include_held,
            include_revoked=include_revoked,
        )


@router.get("/rules/{rule_id}", response_model=Rule, tags=["rules"])
def rules_get(rule_id: RecordId, ctx: Ctx = Reader) -> Rule:
    """One rule."""
    with ctx.memory() as mem:
        return Rules(mem, ctx.principal.scope).get(rule_id)


@router.post("/rules/match", response_model=list[Rule], tags=["rules"])
def rules_match(body: RuleMatchBody, ctx: Ctx = Reader) -> list[Rule]:
    """The enabled rules that apply to a text (or to the tool about to be called)."""
    with ctx.memory() as mem:
        return Rules(mem, ctx.principal.scope).matching(body.text, tool=body.tool, limit=body.limit)


@router.post("/rules/{rule_id}/override", response_model=Rule, tags=["rules"])
def rules_override(rule_id: RecordId, body: RuleOverrideBody, ctx: Ctx = Writer) -> Rule:
    """The user's word on a rule: a new behaviour and/or enabled; reflection then
    leaves it alone."""
    with ctx.memory() as mem:
        return Rules(mem, ctx.principal.scope).override(
            rule_id, behavior=body.behavior, enabled=body.enabled
        )


@router.post("/rules/{rule_id}/revoke", response_model=Rule, tags=["rules"])
def rules_revoke(rule_id: RecordId, body: RevokeBody, ctx: Ctx = Writer) -> Rule:
    """Take a rule out for good: never applied or restored again, and not learnt anew
    from the same evidence."""
    with ctx.memory() as mem:
        return Rules(mem, ctx.principal.scope).revoke(rule_id, reason=body.reason)


@router.post("/rules/reflect", response_model=ReflectionReport, tags=["rules"])
def rules_reflect(ctx: Ctx = Writer) -> ReflectionReport:
    """Turn recurring lessons and episode learnings into rules now."""
    with ctx.memory() as mem:
        return Rules(mem, ctx.principal.scope).reflect(now=utcnow())


# -- triggers -----------------------------------------------------------------------------
@router.get("/triggers", response_model=list[Trigger], tags=["triggers"])
def triggers_list(
    ctx: Ctx = Reader,
    status: Literal["pending", "fired", "done", "cancelled"] | None = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 100,
) -> list[Trigger]:
    """The scope's forward triggers, soonest first."""
    with ctx.memory() as mem:
        return Triggers(mem, ctx.principal.scope).list(status=status, limit=limit)


@router.get("/triggers/due", response_model=list[Trigger], tags=["triggers"])
def triggers_due(ctx: Ctx = Reader) -> list[Trigger]:
    """Pending triggers whose day has come."""
    with ctx.memory() as mem:
        return Triggers(mem, ctx.principal.scope).due(now=utcnow())


@router.post("/triggers", response_model=Trigger, status_code=201, tags=["triggers"])
def triggers_add(body: TriggerAddBody, ctx: Ctx = Writer) -> Trigger:
    """A trigger for a day, by hand (422 and nothing stored when the message reads as an
    instruction aimed at the agent). Its provenance names this key."""
    with ctx.memory() as mem:
        return _triggers(mem, ctx).add(
            body.message,
            on=datetime.combine(body.on, time(), tzinfo=UTC),
            session_id=body.session_id,
            memory_ids=body.memory_ids,
        )


@router.post("/triggers/detect", response_model=list[Trigger], tags=["triggers"])
def triggers_detect(body: TriggerDetectBody, ctx: Ctx = Writer) -> list[Trigger]:
    """A trigger for each future day the text names ("the release is next Friday"); none
    from a text that reads as an instruction aimed at the agent."""
    with ctx.memory() as mem:
        return _triggers(mem, ctx).detect(
            body.text, now=utcnow(), session_id=body.session_id, memory_ids=body.memory_ids
        )


@router.post("/triggers/{trigger_id}/done", response_model=Trigger, tags=["triggers"])
def triggers_done(trigger_id: RecordId, ctx: Ctx = Writer) -> Trigger:
    """Mark a trigger handled."""
    with ctx.memory() as mem:
        return Triggers(mem, ctx.principal.scope).done(trigger_id)


@router.post("/triggers/{trigger_id}/cancel", response_model=Trigger, tags=["triggers"])
def triggers_cancel(trigger_id: RecordId, ctx: Ctx = Writer) -> Trigger:
    """Cancel (revoke) a trigger: it never comes up again."""
    with ctx.memory() as mem:
        return Triggers(mem, ctx.principal.scope).cancel(trigger_id)


def _triggers(mem: Memory, ctx: Ctx) -> Triggers:
    """The key's triggers, each made recorded as made through REST by this key."""
    return Triggers(mem, ctx.principal.scope, surface="rest", by=ctx.principal.key_id)
