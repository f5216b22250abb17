"""Scoring a replay of recorded Claude Code sessions (``bench/sessions.py``).

A project file (``bench/data/sessions/<split>/<project>.json``) holds its sessions
and what a memory engine should do with them (``expect``): facts needed later,
corrections that should come back as lessons, rules about tools, repeated tasks,
triggers, the prompts that must never become memories. :func:`score_project`
reads the hooks' answers of a replay (:class:`~remem.eval.claude_replay.HookRun`)
and the store's active memories at the end, and counts, by substring on
lower-cased text (the corpus's own convention):

- **facts**: at each ``needed_in`` prompt, a line of the session's start block or
  of that prompt's answer holds every term (``from_start`` / ``from_prompt``);
  **stale**: such a line holds an old value (``stale_terms``) without the new one (each
  such line counted by cause: its section, and whether it is an episode's task);
- **lessons**: the next session's start block shows, under a ``Lessons`` or
  ``Rules`` heading, a line with every lesson term the correction and the turn it
  corrects contain (a "you did it again" names its subject only through that turn);
- **rules**: the ``PreToolUse`` answer of each ``before`` call has a line with every
  rule term;
- **episodes**: the ``repeat`` prompt's answer (or its session's start block) has a
  line with every learning term of the earlier task;
- **triggers**: the ``fires_at`` event's answer has a line with every word of the
  subject that the ``set_at`` prompt holds (the whole subject, not half of it);
- **pollution**: the share of active long-term memories (episodes aside: a task's
  record is meant to hold its request) whose source is a request, question,
  chatter or thanks prompt — the prompt holding most of the memory's words (at
  least :data:`SOURCE_SHARE`) — or that is a question; also counted: prompts kept
  word for word, and memories of proposals the user turned down.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remem.agent.lessons import SUBJECT_MARK
from remem.eval.claude_replay import HookRun

__all__ = ["POLLUTION_LABELS", "ProjectScore", "score_project", "summarise", "turn_before"]

POLLUTION_LABELS = frozenset({"request", "question", "chatter", "thanks"})
SOURCE_SHARE = 0.6  # a memory comes from the prompt holding this share of its words
_WORD = re.compile(r"[a-z0-9][a-z0-9_./:+@-]*[a-z0-9]|[a-z0-9]")
_SMALL = frozenset(
    "the a an and or of to in on at is are was were be it this that for with we you i "
    "our my me us can could would will should do does did not no yes so if as by from "
    "then than there here its it's i'm we're you're please just also about into when".split()
)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _SMALL and len(w) > 2}


def _lines(context: str, *, headings: Sequence[str] | None = None) -> list[str]:
    """The lines of a context block (``headings``: only under a ``## `` heading
    containing one of these words)."""
    out, keep = [], headings is None
    for line in context.splitlines():
        if line.startswith("## "):
            keep = headings is None or any(h.lower() in line.lower() for h in headings)
            continue
        if keep and line.strip():
            out.append(line.lower())
    return out


def _headed(context: str) -> list[tuple[str, str]]:
    """The lines of a context block, lower-cased, each with its ``## `` heading."""
    out, head = [], ""
    for line in context.splitlines():
        if line.startswith("## "):
            head = line[3:].strip().lower()
        elif line.strip():
            out.append((head, line.lower()))
    return out


_EPISODE_LINE = re.compile(r"^[~-]\s*(?:task|succeeded at|failed at):")


def _cause(head: str, line: str) -> str:
    """What a stale line is: its section, and "episode" for an episode's task or
    summary shown as a memory."""
    return f"{head} (episode)" if _EPISODE_LINE.match(line) else head


def _has(lines: Iterable[str], terms: Sequence[str]) -> bool:
    wanted = [t.lower() for t in terms]
    return any(all(t in line for t in wanted) for line in lines)


@dataclass
class ProjectScore:
    """One project's counts (see the module doc)."""

    project: str
    facts_needed: int = 0
    facts_found: int = 0
    facts_from_start: int = 0
    facts_from_prompt: int = 0
    stale: int = 0
    stale_checked: int = 0
    lessons: int = 0
    lessons_shown: int = 0
    rules: int = 0
    rules_shown: int = 0
    episodes: int = 0
    episodes_found: int = 0
    triggers: int = 0
    triggers_fired: int = 0
    triggers_whole: int = 0
    memories: int = 0
    polluted: int = 0
    verbatim_prompts: int = 0
    rejected_proposals_stored: int = 0
    tokens: int = 0
    start_tokens: list[int] = field(default_factory=list)
    latency_ms: dict[str, list[float]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    stale_causes: list[str] = field(default_factory=list)  # "start: project facts", ...
    polluting: list[str] = field(default_factory=list)


def score_project(
    project: Mapping[str, Any],
    runs: Sequence[Sequence[HookRun]],
    memories: Sequence[Any],
    *,
    count_tokens: Any = None,
) -> ProjectScore:
    """Score one replayed project: ``runs[s][e]`` is event ``e`` of session ``s``;
    ``memories``: the scope's active memories at the end (``MemoryRecord``)."""
    sessions = project["sessions"]
    expect = project["expect"]
    out = ProjectScore(project=str(project["project"]))

    def ctx(s: int, e: int) -> str:
        return runs[s][e].context if s < len(runs) and e < len(runs[s]) else ""

    def start(s: int) -> str:
        return ctx(s, 0)

    for fact in expect.get("facts", []):
        for s, e in fact["needed_in"]:
            out.facts_needed += 1
            in_start = _has(_lines(start(s)), fact["terms"])
            in_prompt = _has(_lines(ctx(s, e)), fact["terms"])
            out.facts_from_start += in_start
            out.facts_from_prompt += in_prompt
            out.facts_found += in_start or in_prompt
            if not (in_start or in_prompt):
                out.misses.append(f"fact {fact['id']} at {s}.{e}: {fact['terms']}")
            if fact.get("stale_terms"):
                out.stale_checked += 1
                shown = _lines(start(s)) + _lines(ctx(s, e))
                current = [t.lower() for t in fact["terms"]]
                old = [t.lower() for t in fact["stale_terms"]]
                if any(
                    any(t in line for t in old) and not all(t in line for t in current)
                    for line in shown
                ):
                    out.stale += 1
                    causes = sorted(
                        {
                            f"{where}: {_cause(head, line)}"
                            for where, text in (("start", start(s)), ("prompt", ctx(s, e)))
                            for head, line in _headed(text)
                            if any(t in line for t in old) and not all(t in line for t in current)
                        }
                    )
                    out.stale_causes.extend(causes)
                    out.misses.append(
                        f"stale {fact['id']} at {s}.{e}: {fact['stale_terms']} ({'; '.join(causes)})"
                    )

    for corr in expect.get("corrections", []):
        out.lessons += 1
        s, e = corr["at"]
        said = sessions[s]["events"][e].get("prompt", "") + "\n" + turn_before(sessions[s], e)
        said = said.lower()
        required = [t for t in corr["lesson_terms"] if t.lower() in said] or corr["lesson_terms"]
        shown = _lines(start(corr["shown_at_start_of"]), headings=("lesson", "rule"))
        if _has(shown, required):
            out.lessons_shown += 1
        else:
            out.misses.append(f"lesson {corr['id']}: {required}")

    for rule in expect.get("rules", []):
        for s, e in rule["before"]:
            out.rules += 1
            if _has(_lines(ctx(s, e)), rule["rule_terms"]):
                out.rules_shown += 1
            else:
                out.misses.append(f"rule {rule['id']} before {s}.{e}: {rule['rule_terms']}")

    for ep in expect.get("episodes", []):
        out.episodes += 1
        s, e = ep["repeat"]
        if _has(_lines(start(s)) + _lines(ctx(s, e)), ep["learning_terms"]):
            out.episodes_found += 1
        else:
            out.misses.append(f"episode {ep['id']} at {s}.{e}: {ep['learning_terms']}")

    for trig in expect.get("triggers", []):
        out.triggers += 1
        s, e = trig["fires_at"]
        ss, se = trig["set_at"]
        said = _words(sessions[ss]["events"][se].get("prompt", ""))
        subject = sorted(w for w in _words(trig["subject"]) if w in said)
        lines = _lines(ctx(s, e))
        key = [w for w in subject if any(c.isdigit() for c in w) or "." in w or "/" in w]
        if (key and _has(lines, key[:1])) or (not key and _has(lines, subject[:2])):
            out.triggers_fired += 1
        if _has(lines, subject):
            out.triggers_whole += 1
        else:
            out.misses.append(f"trigger {trig['id']} at {s}.{e}: {subject}")

    _pollution(out, sessions, expect, memories)
    counter = count_tokens or (lambda text: len(text.split()))
    for session_runs in runs:
        for run in session_runs:
            if not run.ran:
                continue
            tokens = counter(run.context) if run.context else 0
            out.tokens += tokens
            if run.index == 0:
                out.start_tokens.append(tokens)
            label = "first" if run.first else run.hook
            out.latency_ms.setdefault(label, []).append(run.ms)
    return out


def turn_before(session: Mapping[str, Any], index: int) -> str:
    """The text of the turn before prompt ``index``: the assistant's messages and
    the tool calls since the prompt before it."""
    parts: list[str] = []
    for event in reversed(session["events"][:index]):
        if event.get("hook") == "UserPromptSubmit":
            break
        if "assistant" in event:
            parts.append(str(event["assistant"]))
        elif event.get("hook") == "PreToolUse":
            parts.append(str(event.get("tool_input")))
    return "\n".join(reversed(parts))


def _pollution(
    out: ProjectScore,
    sessions: Sequence[Mapping[str, Any]],
    expect: Mapping[str, Any],
    memories: Sequence[Any],
) -> None:
    prompts = [
        (str(ev["prompt"]), str(ev.get("label", "")))
        for session in sessions
        for ev in session["events"]
        if ev.get("hook") == "UserPromptSubmit"
    ]
    said = [(_words(p), label, " ".join(p.lower().split())) for p, label in prompts]
    proposals = []
    for item in expect.get("rejected_proposals", []):
        s, e = item["at"]
        event = sessions[s]["events"][e]
        proposals.append(
            (_words(str(event.get("assistant", ""))), [t.lower() for t in item["terms"]])
        )
    for memory in memories:
        data = getattr(memory, "data", {}) or {}
        if "episode" in data or "episode_of" in data:
            continue
        content = str(memory.content)
        lesson = data.get("metadata", {}).get("lesson", {}) if isinstance(data, Mapping) else {}
        if isinstance(lesson, Mapping) and lesson.get("subject") and SUBJECT_MARK in content:
            # a lesson is what its prompt said: the turn it answers, kept after it, is not
            content = content[: content.index(SUBJECT_MARK)]
        words = _words(content)
        out.memories += 1
        normal = " ".join(content.lower().split()).rstrip(".")
        if any(normal == text.rstrip(".") for _, _, text in said):
            out.verbatim_prompts += 1
        best, label = 0.0, ""
        for prompt_words, prompt_label, _ in said:
            share = len(words & prompt_words) / len(words) if words else 0.0
            if share > best:
                best, label = share, prompt_label
        polluted = content.rstrip().endswith("?") or (
            best >= SOURCE_SHARE and label in POLLUTION_LABELS
        )
        if polluted:
            out.polluted += 1
            out.polluting.append(f"[{label}] {content[:160]}")
        for proposal_words, terms in proposals:
            share = len(words & proposal_words) / len(words) if words else 0.0
            if share >= SOURCE_SHARE and all(t in content.lower() for t in terms):
                out.rejected_proposals_stored += 1


def _counts(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def _pct(values: Sequence[float], p: int) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return round(values[0], 1)
    return round(statistics.quantiles(values, n=100, method="inclusive")[p - 1], 1)


def summarise(scores: Sequence[ProjectScore]) -> dict[str, Any]:
    """The totals and rates of several projects (one split)."""

    def total(name: str) -> int:
        return sum(int(getattr(s, name)) for s in scores)

    def rate(num: str, den: str) -> float | None:
        d = total(den)
        return round(total(num) / d, 3) if d else None

    latency: dict[str, list[float]] = {}
    for s in scores:
        for key, values in s.latency_ms.items():
            latency.setdefault(key, []).extend(values)
    every = [v for key, values in latency.items() for v in values]
    later = [v for key, values in latency.items() if key != "first" for v in values]
    starts = [t for s in scores for t in s.start_tokens]
    hooks_run = len(every)
    return {
        "projects": len(scores),
        "recall": rate("facts_found", "facts_needed"),
        "recall_from_start": rate("facts_from_start", "facts_needed"),
        "recall_from_prompt": rate("facts_from_prompt", "facts_needed"),
        "facts_needed": total("facts_needed"),
        "stale": total("stale"),
        "stale_checked": total("stale_checked"),
        "stale_by_cause": _counts(c for s in scores for c in s.stale_causes),
        "pollution": rate("polluted", "memories"),
        "polluted": total("polluted"),
        "memories": total("memories"),
        "verbatim_prompts": total("verbatim_prompts"),
        "rejected_proposals_stored": total("rejected_proposals_stored"),
        "lessons": rate("lessons_shown", "lessons"),
        "lessons_shown": total("lessons_shown"),
        "lessons_total": total("lessons"),
        "rules": rate("rules_shown", "rules"),
        "rules_shown": total("rules_shown"),
        "rules_total": total("rules"),
        "episodes": rate("episodes_found", "episodes"),
        "episodes_found": total("episodes_found"),
        "episodes_total": total("episodes"),
        "triggers_fired": total("triggers_fired"),
        "triggers_whole": total("triggers_whole"),
        "triggers_total": total("triggers"),
        "tokens_injected": total("tokens"),
        "tokens_per_hook": round(total("tokens") / hooks_run, 1) if hooks_run else 0.0,
        "start_tokens_p50": _pct([float(t) for t in starts], 50),
        "hooks_run": hooks_run,
        "latency_ms": {
            "all": {"p50": _pct(every, 50), "p95": _pct(every, 95)},
            "first": {
                "n": len(latency.get("first", [])),
                "p50": _pct(latency.get("first", []), 50),
                "p95": _pct(latency.get("first", []), 95),
            },
            "later": {"p50": _pct(later, 50), "p95": _pct(later, 95)},
            **{
                key: {"n": len(v), "p50": _pct(v, 50), "p95": _pct(v, 95)}
                for key, v in sorted(latency.items())
                if key != "first"
            },
        },
    }
