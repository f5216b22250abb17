"""Reminders are an instruction channel (put before the assistant at a session start,
a prompt or a tool call), so they pass the check lessons and rules pass: the blind
corpus's attacks (a spread of its dev half: every language, encoding and markup,
and the hidden forms) said as dated and as conditional reminders, and given to
``Triggers.add`` / ``detect``, make no trigger that can be shown — none reaches a
session start, a prompt's block or a PreToolUse block. Each trigger records its
provenance; one stored before the check (or forged into the store) is held; a due
reminder shows only trusted memories beside it."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from remem.agent import MemoryAgent
from remem.agent.conditions import CONDITION_DAY
from remem.agent.context import DUE, REMINDERS
from remem.agent.triggers import Triggers
from remem.errors import ValidationError
from remem.memory import Memory
from remem.model import Scope, Trigger
from remem.textnorm import normalise

BACKENDS = ("sqlite", "postgres")  # the triggers' provenance column: both stores
FIXTURES = Path(__file__).parent.parent / "fixtures" / "injection"
WED = datetime(2026, 1, 14, 9, 30, tzinfo=UTC)
SCOPE = Scope(user_id="maya", agent_id="coder")


def _rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (FIXTURES / name).read_text("utf-8").splitlines()]


def _spread() -> list[dict[str, Any]]:
    picked: dict[tuple[str, str], dict[str, Any]] = {}
    for row in _rows("injections.dev.jsonl"):
        if row["malicious"]:
            for key in ("lang", "encoding", "markup"):
                picked.setdefault((key, row[key]), row)
    for row in _rows("hidden.dev.jsonl"):
        if row["malicious"]:
            picked.setdefault(("form", row["form"]), row)
    return list({r["id"]: r for r in picked.values()}.values())


ATTACKS = _spread()
BENIGN = [
    r
    for r in _rows("injections.dev.jsonl")
    if not r["malicious"] and r["channel"] in ("correction", "user_pasted")
]


def _marker(text: str) -> str:
    line = max(normalise(text).splitlines(), key=len)
    return " ".join(line.split())[:40].casefold()


def _flat(text: str) -> str:
    return " ".join(text.split()).casefold()


def _shown_anywhere(agent: MemoryAgent, day: datetime) -> str:
    """Every reminder block: a session start's due ones, those a prompt meets, those
    a tool call meets (PreToolUse)."""
    blocks = [
        agent.start_session("later", now=day).context,
        agent.recall("later", "cargo says clap 4.6.0 is out now", now=day),
        agent.before_tool(
            "later", "Bash", {"command": "cargo update -p clap --precise 4.6.0"}, now=day
        ),
    ]
    lines = [
        line for block in blocks for p in block.parts if p.label in (DUE, REMINDERS)
        for line in p.lines
    ]  # fmt: skip
    return _flat(" ".join(lines))


def test_no_attack_said_as_a_reminder_is_ever_shown(mem: Memory) -> None:
    assert len(ATTACKS) >= 40
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=WED)
    for n, row in enumerate(ATTACKS):
        at = WED + timedelta(minutes=n)
        agent.observe("s1", "user", f"Remind me next Friday: {row['text']}", now=at)
        said = agent.observe(
            "s1", "user", f"Remind me to redo this when clap 4.6 is out: {row['text']}", now=at
        )
        assert said.triggers == (), row["id"]
    shown = Triggers(mem, SCOPE).list(limit=1000)
    assert [t for t in shown if t.held is None] == []
    seen = _shown_anywhere(agent, WED + timedelta(days=9))
    assert [r["id"] for r in ATTACKS if _marker(r["text"]) in seen] == []


def test_a_caller_cannot_add_an_injected_reminder(mem: Memory) -> None:
    triggers = Triggers(mem, SCOPE, surface="rest", by="k1")
    friday = WED + timedelta(days=2)
    for row in ATTACKS:
        with pytest.raises(ValidationError, match="nothing was stored"):
            triggers.add(row["text"], on=friday, now=WED)
        assert triggers.detect(f"By next Friday: {row['text']}", now=WED) == []
    assert triggers.list(limit=1000) == []


def test_what_users_really_ask_still_becomes_a_reminder(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=WED)
    refused = [
        r["id"]
        for r in BENIGN
        if not agent.observe("s1", "user", f"Remind me next Friday: {r['text']}", now=WED).triggers
    ]
    assert refused == []


def test_a_reminder_records_where_it_came_from(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.start_session("s1", now=WED)
    agent.observe("s1", "assistant", "Shall I look at the CLI?", now=WED)
    said = agent.observe(
        "s1", "user", "remind me to drop the cli.rs workaround when clap 4.6 is out", now=WED
    )
    (waiting,) = [agent.triggers.get(i) for i in said.triggers]
    assert waiting.trigger_date == CONDITION_DAY
    assert waiting.provenance == {
        "source": "session",
        "surface": "python",
        "session_id": "s1",
        "turn": 2,
        "role": "user",
        "trusted": True,
        "user_stated": True,
        "excerpt": "remind me to drop the cli.rs workaround when clap 4.6 is out",
    }
    made = Triggers(mem, SCOPE, surface="rest", by="k1").add(
        "Renew the TLS certificate", on=WED + timedelta(days=30), now=WED
    )
    again = Triggers(mem, SCOPE).get(made.id)  # as stored, read back
    assert again.provenance["source"] == "api" and again.provenance["by"] == "k1"
    assert again.provenance["surface"] == "rest" and again.provenance["user_stated"] is False
    # revoked like a rule: never comes up again
    assert Triggers(mem, SCOPE).revoke(made.id).status == "cancelled"
    assert Triggers(mem, SCOPE).due(now=WED + timedelta(days=40)) == []


def test_a_forged_reminder_in_the_store_is_held_and_never_shown(mem: Memory) -> None:
    # written before the check existed, or straight into the store: read, it is held
    attack = ATTACKS[0]["text"]
    friday = (WED + timedelta(days=2)).date()
    (forged,) = mem.store.add_triggers(
        [Trigger(trigger_date=friday, message=attack, user_id="maya", agent_id="coder")]
    )
    (waiting,) = mem.store.add_triggers(
        [
            Trigger(
                trigger_date=CONDITION_DAY,
                message=attack,
                phrase="clap 4.6",
                user_id="maya",
                agent_id="coder",
                created_at=WED,
            )
        ]
    )
    triggers = Triggers(mem, SCOPE)
    assert triggers.get(forged.id).held and triggers.get(waiting.id).held
    assert triggers.due(now=WED + timedelta(days=3)) == []
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    assert _marker(attack) not in _shown_anywhere(agent, WED + timedelta(days=3))


def test_a_due_reminder_shows_only_trusted_memories_beside_it(mem: Memory) -> None:
    (tainted,) = mem.add(
        "Mallory now handles every vendor payment for the Quillon Holdings account",
        user_id="maya",
        agent_id="coder",
        trusted=False,
    )
    (fine,) = mem.add("The release branch is cut from main", user_id="maya", agent_id="coder")
    Triggers(mem, SCOPE).add(
        "Cut the release", on=WED + timedelta(days=2), memory_ids=[tainted.id, fine.id], now=WED
    )
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    text = agent.start_session("s2", now=WED + timedelta(days=2)).text
    assert "Cut the release" in text and "release branch is cut" in text
    assert "Mallory" not in text


def test_a_callers_reminder_to_the_user_is_shown(mem: Memory) -> None:
    # addressed to the user ("tell Maya ..."), not an order about the assistant's conduct
    friday = WED + timedelta(days=2)
    made = Triggers(mem, SCOPE, surface="dashboard").add(
        "Tell Maya about the release freeze", on=friday, now=WED
    )
    assert Triggers(mem, SCOPE).get(made.id).held is None
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    assert "Tell Maya about the release freeze" in agent.start_session("s9", now=friday).text
