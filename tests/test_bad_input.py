"""Bad input gets a clear error and writes nothing."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from remem import Memory, NotARememStoreError, ValidationError
from remem.config import Config

TABLES = ("memories", "resources", "audit", "vectors", "checkpoints")


def _counts(db_path: Path) -> dict[str, int]:
    with closing(sqlite3.connect(db_path)) as db:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


@pytest.fixture
def seeded(mem: Memory, db_path: Path) -> dict[str, int]:
    mem.add("an existing memory", user_id="u")
    return _counts(db_path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "empty"),
        ("   \n\t  ", "empty"),
        (b"caf\xe9 au lait", "UTF-8"),
        (b"", "empty"),
        ("nul\x00inside", "NUL"),
        ("lone \ud800 surrogate", "surrogate"),
        ("x" * (32 * 1024 + 1), "over the maximum"),
        ("é" * (16 * 1024 + 1), "over the maximum"),  # 2 bytes each: bytes, not characters
        (12345, "text"),
    ],
)
def test_bad_content_is_refused(
    mem: Memory, db_path: Path, seeded: dict[str, int], content: object, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        mem.add(content, user_id="u")  # type: ignore[arg-type]
    assert _counts(db_path) == seeded


def test_content_at_the_limit_is_accepted(mem: Memory) -> None:
    record = mem.add("x" * (32 * 1024), user_id="u")[0]
    assert len(record.content) == 32 * 1024


def test_smaller_configured_max(tmp_path: Path) -> None:
    config = Config(home=tmp_path, embedder="fake", max_content_bytes=20)
    db_path = tmp_path / "small.db"
    with Memory(db_path, config=config) as mem:
        mem.add("twenty bytes exactly", user_id="u")
        before = _counts(db_path)
        with pytest.raises(ValidationError, match="maximum of 20"):
            mem.add("twenty-one bytes here", user_id="u")
        old = mem.list(user_id="u").items[0]
        with pytest.raises(ValidationError, match="maximum of 20"):
            mem.update(old.id, "a much longer replacement text", user_id="u")
        assert _counts(db_path) == before


@pytest.mark.parametrize("importance", [-0.1, 1.5, float("nan")])
def test_bad_importance_is_refused(
    mem: Memory, db_path: Path, seeded: dict[str, int], importance: float
) -> None:
    with pytest.raises(ValidationError, match="importance"):
        mem.add("a fine sentence", user_id="u", importance=importance)
    assert _counts(db_path) == seeded


@pytest.mark.parametrize(
    "messages",
    [
        [{"role": "user", "content": "fine"}, {"role": "user", "content": "   "}],
        [{"role": "user", "content": "fine"}, {"role": "user"}],
        [{"role": "user", "content": "fine"}, "not a mapping"],
        [{"role": "user", "content": "fine"}, {"content": "bad time", "timestamp": "yesterday"}],
        [{"role": "user", "content": "fine"}, {"content": b"\xff\xfe"}],
        [],
    ],
)
def test_one_bad_message_stores_nothing_of_the_list(
    mem: Memory, db_path: Path, seeded: dict[str, int], messages: list[object]
) -> None:
    with pytest.raises(ValidationError):
        mem.add(messages, user_id="u")  # type: ignore[arg-type]
    assert _counts(db_path) == seeded


def test_bad_content_on_update_writes_nothing(
    mem: Memory, db_path: Path, seeded: dict[str, int]
) -> None:
    record = mem.list(user_id="u").items[0]
    with pytest.raises(ValidationError):
        mem.update(record.id, "  ", user_id="u")
    assert _counts(db_path) == seeded
    assert mem.get(record.id, user_id="u").status.value == "active"


def test_empty_query_is_refused(mem: Memory) -> None:
    with pytest.raises(ValidationError):
        mem.search("   ", user_id="u")
    with pytest.raises(ValidationError):
        mem.search("ok", user_id="u", limit=0)
    with pytest.raises(ValidationError, match="sources"):
        mem.search("ok", user_id="u", sources=["psychic"])


def test_embedder_failure_writes_nothing(
    mem: Memory, db_path: Path, seeded: dict[str, int]
) -> None:
    from remem.errors import ProviderError
    from remem.providers.fake import FakeEmbedder

    assert isinstance(mem.embedder, FakeEmbedder)
    mem.embedder.fail = ProviderError("embedding service down")
    with pytest.raises(ProviderError):
        mem.add("would be stored", user_id="u")
    assert _counts(db_path) == seeded


def test_corrupt_db_file_is_refused(tmp_path: Path, config: Config) -> None:
    path = tmp_path / "corrupt.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    before = path.read_bytes()
    with pytest.raises(NotARememStoreError):
        Memory(path, config=config)
    assert path.read_bytes() == before


def test_corrupt_remem_store_is_refused_and_untouched(tmp_path: Path, config: Config) -> None:
    path = tmp_path / "broken.db"
    with Memory(path, config=config) as mem:
        mem.add("soon corrupt", user_id="u")
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xab" * (len(data) - 100))  # our header, garbage pages
    before = path.read_bytes()
    with pytest.raises(NotARememStoreError, match="not a usable remem store"):
        Memory(path, config=config)
    assert path.read_bytes() == before


def test_raw_add_and_update_never_store_secrets(mem: Memory, db_path: Path) -> None:
    secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    [record] = mem.add(f"the CI deploys with {secret} from the release pipeline", user_id="a")
    assert secret not in record.content and "[REDACTED:github-token]" in record.content
    mem.update(record.id, f"the CI now deploys with {secret}x from the release job", user_id="a")
    with pytest.raises(ValidationError) as refused:
        mem.add(f"the deploy token is {secret}", user_id="a")  # the secret was the point
    assert secret not in str(refused.value)
    mem.close()
    blob = b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*"))
    assert secret.encode() not in blob
