"""The :class:`Extractor` protocol, its context, and its result type.

Extractors produce :class:`~remem.write.candidate.CandidateFact` objects
(re-exported here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

from remem.config import Config
from remem.write.candidate import CandidateFact, Flag, Relation
from remem.write.transcript import Message

__all__ = [
    "CandidateFact",
    "ExtractContext",
    "Extraction",
    "Extractor",
    "Flag",
    "Relation",
]


@dataclass(frozen=True, slots=True)
class ExtractContext:
    """What an extractor needs besides the messages.

    ``user_name`` names the human when messages only say ``user``;
    ``reference_time`` anchors relative dates when a message has no timestamp.
    """

    config: Config
    user_name: str | None = None
    assistant_name: str = "the assistant"
    reference_time: datetime | None = None


class Extraction(list[CandidateFact]):
    """The facts an extractor found, plus how they were found.

    ``fallback_reason`` is set when an LLM extractor gave up and the rules
    extractor produced these facts instead; the caller records it in the audit log.
    """

    def __init__(
        self,
        facts: Sequence[CandidateFact] = (),
        *,
        extractor_version: str,
        fallback_reason: str | None = None,
    ) -> None:
        super().__init__(facts)
        self.extractor_version = extractor_version
        self.fallback_reason = fallback_reason


@runtime_checkable
class Extractor(Protocol):
    """Turns messages into candidate facts."""

    @property
    def version(self) -> str:
        """The extractor's version, stored on every memory it produced."""
        ...

    def extract(
        self, messages: Sequence[Message], *, context: ExtractContext
    ) -> list[CandidateFact]:
        """Candidate facts from ``messages`` (usually an :class:`Extraction`)."""
        ...
