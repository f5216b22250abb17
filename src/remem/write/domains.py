"""Is a fact about health, identity, legal or financial matters?

Such facts (an allergy, a dose, a passport's expiry, a court date, a debt) must
not fade: they get a floor on importance and the permanent tier. A fact is
judged by meaning, not by a word list: its vector's best cosine against short
descriptions of each domain, minus a share of its best cosine against
descriptions of everyday look-alikes (a job, a shop, a film, what someone said),
plus a small bonus for the structural cues such facts carry (a number with a
unit or an amount, a date, an identifier). The score is compared with ``config.domain_threshold`` (chosen on the dev half of
the importance set, docs/benchmarks.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from remem.providers.base import Embedder

DOMAINS: dict[str, tuple[str, ...]] = {
    "health": (
        "A medical condition or illness someone has.",
        "An allergy to a food, drug or insect.",
        "A medication someone takes and its dose.",
        "Blood type, an implant or a pregnancy.",
        "The doctor, surgeon or clinic treating someone.",
    ),
    "identity": (
        "An official identity document: passport, visa, driving licence, ID card.",
        "Someone's legal name, date of birth or citizenship.",
        "A national insurance, social security or registration number.",
    ),
    "legal": (
        "A court hearing, tribunal or legal case.",
        "A will, power of attorney, executor or trust.",
        "A solicitor or lawyer handling a legal matter.",
        "A tenancy agreement, contract, notice or settlement.",
    ),
    "financial": (
        "Money owed: a loan, mortgage, debt or credit card balance.",
        "Salary, pension, savings or investments.",
        "Rent, bills, tax payments and their amounts.",
        "A bank account or financial provider.",
    ),
}

# What a fact can be about instead: a workplace is not a bank account, a film
# about a court case is not a court date.
EVERYDAY: tuple[str, ...] = (
    "Someone's job, studies or workplace.",
    "A shop, building or public place.",
    "A film, book, game or story.",
    "What someone said to another person.",
    "Everyday life: meals, weather, shopping, hobbies and outings.",
)

# Cues of a specific, checkable value: a number with a unit or an amount, a date,
# an identifier mixing letters and digits.
_CUES = re.compile(
    r"\b\d+(?:[.,]\d+)?\s*(?:mg|mcg|ml|g|units?|puffs?|percent|%)|[£$€]\s?\d|\b\d{1,3}(?:,\d{3})+\b"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"|\b(?:19|20)\d{2}\b|\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{3,}\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class DomainMatch:
    """The best domain of a fact and its score (see :func:`domain_of`)."""

    domain: str
    score: float


class _Descriptions:
    def __init__(self, embedder: Embedder) -> None:
        self.names = [name for name, texts in DOMAINS.items() for _ in texts]
        texts = [text for texts in DOMAINS.values() for text in texts]
        raw = np.asarray(embedder.embed_documents([*texts, *EVERYDAY]), dtype=np.float32)
        norms = np.linalg.norm(raw, axis=1, keepdims=True)
        vectors = raw / np.where(norms == 0, 1.0, norms)
        self.vectors, self.everyday = vectors[: len(texts)], vectors[len(texts) :]


_CACHE: dict[str, _Descriptions] = {}


def has_cue(text: str) -> bool:
    """Whether ``text`` carries a dose, an amount, a date or an identifier."""
    return _CUES.search(text) is not None


def domain_of(
    text: str,
    vector: np.ndarray,
    *,
    embedder: Embedder,
    cue_bonus: float,
    everyday_weight: float,
) -> DomainMatch:
    """The closest domain of a fact with vector ``vector`` (in ``embedder``'s space)
    and its score: best domain cosine - ``everyday_weight`` x best everyday cosine
    + ``cue_bonus`` if the text carries a cue."""
    described = _CACHE.get(embedder.model_id)
    if described is None:
        described = _CACHE[embedder.model_id] = _Descriptions(embedder)
    unit = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(unit))
    unit = unit / norm if norm else unit
    sims = described.vectors @ unit
    best = int(np.argmax(sims))
    score = float(sims[best]) - everyday_weight * float(np.max(described.everyday @ unit))
    score += cue_bonus if has_cue(text) else 0.0
    return DomainMatch(described.names[best], round(score, 4))
