"""Secret detection and redaction."""

from __future__ import annotations

import pytest

from remem.secrets import find_secrets, has_secret, redact

CASES = [
    ("openai_key", "key sk-proj-abcdefghijklmnopqrstuvwxyz123456 ok"),
    ("anthropic_key", "use sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 here"),
    ("aws_access_key", "AKIAIOSFODNN7EXAMPLE is the id"),
    ("github_token", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
    ("github_token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz012345"),
    ("slack_token", "xoxb-123456789012-abcdefghijkl"),
    ("google_api_key", "AIzaSyA1234567890abcdefghijklmnopqrstuv"),
    ("stripe_key", "sk_live_abcdefghijklmnop1234"),
    (
        "jwt",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
    ("bearer_token", "Authorization: Bearer abcdef1234567890ABCDEF"),
    ("password", "the wifi password is hunter2goes"),
    ("password", "password: correct-horse-battery"),
    ("password", "login with pwd=Tr0ub4dor"),
    ("private_key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----"),
    ("connection_string", "postgres://admin:s3cret@db.example.com:5432/prod"),
    ("connection_string", "mongodb+srv://user:pa55w0rd@cluster0.mongodb.net/test"),
    ("secret_assignment", 'api_key = "Zx8kQ2mN7pL4vR9tW3yB"'),
]


@pytest.mark.parametrize(("kind", "text"), CASES)
def test_finds_each_kind(kind: str, text: str) -> None:
    found = find_secrets(text)
    assert [s.kind for s in found] == [kind], found


@pytest.mark.parametrize(
    "text",
    [
        "I reset my password yesterday.",
        "The password is required for login.",
        "api_key = aaaaaaaaaaaaaaaaaaaa",  # low entropy placeholder
        "postgres://db.example.com/prod",
        "Ask-anything sessions are fun.",
        "Aaron's WRX oil change is due at 11,799 miles.",
    ],
)
def test_no_false_positives(text: str) -> None:
    assert not has_secret(text)


def test_redact_replaces_each_secret_with_its_kind() -> None:
    text = "key sk-proj-abcdefghijklmnopqrstuvwxyz123456 and password: hunter2goes"
    assert redact(text) == "key [REDACTED:openai_key] and [REDACTED:password]"


def test_redact_without_secrets_is_identity() -> None:
    assert redact("nothing to see") == "nothing to see"
