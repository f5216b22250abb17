"""Redaction does not depend on what the process saw before: text is normalised
(invisible characters dropped, tag characters decoded, look-alikes folded) before
the "known clean" cache and the keyword pre-check, so an obfuscated secret is
redacted the first time and every time, by every entry point, in any order with a
clean look-alike."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable

import pytest

from remem import Memory, ValidationError
from remem.secrets import find_secrets, has_secret, kinds, redact, scrub, scrub_value

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)


def _tags(text: str) -> str:
    """``text`` as invisible Unicode tag characters."""
    return "".join(chr(0xE0000 + ord(c)) for c in text)


KEY = "AKIAZYMLOPIFQY78F5M0"
PASSWORD = "marmaladeskyline"
TOKEN = "ghp_Q7mN2xV9pL4kR8sT1wZ6yB3cD5fG0hJ9aE"  # its Q written as a Cyrillic capital qa
# (obfuscation, text hiding a secret, a look-alike holding none, the secret's core)
CASES = [
    ("zero-width in a key", f"deploy with AKIA\u200b{KEY[4:]} to prod", "deploy with AKIA\u200b to prod", KEY[4:]),
    ("word joiner and ZWJ", f"deploy with {KEY[:8]}\u2060{KEY[8:14]}\u200d{KEY[14:]} to prod", "deploy with AKIA\u2060 to prod", KEY[8:14]),
    ("soft hyphen in the keyword", f"the wifi pass\u00adword for the office is {PASSWORD}", "the wifi pass\u00adword for the office is in the drawer", PASSWORD),
    ("bidi embedding", f"the wifi pass\u202aword\u202c for the office is {PASSWORD}", "the wifi pass\u202aword\u202c for the office is in the drawer", PASSWORD),
    ("bidi isolate", f"the wifi pass\u2066word\u2069 for the office is {PASSWORD}", "the wifi pass\u2066word\u2069 for the office is in the drawer", PASSWORD),
    ("tag characters", f"the wifi pass{_tags('word')} for the office is {PASSWORD}", f"the wifi pass{_tags('word')} for the office is in the drawer", PASSWORD),
    ("homoglyph keyword", f"the wifi p\u0430ssword for the office is {PASSWORD}", "the wifi p\u0430ssword for the office is in the drawer", PASSWORD),
    ("homoglyph in a key", f"deploy with \u0410KIA{KEY[4:]} to prod", "deploy with \u0410KIA to prod", KEY[4:]),
    ("capital look-alike in a token", f"deploy with {TOKEN[:4]}\u051a{TOKEN[5:]} now", "deploy with gh\u0440_ now", TOKEN[5:20]),
    ("full-width key", "deploy with " + KEY.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)}) + " to prod", "deploy with ＡＫＩＡ to prod", "ＺＹＭＬＯＰ"),
]  # fmt: skip
IDS = [case[0] for case in CASES]

Entry = Callable[[str], object]
ENTRIES: dict[str, Entry] = {
    "redact": redact,
    "scrub": scrub,
    "scrub JSON": lambda t: scrub(json.dumps({"note": t})),
    "scrub JSON, ASCII-escaped": lambda t: scrub(json.dumps({"note": t}, ensure_ascii=True)),
    "scrub_value": lambda t: scrub_value({t: [t]}),
    "has_secret": has_secret,
    "find_secrets": find_secrets,
    "kinds": kinds,
}


def _leaks(out: object, core: str) -> bool:
    text = json.dumps(out, ensure_ascii=False) if not isinstance(out, str) else out
    text = json.loads(text) if text.startswith(("{", "[")) and "\\u" in text else text
    return core in str(text)


@pytest.mark.parametrize(("how", "hidden", "clean", "core"), CASES, ids=IDS)
def test_every_entry_point_in_every_order(how: str, hidden: str, clean: str, core: str) -> None:
    """Each entry point, after any other one has seen the text or its look-alike."""
    assert not has_secret(clean) and redact(clean) == clean
    for first, then in itertools.product(ENTRIES, repeat=2):
        for seen in (hidden, clean):
            ENTRIES[first](seen)
        for name in (first, then):
            out = ENTRIES[name](hidden)
            if name in ("has_secret", "find_secrets", "kinds"):
                assert out, (name, "after", first)
            else:
                assert not _leaks(out, core), (name, "after", first)
    assert redact(clean) == clean  # and the look-alike stays as written


@pytest.mark.parametrize(("how", "hidden", "clean", "core"), CASES[::2], ids=IDS[::2])
def test_the_store_redacts_it_whatever_came_first(
    mem: Memory, how: str, hidden: str, clean: str, core: str
) -> None:
    for order in ((clean, hidden), (hidden, clean), (hidden, hidden)):
        for text in order:
            mem.add("a note on the plan", user_id="u", tags=[text], metadata={"m": text})
            try:
                mem.add(f"{text} (noted by Aaron at the Boston offsite)", user_id="u")
            except ValidationError as refused:  # it stated a credential: nothing stored
                assert core not in str(refused)
    stored = [(r.content, r.tags, r.data) for r in mem.list(user_id="u", limit=100).items]
    assert len(stored) >= 6 and not _leaks(stored, core)
