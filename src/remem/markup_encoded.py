"""Text carried by encodings a reader does not decode: zero-width bits, Unicode tag
characters, bytes spelled as variation selectors, right-to-left overrides, invisible
splits inside words, the text payload of ``data:`` URIs, and text spelled as escapes
(``\\x63\\x6f``, ``\\u0063``) or percent-encoded (a URL's query value). Used by :mod:`remem.markup` (which wraps each finding in a
``Region``); neutral: it imports nothing of remem."""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse

__all__ = ["ANY_TAG", "Found", "data_uri_regions", "escaped_regions", "invisible_regions"]

Found = tuple[str, str, bool, "tuple[int, int] | None"]  # form, text, hidden, span
ANY_TAG = re.compile(r"</?[a-z][\w-]*\b[^<>]*>", re.I)  # any tag: what markup drops
# A data: URI (a link, an image, a frame): its payload is never shown as text.
_DATA_URI = re.compile(
    r"\bdata:(?P<mime>[\w.+-]+/[\w.+-]+)?(?:;[\w.+-]+=[\w.+-]+)*(?P<b64>;base64)?,"
    r"(?P<payload>[A-Za-z0-9+/=%._~!$&*:@-]{8,})",
    re.I,
)

# invisible encodings
_ZW_RUN = re.compile(r"[\u200b\u200c\u200d\u2060\ufeff]{16,}")
_TAG_RUN = re.compile(r"[\U000e0001\U000e0020-\U000e007f]+")
_FLAG_TAGS = re.compile(r"\U0001f3f4[\U000e0030-\U000e0039\U000e0061-\U000e007a]{2,8}\U000e007f")
_ZW_CHARS = re.compile(r"[\u200b\u200c\u200d\u2060\u00ad]")
_ZW_SPLIT = re.compile(r"(?<=[A-Za-z])[\u200b\u200c\u200d\u2060\u00ad]+(?=[A-Za-z\s])")
_ZW_SPLIT_MIN = 3  # invisible characters inside Latin words before a text counts as cut up
# Bytes spelled as variation selectors (VS1-16 are 0-15, VS17-256 are 16-255) after a
# visible character: the character shows, the bytes do not.
_VS_RUN = re.compile(r"[\ufe00-\ufe0f\U000e0100-\U000e01ef]{4,}")
_ESCAPES = re.compile(
    r"(?:\\x[0-9a-fA-F]{2}){4,}|(?:\\u[0-9a-fA-F]{4}){4,}|(?:\\u\{[0-9a-fA-F]{1,6}\}){4,}"
)
_PERCENT = re.compile(
    r"(?:%[0-9a-fA-F]{2}|[\w.~+!$'()*,;:@/-])+"
)  # one pass: the two never overlap
MAX_DECODED = 4000  # characters of one decoded run kept
_BIDI_RUN = re.compile(r"[\u202e\u2067]([^\u202c\u2069\n]{4,400})[\u202c\u2069]?")


def data_uri_regions(text: str) -> list[Found]:
    """The text a ``data:`` URI carries (base64 or percent-encoded; markup inside it
    dropped), for a URI of a text type or of none; binary payloads are left alone."""
    out: list[Found] = []
    for m in _DATA_URI.finditer(text):
        mime = (m.group("mime") or "text/plain").lower()
        if not mime.startswith("text/") and not mime.endswith(("xml", "json")):
            continue
        payload = m.group("payload")
        try:
            raw = base64.b64decode(payload + "=" * (-len(payload) % 4)) if m.group("b64") else None
            body = raw.decode("utf-8") if raw is not None else urllib.parse.unquote(payload)
        except (binascii.Error, ValueError):
            continue
        body = ANY_TAG.sub(" ", body)
        if body.strip() and sum(c.isprintable() or c.isspace() for c in body) >= 0.9 * len(body):
            out.append(("data_uri", body, True, m.span()))
    return out


def invisible_regions(text: str) -> list[Found]:
    out: list[Found] = []
    for m in _ZW_RUN.finditer(text):
        decoded = _zero_width_bits(m.group(0))
        if decoded:
            out.append(("zero_width", decoded, True, m.span()))
    flags = {m.span() for m in _FLAG_TAGS.finditer(text)}
    for m in _TAG_RUN.finditer(text):
        if any(s <= m.start() and m.end() <= e for s, e in flags):
            continue  # a subdivision flag emoji: tags are how it is spelled
        decoded = "".join(chr(ord(c) - 0xE0000) for c in m.group(0) if 0xE0020 <= ord(c) <= 0xE007E)
        if decoded.strip():
            out.append(("unicode_tags", decoded, True, m.span()))
    for m in _VS_RUN.finditer(text):
        raw = bytes(_vs_byte(c) for c in m.group(0)[:MAX_DECODED])
        decoded = _text(raw.decode("utf-8", "replace"))
        if decoded:
            out.append(("variation_selectors", decoded, True, m.span()))
    for m in _BIDI_RUN.finditer(text):
        # shown reversed: what the reader sees, and the order it was typed in
        out.append(("bidi_reversed", m.group(1)[::-1], True, None))
        out.append(("bidi_run", m.group(1), True, None))
    split = _ZW_SPLIT.findall(text)
    if len(split) >= _ZW_SPLIT_MIN:  # words cut by invisible characters: made not to be read
        out.append(("zero_width_split", _ZW_CHARS.sub("", text), False, None))
    return out


def _zero_width_bits(run: str) -> str | None:
    """The text zero-width characters encode as bits (ZWSP/ZWNJ as 0/1, ZWJ or the word
    joiner between characters, or fixed 8-bit groups), if it decodes to readable text."""
    pairs = [("\u200b", "\u200c"), ("\u200c", "\u200b")]
    used = sorted(set(run))
    if len(used) == 2 and tuple(used) not in pairs:  # any two invisible characters as bits
        pairs += [(used[0], used[1]), (used[1], used[0])]
    for zero, one in pairs:
        bits = {zero: "0", one: "1"}
        groups = (
            re.split(r"[\u200d\u2060\ufeff]", run)
            if zero + one == "\u200b\u200c" or (one + zero == "\u200b\u200c")
            else [run]
        )
        if len(groups) < 3 or max(len(g) for g in groups) > 21:  # joiners around a stream
            flat = "".join(bits.get(c, "") for c in run)
            groups = [flat[i : i + 8] for i in range(0, len(flat) - 7, 8)]
        try:
            chars = [chr(int("".join(bits.get(c, c) for c in g), 2)) for g in groups if g]
        except (ValueError, OverflowError):  # a group too long for a code point: no text
            continue
        decoded = "".join(chars)
        printable = sum(1 for c in decoded if c.isprintable())
        if len(decoded) >= 4 and printable / len(decoded) >= 0.9 and " " in decoded:
            return decoded
    return None


def escaped_regions(text: str) -> list[Found]:
    """Text spelled as escapes in a string (``\\x..``, ``\\u....``) or percent-encoded
    (a URL's query value, spaces as ``+`` too): a reader sees codes, a model reads the
    text."""
    out: list[Found] = []
    if "\\x" in text or "\\u" in text:
        for m in _ESCAPES.finditer(text):
            run = m.group(0)[: MAX_DECODED * 6]
            codes = re.findall(r"\\x([0-9a-fA-F]{2})|\\u\{?([0-9a-fA-F]{1,6})", run)
            if run.startswith("\\x"):
                decoded = bytes(int(a, 16) for a, _ in codes).decode("utf-8", "replace")
            else:
                decoded = "".join(chr(min(int(b, 16), 0x10FFFF)) for _, b in codes)
            if found := _text(decoded):
                out.append(("escaped", found, True, m.span()))
    if "%" in text or "+" in text:
        for m in _PERCENT.finditer(text):
            if m.group(0).count("%") + m.group(0).count("+") < 3:  # "a+b", "C++" are not runs
                continue
            plain = _text(urllib.parse.unquote_plus(m.group(0)[: MAX_DECODED * 3]))
            if plain and len(plain.split()) >= 3:
                out.append(("percent_encoded", plain, True, m.span()))
    return out


def _vs_byte(c: str) -> int:
    code = ord(c)
    return code - 0xFE00 if code <= 0xFE0F else code - 0xE0100 + 16


def _text(decoded: str) -> str | None:
    """``decoded`` when it reads as text: printable, with a space."""
    decoded = decoded[:MAX_DECODED]
    printable = sum(1 for c in decoded if c.isprintable() or c in "\t\n")
    if len(decoded) >= 4 and printable >= 0.9 * len(decoded) and " " in decoded.strip():
        return decoded
    return None
