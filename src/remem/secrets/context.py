"""Secrets told by their context: a password word in any of the languages below
followed closely by a value that looks like a password, passport numbers, TOTP
seeds, recovery codes, passwords on command lines (``curl -u user:pass``,
``mysql -pX``, ``--password X``, ``sshpass -p``), ``.pgpass`` and ``.netrc`` lines,
and a random token right beside a key id (the secret half of a pair)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from remem.secrets.shapes import Detector, Span, looks_password, looks_random, needing

# "Password" (and its kin: passphrase, PIN) in other languages. One concept, many
# languages: the value's look decides, so no language needs a sentence pattern.
_PASSWORD_WORDS = (
    "passwort", "kennwort", "mot de passe", "mdp", "contraseña", "contrasena", "clave",
    "senha", "palavra-passe", "parola d'ordine", "wachtwoord", "lösenord", "passord",
    "adgangskode", "kodeord", "hasło", "haslo", "heslo", "jelszó", "salasana", "şifre",
    "sifre", "parola", "пароль", "парола", "κωδικός", "密码", "密碼", "口令", "パスワード",
    "暗証番号", "비밀번호", "암호", "كلمة المرور", "كلمة السر", "סיסמה", "पासवर्ड", "mật khẩu",
    "kata sandi", "kata laluan", "lozinka", "geslo", "slaptažodis", "parole",
)  # fmt: skip
_FOREIGN = re.compile(
    "(?i)(?:" + "|".join(re.escape(w) for w in sorted(_PASSWORD_WORDS, key=len, reverse=True)) + ")"
)
# After the word: within this many characters (any script, no sentence end) the
# first word that looks like a password is the value.
FOREIGN_REACH = 40
_WORDS = re.compile(r"[\x21-\x7e]+")
_STOP = re.compile(r"[.!?。！？\n](?:\s|$)|\n")
_EDGE = "\"'`«»“”‘’()[]{}<>,;:.。，、：！？!?"


def _foreign_spans(text: str) -> Iterator[Span]:
    low = text.lower()
    if len(low) != len(text):  # a lower-case form of another length: positions differ
        starts = [(m.start(), m.end()) for m in _FOREIGN.finditer(text)]
    else:
        starts = [
            (at, at + len(word))
            for word in _LOWER_WORDS
            if word in low
            for at in _positions(low, word)
        ]
    for begin, after in sorted(starts):
        if begin and text[begin - 1].isascii() and text[begin - 1].isalpha():
            continue  # inside a word
        end = min(len(text), after + FOREIGN_REACH)
        stop = _STOP.search(text, after, end)
        for word in _WORDS.finditer(text, after, stop.start() if stop else end):
            value = word.group(0).strip(_EDGE)
            if value and looks_password(value):
                start = word.start() + word.group(0).index(value)
                yield "password", start, start + len(value)
                break


_LOWER_WORDS = tuple(w.lower() for w in _PASSWORD_WORDS)


def _positions(text: str, word: str) -> Iterator[int]:
    at = text.find(word)
    while at >= 0:
        yield at
        at = text.find(word, at + 1)


# -- documents and one-time codes ---------------------------------------------------------
_PASSPORT = re.compile(
    r"(?i)(?:passport|reisepass|pass(?:nummer|nr)|passeport|pasaporte|passaporto|paspoort|"
    r"паспорт|护照|パスポート|여권)[\w.\- ]{0,20}?(?:no\.?|nr\.?|number|#|nummer|numéro|"
    r"número|:)?\s*[:#]?\s*(?P<value>[A-Z0-9]{6,10})(?![A-Za-z0-9])"
)
_TOTP = re.compile(
    r"(?i)(?:totp|otp|2fa|mfa|two-factor|authenticator|seed|otpauth)[\w\s\-\"'(:=.,]{0,30}?"
    r"(?P<value>(?<![A-Za-z0-9])(?:[A-Z2-7]{16,}=*|(?:[a-z2-7]{4}[ ]){3,}[a-z2-7]{2,4}|"
    r"(?:[A-Z2-7]{4}[ ]){3,}[A-Z2-7]{2,4})(?![A-Za-z0-9]))"
)
_RECOVERY = re.compile(r"(?i)(?:recovery|backup|scratch|emergency|one-time)\s+(?:codes?|keys?)")
_CODE_LINE = re.compile(
    r"(?m)^[ \t>*\-•]*(?P<value>[A-Za-z0-9]{4,6}(?:[ \-][A-Za-z0-9]{4,6}){1,3})\s*$"
)
_CODE_INLINE = re.compile(r"(?<![\w\-])[A-Za-z0-9]{4,6}-[A-Za-z0-9]{4,6}(?![\w\-])")
RECOVERY_REACH = 400  # characters after the words "recovery codes" that may list them


def _passport_spans(text: str) -> Iterator[Span]:
    for match in _PASSPORT.finditer(text):
        value = match.group("value")
        if sum(c.isdigit() for c in value) >= 2:
            yield "passport-number", match.start("value"), match.end("value")


def _totp_spans(text: str) -> Iterator[Span]:
    for match in _TOTP.finditer(text):
        value = match.group("value").replace(" ", "").rstrip("=")
        if any(c in "234567" for c in value) and len(set(value.upper())) >= 8:
            yield "totp-seed", match.start("value"), match.end("value")


def _recovery_spans(text: str) -> Iterator[Span]:
    """Codes listed after the words "recovery codes": once two of them carry digits,
    every code of the list's shape is one (some draw no digit)."""
    for match in _RECOVERY.finditer(text):
        window = (match.end(), min(len(text), match.end() + RECOVERY_REACH))
        for pattern in (_CODE_LINE, _CODE_INLINE):
            group = "value" if "value" in pattern.groupindex else 0
            codes = [c for c in pattern.finditer(text, *window)]
            shapes = {re.sub(r"[A-Za-z0-9]", "x", c.group(group)) for c in codes}
            digits = sum(any(ch.isdigit() for ch in c.group(group)) for c in codes)
            if digits >= 2 and len(shapes) == 1:
                for code in codes:
                    yield "recovery-code", code.start(group), code.end(group)
                break


# -- command lines and credential files ---------------------------------------------------
# A password given to a command: the option's value, the password half of -u
# user:pass, a value glued to -p (mysql), a positional password of htpasswd -b.
_CLI = re.compile(
    r"(?:(?<=\s)|^)(?:"
    r"--(?:password|passwd|pass|pwd|token|secret|api-key|apikey|auth-token|access-token|"
    r"client-secret|http-password|proxy-password)(?:=|\s+)(?P<long>\S+)"
    r"|-(?:u|-user|U)\s+(?P<user>[^\s:]+):(?P<pair>\S+)"
    r"|-p(?P<glued>[^\s\-]\S*)"
    r"|-[pPa]\s+(?P<short>\S+)"
    r")"
)
_CLI_EXTRA = re.compile(
    r"\bhtpasswd\s+(?:-\w+\s+)*-\w*b\w*\s+(?:-\w+\s+)*\S+\s+\S+\s+(?P<value>\S+)"
    r"|\bnet\s+use\s+(?:\S+\s+)?\\\\\S+\s+(?P<netuse>[^\s/]\S*)"
    r"|/p(?:assword)?:(?P<slash>\S+)"
)


def _cli_spans(text: str) -> Iterator[Span]:
    for match in _CLI.finditer(text):
        name = next(g for g in ("long", "pair", "glued", "short") if match.group(g) is not None)
        value = match.group(name)
        start = match.start(name)
        if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 2:
            value, start = value[1:-1], start + 1
        if name == "long" and value.startswith("-"):
            continue  # --password-stdin, --password --other
        strong = name in ("long", "pair")
        if (
            looks_password(value)
            or (strong and looks_random(value, min_len=8))
            or (
                strong
                and len(value) >= 4
                and not value.startswith(("$", "<", "{", "%"))
                and not value.isdigit()
            )
        ):
            yield "password", start, start + len(value)
    for match in _CLI_EXTRA.finditer(text):
        name = next(g for g in ("value", "netuse", "slash") if match.group(g) is not None)
        value = match.group(name).strip("\"'")
        if looks_password(value, min_len=4):
            start = match.start(name) + match.group(name).index(value)
            yield "password", start, start + len(value)


# host:port:database:user:password (.pgpass); machine … login … password … (.netrc)
_PGPASS = re.compile(
    r"(?<![\w:/])(?P<host>[A-Za-z][\w.\-]*|\*):(?P<port>\d{2,5}|\*):[\w.\-*]+:[\w.\-@*]+:"
    r"(?P<value>(?:[^\s:\\]|\\.){4,})(?!\S)"
)
_NETRC = re.compile(r"(?i)\b(?:password|passwd)\s+(?P<value>[^\s#\"'`,;{}\[\]]+)")


_WORD = re.compile(r"\S+")


def _pgpass_spans(text: str) -> Iterator[Span]:
    if text.count(":") < 4:
        return
    words = (w for w in _WORD.finditer(text) if w.group(0).count(":") >= 4)
    for match in (m for w in words for m in _PGPASS.finditer(text, *w.span())):
        if not match.group("value").startswith("[REDACTED"):
            yield "password", match.start("value"), match.end("value")


def _netrc_spans(text: str) -> Iterator[Span]:
    if re.search(r"(?i)\b(?:machine|login|default)\b", text):
        for match in _NETRC.finditer(text):
            value = match.group("value")
            if looks_password(value, min_len=4) or looks_random(value, min_len=8):
                yield "password", match.start("value"), match.end("value")


# -- the other half of a pair -------------------------------------------------------------
# A random token right beside a key id already found (Twilio's SID and secret, a key
# id and its secret in one call): within this many characters on the same line.
PAIR_REACH = 80
_TOKENS = re.compile(r"[A-Za-z0-9+/_\-=.]{20,}")


def companion_spans(text: str, found: list[tuple[int, int]]) -> Iterator[Span]:
    """Random tokens of 20+ characters within :data:`PAIR_REACH` characters of a
    secret already found, on its line."""
    for start, end in found:
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        lo = max(line_start, start - PAIR_REACH)
        hi = min(len(text) if line_end < 0 else line_end, end + PAIR_REACH)
        for token in _TOKENS.finditer(text, lo, hi):
            if (token.start() >= end or token.end() <= start) and looks_random(
                token.group(0), min_len=20
            ):
                yield "secret", token.start(), token.end()


# -- a token cut in two -------------------------------------------------------------------
# A secret that ends its line (or its string literal: "…" "…", a shell "\") and
# goes on below: a mail wrapped at 76 columns, a log line split, Python's implicit
# concatenation. The piece that follows is the same secret.
_CUT = re.compile(r"[\"']?[ \t]*(?:\\[ \t]*)?(?:\r?\n[ \t>#*]*|[\"']?[ \t]*\+?[ \t]*[\"'])")
_PIECE = re.compile(r"[A-Za-z0-9+/_\-=.]{6,}")
CUT_SKIP = 4  # words of a repeated log prefix skipped before the piece


def continuation_spans(text: str, found: list[tuple[int, int, str]]) -> Iterator[Span]:
    """The rest of each secret in ``found`` (start, end, value) that was cut at a line
    end or a string literal's end."""
    for _start, end, value in found:
        cut = _CUT.match(text, end)
        if cut is None or cut.end() == end:
            continue
        line_end = text.find("\n", cut.end())
        line_end = len(text) if line_end < 0 else line_end
        separated = value[-1:] in "-_/+."
        for skipped, piece in enumerate(_PIECE.finditer(text, cut.end(), line_end)):
            if skipped > (CUT_SKIP if separated else 0):
                break
            word = piece.group(0)
            if (
                looks_random(word, min_len=8)
                or (separated and len(word) >= 12 and sum(c.isdigit() for c in word) >= 4)
                or looks_password(word, min_len=8)
            ):
                yield "secret", piece.start(), piece.end()
                break


KINDS = ("password", "passport-number", "totp-seed", "recovery-code", "secret")
DETECTORS: list[Detector] = [
    needing(_LOWER_WORDS, _foreign_spans, lower=True),
    needing(("pass", "pas", "паспорт", "护照", "パスポート", "여권"), _passport_spans, lower=True),
    needing(
        ("totp", "otp", "2fa", "mfa", "two-factor", "authenticator", "seed"),
        _totp_spans,
        lower=True,
    ),
    needing(
        ("recovery", "backup", "scratch", "emergency", "one-time"), _recovery_spans, lower=True
    ),
    needing((" -", "--", "htpasswd", "net use", "/p"), _cli_spans),
    needing((":",), _pgpass_spans),
    needing(("machine", "login", "default"), _netrc_spans, lower=True),
]
