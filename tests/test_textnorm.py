"""The invisible-character stripper's ASCII fast path does what the full path does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from remem.read.tokens import WordPieceCounter
from remem.textnorm import strip_invisible

ASCII = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x7F), max_size=200)


@given(ASCII)
def test_ascii_text_is_stripped_as_the_full_path_strips_it(text: str) -> None:
    # "é" sends the same characters through the per-character path; it is kept, last
    assert strip_invisible(text) == strip_invisible(text + "é")[:-1]


def test_ascii_controls_go_and_line_breaks_stay() -> None:
    assert strip_invisible("a\x00b\x1bc\x7fd\te\r\nf\rg\n") == "abcd\te\nf\ng\n"
    assert strip_invisible("plain text, 42!") == "plain text, 42!"


def test_token_counts_are_the_tokenizers_with_a_bounded_cache() -> None:
    counter = WordPieceCounter(cache_size=2)
    texts = ["one line", "a second, longer line of text", "three", "one line"] * 3
    tokenizer = counter._tokenizer
    for text in texts:
        assert counter.count(text) == len(tokenizer.encode(text, add_special_tokens=False).ids)
    assert len(counter._counts) <= 2
