"""Importance from meaning: the write path's step between extract and gate.

Every extractor's candidates pass here (rules, LLM, ``remember``), so one
mechanism decides, whatever the way in:

- **Keep requests** (:mod:`remem.write.keep`): a trusted user message that asks
  to keep what it says — before the fact, after it, inside it — marks every fact
  of the message ``keep_requested`` (and ``permanent_requested``): the permanent
  tier, importance at least ``keep_importance_floor``. A request to be reminded
  also marks it ``remind_requested`` and ``action_required``. The request clause
  itself is not a fact: a candidate that is only the request is dropped, and a
  request inside the fact's sentence is cut out of it. A request refers to a
  fact (:mod:`remem.write.fact_shape`): a prompt is never marked, and a request
  that holds its fact inside it must pin a value down.
- **Follow-ups**: a message that is only a keep request ("That's one I can't
  afford to lose.") marks the facts of the message before it in the same call, or
  stored by an earlier call (:func:`keep_earlier`) — those that pin a value down:
  not the chatter or the prompt said just before a request that reads like one.
- **Domain floors** (:mod:`remem.write.domains`): a fact about health, identity,
  legal or financial matters gets importance at least ``domain_importance_floor``
  and the permanent tier (flag ``domain_critical``); a prompt never does.

Untrusted content (tool output, other agents) can ask for nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

import numpy as np

from remem.config import Config
from remem.model import AuditEvent, MemoryRecord, Scope, Status, Tier, Trust
from remem.providers.base import Embedder
from remem.store.base import ListFilter, Store
from remem.write.candidate import CandidateFact, Flag
from remem.write.classify import classify_tier, content_words, importance_for
from remem.write.domains import domain_of
from remem.write.fact_shape import is_prompt, keepable
from remem.write.keep import KeepRequest, find_keep_request
from remem.write.transcript import Message

KEEP_FLAGS = {Flag.KEEP_REQUESTED, Flag.PERMANENT_REQUESTED, Flag.REMEMBER_REQUESTED}
REMIND_FLAGS = {Flag.REMIND_REQUESTED, Flag.ACTION_REQUIRED}


def keep_requests(
    messages: Sequence[Message], *, embedder: Embedder, config: Config
) -> dict[int, KeepRequest]:
    """The keep request of each trusted user message that makes one, by index."""
    found: dict[int, KeepRequest] = {}
    if not config.keep_requests:
        return found
    for index, message in enumerate(messages):
        if message.untrusted or message.role not in ("user", None) or message.injection:
            continue
        request = find_keep_request(message.text, embedder=embedder, config=config)
        if request is not None:
            found[index] = request
    return found


def _is_request_only(fact: CandidateFact, request: KeepRequest) -> bool:
    """Whether a candidate says nothing beyond the request clause ("Keep this.")."""
    if request.embeds_fact:
        return False
    own = set(content_words(fact.content))
    clause = set(content_words(request.clause.text))
    return not own or len(own - clause) <= max(1, len(own) // 4)


def _unmark(fact: CandidateFact, *, config: Config) -> None:
    """Undo a keep request read in a fact it does not refer to (:func:`_holds`)."""
    fact.flags -= KEEP_FLAGS
    fact.tier = classify_tier(fact.content, flags=fact.flags, category=fact.category)
    fact.importance = importance_for(
        fact.category,
        config=config,
        action=Flag.ACTION_REQUIRED in fact.flags,
        untrusted=fact.untrusted,
    )


def _holds(fact: CandidateFact, request: KeepRequest | None) -> bool:
    """Whether ``request``, said in ``fact``'s own message, refers to it: the fact is a
    statement, not a prompt ("How many teaspoons in a tablespoon, can you remember?"),
    and a request that holds its fact inside it pins a value down ("The piano came from,
    and I'll kick myself if we lose this, a dealer called Heintzman Brothers." — not
    "Keep going, this is useful.": :mod:`remem.write.fact_shape`). ``request`` None:
    the extractor's structural reading alone (:func:`remem.write.intent.wants_permanent`),
    with no clause to tell the request from the fact: the fact must pin a value down."""
    rest = fact.content
    if request is not None and not request.embeds_fact:  # the fact apart from the request
        at = rest.casefold().find(request.clause.text.casefold())
        if at >= 0:
            rest = (rest[:at] + rest[at + len(request.clause.text) :]).strip(" ,.;:-") or rest
    if is_prompt(rest):
        return False
    return keepable(rest) if request is None or request.embeds_fact else True


def _cut(content: str, request: KeepRequest) -> str:
    """``content`` without the request clause when the clause sits inside it."""
    clause = request.clause.text
    if request.embeds_fact:
        return content
    at = content.find(clause)
    if at < 0 or len(clause) >= len(content):
        return content
    rest = content[:at].rstrip(" ,(:;-–—") + " " + content[at + len(clause) :].lstrip(" ,)!:;-–—")
    rest = re.sub(r"\s+([,.!?])", r"\1", " ".join(rest.split()))
    return rest if len(content_words(rest)) >= 2 else content


def _pins_value(fact: CandidateFact) -> bool:
    """Whether ``fact`` pins a value down (:func:`remem.write.fact_shape.keepable`) other
    than its speaker's name: "I" written as the name is no value of the fact's own."""
    content = fact.content
    for name in (fact.speaker or "").split():
        content = re.sub(rf"\b{re.escape(name)}(?:'s)?\b", "", content)
    return keepable(" ".join(content.split()))


def mark(fact: CandidateFact, request: KeepRequest, *, config: Config) -> None:
    """Mark ``fact`` as asked to be kept (and reminded of, if the request says so)."""
    fact.flags |= KEEP_FLAGS | (REMIND_FLAGS if request.remind else set())
    fact.tier = Tier.PERMANENT
    fact.importance = max(fact.importance, config.keep_importance_floor)


def apply_keep_requests(
    messages: Sequence[Message],
    facts: Sequence[CandidateFact],
    *,
    embedder: Embedder,
    config: Config,
) -> tuple[list[CandidateFact], dict[int, KeepRequest]]:
    """``facts`` with keep requests applied (see the module docstring), and the
    requests of messages left with no fact of their own (follow-ups whose target
    is not in ``messages``), by message index."""
    requests = keep_requests(messages, embedder=embedder, config=config)
    for fact in facts:  # the extractor's own reading of "keep this forever" too
        if Flag.PERMANENT_REQUESTED in fact.flags and not _holds(
            fact, requests.get(fact.message_index)
        ):
            _unmark(fact, config=config)
    if not requests:
        return list(facts), {}
    kept: list[CandidateFact] = []
    for fact in facts:
        request = requests.get(fact.message_index)
        if request is None or fact.untrusted:
            kept.append(fact)
            continue
        if _is_request_only(fact, request):
            if keepable(fact.content) and not request.remind:  # a statement pinning a
                kept.append(fact)  # value down is no keep request alone: keep the fact
            continue
        fact.content = _cut(fact.content, request)
        if _holds(fact, request):
            mark(fact, request, config=config)
        kept.append(fact)
    # a message whose facts pin nothing down but its speaker ("The number I just gave
    # you - keep it safe.", "Previous message, full stop. Keep for good please."): its
    # request points back at the message before it
    with_facts = {f.message_index for f in kept if _pins_value(f)}
    pending: dict[int, KeepRequest] = {}
    for index, request in requests.items():
        if index in with_facts:
            continue
        earlier = [f for f in kept if f.message_index == index - 1 and not f.untrusted]
        for fact in earlier:
            if keepable(fact.content):  # the fact before must pin a value down
                mark(fact, request, config=config)
        if not earlier:
            pending[index] = request
    return kept, pending


def keep_earlier(
    store: Store,
    scope: Scope,
    request: KeepRequest,
    *,
    session_id: str | None,
    now: datetime,
    config: Config,
    own_resource: str | None = None,
) -> list[MemoryRecord]:
    """Mark the memories of the last message stored in this scope (and session)
    as asked to be kept, when a message holding only a keep request follows it
    within ``keep_followup_minutes``; returns them (not yet written back: the
    caller updates them inside its transaction, see :func:`kept_event`).
    ``own_resource``: the request's own message, whose memories (a pointer such as
    "The number I just gave you.") are not the message before."""
    page = store.list_memories(scope, filters=ListFilter(session_id=session_id), limit=10)
    items = [r for r in page.items if own_resource is None or r.source_resource_id != own_resource]
    if not items:
        return []
    newest = items[0]
    if newest.created_at < now - timedelta(minutes=config.keep_followup_minutes):
        return []
    marked = []
    for record in items:
        if record.source_resource_id != newest.source_resource_id:
            break
        if record.status is not Status.ACTIVE or record.source_trust is Trust.UNTRUSTED:
            continue
        if not keepable(record.content):  # chatter or a prompt before the request
            continue
        flags = set(record.data.get("flags", [])) | {str(f) for f in KEEP_FLAGS}
        if request.remind:
            flags |= {str(f) for f in REMIND_FLAGS}
        record.data = {**record.data, "flags": sorted(flags)}
        record.tier = Tier.PERMANENT
        record.importance = max(record.importance, config.keep_importance_floor)
        record.updated_at = now
        marked.append(record)
    return marked


def kept_event(record: MemoryRecord, request: KeepRequest, *, now: datetime) -> AuditEvent:
    """The audit event of a memory a later message asked to keep."""
    return AuditEvent(
        event="promoted",
        memory_id=record.id,
        at=now,
        detail={"reason": "keep_request", "remind": request.remind, "score": request.score},
    )


# When a statement is one occasion: a day said relative to the day it is said ("on
# Friday", "tomorrow") or a clock time, and nothing that makes it recur ("every Friday",
# "on Fridays", "daily").
_DEICTIC_DAY = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
    re.IGNORECASE,
)
_CLOCK = re.compile(
    r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?!\w)|\b\d{1,2}:\d{2}\b", re.I
)
_RECURS = re.compile(
    r"\b(?:every|each|daily|weekly|fortnightly|monthly|yearly|annually|usually|always|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b",
    re.IGNORECASE,
)


def one_off(content: str) -> bool:
    """Whether ``content`` tells of one occasion ("Blood test at the surgery on Friday at
    11.30 am"): a health or money matter that is past once its day is, unlike a standing
    fact of the same domain ("I'm allergic to penicillin")."""
    if _RECURS.search(content):
        return False
    return bool(_DEICTIC_DAY.search(content) or _CLOCK.search(content))


def apply_domain_floors(
    facts: Sequence[CandidateFact], vectors: np.ndarray, *, embedder: Embedder, config: Config
) -> None:
    """Raise the importance of health, identity, legal and financial facts to
    ``domain_importance_floor`` and put them in the permanent tier — one occasion
    (:func:`one_off`: an appointment, a collection) keeps the floor in the standard tier,
    so that it decays once past instead of ranking as fresh for ever."""
    if not config.domain_floors or embedder.model_id not in config.importance_models:
        return
    for fact, vector in zip(facts, vectors, strict=True):
        if fact.untrusted or is_prompt(fact.content):  # a request is not a fact
            continue
        match = domain_of(
            fact.content,
            vector,
            embedder=embedder,
            cue_bonus=config.domain_cue_bonus,
            everyday_weight=config.domain_everyday_weight,
        )
        if match.score < config.domain_threshold:
            continue
        fact.flags.add(Flag.DOMAIN_CRITICAL)
        fact.importance = max(fact.importance, config.domain_importance_floor)
        if not one_off(fact.content):  # an appointment keeps its floor, not forever
            fact.tier = Tier.PERMANENT
