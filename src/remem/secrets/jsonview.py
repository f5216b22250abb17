"""Secrets split across a JSON document's values, found in its decoded values.

A JSON text whose values are clean one by one can still hold a secret together: a
key and its value (``{"password": "Vq7!tLm2x"}``), a token cut in two items of a
list, a ``.netrc`` line spread over fields. The detectors read a *view* of the
decoded document — each entry as ``key: value``, entries and items one a line,
escapes decoded — never the JSON text itself, whose quotes, commas and ``\\n``
escapes are not what anybody wrote (``-p logslice-core"},`` read raw looked like a
password given to ``mysql -p``, a ``TOKEN\\nUpdating`` escape like a token after a
credential word). Each secret found is blanked in the strings it spans only, the
rest of every string kept as it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from remem.secrets import MARK_PREFIX, detect, plain

__all__ = ["across_values"]

# Integers a secret could be (a PIN, a card number given as a JSON number) are read
# in the view too; floats and booleans never are.
_SEP = "\n"
# A string that ends open (a space, an "=" or ":" after its last word: "the password
# is ", "AccountKey=") was cut mid-statement: the next value is read right after it.
_OPEN = re.compile(r"(?:\s|[=:])$")


@dataclass(slots=True)
class _Piece:
    """One string (or integer) of the document, where it sits in the view."""

    start: int
    text: str  # as the view holds it (normalised: what the detectors read)
    cut: list[tuple[int, int, str]]  # (start, end, kind) to blank, in this piece
    key: bool = False  # an object's key: judged alone (scrub_value), never blanked here


def across_values(value: Any) -> Any:
    """``value`` (decoded JSON) with every secret its values hold together blanked;
    the same object when none is found."""
    pieces: list[_Piece] = []
    parts: list[str] = []
    shape = _walk(value, pieces, parts, [0])
    if len(pieces) < 2:
        return value  # one value: scrub_value judged it already
    view = "".join(parts)
    found = detect(view)
    if not found.secrets:
        return value
    if found.text != view:  # read in a form the view does not index: blank whole values
        hit = {
            i
            for i, p in enumerate(pieces)
            for s in found.secrets
            if not p.key and _touches(p, s.text)
        }
        for i in hit:
            pieces[i].cut.append((0, len(pieces[i].text), found.secrets[0].kind))
    else:
        for secret in found.secrets:
            for piece in (p for p in pieces if not p.key):
                start = max(secret.start, piece.start) - piece.start
                end = min(secret.end, piece.start + len(piece.text)) - piece.start
                if start < end:
                    piece.cut.append((start, end, secret.kind))
    if not any(p.cut for p in pieces):
        return value  # only separators or keys' colons were spanned
    return _rebuild(shape, iter(pieces))


def _touches(piece: _Piece, secret: str) -> bool:
    return any(len(w) >= 4 and w in piece.text for w in secret.split())


def _walk(
    value: Any, pieces: list[_Piece], parts: list[str], size: list[int], *, key: bool = False
) -> Any:
    """The view of ``value`` appended to ``parts`` (``size``: their length so far);
    returns ``value``'s shape with a slot where each piece goes (:func:`_rebuild`)."""

    def add(text: str) -> None:
        parts.append(text)
        size[0] += len(text)

    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        if parts and not _OPEN.search(parts[-1]):
            add(_SEP)
        text = plain(value) if isinstance(value, str) else str(value)
        pieces.append(_Piece(size[0], text, [], key=key))
        add(text)
        return _Slot(value)
    if isinstance(value, dict):
        out: list[tuple[Any, Any]] = []
        for name, item in value.items():
            new_key = _walk(name, pieces, parts, size, key=True)
            if isinstance(name, str):
                add(": ")
            out.append((new_key, _walk(item, pieces, parts, size)))
        return _Dict(out)
    if isinstance(value, list):
        return [_walk(item, pieces, parts, size) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class _Slot:
    original: Any


@dataclass(frozen=True, slots=True)
class _Dict:
    items: list[tuple[Any, Any]]


def _rebuild(shape: Any, pieces: Any) -> Any:
    if isinstance(shape, _Slot):
        piece = next(pieces)
        return _blanked(piece) if piece.cut else shape.original
    if isinstance(shape, _Dict):
        out: dict[Any, Any] = {}
        for key, item in shape.items:
            name = _rebuild(key, pieces)  # a key is never blanked here
            out[name] = _rebuild(item, pieces)
        return out
    if isinstance(shape, list):
        return [_rebuild(item, pieces) for item in shape]
    return shape


def _blanked(piece: _Piece) -> str:
    """The piece's text with each span cut out, a marker where each run of cuts began."""
    out: list[str] = []
    last = 0
    for start, end, kind in sorted(piece.cut):
        if start < last:  # overlapping spans: already blanked
            start = last
            if start >= end:
                continue
        out.append(piece.text[last:start])
        out.append(f"{MARK_PREFIX}{kind}]")
        last = end
    out.append(piece.text[last:])
    return "".join(out)
