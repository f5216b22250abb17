"""Episodes mined from a session's turns: what the user asked, what the assistant did,
how it went, and what fixed it.

A session is split into tasks at each prompt (:mod:`remem.write.acts`) but a
correction, thanks or chatter, which continue the task before it. A task that made tool calls becomes an episode:

- **goal**: the prompt that started it;
- **actions**: its tool calls (the tool and what it acted on; never their output);
- **outcome**, from signals: a tool call that failed and a later call of the same
  tool that worked (recovered: ``episode_recovered_score``), failures never
  recovered (``episode_failed_score``), the user's correction after it
  (``episode_corrected_score``), otherwise done (``1.0``); thanks after it counts
  for success;
- **learnings**, when it recovered from a failure: for each failure it got past, the
  first first, the sentences of the assistant's replies after it that name what the
  fix changed — the words and code pieces of the edits and commands that came after
  the failure (:func:`remem.agent.tools.terms`) — those naming most of them first, at
  most ``episode_learning_chars`` in all, in the reply's order. They are
  stored through :meth:`Episodes.complete`, whose checks (redaction, the injection
  check of what becomes a lesson or rule) every learning passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remem.agent.dialogue import Said
from remem.agent.tools import terms
from remem.config import Config
from remem.write.acts import Act, classify, split_sentences

__all__ = ["Task", "learnings_of", "outcome_of", "tasks_of"]

_STARTS = (Act.REQUEST, Act.QUESTION, Act.STATEMENT, Act.RULE, Act.REMEMBER, Act.REMINDER)
_TALK = (Act.THANKS, Act.CHATTER)


@dataclass(slots=True)
class Task:
    """One task of a session: its prompt, tool calls, replies, and what came after."""

    turn: int
    prompt: str
    calls: list[Mapping[str, Any]] = field(default_factory=list)
    replies: list[tuple[int, str]] = field(default_factory=list)  # (call index, text)
    corrected: bool = False
    thanked: bool = False
    end: int = 0  # the last turn of the task
    closed: bool = False  # a later task started


def tasks_of(said: Sequence[Said]) -> list[Task]:
    """The session's tasks, in order (see the module doc)."""
    tasks: list[Task] = []
    previous: list[str] = []
    for item in said:
        if item.role == "user":
            utterance = classify(item.text, previous="\n".join(previous))
            previous = []
            if tasks and utterance.has(Act.CORRECTION):
                tasks[-1].corrected = True
            elif utterance.has(*_TALK) and not utterance.has(*_STARTS):
                if tasks and utterance.thanks:
                    tasks[-1].thanked = True
            else:
                if tasks:
                    tasks[-1].closed = True
                tasks.append(Task(turn=item.turn, prompt=item.text, end=item.turn))
            continue
        if item.text:
            previous.append(item.text)
        if not tasks:
            continue
        task = tasks[-1]
        task.end = item.turn
        task.calls.extend(item.calls)
        if item.role == "assistant" and item.text:
            task.replies.append((len(task.calls), item.text))
    return tasks


def _key(call: Mapping[str, Any]) -> str:
    """What a call is, for "it worked later": the tool (a fix may run another command
    of it: ``cross build`` after ``cargo build`` failed)."""
    return str(call.get("name") or "tool")


def _failed_at(task: Task) -> int | None:
    return next((i for i, c in enumerate(task.calls) if c.get("error")), None)


def outcome_of(task: Task, config: Config) -> tuple[bool, float, bool]:
    """``(success, score, recovered)`` of a task, from its signals."""
    failed = [i for i, c in enumerate(task.calls) if c.get("error")]
    unrecovered = [
        i
        for i in failed
        if not any(
            not c.get("error") and _key(c) == _key(task.calls[i]) for c in task.calls[i + 1 :]
        )
    ]
    recovered = bool(failed) and not unrecovered
    if task.corrected and not task.thanked:
        return False, config.episode_corrected_score, recovered
    if unrecovered:
        return False, config.episode_failed_score, False
    if recovered:
        return True, config.episode_recovered_score, True
    return True, 1.0, False


def learnings_of(task: Task, config: Config) -> list[str]:
    """What fixed the task's failure (see the module doc); none without one."""
    first = _failed_at(task)
    if first is None:
        return []
    evidence: set[str] = set()
    for call in task.calls[first:]:
        if call.get("error"):
            continue
        value = call.get("input")
        if isinstance(value, Mapping):
            value = " ".join(str(v) for v in value.values() if isinstance(v, str))
        evidence |= terms(str(value or ""))
    # each failure the task got past, in order, from its first: the reply that
    # follows the fix sums it up; the ones between the failure and the fix say what
    # was tried (a correction later in the task is its own matter)
    out: list[str] = []
    room = config.episode_learning_chars
    start = first
    for fixed in _recoveries(task, first):
        after = [text for at, text in task.replies if at > fixed]
        during = [text for at, text in task.replies if start < at <= fixed]
        start = fixed
        said = _learned(after[:1] + list(reversed(during)), evidence, room)
        if said and said not in out:
            out.append(said)
            room -= len(said) + 1
    return [" ".join(out)] if out else []


def _learned(replies: Sequence[str], evidence: set[str], room: int) -> str:
    """The first of ``replies`` with sentences naming what the fix changed: those
    sentences, within ``room`` characters (see :func:`learnings_of`)."""
    for reply in replies:
        # the sentences naming most of what the fix changed first ("I set control =
        # lmerControl(optimizer = 'bobyqa')" before "fit_psqi failed: ..."), as many as
        # fit; said in the reply's order
        found: list[tuple[int, int, str]] = []
        for n, sentence in enumerate(dict.fromkeys(split_sentences(reply))):
            shared = terms(sentence) & evidence
            code = len([t for t in shared if _code_like(t)])
            words = len([t for t in shared if len(t) > 3])
            if code or words > 1:
                found.append((code + words, n, sentence))
        kept: list[tuple[int, str]] = []
        size = 0
        for _, n, sentence in sorted(found, key=lambda f: (-f[0], f[1])):
            if size + len(sentence) > room:
                continue  # a shorter one may still fit
            kept.append((n, sentence))
            size += len(sentence) + 1
        if kept:
            return " ".join(sentence for _, sentence in sorted(kept))
    return ""


def _recoveries(task: Task, first: int) -> list[int]:
    """The index of each call that made a failure good, in order: of a failure, the
    next call of the same tool that worked (the end of the task when none did)."""
    out: list[int] = []
    for at in [i for i, c in enumerate(task.calls) if c.get("error") and i >= first]:
        fixed = next(
            (
                i
                for i in range(at + 1, len(task.calls))
                if not task.calls[i].get("error") and _key(task.calls[i]) == _key(task.calls[at])
            ),
            len(task.calls),
        )
        if not out or fixed > out[-1]:
            out.append(fixed)
    return out


def _code_like(term: str) -> bool:
    return len(term) > 3 and (any(c in term for c in "_.()-:/%") or any(c.isdigit() for c in term))
