"""Text normalisation for the checks that judge content (the gate, injection scans).

Attackers hide instructions from pattern checks with text a model still reads:
full-width letters (``ｉｇｎｏｒｅ``), zero-width characters between letters,
bidi controls, Unicode tag characters (invisible ASCII), HTML comments and
entities, Cyrillic or Greek look-alikes inside Latin words, letter spacing
(``i g n o r e``) and base64. This module folds all of that back into plain text
so the checks see what a model would.

Two views, both used only for checking (stored text is never rewritten here):

- :func:`normalise`: NFKC; invisible and control characters removed (tag
  characters decoded to the ASCII they hide); HTML/XML comments unwrapped (their
  content stays, to be checked); HTML entities decoded; look-alike letters
  folded inside words that mix scripts. Keeps words, case and line breaks, so
  every gate check can run on it.
- :func:`skeleton`: :func:`normalise`, then harder folding for pattern matching
  only: accents removed, every look-alike folded, markup tags dropped and
  letter-spaced words joined.

:func:`hidden_payloads` decodes base64 runs that hold text. :func:`strip_invisible`
is the light version for text shown to a model (the context block).

A neutral module: the write path and the read path both use it, and it imports
nothing from either.
"""

from __future__ import annotations

import base64
import binascii
import functools
import html
import re
import unicodedata

# Look-alike letters of other scripts, folded to the Latin letter they imitate.
_CONFUSABLES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
        "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ү": "y", "Һ": "h", "Ӏ": "I",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "Х": "X", "У": "Y", "І": "I", "Ј": "J", "Ѕ": "S", "Ԁ": "D",
        # Greek
        "α": "a", "ο": "o", "ν": "v", "ρ": "p", "ι": "i", "κ": "k", "τ": "t", "υ": "u",
        "ε": "e", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K",
        "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        # Latin variants and Armenian
        "ı": "i", "ɑ": "a", "ʏ": "y", "ᴀ": "a", "ʀ": "r", "ꜱ": "s", "օ": "o", "ս": "u",
    }
)  # fmt: skip
# A small letter's capital imitates the Latin capital ("ԛ" is "q", so "Ԛ" is "Q"),
# unless the table says otherwise. (Not the other way: a Greek capital's small form
# often looks like another letter: "Η" is "H", "η" is not "h".)
_CONFUSABLES.update(
    {
        ord(big): str(latin).upper()
        for code, latin in list(_CONFUSABLES.items())
        if len(big := chr(code).upper()) == 1 and not big.isascii() and ord(big) not in _CONFUSABLES
    }
)
_CONFUSABLE_CHARS = frozenset(chr(c) for c in _CONFUSABLES)  # maketrans keys: code points
# Characters that render as nothing (or as a plain space) but are not Unicode
# format characters: Hangul fillers, the Braille blank, the Mongolian separator.
_BLANKS = {"\u115f": "", "\u1160": "", "\u3164": "", "\uffa0": "", "\u2800": " ", "\u180e": ""}
_TAG_BASE = 0xE0000  # U+E0020..U+E007E mirror ASCII 0x20..0x7E invisibly
_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)", re.DOTALL)
_MARKUP_TAG = re.compile(r"</?[A-Za-z][^<>]{0,200}>")
_WORD = re.compile(r"\w+")
# Five or more single letters split by one separator: "i g n o r e", "i.g.n.o.r.e".
_SPACED = re.compile(r"\b(?:[A-Za-z][ .\-_*·]){4,}[A-Za-z]\b")
# A base64 run long enough to hide a sentence (shorter runs are ids and hashes).
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=])")
MAX_PAYLOADS = 8  # base64 runs decoded per text; the rest are left alone
MIN_PRINTABLE = 0.9  # share of printable characters for decoded bytes to count as text


def _drop(char: str) -> bool:
    """Whether ``char`` is invisible: a format (Cf) or control (Cc) character other than
    tab and newline, or a variation selector."""
    if char in "\t\n":
        return False
    category = unicodedata.category(char)
    if category in ("Cf", "Cc"):
        return True
    code = ord(char)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


# ASCII has no format, tag, blank or variation-selector characters: its only invisible
# ones are the controls (0x00-0x1F but tab and newline, and DEL); a lone CR is a line
# break. One C-level translate instead of a Python loop over every character.
_ASCII_INVISIBLE: dict[int, str | None] = {
    c: None for c in [*range(0x20), 0x7F] if chr(c) not in "\t\n\r"
}
_ASCII_INVISIBLE[ord("\r")] = "\n"


class _Invisible(dict[int, "str | None"]):
    """The translation table of :func:`strip_invisible` for non-ASCII text, filled as
    characters are met (one C-level ``translate`` instead of a Python loop)."""

    def __missing__(self, code: int) -> str | None:
        char = chr(code)
        if 0xE0020 <= code <= 0xE007E:
            out: str | None = chr(code - _TAG_BASE)
        elif char in _BLANKS:
            out = _BLANKS[char]
        elif char == "\r":  # a line break to the pattern checks, not a glue between words
            out = "\n"
        else:
            out = None if _drop(char) else char
        if len(self) < _INVISIBLE_MAX:
            self[code] = out
        return out


_INVISIBLE_MAX = 1 << 16  # characters remembered; beyond, each is judged again
_INVISIBLE = _Invisible()


def strip_invisible(text: str) -> str:
    """``text`` without zero-width, bidi, control and other invisible characters;
    Unicode tag characters become the ASCII letters they hide (so nothing is hidden)."""
    if text.isascii():
        return text.replace("\r\n", "\n").translate(_ASCII_INVISIBLE)
    return text.replace("\r\n", "\n").translate(_INVISIBLE)


def _fold_mixed(match: re.Match[str]) -> str:
    word = match.group(0)
    if word.isascii() or not any(c in _CONFUSABLE_CHARS for c in word):
        return word
    # A word that mixes Latin letters with look-alikes ("ignоre" with a Cyrillic o)
    # imitates Latin; a genuine Cyrillic or Greek word is left alone here (the
    # skeleton folds those too, for pattern matching only).
    latin = any(c.isascii() and c.isalpha() for c in word)
    return word.translate(_CONFUSABLES) if latin else word


def normalise(text: str) -> str:
    """``text`` as the gate should judge it (see the module docstring)."""
    text = unicodedata.normalize("NFKC", strip_invisible(text))
    # Unwrapped in place, no space added: "ig<!---->nore" is "ignore" to a reader.
    text = _COMMENT.sub(lambda m: m.group(1), text)
    for _ in range(2):  # "&amp;lt;" is encoded twice; a third layer is not unwrapped
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    # Decoding can reveal new invisible characters ("&#8203;") and compatibility forms.
    text = unicodedata.normalize("NFKC", strip_invisible(text))
    return _WORD.sub(_fold_mixed, text)


def skeleton(text: str) -> str:
    """A harder fold of ``text`` for pattern matching only: :func:`normalise`, accents
    removed, every look-alike folded, markup tags dropped, letter-spaced words joined."""
    return _fold_hard(normalise(text))


def _fold_hard(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    text = text.translate(_CONFUSABLES)
    text = _MARKUP_TAG.sub("", text)
    return _SPACED.sub(lambda m: re.sub(r"[ .\-_*·]", "", m.group(0)), text)


def hidden_payloads(text: str) -> list[str]:
    """The text hidden in base64 runs of ``text`` (runs that decode to readable text)."""
    found: list[str] = []
    for match in _BASE64.finditer(text):
        if len(found) >= MAX_PAYLOADS:
            break
        run = match.group(0)
        try:
            raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
            decoded = raw.decode("utf-8")
        except (binascii.Error, ValueError):
            continue
        printable = sum(1 for c in decoded if c.isprintable() or c in "\t\n")
        if decoded and printable / len(decoded) >= MIN_PRINTABLE and " " in decoded:
            found.append(normalise(decoded))
    return found


def views(text: str) -> list[str]:
    """Every form of ``text`` a pattern check should look at (see :func:`_views`); the
    last few texts' views are kept, since one message is checked by several checks."""
    return list(_views(text))


@functools.lru_cache(maxsize=256)
def _views(text: str) -> tuple[str, ...]:
    """Every form of ``text`` a pattern check should look at: normalised, skeleton and
    the text any encoding hides (:func:`remem.decode.payloads`: base64, nested base64,
    hex, percent-encoding, ROT13, leetspeak, reversed runs), each once."""
    from remem.decode import payloads  # decode imports no textnorm: no cycle either way

    base = normalise(text)
    found = payloads(text) + (payloads(base) if base != text else [])
    return tuple(dict.fromkeys([base, _fold_hard(base), *(normalise(p) for p in found)]))
