"""Does a message ask the agent to keep what it says — in any phrasing?

"Keep this for good.", "I'll kick myself if we lose this.", "Would you mind
keeping this on record?", "Pin it.", "pls rember this forver", "Remind me a week
before." are keep requests; "I keep forgetting my keys", "Do you remember that
film?", "Save the file as draft.md", "Our guide said remember this view" are not.

A request is found in three steps, none of them a list of phrasings (the
first two, words alone, in :mod:`remem.write.keep_shape`):

1. **Clauses**: the message is cut where a request can sit apart from the fact —
   sentence ends, colons, brackets, commas, and an unpunctuated start of a new
   sentence ("... this one forever The wine ...").
2. **Structure** of each clause, word classes rather than phrases (typos are
   read as the class word they are one edit away from): a *retention* verb
   (remember, keep, save, lose, remind ...), a *reference* to the fact (this,
   that, it, one), a *directive* (an imperative, please, a modal addressed to
   the assistant, "I want you to"), a *persistence* or *value* word (forever,
   important, later); and the cues that turn it into something else — a
   question about memory, reported speech ("she said ..."), a statement about
   the speaker's own habits ("I keep ...").
3. **Meaning**: the clause's similarity to a few prototype requests, minus its
   similarity to prototype look-alikes, with the configured embedder.

The two are combined into one score (weights and threshold in
:class:`remem.config.Config`, ``keep_*``); the best clause above the threshold
is the request. Whether it asks to be *reminded* (act on it later) rather than
only kept is decided the same way, against reminder prototypes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from remem.config import Config
from remem.providers.base import Embedder
from remem.write.keep_shape import Clause, clauses, structure, tokens

KEEP_PROTOTYPES = (
    "Please remember this.",
    "Keep this for me permanently.",
    "Don't ever forget this.",
    "Save this in your memory for good.",
    "This is important, don't lose it.",
    "I will need this later, so hold on to it.",
    "Make a note of that and keep it.",
    "Store that somewhere safe.",
)
REMIND_PROTOTYPES = (
    "Remind me about this before it is due.",
    "Please remind me nearer the time.",
    "Warn me before the deadline.",
    "Tell me again when it comes up.",
)
LOOKALIKE_PROTOTYPES = (
    "I keep forgetting things.",
    "Do you remember what happened?",
    "I remember when we were young.",
    "Keep going.",
    "Save the file.",
    "This is important to the story.",
    "She told him not to forget.",
    "That reminds me of something.",
    "I will never forget that day.",
)


@dataclass(frozen=True, slots=True)
class KeepRequest:
    """A keep request found in a message: the clause, its score, and whether it
    asks to be reminded (``remind``) rather than only kept."""

    clause: Clause
    score: float
    remind: bool
    structure: float
    meaning: float
    embeds_fact: bool = False


class Prototypes:
    """Prototype vectors for one embedder (computed once per embedder)."""

    def __init__(self, embedder: Embedder) -> None:
        texts = [*KEEP_PROTOTYPES, *REMIND_PROTOTYPES, *LOOKALIKE_PROTOTYPES]
        vectors = _unit(np.asarray(embedder.embed_documents(texts), dtype=np.float32))
        k, r = len(KEEP_PROTOTYPES), len(REMIND_PROTOTYPES)
        self.keep = vectors[:k]
        self.remind = vectors[k : k + r]
        self.lookalike = vectors[k + r :]
        self.model_id = embedder.model_id


_CACHE: dict[str, Prototypes] = {}


def prototypes(embedder: Embedder) -> Prototypes:
    """The prototype vectors in ``embedder``'s space, cached by its model id."""
    cached = _CACHE.get(embedder.model_id)
    if cached is None:
        cached = _CACHE[embedder.model_id] = Prototypes(embedder)
    return cached


def _unit(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    return vectors / np.where(norms == 0, 1.0, norms)


def _similarities(
    texts: Sequence[str], embedder: Embedder, config: Config
) -> list[tuple[float, float, float]]:
    """Each clause's best cosine to the keep, reminder and look-alike prototypes;
    zeros with an embedder the thresholds were not chosen for (structure decides)."""
    if embedder.model_id not in config.importance_models:
        return [(0.0, 0.0, 0.0)] * len(texts)
    protos = prototypes(embedder)
    normalised = [" ".join(tokens(text)) for text in texts]
    vectors = _unit(np.asarray(embedder.embed_documents(normalised), dtype=np.float32))
    return [
        (
            float(np.max(protos.keep @ v)),
            float(np.max(protos.remind @ v)),
            float(np.max(protos.lookalike @ v)),
        )
        for v in vectors
    ]


def find_keep_request(text: str, *, embedder: Embedder, config: Config) -> KeepRequest | None:
    """The keep request in ``text``, or None (see the module docstring)."""
    found = [(c, structure(c.text)) for c in clauses(text)]
    shaped = [(c, s) for c, s in found if s.value >= config.keep_min_structure]
    if not shaped:
        return None
    passing: list[KeepRequest] = []
    for (clause, shape), (keep, remind, other) in zip(
        shaped, _similarities([c.text for c, _ in shaped], embedder, config), strict=True
    ):
        meaning = max(keep, remind) - other
        score = config.keep_structure_weight * shape.value + config.keep_meaning_weight * meaning
        if score >= config.keep_threshold:
            passing.append(
                KeepRequest(
                    clause, round(score, 4), shape.remind or remind > keep + config.keep_remind_margin,
                    shape.value, round(meaning, 4), shape.embeds_fact,
                )
            )  # fmt: skip
    # The smallest clause that asks: "would you mind remembering this" rather than
    # the whole sentence around it, so the fact is what remains.
    return min(passing, key=lambda r: (len(r.clause.text), -r.score), default=None)
