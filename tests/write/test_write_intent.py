"""Memory intent detection."""

from __future__ import annotations

import pytest

from remem.write.intent import detects_memory_intent, wants_permanent


@pytest.mark.parametrize(
    "text",
    [
        "Remember that I'm allergic to nuts.",
        "Please remember my flight is at 9.",
        "Don't forget the deploy freeze on Friday.",
        "Note that staging uses port 8443.",
        "Keep in mind that Dana is out next week.",
        "For future reference, the VPN is vpn.acme.io.",
        "I want you to remember this.",
        "ok, remember this: tabs not spaces",
    ],
)
def test_detects(text: str) -> None:
    assert detects_memory_intent(text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't remember where I parked.",
        "Do you remember the name of that cafe?",
        "I can't remember his number.",
        "Remember when we went to Lisbon?",
        "The note was on the fridge.",
        "I forgot my keys.",
    ],
)
def test_no_false_positives(text: str) -> None:
    assert not detects_memory_intent(text)


def test_permanent() -> None:
    assert wants_permanent("Always remember that I am allergic to penicillin.")
    assert not wants_permanent("Remember to buy milk.")


def test_note_as_a_noun_after_a_determiner_is_no_request() -> None:
    assert not detects_memory_intent("that would delete every report and note that a user wrote")
    assert detects_memory_intent("deploy it, and note that the port changed")
