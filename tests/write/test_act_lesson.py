"""A prompt structure reads as a statement but that says how to work (remem.write.
act_lesson): turned into a lesson by the shipped model for the bundled embedder,
never with an embedder the model was not fitted for."""

from __future__ import annotations

import pytest

from remem.config import Config
from remem.providers.registry import get_embedder
from remem.write.act_lesson import CUE, as_lesson, lesson_logit
from remem.write.act_meaning import reader
from remem.write.acts import Act, classify


def test_statements_become_a_correction_after_a_turn_and_a_rule_without() -> None:
    said = classify("the report belongs in the team folder. can you move it")
    after = as_lesson(said, previous="Saved the report to your desktop.")
    assert [s.act for s in after.sentences] == [Act.CORRECTION, Act.REQUEST]
    assert CUE in after.sentences[0].cues
    assert after.is_lesson and after.statements() == []
    alone = as_lesson(classify("our team reviews every schema change twice"), previous=None)
    assert [s.act for s in alone.sentences] == [Act.RULE]


def test_no_model_for_another_embedders_space() -> None:
    config = Config(embedder="fake")
    embedder = get_embedder("fake", config)
    assert lesson_logit(embedder, "we keep one changelog per package", None) is None
    assert lesson_logit(None, "we keep one changelog per package", None) is None
    said = reader(embedder, config)("the docs site runs on Hugo")
    assert not said.is_lesson


def test_the_bundled_model_reads_a_rule_or_a_correction_said_as_a_fact() -> None:
    pytest.importorskip("onnxruntime")
    config = Config()
    embedder = get_embedder("onnx-minilm", config)
    read = reader(embedder, config)
    rule = "our python is type-hinted end to end, no exceptions"
    said = read(rule)
    assert [s.act for s in said.sentences] == [Act.RULE] and CUE in said.sentences[0].cues
    fix = "the cron service is the old way, jobs go through the scheduler now"
    said = read(fix, previous="Added a crontab entry for the cleanup job.")
    assert [s.act for s in said.sentences] == [Act.CORRECTION]
    for text in ("the invoice service runs on port 8443", "my brother lives in Porto"):
        said = read(text)
        assert not said.is_lesson and said.statements() == [text], text
    off = reader(embedder, config.model_copy(update={"act_lesson_min": None}))
    assert not off(rule).is_lesson
