"""The labelled transcripts: every rule of the write path, end to end through rules + gate."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from remem.config import Config
from remem.slots import relate
from remem.write.extract import CandidateFact, ExtractContext, RulesExtractor
from remem.write.gate import gate
from remem.write.transcript import Message, parse_timestamp

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent / "fixtures" / "labelled.jsonl").read_text().splitlines()
    if line.strip()
]


def _messages(case: dict[str, Any]) -> list[Message]:
    return [
        Message(
            speaker=m["speaker"],
            role=m["role"],
            text=m["text"],
            timestamp=parse_timestamp(m.get("timestamp")),
            untrusted=m.get("untrusted", False),
        )
        for m in case["messages"]
    ]


def _find(facts: list[CandidateFact], pattern: str) -> CandidateFact:
    for fact in facts:
        if re.search(pattern, fact.content):
            return fact
    contents = [f.content for f in facts]
    raise AssertionError(f"no fact matches {pattern!r}; facts: {contents}")


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 40
    assert len({c["name"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_labelled_case(case: dict[str, Any]) -> None:
    config = Config()
    context = ExtractContext(config=config, user_name=case.get("user_name"))
    facts = RulesExtractor().extract(_messages(case), context=context)
    contents = [f.content for f in facts]
    for pattern in case["must"]:
        assert any(re.search(pattern, c) for c in contents), (pattern, contents)
    for pattern in case["must_not"]:
        assert not any(re.search(pattern, c) for c in contents), (pattern, contents)
    if "max_facts" in case:
        assert len(facts) <= case["max_facts"], contents
    for expected in case["gate"]:
        fact = _find(facts, expected["match"])
        decision = gate(fact, config=config)
        assert decision.reason == expected["reason"], (fact.content, decision)
    for prop in case["props"]:
        _check_props(_find(facts, prop["match"]), prop)


def _check_props(fact: CandidateFact, prop: dict[str, Any]) -> None:
    simple = {
        "category": fact.category,
        "strength": fact.strength.value,
        "trust": fact.source_trust.value,
        "kind": fact.kind.value,
        "tier": fact.tier.value,
        "attribute": fact.attribute,
        "subject": fact.subject,
        "speaker": fact.speaker,
    }
    for key, actual in simple.items():
        if key in prop:
            assert actual == prop[key], (key, fact)
    if "category_in" in prop:
        assert fact.category in prop["category_in"], fact
    if "flag" in prop:
        assert prop["flag"] in {f.value for f in fact.flags}, fact
    if "entity" in prop:
        assert prop["entity"] in fact.entities, fact
    if "importance_min" in prop:
        assert fact.importance >= prop["importance_min"], fact
    if "importance_max" in prop:
        assert fact.importance <= prop["importance_max"], fact
    if "updates" in prop:
        assert relate(prop["updates"], fact.content).updates(Config().update_threshold), fact
