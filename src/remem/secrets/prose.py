"""Secrets stated in words: passwords ("the wifi password for the office is X",
"changed my password to X", "log in with password X"), PINs and codes, settings
named like a secret (``api_key = ...``), and a random-looking token a few words
after a credential word."""

from __future__ import annotations

import re
from collections.abc import Iterator

from remem.secrets.shapes import (
    MARKER,
    PLACEHOLDER,
    Detector,
    Span,
    looks_password,
    looks_random,
    needing,
    not_a_value,
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
# The nouns among them (a passphrase "we agreed on" is still the passphrase).
_NOUN_BLOCKERS = _FRAME_BLOCKERS - frozenset(
    "in on at since after before until by from during changed expires expired".split()
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
_VALUE = (
    r"(?P<value>\"[^\"\n]{1,128}\"|'[^'\n]{1,128}'|`[^`\n]{1,128}`|«\s*[^»\n]{1,128}»|"
    r"“[^”\n]{1,128}”|[^\s,;]{3,128})"
)
# Up to five words between the keyword and the verb ("the wifi password for the
# office is"), and a clause set off by commas ("…, which I changed yesterday, is").
_BETWEEN = (
    r"(?P<between>(?:[ \t]+(?!(?:is|was|are|were)\b)[\w'’.\-]+){0,5}?)"
    r"(?P<clause>\s*(?:,[^,.;:\n]{1,100},|\([^()\n]{1,100}\)))?"
)
_VERB = (
    r"(?P<verb>\b(?:is|was)\s*:|\bis\b|\bwas\b|\bare\b|\bwere\b|"
    r"\b(?:starts|begins|started|began)\s+with\b|:=|=|:|"
    # the copula in languages that borrow "password" (la password è, das Passwort ist)
    r"(?<=\s)(?:è|é|est|ist|es|era|war|är|er|jest|je|zijn|is)(?=\s))"
)
# Adverbs between the verb and the value ("is still rosie1962").
_ADVERB = r"(?:(?:still|now|currently|actually|just|simply|always|probably|literally)\s+)?"
_PASSWORD = re.compile(rf"(?i){_PASS_WORD}{_BETWEEN}\s*{_VERB}\s*{_ADVERB}{_VALUE}")
_PASSWORD_TO = re.compile(
    rf"(?i)\b(?:chang(?:e|ed|es|ing)|set|reset|updat(?:e|ed|es|ing))\s+(?:[\w'’]+\s+){{0,3}}?"
    rf"{_PASS_WORD}\s+(?:[\w'’]+\s+){{0,3}}?to\s+{_VALUE}"
)
_PASSWORD_BARE = re.compile(
    rf"(?i)(?:\bwith|\busing|\buse|\bvia)\s+(?:the\s+|my\s+|our\s+)?{_PASS_WORD}\s+{_VALUE}"
)
# The value first: "use k3yst0re-x as the password", "Tr0ub4dor is my password".
_OWNER = r"(?:the|my|our|your|his|her|their|a)\s+(?:(?:new|current|wifi|wi-fi|admin|root)\s+)?"
_USE_AS = re.compile(
    rf"(?i)\b(?:use|used|using|enter|entered|type|typed|try|tried)\s+{_VALUE}\s+as\s+"
    rf"(?:{_OWNER})?{_PASS_WORD}"
)
_IS_MY = re.compile(rf"(?i)(?<![\w'’]){_VALUE}\s+(?:is|was)\s+{_OWNER}{_PASS_WORD}")
# Several words: a passphrase, or a password introduced by "is:" ("the master
# password is: Copper Kettle Rain Falls Sideways 9").
_PHRASE_WORD = (
    r"(?<![A-Za-z])(?:pass ?phrases?|seed phrase|recovery phrase|mnemonic(?: phrase)?|"
    r"master password)(?![A-Za-z])"
)
_WORDS_TO_END = r"\s*(?P<value>[^\s,;.!?\n]+(?:[ \t]+[^\s,;.!?\n]+){2,15})"
_PHRASE = re.compile(
    rf"(?i){_PHRASE_WORD}{_BETWEEN}\s*(?P<verb>\b(?:is|was)\b\s*:?|:|=){_WORDS_TO_END}"
)
_PHRASE_AFTER_COLON = re.compile(rf"(?i){_PASS_WORD}{_BETWEEN}\s*\b(?:is|was)\s*:{_WORDS_TO_END}")
# A credential pair: "log in as qa_tester / QaT3st!664", "creds: admin:S3cret!".
_PAIR = re.compile(
    r"(?i)\b(?:log(?:ged|ging)?[ \-]?in|sign(?:ed|ing)?[ \-]?in|credentials?|creds|login)"
    r"\s+(?:(?:as|with|is|are)\s+|[:=]\s*)?(?P<user>[\w.@\-]{2,64})"
    r"(?:\s+/\s+|\s*:\s*|\s+and\s+(?:password\s+)?)(?P<value>\S{4,128})"
)
# The second half of a password told in two ("… and the rest is -marigold-x").
_REST = re.compile(
    rf"(?i)\b(?:rest|remainder|second half|other half|second part|last part|ending)"
    rf"(?:\s+of\s+it)?\s+(?:is|was|:)\s+{_VALUE}"
)
_PW = re.compile(rf"(?i)(?<![A-Za-z])pw\s*[:=]\s*{_VALUE}")
_WORD_ENDINGS = ("ed", "ing", "ly", "able", "ible", "ful", "less", "ous", "ive", "ier", "est")
_CLAUSE_END = re.compile(r"\s*(?:$|[.,;:!?()\[\]|\n\"'—–]|-\s|\s(?:and|but|so|or|then|for)\b)")


def _password_value_ok(match: re.Match[str], text: str) -> bool:
    value = match.group("value")
    between = (match.groupdict().get("between") or "").lower().split()
    if any(w.strip(".'’") in _FRAME_BLOCKERS for w in between):
        return False
    if value[0] in "\"'`«“":
        inner = value[1:-1].strip()
        return bool(inner) and not PLACEHOLDER.match(inner) and inner.lower() not in NOT_VALUES
    bare = value.rstrip(".,!?)]}>;:")
    if len(bare) < 3 or bare.lower() in NOT_VALUES or PLACEHOLDER.match(bare):
        return False
    if bare.startswith("[REDACTED") or not_a_value(bare):
        return False
    if bare.isalpha() and (bare.islower() or bare.istitle()):
        # A plain word is a password only when it ends the clause ("... is swordfish.")
        # and does not read as an adjective or participle ("is broken", "are easier").
        if bare.lower().endswith(_WORD_ENDINGS):
            return False
        return _CLAUSE_END.match(text, match.start("value") + len(bare)) is not None
    return True


def _phrase_ok(match: re.Match[str], text: str) -> bool:
    words = match.group("value").split()
    first = words[0].lower()
    if first in NOT_VALUES or first in STOPWORDS or first.endswith(_WORD_ENDINGS):
        return False
    between = (match.groupdict().get("between") or "").lower().split()
    return not any(w.strip(".'’") in _NOUN_BLOCKERS for w in between)


def _strong_value(match: re.Match[str], _text: str) -> bool:
    """The value of a form without a keyword before it: quoted, or a password's look."""
    value = match.group("value")
    if value[0] in "\"'`«“":
        inner = value[1:-1].strip()
        return len(inner) >= 4 and not PLACEHOLDER.match(inner)
    return looks_password(value.rstrip(".,!?)]}>;:"))


def _rest_ok(match: re.Match[str], text: str) -> bool:
    return (
        re.search(_PASS_WORD, text[: match.start()], re.I) is not None
        and len(match.group("value")) >= 4
        and match.group("value").lower() not in NOT_VALUES
    )


def _bare_password_ok(match: re.Match[str], text: str) -> bool:
    value = match.group("value").rstrip(".,!?)]}>;:")
    if value[0] in "\"'`":
        return _password_value_ok(match, text)
    if len(value) < 6 or value.lower() in NOT_VALUES:
        return False
    return any(c.isdigit() for c in value) or not value.isalnum() or not value.islower()


_PIN = re.compile(
    r"(?P<kw>PIN(?: code| number)?|PUK2?|[Pp]uk2?|[Pp]in(?: code| number)?|"
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
    if low.startswith("puk"):
        return len(digits) == 8
    if low.startswith(("cvv", "cvc", "csc")):
        return 3 <= len(digits) <= 4
    if "combination" in low:
        return match.group("verb") is not None or "safe" in low
    if kw.startswith("pin") or kw.startswith("Pin"):
        # Lower-case "pin" is as often a hardware pin: only "pin is 4829" counts.
        return match.group("verb") is not None and len(digits) >= 4
    return len(digits) >= 4


_KEYWORD = re.compile(
    r"(?i)(?:(?<![A-Za-z])|(?-i:(?<=[a-z])(?=[A-Z])))(?:api[ _\-]?key|apikey|access[ _\-]?key|secret(?:[ _\-]?access)?"
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
_PATH_MARKS = frozenset(".")  # on both sides of a word: a dotted name's segment
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_TOKEN = re.compile(r"[^\s\"'`()\[\]{}<>,;]+")
_STRIP = "\"'`()[]{}<>,;:."


# A line ending in ":" introduces what follows it: the lines below belong to it.
_INTRODUCES = re.compile(r":[ \t]*\n")
BLOCK_LINES = 4  # lines below an introducing line that may hold the secret


def _proximity_spans(text: str) -> Iterator[Span]:
    marks = [m.span() for m in MARKER.finditer(text)] if "[REDACTED:" in text else []
    for match in _KEYWORD.finditer(text):
        if any(s <= match.start() < e for s, e in marks):
            continue  # "[REDACTED:url-credentials]": a marker, not a credential word
        if (
            text[match.start() - 1 : match.start()] in _PATH_MARKS
            and text[match.end() : match.end() + 1] in _PATH_MARKS
        ):
            continue  # a segment of a dotted name: "django.contrib.auth.hashers"
        window_end = min(len(text), match.end() + 200)
        stop = _SENTENCE_END.search(text, match.end(), window_end)
        end = stop.start() if stop else window_end
        begin, block = match.end(), False
        if stop is not None and _INTRODUCES.match(text, max(match.end(), stop.start() - 1)):
            # "aws secret (first half / second half):" then the halves, line by line
            begin, end, block = stop.end(), _lines_end(text, stop.end(), BLOCK_LINES), True
        bare_key = match.group(0).lower() in ("key", "keys")
        words = 0
        taking = False
        for token in _TOKEN.finditer(text, begin, end):
            raw = token.group(0)
            value = raw.strip(_STRIP)
            if not taking and (value.lower() in _PROXIMITY_BLOCKERS or words >= PROXIMITY_WORDS):
                break
            if not value or value in (">", "-", "*") or value.lower() in STOPWORDS:
                continue  # "the api key for the weather service is X": 3 words, not 6
            if value.startswith("REDACTED"):
                break  # this word's secret is redacted already; what follows is not it
            words += 1
            if looks_random(value, min_len=12 if taking else (20 if bare_key else 16)):
                start = token.start() + raw.index(value)
                yield "secret", start, start + len(value)
                taking = block  # in a block, the pieces that follow are the secret too
                if not taking:
                    break
            elif taking:
                break


def _lines_end(text: str, start: int, lines: int) -> int:
    end = start
    for _ in range(lines):
        nl = text.find("\n", end)
        if nl < 0:
            return len(text)
        end = nl + 1
    return end


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
        if name is None or not _SECRET_NAME.search(name.group(0)) or _about_secret(name.group(0)):
            continue
        value = _ASSIGNED.match(text, sep.end())
        if value is None or not _assignment_ok(name.group(0).lower(), value.group(0)):
            continue
        start, end = value.span()
        if text[start] in "\"'":
            start, end = start + 1, end - 1
        yield "secret", start, end


# The last word of a setting's name says what its value is: a secret word there
# (DB_PASSWORD, client_secret) names the secret itself, a word of these classes after
# it names something about secrets (PASSWORD_HASHERS, TOKEN_TTL, SECRET_KEY_FALLBACKS,
# password_min_length): a duration, a size, a count, a policy, a place, a switch.
_ABOUT = frozenset(
    """ttl timeout expiry expires expiration age lifetime days hours minutes seconds secs ms
    interval rotation length len size bytes bits min max minimum maximum count limit retries
    attempts policy policies validators validator hashers hasher algorithm algorithms alg
    scheme schemes strength complexity rules format pattern regex fallbacks backend backends
    class classes field fields header headers name names id ids type kind prefix suffix url
    urls uri endpoint path paths file files dir location env var variable enabled disabled
    required optional enable disable on off mode hint label reset cookie_name""".split()
)
_NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _about_secret(name: str) -> bool:
    """Whether a setting's ``name`` ends in a word that describes a secret rather than
    holding one (see ``_ABOUT``)."""
    words = _NAME_WORDS.findall(name.strip("\"'"))
    return len(words) > 1 and words[-1].lower() in _ABOUT


def _assignment_ok(name: str, raw: str) -> bool:
    value = raw.strip("\"'")
    if not value or value.startswith("[REDACTED") or PLACEHOLDER.match(value):
        return False
    if not_a_value(raw) or not_a_value(value):
        return False  # code naming a value: env("X"), os.environ["X"], $(cat …)
    if re.search(r"passw(?:or)?d|pwd", name):
        return len(value) >= 3 and value.lower() not in NOT_VALUES
    return looks_random(value, min_len=12)


_PASSWORD_WORDS = (
    "password", "passwd", "passphrase", "pass phrase", "passcode", "pass code", "pwd",
    "credential", "wifi key", "wi-fi key", "network key",
)  # fmt: skip
KINDS = ("password", "pin", "secret")
DETECTORS: list[Detector] = [
    needing(
        (*_PASSWORD_WORDS, "phrase", "mnemonic"),
        regex_detector("password", _PHRASE, _phrase_ok),
        lower=True,
    ),
    needing(
        _PASSWORD_WORDS, regex_detector("password", _PHRASE_AFTER_COLON, _phrase_ok), lower=True
    ),
    needing(_PASSWORD_WORDS, regex_detector("password", _PASSWORD, _password_value_ok), lower=True),
    needing(
        _PASSWORD_WORDS, regex_detector("password", _PASSWORD_TO, _password_value_ok), lower=True
    ),
    needing(
        _PASSWORD_WORDS, regex_detector("password", _PASSWORD_BARE, _bare_password_ok), lower=True
    ),
    needing(("pw",), regex_detector("password", _PW, _password_value_ok), lower=True),
    needing(_PASSWORD_WORDS, regex_detector("password", _USE_AS, _strong_value), lower=True),
    needing(_PASSWORD_WORDS, regex_detector("password", _IS_MY, _strong_value), lower=True),
    needing(_PASSWORD_WORDS, regex_detector("password", _REST, _rest_ok), lower=True),
    needing(("log", "sign", "cred"), regex_detector("password", _PAIR, _strong_value), lower=True),
    needing(
        ("pin", "puk", "code", "combination", "cvv", "cvc", "csc"),
        regex_detector("pin", _PIN, _pin_ok),
        lower=True,
    ),
    needing(("=", ":"), _assignment_spans),
    # A value it takes is random and 12+ characters long: a text without such a word is skipped.
    needing(
        ("key", "secret", "token", "credential", "pass", "auth"),
        _proximity_spans,
        lower=True,
        longest=12,
    ),
]
