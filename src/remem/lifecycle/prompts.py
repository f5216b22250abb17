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

Whether it is one is read by :func:`remem.write.fact_shape.is_prompt`, the test
the write path uses before a keep request or a domain floor makes a memory permanent.
Derived memories (digests, insights) have rules of their own.
"""

from __future__ import annotations

from remem.model import Kind, MemoryRecord
from remem.write.fact_shape import holds_value, is_prompt


def session_only(record: MemoryRecord) -> bool:
    """Whether ``record`` is a prompt rather than a fact (see the module doc)."""
    if record.kind is not Kind.SEMANTIC or any(t.startswith("rollup") for t in record.tags):
        return False
    return is_prompt(record.content)


def chatter(record: MemoryRecord) -> bool:
    """Whether ``record`` is a statement that pins no value down (no number, code or
    name: :func:`remem.write.fact_shape.holds_value`) — "Back from the mart, knackered.",
    "The kids are finally asleep." — which, until it is used, is treated as a prompt is:
    archived after ``archive_session_only_days`` unused (reversibly), never purged."""
    if record.kind is not Kind.SEMANTIC or any(t.startswith("rollup") for t in record.tags):
        return False
    return not holds_value(record.content)
