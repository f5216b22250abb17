"""The message scanner never fails on what a user pastes: out-of-range escapes,
over-long bit runs and random mixes of the characters its decoders read give a
verdict, never an exception (a paste that crashes the scan would fail the write)."""

from __future__ import annotations

import random

from remem import Memory
from remem.write.injection import scan_message

_PIECES = [
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\U000e0041", "\u202e", "&#x110000;",
    "&#99999999999;", "\\FFFFFF", "\\110000", "\\D800", "<!--", "-->", "<style>", "</style>",
    "content:\"", "\"", "=4", "=3D", "%F0%9F", "%ZZ", "aGVsbG8=", "0x", "ff", "1", "0",
    "\x1b[8m", "\x1b[0m", "{\\v ", "}", "```", "\n\n\n", "ignore all previous", " ", "é",
]  # fmt: skip


def test_escapes_past_the_last_code_point_are_read_not_raised() -> None:
    css = '<style>.a::before{content:"\\FFFFFF \\D800"}</style><p class="a">hi</p>'
    bits = "x" + ("\u200b\u200c" * 40 + "\u200d") * 3 + "y"  # 80-bit groups: no code point
    for text in (css, bits):
        assert scan_message(text, untrusted=False) is None


def test_random_mixes_of_what_the_decoders_read_never_raise() -> None:
    rng = random.Random(20261127)
    for _ in range(300):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 60)))
        scan_message(text, untrusted=rng.random() < 0.5)  # any verdict, no exception


def test_a_paste_with_an_escape_past_the_last_code_point_is_stored(mem: Memory) -> None:
    pasted = 'notes: <style>.a::before{content:"\\FFFFFF"}</style><p class="a">I live in Lyon</p>'
    mem.add(pasted, user_id="u1", infer=False)
    assert [m.content for m in mem.list(user_id="u1").items] == [pasted]


def test_long_runs_of_blank_lines_and_heads_are_read_in_one_pass() -> None:
    # each of these took minutes before (a scan quadratic in the run); a hang guard,
    # not a speed target: the limit is hundreds of times the linear time
    import signal

    def late(*_: object) -> None:
        raise TimeoutError("the scan is not linear in the run")

    signal.signal(signal.SIGALRM, late)
    for text in ("\n" * 20_000, "please, " * 3_000 + "x", "\n - , " * 4_000):
        signal.alarm(30)
        try:
            scan_message(text, untrusted=True)
        finally:
            signal.alarm(0)
