"""Extractors: messages in, candidate facts out (rules by default, LLM optional)."""

from remem.write.extract.base import (
    CandidateFact,
    ExtractContext,
    Extraction,
    Extractor,
    Flag,
    Relation,
)
from remem.write.extract.rules import EXTRACTOR_VERSION as RULES_VERSION
from remem.write.extract.rules import RulesExtractor

__all__ = [
    "RULES_VERSION",
    "CandidateFact",
    "ExtractContext",
    "Extraction",
    "Extractor",
    "Flag",
    "Relation",
    "RulesExtractor",
]
