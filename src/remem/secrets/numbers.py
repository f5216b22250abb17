"""Numbers that are secrets: card numbers (a brand's prefix and length, Luhn, and
either card grouping or no identifier word before them), US social security
numbers (valid area, group and serial) and IBANs (the country's length and the
mod-97 check)."""

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
        if match.start() and (text[match.start() - 1] in "." or text[match.start() - 1].isalnum()):
            continue  # inside a longer number, a version or a token (a hex digest's digits)
        if match.end() < len(text) and text[match.end()].isalpha():
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


# -- IBAN: country, 2 check digits, the country's length, mod 97 == 1 -------------
# ISO 13616 lengths by country (the registry's table; a constant of the standard).
_IBAN_LENGTHS = dict(
    (entry[:2], int(entry[2:]))
    for entry in """AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28
    CZ24 DE22 DJ27 DK18 DO28 EE20 EG29 ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28
    HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25
    MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33
    SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24
    XK20""".split()
)
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{1,4}){3,8}\b")


def iban_ok(iban: str) -> bool:
    """The country's length and the ISO 7064 mod-97 check of an IBAN (no spaces)."""
    if _IBAN_LENGTHS.get(iban[:2]) != len(iban):
        return False
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _iban_spans(text: str) -> Iterator[Span]:
    for match in _IBAN.finditer(text):
        raw = match.group(0)
        compact = raw.replace(" ", "")
        # Grouped by fours or not at all; the last group may be shorter.
        groups = raw.split(" ")
        if len(groups) > 1 and any(len(g) != 4 for g in groups[:-1]):
            continue
        for end in range(len(compact), 14, -1):  # a word may follow without a space
            if iban_ok(compact[:end]):
                cut = len(raw) - (len(compact) - end)
                yield "iban", match.start(), match.start() + cut
                break


KINDS = ("card-number", "ssn", "iban")
DETECTORS: list[Detector] = [
    Detector(_card_spans, digits=13),
    Detector(_ssn_spans, digits=9),
    Detector(_iban_spans, digits=8),
]
