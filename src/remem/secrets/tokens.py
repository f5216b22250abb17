"""Secrets recognised by their form: vendor keys by prefix (a table of known
prefixes, and the family every newer vendor follows: a short lower-case prefix,
``_``, a long random tail), JSON Web Tokens (three or five base64url parts, the
first decoding to a JOSE header), AWS secret access keys (40 characters near an
AWS or secret word) and Azure keys."""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterator

from remem.secrets.shapes import (
    Check,
    Detector,
    Span,
    looks_random,
    needing,
    not_a_value,
    regex_detector,
    shannon_entropy,
)

# How far (characters) before a 40-character token an AWS word or key id may be.
AWS_CONTEXT = 100


def _random_tail(prefix_len: int) -> Check:
    return lambda m, _text: looks_random(m.group(0)[prefix_len:], min_len=12)


# A tail masked the way documentation masks a key: a run of x, X, *, •, # or 0, or "...".
_MASKED = re.compile(r"x{6,}|X{6,}|\*{3,}|•{3,}|#{4,}|0{8,}|\.{3}|…")


def _not_placeholder(match: re.Match[str], _text: str) -> bool:
    """A vendor prefix with a masked tail (``ghp_xxxx…``, ``sk-proj-XXXX...XXXX``) or
    the AWS documentation keys is a placeholder, not a key. A tail of any other one
    character ("sk-ant-api03-QQQ…") is a key: the prefix says so, and a test key
    stored raw is still a leak."""
    token = match.group(0)
    return _MASKED.search(token) is None and not not_a_value(token)


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
]


# The family newer vendors follow (dckr_pat_, glsa_, sntryu_, sbp_, pplx-, PMAK-,
# NRAK-, dp.pt., HRKU-, ATATT3…): a prefix of 2-8 letters (and an optional second
# part), a separator, then a random tail of 20+ characters. Only the tail's look
# decides, so a new vendor needs no new line here.
_FAMILY = re.compile(
    r"(?<![\w.\-])(?P<prefix>[A-Za-z][A-Za-z0-9]{1,7}(?:[_.\-][A-Za-z0-9]{1,6})?[_.\-])"
    r"(?P<tail>[A-Za-z0-9_\-]{8,}(?:\.[A-Za-z0-9_\-]{8,}){0,3}|[A-Za-z0-9_\-]{20,128})(?![\w\-])"
)
# Object ids of public APIs share the shape (Stripe pi_/cus_, OpenAI and Anthropic
# msg_/req_/run_, ...) with tails of 24 or so; hash names prefix digests.
FAMILY_MIN_TAIL = 26
# A token's random body is one run without separators at least this long.
FAMILY_MIN_RUN = 16
_PARTS = re.compile(r"[._\-]")
_NOT_PREFIXES = frozenset(
    """sha sha1 sha256 sha384 sha512 md5 uuid id ids pi evt ch cus in ii sub req acct price
    prod plan cs seti src pm txn order ref build run job trace span commit rev release
    feature fix bug msg asst thread file batch chatcmpl resp call toolu""".split()
)


_LONG_WORD = re.compile(r"\S{22,}")


def _family_spans(text: str) -> Iterator[Span]:
    matches = (
        m for word in _LONG_WORD.finditer(text)
        for m in _FAMILY.finditer(text, word.start(), word.end())
    )  # fmt: skip
    for match in matches:
        prefix, tail = match.group("prefix"), match.group("tail")
        if prefix[:-1].lower() in _NOT_PREFIXES or prefix.lower().startswith(("pk_", "pub")):
            continue
        if re.fullmatch(r"[0-9a-f\-]+|[0-9A-F\-]+", tail):
            continue  # hex: a digest, an id or a uuid
        if max(map(len, _PARTS.split(tail))) < FAMILY_MIN_RUN:
            continue  # words and hashes joined ("logslice-3f1c0b2a.logslice.1a2b-cgu")
        if looks_random(tail, min_len=FAMILY_MIN_TAIL) and shannon_entropy(tail) >= 3.5:
            yield "api-token", match.start(), match.end()


# -- JSON Web Tokens -----------------------------------------------------------------
_JWT = re.compile(
    r"(?<![A-Za-z0-9_\-+/])(?P<head>[A-Za-z0-9_\-+/]{10,}={0,2})"
    r"(?:\.[A-Za-z0-9_\-+/]{2,}={0,2}){2,4}(?![A-Za-z0-9_\-+/])"
)


def _jose_header(segment: str) -> bool:
    """Whether ``segment`` is a base64(url)-encoded JOSE header: a JSON object naming
    an algorithm (``{"alg": ...}``, with any spacing or line breaks)."""
    raw = segment.rstrip("=").replace("-", "+").replace("_", "/")
    try:
        decoded = base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True).decode("utf-8")
        header = json.loads(decoded)
    except (binascii.Error, ValueError):
        return False
    return isinstance(header, dict) and ("alg" in header or "enc" in header)


def _jwt_spans(text: str) -> Iterator[Span]:
    for match in _JWT.finditer(text):
        parts = match.group(0).split(".")
        if len(parts) not in (3, 5):
            continue
        # {"… encoded twice: the shape of a JWT even when its header is not readable
        both = parts[0].startswith("eyJ") and parts[1].startswith("eyJ")
        if both or _jose_header(match.group("head")):
            yield "jwt", match.start(), match.end()


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
        if not_a_value(value):
            continue  # the AWS documentation's sample (…EXAMPLEKEY)
        if _AWS_WORDS.search(text, max(0, match.start() - AWS_CONTEXT), match.start()):
            yield "aws-secret-key", match.start(), match.end()


_AZURE_KEY = re.compile(
    r"(?i)\b(?:AccountKey|SharedAccessKey|sig)=(?P<value>[A-Za-z0-9%+/]{30,}(?:%3D|=){0,2})"
)


KINDS = (
    *(kind for kind, *_ in _PREFIXED), "api-token", "jwt", "aws-secret-key", "azure-key",
)  # fmt: skip
DETECTORS: list[Detector] = [
    # Every vendor token is one word of 15+ characters.
    *(
        needing(
            needles,
            regex_detector(
                kind,
                re.compile(pattern),
                _not_placeholder
                if check is None
                else lambda m, t, c=check: (  # type: ignore[misc]
                    c(m, t) and _not_placeholder(m, t)
                ),
            ),
            longest=15,
        )
        for kind, needles, pattern, check in _PREFIXED
    ),
    needing((".",), _jwt_spans, longest=30),
    needing(("aws", "amazon", "secret", "akia", "asia"), _aws_secret_spans, lower=True, longest=40),
    needing(
        ("accountkey", "sharedaccesskey", "sig="),
        regex_detector("azure-key", _AZURE_KEY),
        lower=True,
    ),
    Detector(_family_spans, longest=22),
]
