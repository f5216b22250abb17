"""What a sentence of a prompt means, by the embedding model: a task for now, a
statement of fact, or a standing instruction about how to work.

Sentence structure (:mod:`remem.write.acts`) decides most sentences; what it leaves
open — a clause headed by a verb the structure does not know ("tweak the prompt so
...", "hook the worker up to ..."), a preference about the assistant's work said as a
statement about the speaker ("I prefer you ask before installing packages", "for
travel plans give me a day-by-day table"), an imperative that sets how to work rather
than a task ("keep answers short") — is read by its nearness to a few prototype
sentences of each kind, written for this module (not taken from any evaluation set),
in the configured embedder's space: the best cosine to each kind, and the margins
between them against thresholds chosen on the dev half of the utterances set
(``act_request_margin``, ``act_standing_margin`` in :class:`remem.config.Config`,
docs/benchmarks.md). With an embedder the thresholds were not chosen for
(``importance_models``), there is no reading: structure alone decides.

A sentence read as a statement is also scored as a durable fact or something said in
passing (a mood, a judgement, what is wrong right now): a logistic model on the
sentence's unit vector and whether it pins a value down, shipped as weights for the
bundled model (``remem/data/fact-model-minilm.json``, fitted by bench/fact_model.py on
the labelled prompts of the spent evaluation sets; threshold ``act_durable_min``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np

from remem.config import Config
from remem.providers.base import Embedder
from remem.write.act_beside import durable_beside_ask
from remem.write.act_sentence import STANDING_CUE

if TYPE_CHECKING:
    from remem.write.acts import Utterance

__all__ = ["ActScores", "act_meaning", "reader"]

REQUEST_PROTOTYPES = (
    "Fix the failing test in the checkout module.",
    "Write a small script that renames the files by date.",
    "Add a retry around the upload call.",
    "Can you look at the logs for that error?",
    "Update the readme with the new setup steps.",
    "Move that helper into its own file.",
    "Hook the worker up to the queue.",
    "Tweak the query so it runs faster.",
    "Draft a reply to the landlord about the repair.",
    "Make me a shopping list for this week.",
    "Deploy the new build to staging.",
    "Find a cheap flight to Rome for next weekend.",
)
STATEMENT_PROTOTYPES = (
    "The staging database runs on port 5433.",
    "We deploy the app on Fly.io.",
    "My sister lives in Lisbon.",
    "The project uses Python 3.12 and Poetry.",
    "Our CI runs on GitHub Actions.",
    "The invoices go to the finance team.",
    "I am allergic to peanuts.",
    "The service moved to the new cluster last week.",
    "The production settings live in settings/production.py.",
    "Our team meets every Monday at ten.",
    "My car insurance renews in June.",
    "The dog is called Biscuit.",
)
STANDING_PROTOTYPES = (
    "From now on, always ask me before installing packages.",
    "Keep your answers short.",
    "Never push directly to the main branch.",
    "I prefer tables over long paragraphs in your answers.",
    "Whenever you change the schema, write a migration too.",
    "Use British spelling in everything you write for me.",
    "You don't have to explain every line back to me.",
    "Run the linter before every commit.",
    "In this repo we indent with tabs.",
    "I'd rather you summarise at the end than narrate each step.",
    "When I ask about money, give me the actual numbers.",
    "Don't use emojis in your replies.",
)


@dataclass(frozen=True, slots=True)
class ActScores:
    """A sentence's best cosine to each kind of prototype."""

    request: float
    statement: float
    standing: float
    durable: float | None = None  # the durable-fact model's logit; None: no model for it

    @property
    def request_margin(self) -> float:
        """How much more a task for now than a statement of fact."""
        return self.request - self.statement

    @property
    def standing_margin(self) -> float:
        """How much more a standing instruction than either a task or a fact."""
        return self.standing - max(self.request, self.statement)


class _Prototypes:
    def __init__(self, embedder: Embedder) -> None:
        groups = (REQUEST_PROTOTYPES, STATEMENT_PROTOTYPES, STANDING_PROTOTYPES)
        vectors = _unit(embedder.embed_documents([t for g in groups for t in g]))
        a, b = len(REQUEST_PROTOTYPES), len(REQUEST_PROTOTYPES) + len(STATEMENT_PROTOTYPES)
        self.request, self.statement, self.standing = vectors[:a], vectors[a:b], vectors[b:]


_PROTOTYPES: dict[str, _Prototypes] = {}
_FACT_MODEL_FILE = "fact-model-minilm.json"


@dataclass(frozen=True)
class _FactModel:
    weights: np.ndarray
    value: float
    bias: float

    def logit(self, unit: np.ndarray, text: str) -> float:
        held = self.value if durable_beside_ask(text) else 0.0
        return float(self.weights @ unit) + held + self.bias


@cache
def _fact_model(model_id: str) -> _FactModel | None:
    """The durable-fact model fitted for ``model_id``'s space, or None."""
    raw = json.loads(resources.files("remem.data").joinpath(_FACT_MODEL_FILE).read_text("utf-8"))
    if raw["model_id"] != model_id:
        return None
    weights = np.asarray(raw["weights"], dtype=np.float32)
    return _FactModel(weights, float(raw["value"]), float(raw["bias"]))


def _unit(vectors: object) -> np.ndarray:
    array = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(array, axis=-1, keepdims=True)
    return array / np.where(norms == 0, 1.0, norms)


def act_meaning(embedder: Embedder | None, config: Config) -> Callable[[str], ActScores] | None:
    """A reader of sentences in ``embedder``'s space (cached per text), or None when
    the thresholds were not chosen for it or the reading is off (``act_meaning``)."""
    if embedder is None or not config.act_meaning:
        return None
    if embedder.model_id not in config.importance_models:
        return None
    protos = _PROTOTYPES.get(embedder.model_id)
    if protos is None:
        protos = _PROTOTYPES[embedder.model_id] = _Prototypes(embedder)
    facts = _fact_model(embedder.model_id)
    seen: dict[str, ActScores] = {}

    def read(text: str) -> ActScores:
        found = seen.get(text)
        if found is None:
            v = _unit(embedder.embed_documents([text]))[0]
            found = seen[text] = ActScores(
                float(np.max(protos.request @ v)),
                float(np.max(protos.statement @ v)),
                float(np.max(protos.standing @ v)),
                None if facts is None or facts.weights.shape != v.shape else facts.logit(v, text),
            )
        return found

    return read


def reader(embedder: Embedder | None, config: Config) -> Callable[..., Utterance]:
    """:func:`remem.write.acts.classify` with ``embedder``'s reading and Config's
    margins (``act_*``): what the hook path and the write path read a prompt with.
    Called as ``read(text, previous=...)``."""
    from remem.write.act_example import by_example
    from remem.write.acts import classify

    meaning = act_meaning(embedder, config)

    def read(text: str, *, previous: str | None = None) -> Utterance:
        def said_with(standing: float, imperative: float) -> Utterance:
            return classify(
                text,
                previous=previous,
                meaning=meaning,
                request_margin=config.act_request_margin,
                standing_margin=standing,
                imperative_standing_margin=imperative,
                fact_margin=config.act_fact_margin,
                durable_min=config.act_durable_min,
            )

        said = said_with(config.act_standing_margin, config.act_imperative_standing_margin)
        if meaning is None:
            return by_example(said, previous=previous)
        logit = _Logit(embedder, text, previous)
        if _standing_by_nearness_only(said, logit, config):
            # read again with no sentence a rule by its nearness to instructions alone
            said = said_with(math.inf, math.inf)
        return _standing(by_example(said, previous=previous), config, previous, logit)

    return read


class _Logit:
    """The lesson model's logit of one prompt, computed once when first asked."""

    def __init__(self, embedder: Embedder | None, text: str, previous: str | None) -> None:
        self._args = (embedder, text, previous)
        self._value: float | None = None
        self._done = False

    def __call__(self) -> float | None:
        if not self._done:
            from remem.write.act_lesson import lesson_logit

            self._value, self._done = lesson_logit(*self._args), True
        return self._value


def _standing_by_nearness_only(said: Utterance, logit: _Logit, config: Config) -> bool:
    """Whether ``said`` is a lesson only because a sentence is near the standing
    instructions (cue ``embedding-standing``: nothing in its structure says how to work)
    and that reading is not borne out: beside a request or a question — a statement
    there is what the ask is about ("I see both in tutorials and I'm not sure which one
    to use", "it'll be figure 3") — or with the whole prompt's lesson logit below
    ``act_standing_prompt_min`` ("push it", "ugh, that year lost so many")."""
    from remem.write.acts import Act

    if not said.is_lesson:
        return False
    lessons = [s for s in said.sentences if s.act in (Act.RULE, Act.CORRECTION)]
    if not all(any(c.startswith(STANDING_CUE) for c in s.cues) for s in lessons):
        return False
    if said.has(Act.REQUEST, Act.QUESTION):
        return True
    floor = config.act_standing_prompt_min
    value = logit() if floor is not None else None
    return value is not None and floor is not None and value < floor


def _standing(said: Utterance, config: Config, previous: str | None, logit: _Logit) -> Utterance:
    """``said`` with its statements read as a lesson when structure read none in it (nor
    a question) and the lesson model (:mod:`remem.write.act_lesson`) scores it
    ``act_lesson_min`` or more."""
    from remem.write.act_lesson import as_lesson
    from remem.write.acts import Act

    challenged = _challenged(said, config, previous, logit)
    if challenged is not None:
        return challenged
    # a question beside the statement asks about it: no instruction
    if config.act_lesson_min is None or said.is_lesson or said.has(Act.QUESTION):
        return said
    if not said.has(Act.STATEMENT):
        return said
    value = logit()
    if value is None or value < config.act_lesson_min:
        return said
    return as_lesson(said, previous=previous)


def _challenged(
    said: Utterance, config: Config, previous: str | None, logit: _Logit
) -> Utterance | None:
    """``said`` read as a correction asked as a question (:mod:`remem.write.act_challenge`)
    when it challenges the turn before and the lesson model scores it
    ``act_challenge_lesson_min`` or more; else None."""
    from remem.write.act_challenge import as_correction, challenged

    floor = config.act_challenge_lesson_min
    if floor is None or not challenged(said, previous=previous):
        return None
    value = logit()
    return as_correction(said) if value is not None and value >= floor else None
