"""Find and redact credentials: the detector behind the store's one redaction choke point.

Every text a store writes passes :func:`scrub` (``store/redacting.py``), so a
secret that reaches any write path is stored as ``[REDACTED:<kind>]``. The
write path calls :func:`secret_is_point` first, to reject outright a fact whose
whole point was the secret ("my PIN is 4829") instead of storing its redacted
husk.

A text is normalised first (:func:`plain`), then the "known clean" cache, the
pre-check and the detectors look at it (:func:`detect`). Detectors are built on
structure, one module each: ``blocks.py`` (private-key armour however wrapped,
base64-wrapped secrets, tokens spelled out in chunks), ``tokens.py`` (vendor
prefixes and the prefix family newer vendors follow, JWTs by their header, AWS
and Azure keys), ``web.py`` (URL credentials, query parameters, webhooks, HTTP
auth headers, session cookies), ``numbers.py`` (checksums: Luhn cards, SSN
ranges, IBAN mod 97), ``prose.py`` (passwords, passphrases and PINs stated in
English, ``name = value`` settings, a random token after a credential word) and
``context.py`` (a password word in other languages, passports, TOTP seeds,
recovery codes, command lines, ``.pgpass`` and ``.netrc``, the secret half of a
key pair, a token cut at a line end); ``shapes.py`` holds what they share (the
pre-check, what a random token and a password look like, the gate that picks the
detectors a text needs).

The rules are constants, not settings: redaction must give the same result in
every process that writes one store, and ``redact(redact(t)) == redact(t)``
(a marker never matches again), so a setting that changed them between runs
would make stored text and its hash disagree.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from remem.secrets import blocks, context, numbers, prose, tokens, web
from remem.secrets.shapes import MARKER, Detector, Gate, quick_trigger
from remem.stopwords import STOPWORDS
from remem.textnorm import normalise

MARK_PREFIX = "[REDACTED:"


@dataclass(frozen=True, slots=True)
class SecretMatch:
    """One secret found in a text: its kind and the ``[start, end)`` span to redact.

    ``text`` (the secret itself) is left out of the repr, so logging a match
    does not print the secret."""

    kind: str
    start: int
    end: int
    text: str = field(repr=False)


_MODULES = (blocks, tokens, web, numbers, prose, context)
KINDS: tuple[str, ...] = tuple(dict.fromkeys(k for m in _MODULES for k in m.KINDS))
# Most specific first: an overlap goes to the detector listed earlier. Base64 runs
# are decoded and scanned last (a run already found as a key stays that key).
_DETECTORS: tuple[Detector, ...] = (
    *(d for m in _MODULES for d in m.DETECTORS),
    Detector(blocks.wrapped_spans(lambda inner: bool(_scan(inner))), longest=24),
)
_GATE = Gate(_DETECTORS)
# Kinds whose key id may have its secret half right beside it (context.companion_spans).
_PAIRED = frozenset(tokens.KINDS) - {"jwt", "aws-secret-key", "azure-key"}


# Texts found clean most recently. One write hands the same text to several layers
# (the API, the codec, the store's choke point); it is scanned once. Only texts in
# which nothing was found (after normalisation) are kept, so the cache holds no
# secret and answers exactly what a scan would: it is a memo, not a history.
_CLEAN: dict[str, None] = {}
_CLEAN_MAX = 512
_CLEAN_TEXT_MAX = 4096
# JSON texts scrub found clean, judged by their decoded values (jsonview.py): kept
# apart from _CLEAN, which answers detect() on the text itself, a different question.
_CLEAN_JSON: dict[str, None] = {}
# ASCII that normalisation can change: controls (not tab or newline), HTML entities
# ("pass&#8203;word") and comments. Any other ASCII text is its own plain form.
_TAG_RUN = re.compile("[\U000e0020-\U000e007e]{4,}")
_ASCII_HIDING = re.compile(r"[\x00-\x08\x0b-\x1f\x7f&]|<!--")


@dataclass(frozen=True, slots=True)
class Detection:
    """What the detectors found in a text: ``secrets`` index ``text``, which is the
    text given or, when that hid a secret (invisible characters, look-alikes), its
    normalised form (:func:`remem.textnorm.normalise`), which is then what gets
    stored, redacted."""

    text: str
    secrets: tuple[SecretMatch, ...] = ()


def plain(text: str) -> str:
    """``text`` as the detectors read it: :func:`remem.textnorm.normalise` (invisible,
    bidi and control characters dropped, tag characters decoded, look-alikes folded,
    entities decoded); ASCII text that holds nothing normalisation changes is itself."""
    if text.isascii() and _ASCII_HIDING.search(text) is None:
        return text
    return normalise(text)


def detect(text: str) -> Detection:
    """Every secret in ``text`` (see :class:`Detection`). Normalised first, then the
    cache and the pre-check: the answer depends on the text alone, never on what
    this process saw before."""
    if not text or text in _CLEAN:
        return Detection(text)
    norm = plain(text)
    found = _scan(norm)
    if found:
        return Detection(norm, found)
    if not text.isascii() and _TAG_RUN.search(text):
        # Tag characters decoded in place join the word before them; a whole hidden
        # token ("see attached" + an invisible token) is a word of its own.
        apart = normalise(_TAG_RUN.sub(lambda m: f" {m.group(0)} ", text))
        found = _scan(apart)
        if found:
            return Detection(apart, found)
    if norm != text:  # a form normalisation broke (rare): the text as written
        found = _scan(text)
        if found:
            return Detection(text, found)
    _remember(_CLEAN, text)
    return Detection(text)


def _scan(text: str) -> tuple[SecretMatch, ...]:
    """Every detector on ``text`` as it is; overlaps go to the detector listed first
    (the most specific); anything overlapping a ``[REDACTED:...]`` marker is ignored,
    which is what makes redaction idempotent."""
    if not quick_trigger(text):
        return ()
    taken = [(m.start(), m.end()) for m in MARKER.finditer(text)]
    found: list[SecretMatch] = []
    for detector in _GATE.open(text):
        for kind, start, end in detector.scan(text):
            if start >= end:
                continue
            if any(s < end and start < e for s, e in taken):
                _extend(found, taken, start, end, text)
                continue
            taken.append((start, end))
            found.append(SecretMatch(kind, start, end, text[start:end]))
    keys = [(s.start, s.end) for s in found if s.kind in _PAIRED]
    more = [
        *(context.companion_spans(text, keys) if keys else ()),
        *context.continuation_spans(text, [(s.start, s.end, s.text) for s in found]),
    ]
    for kind, start, end in more:
        if not any(s < end and start < e for s, e in taken):
            taken.append((start, end))
            found.append(SecretMatch(kind, start, end, text[start:end]))
    return tuple(sorted(found, key=lambda s: s.start))


def _extend(
    found: list[SecretMatch], taken: list[tuple[int, int]], start: int, end: int, text: str
) -> None:
    """A later detector's span over a secret found before that runs further in the same
    token of a ``NAME=value`` setting ("DB_PASSWORD=P4ss!": the password ends before
    the "!", the setting's value takes it) moves that secret's end there: no character
    of one value stays out. In prose ("password: hunter2.") the stop stays punctuation."""
    for i, secret in enumerate(found):
        if (
            secret.start <= start < secret.end < end
            and text[secret.start - 1 : secret.start] == "="  # NAME=value: the token is the value
            and not any(c.isspace() for c in text[secret.end : end])
        ):
            if any(secret.end <= s < end for s, _ in taken):
                return  # another secret or a marker in between: leave both as they are
            k = taken.index((secret.start, secret.end))
            taken[k] = (secret.start, end)
            found[i] = SecretMatch(secret.kind, secret.start, end, text[secret.start : end])
            return


def find_secrets(text: str) -> list[SecretMatch]:
    """Every secret in ``text``, in order of position (:func:`detect`; the spans index
    ``detect(text).text``, the normalised text when the secret was hidden)."""
    return list(detect(text).secrets)


def has_secret(text: str) -> bool:
    """Whether ``text`` contains any secret :func:`find_secrets` knows."""
    return bool(detect(text).secrets)


def redact(text: str) -> str:
    """``text`` with each secret replaced by ``[REDACTED:<kind>]`` (idempotent).

    A secret hidden from the patterns by invisible or look-alike characters (a
    zero-width space inside a key, full-width letters) is found in the normalised
    text; the text is then stored normalised, with the secret redacted."""
    found = detect(text)
    if not found.secrets:
        return text
    text = found.text
    out: list[str] = []
    last = 0
    for secret in found.secrets:
        out.append(text[last : secret.start])
        out.append(f"{MARK_PREFIX}{secret.kind}]")
        last = secret.end
    out.append(text[last:])
    return "".join(out)


def kinds(text: str) -> list[str]:
    """The kinds of secret in ``text`` (raw or already redacted), sorted, no values."""
    found = {s.kind for s in detect(text).secrets}
    found.update(m.group(0)[len(MARK_PREFIX) : -1] for m in MARKER.finditer(text))
    return sorted(found)


# -- structured values ------------------------------------------------------------
def scrub_value(value: Any) -> Any:
    """``value`` (JSON-like: dicts, lists, strings, numbers) with every string, key and
    long integer redacted; the same object when nothing changed."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        # A card or SSN given as a number: only 9+ digit numbers can be one.
        if abs(value) < 100_000_000:
            return value
        text = str(value)
        cleaned = redact(text)
        return value if cleaned == text else cleaned
    if isinstance(value, dict):
        changed = False
        out: dict[Any, Any] = {}
        for key, item in value.items():
            new_key = scrub_value(key) if isinstance(key, str) else key
            new_item = scrub_value(item)
            changed = changed or new_key is not key or new_item is not item
            out[new_key] = new_item
        return out if changed else value
    if isinstance(value, list | tuple):
        items = [scrub_value(v) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return items if isinstance(value, list) else tuple(items)
    return value


def scrub(text: str) -> str:
    """``text`` as a store may write it: a JSON object or array is redacted value by
    value, then across its values (:mod:`remem.secrets.jsonview`: a key and its
    value, a token cut in two items), always on the decoded values, never on the
    JSON text, and it stays JSON; any other text by :func:`redact`."""
    if not text or text in _CLEAN or text in _CLEAN_JSON:
        return text
    # JSON may hide a character behind an escape ("\\u200b"): its values are judged
    # decoded, never the escaped text alone.
    if text[0] in "[{" and ("\\u" in text or quick_trigger(plain(text))):
        from remem.secrets.jsonview import across_values

        try:
            parsed = json.loads(text)
            cleaned = across_values(scrub_value(parsed))
        except (ValueError, RecursionError):  # not JSON, or nested too deep to walk
            return redact(text)
        if cleaned is parsed:
            _remember(_CLEAN_JSON, text)
            return text
        return json.dumps(cleaned, ensure_ascii=False)
    return redact(text)


def _remember(memo: dict[str, None], text: str) -> None:
    if len(text) <= _CLEAN_TEXT_MAX:
        memo[text] = None
        if len(memo) > _CLEAN_MAX:
            memo.pop(next(iter(memo)), None)  # the oldest


def scrub_params(params: Any) -> Any:
    """SQL parameters (a sequence or a mapping) with every ``str`` passed through
    :func:`scrub`; other values (numbers, blobs, None) as they are."""
    if isinstance(params, dict):
        return {k: scrub(v) if isinstance(v, str) else v for k, v in params.items()}
    if isinstance(params, list | tuple):
        return [scrub(v) if isinstance(v, str) else v for v in params]
    return params


# -- rejected or redacted ---------------------------------------------------------
# Words that say a credential is coming, or ask to keep one: with the secret gone
# they carry no information of their own.
_CREDENTIAL_WORDS = frozenset(
    """password passwords passwd passphrase passcode pin pins code codes key keys token tokens
    secret secrets credential credentials api access auth authorization bearer basic login
    ssn social security card cards number numbers cvv cvc expiry exp private signing license
    header value string redacted remember note save store keep use using used here there
    please new current old following below above mine yes okay thanks also again now
    it's its it’s heres here's that's pwd pw""".split()
)
_COPULA = re.compile(r"(?i)(?:\b(?:is|was|are|were|be|to)|[:=]|->|=>)$")
_CLAUSE_BREAK = re.compile(r"(?:[.;!?]\s+|\n+|\s+[-–—]+\s+|,?\s+(?:and|but|so|while|then)\s+)")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]{2,}")


def _spans(found: Detection) -> list[tuple[int, int]]:
    spans = [(m.start(), m.end()) for m in MARKER.finditer(found.text)]
    spans += [(s.start, s.end) for s in found.secrets]
    return sorted(spans)


def secret_is_point(text: str, *, min_words: int) -> bool:
    """Whether ``text`` (raw, or already redacted) exists to state a secret.

    The criterion: drop each clause that asserts a secret ("the wifi password
    for the office is X": a subject, then is / was / : / =, then the secret),
    cut the secrets out of the other clauses, and count the content words left
    (not stop words, not credential words such as password, key, token, use,
    remember). Fewer than ``min_words`` left means the secret was the point:
    "my PIN is 4829", "here is my GitHub token ghp_…", a bare key. Otherwise the
    text merely contains one ("deploy with key AKIA… to the staging bucket")
    and is stored redacted. False when ``text`` holds no secret at all."""
    found = detect(text)
    text = found.text
    spans = _spans(found)
    if not spans:
        return False
    kept: list[str] = []
    start = 0
    for brk in [*_CLAUSE_BREAK.finditer(text), None]:
        end = brk.start() if brk is not None else len(text)
        kept.append(_clause_rest(text, start, end, spans))
        if brk is not None:
            start = brk.end()
    words = [
        w
        for w in _WORD.findall(" ".join(kept).lower())
        if w not in STOPWORDS and w not in _CREDENTIAL_WORDS
    ]
    return len(words) < min_words


def _clause_rest(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> str:
    """What clause ``text[start:end]`` says once its secrets (and any clause part
    asserting one) are removed."""
    inside = [(max(s, start), min(e, end)) for s, e in spans if s < end and start < e]
    if not inside:
        return text[start:end]
    pieces: list[str] = []
    pos = start
    for s, e in inside:
        before = text[pos:s]
        lead = before.rstrip(" \t\"'`(")
        last = lead.split()[-1] if lead.split() else ""
        if _COPULA.search(lead) and "://" not in last and "@" not in last:
            before = ""  # "<subject> is <secret>": the subject only named the secret
        pieces.append(before)
        pos = e
    pieces.append(text[pos:end])
    return " ".join(pieces)


# -- logs -------------------------------------------------------------------------
class RedactingFilter(logging.Filter):
    """A logging filter that redacts a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.msg = redact(record.getMessage())
            record.args = None
        elif isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def get_logger(name: str) -> logging.Logger:
    """``logging.getLogger(name)`` with a :class:`RedactingFilter` attached once."""
    logger = logging.getLogger(name)
    if not any(isinstance(f, RedactingFilter) for f in logger.filters):
        logger.addFilter(RedactingFilter())
    return logger
