"""The trust pass: tags on a result set before it is returned or injected.

Tags (in this order, each at most once per memory):

- ``conflict``: two memories of the set disagree — the same subject and
  attribute with different values ("Aaron lives in Boston" / "Aaron moved to
  Denver"), or one negates the other ("likes sushi" / "does not like sushi").
  Both get the tag and ``explain["conflicts_with"]`` names the other ids. A
  memory and the version it supersedes are a history, not a conflict.
- ``uncertain``: ``confidence < config.uncertain_below``.
- ``stale``: not confirmed — neither updated nor referenced — for
  ``config.stale_days`` days. Permanent memories do not go stale.
- ``untrusted``: the memory came from an untrusted source.
- ``injection``: the memory holds an instruction aimed at the agent (flagged by
  the write path, ``data["injection"]``); such a memory is always untrusted too.

The conflict heuristic is offline and deliberately small (a few slot patterns
and a negation check); the read path does not import ``remem.write``, which
has its own, richer supersede rules.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime

from remem.config import Config
from remem.model import MemoryRecord, SearchHit, Tier, Trust, utcnow

TAG_ORDER = ("conflict", "uncertain", "stale", "untrusted", "injection")
MAX_PAIRWISE = 200  # negation checks are pairwise; past this many only slots are compared

_FIRST_PERSON = {"i", "my", "me", "the user", "user"}
_SUBJ = r"(?P<s>[A-Z][\w'’\-]*(?:\s+[A-Z][\w'’\-]*)?|[Tt]he user|I|[Mm]y)"
_VAL = r"(?P<v>[^.,;!?]+?)"
_END = r"(?=\s+(?:on|in|since|because|and|but|last|this|after|now|today)\b|[.,;!?]|$)"
_ADV = r"(?:\s+(?:now|just|recently|finally|also|still|currently|has|have|had))*"
_SLOT_VERBS = [
    ("residence", r"lives? in|lived in|moved (?:back )?to|relocated to|is based in|resides in"),
    ("employer", r"works? (?:at|for)|is employed (?:at|by)|joined|was hired (?:at|by)"),
    ("occupation", r"works? as|is employed as"),
    ("car", r"drives?"),
    ("preference", r"prefers?"),
    ("age", r"(?:is|am)(?= \d{1,3} years old)"),
]
_SLOTS = [
    (attr, re.compile(_SUBJ + r"(?i:" + _ADV + r"\s+(?:" + verbs + r")\s+" + _VAL + _END + ")"))
    for attr, verbs in _SLOT_VERBS
]
_FAVOURITE = re.compile(
    _SUBJ
    + r"(?i:(?:'s|’s)?\s+(?:all-time\s+)?favou?rite\s+(?P<a>\w+(?:\s\w+)?)\s+(?:is|was)\s+"
    + _VAL
    + _END
    + ")"
)
_NAME = re.compile(r"\b(?P<s>[Mm]y) name is (?P<v>[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)?)")
# Every slot pattern contains one of these words (lower-cased): most memories
# contain none and skip the eight patterns. Keep in step with _SLOT_VERBS.
_CUES = (
    "name is", "favorite", "favourite", "years old", "live", "moved", "relocated",
    "based in", "resides", "work", "employed", "joined", "hired", "drive", "prefer",
)  # fmt: skip
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|no)\b|n't\b|\b(?:doesnt|dont|isnt|wasnt|arent|didnt|wont|cant)\b",
    re.I,
)
_FILLER = frozenset(
    "a an the does do did is are was were am be been anymore longer any more really".split()
)


def claim_slot(record: MemoryRecord) -> tuple[tuple[str, str], str] | None:
    """``((subject key, attribute), value)`` a memory states, if it fills a known slot.

    First-person subjects ("I", "my") are keyed by who said them (scope, role and
    speaker name), so two speakers' "I live in ..." never collide.
    """
    text = record.content
    lowered = text.lower()
    if not any(cue in lowered for cue in _CUES):
        return None
    match = _NAME.search(text)
    if match:
        return (_subject(record, match["s"]), "name"), _norm(match["v"])
    match = _FAVOURITE.search(text)
    if match:
        attribute = "favourite " + _norm(match["a"])
        return (_subject(record, match["s"]), attribute), _value(match["v"])
    for attribute, pattern in _SLOTS:
        match = pattern.search(text)
        if match:
            value = _value(match["v"])
            if value:
                return (_subject(record, match["s"]), attribute), value
    return None


def _claim(text: str) -> tuple[int, set[str]]:
    """A text's negation parity and its claim words (see :func:`negates`)."""
    rest, negations = _NEGATION.subn(" ", _plain(text))
    return negations % 2, _claim_tokens(rest)


def _negate(a: tuple[int, set[str]], b: tuple[int, set[str]]) -> bool:
    (parity_a, ta), (parity_b, tb) = a, b
    if parity_a == parity_b or not ta or not tb:
        return False
    return len(ta & tb) / len(ta | tb) >= 0.75


def negates(a: str, b: str) -> bool:
    """Whether one text negates the other's claim: opposite negation parity and
    nearly the same words otherwise (Jaccard >= 0.75)."""
    return _negate(_claim(a), _claim(b))


def find_conflicts(records: Sequence[MemoryRecord]) -> dict[str, set[str]]:
    """For each memory id in a conflict, the ids it conflicts with."""
    out: dict[str, set[str]] = defaultdict(set)

    def link(x: MemoryRecord, y: MemoryRecord) -> None:
        if x.id == y.id or x.supersedes == y.id or y.supersedes == x.id:
            return
        out[x.id].add(y.id)
        out[y.id].add(x.id)

    slots: dict[tuple[str, str], list[tuple[str, MemoryRecord]]] = defaultdict(list)
    for record in records:
        claim = claim_slot(record)
        if claim is not None:
            slots[claim[0]].append((claim[1], record))
    for claims in slots.values():
        for i, (value_a, a) in enumerate(claims):
            for value_b, b in claims[i + 1 :]:
                if value_a != value_b:
                    link(a, b)
    head = list(records[:MAX_PAIRWISE])
    parsed = [_claim(r.content) for r in head]  # once per memory, not once per pair
    for i, a in enumerate(head):
        for j in range(i + 1, len(head)):
            if _negate(parsed[i], parsed[j]):
                link(a, head[j])
    return dict(out)


def tags_for(
    record: MemoryRecord, *, config: Config, now: datetime, conflict: bool = False
) -> list[str]:
    """The trust tags of one memory (``conflict`` only when the caller found one)."""
    tags = []
    if conflict:
        tags.append("conflict")
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
    """Tag ``hits`` in place (``explain["tags"]``, ``explain["conflicts_with"]``) and return them."""
    now = now or utcnow()
    conflicts = find_conflicts([h.memory for h in hits])
    for hit in hits:
        others = conflicts.get(hit.memory.id)
        hit.explain["tags"] = tags_for(hit.memory, config=config, now=now, conflict=bool(others))
        if others:
            hit.explain["conflicts_with"] = sorted(others)
    return list(hits)


# -- helpers -----------------------------------------------------------------------
def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("’", "'")


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[^\w\s]", " ", text).split())


def _value(text: str) -> str:
    return _norm(re.sub(r"^(?:a|an|the|his|her|their|my|our)\s+", "", text.strip(), flags=re.I))


def _subject(record: MemoryRecord, subject: str) -> str:
    key = _norm(re.sub(r"['’]s$", "", subject.strip()))
    if key not in _FIRST_PERSON:
        return key
    metadata = record.data.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return f"@{record.user_id}|{record.agent_id}|{record.namespace}|{record.role}|{name}"


def _claim_tokens(text: str) -> set[str]:
    """The claim words of a text whose negations are already removed."""
    tokens = set()
    for token in _norm(text).split():
        if token in _FILLER:
            continue
        # crude stemming so "likes" and "like" compare equal
        tokens.add(token[:-1] if len(token) > 3 and token.endswith("s") else token)
    return tokens
