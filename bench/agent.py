"""A simulated coding assistant: 30 scripted sessions on a fake clock, driven through
``MemoryAgent``, measuring what the agent layer is for.

    .venv/bin/python bench/agent.py [--world bench/data/agent-world-webapp.json]
        [--seed 7] [--embedder onnx-minilm] [--out bench/results/agent-webapp-7.json]

Each session (bench/agent_script.py builds them from a world file and a seed):
``start_session`` with the task as its opening; the user's opening, the facts it
states ("Remember that ..."), chatter, a deadline or a correction when the script
puts one there; a tool call (30% fail); the assistant's reply; ``feedback``; the
session's episode completed with its outcome; ``end_session``. Forward triggers,
procedural rules and episodes go through the agent's ``triggers`` / ``rules`` /
``episodes`` when it has them, else through :mod:`remem.agent` directly (the
harness then injects due triggers and matching rules itself and counts their
tokens), so the same script measures either.

Reported:

- **lessons applied**: a correction in session k is in session k+1's context;
- **triggers on their day**: each deadline fired at the session of the day it
  names (late, never, and spurious triggers counted too);
- **precision of injected memories** (the ``## Relevant`` part) in sessions 20-30,
  with feedback and, on the same script in a fresh store, without: an injected
  memory is relevant when it holds a fact about the session's topic or is an
  episode of the same task family. The simulated assistant uses (quotes) the
  relevant memories it was given — at the session's start and by the tool call's
  recall — and ignores the rest, which is what echo/fizzle learns from;
- **episode recall@3**: for a task family seen before, ``similar_episodes`` of the
  opening returns one of its past episodes in the top 3;
- **tokens injected per session** (mean, max) and rules created / injected.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from agent_script import Session, build, load_world

from remem.agent.episodes import Episodes
from remem.agent.rules import Rules
from remem.agent.triggers import Triggers
from remem.config import Config
from remem.memory import Memory
from remem.read.tokens import default_counter

WORLDS = Path(__file__).parent / "data"
PRECISION_FROM = 19  # sessions 20-30 (0-based 19..29)
# The session start's job catch-up runs every due job to its end, as a cron would: with
# the shipped wall-clock budget (jobs_catchup_budget_ms) how far the nightly jobs got
# depended on the machine's load, and two runs of one script differed by a few items.
CATCHUP_MS = 600_000


@dataclass(slots=True)
class Arm:
    """What one run of the script measured."""

    lessons: list[bool] = field(default_factory=list)
    deadlines: list[str] = field(default_factory=list)  # on_day | late | early | never
    spurious_triggers: int = 0
    relevant: int = 0
    injected: int = 0
    recall3: list[bool] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    rules_created: int = 0
    rule_injections: int = 0
    driver: str = ""
    misses: dict[str, list[str]] = field(default_factory=dict)  # what was missed, to read
    rules: list[str] = field(default_factory=list)  # the rules at the end, to read

    def miss(self, measure: str, what: str) -> None:
        self.misses.setdefault(measure, []).append(what)


def _agent_class() -> Any:
    try:
        from remem.agent.agent import MemoryAgent
    except ImportError:  # the agent layer's MemoryAgent is not in this checkout
        sys.exit("bench/agent.py needs remem.agent.agent.MemoryAgent (issue 11)")
    return MemoryAgent


def _family_of(record: Any, families: dict[str, str]) -> str | None:
    """The task family of an episode (by its task) or of an episode summary (by its
    episode's id); ``families`` maps both to the family."""
    data = record.data
    if isinstance(data.get("episode"), dict):
        task = data["episode"].get("situation", {}).get("task")
        return families.get(task) if isinstance(task, str) else None
    return families.get(str(data.get("episode_of")))


def _is_relevant(
    record: Any, session: Session, keys: dict[str, str], families: dict[str, str]
) -> bool:
    """A fact about one of the session's topics, or an episode of its task family."""
    text = record.content.lower()
    if any(topic in session.topics and key.lower() in text for key, topic in keys.items()):
        return True
    return _family_of(record, families) == session.family


def _relevant_ids(context: Any) -> list[str]:
    """The memory ids of a context block's ``## Relevant`` part."""
    return [i for p in context.parts if "relevant" in p.label.lower() for i in p.memory_ids]


def _rules_in(context: Any) -> int:
    """How many rules a context block's ``## Rules`` part shows."""
    return sum(
        len(getattr(p, "refs", ()) or p.memory_ids)
        for p in context.parts
        if "rule" in p.label.lower()
    )


class _Turns:
    """A session's turns on the fake clock: each one two minutes after the last."""

    def __init__(self, agent: Any, session_id: str, start: datetime) -> None:
        self.agent, self.session_id, self.clock = agent, session_id, start

    def tick(self) -> datetime:
        self.clock += timedelta(minutes=2)
        return self.clock

    def say(self, role: str, content: str, **kw: Any) -> None:
        self.agent.observe(self.session_id, role, content, now=self.tick(), **kw)


def run(
    world: dict[str, Any], seed: int, *, feedback: bool, config: Config, sessions: int = 30
) -> Arm:
    """The whole script on a fresh store; ``feedback``: call ``agent.feedback``."""
    script = build(world, seed, sessions=sessions)
    keys = {f["key"]: f["topic"] for f in world["facts"]}
    task_family = {o: f["name"] for f in world["families"] for o in f["openings"]}
    counter = default_counter()
    arm = Arm()
    with tempfile.TemporaryDirectory() as tmp:
        mem = Memory(Path(tmp) / "agent.db", config=config.model_copy(update={"home": Path(tmp)}))
        agent = _agent_class()(mem, user_id=world["user"], agent_id="coder")
        scope = agent.scope
        own = {
            "triggers": getattr(agent, "triggers", None) is None,
            "rules": getattr(agent, "rules", None) is None,
        }
        arm.driver = "MemoryAgent" + "".join(f" (+harness {k})" for k, v in own.items() if v)
        triggers = getattr(agent, "triggers", None) or Triggers(mem, scope)
        rules = getattr(agent, "rules", None) or Rules(mem, scope)
        episodes = getattr(agent, "episodes", None) or Episodes(mem, scope)
        episode_family: dict[str, str] = {}  # episode id -> family
        seen: dict[str, list[str]] = {}
        expected = {d.text: d.day for s in script for d in s.deadlines}
        fired_days: dict[str, Any] = {}
        last_lessons: list[Any] = []
        for s in script:
            sid = f"{world['name']}-{seed}-{s.index:02d}"
            now = s.at
            if s.family in seen:
                hits = episodes.similar(s.opening, k=3, now=now)
                arm.recall3.append(any(h.episode.id in seen[s.family] for h in hits))
                if not arm.recall3[-1]:
                    arm.miss("recall3", f"{s.opening} -> {[h.episode.task for h in hits]}")
            start = agent.start_session(sid, opening=s.opening, now=now)
            text, tokens = start.text, start.context.tokens
            if own["triggers"]:
                due = triggers.fire([t.id for t in triggers.due(now=now)], now=now)
                if due:
                    lines = "## Due today\n" + "\n".join(f"- {t.message}" for t in due)
                    text, tokens = text + "\n\n" + lines, tokens + counter.count(lines)
            else:
                due = [triggers.get(i) for i in getattr(start, "triggers_fired", ())]
            for t in due:
                match = next((d for d in expected if t.message in d or d in t.message), None)
                if match is None:
                    arm.spurious_triggers += 1
                else:
                    fired_days.setdefault(match, now.date())
            if own["rules"]:
                matched = rules.matching(s.opening)
                if matched:
                    rules.mark_used([r.id for r in matched], now=now)
                    lines = "## Rules\n" + "\n".join(f"- {r.render()}" for r in matched)
                    text, tokens = text + "\n\n" + lines, tokens + counter.count(lines)
                arm.rule_injections += len(matched)
            else:
                arm.rule_injections += _rules_in(start.context)
            arm.tokens.append(tokens)
            for lesson in last_lessons:
                arm.lessons.append(lesson.text in text)
                if not arm.lessons[-1]:
                    arm.miss("lessons", f"session {s.index + 1}: {lesson.text} ({lesson.action})")
            relevant_part = _relevant_ids(start.context)
            used = []
            for record in mem.store.get_memories(relevant_part, scope):
                ok = _is_relevant(record, s, keys, task_family | episode_family)
                if ok:
                    used.append(record.content)
                if s.index >= PRECISION_FROM:
                    arm.injected += 1
                    arm.relevant += ok
            episode = episodes.start(s.opening, session_id=sid, now=now)
            episode_family[episode.id] = s.family
            turns = _Turns(agent, sid, now)
            say = turns.say
            say("user", s.opening)
            for fact in s.facts:
                say("user", fact["text"])
            for line in s.chatter:
                say("user", line)
            tool = s.tools[0]
            if own["rules"]:  # the rules that apply to the tool about to be called
                matched = rules.matching("", tool=tool)
                if matched:
                    rules.mark_used([r.id for r in matched], now=turns.clock)
                    lines = "## Rules\n" + "\n".join(f"- {r.render()}" for r in matched)
                    arm.tokens[-1] += counter.count(lines)
                arm.rule_injections += len(matched)
            else:
                context = agent.recall(sid, f"Running {tool}.", tool=tool, now=turns.clock)
                arm.tokens[-1] += context.tokens
                arm.rule_injections += _rules_in(context)
                # the assistant uses the relevant memories this recall gave it too
                given = [i for i in _relevant_ids(context) if i not in relevant_part]
                for record in mem.store.get_memories(given, scope):
                    if _is_relevant(record, s, keys, task_family | episode_family):
                        used.append(record.content)
            result = s.failure if s.fails else f"{tool} finished without errors"
            call = {"name": tool, "output": result, **({"error": result} if s.fails else {})}
            say("assistant", f"Running {tool}.", tool_calls=[call])
            episodes.record_action(
                episode.id, "tool_call", tool, f"ran {tool}", result=result, now=turns.clock
            )
            reply = " ".join([s.reply, *used])
            say("assistant", reply)
            if feedback:
                agent.feedback(sid, reply, now=turns.clock)
            for deadline in s.deadlines:
                say("user", deadline.text)
                if own["triggers"]:
                    triggers.detect(deadline.text, now=turns.clock, session_id=sid)
            last_lessons = []
            for correction in s.corrections:
                say("user", correction)
                last_lessons.append(agent.correct(correction, session_id=sid, now=turns.clock))
            episodes.complete(
                episode.id,
                outcome_score=0.3 if s.fails else 0.85,
                success=not s.fails,
                learnings=[s.learning],
                failure_modes=[s.failure] if s.fails else [],
                now=turns.clock,
            )
            seen.setdefault(s.family, []).append(episode.id)
            end = agent.end_session(sid, now=turns.tick())
            if own["rules"] and rules.due(sessions_ended=s.index + 1):
                report = rules.reflect(now=turns.tick(), sessions_ended=s.index + 1)
                arm.rules_created += len(report.created)
            elif getattr(end, "reflection", None):
                arm.rules_created += len(end.reflection.get("created", []))
        arm.rules = [
            f"{r.behavior} [{', '.join(r.keywords)}] {r.confidence:.2f}" for r in rules.list()
        ]
        for text, day in expected.items():
            got = fired_days.get(text)
            arm.deadlines.append(
                "never"
                if got is None
                else "on_day"
                if got == day
                else "late"
                if got > day
                else "early"
            )
        mem.close()
    return arm


def _share(values: Sequence[bool]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def report(world: dict[str, Any], seed: int, config: Config) -> dict[str, Any]:
    """Both arms of one world and seed, and the measures."""
    with_fb = run(world, seed, feedback=True, config=config)
    without = run(world, seed, feedback=False, config=config)
    return {
        "world": world["name"],
        "seed": seed,
        "embedder": config.embedder,
        "driver": with_fb.driver,
        "sessions": 30,
        "lessons_applied": _share(with_fb.lessons),
        "corrections_checked": len(with_fb.lessons),
        "triggers_on_day": _share([d == "on_day" for d in with_fb.deadlines]),
        "deadlines": {k: with_fb.deadlines.count(k) for k in ("on_day", "late", "early", "never")},
        "spurious_triggers": with_fb.spurious_triggers,
        "precision_20_30_feedback": round(with_fb.relevant / with_fb.injected, 4)
        if with_fb.injected
        else None,
        "precision_20_30_no_feedback": round(without.relevant / without.injected, 4)
        if without.injected
        else None,
        "injected_20_30": {"feedback": with_fb.injected, "no_feedback": without.injected},
        "relevant_injected_20_30": {"feedback": with_fb.relevant, "no_feedback": without.relevant},
        "episode_recall_at_3": _share(with_fb.recall3),
        "repeated_tasks": len(with_fb.recall3),
        "tokens_per_session_mean": round(statistics.mean(with_fb.tokens), 1),
        "tokens_per_session_max": max(with_fb.tokens),
        "rules_created": with_fb.rules_created,
        "rule_injections": with_fb.rule_injections,
        "rules": with_fb.rules,
        "misses": with_fb.misses,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--world", type=Path, default=WORLDS / "agent-world-webapp.json")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--embedder", default="onnx-minilm")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    config = Config(embedder=args.embedder, llm_provider=None, jobs_catchup_budget_ms=CATCHUP_MS)
    emit(report(load_world(args.world), args.seed, config), args.out)
    return 0


def emit(result: dict[str, Any], out: Path | None) -> None:
    """Print ``result`` as JSON, and write it to ``out`` when given."""
    text = json.dumps(result, indent=2)
    print(text)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text + "\n", "utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
