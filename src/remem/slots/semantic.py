"""Evidence from the embedding model: is a newer fact about the old one's slot, and
are the parts that differ two values of one kind?

Word overlap misses a slot told in other words ("Lily takes the 7:15 bus to
work" / "Lily is catching the 6:50 train now") and cannot tell two values of
one kind ("junior" / "senior", "renters" / "homeowners", "green" / "orange")
from two different things said about a subject. Two comparisons with the
configured embedder answer that:

- **slot**: the two statements with their values masked (dates, times,
  amounts, numbers, versions, names removed), compared whole: how alike the
  rest of the statement is;
- **kin**: the words of each predicate that the other statement does not
  have, compared: how alike the values that differ are.

A slot similarity at or above ``Config.update_slot_share`` also ties the two
statements to one attribute when they share no word of it ("Logs ship to
Elasticsearch" / "logs go to Loki now"): the "no shared attribute" and "only
wording differs" penalties of :mod:`remem.slots.evidence` then do not apply.
At ``Config.update_change_share`` (lower) it does so when the old statement holds
one value at a time and the newer one marks a change ("Nate is a contractor" /
"got hired on full time"; :func:`remem.slots.evidence.single_valued`).

Each similarity counts above a floor (``Config.update_slot_floor``,
``Config.update_kin_floor``), scaled to 0..1, times its weight
(``update_weights["slot"]``, ``["kin"]``). The texts to compare are pure
functions of the two facts (:func:`texts_for`), so the write path embeds them
all before its transaction opens and looks them up inside it
(:class:`Similarity`). Without an embedder the evidence is absent, never
guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from remem.slots import lexicon as lx
from remem.slots.facts import Fact
from remem.slots.tokens import is_word

SimilarityFn = Callable[[str, str], "float | None"]


@dataclass(frozen=True, slots=True)
class Similarity:
    """Cosine similarity of two short texts (None when unknown) and the floors above
    which each kind of similarity counts as evidence."""

    cosine: SimilarityFn
    slot_floor: float = 0.45
    kin_floor: float = 0.3
    share_floor: float = 0.9  # masked statements this alike are about one attribute
    change_floor: float = 0.65  # this alike, when the newer one marks a change of a one-value slot
    weak_floor: float = 0.5  # a currency cue ("now", "new") says a change only this alike
    tie_floor: float = 0.3  # under this, values on both sides tie no targeted cue
    # a noun of the speaker's is a person's when "my <noun>" is this much nearer the
    # people prototypes than the things ones (None: never read)
    person_margin: float | None = None


@dataclass(frozen=True, slots=True)
class SemanticEvidence:
    """The two scaled similarities (0..1, None when unknown) and their raw cosines."""

    slot: float | None = None
    kin: float | None = None
    slot_cos: float | None = None
    kin_cos: float | None = None


def masked(fact: Fact) -> str:
    """The statement with its values (dates, amounts, numbers, versions, names) taken out."""
    hidden = {i for v in fact.values for i in v.tokens}
    words = [t.text for t in fact.tokens if t.index not in hidden and t.text not in ",;:!?.\"'"]
    return " ".join(words)


def differing(fact: Fact, other: Fact, cue_words: frozenset[str] = frozenset()) -> str:
    """The words of ``fact``'s predicate that ``other`` does not have (its values and
    content words, no function words or cues)."""
    words = [
        t.text
        for t in fact.tokens[fact.verb_at :]
        if (is_word(t) or t.low[:1].isdigit() or t.low[:1] in "$€£¥/")
        and t.low not in lx.LIGHT
        and t.low not in lx.COPULAS
        and t.low not in cue_words
        and not t.pronoun
        and t.low not in other.mentions
        and t.stem not in other.mentions
    ]
    return " ".join(words)


def _cue_words(fact: Fact) -> frozenset[str]:
    return frozenset(
        w for c in (*fact.strong_cues, *fact.weak_cues, *fact.additive) for w in c.split()
    )


def texts_for(old: Fact, new: Fact) -> list[str]:
    """Every text :func:`evidence` compares for this pair (to embed them ahead)."""
    out = [masked(old), masked(new)]
    a = differing(old, new, _cue_words(old))
    b = differing(new, old, _cue_words(new))
    if a and b:
        out += [a, b]
    return [t for t in out if t]


def evidence(old: Fact, new: Fact, similarity: Similarity | None) -> SemanticEvidence:
    """The slot and kin evidence of a pair (see the module doc)."""
    if similarity is None:
        return SemanticEvidence()
    slot_cos = similarity.cosine(masked(old), masked(new))
    a = differing(old, new, _cue_words(old))
    b = differing(new, old, _cue_words(new))
    kin_cos = similarity.cosine(a, b) if a and b else None
    return SemanticEvidence(
        slot=_scaled(slot_cos, similarity.slot_floor),
        kin=_scaled(kin_cos, similarity.kin_floor),
        slot_cos=slot_cos,
        kin_cos=kin_cos,
    )


# what "my <noun>" is compared with to tell a person ("my neighbours", "my bf") from a
# thing of the speaker's ("my salary", "my commute"): fixed generic phrases, one set each
PEOPLE = ("my friend", "my relative", "my colleague", "someone I know")
THINGS = ("my belongings", "my plans", "my things", "my stuff")


def person_text(word: str) -> str:
    """The text a noun of the speaker's is embedded as."""
    return "my " + word


def person_like(word: str, similarity: Similarity | None) -> bool | None:
    """Whether the speaker's ``word`` ("neighbours", "bro") names a person: "my <word>"
    is nearer the :data:`PEOPLE` than the :data:`THINGS` (mean cosines) by
    ``Similarity.person_margin``. None when unknown (no model, or not embedded)."""
    if similarity is None or similarity.person_margin is None:
        return None
    text = person_text(word)
    people = [similarity.cosine(text, p) for p in PEOPLE]
    things = [similarity.cosine(text, t) for t in THINGS]
    if any(c is None for c in (*people, *things)):
        return None
    near = sum(c for c in people if c is not None) / len(PEOPLE)
    far = sum(c for c in things if c is not None) / len(THINGS)
    return near - far >= similarity.person_margin


def _scaled(value: float | None, floor: float) -> float | None:
    if value is None:
        return None
    return max(0.0, min(1.0, (value - floor) / (1.0 - floor))) if floor < 1 else 0.0


def lookup(
    vectors: Mapping[str, object],
    floor_slot: float,
    floor_kin: float,
    floor_share: float,
    floor_change: float = 0.65,
    floor_weak: float = 0.5,
    floor_tie: float = 0.3,
    person_margin: float | None = None,
) -> Similarity:
    """A :class:`Similarity` over precomputed unit vectors (``text -> vector``): a text
    that was not embedded ahead gives no evidence."""

    def cosine(a: str, b: str) -> float | None:
        va, vb = vectors.get(a), vectors.get(b)
        if va is None or vb is None:
            return None
        return float(va @ vb)  # type: ignore[operator]

    return Similarity(
        cosine, floor_slot, floor_kin, floor_share, floor_change, floor_weak, floor_tie,
        person_margin,
    )  # fmt: skip
