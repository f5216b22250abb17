"""Secret detection and redaction (remem.secrets): each kind, the benign and secret
corpora, idempotence, JSON scrubbing, and the rejected-or-redacted criterion."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from remem.errors import ValidationError
from remem.secrets import (
    KINDS,
    RedactingFilter,
    find_secrets,
    has_secret,
    kinds,
    redact,
    scrub,
    scrub_value,
    secret_is_point,
)

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)

FIXTURES = Path(__file__).parent / "fixtures"

CASES = [
    ("openai-key", "key sk-proj-abcdefghijklmnopqrstuvwxyz123456 ok"),
    ("anthropic-key", "use sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 here"),
    ("aws-access-key", "AKIAZYMLOPIFQY78F5M0 is the id"),
    ("aws-secret-key", "aws secret wJalrXUtnFEMI/K7MDENG/bPxRfiCY8q3Lk2Vx0P"),
    ("github-token", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
    ("github-token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz012345"),
    ("gitlab-token", "glpat-Ab3dEf6hIj9kLm2nOp5q"),
    ("slack-token", "xoxb-123456789012-abcdefghijkl"),
    ("google-api-key", "AIzaSyA1234567890abcdefghijklmnopqrstuv"),
    ("stripe-key", "sk_live_abcdefghijklmnop1234"),
    ("npm-token", "npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"),
    ("huggingface-token", "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"),
    ("sendgrid-key", "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"),
    (
        "jwt",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
    ("bearer-token", "Authorization: Bearer abcdef1234567890ABCDEF"),
    ("basic-auth", "Authorization: Basic dXNlcjpwYXNzd29yZA=="),
    ("password", "the wifi password is hunter2goes"),
    ("password", "the wifi password for the office is swordfish."),
    ("password", "password: correct-horse-battery"),
    ("password", "login with pwd=Tr0ub4dor"),
    ("pin", "my PIN is 4829"),
    ("pin", "the door code is 1357"),
    ("private-key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----"),
    (
        "pgp-private-key",
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQc\n-----END PGP PRIVATE KEY BLOCK-----",
    ),
    ("url-credentials", "postgres://admin:s3cret@db.example.com:5432/prod"),
    ("url-credentials", "mongodb+srv://user:pa55w0rd@cluster0.mongodb.net/test"),
    ("url-credentials", "https://deploy:hunter2@ci.example.com/hooks"),
    ("card-number", "card 4111 1111 1111 1111"),
    ("card-number", "amex 3782-822463-10005"),
    ("ssn", "SSN 078-05-1120"),
    ("secret", 'api_key = "Zx8kQ2mN7pL4vR9tW3yB"'),
    ("secret", "the signing secret for webhooks is q8Xw2Lp9Zr4Tn6Vb1Mk3"),
]


BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)


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
        "card 4111 1111 1111 1112",  # fails Luhn
        "SSN 666-12-3456",  # no such area
        "order number 4539148803436467",  # Luhn-valid, but an order number
        "Connect the LED to pin 13",
    ],
)
def test_no_false_positives(text: str) -> None:
    assert not has_secret(text)


def _benign() -> list[str]:
    lines = (FIXTURES / "secrets_benign.txt").read_text("utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("# ")]


def _corpus() -> list[dict[str, str]]:
    lines = (FIXTURES / "secrets_corpus.jsonl").read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_benign_corpus_is_left_alone() -> None:
    texts = _benign()
    assert len(texts) >= 200
    flagged = [(t, [s.kind for s in find_secrets(t)]) for t in texts if has_secret(t)]
    assert flagged == []


def test_secret_corpus_is_redacted() -> None:
    rows = _corpus()
    assert len(rows) >= 60
    missed = [row["text"][:60] for row in rows if row["secret"] in redact(row["text"])]
    assert missed == []


def test_redaction_is_idempotent_and_deterministic() -> None:
    for text in [*_benign(), *(row["text"] for row in _corpus()), *(t for _, t in CASES)]:
        once = redact(text)
        assert redact(once) == once
        assert redact(text) == once


def test_only_the_value_is_redacted_where_there_is_one() -> None:
    assert redact("postgres://app:Zq8xLw2@db:5432/x") == (
        "postgres://app:[REDACTED:url-credentials]@db:5432/x"
    )
    assert redact("the wifi password for the office is swordfish.") == (
        "the wifi password for the office is [REDACTED:password]."
    )


def test_match_repr_hides_the_secret() -> None:
    [match] = find_secrets("AKIAZYMLOPIFQY78F5M0")
    assert "AKIA" not in repr(match)


REJECTED = [
    "the wifi password for the office is X9!kq2Lm",
    "my PIN is 4829",
    "AKIAZYMLOPIFQY78F5M0",
    "here is my GitHub token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "remember my api key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789",
    "My SSN is 078-05-1120.",
    "Card 4111 1111 1111 1111 exp 09/27 cvv 123",
    "Aaron's password is [REDACTED:password].",  # already redacted upstream
]
REDACTED = [
    "deploy with key AKIAZYMLOPIFQY78F5M0 to the staging bucket",
    "the staging database is postgres://app:Zq8xLw2@db.internal:5432/reports",
    "Aaron's GitHub token is ghp_abcdefghijklmnopqrstuvwxyz0123456789 and he prefers dark mode",
    "the CI deploys with [REDACTED:github-token] from the release pipeline",
]


@pytest.mark.parametrize("text", REJECTED)
def test_a_text_stating_a_secret_is_rejected(text: str) -> None:
    assert secret_is_point(text, min_words=2)


@pytest.mark.parametrize("text", REDACTED)
def test_a_text_merely_containing_one_is_redacted(text: str) -> None:
    assert not secret_is_point(text, min_words=2)
    assert "[REDACTED:" in redact(text)


def test_no_secret_is_never_the_point() -> None:
    assert not secret_is_point("my PIN pad was broken", min_words=2)


def test_kinds_reads_raw_and_redacted_text() -> None:
    assert kinds("key AKIAZYMLOPIFQY78F5M0 and [REDACTED:pin]") == ["aws-access-key", "pin"]


def test_json_is_scrubbed_value_by_value_and_stays_json() -> None:
    raw = json.dumps(
        {
            "note": "token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789": 1,
            "card": 4111111111111111,
            "nested": [{"pw": 'password: "correct horse"'}],
            "fine": 42,
        }
    )
    out = scrub(raw)
    data = json.loads(out)
    assert "ghp_" not in out and "4111111111111111" not in out and "correct horse" not in out
    assert data["fine"] == 42 and data["card"] == "[REDACTED:card-number]"
    clean = json.dumps({"a": "nothing here", "b": [1, 2]})
    assert scrub(clean) is clean
    assert scrub_value({"a": "x"}) == {"a": "x"}


def test_errors_and_logs_are_redacted(caplog: pytest.LogCaptureFixture) -> None:
    secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    assert secret not in str(ValidationError(f"bad value {secret!r}"))
    logger = logging.getLogger("remem.test_secrets")
    logger.addFilter(RedactingFilter())
    with caplog.at_level(logging.WARNING, logger="remem.test_secrets"):
        logger.warning("LLM said %s", secret)
    assert secret not in caplog.text and "[REDACTED:github-token]" in caplog.text


def test_every_kind_is_documented() -> None:
    concepts = (Path(__file__).parent.parent / "docs" / "concepts.md").read_text("utf-8")
    assert [k for k in KINDS if f"`{k}`" not in concepts] == []
    found = {s.kind for row in _corpus() for s in find_secrets(row["text"])}
    found |= {s.kind for _, text in CASES for s in find_secrets(text)}
    assert found <= set(KINDS)


def test_a_refused_value_is_redacted_before_it_is_cut() -> None:
    from remem.validation import check_id

    with pytest.raises(ValidationError) as refused:
        check_id("x" * 45 + " AKIAZYMLOPIFQY78F5M0", "id")
    assert "AKIAZYM" not in str(refused.value)


@pytest.mark.parametrize(
    "text",
    [
        "my key is sk-ant-api03-abcdefghij\u200bklmnopqrstuvwxyz0123 for prod",  # zero-width
        "AKIA\u200bZYMLOPIFQY78F5M0 for the bucket",
        "AKIA\u2060ZYMLOPIF\u200dQY78F5M0 for the bucket",  # word joiner, ZWJ
        "token ｓｋ－ａｎｔ－ａｐｉ０３－ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔ here",  # full-width
    ],
)
def test_secrets_hidden_by_invisible_or_full_width_characters_are_redacted(text: str) -> None:
    cleaned = redact(text)
    assert "[REDACTED:" in cleaned
    assert "ZYMLOPIF" not in cleaned and "klmnopqrst" not in cleaned.replace("\u200b", "")
    assert "ｋｌｍｎｏｐ" not in cleaned
    assert redact(cleaned) == cleaned


def test_non_ascii_text_without_secrets_is_left_as_written() -> None:
    text = "Zoë’s café — ｆｕｌｌ width\u200b is fine"
    assert redact(text) == text


def test_a_json_field_naming_a_session_id_is_no_cookie() -> None:
    # Claude Code's payloads and the agent's journal of deferred writes name the
    # session so; redacting it filed every deferred turn under another session
    from remem.secrets import redact as _redact

    journal = '{"session_id": "0b6f2c1e-8d4a-4c3b-9e7f-2a1d5c6b7e80", "role": "user"}'
    assert _redact(journal) == journal
    assert "0b6f2c1e" not in _redact("Cookie: session=0b6f2c1e-8d4a-4c3b-9e7f-2a1d5c6b7e80")


def test_a_json_field_naming_any_session_id_is_no_cookie() -> None:
    # an MCP session id is "mcp-<random>": redacted, it also made the provenance digest
    # beside it read as a secret, so every lesson lost its provenance
    from remem.secrets import redact as _redact
    from remem.secrets import scrub

    data = '{"provenance": {"session_id": "mcp-7f3a9c2e41b84d0e9a1c", "sha": "4f8d09d996150081"}}'
    assert scrub(data) == data
    assert "7f3a9c2e41b84d0e9a1c" not in _redact('{"sessionid": "mcp-7f3a9c2e41b84d0e9a1c"}')
    assert "7f3a9c2e41b84d0e9a1c" not in _redact("Cookie: sid=mcp7f3a9c2e41b84d0e9a1cQ")
