"""Memories that are prompts, not facts: requests and questions to the assistant.

``remember`` stores what its caller hands it, and a message with no statement in
it is gated as one fact ("Can you draft an email to Ashby Dairy about the overdue
invoice?", "How do I get iodine stains out of overalls?"). A prompt is an
instruction to the assistant, not a fact about the world (docs/concepts.md): what
it asks is for the session. So the lifecycle treats such a memory as transient in
use whatever its tier — a domain floor ("invoice": financial) or a keep request
misread in a request does not hold it in the active set: it is archived after
``archive_session_only_days`` unused (reversibly: the archive tier still answers
with it, a reference restores it), never purged by its score.

Whether it is one is read by :func:`remem.write.acts.classify` (sentence mood and
structure, no list of prompts): every sentence is a request or a question — and so
is every piece of it apart from its bracketed asides and on each
side of a colon, so a fact with a keep request beside it ("Old Bess is buried under
the holly hedge (please don't let me forget it).", "Please store this permanently:
the crush serial is CR-91146.") is a fact. Derived memories (digests, insights)
have rules of their own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from remem.model import Kind, MemoryRecord
from remem.write.acts import Act, classify

_ASKS = frozenset({Act.REQUEST, Act.QUESTION})
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def session_only(record: MemoryRecord) -> bool:
    """Whether ``record`` is a prompt rather than a fact (see the module doc)."""
    if record.kind is not Kind.SEMANTIC or any(t.startswith("rollup") for t in record.tags):
        return False
    return _session_only_text(record.content)


@lru_cache(maxsize=4096)
def _session_only_text(text: str) -> bool:
    if not _asks(text):
        return False
    bare = _BRACKETED.sub(" ", text)
    pieces = [bare, *bare.split(":")] if ":" in bare else [bare]
    return all(_asks(p) for p in (p.strip() for p in pieces) if p)


def _asks(text: str) -> bool:
    sentences = classify(text).sentences
    return bool(sentences) and all(s.act in _ASKS for s in sentences)
