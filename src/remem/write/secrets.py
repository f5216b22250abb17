"""Find and redact credentials before anything is stored.

Hand-written patterns for the common key formats (OpenAI, Anthropic, AWS,
GitHub, Slack, Google, Stripe), bearer and JWT tokens, passwords stated in
prose or assignments, private key blocks, connection strings with
credentials, and high-entropy values assigned to secret-looking names.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

# Below this many bits per character a generic "token = value" is not a secret.
MIN_GENERIC_ENTROPY = 3.0


@dataclass(frozen=True, slots=True)
class SecretMatch:
    """One secret found in a text: its kind and the ``[start, end)`` span to redact."""

    kind: str
    start: int
    end: int
    text: str


_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("private_key", re.compile(
        r"-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----.*?(?:-----END (?:[A-Z]+ )*PRIVATE KEY-----|\Z)",
        re.DOTALL,
    )),
    ("anthropic_key", re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{20,}")),
    ("openai_key", re.compile(r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_\-]{20,}")),
    ("stripe_key", re.compile(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("aws_access_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("github_token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})")),
    ("slack_token", re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}")),
    ("google_api_key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")),
    ("bearer_token", re.compile(r"(?i)\bbearer\s+(?P<value>[A-Za-z0-9_\-.=+/]{16,})")),
    ("connection_string", re.compile(
        r"\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|ftp)"
        r"://[^\s:/@]+:(?P<value>[^\s@/]+)@[^\s]+",
        re.IGNORECASE,
    )),
    ("password", re.compile(
        r"(?i)\b(?:password|passwd|passphrase|pwd|pin code)\b\s*(?:is|was|=|:|to)\s*"
        r"(?P<value>\"[^\"]{3,}\"|'[^']{3,}'|[^\s,;]{3,})"
    )),
    ("secret_assignment", re.compile(
        r"(?i)\b[\w.\-]*(?:api[_\-]?key|secret|token|access[_\-]?key|auth)[\w.\-]*\b"
        r"\s*[:=]\s*(?P<value>\"[^\"]{12,}\"|'[^']{12,}'|[A-Za-z0-9_\-+/=.]{16,})"
    )),
]  # fmt: skip


def shannon_entropy(text: str) -> float:
    """Bits per character of ``text`` (0 for empty text)."""
    if not text:
        return 0.0
    counts = Counter(text)
    total = len(text)
    return -sum(c / total * math.log2(c / total) for c in counts.values())


def find_secrets(text: str) -> list[SecretMatch]:
    """Every secret in ``text``, in order of position, overlaps resolved to the first found."""
    found: list[SecretMatch] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            value = match.groupdict().get("value")
            weak = value is not None and shannon_entropy(value.strip("\"'")) < MIN_GENERIC_ENTROPY
            if kind == "secret_assignment" and weak:
                continue
            if kind == "password" and value is not None and value.lower() in _NOT_PASSWORDS:
                continue
            start, end = match.span()
            if any(s.start < end and start < s.end for s in found):
                continue
            found.append(SecretMatch(kind, start, end, match.group(0)))
    return sorted(found, key=lambda s: s.start)


# Words that follow "password is" in prose without being a password.
_NOT_PASSWORDS = {
    "the", "a", "an", "not", "wrong", "incorrect", "correct", "required", "expired",
    "reset", "changed", "missing", "empty", "too", "invalid", "set", "stored", "saved",
}  # fmt: skip


def has_secret(text: str) -> bool:
    """Whether ``text`` contains any secret :func:`find_secrets` knows."""
    return bool(find_secrets(text))


def redact(text: str) -> str:
    """``text`` with each secret replaced by ``[REDACTED:<kind>]``."""
    out: list[str] = []
    last = 0
    for secret in find_secrets(text):
        out.append(text[last : secret.start])
        out.append(f"[REDACTED:{secret.kind}]")
        last = secret.end
    out.append(text[last:])
    return "".join(out)
