"""Which lessons apply to a tool call about to run (Claude Code's ``PreToolUse``).

A lesson says what to do or not do with some tool, command, file or service:
"never run migrate against staging without a pg_dump first", "don't edit
internal/db/gen by hand", "always put a LIMIT on a select through the snowflake
tool". A tool call names the same things in its input: the command it runs, the
file it edits, the query it sends, the tool's own name (``mcp__snowflake__run_query``).

:func:`tool_text` reads those parts of a call; :func:`terms` turns a text into the
words and pieces of code it names (shell words, flags, each segment of a path and
its directories, the parts of a tool's name), lower-cased and lightly stemmed,
without function words and the words every instruction uses. A lesson applies when
the terms it shares with the call weigh at least ``agent_tool_match_min``, each
term weighed by how rare it is among the scope's lessons (idf): a lesson about
``pg_dump`` and ``migrate`` applies to ``python manage.py migrate``, and a word
most lessons share ("run", "prod") does not make every lesson apply.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from remem.agent.rules import stems

__all__ = ["LessonMatch", "matching", "terms", "tool_text"]

# The parts of a tool's input that say what it acts on (not file contents).
_FIELDS = (
    "command", "file_path", "path", "notebook_path", "sql", "query", "url", "pattern",
    "glob", "old_string", "new_string", "description", "prompt",
)  # fmt: skip
_FIELD_CHARS = 600  # of each field: a heredoc or a pasted file is not what the call is about
_SPLIT = re.compile(r"[\s'\"`;|&(),=<>{}\[\]!?*$\\]+")
_FOLDER = "dir:"  # a folder of a path the call names: weighs folder_weight of a term
_CODE = re.compile(r"^-{1,2}[a-z0-9]|[/_.:@]|\d")


def tool_text(tool: str, tool_input: Any) -> str:
    """What a tool call acts on, as text: its name and the telling fields of its input
    (command, path, query, URL, pattern, the edited strings' start)."""
    parts = [tool]
    data = tool_input
    if isinstance(tool_input, str):
        try:
            data = json.loads(tool_input)
        except ValueError:
            data = tool_input
    if isinstance(data, Mapping):
        for key in _FIELDS:
            value = data.get(key)
            if isinstance(value, str) and value.strip():
                parts.append(value[:_FIELD_CHARS])
    elif isinstance(data, str):
        parts.append(data[:_FIELD_CHARS])
    return "\n".join(parts)


def terms(text: str) -> set[str]:
    """The words and code pieces ``text`` names (see the module doc)."""
    whole, parts = named(text)
    return whole | parts


def named(text: str) -> tuple[set[str], set[str]]:
    """:func:`terms` in two: those ``text`` names as words or whole pieces of code,
    and those it names only as a part of a longer identifier (``aws`` of
    ``AWS_PROFILE``, ``ami`` of ``aws_ami``)."""
    out: set[str] = set()
    parts: set[str] = set()
    for raw in _SPLIT.split(text.lower()):
        token = raw.strip(".,:")
        if len(token) < 2:
            continue
        sep = "/" if "/" in token else ":" if ":" in token.strip(":") else ""
        if sep and not token.startswith("-"):
            # a path names its file; its folders count only as the whole path
            # (matched by containment, see _paths_shared); a task path's modules
            # (gradle's ":app:testDebugUnitTest", "image:tag") are its folders. A path
            # with no folder ("./gradlew") is its file alone, not counted twice.
            folders = [f for f in token.strip(sep).split(sep)[:-1] if len(f) > 1 and f != "."]
            if folders:
                out.add(token)
            out.update(_FOLDER + stem for f in folders for stem in stems(f))
            leaf = token.rstrip(sep).rsplit(sep, 1)[-1]
            if len(leaf) > 1:
                out.add(leaf)
                out.update(stems(leaf))
                parts.update(stems(leaf.replace("_", " ").replace(".", " ")))
            continue
        out.update(stems(token))
        if _CODE.search(token):
            out.add(token)
            if "__" in token:  # mcp__server__tool
                out.update(p for p in token.split("__") if len(p) > 2)
            if token.startswith("-"):
                out.add(token.lstrip("-"))
            parts.update(stems(token.replace("_", " ").replace(".", " ")))
    whole = {_undouble(t) for t in out if len(t) > 1}
    return whole, {_undouble(t) for t in parts if len(t) > 1} - whole


def _paths_shared(said: set[str], called: set[str]) -> set[str]:
    """The paths of a lesson ("internal/db/gen") that a call's path holds whole, at
    folder boundaries ("/srv/app/internal/db/gen/q.go")."""
    paths = [c.strip("/") for c in called if "/" in c]
    return {p for p in said if "/" in p and any(f"/{p.strip('/')}/" in f"/{c}/" for c in paths)}


def _undouble(word: str) -> str:
    """``committ`` (from "committing") -> ``commit``: a stem's doubled last consonant."""
    if len(word) > 4 and word[-1] == word[-2] and word[-1] in "bdgkmnprt":
        return word[:-1]
    return word


class LessonMatch:
    """A lesson (or rule) that applies to a call: its text, what it is, its score."""

    __slots__ = ("ref", "score", "shared", "text")

    def __init__(self, ref: str, text: str, score: float, shared: Sequence[str]) -> None:
        self.ref, self.text, self.score, self.shared = ref, text, score, tuple(shared)


def matching(
    lessons: Sequence[tuple[str, str]],
    tool: str,
    tool_input: Any,
    *,
    min_score: float,
    prior: float,
    limit: int,
    folder_weight: float = 0.5,
    part_weight: float = 0.5,
    redundant_share: float = 1.0,
) -> list[LessonMatch]:
    """The lessons ``(id, text)`` that apply to the call, best first, at most ``limit``.
    A term's weight is ``log((lessons + prior) / (lessons naming it + 0.5))``: with
    few lessons a shared term still counts (``prior``: lessons assumed not to name
    it). A folder of a path the call names weighs ``folder_weight`` of a term
    (``migrations/`` of a migration file: the lesson may be about migrations, or
    the folder may hold everything). A term both name only as a part of a longer
    identifier (``aws`` of the call's ``AWS_PROFILE`` and of the lesson's ``aws_ami``:
    two different things) weighs ``part_weight`` of one. The tool's own name never
    makes a lesson apply alone ("edit" in "don't edit applied migrations" is about
    migrations, not every edit). A lesson most of whose terms (``redundant_share``)
    are in one ranked above it says that one again ("plan -out, then apply the file,
    every time" under "always plan -out and apply that saved plan file"): it is left
    out, and the next lesson takes its place."""
    if not lessons or limit <= 0:
        return []
    called_whole, called_parts = named(tool_text(tool, tool_input))
    called = called_whole | called_parts
    own = terms(tool)
    said = [(ref, text, *named(text)) for ref, text in lessons]
    said = [(ref, text, whole | parts, parts) for ref, text, whole, parts in said]
    count = len(said)
    df: dict[str, int] = {}
    for _, _, words, _ in said:
        for word in words:
            df[word] = df.get(word, 0) + 1
    found = []
    folders = {w[len(_FOLDER) :] for w in called if w.startswith(_FOLDER)}
    for ref, text, words, parts in said:
        shared = sorted((words & called) | _paths_shared(words, called))
        inside = sorted((words & folders) - set(shared))
        if not (set(shared) | set(inside)) - own:
            continue

        def idf(word: str) -> float:
            return math.log((count + prior) / (df.get(word, 0) + 0.5))

        score = sum(
            idf(w)
            * (
                part_weight
                if w in parts and w in called_parts
                else folder_weight
                if w.startswith(_FOLDER)
                else 1.0
            )
            for w in shared
        )
        score += folder_weight * sum(idf(w) for w in inside)
        shared += [f"{w}/" for w in inside]
        if score >= min_score:
            found.append((LessonMatch(ref, text, round(score, 3), shared), words))
    found.sort(key=lambda m: -m[0].score)
    out: list[tuple[LessonMatch, set[str]]] = []
    for match, words in found:
        plain = {w for w in words if not w.startswith(_FOLDER)}
        if any(plain and len(plain & above) >= redundant_share * len(plain) for _, above in out):
            continue
        out.append((match, plain))
        if len(out) == limit:
            break
    return [m for m, _ in out]
