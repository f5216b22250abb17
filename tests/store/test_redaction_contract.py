"""The store's one redaction choke point, on both backends, over every text column.

Every write method of the store is called directly with raw secrets in every text
field it takes (as a future write path that forgot to redact would). Then:

- no planted secret is anywhere in the database (every column of every table; on
  SQLite also the raw bytes of the file and its WAL);
- every text column of the schema, read from the live database (not from a list
  kept here), either received a planted secret (it now holds a ``[REDACTED:``
  marker) or is listed in ``NO_CALLER_TEXT`` with the reason no caller's text can
  reach it. A column added later fails here until a planting covers it or a reason
  is given.

The last test turns the choke point off and sees the same dump find the secrets.
"""

from __future__ import annotations

import random
import string
from contextlib import suppress
from datetime import date, timedelta
from pathlib import Path

import numpy as np
import pytest

from remem import ConflictError, Memory
from remem.model import (
    AgentSession,
    ApiKey,
    AuditEvent,
    Checkpoint,
    Injected,
    KeyRole,
    MemoryRecord,
    Resource,
    Scope,
    Summary,
    Trigger,
    TurnCost,
    WorkingItem,
    utcnow,
)
from remem.store import codec, redacting
from remem.store.base import PackedTokens
from remem.store.protocol_lifecycle import FieldChange, ScoreChange
from storeview import Rows, dump, text_columns

BACKENDS = ("sqlite", "postgres")  # the store contract: both backends (conftest)

# Text columns no caller's text can reach, and why. Everything else must be reached.
_TIMES = "a time remem formats itself (codec.ts)"
_ENUM = "a member of a closed enum (remem.model), refused otherwise"
_NOT_SCRUBBED_TABLES = {
    # SQLite's own tables, and FTS5's, which it derives from memories' (redacted) columns
    "sqlite_sequence": "SQLite's own autoincrement counters",
    "memories_fts": "FTS5 index fed by triggers from memories' redacted columns",
    "memories_fts_config": "FTS5 internals",
    "memories_fts_data": "FTS5 internals",
    "memories_fts_docsize": "FTS5 internals",
    "memories_fts_idx": "FTS5 internals (terms of memories' redacted columns)",
    "memories_fts_content": "FTS5 internals",
    "schema_migrations": "migration names and times from remem's code",
    "erase_guard": "remem's own constant tokens",
}
NO_CALLER_TEXT: dict[tuple[str, str], str] = {
    **{(t, c): _ENUM for t in ("memories",) for c in (
        "kind", "tier", "strength", "sentiment", "source_trust", "visibility", "status")},
    ("working_memory", "source_trust"): _ENUM,
    ("triggers", "status"): _ENUM,
    ("api_keys", "role"): _ENUM,
    ("memories", "content_hash"): "SHA-256 hex of the redacted content (codec.content_hash)",
    ("resources", "content_hash"): "SHA-256 hex of the redacted content",
    ("entities", "type"): "always NULL: nothing writes an entity type",
    ("triggers", "id"): "remem-made (new_id): no surface names a new trigger's id",
    ("meta", "value"): "numbers, remem's JSON marks and its random erase key (hex)",
}  # fmt: skip
_TIME_COLUMNS = {
    "at",
    "now",
    "valid_from",
    "valid_to",
    "trigger_date",
    "lock_until",
    "purge_candidate_since",
}

MARK = "[REDACTED:"


class Planter:
    """A fresh secret (a vendor token of one of a few kinds) for each field planted."""

    def __init__(self) -> None:
        self._rng = random.Random(7)
        self.needles: list[str] = []

    def _chars(self, alphabet: str, n: int) -> str:
        return "".join(self._rng.choice(alphabet) for _ in range(n))

    def __call__(self) -> str:
        alnum = string.ascii_letters + string.digits
        kind = len(self.needles) % 4
        if kind == 0:
            token = "ghp_" + self._chars(alnum, 36)
        elif kind == 1:
            token = "AKIA" + self._chars(string.ascii_uppercase + string.digits, 16)
        elif kind == 2:
            token = "glpat-" + self._chars(alnum, 20)
        else:
            token = "xoxb-" + self._chars(string.digits, 11) + "-" + self._chars(alnum, 24)
        self.needles.append(token)
        return token

    def text(self) -> str:
        return f"deploy with {self()} to the staging bucket"


def plant_everywhere(mem: Memory) -> Planter:
    """Call each write method of the store with raw secrets in every text field."""
    s = Planter()
    store = mem.store
    scope = Scope(user_id="u")
    now = utcnow()
    res = Resource(
        content=s.text(), user_id="u", session_id=s(), role=s(), kind=s(), metadata={s(): s()}
    )
    store.append_resource(res)
    rec = MemoryRecord(
        content=s.text(),
        user_id="u",
        role=s(),
        session_id=s(),
        category=s(),
        tags=[s()],
        entities=[s()],
        supersedes=s(),
        superseded_by=s(),
        source_resource_id=s(),
        extractor_version=s(),
        data={s(): [s()], "episode": {"goal": s(), "actions": [{"tool": s()}], "learn": [s()]}},
    )
    other = MemoryRecord(content="a plain note on the plan", user_id="u")
    by_id = MemoryRecord(id=s(), content="another plain note", user_id="u")
    store.insert_memories(
        [rec, other, by_id],
        vectors=None,
        model_id=None,
        events=[AuditEvent(event=s(), memory_id=s(), actor=s(), detail={s(): s()})],
    )
    rec.tags = [s()]
    store.update_memory(rec, event=AuditEvent(event="updated", memory_id=rec.id, actor=s()))
    store.link_entities(rec.id, scope, entities=[s()], relations=[(s(), s(), s())])
    store.mark_extracted(res.id, s(), 1)
    store.put_checkpoint(
        Checkpoint(
            session_id=s(), turn=0, user_input=s(), tool_calls=[{s(): s()}],
            llm_output=s(), internal_state={s(): s()},
        ),
        scope,
    )  # fmt: skip
    store.put_summary(
        scope,
        Summary(
            category=s(), content=s.text(), facts=1, generator=s(), created_at=now, sources=(s(),)
        ),
    )
    store.add_triggers(
        [
            Trigger(
                trigger_date=date.today(), message=s.text(), user_id="u", session_id=s(),
                phrase=s(), memory_ids=[s()], provenance={"excerpt": s.text(), "by": s()},
            )
        ]
    )  # fmt: skip
    store.add_api_key(ApiKey(id=s(), digest=b"\x01" * 32, role=KeyRole.READER, name=s()))
    injected = Injected(memory_id=s(), content_hash=s(), tokens=3, part=s(), context=(s(),))
    with suppress(ConflictError):  # read back by the raw id: not found, refused
        store.open_session(AgentSession(session_id=s(), user_id="u", opening=s(), data={s(): s()}))
    store.open_session(AgentSession(session_id="sess", user_id="u"))
    store.update_session("sess", scope, opening=s.text(), data={s(): s()})
    store.add_injected("sess", scope, [injected], keep=10)
    store.add_turn_cost(TurnCost(session_id=s(), turn=1, op=s(), at=now), scope)
    store.add_pending(s(), scope, {s(): [s()]}, {"n": 1}, at=now)
    store.add_working(
        WorkingItem(
            content=s.text(), session_id=s(), user_id="u", role=s(), data={s(): s()},
            promoted_to=s(), carried_from=s(), expires_at=now + timedelta(hours=1),
        ),
        capacity=10,
        now=now,
    )  # fmt: skip
    job, owner = s(), s()
    assert store.acquire_job(job, owner, until=now + timedelta(minutes=5), now=now)
    store.renew_job(job, owner, until=now + timedelta(minutes=6), detail={s(): s()})
    store.release_job(job, owner, status=s(), detail={s(): s()}, last_run_at=now)
    assert store.acquire_job(s(), s(), until=now + timedelta(minutes=5), now=now)  # held
    run = store.start_job_run(s(), s(), now=now, started_at=now)
    store.finish_job_run(run, status=s(), counts={s(): 1}, detail={s(): s()}, finished_at=now)
    store.bump_counter(s())
    # lifecycle writes that carry events, judgements and links
    store.change_fields(
        [FieldChange(other.id, "active", {"promoted": True}, AuditEvent("promoted", other.id,
                     actor=s(), detail={"why": s()}))]
    )  # fmt: skip
    store.adjust_scores(
        [ScoreChange(other.id, trust_score=0.1, judgement={s(): s()}, keep_judgements=5)],
        scope,
        at=now,
    )
    store.extend_data_list(other.id, s(), [s()], event=AuditEvent("linked", other.id, actor=s()))
    store.add_events([AuditEvent(event="noted", memory_id=other.id, detail={"reason": s.text()})])
    plant_scope_ids(mem, s)
    return s


def plant_scope_ids(mem: Memory, s: Planter) -> None:
    """Scope ids holding a secret (the API refuses them: check_identifier; the store
    scrubs them all the same), one write per table that has scope columns."""
    store, now = mem.store, utcnow()
    scope = Scope(namespace=s(), user_id=s(), agent_id=s())
    ids = {"namespace": scope.namespace, "user_id": scope.user_id, "agent_id": scope.agent_id}
    store.append_resource(Resource(content="plain", **ids))
    record = MemoryRecord(content="a plain note in a secret scope", **ids)
    store.insert_memories([record], vectors=None, model_id=None)
    store.link_entities(record.id, scope, entities=["Harbour"])
    store.put_checkpoint(Checkpoint(session_id="s2", turn=0, llm_output="plain"), scope)
    store.put_summary(scope, Summary(category="c", content="plain", facts=1, generator="g",
                                     created_at=now))  # fmt: skip
    store.add_triggers([Trigger(trigger_date=date.today(), message="plain", **ids)])
    store.add_api_key(ApiKey(id="k2", digest=b"\x02" * 32, role=KeyRole.READER, **ids))
    with suppress(ConflictError):  # read back in the raw scope: not found, refused
        store.open_session(AgentSession(session_id="s2", **ids))
    store.add_turn_cost(TurnCost(session_id="s2", turn=1, op="observe", at=now), scope)
    store.add_pending("observe", scope, {"text": "plain"}, {"n": 1}, at=now)
    item = WorkingItem(
        id=s(), content="plain", session_id="s2", expires_at=now + timedelta(hours=1), **ids
    )
    store.add_working(item, capacity=10, now=now)
    # remem-made ids and model ids, as a caller could hand them to the store
    res = Resource(id=s(), content="plain", user_id="u")
    store.append_resource(res)
    store.mark_extracted(res.id, "rules-1", 0)
    store.put_vectors([record.id], np.ones((1, 4), np.float32), model_id=s())
    packed = PackedTokens(np.ones(1, np.uint32), np.ones((1, 4), np.int8), np.ones(1, np.float32))
    store.put_token_vectors([record.id], [packed], model_id=s())


# -- reading the whole database back --------------------------------------------------
def exempt(table: str, column: str) -> bool:
    return (
        table in _NOT_SCRUBBED_TABLES
        or (table, column) in NO_CALLER_TEXT
        or column.endswith("_at")
        or column in _TIME_COLUMNS
    )


def store_bytes(target: str | Path) -> bytes:
    """SQLite: the raw bytes of the file, its WAL and shared memory."""
    if isinstance(target, str):
        return b""
    return b"".join(p.read_bytes() for p in sorted(target.parent.glob(target.name + "*")))


# -- the contract ---------------------------------------------------------------------
def test_no_secret_reaches_any_column(
    mem: Memory, store_rows: Rows, store_backend: str, store_target: str | Path
) -> None:
    planted = plant_everywhere(mem)
    columns = text_columns(store_rows, store_backend)
    assert ("memories", "content") in columns and len(columns) > 60
    values = list(dump(store_rows, columns))
    leaked = sorted({(t, c) for t, c, v in values for n in planted.needles if n in v})
    assert leaked == []
    raw = store_bytes(store_target)
    assert [n for n in planted.needles if n.encode() in raw] == []
    reached = {(t, c) for t, c, v in values if MARK.lower() in v.lower()}  # entities.norm
    missing = [tc for tc in columns if not exempt(*tc) and tc not in reached]
    assert missing == [], (
        missing,
        "text columns no planted secret reached: plant one in plant_everywhere, or say "
        "in NO_CALLER_TEXT why no caller's text can reach them",
    )


def test_exempt_columns_exist(store_rows: Rows, store_backend: str, mem: Memory) -> None:
    """The reasons above name columns that exist (a renamed column is not exempt)."""
    columns = set(text_columns(store_rows, store_backend))
    assert [tc for tc in NO_CALLER_TEXT if tc not in columns] == []


@pytest.fixture
def no_choke_point(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redacting, "scrub_params", lambda params: params)
    monkeypatch.setattr(codec, "redact", lambda text: text)


def test_without_the_choke_point_the_secrets_are_stored(
    no_choke_point: None, mem: Memory, store_rows: Rows, store_backend: str
) -> None:
    planted = plant_everywhere(mem)
    values = " ".join(v for _, _, v in dump(store_rows, text_columns(store_rows, store_backend)))
    found = [n for n in planted.needles if n in values]
    assert len(found) > 0.8 * len(planted.needles)
