"""Secrets that span more than a word: private-key blocks (PEM, OpenSSH, PGP,
PKCS#8, SSH2 and PuTTY, whatever the spacing or line wrapping of their armour),
secrets wrapped in base64 (a run that decodes to text holding a secret), and
tokens spelled out in chunks ("SG.D nDhu fjh0 XsKH …")."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterator

from remem.secrets.shapes import CHUNKS, Detector, Span, looks_random, needing

# The armour: 3-5 dashes, BEGIN, words ending in PRIVATE KEY (BLOCK), dashes; any
# run of spaces or line breaks between the words (a header wrapped over two lines).
# Each run of blanks has one way to match and the words between BEGIN and PRIVATE
# need one between them: "[A-Z]+" next to an optional blank could split a long
# upper-case word every way there is (exponential time on "-----BEGIN AAAA…").
_W = r"[ \t]*(?:\n[ \t]*)?"
_SEP = r"(?:[ \t]+(?:\n[ \t]*)?|\n[ \t]*)"


def _armour(word: str) -> str:
    return rf"-{{3,5}}{_W}{word}{_W}(?:[A-Z0-9#]+{_SEP})*?PRIVATE{_W}KEY(?:{_W}BLOCK)?{_W}-{{3,5}}"


_PEM = re.compile(
    _armour("BEGIN") + r".*?(?:" + _armour("END") + r"|\Z)"
    r"|PuTTY-User-Key-File-\d+:.*?(?:Private-MAC:[ \t]*[0-9a-fA-F]+|\Z)"
    r"|Private-Lines:[ \t]*\d+\s*\n(?:[A-Za-z0-9+/=]+\s*\n?)+",
    re.DOTALL,
)


def _pem_spans(text: str) -> Iterator[Span]:
    for match in _PEM.finditer(text):
        kind = "pgp-private-key" if "PGP" in match.group(0)[:40] else "private-key"
        yield kind, match.start(), match.end()


# A base64 run long enough to hide a key or a token (shorter runs are ids): looked
# for only inside the long words of a text (most texts have none).
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/_\-]{24,}={0,2}(?![A-Za-z0-9+/=_\-])")
_LONG_WORD = re.compile(r"\S{24,}")
# Every run is tried (a cap would let decoys in front hide the one that matters);
# a run that does not decode to text costs one failed decode.


def wrapped_spans(scan: Callable[[str], object]) -> Callable[[str], Iterator[Span]]:
    """A detector of base64 runs whose decoded text ``scan`` finds a secret in (``scan``
    is the whole detector: a key in a Kubernetes Secret, ``echo … | base64 -d``)."""

    def detect(text: str) -> Iterator[Span]:
        runs = (
            run for word in _LONG_WORD.finditer(text)
            for run in _BASE64.finditer(text, word.start(), word.end())
        )  # fmt: skip
        for match in runs:
            run = match.group(0)
            raw = run.rstrip("=").replace("-", "+").replace("_", "/")
            try:
                decoded = base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True)
                inner = decoded.decode("utf-8")
            except (binascii.Error, ValueError):
                continue
            printable = sum(c.isprintable() or c in "\t\n\r" for c in inner)
            if len(inner) < 8 or printable < 0.95 * len(inner):
                continue
            if scan(inner):
                yield "encoded-secret", match.start(), match.end()

    return detect


# Chunks: 5+ groups of one length (3-6 letters and digits; the last may be
# shorter) split by single spaces, that together look random and are mostly not
# words ("SG.D nDhu fjh0 XsKH qdlN 0IlS"). Hex groups are fingerprints, not keys.


def _chunk_spans(text: str) -> Iterator[Span]:
    for match in CHUNKS.finditer(text):
        chunks = match.group(0).split()
        if len({len(c) for c in chunks[:-1]}) != 1:
            continue
        odd = sum(
            any(c.isdigit() for c in chunk) or (chunk != chunk.lower() and chunk != chunk.title())
            for chunk in chunks
        )
        joined = "".join(chunks)
        if odd * 2 < len(chunks) or re.fullmatch(r"[0-9a-fA-F]+", joined):
            continue
        if looks_random(joined, min_len=20):
            yield "secret", match.start(), match.end()


KINDS = ("private-key", "pgp-private-key", "encoded-secret")
DETECTORS: list[Detector] = [
    needing(("BEGIN", "PuTTY", "Private-Lines"), _pem_spans),
    Detector(_chunk_spans, digits=2),
]
