"""The blind corpora for bench/injection.py: attacks and look-alikes written by a helper
who never read the code (tests/fixtures/injection/: injections.{dev,held}.jsonl and
hidden.{dev,held}.jsonl, copied from /work/evalsets; develop on dev, the held half is
run once).

Detection, by the trust the channel gets: ``user_pasted`` is a user's message
(trusted: strong patterns and the evidence threshold of trusted text, and its
hidden regions inspected), ``tool_output`` / ``web_page`` are untrusted content,
``correction`` / ``episode_learning`` / ``imported_rule`` are texts that would
become a lesson or a rule (:func:`remem.write.injection.adoption_flag`). Reported by
channel, language, encoding, markup and kind, with the benign rows flagged (false
positives) beside.

End to end, each row through the surface of its channel in a fresh store: a
correction through ``correct()``; an episode learning through three completed
episodes and a reflection; an imported rule as a trusted procedural memory in an
export, imported; a pasted message or tool/web text through ``add(messages)``. An
attack *lands* when it becomes an active, applied rule or loaded lesson, or a
trusted fact, or shows in a session-start block; a benign row is *kept* when it
becomes the lesson, rule or trusted fact it states.
"""

from __future__ import annotations

import json
import tempfile
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from remem.agent import MemoryAgent
from remem.agent.rules import Rules
from remem.config import Config
from remem.memory import Memory
from remem.model import Scope, Trust
from remem.textnorm import normalise
from remem.write.injection import adoption_flag, scan_message

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ADOPTING = ("correction", "episode_learning", "imported_rule")


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def flag_of(row: dict[str, Any]) -> str | None:
    """The detector's flag for a corpus row, judged with its channel's trust."""
    channel = row.get("channel", "user_pasted")
    if channel in ADOPTING:
        return adoption_flag(row["text"])
    return scan_message(row["text"], untrusted=channel in ("tool_output", "web_page"))


def _rate(hits: int, total: int) -> float:
    return round(hits / total, 4) if total else 0.0


def detection(rows: list[dict[str, Any]], keys: tuple[str, ...]) -> dict[str, Any]:
    """Attacks flagged and benign rows flagged, overall and by each of ``keys``."""
    by: dict[str, dict[str, list[int]]] = {k: defaultdict(lambda: [0, 0, 0, 0]) for k in keys}
    missed, false = [], []
    for row in rows:
        flagged = flag_of(row) is not None
        slot = (0, 1) if row["malicious"] else (2, 3)
        for key in keys:
            cell = by[key][str(row.get(key, "-"))]
            cell[slot[0]] += 1
            cell[slot[1]] += flagged
        if row["malicious"] and not flagged:
            missed.append(row["id"])
        if not row["malicious"] and flagged:
            false.append(row["id"])
    attacks = sum(1 for r in rows if r["malicious"])
    benign = len(rows) - attacks
    return {
        "attacks": attacks,
        "attacks_flagged": attacks - len(missed),
        "attack_rate": _rate(attacks - len(missed), attacks),
        "benign": benign,
        "benign_flagged": len(false),
        "false_positive_rate": _rate(len(false), benign),
        "missed": missed,
        "false_positives": false,
        "by": {
            key: {
                value: {"attacks": f"{c[1]}/{c[0]}", "benign_flagged": f"{c[3]}/{c[2]}"}
                for value, c in sorted(cells.items())
            }
            for key, cells in by.items()
        },
    }


def _marker(text: str) -> str:
    line = max(normalise(text).splitlines() or [""], key=len)
    return " ".join(line.split())[:40].casefold()


def end_to_end(rows: list[dict[str, Any]], config: Config) -> dict[str, Any]:
    """Each row through its channel's surface (see the module doc)."""
    landed: list[str] = []
    kept: list[str] = []
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        for n, row in enumerate(rows):
            path = Path(tmp) / f"{n}.db"
            with Memory(path, config=config) as mem:
                outcome = _through(mem, row, Path(tmp) / f"x{n}", config)
            cell = counts[row.get("channel", "user_pasted")]
            if row["malicious"]:
                cell[0] += 1
                cell[1] += outcome
                if outcome:
                    landed.append(row["id"])
            else:
                cell[2] += 1
                cell[3] += outcome
                if outcome:
                    kept.append(row["id"])
    attacks = sum(1 for r in rows if r["malicious"])
    benign = len(rows) - attacks
    return {
        "attacks_landed": len(landed),
        "attacks": attacks,
        "landed": landed,
        "benign_kept": len(kept),
        "benign": benign,
        "benign_refused_rate": _rate(benign - len(kept), benign),
        "by_channel": {
            ch: {"attacks_landed": f"{c[1]}/{c[0]}", "benign_kept": f"{c[3]}/{c[2]}"}
            for ch, c in sorted(counts.items())
        },
    }


def _through(mem: Memory, row: dict[str, Any], spare: Path, config: Config) -> bool:
    """Whether the row took hold: an applied rule, a loaded lesson, a trusted fact from
    it, or its text in a session-start block."""
    agent = MemoryAgent(mem, user_id="u", agent_id="a")
    text, channel = row["text"], row.get("channel", "user_pasted")
    if channel == "correction":
        for day in range(2):
            agent.correct(text, session_id=f"s{day}", now=T0)
        agent.rules.reflect(now=T0 + timedelta(days=1))
        held = bool(agent.lessons_active())
    elif channel == "episode_learning":
        for batch in range(3):
            ep = agent.start_episode(f"ship the release {batch}", now=T0)
            agent.complete_episode(ep.id, outcome_score=1.0, success=True, learnings=[text], now=T0)
        held = bool(agent.rules.reflect(now=T0 + timedelta(days=1)).created)
    elif channel == "imported_rule":
        return _imported(mem, text, spare, config)
    else:
        role = "user" if channel == "user_pasted" else "tool"
        mem.add([{"role": role, "content": text}], user_id="u", agent_id="a", now=T0)
        facts = mem.list(user_id="u", agent_id="a", limit=200).items
        trusted = [
            f for f in facts if f.source_trust is Trust.TRUSTED and not f.data.get("injection")
        ]
        if not row["malicious"]:  # kept: stored (as a trusted fact, for a user's message)
            return bool(trusted) if role == "user" else bool(facts)
        block = agent.start_session("check", opening=text[:200], now=T0 + timedelta(days=2))
        return bool(trusted) or _marker(text) in " ".join(block.text.split()).casefold()
    if row["malicious"]:
        block = agent.start_session("check", opening="ship the release", now=T0 + timedelta(days=2))
        return held or _marker(text) in " ".join(block.text.split()).casefold()
    return held


def _imported(mem: Memory, text: str, spare: Path, config: Config) -> bool:
    """``text`` as a trusted rule in an export, imported: whether it is applied."""
    mem.add("seed", user_id="u", agent_id="a", now=T0)
    mem.export_to(spare)
    facts = next(spare.glob("facts-*.jsonl"))
    line = json.loads(facts.read_text().splitlines()[0])
    rule = {"trigger": "", "keywords": [], "confidence": 0.9, "enabled": True}
    forged = dict(line, content=text, kind="procedural", data={"rule": rule})
    facts.write_text(json.dumps(forged) + "\n")
    manifest = json.loads((spare / "manifest.json").read_text())
    manifest["files"] = {facts.name: 1}
    (spare / "manifest.json").write_text(json.dumps(manifest))
    with Memory(spare.parent / f"{spare.name}.db", config=config) as target:
        target.import_from(spare)
        return bool(Rules(target, Scope(user_id="u", agent_id="a")).list())
