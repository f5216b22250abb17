"""Attack suite: secret forms through every public surface, on both backends, then
the whole store is searched for them.

Forms: the blind corpus's dev half (tests/fixtures/security/secrets.dev.jsonl,
written without seeing the detector: cloud and vendor tokens, JWTs, private keys,
connection strings, command lines, prose in 14 languages, IBANs, passports, TOTP
seeds, obfuscated and split secrets) and the 46 forms of test_secrets_attack.py.
Surfaces: the Python API (add: content, tags, metadata keys and values, message
names; remember; update and forget reasons; import of an edited export), REST
(add, update and forget reasons, working memory, lessons) and MCP (remember,
update, forget, working_add, correct, episodes). Each surface takes a
representative share of the forms, every form goes through at least two.

Searched afterwards: on SQLite the raw bytes of the file, its WAL and side files;
on PostgreSQL every text column of every table (and on SQLite too). A form leaks
when its secret, any ``also`` value or its ``canonical`` form is found, as written
or normalised.
"""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from tests.server.conftest import Live
from tests.storeview import Rows, dump, text_columns
from tests.test_secrets_attack import FORMS

from remem import Memory, ValidationError
from remem.textnorm import strip_invisible

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)
FIXTURES = Path(__file__).parent.parent / "fixtures" / "security"
USER = "alice"  # the scope of the service's keys (server/conftest.py)


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKC", strip_invisible(text))


def _corpus() -> list[tuple[str, list[str]]]:
    """``(text, values that must not be stored)`` for every form."""
    forms: list[tuple[str, list[str]]] = []
    for line in (FIXTURES / "secrets.dev.jsonl").read_text("utf-8").splitlines():
        row = json.loads(line)
        values = [row["secret"], *row.get("also", [])]
        if len(row.get("canonical") or "") >= 6:
            values.append(row["canonical"])
        forms.append((row["text"], values))
    forms += [(text, [needle]) for text, needle in FORMS]
    return forms


CORPUS = _corpus()


def test_the_suite_is_big_enough() -> None:
    assert len(CORPUS) >= 170


def _needles(values: list[str]) -> set[str]:
    return {v for value in values for v in (value, _plain(value)) if v.strip()}


def leaks(stored: str, raw: bytes, forms: list[tuple[str, list[str]]]) -> list[str]:
    """The texts whose values are found: in ``stored`` (every text column, and its
    normalised copy; short values only as whole words) or in ``raw`` (file bytes;
    values of 8+ characters, as written or lower-cased as the BM25 index keeps terms)."""
    plain = _plain(stored)
    low = raw.lower()
    found = []
    for text, values in forms:
        for needle in _needles(values):
            if len(needle) < 8:
                # a whole word, but not the fraction of a number: a stored timestamp's
                # microseconds ("09:14:02.905318") or a score ("0.905318") hold any six
                # digits now and then (2,000 of them per run: ~1 run in 60 failed)
                pattern = rf"(?<![0-9A-Za-z])(?<![0-9]\.){re.escape(needle)}(?![0-9A-Za-z])"
                hit = bool(re.search(pattern, stored) or re.search(pattern, plain))
            else:
                blob = needle.encode()
                hit = needle in stored or needle in plain or blob in raw or blob.lower() in low
            if hit:
                found.append(text[:60])
                break
    return found


def everything(target: str | Path, rows: Rows, backend: str) -> tuple[str, bytes]:
    """Every text column's values, and on SQLite the bytes of every file of the store."""
    stored = "\n".join(v for _, _, v in dump(rows, text_columns(rows, backend)))
    if isinstance(target, str):
        return stored, b""
    files = sorted(p for p in target.parent.glob(target.name + "*") if p.is_file())
    return stored, b"".join(p.read_bytes() for p in files)


def attempt(write: Any) -> Any:
    """A write that may be refused (it stated a secret); a refusal quotes none."""
    try:
        return write()
    except ValidationError as refused:
        assert not leaks(str(refused), b"", CORPUS)
        return None


def share(step: int, offset: int = 0) -> list[tuple[str, list[str]]]:
    return CORPUS[offset::step]


def one_line(text: str, limit: int = 256) -> str | None:
    line = " ".join(text.split())
    return line if len(line) <= limit else None


# -- the surfaces ------------------------------------------------------------------------
def through_the_api(mem: Memory, tmp_path: Path) -> None:
    for text, _ in share(3):
        attempt(lambda text=text: mem.add(text, user_id=USER))
    mem.add(
        "a note on the quarterly plan",
        user_id=USER,
        metadata={f"form {i}": text for i, (text, _) in enumerate(CORPUS)},
    )
    labels = [label for text, _ in CORPUS if (label := one_line(text))]
    for start in range(0, len(labels), 50):
        mem.add(f"a tagged note {start}", user_id=USER, tags=labels[start : start + 50])
    mem.add(
        [{"role": "user", "content": text} for text, _ in share(3, 1)],
        user_id=USER,
        infer=True,
    )
    names = [label for text, _ in share(3) if (label := one_line(text, 128))]
    mem.add([{"role": "user", "name": n, "content": "on the roadmap"} for n in names],
            user_id=USER, infer=False)  # fmt: skip
    for i, (text, _) in enumerate(share(4)):
        [record] = mem.add(f"the plan v{i} is in the wiki", user_id=USER)
        newer = mem.update(record.id, f"the plan v{i}.1 is in the wiki", user_id=USER, reason=text)
        mem.forget(newer.id, user_id=USER, reason=text)


def through_an_import(mem: Memory, tmp_path: Path) -> None:
    source = Memory(tmp_path / "source.db", config=mem.config)
    source.add("the quarterly plan is in the wiki", user_id=USER)
    source.checkpoint("sess", 0, {"user_input": "hello"}, user_id=USER)
    export = tmp_path / "export"
    source.export_to(export)
    source.close()
    blob = " | ".join(text for text, _ in CORPUS)
    for path in export.glob("*.jsonl"):
        rows = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
        for row in rows:
            if path.name.startswith("facts-"):
                row["content"] = f"{row['content']} {blob}"
                row["data"] = {"note": blob}
            elif path.name == "resources.jsonl":
                row["content"], row["metadata"] = blob, {"note": blob}
            elif path.name == "memory-log.jsonl":
                row["detail"] = {**row["detail"], "reason": blob}
            elif path.name == "checkpoints.jsonl":
                row["state"] = {**row["state"], "llm_output": blob}
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    mem.import_from(export)
    shutil.rmtree(export)


def through_rest(live: Live) -> None:
    with live.client(live.key("writer", rate=100_000)) as client:
        for i, (text, _) in enumerate(share(12, 2)):
            client.post("/v1/memories", json={"content": text})  # 201, or 422 if refused
            made = client.post(
                "/v1/memories", json={"content": f"rest note {i}", "metadata": {"n": text}}
            )
            assert made.status_code == 201, made.text
            memory_id = made.json()["memories"][0]["id"]
            newer = client.patch(
                f"/v1/memories/{memory_id}", json={"content": f"rest note {i}.1", "reason": text}
            )
            assert newer.status_code == 200, newer.text
            gone = client.delete(f"/v1/memories/{newer.json()['id']}", params={"reason": text})
            assert gone.status_code == 200, gone.text
            client.post("/v1/working", json={"content": text, "session_id": "rest-s"})
            client.post("/v1/lessons", json={"text": text})


def through_mcp(mem: Memory) -> None:
    from mcp import Client

    from remem import mcp as remem_mcp
    from remem.app import agent_for
    from remem.model import Scope

    server = remem_mcp.build_server(agent_for(mem, Scope(user_id=USER)), session_id="mcp-s")

    async def session() -> None:
        async with Client(server) as client:
            call = client.call_tool
            for i, (text, _) in enumerate(share(15, 5)):
                await call("remember", {"content": text})
                await call("working_add", {"content": text})
                await call("correct", {"correction": text})
                stored = await call("remember", {"content": f"Remember the mcp note {i} on Skye"})
                ids = [d["memory_id"] for d in stored.structured_content["decisions"]]  # type: ignore[index]
                for memory_id in filter(None, ids):
                    await call("forget", {"memory_id": memory_id, "reason": text})
                episode = await call("episode_start", {"task": f"deploy {i}", "context": text})
                episode_id = episode.structured_content["episode"]["id"]  # type: ignore[index]
                await call("episode_end", {"episode_id": episode_id, "success": True,
                                           "learnings": [text], "failure_modes": [text]})  # fmt: skip

    anyio.run(session)


# -- the test ----------------------------------------------------------------------------
@pytest.fixture
def service_mem(live: Live) -> Iterator[Memory]:
    """A Memory on the service's own store (the same file or PostgreSQL schema)."""
    with Memory(config=live.config) as mem:
        yield mem


def test_no_form_reaches_the_store_on_any_surface(
    live: Live,
    service_mem: Memory,
    tmp_path: Path,
    store_target: str | Path,
    store_rows: Rows,
    store_backend: str,
) -> None:
    pytest.importorskip("mcp")
    through_an_import(service_mem, tmp_path)  # first: an import needs an empty store
    through_the_api(service_mem, tmp_path)
    through_rest(live)
    through_mcp(service_mem)
    service_mem.search("password key token", user_id=USER)  # side files from stored rows
    service_mem.close()
    stored, raw = everything(store_target, store_rows, store_backend)
    assert "[REDACTED:" in stored
    assert leaks(stored, raw, CORPUS) == []
