"""The scripted sessions of bench/agent.py: a world file and a seed make 30 sessions.

A world (bench/data/agent-world-*.json) names task families (each with openings
in different words, tools, a failure, a learning), facts the user states (each
about a topic, with a key that identifies the memory it becomes), corrections
(some given more than once), deadlines (each with the day it names, written as
an oracle independent of the parser: ``days:N``, ``next_weekday:D``,
``month_end``, ``date:MM-DD``) and chatter. The seed decides which family each
session works on, where facts, corrections, deadlines and chatter fall, and
which tool calls fail.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

SESSIONS = 30
FAIL_RATE = 0.3  # share of sessions whose first tool call fails


@dataclass(slots=True)
class Deadline:
    text: str
    day: date  # the day the text names, counted from the session it is said in


@dataclass(slots=True)
class Session:
    index: int
    at: datetime
    family: str
    topics: tuple[str, ...]
    opening: str
    tools: tuple[str, ...]
    fails: bool
    failure: str
    learning: str
    reply: str
    facts: list[dict[str, str]] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)
    deadlines: list[Deadline] = field(default_factory=list)
    chatter: list[str] = field(default_factory=list)


def load_world(path: Path) -> dict[str, Any]:
    world = json.loads(path.read_text("utf-8"))
    assert isinstance(world, dict)
    return world


def expected_day(expect: str, said: date) -> date:
    """The day a deadline names, by its oracle."""
    kind, _, arg = expect.partition(":")
    if kind == "days":
        return said + timedelta(days=int(arg))
    if kind == "next_weekday":  # the first such weekday after the day it is said
        return said + timedelta(days=(int(arg) - said.weekday()) % 7 or 7)
    if kind == "month_end":
        first_next = date(said.year + (said.month == 12), said.month % 12 + 1, 1)
        end = first_next - timedelta(days=1)
        return end if end > said else expected_day("month_end", end + timedelta(days=1))
    if kind == "date":
        month, day = (int(x) for x in arg.split("-"))
        target = date(said.year, month, day)
        return target if target > said else date(said.year + 1, month, day)
    raise ValueError(f"unknown deadline oracle {expect!r}")


def build(world: dict[str, Any], seed: int, *, sessions: int = SESSIONS) -> list[Session]:
    """The ``sessions`` (30) sessions of ``world`` under ``seed``."""
    rng = random.Random(seed)
    start = datetime.fromisoformat(world["start"])
    families = world["families"]
    order = [families[i % len(families)] for i in range(sessions)]
    rng.shuffle(order)
    used: dict[str, int] = {}
    out: list[Session] = []
    for i, fam in enumerate(order):
        n = used.get(fam["name"], 0)
        used[fam["name"]] = n + 1
        out.append(
            Session(
                index=i,
                at=start + timedelta(days=i, minutes=rng.randrange(0, 90)),
                family=fam["name"],
                topics=tuple(fam["topics"]),
                opening=fam["openings"][n % len(fam["openings"])],
                tools=tuple(fam["tools"]),
                fails=rng.random() < FAIL_RATE,
                failure=fam["failure"],
                learning=fam["learning"],
                reply=fam["reply"],
            )
        )
    # facts: a topic's facts in the first session of a family on that topic (else early)
    for fact in world["facts"]:
        own = [s for s in out if fact["topic"] in s.topics]
        target = own[0] if own else out[rng.randrange(0, max(1, 2 * len(out) // 3))]
        target.facts.append(fact)
    # corrections: each given `times` times, in distinct sessions, none in the last few
    for correction in world["corrections"]:
        for i in sorted(
            rng.sample(range(max(correction["times"], len(out) - 5)), correction["times"])
        ):
            out[i].corrections.append(correction["text"])
    # deadlines: in a session whose named day is still inside the simulation
    last = out[-1].at.date()
    for deadline in world["deadlines"]:
        options = [s for s in out[:-1] if expected_day(deadline["expect"], s.at.date()) <= last]
        if not options:
            continue  # a day past the end of a short run
        target = rng.choice(options)
        target.deadlines.append(
            Deadline(deadline["text"], expected_day(deadline["expect"], target.at.date()))
        )
    for s in out:
        s.chatter = rng.sample(world["chatter"], rng.choice((1, 1, 2)))
    return out
