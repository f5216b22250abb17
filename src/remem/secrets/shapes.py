"""Shared by the detectors: the spans they yield, the quick pre-check, what a
random token looks like, and how a regex becomes a detector.

Each detector maps a text to ``(kind, start, end)`` spans to redact. Where a
pattern has a ``value`` group only the value is redacted ("the wifi password
is [REDACTED:password]"), so what the secret was for stays readable.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

Span = tuple[str, int, int]
Scan = Callable[[str], Iterable[Span]]

# Below this many bits per character a token is not random enough to be a key.
MIN_ENTROPY = 3.0

# What a text must contain for any detector to match: a word of a keyword pattern
# (lower-cased), a long token (every vendor key is one), a run of digits (cards,
# SSNs) or a URL with an "@". Substring tests run in C; one big regex alternation
# would cost more than all the detectors on the texts it lets through.
_TRIGGER_WORDS = (
    "pass", "pwd", "pw", "pin", "code", "secret", "token", "key", "credential", "auth",
    "bearer", "basic", "ssn", "social", "cvv", "cvc", "csc", "combination", "aws", "cookie",
    "signature", "salt", "sig=", "-----begin", "putty", "xox",
)  # fmt: skip
_TRIGGER_DIGITS = re.compile(r"\d{3}-\d{2}-\d{4}|\d(?:[ \-]?\d){12}")
# Long words no detector matches on their own: hex ids (with a letter: a run of
# digits may be a card), ISO timestamps.
_PLAIN_LONG = re.compile(r"(?=\d*[a-f])[0-9a-f]+|\d{4}-\d\d-\d\dT[\d:.]+(?:[+\-]\d\d:\d\d|Z)?")
_NO_DIGITS = str.maketrans("", "", "0123456789")


def longest_word(text: str) -> int:
    """Length of the longest whitespace-separated word of ``text`` (0 if none)."""
    return max(map(len, text.split()), default=0)


def digit_count(text: str) -> int:
    """How many ASCII digits ``text`` holds."""
    return len(text) - len(text.translate(_NO_DIGITS))


def quick_trigger(text: str) -> bool:
    """Whether ``text`` has anything a detector could match (most texts do not: ids,
    timestamps, enum values, most prose), so the detectors run only on the rest."""
    if len(text) < 7 or _PLAIN_LONG.fullmatch(text):
        return False  # shorter than any secret form ("cvv 123"); an id or a timestamp
    low = text.lower()
    for word in _TRIGGER_WORDS:
        if word in low:
            return True
    if "://" in text and "@" in text:
        return True
    for word in text.split():
        if len(word) >= 15 and not _PLAIN_LONG.fullmatch(word):
            return True
    return digit_count(text) >= 9 and _TRIGGER_DIGITS.search(text) is not None


def shannon_entropy(text: str) -> float:
    """Bits per character of ``text`` (0 for empty text)."""
    if not text:
        return 0.0
    total = len(text)
    return -sum(c / total * math.log2(c / total) for c in Counter(text).values())


PLACEHOLDER = re.compile(
    r"(?i)^(?:[*x•.#?\-_]+|<[^>]*>|\$\{?[A-Z_][A-Z0-9_]*\}?|\{\{.*\}\}|%[A-Z_]+%|"
    r"redacted|hidden|secret|password|passw0rd|placeholder|none|null|nil|undefined|"
    r"example|changeme-later|your[_\- ]?\w+|my[_\- ]?\w+|\.\.\.|…)$"
)
_SEGMENTS = re.compile(r"[/._\-+=~:]+")
# A file name (ends in an extension), a path that starts with a word, a fingerprint.
_NOT_A_KEY = re.compile(
    r"\.[A-Za-z][A-Za-z0-9]{1,4}$|^/?[a-z]{3,}/|^(?:SHA256|SHA1|SHA512|MD5):", re.IGNORECASE
)


def looks_random(value: str, *, min_len: int = 16) -> bool:
    """Whether ``value`` looks like a generated secret: long enough, letters mixed with
    digits (or with both cases), enough entropy, and not words joined by separators
    (paths, file names, identifiers) nor a placeholder."""
    v = value.strip("\"'`")
    if len(v) < min_len or "://" in v or PLACEHOLDER.match(v) or _NOT_A_KEY.search(v):
        return False
    has_digit = any(c.isdigit() for c in v)
    has_upper = any(c.isupper() for c in v)
    has_lower = any(c.islower() for c in v)
    if not (has_upper or has_lower):
        return False
    if not has_digit and not (has_upper and has_lower and len(v) >= 20):
        return False
    if shannon_entropy(v) < MIN_ENTROPY:
        return False
    letters = sum(c.isalnum() for c in v)
    wordy = sum(
        len(s)
        for s in _SEGMENTS.split(v)
        if len(s) >= 3 and s.isalpha() and (s.islower() or s.istitle() or s.isupper())
    )
    return wordy < 0.6 * letters


Check = Callable[[re.Match[str], str], bool]


def regex_detector(
    kind: str | Callable[[re.Match[str]], str],
    pattern: re.Pattern[str],
    check: Check | None = None,
) -> Scan:
    def detect(text: str) -> Iterator[Span]:
        for match in pattern.finditer(text):
            if check is not None and not check(match, text):
                continue
            name = kind if isinstance(kind, str) else kind(match)
            if "value" in pattern.groupindex and match.group("value") is not None:
                start, end = _trim(text, match.start("value"), match.end("value"))
                yield name, start, end
            else:
                yield name, match.start(), match.end()

    return detect


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """A value span without the sentence punctuation that followed it."""
    while end > start + 1 and text[end - 1] in ".,!?)]}>;" and text[start] not in "\"'`":
        end -= 1
    return start, end


@dataclass(frozen=True, slots=True)
class Detector:
    """A scan and what a text must have for it to find anything: one of ``needles``
    (in the lower-cased text if ``lower``), a word of ``longest`` characters, and
    ``digits`` digits. Checked first, in C, so most texts skip most scans."""

    scan: Scan
    needles: tuple[str, ...] = ()
    lower: bool = False
    longest: int = 0
    digits: int = 0


def needing(
    needles: tuple[str, ...], scan: Scan, *, lower: bool = False, longest: int = 0
) -> Detector:
    """A :class:`Detector` running ``scan`` on texts holding one of ``needles``."""
    return Detector(scan, needles, lower, longest)
