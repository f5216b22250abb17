"""Content hashes, slots, updates and contradictions."""

from __future__ import annotations

import pytest

from remem.write.supersede import (
    content_hash,
    contradicts,
    has_update_cue,
    is_update,
    match_slot,
    subject_attribute,
)


def test_content_hash_ignores_case_whitespace_punctuation() -> None:
    assert content_hash("Aaron lives in Boston.") == content_hash("  aaron LIVES in boston ")
    assert content_hash("Aaron lives in Boston") != content_hash("Aaron lives in Denver")


@pytest.mark.parametrize(
    ("old", "new", "attribute"),
    [
        ("Aaron lives in Boston.", "Aaron moved to Denver in April 2023.", "residence"),
        ("Aaron prefers dark mode.", "Aaron switched to light mode.", "theme preference"),
        ("Aaron works at Google.", "Aaron joined Stripe.", "job"),
        ("Aaron drives a Subaru WRX.", "Aaron bought a new Tesla Model 3.", "car"),
        ("Aaron is single.", "Aaron got married on 7 May 2023.", "relationship status"),
        (
            "Aaron's favourite colour is blue.",
            "Aaron's favorite colour is green.",
            "favourite colour",
        ),
        ("Aaron uses vim.", "Aaron switched to VS Code.", "editor"),
        ("Aaron and others live in Lyon.", "Aaron and others moved to Paris.", "residence"),
    ],
)
def test_updates(old: str, new: str, attribute: str) -> None:
    assert subject_attribute(old) == ("Aaron", attribute)
    assert subject_attribute(new) == ("Aaron", attribute)
    assert is_update(old, new)
    assert not is_update(old, old)


def test_different_subjects_are_not_updates() -> None:
    assert not is_update("Aaron lives in Boston.", "Beth moved to Denver.")
    assert not is_update("Aaron likes tea.", "Aaron moved to Denver.")
    assert match_slot("The weather is nice.") is None


def test_contradictions() -> None:
    assert contradicts("Aaron likes sushi.", "Aaron does not like sushi.")
    assert contradicts("Aaron is vegan.", "Aaron isn't vegan.")
    assert not contradicts("Aaron likes sushi.", "Aaron likes sushi a lot.")
    assert not contradicts("Aaron likes sushi.", "Beth does not like hiking.")


def test_update_cues() -> None:
    assert has_update_cue("Aaron now lives in Denver")
    assert not has_update_cue("Aaron lives in Denver")
