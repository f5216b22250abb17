"""Reminders on a condition: "remind me to drop the workaround when clap 4.6 is out",
"next time we touch settings/production.py, remind me to flip the cookie flag".

A reminder a user asks for (:data:`remem.write.acts.Act.REMINDER`) with no day in
it waits for its condition, not for a date. It is a forward trigger whose day is
:data:`CONDITION_DAY` (no session start brings it up as due) and whose ``phrase``
is the condition: the clause after ``when`` / ``once`` / ``after`` / ``as soon as``
/ ``next time`` / ``if`` / ``before``. Its **keys** are what the condition names
that a later text must name too: identifiers (a version, a file or path, a dotted
or snake-case name) and the name a version belongs to ("clap 4.6", "Airflow
2.9"); a condition with none keeps its content words. A later prompt, or the
input of a tool call about to run, that names every key — a version as a prefix
("4.6" in "4.6.0"), a path as a suffix ("settings/production.py" in
"/home/maya/shop/settings/production.py") — fires it: the whole reminder, as the
user said it, is put before the assistant, once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from remem.stopwords import STOPWORDS
from remem.textsplit import sentence_spans
from remem.write.acts import BASE_VERBS, Act, Utterance

__all__ = ["CONDITION_DAY", "condition_of", "fires", "keys_of", "on_files", "reminder_message"]

CONDITION_DAY = date(9999, 12, 31)  # a trigger's day when it waits for a condition

_MARKER = re.compile(
    r"\b(?:next\s+time(?:\s+when)?|as\s+soon\s+as|whenever|when|once|after|if|before|until)\b",
    re.IGNORECASE,
)
# Where a condition clause ends: a comma, dash or sentence end, or the reminder's own
# frame ("remind me", "to <do>", "we must", "please").
_END = re.compile(
    r"[,;:.!?]\s|[,;:!?]$|\s[—–-]\s|\bremind\b|"
    # "to <verb> (out) the ...": a verb the list does not know, known by its object
    r"\bto\s+[a-z]+\s+(?:(?:out|up|off|down|away|back)\s+)?"
    r"(?:the|a|an|our|my|this|that|these|those|it|them)\b|"
    r"\bto\s+(?P<verb>[a-z]+)\b|\bwe\s+(?:must|need|should)\b|"
    r"\bplease\b|\bplz\b|\bpls\b",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[A-Za-z0-9_][\w./+-]*[\w+]|[A-Za-z0-9]")
_VERSION = re.compile(r"^v?\d+(?:\.\d+)+[a-z0-9.-]*$", re.IGNORECASE)
_VERBISH = re.compile(r"(?:ed|ing)$")
_COMMON = frozenset(
    """upgrade upgrades upgraded move moves moved go goes went bump bumps bumped ship ships
    shipped release released land lands landed come comes out is are was be been get gets
    touch touches touched change changes changed edit edits edited leave leaves left we
    time next""".split()
)


# Verbs of working on a file ("next time we touch / change / edit X", "next time we're
# in X"): a closed class.
_WORK_ON = re.compile(
    r"\b(?:touch|touches|touched|touching|change|changes|changed|changing|edit|edits|edited|"
    r"editing|modify|modifies|modified|modifying|open|opens|opened)\b|"
    r"\b(?:we|i|you)(?:'re|’re|'m|’m|\s+are|\s+am)\s+in\b",  # "next time we're in X"
    re.IGNORECASE,
)
_FILE = re.compile(r"/|\.[a-z][a-z0-9]{0,5}$", re.IGNORECASE)


# The reminder's own frame: asking for it, and asking politely (a closed class).
_FRAME_WORD = re.compile(
    r"^(?:remind(?:ers?|s|ed|ing)?|please|pls|plz|kindly|hey|thanks|know|let)$", re.IGNORECASE
)
_ASKS = (Act.REQUEST, Act.QUESTION)


def reminder_message(said: Utterance, *, limit: int) -> str:
    """The reminder as the user said it, from the prompt ``said``: the whole sentence
    each reminder clause stands in (a dash or bracket inside it cuts nothing: "remind me
    — next time we touch R/plots.R — to switch the palette"). A reminder that names only
    its condition ("could you remind me when brms 2.22 is on CRAN?") says what it is for
    in what follows: the next sentences of its paragraph come with it, up to the next
    ask (a request or a question) and ``limit`` characters."""
    text = said.text
    spans = sentence_spans(text)
    placed: list[tuple[int, Act]] = []  # where each clause starts in the prompt
    cursor = 0
    for clause in said.sentences:
        at = text.find(clause.text, cursor)
        if at < 0:  # rewritten on the way (white space): the clauses alone
            joined = " ".join(s.text for s in said.sentences if s.act is Act.REMINDER)
            return joined
        placed.append((at, clause.act))
        cursor = at + len(clause.text)

    def index_of(position: int) -> int:
        return next((n for n, (a, b) in enumerate(spans) if a <= position < b), -1)

    asks = {index_of(at) for at, act in placed if act in _ASKS}
    chosen: list[int] = []
    for at, act in placed:
        n = index_of(at)
        if act is not Act.REMINDER or n < 0 or n in chosen:
            continue
        chosen.append(n)
        if _names_an_action(text[spans[n][0] : spans[n][1]]):
            continue
        size = spans[n][1] - spans[n][0]
        for m in range(n + 1, len(spans)):
            between = text[spans[m - 1][1] : spans[m][0]]
            size += spans[m][1] - spans[m][0]
            if m in asks or "\n\n" in between or size > limit or m in chosen:
                break
            chosen.append(m)
    return " ".join(text[spans[n][0] : spans[n][1]] for n in sorted(chosen))


def _names_an_action(sentence: str) -> bool:
    """Whether a reminder's sentence says what to do beside its condition."""
    condition = condition_of(sentence)
    rest = sentence.replace(condition, " ") if condition else sentence
    rest = _MARKER.sub(" ", rest)
    return any(
        len(t) > 2
        and t.lower() not in STOPWORDS
        and t.lower() not in _COMMON
        and not _FRAME_WORD.match(t)
        for t in _TOKEN.findall(rest)
    )


def on_files(condition: str) -> bool:
    """Whether the condition is work on a file ("we change dbt_project.yml", "we touch
    settings/production.py"): a tool call acting on it meets it, not a prompt that
    names the file (the reminder comes back before the call that touches it)."""
    if not _WORK_ON.search(condition):
        return False
    return any(_FILE.search(k) and not _VERSION.match(k) for k in keys_of(condition))


def condition_of(text: str) -> str | None:
    """The condition clause of a reminder, or None when it names none."""
    for marker in _MARKER.finditer(text):
        rest = text[marker.end() :]
        end = next(
            (m for m in _END.finditer(rest) if not m["verb"] or m["verb"].lower() in BASE_VERBS),
            None,
        )
        clause = rest[: end.start()] if end else rest
        clause = clause.strip(" ,;:—–-")
        if clause and any(c.isalnum() for c in clause):
            return clause
    return None


def keys_of(condition: str) -> list[str]:
    """What a later text must name for the condition to hold (see the module doc)."""
    tokens = _TOKEN.findall(condition)
    keys: list[str] = []
    for n, token in enumerate(tokens):
        low = token.lower()
        if _identifier(token):
            keys.append(low)
            if _VERSION.match(token) and n > 0:
                before = tokens[n - 1].lower()
                if (
                    before.isalpha()
                    and before not in STOPWORDS
                    and before not in _COMMON
                    and not _VERBISH.search(before)
                ):
                    keys.append(before)
    if keys:
        return list(dict.fromkeys(keys))
    words = [
        t.lower()
        for t in tokens
        if t.lower() not in STOPWORDS and t.lower() not in _COMMON and len(t) > 2
    ]
    return list(dict.fromkeys(words))


def fires(keys: Sequence[str], text: str) -> bool:
    """Whether ``text`` names every key (versions as prefixes, paths as suffixes)."""
    if not keys:
        return False
    tokens = [t.lower() for t in _TOKEN.findall(text)]
    return all(any(_names(key, token) for token in tokens) for key in keys)


def _identifier(token: str) -> bool:
    return any(c.isdigit() for c in token) or any(c in token for c in "./_")


def _names(key: str, token: str) -> bool:
    if token == key:
        return True
    if _VERSION.match(key):
        return token.startswith(key) and token[len(key) : len(key) + 1] in (".", "")
    if "/" in key or "." in key:
        return token.endswith("/" + key) or (token.endswith(key) and "/" in key)
    # a name is a segment of a package's path ("livewire" of "livewire/livewire 3.5.0")
    return "/" in token and key in token.strip("/").split("/")
