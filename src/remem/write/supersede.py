"""Pure helpers for updates and contradictions between facts.

A fact fills a *slot* — (subject, attribute), e.g. ("Aaron", "residence") —
with a value. A newer fact for the same slot with another value is an update
(the old one is superseded, never overwritten); the same claim negated is a
contradiction the caller flags for review.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from remem.write.candidate import CandidateFact


@dataclass(frozen=True, slots=True)
class Slot:
    """What a fact states: ``subject``'s ``attribute`` is ``value``."""

    subject: str
    attribute: str
    value: str


_SUBJ = r"(?P<s>[A-Z][\w'’\-]*(?:\s+[A-Z][\w'’\-]*)*|[Tt]he user|[Ii])"
_MOD = r"(?:\s+and others)?(?:\s+(?:now|just|recently|finally|also|still|currently|has|have|had|officially))*"
_VAL = r"(?P<v>[^.,;!?]+?)"
_END = r"(?=\s+(?:on|in|since|because|and|but|last|this|after|around)\b|[.,;!?]|$)"

# (attribute, verbs) — the verbs introduce the value directly after them.
_SLOTS: list[tuple[str, str]] = [
    ("residence", r"lives? in|lived in|moved (?:back )?to|relocated to|is based in|resides in"),
    ("theme preference", r"(?:prefers?|uses?|switched to|likes?|changed to|went back to)"
     r"(?= (?:the )?(?:dark|light) (?:mode|theme))"),
    ("editor", r"(?:uses?|switched to|prefers?|moved to)(?= (?:vim|neovim|emacs|vs ?code|"
     r"vscode|sublime|intellij|pycharm|zed|helix|nano)\b)"),
    ("job", r"works? (?:as|at|for)|is employed (?:at|by)|got a job (?:at|as)|"
     r"(?:started|took) a (?:new )?job (?:at|as)|joined|was hired (?:at|by)|quit(?= (?:his|her|their|the) job)"),
    ("car", r"drives?|bought a (?:new |used )?car,?|(?:got|bought|leased) an? (?:new |used )?"
     r"(?=(?:\w+ (?:car|truck|suv|sedan)|(?:tesla|toyota|honda|subaru|ford|bmw|audi|mercedes|"
     r"volkswagen|vw|kia|hyundai|mazda|nissan|chevy|chevrolet|jeep|volvo|porsche|lexus|"
     r"rivian)\b))"),
    ("relationship status", r"is(?= (?:single|married|engaged|divorced|dating|widowed|"
     r"in a relationship)\b)|got(?= (?:married|engaged|divorced)\b)|broke up"),
    ("diet", r"is(?= (?:vegan|vegetarian|pescatarian|keto|gluten-free)\b)|went(?= (?:vegan|vegetarian))"),
    ("phone", r"uses? an?|has an?|switched to an?|bought an?(?= (?:iphone|pixel|galaxy|android))"),
]  # fmt: skip
_COMPILED = [
    (attr, re.compile(_SUBJ + r"(?i:" + _MOD + r"\s+(?:" + verbs + r")\s*" + _VAL + _END + ")"))
    for attr, verbs in _SLOTS
]
_FAVOURITE = re.compile(
    _SUBJ
    + r"(?i:(?:'s|’s)\s+(?:all-time\s+)?favou?rite\s+(?P<a>[\w ]{2,30}?)\s+"
    + r"(?:is|was|has become|are)\s+"
    + _VAL
    + _END
    + ")"
)
_UPDATE_CUES = re.compile(
    r"\b(?:now|no longer|anymore|switched|changed|moved|instead|replaced|updated|"
    r"new|not .* any more|used to)\b",
    re.I,
)
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|no)\b|n't\b|\b(?:doesn|don|isn|wasn|aren|weren|didn|won|can)'?t\b",
    re.I,
)


def normalise(text: str) -> str:
    """Case-folded, accent-normalised text without punctuation, single-spaced."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"[^\w\s]", " ", text)
    return " ".join(text.split())


def content_hash(text: str) -> str:
    """A stable hash of the normalised text: equal for case, whitespace and punctuation variants."""
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()


def match_slot(text: str) -> Slot | None:
    """The (subject, attribute, value) a fact states, if it fills a known slot."""
    match = _FAVOURITE.search(text)
    if match:
        return Slot(match["s"], f"favourite {match['a'].strip().lower()}", _clean(match["v"]))
    for attribute, pattern in _COMPILED:
        match = pattern.search(text)
        if match:
            value = _clean(match["v"])
            if attribute == "relationship status" and "broke up" in match.group(0).lower():
                value = "single"
            if value:
                return Slot(match["s"], attribute, value)
    return None


def _clean(value: str) -> str:
    value = re.sub(r"^(?:a|an|the|his|her|their|my)\s+", "", value.strip(), flags=re.I)
    return value.strip().lower()


def subject_attribute(fact: CandidateFact | str) -> tuple[str, str] | None:
    """``(subject, attribute)`` of the slot a fact fills, e.g. ``("Aaron", "residence")``."""
    text = fact if isinstance(fact, str) else fact.content
    slot = match_slot(text)
    return (slot.subject, slot.attribute) if slot else None


def is_update(old_content: str, new_content: str) -> bool:
    """Whether ``new_content`` updates ``old_content``: the same slot with another value.

    "Aaron moved to Denver" updates "Aaron lives in Boston"; "Aaron switched to
    light mode" updates "Aaron prefers dark mode".
    """
    old, new = match_slot(old_content), match_slot(new_content)
    if old is None or new is None:
        return False
    same_slot = old.subject.lower() == new.subject.lower() and old.attribute == new.attribute
    return same_slot and old.value != new.value


def _claim_tokens(text: str) -> set[str]:
    text = _NEGATION.sub(" ", text.replace("’", "'"))
    tokens = set()
    for token in normalise(text).split():
        if token in {"does", "do", "did", "is", "are", "was", "were", "anymore", "longer"}:
            continue
        # crude stemming so "likes" and "like" compare equal
        tokens.add(token[:-1] if len(token) > 3 and token.endswith("s") else token)
    return tokens


def contradicts(old: str, new: str) -> bool:
    """Whether one text negates the other's claim ("likes sushi" / "does not like sushi")."""
    old_neg = len(_NEGATION.findall(old.replace("’", "'"))) % 2
    new_neg = len(_NEGATION.findall(new.replace("’", "'"))) % 2
    if old_neg == new_neg:
        return False
    a, b = _claim_tokens(old), _claim_tokens(new)
    if not a or not b:
        return False
    return len(a & b) / len(a | b) >= 0.75


def has_update_cue(text: str) -> bool:
    """Whether the text reads like a change ("now", "switched", "no longer", "moved")."""
    return _UPDATE_CUES.search(text) is not None
