"""Numbers that are secrets: card numbers (a brand's prefix and length, Luhn, and
either card grouping or no identifier word before them) and US social security
numbers (valid area, group and serial)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from remem.secrets.shapes import Detector, Span

# -- numbers: cards and SSNs ------------------------------------------------------
# Left boundaries are checked in Python: a leading lookbehind stops the regex engine
# from skipping ahead to the first digit, which costs more than every check after.
_CARD = re.compile(r"\d(?:[ \-]?\d){12,18}(?!\d)")
_CARD_WORDS = re.compile(
    r"(?i)\b(?:card|visa|mastercard|master card|amex|american express|discover|credit|debit|"
    r"cc|pan|payment|pay with|charge)\b"
)
_ID_WORDS = re.compile(
    r"(?i)(?:\b(?:order|invoice|tracking|ticket|case|ref|reference|confirmation|transaction|"
    r"txn|isbn|id|no|number|account|acct|serial|sku|phone|tel|fax|imei|iccid|build|version|"
    r"shipment|parcel|package|receipt|booking|policy|claim|member|customer|patient|"
    r"record|item|part|barcode|upc|ean)\b|#)\W*$"
)
# (first digits, allowed lengths): Visa, Mastercard, Amex, Discover, JCB, Diners.
_BRANDS: list[tuple[re.Pattern[str], set[int]]] = [
    (re.compile(r"4"), {13, 16, 19}),
    (re.compile(r"5[1-5]|2(?:2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)"), {16}),
    (re.compile(r"3[47]"), {15}),
    (re.compile(r"6(?:011|5|4[4-9])"), {16, 17, 18, 19}),
    (re.compile(r"35(?:2[89]|[3-8]\d)"), {16, 17, 18, 19}),
    (re.compile(r"3(?:0[0-5]|[68])"), {14, 15, 16, 17, 18, 19}),
]


def luhn_ok(digits: str) -> bool:
    """The Luhn checksum of a card number."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _card_spans(text: str) -> Iterator[Span]:
    for match in _CARD.finditer(text):
        if match.start() and text[match.start() - 1] in "0123456789.":
            continue
        raw = match.group(0)
        digits = re.sub(r"\D", "", raw)
        if not any(p.match(digits) and len(digits) in lengths for p, lengths in _BRANDS):
            continue
        if not luhn_ok(digits):
            continue
        groups = re.split(r"[ \-]", raw)
        if len(groups) > 1:
            seps = set(re.findall(r"[ \-]", raw))
            sizes = [len(g) for g in groups]
            if len(seps) > 1 or not (
                (all(s == 4 for s in sizes[:-1]) and 1 <= sizes[-1] <= 4) or sizes == [4, 6, 5]
            ):
                continue
        else:
            before = text[max(0, match.start() - 40) : match.start()]
            if not _CARD_WORDS.search(before) and _ID_WORDS.search(before[-24:]):
                continue
        yield "card-number", match.start(), match.end()


_SSN = re.compile(r"(?P<a>\d{3})-(?P<g>\d{2})-(?P<s>\d{4})(?![\d\-])")
_SSN_WORDED = re.compile(
    r"(?i)\b(?:ssn|social security(?: number| no\.?| #)?|social)\s*(?:#|no\.?)?\s*"
    r"(?:is|was|:|=)?\s*(?P<a>\d{3})[ \-]?(?P<g>\d{2})[ \-]?(?P<s>\d{4})(?!\d)"
)


def _valid_ssn(match: re.Match[str]) -> bool:
    area = match.group("a")
    return (
        area != "000"
        and area != "666"
        and not area.startswith("9")
        and match.group("g") != "00"
        and match.group("s") != "0000"
    )


def _ssn_spans(text: str) -> Iterator[Span]:
    worded = "ssn" in text.lower() or "social" in text.lower()
    for pattern in (_SSN, _SSN_WORDED) if worded else (_SSN,):
        for match in pattern.finditer(text):
            start = match.start()
            if pattern is _SSN and start and text[start - 1] in "0123456789-":
                continue
            if pattern is _SSN and _ID_WORDS.search(text, max(0, start - 24), start):
                continue  # "phone number 555-12-3456", "part 123-45-6789"
            if _valid_ssn(match):
                yield "ssn", match.start("a"), match.end("s")


KINDS = ("card-number", "ssn")
DETECTORS: list[Detector] = [Detector(_card_spans, digits=13), Detector(_ssn_spans, digits=9)]
