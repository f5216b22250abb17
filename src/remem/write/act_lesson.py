"""A prompt read as a standing instruction about how to work, by the embedding model.

Sentence structure (:mod:`remem.write.acts`) reads the directive phrasings of a lesson
("always ...", "don't ...", "use X, not Y", "you forgot ..."). A user as often says how
to work as a plain statement: a preference about the assistant's work said about
themselves ("I like my summaries in three bullets"), a rule said as a fact about the
team ("we keep one migration per pull request, full stop"), a correction that says
what is right without saying what was wrong ("that's the deprecated client, the new
one lives in pkg/sdk2"). Structure reads those as statements, which would become
facts.

This module scores a whole prompt with a logistic model on the bundled embedder's
unit vector of the prompt, whether an assistant turn came before it and the cosine
between the two (a correction is about that turn). Only weights are shipped
(``remem/data/lesson-model-minilm.json``, fitted by bench/lesson_model.py on the
labelled prompts of the spent evaluation sets and sentences written for the fit);
with another embedder there is no model and structure alone decides. A prompt
structure reads as no lesson whose logit is at least ``act_lesson_min`` (Config,
chosen on leave-one-project-out scores, docs/benchmarks.md) has its statements read
as a correction when an assistant turn came before it (so the lesson carries what
that turn did as its context, :meth:`remem.agent.agent.MemoryAgent.observe`), as a
rule otherwise; its requests and questions stay what they are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from remem.providers.base import Embedder
from remem.write.act_sentence import Act, Sentence
from remem.write.acts import Utterance

__all__ = ["as_lesson", "lesson_features", "lesson_logit"]

_MODEL_FILE = "lesson-model-minilm.json"
PREVIOUS_CHARS = 1500  # the end of the turn before: its last reply and tool calls
CUE = "lesson-model"


@dataclass(frozen=True)
class _LessonModel:
    weights: np.ndarray
    previous: np.ndarray
    bias: float


@cache
def _model(model_id: str) -> _LessonModel | None:
    """The lesson model fitted for ``model_id``'s space, or None."""
    raw = json.loads(resources.files("remem.data").joinpath(_MODEL_FILE).read_text("utf-8"))
    if raw["model_id"] != model_id:
        return None
    return _LessonModel(
        np.asarray(raw["weights"], dtype=np.float64),
        np.asarray(raw["previous"], dtype=np.float64),
        float(raw["bias"]),
    )


def lesson_features(embedder: Embedder, text: str, previous: str | None) -> np.ndarray:
    """The model's inputs: the prompt's unit vector, 1 when a turn came before it, and
    the cosine of the prompt to that turn's end (0 without one)."""
    before = (previous or "").strip()[-PREVIOUS_CHARS:]
    texts = [text, before] if before else [text]
    vectors = np.asarray(embedder.embed_documents(texts), dtype=np.float64)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors = vectors / np.where(norms == 0, 1.0, norms)
    cosine = float(vectors[0] @ vectors[1]) if before else 0.0
    return np.r_[vectors[0], float(bool(before)), cosine]


def lesson_logit(embedder: Embedder | None, text: str, previous: str | None) -> float | None:
    """The lesson model's logit for ``text`` after ``previous``, or None when there is
    no model for ``embedder``'s space."""
    if embedder is None:
        return None
    model = _model(embedder.model_id)
    if model is None:
        return None
    x = lesson_features(embedder, text, previous)
    if x.shape[0] != model.weights.shape[0] + 2:
        return None
    return float(model.weights @ x[:-2] + model.previous @ x[-2:] + model.bias)


def as_lesson(said: Utterance, *, previous: str | None) -> Utterance:
    """``said`` with its statements read as a correction of the turn before (when
    there was one) or as a standing rule, cue ``lesson-model``."""
    act = Act.CORRECTION if (previous or "").strip() else Act.RULE
    return Utterance(
        text=said.text,
        sentences=tuple(
            Sentence(s.text, act, (*s.cues, CUE)) if s.act is Act.STATEMENT else s
            for s in said.sentences
        ),
    )
