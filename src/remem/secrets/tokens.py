"""Secrets recognised by their form: vendor keys by prefix, PEM/PGP/PuTTY private
key blocks, Authorization headers, credentials in URLs, Azure keys, and AWS secret
access keys (40 characters near an AWS or secret word)."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from remem.secrets.shapes import Check, Detector, Span, looks_random, needing, regex_detector

# How far (characters) before a 40-character token an AWS word or key id may be.
AWS_CONTEXT = 100


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


KINDS = (
    "private-key", "pgp-private-key", *(kind for kind, *_ in _PREFIXED), "aws-secret-key",
    "url-credentials", "azure-key", "basic-auth", "bearer-token", "auth-header",
)  # fmt: skip
DETECTORS: list[Detector] = [
    needing(("-----BEGIN", "PuTTY"), regex_detector(_pem_kind, _PEM)),
    # Every vendor token is one word of 15+ characters.
    *(
        needing(needles, regex_detector(kind, re.compile(pattern), check), longest=15)
        for kind, needles, pattern, check in _PREFIXED
    ),
    needing(("aws", "amazon", "secret", "akia", "asia"), _aws_secret_spans, lower=True, longest=40),
    needing(("://",), regex_detector("url-credentials", _URL_CREDENTIALS)),
    needing(
        ("accountkey", "sharedaccesskey", "sig="),
        regex_detector("azure-key", _AZURE_KEY),
        lower=True,
    ),
    needing(("asic",), regex_detector("basic-auth", _BASIC, _basic_credentials)),
    needing(
        ("earer",),
        regex_detector("bearer-token", _BEARER, lambda m, _t: looks_random(m.group("value"))),
    ),
    needing(
        ("authorization",),
        regex_detector(
            "auth-header", _AUTH_HEADER, lambda m, _t: looks_random(m.group("value"), min_len=12)
        ),
        lower=True,
    ),
]
