"""Attack suite: every secret form through every write path, then the raw bytes of the
database, its WAL and shared memory, every side file (<db>.bm25, <db>.hnsw-*) and an
export directory are searched for each secret's distinctive part.

One store per path holds all forms; one pass reads every file. The last tests turn
the store's redaction off and check that the same search then finds the secrets
(so these tests can fail).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remem import Memory
from remem.cli import app
from remem.config import Config
from remem.errors import ValidationError
from remem.model import AuditEvent, Checkpoint, MemoryRecord, Resource, Scope, Summary, utcnow
from remem.secrets import redact
from remem.store import codec, lexical_file, redacting

# (text holding a secret, the distinctive part that must never reach a file).
# Some state a secret outright (rejected on the write paths), others merely hold one
# (stored redacted); either way the distinctive part must not be written.
FORMS: list[tuple[str, str]] = [
    ("deploy with AKIAZYMLOPIFQY78F5M0 to the reports bucket", "AKIAZYMLOPIFQY78F5M0"),
    (
        "our aws secret access key is UNLnY5Yx0y3RnjDQl2/Kvf8THRXfEuzcrJaBnx7I",
        "UNLnY5Yx0y3RnjDQl2",
    ),
    ("OPENAI_API_KEY=sk-proj-fDH5mMDdwin86TkVYCM7l8GQlchbkER0Af7BOfjt", "fDH5mMDdwin86TkVYCM7"),
    (
        "the batch job calls Claude with sk-ant-api03-aWQrZzhB4GZqT8hqt0pmpsLww0sAO-DGpUxjKbgRBWZRZX1V",
        "aWQrZzhB4GZqT8hqt0pm",
    ),
    ("push with ghp_nWZTRTpysCW9f4CA96qeGs6R3uYEIi75qB4s", "nWZTRTpysCW9f4CA96qe"),
    (
        "fine-grained 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g3",
        "hGImaHt8RVkGYZC7nqV2",
    ),
    ("gitlab CI variable glpat-YzzYlqDvi4i5C32SSyAJ", "YzzYlqDvi4i5C32SSyAJ"),
    ("slack bot xoxb-25434796279-721837801571-vPUaKRIrOaLuAqkiL6dzcdvG", "vPUaKRIrOaLuAqkiL6dz"),
    ("xoxp-38427063317-244518382581-VRhUi0ijIfcWGPykw3YToNMW", "VRhUi0ijIfcWGPykw3YT"),
    ("publish needs npm_9NkvXd5vZOBmtlVhjFP9HU7aoy6RYgYYpKCU", "9NkvXd5vZOBmtlVhjFP9"),
    ("HF token hf_YM34f40k441kXCxquLcLzbt8ki8a4sZJss for the model pulls", "YM34f40k441kXCxquLcL"),
    ("payments run on sk_live_hFBZecwkMRu2vQuZ19cy0rNoJjSRbW", "hFBZecwkMRu2vQuZ19cy"),
    ("the dashboard uses rk_live_38sVzAGT5XolHAdnpPqk1KgBaK8b1m", "38sVzAGT5XolHAdnpPqk"),
    (
        "mail goes out via 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",
        "ekLovBiE6NfxGkoUKFnT",
    ),
    ("twilio SK2777dc278aaf6301d1a619588096b35b sends the texts", "2777dc278aaf6301d1a6"),
    ("maps are rendered with AIzayjStHqmCd89bwojMf13ybw8u4ypIjXebbln", "yjStHqmCd89bwojMf13y"),
    (
        "cookie eyJovNqW8ePaBhQBfS2UxFB.eyJJ4yXJ5PquTwZhrHpe7coruNgr4tNNpnCQCHbMVqe.XyhVbsFW85ZTCBY7WuGpMSI733g6szXneL7rDVFvMfS",
        "J4yXJ5PquTwZhrHpe7co",
    ),
    ("Authorization: Bearer bdKfOi3AmB4QQLLbbhZunnQOgaB184sl1i0X", "bdKfOi3AmB4QQLLbbhZu"),
    ("Authorization: Basic YWRtaW46V2ludDNyLUlzLUNvbWluZw==", "YWRtaW46V2ludDNyLUlz"),
    ("the admin login uses Basic YWRtaW46V2ludDNyLUlzLUNvbWluZw==", "V2ludDNyLUlzLUNvbWlu"),
    ("connect to postgres://report:Vq7tPzR4xk@db.internal:5432/sales", "Vq7tPzR4xk"),
    ("the queue is amqp://worker:Lh2nWq8eRt@rabbit.internal/jobs", "Lh2nWq8eRt"),
    ("mirror from https://mirror:Qz5bXk2pWm@pkgs.example.com/simple", "Qz5bXk2pWm"),
    ("ftp://upload:Tr4ckSt4rZ@ftp.example.com/in", "Tr4ckSt4rZ"),
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAq7BFUgkQ9w4nPjRmLkZc\nKw1nNx1XmjIMGuJpeiG8YqL9\n-----END RSA PRIVATE KEY-----",
        "MIIEpAIBAAKCAQEAq7BFUgkQ9w4nPjRmLkZc",
    ),
    (
        "key:\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQdGBGXyz8kBEADqWv4Rb5tHn2Lm9Xc7Qp\n=ab12\n-----END PGP PRIVATE KEY BLOCK-----",
        "lQdGBGXyz8kBEADqWv4Rb5tHn2Lm9Xc7Qp",
    ),
    (
        '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\\n-----END PRIVATE KEY-----\\n"}',
        "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcw",
    ),
    ("pay with 4275 5828 2357 4162 for the hotel", "4275 5828 2357 4162"),
    ("my mastercard 5419-1614-6100-3307 expires in May", "5419-1614-6100-3307"),
    ("amex 371025649038625 is the company card", "371025649038625"),
    ("card number 6011162319986636", "6011162319986636"),
    ("2223 6123 1007 7283 is the new debit card", "2223 6123 1007 7283"),
    ("my SSN is 219-48-7731", "219-48-7731"),
    ("her social security number is 538 27 6614", "538 27 6614"),
    ("the wifi password for the office is marmaladeskyline", "marmaladeskyline"),
    ("the router admin password: 'Fjord#Lantern55'", "Fjord#Lantern55"),
    ("ssh in with password Qu1ckBr0wnF0x! from the bastion", "Qu1ckBr0wnF0x"),
    ("I set my email password to Pl4tyPus-Gr0ve", "Pl4tyPus-Gr0ve"),
    ("DB_PASSWORD=w4ffl3Iron99", "w4ffl3Iron99"),
    ("my PIN is 480913", "480913"),
    ("the alarm code for the warehouse is 731642", "731642"),
    ("passcode: 905318", "905318"),
    ("the api key for the billing export is cRpKz2x8WFWisKwS5jS6cYvK", "cRpKz2x8WFWisKwS5jS6"),
    ('client_secret: "0xI1mQA9RqlGqE1fyTAUq9MtEaJl"', "0xI1mQA9RqlGqE1fyTAU"),
    ("VAULT_TOKEN=hvs.XVIcea1nUV7aCmPHWDFOTanUcMojOB", "XVIcea1nUV7aCmPHWDFO"),
    (
        "digitalocean dop_v1_391ad65152fcdcbc836b42830bca7398d44490847d489dc2b0f7f2f9714e2b4b",
        "391ad65152fcdcbc836b42830bca7398",
    ),
]
NEEDLES = [needle for _, needle in FORMS]
LABELS = [" ".join(text.split()) for text, _ in FORMS]  # one line, for label fields
USER = "victim"


def test_the_table_is_big_enough() -> None:
    assert len(FORMS) >= 40
    assert all(needle in text for text, needle in FORMS)


# -- plumbing -----------------------------------------------------------------------
@pytest.fixture
def side_files(monkeypatch: pytest.MonkeyPatch) -> Config:
    """Side files even for small stores: the saved BM25 index from the first row and
    an HNSW graph above 0 vectors (the thresholds are lowered, nothing else)."""
    monkeypatch.setattr(lexical_file, "MIN_ROWS", 1)
    return Config(embedder="fake", ann_threshold=0)


def store_files(db: Path) -> list[Path]:
    """The database, its -wal and -shm, and every side file beside it."""
    return sorted(p for p in db.parent.glob(db.name + "*") if p.is_file())


def export_files(mem: Memory, directory: Path) -> list[Path]:
    mem.export_to(directory, embeddings=True)
    return sorted(p for p in directory.iterdir() if p.is_file())


def leaks(files: list[Path], needles: list[str] = NEEDLES) -> list[tuple[str, str]]:
    """``(needle, file name)`` for each needle found in a file's raw bytes (as written,
    or lower-cased: the BM25 index keeps lower-case terms)."""
    found = []
    for path in files:
        blob = path.read_bytes()
        low = blob.lower()
        for needle in needles:
            raw = needle.encode()
            if raw in blob or raw.lower() in low:
                found.append((needle, path.name))
    return found


def settle(mem: Memory) -> None:
    """Read once so the side files are written from what is stored."""
    mem.search("password key token card", user_id=USER)


def attempt(write: Callable[[], object]) -> None:
    """Run a write that may be refused; a refusal must not quote the secret."""
    try:
        write()
    except ValidationError as exc:
        assert not [n for n in NEEDLES if n in str(exc)], str(exc)


def check(mem: Memory, db: Path, tmp_path: Path) -> None:
    settle(mem)
    exported = export_files(mem, tmp_path / "export")
    mem.close()
    files = store_files(db)
    assert any(".bm25" in p.name for p in files), files  # the side files were written
    found = leaks(files + exported)
    assert found == [], (found, where(db, [needle for needle, _ in found]))


def where(db: Path, needles: list[str]) -> list[tuple[str, str, str]]:
    """``(table, column, value)`` of each stored text holding a needle: a failure says
    which write path stored it (a leak seen once under load was never reproduced)."""
    rows = []
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        tables = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            columns = [c[1] for c in conn.execute(f"PRAGMA table_info('{table}')")]
            for column in columns:
                for (value,) in conn.execute(f'SELECT "{column}" FROM "{table}"'):
                    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
                    if isinstance(text, str) and any(n.lower() in text.lower() for n in needles):
                        rows.append((table, column, text[:300]))
    return rows


def open_store(tmp_path: Path, config: Config, name: str) -> tuple[Memory, Path]:
    db = tmp_path / f"{name}.db"
    return Memory(db, config=config), db


# -- the write paths ----------------------------------------------------------------
def test_raw_add_content(tmp_path: Path, side_files: Config) -> None:
    mem, db = open_store(tmp_path, side_files, "raw")
    for text, _ in FORMS:
        attempt(lambda text=text: mem.add(text, user_id=USER))  # most are refused
        # ... and each also inside a note that is more than the secret: stored redacted
        [stored] = mem.add(f"{text} (logged by Aaron during the Boston offsite)", user_id=USER)
        assert "[REDACTED:" in stored.content
    attempt(
        lambda: mem.add(
            [{"role": "user", "content": t} for t, _ in FORMS], user_id=USER, infer=False
        )
    )
    check(mem, db, tmp_path)


def test_raw_add_fields(tmp_path: Path, side_files: Config) -> None:
    mem, db = open_store(tmp_path, side_files, "fields")
    stored = 0
    for i, (text, _) in enumerate(FORMS):
        mem.add(f"note {i} about the quarterly plan", user_id=USER, metadata={"src": text, text: i})
        label = LABELS[i]  # labels are one line (validation refuses control characters)
        returned = [
            *mem.add(f"filed note {i} for the plan", user_id=USER, category=label,
                     metadata={"src": text}),
            *mem.add([{"role": "user", "name": label, "content": f"message {i} on the roadmap"}],
                     user_id=USER, infer=False),
        ]  # fmt: skip
        stored += len(returned)
        assert not [n for n in NEEDLES if n in repr(returned)]  # returned as stored
        attempt(
            lambda i=i: mem.add(
                [{"role": LABELS[i], "content": f"a note {i}"}], user_id=USER, infer=False
            )
        )
        attempt(lambda i=i: mem.add(f"session note {i}", user_id=USER, session_id=LABELS[i]))
    assert stored == 2 * len(FORMS)  # category and name are redacted, not refused
    check(mem, db, tmp_path)


def test_add_infer_and_remember(tmp_path: Path, side_files: Config) -> None:
    mem, db = open_store(tmp_path, side_files, "infer")
    for text, _ in FORMS:
        mem.add(
            [{"role": "user", "name": "Aaron", "content": f"I live in Boston. {text}"}],
            user_id=USER,
            infer=True,
        )
        mem.remember(text, user_id=USER, speaker="Aaron")
        decisions = mem.remember(f"Remember that {text}", user_id=USER, speaker="Aaron")
        assert not [n for n in NEEDLES if any(n in d.fact.content for d in decisions)]
    check(mem, db, tmp_path)


def _claude_code_lines() -> Iterator[str]:
    for i, (text, _) in enumerate(FORMS):
        yield json.dumps(
            {
                "type": "user",
                "sessionId": f"s-{i}",
                "uuid": f"u-{i}",
                "message": {"role": "user", "content": [{"type": "text", "text": text}]},
            }
        )
        yield json.dumps(
            {
                "type": "assistant",
                "sessionId": f"s-{i}",
                "uuid": f"a-{i}",
                "message": {
                    "role": "assistant",
                    "content": [{"type": "tool_use", "name": "bash", "input": {"cmd": text}}],
                },
            }
        )


def test_extract_files(tmp_path: Path, side_files: Config) -> None:
    mem, db = open_store(tmp_path, side_files, "extract")
    plain = tmp_path / "chat.txt"
    plain.write_text("".join(f"Aaron: {t}\n" for t, _ in FORMS if "\n" not in t), "utf-8")
    jsonl = tmp_path / "chat.jsonl"
    jsonl.write_text(
        "".join(
            json.dumps({"role": "user", "name": label, "content": t, "id": f"m{i}"}) + "\n"
            for i, ((t, _), label) in enumerate(zip(FORMS, LABELS, strict=True))
        ),
        "utf-8",
    )
    claude = tmp_path / "session.jsonl"
    claude.write_text("\n".join(_claude_code_lines()) + "\n", "utf-8")
    for path, fmt in ((plain, "plain"), (jsonl, "jsonl"), (claude, "claude-code")):
        for dry_run in (True, False):
            report = mem.extract(path, user_id=USER, format=fmt, dry_run=dry_run)
            shown = json.dumps([d.fact.content for d in report.decisions])
            assert not [n for n in NEEDLES if n in shown]
    check(mem, db, tmp_path)


def test_update_forget_and_checkpoint(tmp_path: Path, side_files: Config) -> None:
    mem, db = open_store(tmp_path, side_files, "update")
    for i, (text, _) in enumerate(FORMS):
        [record] = mem.add(f"the quarterly plan v{i} is in the wiki", user_id=USER)
        try:
            record = mem.update(record.id, text, user_id=USER)
        except ValidationError as exc:  # refused: stating the secret was its point
            assert not [n for n in NEEDLES if n in str(exc)]
        newer = mem.update(
            record.id, f"the quarterly plan v{i}.1 is in the wiki", user_id=USER, reason=text
        )
        mem.forget(newer.id, user_id=USER, reason=text)
        point = mem.checkpoint(
            "sess",
            i,
            {
                "user_input": text,
                "tool_calls": [{"name": "shell", "args": {"cmd": text}}],
                "llm_output": text,
                "internal_state": {"note": text, text: [text]},
            },
            user_id=USER,
        )
        assert not [n for n in NEEDLES if n in repr(point)]  # returned as stored
    assert "[REDACTED:" in json.dumps(mem.recover("sess", user_id=USER).internal_state)
    check(mem, db, tmp_path)


def _poison_export(directory: Path) -> None:
    """Edit an export so every text field it holds carries the secrets."""
    blob = " | ".join(text for text, _ in FORMS)
    joined = " | ".join(LABELS)  # one line, for the fields that must be
    for path in directory.glob("*.jsonl"):
        rows = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
        for row_index, row in enumerate(rows):
            if path.name.startswith("facts-"):
                row["content"] = f"{row['content']} {blob}"
                row["category"] = LABELS[row_index % len(LABELS)]
                row["tags"] = [label for label in LABELS if len(label) <= 256]
                row["data"] = {"note": blob}
            elif path.name == "resources.jsonl":
                row["content"] = blob
                row["metadata"] = {"speaker": joined}
            elif path.name == "memory-log.jsonl":
                row["detail"] = {**row["detail"], "reason": blob}
                row["actor"] = LABELS[0]
            elif path.name == "checkpoints.jsonl":
                row["state"] = {**row["state"], "llm_output": blob}
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")


def test_import_of_an_edited_export(tmp_path: Path, side_files: Config) -> None:
    source, _ = open_store(tmp_path, Config(embedder="fake"), "source")
    source.add("the quarterly plan is in the wiki", user_id=USER)
    source.remember("Aaron lives in Boston", user_id=USER, speaker="Aaron")
    source.checkpoint("sess", 0, {"user_input": "hello"}, user_id=USER)
    export = tmp_path / "clean-export"
    source.export_to(export, embeddings=True)
    source.close()
    _poison_export(export)
    assert leaks(sorted(export.iterdir()))  # the export does hold them now
    mem, db = open_store(tmp_path, side_files, "imported")
    mem.import_from(export)
    check(mem, db, tmp_path)


def test_cli(tmp_path: Path, side_files: Config) -> None:
    """Commands as a user runs them (one in a real process); nothing they print
    holds a secret either, success or error."""
    db = tmp_path / "cli.db"
    env = {"REMEM_HOME": str(tmp_path / "home"), "REMEM_EMBEDDER": "fake", "COLUMNS": "200"}
    texts = [text for text, _ in FORMS if "\n" not in text]
    chat = tmp_path / "chat.txt"
    chat.write_text("".join(f"Aaron: {t}\n" for t in texts), "utf-8")
    runner = CliRunner()
    commands = [
        *[["add", t, "--user", USER, "--json"] for t in texts[::3]],
        *[["add", f"{t} (from the runbook)", "--user", USER] for t in texts[1::3]],
        *[["remember", t, "--user", USER, "--json"] for t in texts[::2]],
        *[["remember", t, "--user", USER] for t in texts[1::4]],
        ["extract", str(chat), "--user", USER, "--dry-run", "--json"],
        ["extract", str(chat), "--user", USER, "--dry-run"],
        ["extract", str(chat), "--user", USER],
        ["add", "quarterly plan", "--user", USER, "--session", texts[0]],
        ["list", "--user", USER, "--json", "--limit", "500"],
    ]
    for args in commands:
        result = runner.invoke(app, [*args, "--db", str(db)], env=env)
        printed = result.stdout + result.stderr
        assert result.exit_code in (0, 2) and "Traceback" not in printed, printed
        assert not [n for n in NEEDLES if n in printed], (args, printed)
    done = subprocess.run(
        [sys.executable, "-c", "from remem.cli import main; main()", "remember", texts[1],
         "--user", USER, "--json", "--db", str(db)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert not [n for n in NEEDLES if n in done.stdout + done.stderr]
    with Memory(db, config=side_files) as mem:
        check(mem, db, tmp_path)


def test_the_store_boundary_alone(tmp_path: Path, side_files: Config) -> None:
    """Every write method of the store, called directly with raw secrets (as a future
    path that forgot to redact would): the store redacts all of it, hashes the
    redacted text, and keeps no vector computed from the unredacted text."""
    mem, db = open_store(tmp_path, side_files, "direct")
    store = mem.store
    blob = " | ".join(text for text, _ in FORMS)
    scope = Scope(user_id=USER)
    vectors = mem.embedder.embed_documents([blob, "plain"])
    resource = Resource(content=blob, user_id=USER, session_id=FORMS[0][0], metadata={"n": blob})
    store.append_resource(resource)
    dirty = MemoryRecord(content=blob, user_id=USER, category=blob, tags=[blob], data={"x": blob})
    clean = MemoryRecord(content="a plain note about the plan", user_id=USER)
    store.insert_memories(
        [dirty, clean],
        vectors=vectors,
        model_id=mem.embedder.model_id,
        events=[AuditEvent(event="created", memory_id=dirty.id, actor=blob, detail={"w": blob})],
    )
    dirty.entities = [blob]
    store.update_memory(
        dirty, event=AuditEvent(event="touched", memory_id=dirty.id, detail={"w": blob})
    )
    store.link_entities(dirty.id, scope, entities=[blob], relations=[(blob, "has", blob)])
    store.put_checkpoint(Checkpoint(session_id="s", turn=0, internal_state={blob: blob}), scope)
    store.put_summary(
        scope, Summary(category=blob, content=blob, facts=1, generator=blob, created_at=utcnow())
    )
    store.mark_extracted(resource.id, blob, 1)
    assert set(store.get_vectors([dirty.id, clean.id])) == {clean.id}
    [row] = store.get_memories([dirty.id], scope)
    assert store.find_by_hash(blob, scope) is not None  # the raw text finds its redacted row
    assert row.content == redact(blob) and "[REDACTED:" in row.content
    check(mem, db, tmp_path)


# -- the suite can fail -------------------------------------------------------------
@pytest.fixture
def no_redaction(monkeypatch: pytest.MonkeyPatch) -> None:
    """The store's choke point turned off: its connection and codec stop redacting."""
    monkeypatch.setattr(redacting, "scrub_params", lambda params: params)
    monkeypatch.setattr(codec, "redact", lambda text: text)


def test_without_the_choke_point_the_side_paths_leak(
    tmp_path: Path, side_files: Config, no_redaction: None
) -> None:
    mem, db = open_store(tmp_path, side_files, "off")
    [record] = mem.add("the quarterly plan is in the wiki", user_id=USER)
    mem.forget(record.id, user_id=USER, reason=FORMS[0][0])
    [other] = mem.add("note on the plan", user_id=USER)
    mem.update(other.id, "note on the plan, v2", user_id=USER, reason=FORMS[1][0])
    mem.store.put_checkpoint(  # a path without redaction of its own
        Checkpoint(session_id="sess", turn=0, llm_output=FORMS[2][0]), Scope(user_id=USER)
    )
    mem.close()
    found = {needle for needle, _ in leaks(store_files(db))}
    assert {FORMS[0][1], FORMS[1][1], FORMS[2][1]} <= found


def test_without_the_choke_point_an_import_leaks(
    tmp_path: Path, side_files: Config, no_redaction: None
) -> None:
    source, _ = open_store(tmp_path, Config(embedder="fake"), "source")
    source.add("the quarterly plan is in the wiki", user_id=USER)
    export = tmp_path / "export"
    source.export_to(export)
    source.close()
    _poison_export(export)
    mem, db = open_store(tmp_path, side_files, "imported")
    mem.import_from(export)
    settle(mem)
    mem.close()
    assert len({needle for needle, _ in leaks(store_files(db))}) == len(NEEDLES)
