"""The secret detectors :mod:`remem.secrets` runs, most specific first.

Each detector maps a text to ``(kind, start, end)`` spans to redact. Where a
pattern has a ``value`` group, only the value is redacted ("the wifi password
is [REDACTED:password]", "postgres://app:[REDACTED:url-credentials]@db/x"), so
what the secret was for stays readable.

False positives are kept low by shape checks rather than by trusting a regex
alone: card numbers must pass Luhn and a card brand's prefix and length; SSNs
must have a valid area, group and serial; a "random" token must mix letters and
digits, have enough entropy and not be words joined by separators; a password
stated in prose must look like one or end its clause.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from remem.stopwords import STOPWORDS

Span = tuple[str, int, int]
Detector = Callable[[str], Iterable[Span]]

# Below this many bits per character a token is not random enough to be a key.
MIN_ENTROPY = 3.0
# How far (characters) before a 40-character token an AWS word or key id may be.
AWS_CONTEXT = 100
# How many words (stop words not counted) after a credential word a random token may follow.
PROXIMITY_WORDS = 5

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


def longest_word(text: str) -> int:
    """Length of the longest whitespace-separated word of ``text`` (0 if none)."""
    return max(map(len, text.split()), default=0)


def quick_trigger(text: str) -> bool:
    """Whether ``text`` has anything a detector could match (most texts do not: ids,
    timestamps, enum values, most prose), so the detectors run only on the rest."""
    low = text.lower()
    if any(word in low for word in _TRIGGER_WORDS):
        return True
    if ("://" in text and "@" in text) or longest_word(text) >= 20:
        return True
    return _TRIGGER_DIGITS.search(text) is not None


def shannon_entropy(text: str) -> float:
    """Bits per character of ``text`` (0 for empty text)."""
    if not text:
        return 0.0
    total = len(text)
    return -sum(c / total * math.log2(c / total) for c in Counter(text).values())


_PLACEHOLDER = re.compile(
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
    if len(v) < min_len or "://" in v or _PLACEHOLDER.match(v) or _NOT_A_KEY.search(v):
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


# -- prefixed vendor tokens ---------------------------------------------------------
Check = Callable[[re.Match[str], str], bool]


def _random_tail(prefix_len: int) -> Check:
    return lambda m, _text: looks_random(m.group(0)[prefix_len:], min_len=12)


# (kind, needles: one must be in the text for the pattern to run, pattern, check)
_PREFIXED: list[tuple[str, tuple[str, ...], str, Check | None]] = [
    ("anthropic-key", ("sk-ant-",), r"\bsk-ant-(?:[a-z]+\d\d-)?[A-Za-z0-9_\-]{20,}", None),
    (
        "openai-key",
        ("sk-",),
        r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}",
        _random_tail(3),
    ),
    (
        "stripe-key",
        ("_live_", "_test_", "whsec_"),
        r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|\bwhsec_[A-Za-z0-9]{24,}",
        None,
    ),
    ("aws-access-key", ("AKIA", "ASIA"), r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", None),
    (
        "github-token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        r"\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bgithub_pat_[A-Za-z0-9_]{40,}",
        None,
    ),
    ("gitlab-token", ("gl",), r"\bgl(?:pat|dt|rt|ptt|ft|cbt|oas)-[A-Za-z0-9_\-]{20,}", None),
    ("slack-token", ("xox",), r"\bxox[abposr]-[A-Za-z0-9\-]{10,}", None),
    (
        "slack-webhook",
        ("hooks.slack.com",),
        r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]{20,}",
        None,
    ),
    ("google-api-key", ("AIza",), r"\bAIza[0-9A-Za-z_\-]{35}", None),
    (
        "google-oauth",
        ("GOCSPX-", "ya29."),
        r"\bGOCSPX-[A-Za-z0-9_\-]{20,}|\bya29\.[A-Za-z0-9_\-]{20,}",
        None,
    ),
    ("npm-token", ("npm_",), r"\bnpm_[A-Za-z0-9]{36}\b", None),
    ("huggingface-token", ("hf_",), r"\bhf_[A-Za-z0-9]{30,}\b", _random_tail(3)),
    ("pypi-token", ("pypi-",), r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{40,}", None),
    ("sendgrid-key", ("SG.",), r"\bSG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{30,50}", None),
    ("twilio-key", ("SK",), r"\bSK[0-9a-fA-F]{32}\b", None),
    ("mailgun-key", ("key-",), r"\bkey-[0-9a-f]{32}\b", None),
    ("mailchimp-key", ("-us",), r"\b[0-9a-f]{32}-us\d{1,2}\b", None),
    ("shopify-token", ("shp",), r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b", None),
    ("digitalocean-token", ("_v1_",), r"\bdo[opr]_v1_[a-f0-9]{64}\b", None),
    ("databricks-token", ("dapi",), r"\bdapi[a-f0-9]{32}(?:-\d)?\b", None),
    ("vault-token", ("hvs.", "hvb.", "hvr."), r"\bhv[sbr]\.[A-Za-z0-9_\-]{24,}", None),
    ("age-secret-key", ("AGE-SECRET-KEY-1",), r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b", None),
    ("groq-key", ("gsk_",), r"\bgsk_[A-Za-z0-9]{48,}\b", None),
    ("replicate-token", ("r8_",), r"\br8_[A-Za-z0-9]{37}\b", None),
    ("linear-key", ("lin_api_",), r"\blin_api_[A-Za-z0-9]{40}\b", None),
    ("notion-token", ("ntn_",), r"\bntn_[A-Za-z0-9]{40,}\b", None),
    ("square-token", ("sq0",), r"\bsq0(?:atp|csp)-[A-Za-z0-9_\-]{22,}", None),
    ("telegram-bot-token", (":AA",), r"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b", None),
    (
        "discord-token",
        (".",),
        r"\b[MNO][A-Za-z0-9_\-]{23,25}\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,38}\b",
        None,
    ),
    (
        "azure-client-secret",
        ("Q~",),
        r"(?<![\w~.\-])[A-Za-z0-9_~.\-]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}",
        None,
    ),
    (
        "jwt",
        ("eyJ",),
        r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
        None,
    ),
]


def _regex_detector(
    kind: str | Callable[[re.Match[str]], str],
    pattern: re.Pattern[str],
    check: Check | None = None,
) -> Detector:
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


# -- blocks, headers and URLs -------------------------------------------------------
_PEM = re.compile(
    r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----.*?"
    r"(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
    r"|PuTTY-User-Key-File-\d+:.*?(?:Private-MAC: *[0-9a-fA-F]+|\Z)",
    re.DOTALL,
)
_BEARER = re.compile(r"\b[Bb]earer\s+(?P<value>[A-Za-z0-9_\-.=+/~]{16,})")
_AUTH_HEADER = re.compile(
    r"(?i)\b(?:proxy-)?authorization\s*[:=]\s*[\"']?(?:token|apikey|api-key|digest|key)?\s*"
    r"(?P<value>[A-Za-z0-9_\-.=+/~,\"]{12,})"
)
_BASIC = re.compile(r"\b[Bb]asic\s+(?P<value>[A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])")
_URL_CREDENTIALS = re.compile(
    r"\b[A-Za-z][A-Za-z0-9+.\-]{1,15}://[^\s:/@?#]*:(?P<value>[^\s@/?#]+)@(?=[^\s@]*[A-Za-z0-9])"
)
_AZURE_KEY = re.compile(
    r"(?i)\b(?:AccountKey|SharedAccessKey|sig)=(?P<value>[A-Za-z0-9%+/]{30,}(?:%3D|=){0,2})"
)


def _basic_credentials(match: re.Match[str], _text: str) -> bool:
    value = match.group("value")
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        text = decoded.decode("ascii")
    except (binascii.Error, ValueError):
        return False
    return ":" in text and text.isprintable() and len(text) >= 3


def _pem_kind(match: re.Match[str]) -> str:
    return "pgp-private-key" if "PGP" in match.group(0)[:40] else "private-key"


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


# -- prose: passwords, PINs, words near random tokens ------------------------------
_PASS_WORD = (
    r"(?<![A-Za-z])(?:pass(?:word|phrase|code)s?|pass (?:phrase|code)|passwd|pwd|"
    r"credentials?|login password|wi-?fi key|network key)(?![A-Za-z])"
)
# Words that, between "password" and "is", show the subject is not the password.
_FRAME_BLOCKERS = frozenset(
    """reset link links page policy policies manager managers hint hints field fields length
    requirement requirements rule rules change changes expiry prompt box form screen email
    strength file protected protection complexity recovery history attempts attempt entry
    rotation generator vault store stored manager's hash hashes hashing sent emailed texted
    flow feature button dialog step system service screen page
    in on at since after before until by from during changed expires expired pad tries
    retries digits characters""".split()
)
# Words that follow "password is" in prose without being a password.
_NOT_VALUES = frozenset(
    """the a an not no wrong incorrect correct right required optional expired reset changed
    missing empty blank too invalid valid set stored saved kept managed same different strong
    weak long short secure insecure encrypted hashed hidden visible shown case-sensitive
    sensitive needed necessary mandatory in on at for from with of by about like still now
    also just only never always being been sent emailed texted written printed taped
    somewhere here there below above attached included rotated updated compromised leaked
    known unknown forgotten lost locked my your his her our their its this that these those
    what which whatever whoever unchanged fine ok okay good bad easy hard simple complex
    weak-ish temporary permanent shared private public generated random unique enabled
    disabled on-file pending ready done due available unavailable protected unprotected
    useless optional-ish obvious guessable predictable located posted pinned listed stuck
    noted mentioned given provided inside under behind near labeled labelled case
    different-from""".split()
)
_VALUE = r"(?P<value>\"[^\"\n]{1,128}\"|'[^'\n]{1,128}'|`[^`\n]{1,128}`|[^\s,;]{3,128})"
_BETWEEN = r"(?P<between>(?:[ \t]+(?!(?:is|was|are|were)\b)[\w'’.\-]+){0,5}?)"
_PASSWORD = re.compile(
    rf"(?i){_PASS_WORD}{_BETWEEN}\s*(?P<verb>\bis\b|\bwas\b|\bare\b|\bwere\b|:=|=|:)\s*{_VALUE}"
)
_PASSWORD_TO = re.compile(
    rf"(?i)\b(?:chang(?:e|ed|es|ing)|set|reset|updat(?:e|ed|es|ing))\s+(?:[\w'’]+\s+){{0,3}}?"
    rf"{_PASS_WORD}\s+(?:[\w'’]+\s+){{0,3}}?to\s+{_VALUE}"
)
_PASSWORD_BARE = re.compile(
    rf"(?i)(?:\bwith|\busing|\buse|\bvia)\s+(?:the\s+|my\s+|our\s+)?{_PASS_WORD}\s+{_VALUE}"
)
_PW = re.compile(rf"(?i)(?<![A-Za-z])pw\s*[:=]\s*{_VALUE}")
_WORD_ENDINGS = ("ed", "ing", "ly", "able", "ible", "ful", "less", "ous", "ive", "ier", "est")
_CLAUSE_END = re.compile(r"\s*(?:$|[.,;:!?()\[\]|\n\"'—–]|-\s|\s(?:and|but|so|or|then|for)\b)")


def _password_value_ok(match: re.Match[str], text: str) -> bool:
    value = match.group("value")
    between = (match.groupdict().get("between") or "").lower().split()
    if any(w.strip(".'’") in _FRAME_BLOCKERS for w in between):
        return False
    if value[0] in "\"'`":
        inner = value[1:-1].strip()
        return bool(inner) and not _PLACEHOLDER.match(inner) and inner.lower() not in _NOT_VALUES
    bare = value.rstrip(".,!?)]}>;:")
    if len(bare) < 3 or bare.lower() in _NOT_VALUES or _PLACEHOLDER.match(bare):
        return False
    if bare.startswith("[REDACTED"):
        return False
    if bare.isalpha() and (bare.islower() or bare.istitle()):
        # A plain word is a password only when it ends the clause ("... is swordfish.")
        # and does not read as an adjective or participle ("is broken", "are easier").
        if bare.lower().endswith(_WORD_ENDINGS):
            return False
        return _CLAUSE_END.match(text, match.start("value") + len(bare)) is not None
    return True


def _bare_password_ok(match: re.Match[str], text: str) -> bool:
    value = match.group("value").rstrip(".,!?)]}>;:")
    if value[0] in "\"'`":
        return _password_value_ok(match, text)
    if len(value) < 6 or value.lower() in _NOT_VALUES:
        return False
    return any(c.isdigit() for c in value) or not value.isalnum() or not value.islower()


_PIN = re.compile(
    r"(?P<kw>PIN(?: code| number)?|[Pp]in(?: code| number)?|"
    r"(?i:pass ?code|access code|door code|gate code|garage code|alarm code|lock code|"
    r"unlock code|security code|entry code|keypad code|safe combination|combination|"
    r"cvv2?|cvc2?|csc))(?![A-Za-z])"
    r"(?P<between>(?:[ \t]+(?!(?:is|was|are)\b)[\w'’\-]+){0,4}?)"
    r"\s*(?P<verb>\bis\b|\bwas\b|\bare\b|:|=|#)?\s*(?P<value>\d{3,8}|\d{2}-\d{2}-\d{2})"
    r"(?![\d,./:\-]?\d)(?!\s*(?:digits?|characters?|chars?|times|attempts?|tries|%|px|mm|cm))"
)


def _pin_ok(match: re.Match[str], text: str) -> bool:
    kw = match.group("kw")
    if match.start() and text[match.start() - 1].isalpha():
        return False  # "spin 1234", "opinion"
    digits = match.group("value").replace("-", "")
    between = match.group("between").lower().split()
    if any(w in _FRAME_BLOCKERS for w in between):
        return False
    low = kw.lower()
    if low.startswith(("cvv", "cvc", "csc")):
        return 3 <= len(digits) <= 4
    if "combination" in low:
        return match.group("verb") is not None or "safe" in low
    if kw.startswith("pin") or kw.startswith("Pin"):
        # Lower-case "pin" is as often a hardware pin: only "pin is 4829" counts.
        return match.group("verb") is not None and len(digits) >= 4
    return len(digits) >= 4


_KEYWORD = re.compile(
    r"(?i)(?<![A-Za-z])(?:api[ _\-]?key|apikey|access[ _\-]?key|secret(?:[ _\-]?access)?"
    r"(?:[ _\-]?key)?|client[ _\-]?secret|app[ _\-]?secret|private[ _\-]?key|signing[ _\-]?key|"
    r"encryption[ _\-]?key|master[ _\-]?key|license[ _\-]?key|auth(?:entication|orization)?"
    r"(?:[ _\-]?(?:token|key|code))?|tokens?|credentials?|pass(?:word|phrase|code)|passwd|"
    r"keys?)(?![A-Za-z])"
)
# Words that, between a credential word and a token, show the token is something
# else the credential has: "key fingerprint", "token endpoint", "key in the bucket".
_PROXIMITY_BLOCKERS = frozenset(
    """fingerprint id ids hash checksum name names prefix prefixes format length count endpoint
    url uri path file type version rotation expiry policy header field column size limit store
    vault manager object bucket table index""".split()
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_TOKEN = re.compile(r"\S+")
_STRIP = "\"'`()[]{}<>,;:."


def _proximity_spans(text: str) -> Iterator[Span]:
    for match in _KEYWORD.finditer(text):
        window_end = min(len(text), match.end() + 200)
        stop = _SENTENCE_END.search(text, match.end(), window_end)
        end = stop.start() if stop else window_end
        bare_key = match.group(0).lower() in ("key", "keys")
        words = 0
        for token in _TOKEN.finditer(text, match.end(), end):
            raw = token.group(0)
            value = raw.strip(_STRIP)
            if value.lower() in _PROXIMITY_BLOCKERS or words >= PROXIMITY_WORDS:
                break
            if not value or value.lower() in STOPWORDS or value.startswith("REDACTED"):
                continue  # "the api key for the weather service is X": 3 words, not 6
            words += 1
            if looks_random(value, min_len=20 if bare_key else 16):
                start = token.start() + raw.index(value)
                yield "secret", start, start + len(value)
                break


_SEPARATOR = re.compile(r"[ \t]*(?::=|=>|=|:)[ \t]*")
_NAME_BEFORE = re.compile(r"(?<![\w.\-])[A-Za-z_][\w.\-]{0,80}[\"']?$")
_ASSIGNED = re.compile(r"\"[^\"\n]+\"|'[^'\n]+'|[^\s,;'\"}\]]+")
_SECRET_NAME = re.compile(
    r"(?i)(?:(?<![a-z])key|apikey|accesskey|secretkey|privatekey|secret|token|passw(?:or)?d|pwd|"
    r"credentials?|auth|cookie|signature|salt)"
)


def _assignment_spans(text: str) -> Iterator[Span]:
    """``NAME = value`` / ``NAME: value`` / ``"name": "value"`` where the name is a
    secret's (api_key, client_secret, DB_PASSWORD, ...): the value. Found from each
    separator backwards, so prose without one costs nothing."""
    for sep in _SEPARATOR.finditer(text):
        name = _NAME_BEFORE.search(text, max(0, sep.start() - 82), sep.start())
        if name is None or not _SECRET_NAME.search(name.group(0)):
            continue
        value = _ASSIGNED.match(text, sep.end())
        if value is None or not _assignment_ok(name.group(0).lower(), value.group(0)):
            continue
        start, end = value.span()
        if text[start] in "\"'":
            start, end = start + 1, end - 1
        yield "secret", start, end


def _assignment_ok(name: str, raw: str) -> bool:
    value = raw.strip("\"'")
    if not value or value.startswith("[REDACTED") or _PLACEHOLDER.match(value):
        return False
    if re.search(r"passw(?:or)?d|pwd", name):
        return len(value) >= 3 and value.lower() not in _NOT_VALUES
    return looks_random(value, min_len=12)


_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+=])(?P<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")
_AWS_WORDS = re.compile(r"(?i)aws|amazon|secret|\bAKIA|\bASIA")


def _aws_secret_spans(text: str) -> Iterator[Span]:
    for match in _AWS_SECRET.finditer(text):
        value = match.group("value")
        if re.fullmatch(r"[0-9a-fA-F]+", value) or not (
            any(c.isupper() for c in value) and any(c.islower() for c in value)
        ):
            continue
        if not any(c.isdigit() or c in "/+" for c in value):
            continue
        if _AWS_WORDS.search(text, max(0, match.start() - AWS_CONTEXT), match.start()):
            yield "aws-secret-key", match.start(), match.end()


def _needing(
    needles: tuple[str, ...], detector: Detector, *, lower: bool = False, longest: int = 0
) -> Detector:
    """``detector``, run only on texts holding one of ``needles`` (and a word of at least
    ``longest`` characters): C substring tests first, so most texts skip most detectors."""

    def detect(text: str) -> Iterable[Span]:
        haystack = text.lower() if lower else text
        if any(n in haystack for n in needles) and (not longest or longest_word(text) >= longest):
            return detector(text)
        return ()

    return detect


def detectors() -> tuple[Detector, ...]:
    """Every detector, most specific first (an overlap goes to the earlier one)."""
    found: list[Detector] = [
        _needing(("-----BEGIN", "PuTTY"), _regex_detector(_pem_kind, _PEM)),
    ]
    for kind, needles, pattern, check in _PREFIXED:
        # Every vendor token is one word of 15+ characters.
        detector = _regex_detector(kind, re.compile(pattern), check)
        found.append(_needing(needles, detector, longest=15))
    password_words = (
        "password", "passwd", "passphrase", "pass phrase", "passcode", "pass code", "pwd",
        "credential", "wifi key", "wi-fi key", "network key",
    )  # fmt: skip
    found += [
        _needing(
            ("aws", "amazon", "secret", "akia", "asia"), _aws_secret_spans, lower=True, longest=40
        ),
        _needing(("://",), _regex_detector("url-credentials", _URL_CREDENTIALS)),
        _needing(
            ("accountkey", "sharedaccesskey", "sig="),
            _regex_detector("azure-key", _AZURE_KEY),
            lower=True,
        ),
        _needing(("asic",), _regex_detector("basic-auth", _BASIC, _basic_credentials)),
        _needing(
            ("earer",),
            _regex_detector("bearer-token", _BEARER, lambda m, _t: looks_random(m.group("value"))),
        ),
        _needing(
            ("authorization",),
            _regex_detector(
                "auth-header",
                _AUTH_HEADER,
                lambda m, _t: looks_random(m.group("value"), min_len=12),
            ),
            lower=True,
        ),
        _card_spans,
        _ssn_spans,
        _needing(
            password_words, _regex_detector("password", _PASSWORD, _password_value_ok), lower=True
        ),
        _needing(
            password_words,
            _regex_detector("password", _PASSWORD_TO, _password_value_ok),
            lower=True,
        ),
        _needing(
            password_words,
            _regex_detector("password", _PASSWORD_BARE, _bare_password_ok),
            lower=True,
        ),
        _needing(("pw",), _regex_detector("password", _PW, _password_value_ok), lower=True),
        _needing(
            ("pin", "code", "combination", "cvv", "cvc", "csc"),
            _regex_detector("pin", _PIN, _pin_ok),
            lower=True,
        ),
        _needing(("=", ":"), _assignment_spans),
        _needing(
            ("key", "secret", "token", "credential", "pass", "auth"), _proximity_spans, lower=True
        ),
    ]
    return tuple(found)
