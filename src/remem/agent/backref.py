"""A prompt that names an earlier task as its model: "same structure as the conditions
repository", "with the same random-effects structure as the primary one", "the way we
did for the export job".

The embedding's cosine of the new prompt to the earlier task can be low (a weather
repository is not a conditions repository; fitting the secondary model is not adding a
wave and refitting the primary one), yet the prompt says which task it follows: the
phrase after the comparison (:func:`referent`). An earlier task whose text holds every
content word of that phrase (:func:`covers`; words inside an identifier count:
``TrailConditionsRepository`` holds "conditions" and "repository") is the one meant.
"""

from __future__ import annotations

import re

__all__ = ["covers", "referent"]

# "same <up to four words> as (for / with) <the, our, that, last> <phrase>", "just like
# <the> <phrase>", "the way we did (it) for <phrase>", "as we did for / with <phrase>"
_REFERENCE = re.compile(
    r"\bsame\s+(?:[\w-]+\s+){0,4}?as\s+(?:for\s+|with\s+|in\s+)?"
    r"(?P<a>(?:the|our|that|those|last)\s+[^,.;:!?()]{2,80})|"
    r"\b(?:just\s+like|exactly\s+like|the\s+way\s+(?:we|you)\s+did(?:\s+it)?\s+(?:for|with)|"
    r"as\s+(?:we|you)\s+did\s+(?:for|with))\s+(?P<b>(?:the|our|that|those)?\s*[^,.;:!?()]{2,80})",
    re.IGNORECASE,
)
_SMALL = frozenset(
    """the our that those this these last one ones a an of for with in on to and or
    please thanks again too as well it them we you time""".split()
)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if len(w) > 2}


def referent(prompt: str) -> set[str] | None:
    """The content words of the earlier task a prompt names as its model, or None."""
    match = _REFERENCE.search(prompt)
    if match is None:
        return None
    phrase = match.group("a") or match.group("b") or ""
    words = {w for w in _words(phrase) if w not in _SMALL}
    return words or None


def covers(words: set[str], task: str) -> bool:
    """``task`` (an earlier task's text) holds every word of ``words``, identifiers
    split at their case changes."""
    return words <= _words(task)
