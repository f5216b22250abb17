"""The BERT WordPiece tokenizer of all-MiniLM-L6-v2, in Python: no ``tokenizers`` needed.

It reads the ``tokenizer.json`` that ships with remem and gives the ids the
Hugging Face ``tokenizers`` library gives for that file (a test compares the two
over text of every script): BERT's normaliser (drop control characters, spaces
around CJK ideographs, accents stripped, lower case), its pre-tokeniser (split at
white space, every punctuation mark a word of its own), then greedy longest-match
WordPiece with ``##`` continuations. The file's special tokens (``[CLS]``,
``[SEP]``, …) found written in a text count as those tokens, as in ``tokenizers``.

Words repeat, so each word's pieces are cached (bounded); a sentence costs tens of
microseconds, small beside the model's forward pass.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

# Rust's char::is_whitespace (the White_Space property), which ``tokenizers`` uses;
# Python's str.isspace() also counts U+001C..U+001F, which BERT drops as control.
_WHITE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_CJK = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B920, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)
_WORD_CACHE = 1 << 16
# What _char_class gives besides a normalised character: control characters never
# survive normalisation, so these cannot be mistaken for one.
_SPACE, _PUNCT, _IDEOGRAPH = "\x01", "\x02", "\x03"


@dataclass(frozen=True, slots=True)
class Encoding:
    """One text's tokens: ids, segment ids (all 0) and which are added specials."""

    ids: list[int]
    type_ids: list[int]
    special_tokens_mask: list[int]


def _is_cjk(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in _CJK)


def _normalise(ch: str) -> str:
    return "".join(
        c.lower() for c in unicodedata.normalize("NFD", ch) if unicodedata.category(c) != "Mn"
    )


@lru_cache(maxsize=4096)
def _char_class(ch: str) -> tuple[str, str]:
    """What BERT's normaliser makes of ``ch``: (:data:`_SPACE`, :data:`_PUNCT`,
    :data:`_IDEOGRAPH` or ``""`` for a letter, the normalised text; ``""`` if dropped)."""
    if ch in ("\t", "\n", "\r"):
        return _SPACE, ""
    code = ord(ch)
    if code == 0 or code == 0xFFFD or unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs"):
        return "", ""  # unassigned code points (Cn) stay, as in ``tokenizers``
    if ch in _WHITE:
        return _SPACE, ""
    if _is_cjk(code):
        return _IDEOGRAPH, _normalise(ch)
    text = _normalise(ch)
    if len(text) == 1 and _is_punctuation(text):
        return _PUNCT, text
    return "", text


def _is_punctuation(ch: str) -> bool:
    code = ord(ch)
    return (33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126) or (
        unicodedata.category(ch)[0] == "P"
    )


def _words(text: str) -> Iterator[str]:
    """BERT's normaliser and pre-tokeniser: the words WordPiece splits, in order."""
    current: list[str] = []
    for ch in text:
        kind, norm = _char_class(ch)
        if kind == "" and len(norm) > 1:
            # Normalising gave several characters (a ligature, a mark on punctuation):
            # BERT splits after normalising, so classify each.
            for c in norm:
                sub, piece = _char_class(c)
                if sub:
                    if current:
                        yield "".join(current)
                        current = []
                    if sub != _SPACE:
                        yield piece
                else:
                    current.append(piece)
        elif kind:
            if current:
                yield "".join(current)
                current = []
            if kind != _SPACE:
                yield norm
        elif norm:
            current.append(norm)
    if current:
        yield "".join(current)


class WordPiece:
    """A BERT WordPiece tokenizer built from a ``tokenizer.json``."""

    def __init__(
        self,
        vocab: dict[str, int],
        *,
        special: Sequence[str],
        unk: str = "[UNK]",
        cls: str = "[CLS]",
        sep: str = "[SEP]",
        prefix: str = "##",
        max_chars: int = 100,
    ) -> None:
        self._vocab = dict(vocab)
        self._unk = self._vocab[unk]
        self._cls = self._vocab[cls]
        self._sep = self._vocab[sep]
        self._prefix = prefix
        self._max_chars = max_chars
        self._special = {token: self._vocab[token] for token in special}
        self._special_re = (
            re.compile("|".join(re.escape(t) for t in sorted(special, key=len, reverse=True)))
            if special
            else None
        )
        self._pieces = lru_cache(maxsize=_WORD_CACHE)(self._word_ids)

    @classmethod
    def from_json(cls, text: str) -> WordPiece:
        """Build from a ``tokenizer.json`` whose model is WordPiece (ValueError if not)."""
        spec: dict[str, Any] = json.loads(text)
        model = spec.get("model") or {}
        if model.get("type") != "WordPiece" or not isinstance(model.get("vocab"), dict):
            raise ValueError("not a WordPiece tokenizer.json")
        special = [t["content"] for t in spec.get("added_tokens", []) if t.get("special")]
        return cls(
            model["vocab"],
            special=special,
            unk=model.get("unk_token", "[UNK]"),
            prefix=model.get("continuing_subword_prefix", "##"),
            max_chars=int(model.get("max_input_chars_per_word", 100)),
        )

    def get_vocab(self) -> dict[str, int]:
        """Token → id, a copy."""
        return dict(self._vocab)

    def encode(
        self, text: str, *, add_special_tokens: bool = True, max_length: int | None = None
    ) -> Encoding:
        """The tokens of ``text``; with ``max_length``, the first ones that fit it
        (``[CLS]`` and ``[SEP]`` included when added)."""
        extra = 2 if add_special_tokens else 0
        limit = None if max_length is None else max(0, max_length - extra)
        ids: list[int] = []
        pos = 0
        if self._special_re is not None:
            for match in self._special_re.finditer(text):
                if limit is not None and len(ids) >= limit:
                    break
                self._text_ids(text[pos : match.start()], ids, limit)
                ids.append(self._special[match.group()])
                pos = match.end()
        if limit is None or len(ids) < limit:
            self._text_ids(text[pos:], ids, limit)
        if limit is not None:
            del ids[limit:]
        mask = [0] * len(ids)
        if add_special_tokens:
            ids = [self._cls, *ids, self._sep]
            mask = [1, *mask, 1]
        return Encoding(ids=ids, type_ids=[0] * len(ids), special_tokens_mask=mask)

    def encode_batch(
        self,
        texts: Sequence[str],
        *,
        add_special_tokens: bool = True,
        max_length: int | None = None,
    ) -> list[Encoding]:
        """:meth:`encode` of each text."""
        return [
            self.encode(t, add_special_tokens=add_special_tokens, max_length=max_length)
            for t in texts
        ]

    # -- internals --------------------------------------------------------------
    def _text_ids(self, text: str, ids: list[int], limit: int | None) -> None:
        """Append the ids of ``text`` to ``ids``, stopping once ``limit`` are there (a
        long text costs what fits, not its whole length)."""
        for word in _words(text):
            ids += self._pieces(word)
            if limit is not None and len(ids) >= limit:
                return

    def _word_ids(self, word: str) -> tuple[int, ...]:
        if len(word) > self._max_chars:
            return (self._unk,)
        vocab, pieces, start = self._vocab, [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else self._prefix + word[start:end]
                found = vocab.get(piece)
                if found is not None:
                    pieces.append(found)
                    break
                end -= 1
            else:
                return (self._unk,)
            start = end
        return tuple(pieces)
