"""The broad-question reader (remem/data/broad-model-minilm.json) with the bundled MiniLM
model (slow: loads the ONNX model), on questions of our own that no frame reads."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from remem.config import Config
from remem.memory import Memory
from remem.providers.onnx import OnnxMiniLMEmbedder
from remem.read.broad import broad_by_meaning, broad_question

pytestmark = pytest.mark.slow
MIN = Config().broad_model_min


@pytest.mark.parametrize(
    ("question", "facet"),
    [
        ("bring me up to speed on myself", None),
        ("Money situation?", "money situation"),
        ("how are things looking health-wise for me", "things looking health"),
    ],
)
def test_phrasings_no_frame_reads_are_broad_by_meaning(question: str, facet: str | None) -> None:
    assert broad_question(question) is None
    found = broad_by_meaning(question, OnnxMiniLMEmbedder(), MIN)
    assert found is not None and found.frame == "meaning" and found.facet == facet


@pytest.mark.parametrize(
    "question",
    [
        "what is my dentist called?",
        "which train do I take to work?",
        "how do I reset the boiler?",
        "When did Priya start her new job?",  # about a named person
    ],
)
def test_specific_questions_are_not(question: str) -> None:
    assert broad_by_meaning(question, OnnxMiniLMEmbedder(), MIN) is None


def test_off_at_infinity() -> None:
    assert broad_by_meaning("Money situation?", OnnxMiniLMEmbedder(), math.inf) is None


def test_a_search_answers_a_broad_phrasing_with_the_users_memories(tmp_path: Path) -> None:
    now = datetime(2025, 3, 1, tzinfo=UTC)
    with Memory(tmp_path / "m.db", config=Config(embedder="onnx-minilm")) as mem:
        for i, text in enumerate(
            ["I teach cello at a music school", "I have two daughters", "I swim on Mondays"]
        ):
            mem.add(text, user_id="ines", now=now - timedelta(days=3 - i))
        mem.add("I collect stamps", user_id="someone-else", now=now)
        hits = mem.search("bring me up to speed on myself", user_id="ines", now=now)
    assert {h.memory.content for h in hits} == {
        "I teach cello at a music school",
        "I have two daughters",
        "I swim on Mondays",
    }
    assert hits[0].explain["broad"]["frame"] == "meaning"
