"""Answerability's kind test with the bundled MiniLM model (slow: loads the ONNX model)."""

from __future__ import annotations

import pytest

from remem.providers.onnx import OnnxMiniLMEmbedder
from remem.read.answerable import Head, asked_head, judge

pytestmark = pytest.mark.slow


def _verdicts(question: str, texts: list[str]) -> list[tuple[bool, str]]:
    head = asked_head(question)
    assert isinstance(head, Head)
    return [(v.passed, v.by) for v in judge(head, texts, OnnxMiniLMEmbedder(), floor=0.71)]


def test_an_instance_of_the_kind_passes_and_an_unrelated_animal_does_not() -> None:
    texts = ["We keep a cockatiel in the kitchen", "Our tortoise sleeps all winter"]
    assert _verdicts("what kind of bird do we keep?", texts) == [
        (True, "instance"),
        (False, "instance"),
    ]


def test_a_sibling_of_the_kind_fails_however_its_breed_does() -> None:
    texts = ["Our dog Bramble is a spaniel", "Our kitten is called Pip"]
    assert _verdicts("what is my cat called?", texts) == [(False, "sibling"), (True, "instance")]
