"""The detector as a table of forms, by structure: each structure with the forms it
must catch (the secret must be gone from ``redact(text)``) and the look-alikes it
must leave alone (nothing found). Then the blind corpus (tests/fixtures/security/,
written without seeing the detector): every secret of its dev half is caught, no
benign line of its dev half is touched.

Structures: key/value context (a credential word, then a value), token shape
(length, alphabet, entropy), checksums (Luhn, IBAN mod 97, SSN ranges), prefix
families (a vendor's prefix, a random tail), armour and encodings (PEM blocks,
JWT headers, base64-wrapped secrets, chunked and split tokens), command lines and
credential files."""

from __future__ import annotations

import json
import signal
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from remem.secrets import find_secrets, has_secret, redact, scrub
from remem.textnorm import strip_invisible

FIXTURES = Path(__file__).parent / "fixtures" / "security"

# (structure, text, the secret that must not survive)
CATCH: list[tuple[str, str, str]] = [
    # key/value context: English prose
    ("prose", "the NAS password, the one I set after the move, is Vq7!tLm2x", "Vq7!tLm2x"),
    ("prose", "the router password (printed under the lid) is Gz4#kPw9r", "Gz4#kPw9r"),
    ("prose", "dad's icloud password is still tulip1958", "tulip1958"),
    ("prose", "enter Ww3-harbour-77 as the password on the kiosk", "Ww3-harbour-77"),
    ("prose", "Hq2$vault-93 is my new password", "Hq2$vault-93"),
    ("prose", "the password starts with Mx8!q and the rest is -falcon-22", "-falcon-22"),
    ("prose", "sign in as ops_admin / Zp4!corvid9 on the staging box", "Zp4!corvid9"),
    ("prose", "the wallet passphrase is amber otter climbs seven hills", "amber otter climbs"),
    ("prose", "the master password is: Lantern Maple Quartz Ribbon 4", "Lantern Maple Quartz"),
    ("prose", "office wifi password:\nHx9-pebble-street", "Hx9-pebble-street"),
    ("prose", "the sim puk is 48213377", "48213377"),
    ("prose", "my pin is 5821", "5821"),
    ("prose", "PIN: 0932", "0932"),
    # key/value context: other languages
    ("language", "das Kennwort für den Drucker lautet Drucker!2291", "Drucker!2291"),
    ("language", "le mot de passe du wifi est soleil-Vert-44", "soleil-Vert-44"),
    ("language", "la clave del banco es Toro8812", "Toro8812"),
    ("language", "minha senha nova é Caju#5571", "Caju#5571"),
    ("language", "пароль от почты: Ryba2207x", "Ryba2207x"),
    ("language", "服务器密码：Shan2020xy", "Shan2020xy"),
    ("language", "ルーターのパスワードはSakura7731です", "Sakura7731"),
    ("language", "wachtwoord van de server is Tulp!8830", "Tulp!8830"),
    ("language", "hasło do konta to Zubr4410", "Zubr4410"),
    ("language", "şifrem Kartal9921 idi", "Kartal9921"),
    ("language", "서버 비밀번호는 Hanok2044 입니다", "Hanok2044"),
    # key/value context: settings and headers
    ("setting", 'DB_PASSWORD="q9Lm!Vx2Tz"', "q9Lm!Vx2Tz"),
    ("setting", "client_secret: 4hT8kQp2Lx9Vr7Wn3Zs6Ym1B", "4hT8kQp2Lx9Vr7Wn3Zs6Ym1B"),
    ("setting", "apiKey: 'mQ7xV2pL9sK4tR8wZ3nB6hJ1'", "mQ7xV2pL9sK4tR8wZ3nB6hJ1"),
    ("setting", "X-Api-Key: 7fQ2mLx9Vt4kPz8Wr3Nb6Hj1", "7fQ2mLx9Vt4kPz8Wr3Nb6Hj1"),
    ("setting", "Authorization: Token 9c2Lq8Vx4Tm7Pz3Wk6Nb1Hr5", "9c2Lq8Vx4Tm7Pz3Wk6Nb1Hr5"),
    ("setting", "Cookie: sessionid=k8x2mq9vl4tz7pw3nb6hj1rc5s", "k8x2mq9vl4tz7pw3nb6hj1rc5s"),
    ("setting", "Set-Cookie: connect.sid=s%3AQm7xV2pL9sK4tR8wZ3nB6h; Path=/", "Qm7xV2pL9sK4tR8wZ3nB6h"),
    ("setting", "passport no. 548812930 (issued 2020)", "548812930"),
    ("setting", "Reisepass: C01X00T47", "C01X00T47"),
    ("setting", "TOTP secret: JBSWY3DPEHPK3PXPQ4ZA", "JBSWY3DPEHPK3PXPQ4ZA"),
    ("setting", "authenticator seed jbsw y3dp ehpk 3pxp q4za", "jbsw y3dp ehpk 3pxp"),
    ("setting", "backup codes:\n4k2m-9x7q\nt8v3-p2l6\nw9z1-m4k8", "t8v3-p2l6"),
    # command lines and credential files
    ("cli", "curl -u deploy:Rq8!vT2x https://ci.internal/api", "Rq8!vT2x"),
    ("cli", "mysqldump -u backup -pNq7xTz2Lw9 shop > shop.sql", "Nq7xTz2Lw9"),
    ("cli", "mongosh --username admin --password 'Mg4!ox9Lp' db01", "Mg4!ox9Lp"),
    ("cli", "sshpass -p Pi3-garden-77 ssh pi@10.0.0.8", "Pi3-garden-77"),
    ("cli", "redis-cli -a Rd9xQ2mL7vT4pK8w GET key", "Rd9xQ2mL7vT4pK8w"),
    ("cli", "htpasswd -b .htpasswd alice Ht5!wall99", "Ht5!wall99"),
    ("cli", r"net use Z: \\files\share Sh4re!pass /user:CORP\alice", "Sh4re!pass"),
    ("cli", "db.corp:5432:sales:report:Pg7!sales22", "Pg7!sales22"),
    ("cli", "machine api.example.com login bot password Nt8xQ2mLv4", "Nt8xQ2mLv4"),
    # URLs
    ("url", "git clone https://ci:p@ss/w#rd?9@git.corp.example/app.git", "p@ss/w#rd?9"),
    ("url", "amqp://svc:Lh2n%40Wq8%2F@rabbit.internal:5672/jobs", "Lh2n%40Wq8%2F"),
    ("url", "postgresql://app:hunter2@/remem?host=/run/postgresql", "hunter2"),  # no host
    ("url", "otpauth://totp/Corp:alice?secret=JBSWY3DPEHPK3PXP&issuer=Corp", "JBSWY3DPEHPK3PXP"),
    ("url", "jdbc:mysql://db:3306/shop?user=app&password=Jd8!bc2Lx", "Jd8!bc2Lx"),
    ("url", "https://discord.com/api/webhooks/1234567890/Qm7xV2pL9sK4tR8wZ3nB6hJ1yC5d", "Qm7xV2pL9sK4tR8wZ3nB6hJ1yC5d"),
    ("url", "https://corp.webhook.office.com/webhookb2/7f2c9e1a-aa11-4b2c-9d3e-5f6a7b8c9d0e@x/IncomingWebhook/4hT8kQp2Lx9Vr7Wn3Zs6Ym1B", "4hT8kQp2Lx9Vr7Wn3Zs6Ym1B"),
    # prefix families (known vendors and the family newer ones follow)
    ("prefix", "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L9mNb", "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L9mNb"),
    ("prefix", "docker: dckr_pat_Qm7xV2pL9sK4tR8wZ3nB6hJ1yC5", "Qm7xV2pL9sK4tR8wZ3nB6hJ1yC5"),
    # a known prefix with a tail that is not random but not masked either: a test key
    ("prefix", "the deploy reads sk-ant-api03-" + "Q" * 93, "QQQQQQQQQQQQ"),
    ("prefix", "grafana glsa_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L_a1b2c3d4", "Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L"),
    ("prefix", "PMAK-65f1a2b3c4d5e6f7a8b9c0d1-4hT8kQp2Lx9Vr7Wn3Zs6Ym1Bc5Df8Gh2", "4hT8kQp2Lx9Vr7Wn3Zs6Ym1B"),
    ("prefix", "newrelic NRAK-7F2C9E1AQ4HT8KQP2LX9VR7WN3Z", "7F2C9E1AQ4HT8KQP2LX9VR7WN3Z"),
    ("prefix", "perplexity pplx-4hT8kQp2Lx9Vr7Wn3Zs6Ym1Bc5Df8Gh2Jk9", "4hT8kQp2Lx9Vr7Wn3Zs6Ym1B"),
    # checksums and numbers
    ("number", "wire it to DE89 3704 0044 0532 0130 00 by Friday", "DE89 3704 0044 0532 0130 00"),
    ("number", "IBAN GB29NWBK60161331926819", "GB29NWBK60161331926819"),
    ("number", "card 4242-4242-4242-4242 exp 04/29", "4242-4242-4242-4242"),
    ("number", "SSN 219-48-7731", "219-48-7731"),
    # armour and encodings
    ("armour", "-----BEGIN OPENSSH\nPRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5v\n-----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5v"),
    ("armour", "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nP2/56wAAA4kAAAA3aWYtbW9kbg\n---- END SSH2 ENCRYPTED PRIVATE KEY ----", "P2/56wAAA4kAAAA3aWYtbW9kbg"),
    ("armour", "token eyAiYWxnIjogIkhTMjU2IiB9.eyJzdWIiOiAiNDIifQ.c2lnbmF0dXJlLWJ5dGVz", "eyAiYWxnIjogIkhTMjU2IiB9"),
    ("armour", "kubectl: token: Z2hwX1p4OVF3OEVyN1R5NlVpNU9wNEFzM0RmMkdoMUprMEw5bU5i", "Z2hwX1p4OVF3OEVyN1R5NlVpNU9wNEFz"),
    ("armour", "the key, spelled out: sk-p roj- Zx9Q w8Er 7Ty6 Ui5O p4As", "Zx9Q w8Er 7Ty6"),
    ("armour", "SG.D nDhu fjh0 XsKH a9Qm Lx7T", "nDhu fjh0 XsKH"),  # no word before it
    ("armour", 'KEY = ("ghp_Zx9Qw8Er7Ty6Ui5Op"\n       "4As3Df2Gh1Jk0L9mNb")', "4As3Df2Gh1Jk0L9mNb"),
    ("armour", "export TOKEN=glpat-Zx9Qw8Er7Ty6Ui5\\\n4As3Df2Gh1", "4As3Df2Gh1"),
    # obfuscation: normalised before anything looks
    ("hidden", "password for the vpn is Vp\u200bn7!xQ2", "Vpn7!xQ2"),
    ("hidden", "AKIA\u00adZYMLOPIFQY78F5M0 for the bucket", "ZYMLOPIFQY78F5M0"),
    ("hidden", "gh\u0440_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L9mNb", "Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L9mNb"),
]  # fmt: skip

# (structure, a look-alike that holds no secret)
LEAVE: list[tuple[str, str]] = [
    ("prose", "I changed my password yesterday after the phishing mail"),
    ("prose", "the password is stored in the team vault, ask Priya"),
    ("prose", "passwords must be at least 12 characters long"),
    ("prose", "Passphrases are easier to remember than passwords"),
    ("prose", "the pin on the breadboard is 13"),
    ("prose", "log in as admin and open the settings page"),
    ("language", "ich habe mein Passwort vergessen, bitte zurücksetzen"),
    ("language", "le mot de passe doit contenir 12 caractères"),
    ("language", "请重置我的密码"),
    ("setting", 'api_key = os.environ["OPENAI_API_KEY"]'),
    ("setting", "SECRET_KEY = env('DJANGO_SECRET_KEY')"),
    ("setting", "password: ${{ secrets.DB_PASSWORD }}"),
    ("setting", "token: <your-token-here>"),
    ("setting", "Cookie banner: accepted; theme=dark; lang=en"),
    ("setting", "passport photo must be 35x45 mm"),
    ("cli", "ssh -p 2222 deploy@bastion"),
    ("cli", "psql -h db -p 5432 -U app"),
    ("cli", "git commit -a -m 'fix the tests'"),
    ("cli", "echo $TOKEN | docker login -u bot --password-stdin"),
    ("cli", "MAC 3c:22:fb:9a:10:4e and host web01:8080"),
    ("url", "https://user@github.com/acme/app.git"),
    ("url", "https://USERNAME:PASSWORD@host/path"),
    ("url", "https://hooks.example.com/docs/getting-started-with-webhooks"),
    ("prefix", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ("prefix", "the dashboard shows it masked: sk-proj-XXXX...XXXX"),
    # code: dotted names whose last part is words in camel case, build artefacts
    ("prefix", "airflow.exceptions.AirflowSensorTimeout: Sensor has timed out"),
    ("prefix", 'EMAIL_BACKEND = "anymail.backends.postmark.EmailBackend"'),
    ("prefix", "deps/logslice-3f1c0b2a.logslice.1a2b-cgu.0.rcgu.o: relocation failed"),
    ("setting", "err := s.q.ListEntriesByAccount(ctx, gen.ListEntriesByAccountParams{})"),
    ("prefix", "Stripe publishable key pk_test_LiKgKiMXETV83hmHrknMn2d3"),
    ("prefix", "payment pi_3NzKq2LpXv9Tr7Wm4Bn6Hj1Y failed"),
    ("prefix", "message msg_01XFDUDYJgAACzvnptvVoYEL stopped"),
    ("prefix", "AKIAIOSFODNN7EXAMPLE is the documentation's sample key"),
    ("number", "order number 4539148803436467"),
    # a digest's digits that happen to make a Luhn-valid card (an erase tombstone's HMAC)
    (
        "number",
        "card payment hmac e2e06163f10e9dc30af1bf51161dfa367472364660066c7ba75964f0793b7624",
    ),
    ("number", "call +44 20 7946 0958 after 5"),
    ("number", "DE89 3704 0044 0532 0130 01 fails its check"),
    ("armour", "GPG fingerprint 3887 C7EF C6FC 2FDE 6137 166B D641 FA28 1E3D 910D"),
    ("armour", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGhB3x7lqT alice@laptop"),
    ("armour", "sha256-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"),
    ("armour", "eyJhbGciOiJub25lIn0 is just base64 of a header"),
    ("armour", "git sha 6e5ff77bd157f1b0fc9baaed48fe16ae027915d1 on v3.2.0"),
    ("armour", "uuid 7f2c9e1a-aa11-4b2c-9d3e-5f6a7b8c9d0e"),
    ("armour", "the tag v3.2.0 points to build 2024.06.01 rc 4"),
]


@pytest.mark.parametrize(("structure", "text", "secret"), CATCH)
def test_catches(structure: str, text: str, secret: str) -> None:
    cleaned = redact(text)
    assert secret not in cleaned and secret not in _plain(cleaned), cleaned
    assert "[REDACTED:" in cleaned
    assert redact(cleaned) == cleaned  # idempotent


@pytest.mark.parametrize(("structure", "text"), LEAVE)
def test_leaves_alone(structure: str, text: str) -> None:
    assert find_secrets(text) == [] and redact(text) == text


def test_every_structure_has_both_sides() -> None:
    caught = {s for s, *_ in CATCH}
    assert caught == {s for s, _ in LEAVE} | {"hidden"}
    assert len(CATCH) >= 60 and len(LEAVE) >= 30


# -- the blind corpus (dev half) -----------------------------------------------------
def _plain(text: str) -> str:
    return unicodedata.normalize("NFKC", strip_invisible(text))


def leaked(row: dict[str, object], out: str) -> list[str]:
    """The corpus's scoring: ``secret``, each ``also`` and ``canonical`` (6+ characters)
    must be absent from the stored text, as written and normalised."""
    values = [str(row["secret"]), *(str(v) for v in row.get("also", []))]  # type: ignore[attr-defined]
    canonical = row.get("canonical")
    if isinstance(canonical, str) and len(canonical) >= 6:
        values.append(canonical)
    plain = _plain(out)
    return [v for v in values if v in out or _plain(v) in plain]


def _rows(name: str) -> list[dict[str, object]]:
    lines = (FIXTURES / name).read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_blind_dev_corpus_is_caught() -> None:
    rows = _rows("secrets.dev.jsonl")
    assert len(rows) >= 130
    missed = [(row["id"], row["kind"]) for row in rows if leaked(row, redact(str(row["text"])))]
    assert missed == []


def test_the_blind_dev_benign_lines_are_left_alone() -> None:
    lines = (FIXTURES / "benign.dev.txt").read_text("utf-8").splitlines()
    assert len(lines) >= 200
    assert [line for line in lines if has_secret(line)] == []


def test_redaction_of_the_corpus_is_idempotent() -> None:
    for text in [str(row["text"]) for row in _rows("secrets.dev.jsonl")] + [t for _, t, _ in CATCH]:
        once = redact(text)
        assert redact(once) == once, text[:60]


def test_json_stays_valid_whatever_a_detector_spans() -> None:
    """A JSON text whose values are clean one by one but hold a secret together (a key
    and its value, halves in a row, netrc words across values) stays JSON."""
    texts = [str(row["text"]) for row in _rows("secrets.dev.jsonl")] + [t for _, t, _ in CATCH]
    for text in texts:
        half = len(text) // 2
        for value in (
            {"note": text},
            [text, text],
            {"first": text[:half], "second": text[half:]},
            {"subject": "machine host login bot password", "next": text[-12:]},
        ):
            out = scrub(json.dumps(value, ensure_ascii=False))
            json.loads(out)  # never broken


# -- hostile shapes: every write path runs these, so none may hang or raise -----------
def _within(seconds: int, fn: Callable[[], object]) -> object:
    """``fn()``, failing the test if it has not returned after ``seconds`` (a hang
    guard for exponential backtracking, not a speed target: the call takes < 1 ms)."""

    def stop(signum: int, frame: object) -> None:
        raise AssertionError(f"still running after {seconds}s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        return fn()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize(
    "text",
    [
        "-----BEGIN " + "A" * 60 + " x",  # was exponential: one upper-case word, split every way
        "-----BEGIN " + "RSA " * 500 + "x",
        "-----BEGIN" + " \t" * 500 + "\n" + " " * 500 + "x",
    ],
)
def test_armour_lookalikes_do_not_backtrack(text: str) -> None:
    assert _within(20, lambda: redact(text)) == text


def test_deeply_nested_json_is_redacted_as_text() -> None:
    key = "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0L9mNb"
    assert scrub("[" * 5000) == "[" * 5000  # RecursionError inside json.loads before
    out = scrub("[" * 3000 + json.dumps(key) + "]" * 3000)
    assert key not in out and "[REDACTED:" in out


# -- JSON: detected on the decoded values, blanked to the secret's span --------------
def _hook_event(command: str, **response: str) -> str:
    event = {"session_id": "mcp-9f1c2b7e", "tool_name": "Bash", "tool_input": {"command": command}}
    if response:
        event["tool_response"] = response  # type: ignore[assignment]
    return json.dumps(event)


@pytest.mark.parametrize(
    "text",
    [
        # cargo's package flag read raw ('-p logslice-core"},') looked like mysql -p<password>
        _hook_event("cargo publish -p logslice-core"),
        _hook_event(
            "cargo publish -p logslice-core",
            stderr="    Updating crates.io index\n   Packaging logslice-core v0.9.0\n"
            "error: no token found, please run `cargo login`\n"
            "or use environment variable CARGO_REGISTRY_TOKEN",
        ),
        json.dumps({"command": "cargo update -p clap", "description": "Bump clap"}),
        # a value ending on a credential word, the next value an id: two fields, not one
        json.dumps(
            ["Use aws sso login instead of long-lived access keys.", "vol-1f8ac0557149d6b08"]
        ),
        json.dumps({"text": "it will prompt for the password", "next": "docker login -u me"}),
    ],
)
def test_benign_json_is_stored_as_it_came(text: str) -> None:
    assert scrub(text) == text


def test_the_blind_dev_benign_lines_in_json_are_left_alone() -> None:
    lines = (FIXTURES / "benign.dev.txt").read_text("utf-8").splitlines()
    for i, line in enumerate(lines):
        for doc in ([lines[i - 1], line], {"session_id": "agent-7f3a", "text": line}):
            raw = json.dumps(doc, ensure_ascii=False)
            assert scrub(raw) == raw, raw


def test_a_secret_across_values_is_blanked_to_its_span() -> None:
    """A key and its value, a statement cut before its secret: the secret goes, the
    rest of each value (and every key) stays."""
    out = json.loads(scrub(json.dumps({"password": "Vq7!tLm2x", "host": "nas-01"})))
    assert out == {"password": "[REDACTED:password]", "host": "nas-01"}
    said = ["mein Passwort ist ", "Kuckuck!439, bitte nicht weitersagen"]
    stored = json.loads(scrub(json.dumps(said, ensure_ascii=False)))
    assert stored[0] == said[0]
    assert "Kuckuck!439" not in stored[1] and stored[1].endswith(", bitte nicht weitersagen")
    pin = json.loads(scrub(json.dumps({"door pin": 4821, "floor": 3})))
    assert pin == {"door pin": "[REDACTED:pin]", "floor": 3}  # a number too


def test_a_whole_secret_text_in_json_is_caught() -> None:
    for row in _rows("secrets.dev.jsonl"):
        text = str(row["text"])
        doc = {"session_id": "agent-7f3a", "text": text, "next": "done"}
        stored = json.loads(scrub(json.dumps(doc, ensure_ascii=False)))
        assert not leaked(row, stored["text"]), row["id"]


@pytest.mark.parametrize(
    "text",
    [
        'PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]',
        "PASSWORD_RESET_TIMEOUT = 259200",
        "API_TOKEN_TTL=3600",
        "JWT_SECRET_ROTATION_DAYS=30",
        "REDIS_PASSWORD_FILE=/run/secrets/redis",
        "AUTH_BACKENDS = ['accounts.auth.EmailBackend2Factor']",
    ],
)
def test_a_setting_about_secrets_is_not_one(text: str) -> None:
    """A setting's last word says what its value is: a duration, a list of classes, a
    path — not the secret its first word names; a dotted module path is a name."""
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("DB_PASSWORD=Tr0ub4dor&3", "Tr0ub4dor&3"),
        ('client_secret = "a8f7d6s5a4f3d2s1q0w9"', "a8f7d6s5a4f3d2s1q0w9"),
        ("PASSWORD_PROD=Tr0ub4dor&3", "Tr0ub4dor&3"),
        ("key=Summer2024Password99x", "Summer2024Password99x"),
        ("see /api/token/XsKHqdlN9aB3TmPqZ0r99", "XsKHqdlN9aB3TmPqZ0r99"),
    ],
)
def test_a_setting_that_holds_a_secret_still_does(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_no_character_of_a_settings_value_stays_out_of_its_redaction() -> None:
    """Two detectors read one value's end differently (a password before punctuation,
    a setting's whole token): in NAME=value the whole token goes; in prose the stop
    stays punctuation."""
    assert redact("DB_PASSWORD=s3cr3tP4ss!") == "DB_PASSWORD=[REDACTED:password]"
    assert redact("password: hunter2.") == "password: [REDACTED:password]."
