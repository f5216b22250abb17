"""The trust pass: tags on a result set before it is returned or injected.

Tags (in this order, each at most once per memory):

- ``conflict``: two memories of the set disagree — the later one would update
  the earlier (the same subject and attribute with another value, "Aaron lives
  in Boston" / "Aaron moved to Denver", scored by :mod:`remem.slots` at least
  ``config.conflict_threshold``), or one negates the other ("likes sushi" /
  "does not like sushi"). Both get the tag and ``explain["conflicts_with"]``
  names the other ids. A memory and the version it supersedes are a history,
  not a conflict.
- ``outdated``: a newer memory of the set updates this one
  (``explain["outdated_by"]`` names it); the newer one is moved just above it,
  so the current value is read first.
- ``uncertain``: ``confidence < config.uncertain_below``.
- ``stale``: not confirmed — neither updated nor referenced — for
  ``config.stale_days`` days. Permanent memories do not go stale.
- ``untrusted``: the memory came from an untrusted source.
- ``injection``: the memory holds an instruction aimed at the agent (flagged by
  the write path, ``data["injection"]``); such a memory is always untrusted too.

"Newer" is by when a memory was said (``valid_from``, else when it was stored).
The slot logic is the write path's too (:mod:`remem.slots`); the read path does
not import ``remem.write``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime

from remem.config import Config
from remem.lifecycle.scoring import derived
from remem.model import MemoryRecord, SearchHit, Tier, Trust, utcnow
from remem.slots import Fact, analyse, compare

TAG_ORDER = ("conflict", "outdated", "uncertain", "stale", "untrusted", "injection")
MAX_PAIRWISE = 200  # conflicts are checked pairwise among at most this many results


def speaker_key(record: MemoryRecord) -> str:
    """Who "I" is in a memory: its speaker or message name, else its scope and role, so
    two speakers' "I live in ..." never collide."""
    for source in (record.data, record.data.get("metadata")):
        if isinstance(source, dict):
            for key in ("speaker", "name"):
                value = source.get(key)
                if isinstance(value, str) and value:
                    return value
    scope = f"{record.user_id}|{record.agent_id}|{record.namespace}|{record.role}"
    return "Speaker_" + re.sub(r"\W", "_", scope)  # one word, so it reads as a name


def shape(record: MemoryRecord) -> Fact:
    """The analysed fact of a memory (:func:`remem.slots.analyse`)."""
    return analyse(record.content, speaker_key(record))


def said_at(record: MemoryRecord) -> datetime:
    """When a memory was said: ``valid_from``, else when it was stored."""
    return _aware(record.valid_from or record.created_at)


def find_conflicts(records: Sequence[MemoryRecord], *, config: Config) -> dict[str, dict[str, str]]:
    """For each memory in a conflict: ``{other id: "newer" | "older" | "same time"}``.

    Two memories conflict when the later one would update the earlier (same subject
    and attribute, another value; score at least ``config.conflict_threshold``) or
    one negates the other. A memory and the version it supersedes are a history,
    not a conflict.
    """
    out: dict[str, dict[str, str]] = defaultdict(dict)
    head = list(records[:MAX_PAIRWISE])
    shapes = [shape(r) for r in head]  # once per memory, not once per pair
    for i, a in enumerate(head):
        for j in range(i + 1, len(head)):
            b = head[j]
            if a.id == b.id or a.supersedes == b.id or b.supersedes == a.id:
                continue
            if a.is_episode or b.is_episode or derived(a) or derived(b):
                continue  # an episode is history (a value it quotes is marked where shown);
                # a digest or insight holds its sources' facts (remem/read/digests.py)
            older, newer = (i, j) if said_at(a) <= said_at(b) else (j, i)
            verdict = compare(shapes[older], shapes[newer], weights=config.update_weights)
            if not verdict.updates(config.conflict_threshold):
                continue
            old_id, new_id = head[older].id, head[newer].id
            tie = said_at(head[older]) == said_at(head[newer])
            out[old_id][new_id] = "same time" if tie else "newer"
            out[new_id][old_id] = "same time" if tie else "older"
    return dict(out)


def tags_for(
    record: MemoryRecord,
    *,
    config: Config,
    now: datetime,
    conflict: bool = False,
    outdated: bool = False,
) -> list[str]:
    """The trust tags of one memory (``conflict`` / ``outdated`` only when the caller
    found one)."""
    tags = []
    if conflict:
        tags.append("conflict")
    if outdated:
        tags.append("outdated")
    if record.confidence < config.uncertain_below:
        tags.append("uncertain")
    if is_stale(record, config=config, now=now):
        tags.append("stale")
    if record.source_trust is Trust.UNTRUSTED:
        tags.append("untrusted")
    if record.data.get("injection"):
        tags.append("injection")
    return tags


def is_stale(record: MemoryRecord, *, config: Config, now: datetime) -> bool:
    """Not updated nor referenced for ``config.stale_days`` days (never for permanent)."""
    if record.tier is Tier.PERMANENT:
        return False
    confirmed = max(
        _aware(record.updated_at),
        _aware(record.created_at),
        _aware(record.last_referenced_at or record.created_at),
    )
    return (_aware(now) - confirmed).total_seconds() > config.stale_days * 86400.0


def trust_pass(
    hits: Sequence[SearchHit], *, config: Config, now: datetime | None = None
) -> list[SearchHit]:
    """Tag ``hits`` (``explain["tags"]``, ``explain["conflicts_with"]``,
    ``explain["outdated_by"]``) and return them with every outdated memory placed
    just below the newest memory that updates it."""
    now = now or utcnow()
    conflicts = find_conflicts([h.memory for h in hits], config=config)
    for hit in hits:
        others = conflicts.get(hit.memory.id, {})
        newer = sorted(other for other, age in others.items() if age == "newer")
        hit.explain["tags"] = tags_for(
            hit.memory, config=config, now=now, conflict=bool(others), outdated=bool(newer)
        )
        if others:
            hit.explain["conflicts_with"] = sorted(others)
        if newer:
            hit.explain["outdated_by"] = newer
    return newer_first(list(hits))


def newer_first(hits: list[SearchHit]) -> list[SearchHit]:
    """``hits`` with each memory that outdates another moved just above it, so the
    current value is read first; everything else keeps its relative order."""
    order = list(hits)
    for _ in range(len(order)):
        moved = False
        for index, hit in enumerate(order):
            newer = set(hit.explain.get("outdated_by", ()))
            below = [j for j in range(index + 1, len(order)) if order[j].memory.id in newer]
            if below:
                order.insert(index, order.pop(below[0]))
                moved = True
                break
        if not moved:
            break
    return order


# -- helpers -----------------------------------------------------------------------
def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
