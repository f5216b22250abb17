"""The Memory API: add, get, list, update (versions), forget, history, checkpoints."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from remem import ListFilter, Memory, NotFoundError, Status, ValidationError
from remem.model import Kind, Scope

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)
Rows = Callable[..., list[tuple[Any, ...]]]  # the store_rows fixture


def _count(rows: Callable[..., list[tuple[Any, ...]]], table: str) -> int:
    return int(rows(f"SELECT count(*) FROM {table}")[0][0])


# -- add -----------------------------------------------------------------------------------
def test_add_text_keeps_it_verbatim_and_links_its_resource(mem: Memory) -> None:
    [record] = mem.add(
        "  Aaron prefers dark mode in every editor  ",
        user_id="aaron",
        agent_id="helper",
        session_id="s1",
        category="preference",
        importance=0.8,
    )
    assert record.content == "Aaron prefers dark mode in every editor"
    assert (record.user_id, record.agent_id, record.namespace) == ("aaron", "helper", None)
    assert record.status is Status.ACTIVE
    assert record.importance == 0.8
    assert record.category == "preference"
    assert record.source_resource_id is not None
    resource = mem.store.get_resource(record.source_resource_id, Scope(user_id="aaron"))
    assert resource is not None
    assert resource.content == record.content
    assert resource.kind == "text"
    assert resource.session_id == "s1"
    stored = mem.get(record.id, user_id="aaron")
    assert stored.content == record.content
    assert stored.created_at == record.created_at
    assert stored.source_resource_id == record.source_resource_id


def test_add_messages_keeps_role_name_and_when_it_was_said(mem: Memory) -> None:
    said = datetime(2023, 5, 4, 10, 30, tzinfo=UTC)
    records = mem.add(
        [
            {"role": "user", "name": "Ann", "content": "I moved to Lisbon", "timestamp": said},
            {
                "role": "assistant",
                "content": "Noted, Lisbon it is",
                "timestamp": "2023-05-04T10:31:00+00:00",
            },
        ],
        user_id="ann",
        session_id="chat-1",
        infer=False,
    )
    assert [r.role for r in records] == ["user", "assistant"]
    assert records[0].valid_from == said
    assert records[1].valid_from == datetime(2023, 5, 4, 10, 31, tzinfo=UTC)
    for record in records:
        assert record.valid_from != record.created_at
        assert record.created_at.year >= 2024
        stored = mem.get(record.id, user_id="ann")
        assert stored.valid_from == record.valid_from
        assert stored.session_id == "chat-1"
    first = mem.store.get_resource(records[0].source_resource_id or "", Scope(user_id="ann"))
    assert first is not None
    assert first.kind == "message"
    assert first.role == "user"
    assert first.metadata == {"name": "Ann"}
    assert first.occurred_at == said
    assert records[0].source_resource_id != records[1].source_resource_id


# -- get / list ----------------------------------------------------------------------------
def test_list_pages_newest_first(mem: Memory) -> None:
    ids = [mem.add(f"fact number {i}", user_id="u")[0].id for i in range(7)]
    mem.add("someone else's fact", user_id="v")
    newest_first = list(reversed(ids))
    seen: list[str] = []
    for offset in (0, 3, 6):
        page = mem.list(user_id="u", offset=offset, limit=3)
        assert page.total == 7
        assert (page.offset, page.limit) == (offset, 3)
        seen += [r.id for r in page.items]
    assert seen == newest_first
    assert mem.list(user_id="u", offset=7, limit=3).items == []


def test_list_filters_by_status_kind_and_category(mem: Memory) -> None:
    a = mem.add("a work decision", user_id="u", category="work", kind="episodic")[0]
    b = mem.add("a health note", user_id="u", category="health")[0]
    c = mem.add("a forgotten note", user_id="u", category="work")[0]
    mem.forget(c.id, user_id="u")

    def ids(**kw: object) -> set[str]:
        page = mem.list(user_id="u", filters=ListFilter(**kw))  # type: ignore[arg-type]
        return {r.id for r in page.items}

    assert ids() == {a.id, b.id}
    assert ids(statuses=("forgotten",)) == {c.id}
    assert ids(statuses=("active", "forgotten")) == {a.id, b.id, c.id}
    assert ids(kinds=("episodic",)) == {a.id}
    assert ids(categories=("work",)) == {a.id}
    assert ids(categories=("work",), statuses=("active", "forgotten")) == {a.id, c.id}
    assert mem.list(user_id="u", filters=ListFilter(categories=("health",))).total == 1


def test_list_refuses_bad_paging(mem: Memory) -> None:
    with pytest.raises(ValidationError):
        mem.list(user_id="u", offset=-1)
    with pytest.raises(ValidationError):
        mem.list(user_id="u", limit=0)


# -- update --------------------------------------------------------------------------------
def test_update_makes_a_new_version_and_keeps_the_old(mem: Memory, store_rows: Rows) -> None:
    old = mem.add("Aaron drives a blue Corolla", user_id="aaron", category="vehicle")[0]
    new = mem.update(old.id, "Aaron drives a red Tesla", user_id="aaron", reason="sold it")
    assert new.id != old.id
    assert new.supersedes == old.id
    assert new.status is Status.ACTIVE
    assert new.category == "vehicle"
    assert new.content == "Aaron drives a red Tesla"

    before = mem.get(old.id, user_id="aaron")
    assert before.status is Status.SUPERSEDED
    assert before.superseded_by == new.id
    assert before.valid_to is not None
    assert before.content == "Aaron drives a blue Corolla"
    row = store_rows("SELECT content, status FROM memories WHERE id = ?", (old.id,))
    assert row == [("Aaron drives a blue Corolla", "superseded")]

    hits = mem.search("Aaron drives", user_id="aaron")
    assert [h.memory.id for h in hits] == [new.id]
    everything = mem.search("Aaron drives", user_id="aaron", include_history=True)
    assert {h.memory.id for h in everything} == {old.id, new.id}
    assert mem.list(user_id="aaron").total == 1


def test_update_may_change_listed_fields_only(mem: Memory) -> None:
    old = mem.add("the team meets on Monday", user_id="u")[0]
    new = mem.update(old.id, "the team meets on Tuesday", user_id="u", importance=0.9, tags=["x"])
    assert (new.importance, new.tags) == (0.9, ["x"])
    with pytest.raises(ValidationError, match="cannot change status"):
        mem.update(new.id, "the team meets on Friday", user_id="u", status="forgotten")
    assert mem.get(new.id, user_id="u").status is Status.ACTIVE


def test_update_of_a_superseded_version_is_refused(mem: Memory) -> None:
    old = mem.add("version one", user_id="u")[0]
    mem.update(old.id, "version two", user_id="u")
    with pytest.raises(ValidationError, match="superseded"):
        mem.update(old.id, "version three", user_id="u")


# -- forget --------------------------------------------------------------------------------
def test_forget_hides_from_search_but_stays_gettable(mem: Memory) -> None:
    record = mem.add("the wifi password is on the fridge", user_id="u")[0]
    assert mem.search("wifi password", user_id="u")
    forgotten = mem.forget(record.id, user_id="u", reason="moved out")
    assert forgotten.status is Status.FORGOTTEN
    assert mem.search("wifi password", user_id="u") == []
    assert mem.get(record.id, user_id="u").status is Status.FORGOTTEN
    assert mem.list(user_id="u").total == 0
    events = mem.history(record.id, user_id="u")
    assert [e.event for e in events] == ["created", "forgotten"]
    assert events[-1].detail["reason"] == "moved out"
    assert events[-1].detail["from_status"] == "active"


def test_history_follows_the_version_chain(mem: Memory) -> None:
    v1 = mem.add("lives in Porto", user_id="u")[0]
    v2 = mem.update(v1.id, "lives in Lisbon", user_id="u")
    v3 = mem.update(v2.id, "lives in Madrid", user_id="u")
    mem.forget(v3.id, user_id="u")
    events = mem.history(v3.id, user_id="u")
    assert [(e.event, e.memory_id) for e in events] == [
        ("created", v1.id),
        ("created", v2.id),
        ("superseded", v1.id),
        ("created", v3.id),
        ("superseded", v2.id),
        ("forgotten", v3.id),
    ]
    assert [e.at for e in events] == sorted(e.at for e in events)
    # history of an older version shows that version's chain only
    assert [e.event for e in mem.history(v1.id, user_id="u")] == ["created", "superseded"]


def test_unknown_ids_raise_not_found(mem: Memory, store_rows: Rows) -> None:
    mem.add("something", user_id="u")
    before = _count(store_rows, "audit"), _count(store_rows, "memories")
    for call in (
        lambda: mem.get("nope", user_id="u"),
        lambda: mem.update("nope", "new text", user_id="u"),
        lambda: mem.forget("nope", user_id="u"),
        lambda: mem.history("nope", user_id="u"),
    ):
        with pytest.raises(NotFoundError, match="nope"):
            call()
    assert (_count(store_rows, "audit"), _count(store_rows, "memories")) == before


# -- checkpoints ---------------------------------------------------------------------------
def test_checkpoint_replay_and_recover(mem: Memory) -> None:
    mem.checkpoint(
        "sess",
        0,
        {"user_input": "hi", "internal_state": {"plan": "greet", "step": 0}},
        agent_id="bot",
    )
    mem.checkpoint(
        "sess",
        1,
        {"user_input": "book a flight", "tool_calls": [{"name": "search"}], "llm_output": "ok"},
        agent_id="bot",
    )
    mem.checkpoint(
        "sess",
        2,
        {"user_input": "to Oslo", "internal_state": {"step": 2, "city": "Oslo"}},
        agent_id="bot",
    )

    at1 = mem.replay("sess", 1, agent_id="bot")
    assert (at1.turn, at1.user_input, at1.llm_output) == (1, "book a flight", "ok")
    assert at1.tool_calls == [{"name": "search"}]
    assert at1.internal_state == {"plan": "greet", "step": 0}

    at2 = mem.replay("sess", 2, agent_id="bot")
    assert at2.internal_state == {"plan": "greet", "step": 2, "city": "Oslo"}
    assert at2.tool_calls is None

    last = mem.recover("sess", agent_id="bot")
    assert last is not None
    assert (last.turn, last.user_input) == (2, "to Oslo")
    assert last.internal_state == at2.internal_state
    assert mem.replay("sess", 99, agent_id="bot").turn == 2
    assert mem.recover("other-session", agent_id="bot") is None


def test_checkpoint_same_turn_twice_is_refused(mem: Memory) -> None:
    mem.checkpoint("s", 0, {"user_input": "first"}, user_id="u")
    with pytest.raises(ValidationError, match="never overwritten"):
        mem.checkpoint("s", 0, {"user_input": "second"}, user_id="u")
    assert mem.replay("s", 0, user_id="u").user_input == "first"


def test_checkpoint_scope_is_enforced(mem: Memory) -> None:
    mem.checkpoint("s", 0, {"user_input": "private"}, user_id="alice")
    with pytest.raises(NotFoundError):
        mem.replay("s", 0, user_id="bob")
    assert mem.recover("s", user_id="bob") is None
    with pytest.raises(ValidationError, match="scope"):
        mem.checkpoint("s", 1, {"user_input": "x"})
    with pytest.raises(ValidationError, match="scope"):
        mem.replay("s", 0)
    with pytest.raises(ValidationError, match="scope"):
        mem.recover("s")


def test_checkpoint_refuses_unknown_keys_and_bad_state(mem: Memory, store_rows: Rows) -> None:
    with pytest.raises(ValidationError, match="secret_sauce"):
        mem.checkpoint("s", 0, {"user_input": "x", "secret_sauce": 1}, user_id="u")
    with pytest.raises(ValidationError, match="JSON"):
        mem.checkpoint("s", 0, {"internal_state": {"when": object()}}, user_id="u")
    with pytest.raises(ValidationError):
        mem.checkpoint("s", -1, {}, user_id="u")
    with pytest.raises(ValidationError):
        mem.checkpoint("", 0, {}, user_id="u")
    assert _count(store_rows, "checkpoints") == 0


def test_kind_is_stored(mem: Memory) -> None:
    record = mem.add("always run the tests before pushing", user_id="u", kind="procedural")[0]
    assert mem.get(record.id, user_id="u").kind is Kind.PROCEDURAL
