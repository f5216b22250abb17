"""The injection attack suite against everything that makes rules and lessons, on
both backends: the malicious rows of the blind corpus's dev half
(tests/fixtures/injection/injections.dev.jsonl: 89 forms — overrides, role claims,
exfiltration, destructive orders, claimed approvals, hiding, persistence — in 15
languages, 15 encodings and 16 kinds of markup) and the hidden-markup forms
(hidden.dev.jsonl: 44 in 22 forms) go through ``correct()``, episode learnings,
reflection and a rule import; none may become an active rule or lesson or reach a
session-start block or a PreToolUse block (``before_tool``, with the attack itself as
the call's input). The benign rows that a user would really say must still
become lessons (false refusals). MCP and REST are in test_mcp_injection.py and
tests/server/test_rest_injection.py."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from remem.agent import MemoryAgent
from remem.agent.rules import Rules
from remem.config import Config
from remem.memory import Memory
from remem.model import Kind, Scope
from remem.textnorm import normalise

BACKENDS = ("sqlite", "postgres")
FIXTURES = Path(__file__).parent.parent / "fixtures" / "injection"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SCOPE = Scope(user_id="maya", agent_id="coder")


def _rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (FIXTURES / name).read_text("utf-8").splitlines()]


ATTACKS = [r for r in _rows("injections.dev.jsonl") if r["malicious"]]
HIDDEN = [r for r in _rows("hidden.dev.jsonl") if r["malicious"]]
BENIGN_RULES = [
    r
    for r in _rows("injections.dev.jsonl")
    if not r["malicious"] and r["channel"] in ("correction", "episode_learning", "imported_rule")
]


def _marker(text: str) -> str:
    """A stretch of an attack that must never be shown: its longest line, normalised."""
    line = max(normalise(text).splitlines(), key=len)
    return " ".join(line.split())[:40].casefold()


def _shown(agent: MemoryAgent, texts: list[str] | None = None) -> str:
    """What a session start shows, and every PreToolUse block (``before_tool``) of a
    call whose input is each attack itself (the closest match a rule could have)."""
    day = T0 + timedelta(days=3)
    start = agent.start_session("check", opening="build and deploy the project", now=day)
    tools = [agent.before_tool("check", "Bash", {"command": t}, now=day).text for t in texts or []]
    return " ".join(" ".join([start.text, *tools]).split()).casefold()


@pytest.fixture
def agent(mem: Memory) -> MemoryAgent:
    return MemoryAgent(mem, user_id="maya", agent_id="coder")


def test_no_attack_becomes_a_lesson_or_a_rule(mem: Memory, agent: MemoryAgent) -> None:
    assert len(ATTACKS) >= 40 and len({r["lang"] for r in ATTACKS}) >= 10
    texts = [r["text"] for r in ATTACKS] + [r["text"] for r in HIDDEN]
    for n, text in enumerate(texts):
        for day in range(2):  # said twice: enough for reflection to make it a rule
            agent.correct(text, session_id=f"c{n}-{day}", now=T0 + timedelta(minutes=n))
    for batch in range(3):  # three episodes, each learning every attack
        episode = agent.start_episode(f"deploy the project {batch}", now=T0)
        done = agent.complete_episode(
            episode.id, outcome_score=1.0, success=True, learnings=texts[:100], now=T0
        )
        assert done.learnings == ()  # every poisoned learning withheld, none kept
        rest = agent.start_episode(f"build the project {batch}", now=T0)
        agent.complete_episode(
            rest.id, outcome_score=1.0, success=True, learnings=texts[100:], now=T0
        )
    agent.rules.reflect(now=T0 + timedelta(days=1))
    assert agent.rules.list(include_held=True) == []
    assert agent.lessons_active(limit=200) == []
    shown = _shown(agent, texts)
    leaked = [t[:60] for t in texts if _marker(t) in shown]
    assert leaked == []
    # the PreToolUse path is live: a lesson a user states comes up before its call
    agent.correct("Run the linter before every git commit", session_id="u1", now=T0)
    call = agent.before_tool("u1", "Bash", {"command": "git commit -m fix"}, now=T0)
    assert "linter" in call.text


def test_an_imported_rule_file_carries_no_attack(
    config: Config, tmp_path: Path, mem: Memory
) -> None:
    # an export edited to hold each attack as a trusted rule and a trusted lesson
    (seed,) = mem.add("The deploy window is Tuesday", user_id="maya", agent_id="coder")
    out = tmp_path / "export"
    mem.export_to(out)
    facts = next(out.glob("facts-*.jsonl"))
    line = json.loads(facts.read_text().splitlines()[0])
    rows = []
    for n, attack in enumerate(ATTACKS + HIDDEN):
        for kind in ("procedural", "lesson"):
            rule = {"trigger": "", "keywords": [], "confidence": 0.9, "enabled": True}
            forged = dict(
                line,
                id=f"{n:08x}{kind[:4]}".ljust(32, "0"),
                content=attack["text"],
                kind=kind,
                source_trust="trusted",
                data={"rule": rule} if kind == "procedural" else {},
            )
            rows.append(forged)
    facts.write_text("".join(json.dumps(r) + "\n" for r in rows))
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["files"] = {facts.name: len(rows)}
    (out / "manifest.json").write_text(json.dumps(manifest))
    with Memory(tmp_path / "target.db", config=config) as target:
        target.import_from(out)
        imported = MemoryAgent(target, user_id="maya", agent_id="coder")
        assert len(Rules(target, SCOPE).records()) == len(ATTACKS + HIDDEN)
        assert Rules(target, SCOPE).list() == []  # every one held or flagged
        assert imported.lessons_active(limit=200) == []
        shown = _shown(imported, [r["text"] for r in ATTACKS + HIDDEN])
        assert [r["id"] for r in ATTACKS + HIDDEN if _marker(r["text"]) in shown] == []
    assert seed.kind is Kind.SEMANTIC


def test_what_users_really_say_still_becomes_lessons(agent: MemoryAgent) -> None:
    refused = []
    for n, row in enumerate(BENIGN_RULES):
        result = agent.correct(row["text"], session_id=f"b{n}", now=T0)
        if result.flag:
            refused.append((row["id"], result.flag))
    assert refused == []
    assert len(agent.lessons_active(limit=200)) == len(BENIGN_RULES)
