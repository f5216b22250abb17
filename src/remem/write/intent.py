"""Does a message ask the agent to remember something?

"Remember that I'm allergic to nuts", "don't forget the deploy freeze", "note
that ...", "keep in mind ...", "for future reference ..." do; "I don't remember
where I put it" and "do you remember ...?" do not.
"""

from __future__ import annotations

import re

from remem.write.keep_shape import clauses, structure

# A clause at least this much shaped like a request (keep.Structure.value), with a
# persistence word, asks for good without the model's opinion.
PERMANENT_SHAPE = 0.6

_LEAD = r"(?:^|[.!?;:\n]\s*|\b(?:please|pls|and|also|so|ok|okay|always|just)\s+|,\s*)"

_POSITIVE = [
    re.compile(_LEAD + r"remember\b(?!\s+(?:when|where|how|who|why|what|if|whether)\b)", re.I),
    re.compile(r"\b(?:you|u)\s+(?:should|must|need to|have to)\s+remember\b", re.I),
    re.compile(r"\b(?:want|need|like)\s+you\s+to\s+(?:remember|memori[sz]e|note)\b", re.I),
    re.compile(r"\bremember\s+(?:this|that)\s*(?:[:,.!]|$)", re.I),
    re.compile(r"\bmake sure (?:to|you) remember\b", re.I),
    re.compile(_LEAD + r"(?:do not|don't|dont|never)\s+forget\b", re.I),
    re.compile(_LEAD + r"note\s+(?:that|this|down)\b", re.I),
    re.compile(r"\b(?:make|take)\s+a\s+note\b|\btake note\b", re.I),
    re.compile(r"\bkeep\s+(?:this\s+|that\s+|it\s+)?in\s+mind\b", re.I),
    re.compile(r"\bfor\s+(?:future|later)\s+reference\b", re.I),
    re.compile(r"\bmemori[sz]e\s+(?:this|that)\b", re.I),
    re.compile(r"\b(?:save|store)\s+(?:this|that)\s+(?:to|in)\s+(?:your\s+)?memory\b", re.I),
]

# "... every report and note that ...": "note" a noun after a determiner and a noun
_NOUN_BEFORE = re.compile(
    r"\b(?:every|each|any|all|the|a|an|some|no|one|their|our|my|your)\s+\w+\s+and\s+\w*$",
    re.IGNORECASE,
)

_NEGATIVE = re.compile(
    r"\b(?:i|we|you|they|he|she)\s+(?:do not|don't|dont|can't|cannot|can not|couldn't|"
    r"didn't|did not|barely|hardly|vaguely|still|also)?\s*remember\b|\bdo you remember\b"
    r"|\bremember\s+(?:when|where|how|who|why|what|if|whether)\b",
    re.IGNORECASE,
)


def detects_memory_intent(prompt: str) -> bool:
    """Whether ``prompt`` explicitly asks for something to be remembered."""
    for pattern in _POSITIVE:
        for match in pattern.finditer(prompt):
            window = prompt[max(0, match.start() - 30) : match.end() + 12]
            if "remember" in match.group(0).lower() and _NEGATIVE.search(window):
                continue
            if _NOUN_BEFORE.search(prompt[: match.start() + 5]):
                continue  # "every report and note that a ranger wrote": a noun
            return True
    return False


def wants_permanent(prompt: str) -> bool:
    """Whether ``prompt`` asks for the fact to be kept for good, read from structure
    alone (no model): a clause shaped like a keep request (:mod:`remem.write.keep`)
    with a persistence word ("always remember", "keep this forever", "never lose
    this one, it's important"); "we'll never forget that day" is not one. The write
    path also weighs meaning (:mod:`remem.write.importance`)."""
    for clause in clauses(prompt):
        shape = structure(clause.text)
        if shape.persist and shape.value >= PERMANENT_SHAPE:
            return True
    return False
