"""Whether two memories say the same thing, for the consolidation jobs.

The nightly merge joins near-duplicates; the weekly scan flags contradictions.
Both need the same judgement the write and read paths make — is this an update
of that, does one negate the other — and lifecycle/ is the one layer that may
use both paths' helpers, so this module is the neutral place that puts them
together (the write and read layers never import each other).

A near-duplicate whose values differ is **not** a merge: "the standup is at
9:30" / "the standup is at 10:00", "Aaron uses Vim" / "Aaron uses Emacs" are an
update or two distinct facts, however close their vectors. :func:`merge_refusal`
says why a pair must stay apart: a number, date, weekday or month, or a name
that only one side has and the other replaces; a slot (residence, job, editor…)
filled with another value; one negating the other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from remem.config import Config
from remem.model import Kind, MemoryRecord
from remem.read.trust import find_conflicts, shape
from remem.slots import compare, negates

_DEFAULTS = Config.model_construct()  # the default update weights and thresholds

# Numbers with their separators ("9:30", "1,200", "3.5"), ordinal suffixes dropped.
_NUMBER = re.compile(r"\d+(?:[.,:/\-]\d+)*")
_CALENDAR = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|"
    r"april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|"
    r"aug|sep|sept|oct|nov|dec|today|tomorrow|yesterday|tonight|weekend|morning|afternoon|"
    r"evening|noon|midnight)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z][\w'’\-]*")
# Capitalised words that are not names (sentence starts are skipped separately).
_NOT_NAMES = frozenset(
    "i i'm i've i'd i'll the a an my we our you your he she they it this that these those "
    "there here his her their its and but or so if when then also".split()
)


def _numbers(text: str) -> set[str]:
    return {m.group(0).rstrip(".,:/-") for m in _NUMBER.finditer(text)}


def _calendar(text: str) -> set[str]:
    return {m.group(0).casefold() for m in _CALENDAR.finditer(text)}


def _names(text: str) -> set[str]:
    """Capitalised words that do not start a sentence: the names a text mentions."""
    names: set[str] = set()
    for match in _WORD.finditer(text):
        word = match.group(0)
        before = text[: match.start()].rstrip()
        start = not before or before[-1] in ".!?:;\n"
        if word[0].isupper() and not start and word.casefold() not in _NOT_NAMES:
            names.add(word.casefold())
    return names


def occurrence(record: MemoryRecord) -> bool:
    """A record of something that happened, counted as such — a lesson (each
    correction is one: reflection turns repeated ones into a rule), an episode or
    episodic note, a rule (reflection manages it): never merged with its twin."""
    return record.kind in (Kind.LESSON, Kind.EPISODIC, Kind.PROCEDURAL)


def values_differ(a: str, b: str) -> str | None:
    """What differs between two texts' values, or None: numbers or calendar words that
    are not the same on both sides, or names each side has and the other lacks (one
    side only adding a name, "he" / "Aaron", is a rewording)."""
    if _numbers(a) != _numbers(b):
        return "numbers differ"
    if _calendar(a) != _calendar(b):
        return "dates differ"
    names_a, names_b = _names(a), _names(b)
    if names_a - names_b and names_b - names_a:
        return "names differ"
    return None


def merge_refusal(a: MemoryRecord, b: MemoryRecord) -> str | None:
    """Why ``a`` and ``b`` must not be merged however close they are, or None."""
    if a.kind != b.kind:
        return "different kinds"
    older, newer = sorted((a, b), key=lambda r: (r.created_at, r.id))
    verdict = compare(shape(older), shape(newer), weights=_DEFAULTS.update_weights)
    if verdict.relation == "contradiction" or negates(shape(a), shape(b)):
        return "a contradiction"
    if verdict.updates(_DEFAULTS.update_threshold):
        return "an update (same slot, another value)"
    return values_differ(a.content, b.content)


def conflicts(records: Sequence[MemoryRecord]) -> dict[str, set[str]]:
    """For each memory id in a conflict among ``records``, the ids it conflicts with:
    the same slot filled with different values, or one negating the other (versions
    of one supersede chain are not conflicts)."""
    found = find_conflicts(list(records), config=_DEFAULTS)
    return {memory_id: set(others) for memory_id, others in found.items()}
