"""Which sentences of a text are about the future, so that a bare weekday, day of the
month or month in them is the next one ("I'll drop the keys round on Thursday", "we're
flying out on Saturday", "the parents are staying Friday through Sunday") rather than
the last one, the convention for a bare time said of the past ("on Tuesday I saw ...").

A sentence is about the future when it holds a future auxiliary ("will", "'ll",
"shall", "gonna", "going to", "about to", "plan(ning) to") or the present progressive
("am / is / are + -ing"), which English uses for arrangements: "we are meeting on
Monday". Past and perfect forms ("was flying", "have been sleeping") are not: their
auxiliary is not a present one. A sentence ends at . ! ? ; or a line break.
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"[.!?;\n]+(?=\s|$)")
_FUTURE = re.compile(
    r"\b(?:will|shall|gonna|wanna|going\s+to|about\s+to|plan(?:ning)?\s+to)\b|'ll\b|"
    r"\b(?:am|is|are|i'm|we're|you're|they're)\s+(?:\w+\s+)?(?!being\b)\w{2,}ing\b",
    re.IGNORECASE,
)
# Words in -ing that are no verb after "is": "the meeting is something", "it is spring".
_NOT_VERBS = frozenset(
    "thing something anything nothing everything morning evening spring during king ring "
    "ceiling wedding building string".split()
)


def _about_future(sentence: str) -> bool:
    for match in _FUTURE.finditer(sentence):
        last = match.group(0).split()[-1].casefold()
        if last.endswith("ing") and last in _NOT_VERBS:
            continue
        return True
    return False


def future_words(text: str, spans: list[tuple[int, int]]) -> list[bool]:
    """For each word (its character span in ``text``), whether its sentence is about
    the future."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text) + 1]
    flags: list[bool] = []
    start, k = 0, 0
    cache: dict[int, bool] = {}
    for a, _ in spans:
        while a >= ends[k]:
            start, k = ends[k], k + 1
        if k not in cache:
            cache[k] = _about_future(text[start : ends[k]])
        flags.append(cache[k])
    return flags
