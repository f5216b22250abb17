"""Transcript parsing: every format, bad input, and bounded memory on huge files."""

from __future__ import annotations

import tracemalloc
from datetime import UTC, datetime
from pathlib import Path

import pytest

from remem.errors import ValidationError
from remem.write.transcript import (
    TranscriptFormat,
    detect_format,
    parse_timestamp,
    parse_transcript,
)

FIXTURES = Path(__file__).parent / "fixtures"


def test_plain_text_with_continuation_lines_and_timestamps() -> None:
    messages = list(parse_transcript(FIXTURES / "chat.txt"))
    assert [(m.speaker, m.role) for m in messages] == [
        ("Aaron", "user"),
        ("assistant", "assistant"),
        ("Beth", "user"),
    ]
    assert messages[0].text == "I love hiking.\nIt clears my head."
    assert messages[0].timestamp == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert messages[2].timestamp is None


def test_plain_text_given_as_a_string() -> None:
    messages = list(parse_transcript("Ann: hello there\nBen: hi"))
    assert [m.text for m in messages] == ["hello there", "hi"]


def test_jsonl_messages_with_content_blocks() -> None:
    messages = list(parse_transcript(FIXTURES / "messages.jsonl"))
    assert [m.role for m in messages] == ["user", "assistant", "tool"]
    assert messages[0].speaker == "Aaron"
    assert messages[0].timestamp == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert messages[1].text == "Nice car."
    assert messages[2].untrusted and not messages[0].untrusted


def test_json_document_with_messages_key_skips_blank_messages() -> None:
    messages = list(parse_transcript(FIXTURES / "messages.json"))
    assert [m.text for m in messages] == ["I live in Boston.", "Got it."]
    assert messages[0].timestamp is not None and messages[0].timestamp.tzinfo is UTC


def test_claude_code_session() -> None:
    messages = list(parse_transcript(FIXTURES / "claude_code.jsonl"))
    assert [(m.role, m.untrusted) for m in messages] == [
        ("user", False),
        ("assistant", False),
        ("tool", True),
        ("tool", True),
    ]
    assert messages[0].text == "Please always run ruff before committing."
    assert messages[0].session == "s1" and messages[0].ref == "u1"
    assert messages[2].text.startswith("tool_use Bash:")
    assert messages[3].text == "All checks passed!"


def test_locomo_sessions_in_order_with_dates_refs_and_captions() -> None:
    messages = list(parse_transcript(FIXTURES / "locomo_tiny.json"))
    assert [m.ref for m in messages] == ["D1:1", "D1:2", "D2:1"]
    assert messages[0].timestamp == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert messages[2].timestamp == datetime(2023, 6, 10, 9, 0, tzinfo=UTC)
    assert messages[1].caption == "a photo of tomatoes on a vine"
    assert messages[2].session == "session_2"
    assert all(m.role == "user" for m in messages)


def test_locomo_single_dict_text() -> None:
    text = (
        '{"conversation": {"speaker_a": "A", "speaker_b": "B", '
        '"session_1_date_time": "1:56 pm on 8 May, 2023", '
        '"session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "I swim."}]}}'
    )
    assert [m.text for m in parse_transcript(text)] == ["I swim."]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Aaron: hi", TranscriptFormat.PLAIN),
        ('{"role": "user", "content": "hi"}', TranscriptFormat.JSONL),
        (
            '{"type": "user", "message": {"role": "user", "content": "x"}}',
            TranscriptFormat.CLAUDE_CODE,
        ),
        ('{"conversation": {}}', TranscriptFormat.LOCOMO),
        ('[{"role": "user", "content": "hi"}]', TranscriptFormat.JSON),
    ],
)
def test_detect_format(line: str, expected: TranscriptFormat) -> None:
    assert detect_format(line) is expected


def test_explicit_format_is_honoured() -> None:
    messages = list(parse_transcript("Ann: hi", format="plain"))
    assert messages[0].speaker == "Ann"


def test_unknown_format_name_is_rejected() -> None:
    with pytest.raises(ValidationError, match="supported"):
        parse_transcript("Ann: hi", format="xml")


def test_unreadable_format_names_supported_formats() -> None:
    with pytest.raises(ValidationError, match=r"supported formats: plain, json, jsonl"):
        parse_transcript("just some prose without speakers\nmore prose")


def test_unknown_json_shape() -> None:
    with pytest.raises(ValidationError, match="unknown JSON shape"):
        parse_transcript('{"foo": 1}')


def test_empty_transcript(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n  \n")
    with pytest.raises(ValidationError, match="empty transcript"):
        parse_transcript(empty)
    with pytest.raises(ValidationError, match="empty transcript"):
        list(parse_transcript('{"messages": []}'))


def test_non_utf8_file(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"Aaron: caf\xe9 latte\n")
    with pytest.raises(ValidationError, match="not UTF-8"):
        parse_transcript(bad)


def test_non_utf8_bytes() -> None:
    with pytest.raises(ValidationError, match="not UTF-8"):
        parse_transcript(b"Aaron: caf\xe9")


def test_bad_jsonl_line_is_reported_with_its_number() -> None:
    with pytest.raises(ValidationError, match="line 2"):
        list(parse_transcript('{"role": "user", "content": "a"}\n{oops'))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56, tzinfo=UTC)),
        ("12:05 am on 1 Jan, 2024", datetime(2024, 1, 1, 0, 5, tzinfo=UTC)),
        ("2023-05-08T13:56:00+02:00", datetime(2023, 5, 8, 11, 56, tzinfo=UTC)),
        ("not a date", None),
        (None, None),
    ],
)
def test_parse_timestamp(raw: str | None, expected: datetime | None) -> None:
    assert parse_timestamp(raw) == expected


def test_huge_plain_file_streams_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    line = "Alice: " + "I walked the dog along the river and then we had coffee. " * 7 + "\n"
    size = 50 * 1024 * 1024
    with path.open("w", encoding="utf-8") as handle:
        block = line * 1000
        written = 0
        while written < size:
            handle.write(block)
            written += len(block)
    tracemalloc.start()
    try:
        count = sum(1 for _ in parse_transcript(path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == written // len(line)
    assert peak < 5 * 1024 * 1024, f"peak {peak} bytes for a {written}-byte file"
