"""Secrets in URLs and HTTP: credentials in a URL (``scheme://user:password@host``,
the password holding anything but a space, even ``/ # ? @``), secrets in query
parameters named like one (``?secret=``, ``&password=``, ``otpauth://…?secret=``),
webhook URLs (a random path segment after a hook segment), ``Authorization``,
``Bearer``, ``Basic``, ``X-API-Key``-style headers and session cookies."""

from __future__ import annotations

import base64
import binascii
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

# scheme://user:password@host — the password runs to the last "@" that a host
# follows (a password may hold "@", "/", "#" or "?"; a host never holds a space).
# The host may be empty: libpq's "user:password@/db?host=/run/postgresql".
_URL_CREDENTIALS = re.compile(
    r"\b[A-Za-z][A-Za-z0-9+.\-]{1,15}://(?P<user>[^\s:/@?#]*):(?P<value>[^\s]+)"
    r"@(?P<host>[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*|\[[0-9a-fA-F:]+\]|(?=/))"
    r"(?=[:/?#\s\"'<>),;]|$)"
)


def _url_password(match: re.Match[str], _text: str) -> bool:
    value = match.group("value")
    return not PLACEHOLDER.match(value) and not value.startswith("[REDACTED")


# A query parameter named like a secret, in a URL or a form body.
_QUERY = re.compile(
    r"(?i)[?&;](?:[\w.\-]*?(?:secret|password|passwd|pwd|token|api[_\-]?key|apikey|auth|"
    r"access[_\-]?key|signature|sig|credential|session|sid))=(?P<value>[^\s&#\"'<>]{6,})"
)


def _query_ok(match: re.Match[str], _text: str) -> bool:
    value = match.group("value")
    if PLACEHOLDER.match(value) or value.startswith(("[REDACTED", "$", "{")):
        return False
    name = match.group(0).lower()
    if "pass" in name or "pwd" in name:
        return True
    return looks_random(value.rstrip(".,;)"), min_len=12) or (
        "secret" in name and re.fullmatch(r"[A-Z2-7]{16,}=*", value) is not None
    )


# A webhook: a hook segment, then path segments of which one is random.
_WEBHOOK = re.compile(
    r"https?://[^\s/]+/(?:[^\s/]+/)*?(?:hooks?|webhooks?|webhookb2|services|triggers|"
    r"incoming|notify)/(?P<value>[^\s\"'<>]{16,})"
)


def _webhook_spans(text: str) -> Iterator[Span]:
    for match in _WEBHOOK.finditer(text):
        path = match.group("value")
        start = match.start("value")
        at = 0
        for segment in re.split(r"([/@?&=])", path):
            if looks_random(segment, min_len=16) or (
                len(segment) >= 24
                and sum(c.isalnum() for c in segment) >= 20
                and looks_random(segment.replace("-", "").replace("_", ""), min_len=20)
            ):
                yield "webhook", start + at, start + at + len(segment)
            at += len(segment)


_BEARER = re.compile(r"\b[Bb]earer\s+(?P<value>[A-Za-z0-9_\-.=+/~]{16,})")
# Authorization headers and their kin (X-API-Key, Api-Token, PRIVATE-TOKEN), as
# headers: the name, a colon, an optional scheme word, the value.
_AUTH_HEADER = re.compile(
    r"(?i)(?:\b(?:proxy-)?authorization\s*[:=]|(?<![\w\-])(?:x-[\w\-]*(?:key|token|secret|auth)"
    r"[\w\-]*|api-(?:key|token)|private-token)\s*:)\s*[\"']?"
    r"(?:token|apikey|api-key|digest|key|bearer)?\s*(?P<value>[A-Za-z0-9_\-.=+/~]{12,})"
)
_BASIC = re.compile(r"\b[Bb]asic\s+(?P<value>[A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])")
# Session cookies: a cookie header or assignment whose name says session or auth.
_COOKIE = re.compile(
    r"(?i)(?P<name>(?:sess(?:ion)?|sid|auth|token|jwt|remember)[\w.\-]*)"
    r"\s*(?:=|\"\s*:\s*\"?|'\s*:\s*'?)\s*(?P<value>[A-Za-z0-9%_\-.+/=:]{16,})"
)


def _basic_credentials(match: re.Match[str], _text: str) -> bool:
    value = match.group("value")
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        text = decoded.decode("ascii")
    except (binascii.Error, ValueError):
        return False
    return ":" in text and text.isprintable() and len(text) >= 3


def _cookie_ok(match: re.Match[str], _text: str) -> bool:
    value = match.group("value").rstrip(".,;:")
    if '"' in match.group(0) and match.group("name").lower().endswith("_id"):
        # a JSON field named like "session_id" names a session, whatever the id looks
        # like (an MCP session "mcp-<random>"): a cookie is named "sessionid",
        # "session", "sid" ..., never "<thing>_id"
        return False
    if re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", value):
        # a uuid named session is a session, but not a JSON field naming an id
        # ("session_id": "<uuid>"): Claude Code's hook payloads and remem's own journal
        # of deferred writes name the session that way, and redacting it loses the session
        json_id = '"' in match.group(0) and match.group("name").lower().endswith("id")
        return not json_id
    return looks_random(value, min_len=16) or (
        len(value) >= 20
        and re.fullmatch(r"[a-z0-9]+|[A-Z0-9]+", value) is not None
        and sum(c.isdigit() for c in value) >= 3
    )


KINDS = (
    "url-credentials",
    "webhook",
    "basic-auth",
    "bearer-token",
    "auth-header",
    "session-cookie",
)
DETECTORS: list[Detector] = [
    needing(("://",), regex_detector("url-credentials", _URL_CREDENTIALS, _url_password)),
    needing(("http",), _webhook_spans, lower=True, longest=30),
    needing(("asic",), regex_detector("basic-auth", _BASIC, _basic_credentials)),
    needing(
        ("earer",),
        regex_detector("bearer-token", _BEARER, lambda m, _t: looks_random(m.group("value"))),
    ),
    needing(
        ("authorization", "x-", "api", "private-token"),
        regex_detector(
            "auth-header", _AUTH_HEADER, lambda m, _t: looks_random(m.group("value"), min_len=12)
        ),
        lower=True,
    ),
    needing(("=",), regex_detector("secret", _QUERY, _query_ok)),
    needing(
        ("sess", "sid", "auth", "token", "jwt", "remember"),
        regex_detector("session-cookie", _COOKIE, _cookie_ok),
        lower=True,
    ),
]
