"""Token counting for the context budget.

The budget of a context block is a hard cap counted with a real tokenizer: the
MiniLM WordPiece tokenizer that ships with remem
(``remem/providers/data/minilm-tokenizer.json``, read by
:mod:`remem.providers.wordpiece`). It is offline, deterministic and close to (usually a little above)
the count of common LLM BPE tokenizers for English text, so a block that fits
here fits there with a small margin. Special tokens ([CLS]/[SEP]) are not
counted, truncation and padding are off.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from remem.providers.onnx import load_bundled_tokenizer

MINILM_TOKENIZER = "minilm-wordpiece"


class TokenCounter(Protocol):
    """Counts tokens of a text; ``name`` says which tokenizer."""

    name: str

    def count(self, text: str) -> int: ...


class WordPieceCounter:
    """Counts tokens with the bundled MiniLM WordPiece tokenizer (no special tokens)."""

    name = MINILM_TOKENIZER

    def __init__(self, *, cache_size: int = 4096) -> None:
        self._tokenizer = load_bundled_tokenizer()
        # the same lines come back prompt after prompt (a session's memories, the
        # part labels): a count is ~0.1 ms of tokenizer, a lookup nothing
        self._counts: dict[str, int] = {}
        self._cache_size = cache_size

    def count(self, text: str) -> int:
        if not text:
            return 0
        known = self._counts.get(text)
        if known is not None:
            return known
        counted = len(self._tokenizer.encode(text, add_special_tokens=False).ids)
        if len(self._counts) >= self._cache_size:
            self._counts.clear()  # bounded; refilled by what is counted next
        self._counts[text] = counted
        return counted

    def count_many(self, texts: list[str]) -> list[int]:
        if not texts:
            return []
        encodings = self._tokenizer.encode_batch(texts, add_special_tokens=False)
        return [len(e.ids) for e in encodings]


@lru_cache(maxsize=1)
def default_counter() -> WordPieceCounter:
    """The shared MiniLM WordPiece counter (loaded once)."""
    return WordPieceCounter()
