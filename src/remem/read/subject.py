"""Whose fact answers a question: subject attribution before ranking.

"Where does Aiden live?" asks about Aiden; "Aiden's parents live in Tampa" is
about his parents and must not answer it ahead of "Aiden lives in Denver". The
question's subject is read from its form (the noun phrase after the wh-word and
its auxiliary: "Where does **Aiden** live?", "How old is **Cody**?", "What is
**Jin's diet**?", "Where do **Aiden's parents** live?"); a memory's from its own
subject (:mod:`remem.slots.subject`: the speaker, another person, a thing).

:func:`subject_factor` is 1.0 unless the two are plainly about different people
— the question about a person and the memory about that person's relative,
friend or colleague, or the question about a relative and the memory about the
speaker — then ``Config.rank_subject_mismatch``. A memory of several sentences
(a raw chat turn) has no one subject and is never marked down.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from remem.model import MemoryRecord
from remem.read.trust import speaker_key
from remem.slots import analyse
from remem.slots.lexicon import GROUP_NOUNS, RELATION_NOUNS
from remem.slots.subject import SELF, speaker_words

_QUESTION = re.compile(
    r"^\s*(?:what|where|when|which|who|whom|whose|how(?:\s+\w+)?|why)?\s*(?:\w+\s+)??"
    r"(?:does|do|did|is|are|was|were|has|have|had|can|will|would)\s+(?P<np>.+?)\s*\??\s*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z][\w'-]*")
_STOP = frozenset("the a an my your his her their our".split())


@dataclass(frozen=True, slots=True)
class QuestionSubject:
    """The person a question asks about and, when it asks about someone of theirs,
    the relation ("parents" in "Where do Aiden's parents live?")."""

    person: str | None = None
    relation: str | None = None


@lru_cache(maxsize=512)
def question_subject(query: str) -> QuestionSubject:
    """The subject of ``query`` (see the module doc); empty when none is found."""
    match = _QUESTION.match(query)
    if not match:
        return QuestionSubject()
    words = _WORD.findall(match.group("np"))
    if not words:
        return QuestionSubject()
    first = words[0]
    if not first[:1].isupper() or first.lower() in _STOP:
        return QuestionSubject()
    person = re.sub(r"'s?$", "", first).lower()
    relation = None
    if first.endswith(("'s", "'")) and len(words) > 1:
        nxt = words[1].lower().rstrip("s")
        if words[1].lower() in RELATION_NOUNS or nxt in RELATION_NOUNS:
            relation = words[1].lower()
    return QuestionSubject(person, relation)


def subject_factor(record: MemoryRecord, asked: QuestionSubject, mismatch: float) -> float:
    """1.0, or ``mismatch`` when ``record`` is plainly about someone other than the
    person ``asked`` about (see the module doc)."""
    if asked.person is None or mismatch >= 1.0:
        return 1.0
    fact = analyse(record.content, speaker_key(record))
    if not fact.comparable or fact.who is None:
        return 1.0
    other = fact.who.removeprefix("other:") if fact.who.startswith("other:") else None
    if other in GROUP_NOUNS and (fact.owner is None or fact.owner in speaker_words(fact.speaker)):
        other = None  # "our team ...": the speaker with others
    if asked.relation is None:  # about someone else, unless the one asked about
        return mismatch if other is not None and other != asked.person else 1.0
    return mismatch if fact.who == SELF else 1.0


# -- the speaker of a turn: a question about a speaker is answered by their own words --
_PREFIX = re.compile(r"^\s*(?P<name>[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?):\s")


def said_by(record: MemoryRecord) -> str | None:
    """Who said ``record`` (lower case): its speaker or message name, else the
    ``Name: `` a stored transcript line opens with; None when unknown."""
    for source in (record.data, record.data.get("metadata")):
        if isinstance(source, dict):
            for key in ("speaker", "name"):
                value = source.get(key)
                if isinstance(value, str) and value:
                    return value.lower()
    match = _PREFIX.match(record.content)
    return match["name"].lower() if match else None


def asked_speaker(asked: QuestionSubject, records: Sequence[MemoryRecord]) -> str | None:
    """The person a question asks about when they are one of the speakers of
    ``records`` (a named third party is not: nothing they said is in view)."""
    if asked.person is None or asked.relation is not None:
        return None
    speakers = {said_by(r) for r in records}
    return asked.person if asked.person in {s.split()[0] for s in speakers if s} else None


def speaker_factor(record: MemoryRecord, speaker: str | None, other: float) -> float:
    """``other`` for a memory said by someone other than ``speaker`` (the speaker a
    question asks about), else 1.0 (also when either is unknown)."""
    if speaker is None:
        return 1.0
    who = said_by(record)
    return other if who is not None and who.split()[0] != speaker else 1.0
