"""What a correction is about, taken from the assistant's turn it answers.

A user corrects the turn just done more often without naming what was wrong than
with it: "hmm no, not like that, the server should stamp it", "ugh, again", "that's
the old way", "constructor please". What was wrong lives only in that turn: the
assistant's reply ("Added ``logNow`` which writes ``createdAt: DateTime.now()``"), the
code an edit wrote, the command it ran. A lesson kept as said ("Not like that.") is
useless at the next start; it needs its subject.

:func:`lesson_subject` picks it from the turn, by what the correction shares with it
(words, identifiers split at case changes, so "set state" meets ``setState``) and by
the turn's shape, never by a list of topics:

- the **action**: the tool call sharing most words with the correction, else the last
  call that changed a file (a build or a test run after it only checked the change),
  else the last call;
- the **reply**: the assistant's last reply whole when short, else its sentences that
  share a word with the correction (else its first: what it did), within
  :data:`SUBJECT_CHARS`;
- the **code**: lines the turn's edits added that share a word with the correction
  ("gather and spread are superseded" names ``tidyr::gather(...)``);
- the **failure** the action worked around: the last call before it that failed
  ("build_runner refuses, so I'll patch the generated file").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from remem.agent.dialogue import PreviousTurn, action_phrase
from remem.textsplit import split_sentences
from remem.write.act_example import CUE as EXAMPLE
from remem.write.acts import Act, Utterance
from remem.write.injection import adoption_flag

__all__ = ["Subject", "lesson_context", "lesson_subject", "subject_words"]

SUBJECT_CHARS = 180  # of the reply kept beside a lesson
CODE_LINES = 1  # added lines of code kept beside a lesson
CODE_CHARS = 80  # of it
EXAMPLE_CODE_LINES = 2  # beside a correction by example, instead of the reply
_EDITS = frozenset({"edit", "multiedit", "write", "notebookedit"})
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
# words too common to say what two texts share (function words, and the words every
# coding turn has)
_COMMON = frozenset(
    "the and for with that this those these them then than there their here what when "
    "where which while you your yours our ours its it's not now just also only like into "
    "from have has had was were are been being will would should could can did does done "
    "about after before again all any some more most very too one two thing things stuff "
    "way use used using make made get got need needs want wants said say tell told please "
    "sorry thanks thank okay yes well file files code line lines added add new old".split()
)


@dataclass(frozen=True, slots=True)
class Subject:
    """What a correction answers: the tool call (a :func:`~remem.agent.dialogue.salient`
    phrase), and the reply and code excerpt beside it ("" when there is none)."""

    action: str | None
    excerpt: str
    shared: bool = False  # the correction shares a word with the reply, the code or the action


def subject_words(text: str) -> set[str]:
    """The content words of ``text``, identifiers split at case changes and
    underscores, lower-cased, a plural's ``s`` dropped."""
    out: set[str] = set()
    for token in _TOKEN.findall(text):
        parts = [token, *_CAMEL.findall(token)] if not token.islower() else [token]
        for part in parts:
            word = part.lower()
            if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
                word = word[:-1]
            if len(word) >= 3 and word not in _COMMON:
                out.add(word)
    return out


def lesson_subject(
    prompt: str,
    *,
    replies: Sequence[str],
    calls: Sequence[Mapping[str, Any]],
    actions: Sequence[str],
) -> Subject:
    """The subject of ``prompt`` in the turn before it: its ``replies`` (the assistant's
    texts, in order), ``calls`` (tool calls as observed: ``name``, ``input``) and
    ``actions`` (their salient phrases, in the same order)."""
    said = subject_words(prompt)
    action = _action(said, calls, actions)
    last = replies[-1] if replies else ""
    reply = _reply(said, last)
    code = _code(said, calls)
    parts = [reply] if reply else []
    parts += [f"`{line}`" for line in code if line not in reply]
    failed = _failed_before(action, calls, actions)
    if failed:  # what the action worked around ("build_runner refuses, so I'll patch ...")
        parts.append(f"(after {failed} failed)")
    shared = bool(said & (subject_words(last) | subject_words(" ".join(actions))))
    shared = shared or bool(_code(said, calls))
    return Subject(action, " ".join(parts), shared)


def lesson_context(said: Utterance, before: PreviousTurn | None) -> tuple[str | None, str | None]:
    """``(context, subject)`` of the lesson ``said`` teaches after the turn ``before``:
    the action it answers (an :func:`~remem.agent.dialogue.action_phrase`) and what the
    turn said and wrote of it. A correction always answers the turn; a rule or a
    preference only when it shares a word with it ("no no, we don't do the set state
    thing" after an edit toggled by ``setState``). Text that reads as an instruction
    aimed at the agent is never kept beside a lesson."""
    if before is None or not (before.actions or before.replies):
        return None, None
    found = lesson_subject(
        said.text, replies=before.replies, calls=before.calls, actions=before.actions
    )
    if not said.has(Act.CORRECTION) and not found.shared:
        return None, None
    context = action_phrase(found.action) if found.action else None
    excerpt = found.excerpt
    if any(EXAMPLE in s.cues for s in said.sentences):
        # a correction by example shows what is right; of the turn, the code it replaces
        # says what was wrong (the reply's prose would only lengthen every start block)
        code = _code(subject_words(said.text), before.calls, limit=EXAMPLE_CODE_LINES)
        excerpt = " ".join(f"`{line}`" for line in code) or excerpt
    return context, excerpt if excerpt and not adoption_flag(excerpt) else None


def _action(
    said: set[str], calls: Sequence[Mapping[str, Any]], actions: Sequence[str]
) -> str | None:
    if not actions:
        return None
    shared = [len(said & subject_words(a)) for a in actions]
    if max(shared) > 0:
        best = max(shared)
        return [a for a, n in zip(actions, shared, strict=True) if n == best][-1]
    names = [_name(c) for c in calls] if len(calls) == len(actions) else []
    edits = [a for a, n in zip(actions, names, strict=False) if n in _EDITS]
    return edits[-1] if edits else actions[-1]


def _failed_before(
    action: str | None, calls: Sequence[Mapping[str, Any]], actions: Sequence[str]
) -> str | None:
    """The last call that failed before ``action`` in the turn, as a phrase."""
    if action is None or len(calls) != len(actions) or action not in actions:
        return None
    end = len(actions) - 1 - list(reversed(actions)).index(action)
    for call, phrase in zip(reversed(calls[:end]), reversed(actions[:end]), strict=True):
        if call.get("error"):
            return action_phrase(phrase)
    return None


def _reply(said: set[str], reply: str) -> str:
    text = " ".join(_prose(reply).split())
    if not text:
        return ""
    if len(text) <= SUBJECT_CHARS:
        return text
    sentences = split_sentences(text)
    kept = [s for s in sentences if said & subject_words(s)] or sentences[:1]
    out: list[str] = []
    for sentence in kept:
        if len(" ".join([*out, sentence])) > SUBJECT_CHARS:
            break
        out.append(sentence)
    return " ".join(out) or _clip(kept[0], SUBJECT_CHARS)


def _prose(reply: str) -> str:
    """A reply without its tables and fenced code: the lines a reader says."""
    lines, fenced = [], False
    for line in reply.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.lstrip().startswith("|"):
            continue
        lines.append(line)
    return "\n".join(lines)


def _code(
    words: set[str], calls: Iterable[Mapping[str, Any]], *, limit: int = CODE_LINES
) -> list[str]:
    """Lines the turn's edits added that share a word with ``words``, the most shared
    first (ties: the later edit first), at most ``limit``."""
    found: list[tuple[int, int, str]] = []
    for n, call in enumerate(calls):
        if _name(call) not in _EDITS:
            continue
        data = _input(call)
        old = set(str(data.get("old_string") or "").splitlines())
        new = str(data.get("new_string") or data.get("content") or data.get("new_source") or "")
        for line in new.splitlines():
            line = " ".join(line.split())
            if len(line) < 4 or line in old:
                continue
            shared = len(words & subject_words(line))
            if shared:
                found.append((shared, n, _clip(line, CODE_CHARS)))
    found.sort(key=lambda f: (-f[0], -f[1]))
    out: list[str] = []
    for _, _, line in found:
        if line not in out:
            out.append(line)
        if len(out) == limit:
            break
    return out


def _name(call: Mapping[str, Any]) -> str:
    return str(call.get("name") or call.get("tool") or "").lower()


def _input(call: Mapping[str, Any]) -> Mapping[str, Any]:
    data = call.get("input")
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            return {}
    return data if isinstance(data, Mapping) else {}


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
