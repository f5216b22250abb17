"""The context block: format, hard token budget (property-based), query rewrite
from messages, and injection recorded as surfacing, never as a reference."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from remem import Memory
from remem.model import MemoryRecord, SearchHit
from remem.read.inject import HEADER, build_context, format_line, rewrite_query
from remem.read.tokens import MINILM_TOKENIZER, default_counter

NOW = datetime(2024, 6, 1, tzinfo=UTC)
COUNTER = default_counter()

_words = st.text(
    alphabet=st.characters(codec="utf-8", categories=["L", "N", "P", "Zs"]), min_size=1, max_size=12
)


@st.composite
def hit_lists(draw: st.DrawFn) -> list[SearchHit]:
    n = draw(st.integers(0, 25))
    out = []
    for _ in range(n):
        words = draw(st.lists(_words, min_size=1, max_size=40))
        record = MemoryRecord(
            content=" ".join(words),
            confidence=draw(st.floats(0, 1)),
            category=draw(st.sampled_from([None, "work", "health", "preference"])),
            created_at=NOW - timedelta(days=draw(st.integers(0, 3000))),
        )
        hit = SearchHit(memory=record, score=draw(st.floats(0, 1)))
        hit.explain["tags"] = draw(st.lists(st.sampled_from(["conflict", "stale"]), unique=True))
        out.append(hit)
    return out


@settings(max_examples=60, deadline=None)
@given(hits=hit_lists(), max_tokens=st.integers(1, 400), max_items=st.integers(1, 12))
def test_budget_is_never_exceeded(hits: list[SearchHit], max_tokens: int, max_items: int) -> None:
    block = build_context(hits, max_tokens=max_tokens, max_items=max_items, now=NOW)
    assert COUNTER.count(block.text) == block.tokens <= max_tokens
    assert len(block.items) <= max_items
    assert block.tokenizer == MINILM_TOKENIZER
    assert block.omitted == len(hits) - len(block.items)
    if block.items:
        lines = block.text.split("\n")
        assert lines[0] == HEADER
        assert lines[1:] == [item.line for item in block.items]
        scores = [item.score for item in block.items]
        assert scores == sorted(scores, reverse=True)
    else:
        assert block.text == "" and block.tokens == 0
    # greedy by score: anything left out would not have fitted (or the item cap was hit)
    if len(block.items) < max_items:
        used = block.tokens if block.items else COUNTER.count(HEADER)
        chosen = {item.memory_id for item in block.items}
        for hit in hits:
            if hit.memory.id not in chosen:
                assert used + COUNTER.count(format_line(hit, now=NOW)) > max_tokens


def test_line_format() -> None:
    record = MemoryRecord(
        content="Aaron  prefers\ndark mode",
        confidence=0.9,
        category="preference",
        created_at=NOW - timedelta(days=3, hours=2),
    )
    hit = SearchHit(memory=record, score=1.0, explain={"tags": ["conflict", "stale"]})
    assert format_line(hit, now=NOW) == (
        "~ Aaron prefers dark mode (confidence: 0.9; age: 3d; preference) [conflict] [stale]"
    )
    record.category, record.valid_from = None, NOW - timedelta(days=400)
    assert format_line(SearchHit(memory=record, score=1.0), now=NOW) == (
        "~ Aaron prefers dark mode (confidence: 0.9; age: 13mo)"
    )


def test_rewrite_combines_last_user_message_with_earlier_context() -> None:
    messages = [
        {"role": "user", "content": "I went to Melanie's pottery class in Boston."},
        {"role": "assistant", "content": "Lovely! What did you make?"},
        {"role": "user", "content": "What did she think of it?"},
    ]
    query = rewrite_query(messages)
    assert query.startswith("What did she think of it?")
    assert "Melanie's" in query and "Boston" in query and "pottery" in query
    assert rewrite_query(messages) == query  # deterministic
    only = rewrite_query([{"role": "user", "content": "hello there"}])
    assert only == "hello there"


def test_context_records_surfacing_not_references(mem: Memory) -> None:
    kept = mem.add("Aaron prefers dark mode in his editor", user_id="aaron")[0]
    mem.add("Aaron walks his dog every morning", user_id="aaron")
    block = mem.context("which editor theme does Aaron like", user_id="aaron")
    assert block.text.startswith(HEADER + "\n~ ")
    assert block.tokens == COUNTER.count(block.text) <= mem.config.context_max_tokens
    ids = [item.memory_id for item in block.items]
    assert kept.id in ids
    after = mem.get(kept.id, user_id="aaron")
    assert after.surface_count == 1
    assert after.reference_count == 0 and after.last_referenced_at is None
    # An injection counts one access (a usage signal), but is not a reference.
    assert after.access_count == 1 and after.updated_at == kept.updated_at
    injected = [e for e in mem.history(kept.id, user_id="aaron") if e.event == "injected"]
    assert len(injected) == 1 and injected[0].detail["position"] == ids.index(kept.id) + 1
    mem.context("which editor theme does Aaron like", user_id="aaron", record=False)
    unrecorded = mem.get(kept.id, user_id="aaron")
    assert unrecorded.surface_count == 1 and unrecorded.access_count == 1


def test_context_from_messages_budget_and_scope(mem: Memory) -> None:
    for i in range(12):
        mem.add(f"Melanie made a clay bowl number {i} at her pottery class", user_id="u")
    mem.add("Melanie's pottery class secret from another user", user_id="other")
    messages = [
        {"role": "user", "content": "Melanie took a pottery class last month"},
        {"role": "assistant", "content": "Nice."},
        {"role": "user", "content": "what did she make?"},
    ]
    block = mem.context(messages, user_id="u", max_tokens=60, max_items=5)
    assert 1 <= len(block.items) <= 5
    assert block.tokens == COUNTER.count(block.text) <= 60
    assert "another user" not in block.text
    assert "Melanie" in block.query
    tiny = mem.context("pottery", user_id="u", max_tokens=3)
    assert not tiny and tiny.text == "" and tiny.tokens == 0


def test_empty_store_gives_an_empty_block(mem: Memory) -> None:
    block = mem.context("anything", user_id="nobody")
    assert block.text == "" and block.items == () and block.tokens == 0
