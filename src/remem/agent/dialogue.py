"""What a session said and did just before now, read back from its checkpoints.

Each observed turn is a checkpoint (``observe``): a user's prompt, an assistant's
reply, a tool call with its input and whether it failed. The turn before a prompt
is what the assistant said and did since the prompt before it: a correction that
does not name its subject ("you did it again") is about that turn, and a short
follow-up ("ship it") is searched with it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remem.agent.session import OBSERVED
from remem.model import Checkpoint
from remem.write.act_example import CUE as EXAMPLE
from remem.write.act_example import example_text
from remem.write.acts import LESSON_ACTS, Act, Sentence, Utterance

__all__ = [
    "PreviousTurn",
    "Said",
    "action_phrase",
    "lesson_text",
    "said_in",
    "salient",
    "turn_before",
]

# The fields of a tool's input that say what it acted on, most telling first.
_SALIENT = ("command", "file_path", "path", "sql", "query", "url", "pattern", "notebook_path")
ACTION_CHARS = 200  # a tool call's salient input kept in a lesson's context


@dataclass(frozen=True, slots=True)
class Said:
    """One observed turn: who, what, and the tool calls it recorded."""

    turn: int
    role: str
    text: str
    calls: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class PreviousTurn:
    """The assistant's turn before a prompt: its text (replies and tool inputs, for
    reading the prompt against), its last action, and the user's prompt before it."""

    text: str = ""
    action: str | None = None
    prompt: str | None = None
    actions: tuple[str, ...] = field(default_factory=tuple)
    replies: tuple[str, ...] = field(default_factory=tuple)  # the assistant's texts, in order
    calls: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)  # one per action


def said_in(points: Sequence[Checkpoint]) -> list[Said]:
    """The observed turns of a session's checkpoints, in order."""
    out = []
    for point in points:
        state = point.internal_state if isinstance(point.internal_state, dict) else {}
        if not state.get(OBSERVED):
            continue
        role = str(state.get("role") or "user")
        text = point.user_input if isinstance(point.user_input, str) else point.llm_output
        calls = point.tool_calls if isinstance(point.tool_calls, list) else []
        out.append(
            Said(
                turn=point.turn,
                role=role,
                text=text if isinstance(text, str) else "",
                calls=tuple(c for c in calls if isinstance(c, Mapping)),
            )
        )
    return out


def salient(name: str, value: Any) -> str:
    """What a tool call acted on, in a few words: ``Bash: make sqlc``, ``Edit:
    internal/db/gen/q.go`` (the command, path, query or URL of its input)."""
    data = value
    if isinstance(value, str):
        try:
            data = json.loads(value)
        except ValueError:
            data = value
    if isinstance(data, Mapping):
        for key in _SALIENT:
            found = data.get(key)
            if isinstance(found, str) and found.strip():
                return _clip(f"{name}: {' '.join(found.split())}")
        return _clip(name)
    if isinstance(data, str) and data.strip():
        return _clip(f"{name}: {' '.join(data.split())}")
    return _clip(name)


def turn_before(said: Sequence[Said]) -> PreviousTurn:
    """The assistant's turn before the latest user prompt in ``said`` (the prompt
    itself not observed yet: the turn since the last prompt)."""
    texts: list[str] = []
    actions: list[str] = []
    calls: list[Mapping[str, Any]] = []
    prompt = None
    for item in reversed(said):
        if item.role == "user":
            prompt = item.text
            break
        for call in reversed(item.calls):
            name = str(call.get("name") or call.get("tool") or "tool")
            actions.append(salient(name, call.get("input")))
            calls.append(call)
        if item.role == "assistant" and item.text:
            texts.append(item.text)
    actions.reverse()
    calls.reverse()
    texts.reverse()
    return PreviousTurn(
        text="\n".join([*texts, *actions]),
        action=actions[-1] if actions else None,
        prompt=prompt,
        actions=tuple(actions),
        replies=tuple(texts),
        calls=tuple(calls),
    )


def action_phrase(action: str) -> str:
    """A tool call (:func:`salient`) as the context of a lesson: "running `make sqlc`",
    "editing internal/db/gen/q.go", "calling mcp__snowflake__run_query"."""
    name, _, what = action.partition(": ")
    if not what:
        return f"calling {name}"
    verb = {"bash": "running", "edit": "editing", "multiedit": "editing", "write": "writing",
            "notebookedit": "editing", "read": "reading"}.get(name.lower())  # fmt: skip
    if verb == "running":
        return f"running `{what}`"
    return f"{verb} {what}" if verb else f"calling {name} on {what}"


def lesson_text(said: Utterance) -> str:
    """What a lesson keeps of a prompt that corrects or sets a rule: everything it
    says from the sentence just before its first correction or rule on, but thanks
    and small talk (a rhetorical "did you pg_dump first??" names the subject of
    "that's the one rule"). A fragment of a word or two ("you did it again.
    nextest.", "thiserror there.") is what the correction is about, not small talk.
    What comes earlier is not the lesson's: a project's introduction with a rule at
    its end ("ledger-svc. go 1.22, pgx + sqlc. local pg runs in docker on 55432.
    don't touch my 5432") keeps the rule and the sentence it follows, not the
    versions said before (facts, kept as facts, which a later change supersedes; a
    lesson holding them would show the old value at every session start). A
    correction by example ("No. Like this:" and a fenced block,
    :mod:`remem.write.act_example`) keeps its block, as one clipped line of code."""
    sentences = list(said.sentences)
    first = next((n for n, s in enumerate(sentences) if s.act in LESSON_ACTS), 0)
    kept = sentences[max(0, first - 1) :]
    # the sentence just before the first lesson is its subject, even said as an aside
    # ("sorry, no — it's the other interval. Everything in the chapter uses that one")
    subject = kept[0] if first > 0 and "aside" in kept[0].cues else None
    keep = [
        example_text(s.text) if EXAMPLE in s.cues and s.act is Act.CHATTER else s.text
        for s in kept
        if s is subject or (s.act is not Act.THANKS and (EXAMPLE in s.cues or not _small_talk(s)))
    ]
    return " ".join(keep).strip()


def _small_talk(sentence: Sentence) -> bool:
    """Chatter that says nothing the lesson needs: interjections and asides, not a
    short fragment that names something (:func:`remem.write.acts.classify`'s
    ``short``)."""
    return sentence.act is Act.CHATTER and "short" not in sentence.cues


def _clip(text: str) -> str:
    return text if len(text) <= ACTION_CHARS else text[: ACTION_CHARS - 1] + "…"
