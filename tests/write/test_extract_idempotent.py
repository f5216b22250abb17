"""An interrupted `extract` re-run gives the store an uninterrupted run gives:
messages are recognised by their key (resources.content_hash), not appended and
extracted again."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from contextlib import closing
from pathlib import Path

import pytest

from remem import Memory
from remem.config import Config

CHUNK = 10
CITIES = ["Denver", "Boston", "Lisbon", "Osaka", "Quito", "Tallinn", "Perth", "Accra"]


def _transcript(path: Path, messages: int) -> Path:
    lines = []
    for i in range(messages):
        city = CITIES[i % len(CITIES)]
        who = ("Aaron", "Maya")[i % 2]
        lines.append(f"{who}: I visited {city} on trip number {i} and loved the food market there.")
        if i % 7 == 0:
            lines.append(f"{who}: ok")  # the same short message again and again
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def _state(db: Path) -> tuple[Counter[tuple[str, str]], int, int, int]:
    with closing(sqlite3.connect(db)) as conn:
        memories = Counter(
            (r[0], r[1]) for r in conn.execute("SELECT content, status FROM memories")
        )
        resources = conn.execute("SELECT count(*) FROM resources").fetchone()[0]
        hashes = conn.execute("SELECT count(DISTINCT content_hash) FROM resources").fetchone()[0]
        extracted = conn.execute("SELECT count(*) FROM resource_extractions").fetchone()[0]
    return memories, resources, hashes, extracted


def _env(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "REMEM_HOME": str(home),
        "REMEM_EMBEDDER": "fake",
        "REMEM_EXTRACT_CHUNK_MESSAGES": str(CHUNK),
    }


def _extract(db: Path, transcript: Path, home: Path) -> subprocess.Popen[bytes]:
    code = "from remem.cli import main; main()"
    args = ["extract", str(transcript), "--user", "u", "--db", str(db), "--json"]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=_env(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _finish(run: subprocess.Popen[bytes]) -> None:
    _, err = run.communicate(timeout=300)
    assert run.returncode == 0, err.decode(errors="replace")


def _resources(db: Path) -> int:
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)) as conn:
            return int(conn.execute("SELECT count(*) FROM resources").fetchone()[0])
    except sqlite3.Error:
        return 0  # not created yet, or mid-migration


def test_killed_extract_rerun_equals_uninterrupted_run(tmp_path: Path) -> None:
    transcript = _transcript(tmp_path / "chat.txt", 400)
    home = tmp_path / "home"

    whole = tmp_path / "whole.db"
    _finish(_extract(whole, transcript, home))
    expected = _state(whole)
    total_messages = expected[1]
    assert total_messages == 400 + 58  # every message, the repeated "ok"s included
    assert expected[2] == total_messages  # one key per message, even for repeats

    killed = tmp_path / "killed.db"
    run = _extract(killed, transcript, home)
    deadline = time.monotonic() + 120
    while _resources(killed) < CHUNK:  # the first chunk has committed
        assert run.poll() is None, "extract ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.005)
    run.send_signal(signal.SIGKILL)
    run.communicate(timeout=30)
    assert run.returncode == -signal.SIGKILL
    partial = _state(killed)
    assert 0 < partial[1] < total_messages, "the kill did not interrupt the run"

    _finish(_extract(killed, transcript, home))
    assert _state(killed) == expected


def test_rerun_skips_everything_and_says_so(tmp_path: Path, config: Config) -> None:
    transcript = _transcript(tmp_path / "chat.txt", 30)
    cfg = config.model_copy(update={"extract_chunk_messages": CHUNK})
    with Memory(tmp_path / "m.db", config=cfg) as mem:
        first = mem.extract(transcript, user_id="u")
        assert first.skipped == 0 and first.resource_ids
        before = _state(tmp_path / "m.db")
        second = mem.extract(transcript, user_id="u")
        assert second.skipped == len(first.resource_ids) and second.decisions == []
        assert _state(tmp_path / "m.db") == before
        # another scope is another conversation: nothing is skipped there
        other = mem.extract(transcript, user_id="v")
        assert other.skipped == 0


def test_a_longer_transcript_adds_only_its_new_messages(tmp_path: Path, config: Config) -> None:
    short = tmp_path / "short.txt"
    longer = _transcript(tmp_path / "long.txt", 30)
    lines = longer.read_text("utf-8").splitlines()
    short.write_text("\n".join(lines[:12]) + "\n", "utf-8")
    with Memory(tmp_path / "m.db", config=config) as mem:
        mem.extract(short, user_id="u")
        report = mem.extract(longer, user_id="u")
        assert report.skipped == 12
        assert len(report.resource_ids) == len(lines) - 12


def test_the_same_words_elsewhere_in_a_conversation_are_a_new_message(
    tmp_path: Path, config: Config
) -> None:
    # a key chains the message before it: "ok" answering another question is new
    with Memory(tmp_path / "m.db", config=config) as mem:
        mem.extract("Aaron: shall we meet in Denver?\nMaya: ok\n", user_id="u")
        report = mem.extract("Aaron: shall we meet in Boston?\nMaya: ok\n", user_id="u")
        assert report.skipped == 0 and len(report.resource_ids) == 2


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Aaron: fine\nMaya: bad \x00 byte\n", "message 2 content contains a NUL"),
        (
            '{"role": "user", "content": "ok"}\n{"role": "user", "content": "a\\u0000b"}\n',
            "message 2 content contains a NUL",
        ),
    ],
)
def test_extract_refuses_what_add_refuses(
    tmp_path: Path, config: Config, text: str, error: str
) -> None:
    from remem import ValidationError

    with Memory(tmp_path / "m.db", config=config) as mem:
        before = _state(tmp_path / "m.db")
        with pytest.raises(ValidationError, match=error):
            mem.extract(text.encode(), user_id="u")
        assert _state(tmp_path / "m.db") == before


def test_extract_refuses_a_10_mb_message(tmp_path: Path, config: Config) -> None:
    from remem import ValidationError

    path = tmp_path / "huge.txt"
    path.write_text("Aaron: fine\nMaya: " + "x" * (10 * 2**20) + "\nAaron: bye\n", "utf-8")
    with Memory(tmp_path / "m.db", config=config) as mem:
        before = _state(tmp_path / "m.db")
        with pytest.raises(ValidationError, match="message 2 content is 10485760 bytes"):
            mem.extract(path, user_id="u")
        assert _state(tmp_path / "m.db") == before
