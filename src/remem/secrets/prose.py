"""Secrets stated in words: passwords ("the wifi password for the office is X",
"changed my password to X", "log in with password X"), PINs and codes, settings
named like a secret (``api_key = ...``), and a random-looking token a few words
after a credential word."""

from __future__ import annotations

import re
from collections.abc import Iterator

from remem.secrets.shapes import (
    PLACEHOLDER,
    Detector,
    Span,
    looks_random,
    needing,
    regex_detector,
)
from remem.stopwords import STOPWORDS

# How many words (stop words not counted) after a credential word a random token may follow.
PROXIMITY_WORDS = 5

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
NOT_VALUES = frozenset(
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
        return bool(inner) and not PLACEHOLDER.match(inner) and inner.lower() not in NOT_VALUES
    bare = value.rstrip(".,!?)]}>;:")
    if len(bare) < 3 or bare.lower() in NOT_VALUES or PLACEHOLDER.match(bare):
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
    if len(value) < 6 or value.lower() in NOT_VALUES:
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
    if not value or value.startswith("[REDACTED") or PLACEHOLDER.match(value):
        return False
    if re.search(r"passw(?:or)?d|pwd", name):
        return len(value) >= 3 and value.lower() not in NOT_VALUES
    return looks_random(value, min_len=12)


_PASSWORD_WORDS = (
    "password", "passwd", "passphrase", "pass phrase", "passcode", "pass code", "pwd",
    "credential", "wifi key", "wi-fi key", "network key",
)  # fmt: skip
KINDS = ("password", "pin", "secret")
DETECTORS: list[Detector] = [
    needing(_PASSWORD_WORDS, regex_detector("password", _PASSWORD, _password_value_ok), lower=True),
    needing(
        _PASSWORD_WORDS, regex_detector("password", _PASSWORD_TO, _password_value_ok), lower=True
    ),
    needing(
        _PASSWORD_WORDS, regex_detector("password", _PASSWORD_BARE, _bare_password_ok), lower=True
    ),
    needing(("pw",), regex_detector("password", _PW, _password_value_ok), lower=True),
    needing(
        ("pin", "code", "combination", "cvv", "cvc", "csc"),
        regex_detector("pin", _PIN, _pin_ok),
        lower=True,
    ),
    needing(("=", ":"), _assignment_spans),
    needing(("key", "secret", "token", "credential", "pass", "auth"), _proximity_spans, lower=True),
]
