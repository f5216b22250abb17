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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

Span = tuple[str, int, int]
# A secret already redacted: never matched again, and its words are no context.
MARKER = re.compile(r"\[REDACTED:[a-z0-9\-]+\]")
Scan = Callable[[str], Iterable[Span]]

# Below this many bits per character a token is not random enough to be a key.
MIN_ENTROPY = 3.0

# What a text must contain for any detector to match: a word of a keyword pattern
# (lower-cased), a long token (every vendor key is one), a run of digits (cards,
# SSNs) or a URL with an "@". Substring tests run in C; one big regex alternation
# would cost more than all the detectors on the texts it lets through.
_TRIGGER_WORDS = (
    "pass", "pwd", "pw", "pin", "puk", "code", "secret", "token", "key", "credential", "cred",
    "auth", "bearer", "basic", "ssn", "social", "cvv", "cvc", "csc", "combination", "aws",
    "cookie", "sess", "sid", "signature", "salt", "sig=", "begin", "putty", "private-lines",
    "xox", "otp", "2fa", "mfa", "seed", "phrase", "mnemonic", "recovery", "backup", "scratch",
    "login", "log in", "sign in", "hook", " -p", " -a ", " -u ", "--", "machine", "/p:",
    "pas", "mdp", "kennwort", "contrase", "clave", "senha", "parol", "wachtwoord", "lösenord",
    "adgangskode", "kodeord", "hasło", "haslo", "heslo", "jelszó", "salasana", "şifre", "sifre",
    "пароль", "парола", "паспорт", "κωδικός", "密码", "密碼", "口令", "パスワード", "暗証番号",
    "비밀번호", "암호", "كلمة", "סיסמה", "पासवर्ड", "mật khẩu", "kata sandi", "kata laluan",
    "lozinka", "geslo", "slaptažodis", "护照", "パスポート", "여권",
)  # fmt: skip
_TRIGGER_DIGITS = re.compile(r"\d{3}-\d{2}-\d{4}|\d(?:[ \-]?\d){12}")
# Long words no detector matches on their own: hex ids (with a letter: a run of
# digits may be a card), ISO timestamps.
_PLAIN_LONG = re.compile(r"(?=\d*[a-f])[0-9a-f]+|\d{4}-\d\d-\d\dT[\d:.]+(?:[+\-]\d\d:\d\d|Z)?")
_NO_DIGITS = str.maketrans("", "", "0123456789")
# A token spelled out in chunks of one length ("SG.D nDhu fjh0 XsKH a9Qm"): blocks.py.
CHUNKS = re.compile(r"(?<!\S)(?:[A-Za-z0-9_.\-]{3,6}[ ]){4,}[A-Za-z0-9_.\-]{1,6}(?!\S)")


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
    digits = digit_count(text)
    if digits >= 2 and len(text) >= 20 and CHUNKS.search(text):
        return True
    return digits >= 9 and _TRIGGER_DIGITS.search(text) is not None


def shannon_entropy(text: str) -> float:
    """Bits per character of ``text`` (0 for empty text)."""
    if not text:
        return 0.0
    total = len(text)
    return -sum(c / total * math.log2(c / total) for c in Counter(text).values())


PLACEHOLDER = re.compile(
    r"(?i)^(?:[*x•.#?\-_]+|<[^>]*>|\$\{?[A-Z_][A-Z0-9_]*\}?|\$\(.*|\$\{\{.*|\{\{.*\}\}|"
    r"%[A-Z_]+%|redacted|hidden|secret|password|passw0rd|placeholder|none|null|nil|"
    r"undefined|example|changeme(?:-later)?|your[_\- ]?\w+|my[_\- ]?\w+|\.\.\.|…)$"
    # AWS's documentation keys (AKIAIOSFODNN7EXAMPLE, ...EXAMPLEKEY): published samples
    r"|EXAMPLE(?:KEY)?$"
)
# Keys meant to be public (Stripe publishable keys): shown in every web page.
PUBLIC_KEY = re.compile(r"^pk_(?:live|test)_")
_SEGMENTS = re.compile(r"[/._\-+=~:]+")
_WORD_SEGMENTS = re.compile(r"[/._\-+=~:\d]+")
# A file name (ends in an extension), a path that starts with a word, a fingerprint.
_NOT_A_KEY = re.compile(
    r"\.[A-Za-z][A-Za-z0-9]{1,4}$|^/?[a-z]{3,}/|^(?:SHA256|SHA1|SHA512|MD5):", re.IGNORECASE
)


def looks_random(value: str, *, min_len: int = 16) -> bool:
    """Whether ``value`` looks like a generated secret: long enough, letters mixed with
    digits (or with both cases), enough entropy, and not words joined by separators
    (paths, file names, identifiers) nor a placeholder."""
    v = value.strip("\"'`")
    if len(v) < min_len or "://" in v or not_a_value(v) or _NOT_A_KEY.search(v):
        return False
    if "&" in v and "=" in v:
        return False  # a query string (its values are judged one by one)
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
    parts = _SEGMENTS.split(v)
    if len(parts) >= 3:  # a dotted or slashed name: digits part its words too
        parts = _WORD_SEGMENTS.split(v)  # "a.b.Argon2PasswordHasher": Argon, PasswordHasher
    wordy = sum(
        len(s)
        for s in parts
        if len(s) >= 3
        and s.isalpha()
        and (s.islower() or s.istitle() or s.isupper() or camel_words(s))
    )
    return wordy < 0.6 * letters


_CAMEL_PIECE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def camel_words(segment: str) -> bool:
    """Whether ``segment`` (letters only) is words joined in camel case, as code names
    things (``AirflowSensorTimeout``, ``ListEntriesByAccount``, ``HTTPServer``): every
    piece two letters or more, four on average. A random string of mixed case breaks
    into pieces of one letter ("XsKHqdlN": Xs, K, Hqdl, N)."""
    pieces = _CAMEL_PIECE.findall(segment)
    return len(pieces) > 1 and min(map(len, pieces)) >= 2 and len(segment) >= 4 * len(pieces)


def not_a_value(v: str) -> bool:
    """A placeholder, a public key, or code that names a value (a call, an index, a
    shell substitution) rather than being one."""
    return bool(
        PLACEHOLDER.search(v)
        or PUBLIC_KEY.match(v)
        or _CODE.search(v)
        or v.count("x") > len(v) // 2
    )


_CODE = re.compile(r"^[A-Za-z_][\w.]*[(\[]|^\$|[(\[][\"']")
_SYMBOLS = frozenset("!@#$%^&*?+=~|<>/\\;:,'\"`()[]{}")
_NUMERIC = re.compile(r"[\d.,:/\-]+|v?\d+(?:\.\d+)+\w*")


def looks_password(value: str, *, min_len: int = 6) -> bool:
    """Whether ``value`` (one word) could be a password someone chose: printable
    ASCII of ``min_len`` to 128 characters with letters and digits or symbols (or
    both cases, 8+), and not a number, date, version, path, URL, e-mail address,
    file name, placeholder or code."""
    v = value.strip("\"'`«»“”‘’")
    if not (min_len <= len(v) <= 128) or not v.isascii() or not v.isprintable() or " " in v:
        return False
    if "://" in v or v.startswith(("/", "~", "./", "\\")) or _NUMERIC.fullmatch(v):
        return False
    if "@" in v and "." in v.split("@")[-1] and not any(c in "!#$%^&*?" for c in v):
        return False  # an e-mail address
    if not_a_value(v) or _NOT_A_KEY.search(v) or v.startswith("[REDACTED"):
        return False
    letters = any(c.isalpha() for c in v)
    digits = any(c.isdigit() for c in v)
    symbols = any(c in _SYMBOLS for c in v)
    cases = any(c.isupper() for c in v) and any(c.islower() for c in v)
    return letters and (digits or symbols or (cases and len(v) >= 8))


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


class Gate:
    """Which of ``detectors`` may find anything in a text: each needle is looked for
    once per text (not once per detector naming it), and only when the text is long
    enough in its longest word for one of the detectors naming it (vendor prefixes
    need a word of 15+ characters, so prose skips them). Most texts hold one or two
    needles, so few detectors run."""

    def __init__(self, detectors: Sequence[Detector]) -> None:
        self.detectors = tuple(detectors)
        self._free = [i for i, d in enumerate(self.detectors) if not d.needles]
        # (needle, lower-cased?) -> the detectors naming it
        named: dict[tuple[str, bool], list[int]] = {}
        for i, detector in enumerate(self.detectors):
            for needle in detector.needles:
                named.setdefault((needle, detector.lower), []).append(i)
        # Buckets by the shortest longest word any of a needle's detectors needs.
        buckets: dict[int, list[tuple[str, bool, tuple[int, ...]]]] = {}
        for (needle, lower), ids in named.items():
            need = min(self.detectors[i].longest for i in ids)
            buckets.setdefault(need, []).append((needle, lower, tuple(ids)))
        self._buckets = tuple(sorted((need, tuple(b)) for need, b in buckets.items()))

    def open(self, text: str) -> Iterator[Detector]:
        """The detectors to run on ``text``, in their order."""
        low, longest, digits = text.lower(), longest_word(text), digit_count(text)
        chosen = set(self._free)
        for need, needles in self._buckets:
            if need > longest:
                break
            for needle, lower, ids in needles:
                if needle in (low if lower else text):
                    chosen.update(ids)
        for i in sorted(chosen):
            detector = self.detectors[i]
            if detector.longest <= longest and detector.digits <= digits:
                yield detector
