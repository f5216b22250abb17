"""Slots and updates: which fact a newer one replaces, shared by the write and read paths.

A fact fills a *slot* — a subject and an attribute, e.g. Priya's home — with a
value. :func:`analyse` reads a fact's subject key, identifiers, values, template
words and cues; :func:`compare` scores whether a newer fact updates an older one
(see :mod:`remem.slots.compare`). Neither path imports the other; both import this.
"""

from __future__ import annotations

import hashlib

from remem.slots.compare import DEFAULT_WEIGHTS, Verdict, compare, negates
from remem.slots.facts import Fact, analyse
from remem.slots.semantic import Similarity
from remem.slots.tokens import normalise_text

__all__ = [
    "DEFAULT_WEIGHTS",
    "Fact",
    "Verdict",
    "analyse",
    "compare",
    "content_hash",
    "negates",
    "normalise",
    "relate",
]


def normalise(text: str) -> str:
    """Case-folded, accent-normalised text without punctuation, single-spaced."""
    import re

    text = normalise_text(text).casefold()
    return " ".join(re.sub(r"[^\w\s]", " ", text).split())


def content_hash(text: str) -> str:
    """A stable hash of the normalised text: equal for case, whitespace and punctuation variants."""
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()


def relate(
    old: str,
    new: str,
    *,
    old_speaker: str | None = None,
    new_speaker: str | None = None,
    weights: dict[str, float] | None = None,
    similarity: Similarity | None = None,
) -> Verdict:
    """:func:`compare` on two texts (``*_speaker`` resolves first person; ``similarity``
    the embedding evidence, :mod:`remem.slots.semantic`)."""
    return compare(
        analyse(old, old_speaker),
        analyse(new, new_speaker),
        weights=weights,
        similarity=similarity,
    )
