"""The injection corpus (bench/data/injection-corpus.json): every attack caught,
benign text between people never flagged when it is trusted, rarely when not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from remem import Memory
from remem.write.injection import scan_message

CORPUS: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "bench" / "data" / "injection-corpus.json").read_text("utf-8")
)


@pytest.mark.parametrize("attack", CORPUS["attacks"], ids=lambda a: a["text"][:40])
def test_every_attack_is_flagged(attack: dict[str, Any]) -> None:
    assert scan_message(attack["text"], untrusted=True)
    if attack["strong"]:
        assert scan_message(attack["text"], untrusted=False)


def test_benign_trusted_text_is_never_flagged(mem: Memory) -> None:
    flagged = [t for t in CORPUS["benign_trusted"] if scan_message(t, untrusted=False)]
    assert flagged == []
    for i, text in enumerate(CORPUS["benign_trusted"]):
        decisions = mem.remember(text, user_id=f"u{i}", speaker="Sam")
        assert all(d.reason != "injection" for d in decisions), text


def test_benign_untrusted_text_is_rarely_flagged() -> None:
    texts = CORPUS["benign_untrusted"]
    flagged = [t for t in texts if scan_message(t, untrusted=True)]
    assert len(flagged) / len(texts) <= 0.05, flagged
