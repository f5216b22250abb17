"""A person of the speaker's told beside the speaker: the embedding model tells a noun
that names a person ("my bro", "my neighbours") from a thing ("my salary"), so that a
relative's news is no update of the speaker's own fact. Sentences written for the test."""

from __future__ import annotations

import pytest

from remem import Config
from remem.providers.registry import get_embedder
from remem.slots import analyse, compare
from remem.slots.compare import texts_to_embed
from remem.slots.semantic import lookup

CONFIG = Config()


def _verdict(old: str, new: str, margin: float | None = CONFIG.update_person_margin) -> str:
    pytest.importorskip("onnxruntime")
    embedder = get_embedder("onnx-minilm", CONFIG)
    a, b = analyse(old, "Noor"), analyse(new, "Noor")
    texts = list(dict.fromkeys(texts_to_embed(a, b)))
    similarity = lookup(
        dict(zip(texts, embedder.embed_documents(texts), strict=True)),
        CONFIG.update_slot_floor, CONFIG.update_kin_floor, CONFIG.update_slot_share,
        CONFIG.update_change_share, CONFIG.update_weak_cue_floor, CONFIG.update_tie_floor,
        margin,
    )  # fmt: skip
    verdict = compare(a, b, weights=CONFIG.update_weights, similarity=similarity)
    return ("update " if verdict.updates(CONFIG.update_threshold) else "keep ") + verdict.explain()


def test_a_person_of_the_speakers_is_not_the_speaker() -> None:
    old = "I rent a studio in Camden."
    for new in ("My flatmates moved to Hackney.", "My hubby just relocated to Hackney."):
        verdict = _verdict(old, new)
        assert verdict.startswith("keep other") and "about different people" in verdict, verdict
    # without the model's reading the relative's move replaced the speaker's home
    assert _verdict(old, "My flatmates moved to Hackney.", margin=None).startswith("update")


def test_a_thing_of_the_speakers_is_still_the_speakers_slot() -> None:
    verdict = _verdict("I earn 40k a year.", "My salary went up to 48k a year.")
    assert "about different people" not in verdict, verdict
    # a person of the speaker's acting on the speaker is about the speaker
    acted = _verdict("I'm on 20mg of sertraline.", "My psychiatrist moved me to 40mg.")
    assert "about different people" not in acted, acted


def test_a_person_of_the_speakers_reporting_speaks_of_the_speakers_slot() -> None:
    old = "I swim three times a week."
    verdict = _verdict(
        old, "My trainer said twice a week is enough now that the shoulder is better."
    )
    assert "about different people" not in verdict, verdict
