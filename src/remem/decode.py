"""Payloads hidden by an encoding: what a text says once decoded.

An instruction can travel encoded so that no pattern sees it and a model still
reads it: base64 (also base64 of base64), hex, percent-encoding, ROT13,
leetspeak, or a right-to-left override that shows a reversed run the right way
round. :func:`payloads` decodes each form found in a text and keeps a decoding
only when it reads as text — printable, with spaces — and, for the
letter-for-letter ciphers (ROT13, leetspeak), only when it reads *more* like
language than the original (more function words): the evidence is the result,
not the mere presence of digits or odd words. Used by
:func:`remem.textnorm.views`; a neutral module.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
from urllib.parse import unquote

from remem.stopwords import STOPWORDS

__all__ = ["MAX_PAYLOADS", "encoded_runs", "payloads", "rot13_lines"]

MAX_PAYLOADS = 8  # decoded payloads per text; the rest are left alone
MIN_PRINTABLE = 0.9  # share of printable characters for decoded bytes to count as text
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=])")
_HEX = re.compile(r"(?<![0-9A-Fa-f])(?:(?:\\x|0x)?[0-9A-Fa-f]{2}[ :]?){12,}(?![0-9A-Fa-f])")
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2}){3,}")
_LEET_WORD = re.compile(r"\b(?=\w*[A-Za-z])(?=\w*[013457@$])[\w@$]{3,}\b")
_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"}
)
_WORD = re.compile(r"[\w']+")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_ZERO_WIDTH = re.compile(r"[\u200b\u200c\u200d\u2060\ufeff]")
_BIDI = re.compile(r"[\u202e\u2067]([^\u202c\u2069\n]{4,400})")


def payloads(text: str) -> list[str]:
    """The readable texts hidden in ``text`` by the encodings of the module doc (each
    once, at most ``MAX_PAYLOADS``)."""
    found: list[str] = []
    for run in _BASE64.findall(text):
        inner = _b64(run, spaced=False)
        if inner is None:
            continue
        if " " in inner.strip():
            found.append(inner)
        elif _BASE64.fullmatch(inner.strip()):  # base64 of base64: one more layer
            deeper = _b64(inner.strip(), spaced=True)
            if deeper is not None:
                found.append(deeper)
    for run in _HEX.findall(text):
        decoded = _readable(bytes.fromhex(re.sub(r"\\x|0x|[ :]", "", run)[: 2 * 4000]))
        if decoded is not None:
            found.append(decoded)
    if "%" in text and _PERCENT.search(text):
        decoded = unquote(text, errors="replace")
        if decoded != text:
            found.append(decoded)
    for run in _BIDI.findall(text):
        found.append(run[::-1])
    if _ZERO_WIDTH.search(text):  # between words they are spaces, not glue
        found.append(_ZERO_WIDTH.sub(" ", text))
    words = _LATIN_WORD.findall(text)
    if len(words) >= 3:
        own = _language(text)
        if own * 6 < len(words):  # few function words: a cipher may hide some
            rot = codecs.encode(text, "rot13")
            if _language(rot) > own:
                found.append(rot)
        if _LEET_WORD.search(text):
            folded = _LEET_WORD.sub(lambda m: m.group(0).lower().translate(_LEET), text)
            if _language(folded) > own:
                found.append(folded)
    return list(dict.fromkeys(found))[:MAX_PAYLOADS]


def encoded_runs(text: str) -> list[str]:
    """The readable texts of the base64 and hex runs of ``text`` (each a run inside
    the text, not the whole text decoded): what a reader sees as codes."""
    found: list[str] = []
    for run in _BASE64.findall(text)[:MAX_PAYLOADS]:
        inner = _b64(run, spaced=False)
        if inner is not None and _BASE64.fullmatch(inner.strip()):
            inner = _b64(inner.strip(), spaced=True)
        if inner is not None and " " in inner.strip():
            found.append(inner)
    for run in _HEX.findall(text)[:MAX_PAYLOADS]:
        decoded = _readable(bytes.fromhex(re.sub(r"\\x|0x|[ :]", "", run)[: 2 * 4000]))
        if decoded is not None:
            found.append(decoded)
    return list(dict.fromkeys(found))[:MAX_PAYLOADS]


def _b64(run: str, *, spaced: bool = True) -> str | None:
    try:
        raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    return _readable(raw, spaced=spaced)


def _readable(raw: bytes, *, spaced: bool = True) -> str | None:
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    printable = sum(1 for c in decoded if c.isprintable() or c in "\t\n")
    if (
        decoded
        and printable / len(decoded) >= MIN_PRINTABLE
        and (" " in decoded.strip() or not spaced)
    ):
        return decoded
    return None


def _language(text: str) -> int:
    """How many function words ``text`` holds: a decoding that reads as language has more."""
    return sum(1 for w in _WORD.findall(text.lower()) if w in STOPWORDS)


_LINES = 2000  # lines of a text read for ROT13


def rot13_lines(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Each line of ``text`` (or the part after a label, "Spoiler (rot13): ...") written
    in ROT13 inside a text that is not: at least four Latin words, few function words,
    and more of them once decoded. With the decoded text and where the line sits."""
    out = []
    at = 0
    for n, line in enumerate(text.split("\n")):
        if n >= _LINES:
            break
        start, at = at, at + len(line) + 1
        body = line.split(":", 1)[1] if ":" in line[:40] else line
        # the line, or a bracketed or quoted run in it ("[rot13]...[/rot13]", "(...)")
        runs = [body[:2000], *_BRACKETS.split(body[:2000])] if _BRACKETS.search(body) else [body]
        for n, run in enumerate(runs):
            words = _LATIN_WORD.findall(run)
            if len(words) < 4:
                continue
            own = _language(run)
            rot = codecs.encode(run, "rot13")
            bar = max(own, len(words) // 5 if n == 0 else 1)  # a marked-off run: less
            if own * 6 < len(words) and _language(rot) > bar:
                out.append((rot, (start, start + len(line))))
                break
    return out


_BRACKETS = re.compile(r"[\[\]{}()<>\"|]")
