"""A correction asked as a question (remem.write.act_challenge): the shapes that
object to the turn before, and the reader turning such a prompt into a correction
only after a turn and with the lesson model's score."""

from __future__ import annotations

import pytest

from remem.config import Config
from remem.providers.registry import get_embedder
from remem.write.act_challenge import CUE, as_correction, challenge, challenged
from remem.write.act_meaning import reader
from remem.write.act_sentence import Act, Sentence
from remem.write.acts import classify


def _q(text: str) -> Sentence:
    return Sentence(text, Act.QUESTION, ("interrogative",))


@pytest.mark.parametrize(
    ("text", "shape"),
    [
        ("hmm, wasn't that the deprecated router?", "negative"),
        ("didn't we agree on snake_case for columns?", "negative"),
        ("why did you pick yarn here?", "why-you"),
        ("why is there a second config loader?", "why-you"),
        ("could we perhaps not vendor the whole sdk?", "not-suggested"),
        ("the tabs again?", "again"),
        ("no, string formatting in a log call??", "no-lead"),
        ("nooooo wait, didn't we say staging first??", "negative"),
        ("did the migration run?", None),
        ("what does the retry count default to?", None),
        ("can you not find the file?", None),
        ("which bucket was it again?", None),
        ("shouldn't they?", None),
    ],
)
def test_the_shapes_of_a_challenge(text: str, shape: str | None) -> None:
    assert challenge(_q(text)) == shape


def test_a_statement_is_no_challenge_and_a_turn_is_needed() -> None:
    assert challenge(Sentence("that was the old router", Act.STATEMENT)) is None
    said = classify("wasn't that the deprecated router?")
    assert challenged(said, previous="Added the route with the v1 router.")
    assert not challenged(said, previous=None)
    assert not challenged(said, previous="  ")


def test_as_correction_keeps_requests_and_plain_questions() -> None:
    said = classify("why did you pick yarn here? we are on pnpm. please switch it")
    after = as_correction(said)
    acts = [s.act for s in after.sentences]
    assert acts[0] is Act.CORRECTION and CUE in after.sentences[0].cues
    assert Act.REQUEST in acts and after.is_lesson


def test_the_bundled_reader_turns_a_challenge_after_a_turn_only() -> None:
    pytest.importorskip("onnxruntime")
    config = Config()
    read = reader(get_embedder("onnx-minilm", config), config)
    turn = "Wrote the dates with datetime.now() in the model's save()."
    said = read("hm, local time again? didn't we want everything stored in utc?", previous=turn)
    assert said.has(Act.CORRECTION) and any(CUE in s.cues for s in said.sentences)
    alone = read("hm, local time again? didn't we want everything stored in utc?")
    assert not any(CUE in s.cues for s in alone.sentences)
    asked = read("didn't the nightly build pass on the runner?", previous=turn)
    assert not asked.is_lesson
    off = reader(get_embedder("onnx-minilm", config), config.model_copy(
        update={"act_challenge_lesson_min": None}))  # fmt: skip
    said = off("hm, local time again? didn't we want everything stored in utc?", previous=turn)
    assert not any(CUE in s.cues for s in said.sentences)
