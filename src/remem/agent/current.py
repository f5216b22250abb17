"""The session start's project facts as they stand now: a memory whose value a newer
one among them replaced is not shown as current (``Recaller.key_facts``); in a prompt's
relevant memories, a line holding such a value is marked with the newer, never left out
(``Recaller.add_relevant``: the candidates the search found, shown or not, may replace).

The update decision (:mod:`remem.slots`) does not pair every update with what it
updates ("Msrv is 1.74." and "The user bumped msrv to 1.80." stay active side by
side), and an episode keeps the task as it was said then ("Task: msrv is 1.74"). So
the lines a block is about to show are compared pairwise, older against newer: the
newer **replaced** the older when both are about the same thing — a keyword in common
(speakers aside) and the embedding's cosine of the two at least
``agent_replaced_min_cosine`` — and the newer says a value of a kind the older holds
(a version, a time of day, an amount, a number, a host) that the older does not say,
or names a word of the older as what it left ("moved off Render", "instead of ...",
"not ... anymore", "no longer on ...": a closed class of cues; then the cosine is not
asked, only a keyword in common besides that word).
The older line is then dropped when it holds no other value (everything it pinned down
changed) and is no episode, and otherwise shown marked with the newer line (``since
changed: ...``) — an introduction that also names other things, an episode (its
learnings may still hold). Of several newer ones, the mark is the one naming what it
left, then one the block shows, then the nearest (a nearby memory merely holding another
number must not take the update's place), quoted by its sentence that changes the value.
The
store is not changed: the memories stay as they are, as history.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

import numpy as np

from remem.config import Config
from remem.model import Kind, MemoryRecord
from remem.read.feedback_context import keyword_stems
from remem.read.trust import said_at
from remem.slots import Fact, analyse
from remem.slots import lexicon as lx
from remem.slots.ending import ended_values
from remem.store.base import Store

__all__ = ["UNSTORED", "current", "named_left", "replaced_by", "since_changed", "values"]

# data key of a record made for the mark from a turn of this session, not a memory yet
UNSTORED = "unstored"

_KINDS = (
    ("time", re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])")),
    # a build or pre-release suffix is part of the version ("2022.3.20f1", "1.4.0rc2")
    ("version", re.compile(r"(?<![\w.])v?\d+(?:\.\d+)+(?:[a-z]{1,5}\d+)?(?![\w.]*\d)")),
    (
        "amount",
        re.compile(
            r"[€$£]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:€|eur|euros?|usd|dollars?|gbp|"
            r"pounds?|quid|k)\b",
            re.IGNORECASE,
        ),
    ),
    ("host", re.compile(r"\b[a-z0-9][\w-]*\.(?:com|io|dev|net|org|app|cloud|internal)\b", re.I)),
    # a number ends a sentence too ("VMID 9100."), not a decimal or a path
    ("number", re.compile(r"(?<![\w.:/-])\d+(?![\w:/-]|\.\w)")),
)
# the newer naming what it left ("moved off Render", "instead of 60", "not 04:30
# anymore", "X is retired": a closed class of cues of leaving and of ending): that value
# of the older is replaced, whatever its kind
_LEFT = re.compile(
    r"\b(?:(?:moved|moving|switched|switching|migrated|migrating|went)\s+(?:away\s+)?"
    r"(?:off|from)|instead\s+of|rather\s+than|no\s+longer\s+(?:on|at|in|with|using|uses?)|"
    r"replac(?:e|es|ed|ing)|leaving)\s+(?:the\s+)?(?:old\s+)?"
    r"([\w€$£][\w.:-]*)|\bnot\s+(?:on\s+|at\s+|in\s+)?([\w.:-]+)\s+any\s?more\b|"
    r"([\w.:-]+)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+)?"
    r"(?:retired|deprecated|decommissioned|discontinued|shut\s+down|gone)\b",
    re.IGNORECASE,
)
# a value called past ("the old 9000 one is dead", "the previous v2 endpoint"): one
# with a digit only (a plain noun after "old" — "the old way" — names no value)
_OLD_VALUE = re.compile(r"\b(?:old|previous|former)\s+([\w.:-]*\d[\w.:-]*)", re.IGNORECASE)
# a value of a family: a name and its number, glued ("europe-west1"; not a ticket's
# "ABC-12": tickets are many at once), a version after a word ("flutter 3.22.2", "R
# 4.3.2") or a plain number after two ("min sdk 21"); the newer giving the same name
# another number replaced it
_FAMILY = re.compile(
    r"(?<![\w.])([a-z][a-z_-]*[a-z])(\d+)(?!\w|\.\w)|"
    r"\b(?:([a-z]+)\s+)?([a-z]+)\s+v?(\d+(?:\.\d+)*(?:[a-z]{1,5}\d+)?)(?![\w:/-]|\.\w)",
    re.IGNORECASE,
)
# a name given a version by a change ("upgraded MudBlazor to 7.8.0", "bumped .nvmrc from
# 18 to 20.11.1"): the version is the name's, past the "to"
_CHANGED_FAMILY = re.compile(
    r"\b(?:upgrad|updat|bump|switch|mov|chang|migrat|pinn?)\w*\s+(?:the\s+|our\s+)?\.?"
    r"([a-z][\w-]*[a-z])\s+(?:from\s+\S+\s+)?to\s+v?(\d+(?:\.\d+)+(?:[a-z]{1,5}\d+)?)"
    r"(?![\w:/-]|\.\w)",
    re.IGNORECASE,
)
# emphasis and code marks around a value ("MudBlazor **6.11.2**", "`v1.2`"): not part of it
_MARKUP = re.compile(r"[*`]+")
# words before a number that name no family ("at 5", "from like 12")
_NOT_FAMILY = frozenset(
    """the and for from with like about around than then into onto over under only just
    also are was were has have had not but all any each every per until since after
    before approx nearly almost maybe top last next first to at in on of by is as or if be
    so up an a""".split()
)
_TOKEN = re.compile(r"[\w.:-]+")
_OUTCOME = re.compile(r"\(outcome\s+[\d.]+\)", re.IGNORECASE)
# who said or did it, not what it is about
_SPEAKERS = frozenset("user users others other dev we i you they assistant".split())
_MAX_MARK_CHARS = 120
# a line longer than this (a pasted log in an episode's task) is not read for an
# ending by the slot reader: its cost grows with the text, and a block reads many pairs
_MAX_ANALYSED = 1500


def values(text: str) -> dict[str, set[str]]:
    """The values ``text`` pins down, by kind; each span counted once, in the order of
    the kinds (a time is no number). An episode's outcome score ("(outcome 0.80)") is
    no value of its task."""
    out: dict[str, set[str]] = {}
    rest = _MARKUP.sub(" ", _OUTCOME.sub(" ", text))
    for kind, pattern in _KINDS:
        for match in pattern.finditer(rest):
            value = re.sub(r"[^\w.:]", "", match.group(0).lower()).lstrip("v")
            if kind == "amount":
                value = re.sub(r"[^\d.]", "", value)
            out.setdefault(kind, set()).add(value)
        rest = pattern.sub(" ", rest)
    return out


def _subject(text: str) -> set[str]:
    return {s for s in keyword_stems(text) if s not in _SPEAKERS and not s[:1].isdigit()}


def replaced_by(older: str, newer: str) -> set[str]:
    """The values of ``older`` of a kind ``newer`` gives another value of: empty when
    ``newer`` changes none of them (the cosine is the caller's)."""
    old, new = values(older), values(newer)
    changed: set[str] = set()
    for kind, said in old.items():
        if new.get(kind, set()) - said:
            changed |= said - new[kind] if said - new[kind] else said
    left = named_left(older, newer)
    changed |= left
    family = family_changed(older, newer)
    if changed and not (_subject(older) & _subject(newer)) - left and not family:
        return set()
    return changed | family


def _families(text: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The names of ``text`` with their numbers, and apart the plain numbers after one
    word ("unity 6", "port 5433": too little to name a family, but a product's major
    version against a full version of the same name)."""
    out: dict[str, set[str]] = {}
    loose: dict[str, set[str]] = {}
    rest = _MARKUP.sub(" ", _OUTCOME.sub(" ", text))
    for match in _FAMILY.finditer(rest):
        glued, before, word = match.group(1), match.group(3), match.group(4)
        number = match.group(2) or match.group(5)
        if glued:
            names = [glued.lower()]
        elif "." in number:  # a version: the word before names it
            names = [word.lower()]
        elif before and before.lower() not in _NOT_FAMILY:
            # a plain number: two words name it ("port 5433" alone names too little)
            names = [before.lower(), word.lower()]
        else:
            names = []
            if word.lower() not in _NOT_FAMILY and not word.lower().endswith(("ed", "ing")):
                loose.setdefault(word.lower(), set()).add(number)
        # a verb's form before a number is no name ("loaded 1843 rows"), nor a function word
        if not names or any(
            n in _NOT_FAMILY or n in _SPEAKERS or n.endswith(("ed", "ing")) for n in names
        ):
            continue
        out.setdefault(" ".join(names), set()).add(number)
    for match in _CHANGED_FAMILY.finditer(rest):
        name = match.group(1).lower()
        if name not in _NOT_FAMILY and name not in _SPEAKERS:
            out.setdefault(name, set()).add(match.group(2))
    return out, loose


def family_changed(older: str, newer: str) -> set[str]:
    """The names of ``older`` that ``newer`` gives another number ("europe-west1" then
    "europe-west3", "min sdk 21" then "min sdk 23", "MudBlazor 6.11" then "upgraded
    MudBlazor to 7.8.0", "unity 2022.3.20f1" then "unity 6": another major version):
    a value of the same family changed, whatever the two texts' nearness."""
    (old, _), (new, loose) = _families(older), _families(newer)
    changed = {stem for stem, numbers in old.items() if new.get(stem, numbers) - numbers}
    for stem, numbers in old.items():
        majors = {n.split(".")[0] for n in numbers if "." in n}
        if majors and loose.get(stem, majors) - majors:
            changed.add(stem)
    return changed


def named_left(older: str, newer: str) -> set[str]:
    """The words of ``older`` that ``newer`` names as what it left ("moved off Render",
    "instead of 60", "not 04:30 anymore") — not those ``older`` itself says it left (an
    episode quoting the same news is no update of it). Besides this module's cues, the
    write path's reading of an ending (:func:`remem.slots.ending.ended_values`: "moved
    staging off Gigalixir", "we are leaving X", "from X to Y"), so a line is marked by
    the same judgement that supersedes a fact."""
    words = {w.strip(".:-").lower() for w in _TOKEN.findall(older)} - _left_words(older)
    left = {w for w in _left_words(newer) if w in words}
    if _analysable(older) and _analysable(newer) and _ENDING.search(newer):
        old = _fact(older)
        left |= ended_values(old, _fact(newer)) - ended_values(old, old)
    return left - _NO_VALUE


# words the slot reader may take for what was left that name no value ("replaced the old
# entries", "the old way"): the value is the word they qualify
_NO_VALUE = frozenset("old new previous former current latest".split())


# what the slot reader's ending needs in the newer text (a cheap look first: most pairs
# have none, and are not analysed)
_ENDING = re.compile(
    "|".join(
        (
            lx.ENDING_BEFORE.pattern,
            lx.ENDING_AFTER.pattern.replace("^\\s*", "\\b", 1),
            r"\bfrom\b",
        )
    ),
    re.IGNORECASE,
)


def _analysable(text: str) -> bool:
    return len(text) <= _MAX_ANALYSED


@lru_cache(maxsize=1024)
def _fact(text: str) -> Fact:
    """The slot reading of a line (cached: a block compares each line with many)."""
    return analyse(text)


def _left_words(text: str) -> set[str]:
    out = set()
    for match in _LEFT.finditer(text):
        word = (match.group(1) or match.group(2) or match.group(3)).strip(".:-").lower()
        if len(word) > 2 and word not in _SPEAKERS:
            out.add(word)
    out |= {m.group(1).strip(".:-").lower() for m in _OLD_VALUE.finditer(text)}
    return out


def current(
    records: Sequence[MemoryRecord],
    store: Store,
    config: Config,
    *,
    mark_only: bool = False,
    pool: Sequence[MemoryRecord] = (),
    lessons: bool = False,
) -> list[MemoryRecord]:
    """``records`` (in their order) without those a newer one among them replaced and
    that hold no other value, and with the others marked (see the module doc).
    ``mark_only``: nothing is left out, a line is marked (a prompt's relevant memories:
    what the search found is shown, with what replaced its value beside it). ``pool``:
    newer memories not shown that may replace a shown one too (then it is marked, never
    left out: the reader sees the old line with the new value beside it); one marked
    :data:`UNSTORED` (a turn of this session, not yet a memory) replaces a value only
    by naming what it left or giving a name of it another number, never by nearness
    (a question's "her order was R$ 230" is near a rule of R$ 250 and updates nothing).
    ``lessons``: the records are lessons, whose values only the pool replaces — not
    another lesson, nor a memory of the session a lesson was learned in (the turn it
    answered, told again) — and only by naming what it left or giving a name of it
    another number, not by nearness (a lesson quotes the reply it answered: its counts,
    list items and addresses differ from any near memory's)."""
    shown = {r.id for r in records}
    extra = [p for p in pool if p.id not in shown]
    everything = [*records, *extra]
    if len(everything) < 2 or config.agent_replaced_min_cosine > 1.0:
        return list(records)
    vectors = _vectors(everything, store)
    order = sorted(range(len(everything)), key=lambda i: said_at(everything[i]))
    out: dict[int, MemoryRecord | None] = {}
    for rank, i in enumerate(order):
        if i >= len(records):
            continue
        older = records[i]
        # of the newer ones that replaced it, the one that names what it left, then one
        # giving a name of it another number, then a near one, then one the block
        # shows, then the nearest: a line carries one
        # mark, and a value merely differing in a nearby memory (another task's row
        # count) must not take the place of the update; a second mark only for another
        # value, by a newer one naming what it left or giving a name another number
        found: list[tuple[tuple[bool, bool, bool, bool, float], set[str], MemoryRecord, bool]] = []
        for j in order[rank + 1 :]:
            newer = everything[j]
            if said_at(newer) <= said_at(older) or newer.id == older.id:
                continue
            if lessons and (j < len(records) or newer.session_id == older.session_id):
                continue
            a, b = vectors.get(older.id), vectors.get(newer.id)
            cosine = float(a @ b) if a is not None and b is not None else 0.0
            # a newer one naming what it left needs no nearness (a long episode's task
            # is far from a one-line fact on its subject)
            left = bool(named_left(older.content, newer.content))
            # so does one giving a name of the older another number ("europe-west3"):
            # its line is then marked, never left out
            family = not left and bool(family_changed(older.content, newer.content))
            # a turn not stored yet, or a lesson's line: by cues only (a lesson's reply
            # quotes counts, list items, addresses a near memory merely differs in)
            near = cosine >= config.agent_replaced_min_cosine and not (
                lessons or newer.data.get(UNSTORED)
            )
            if not (near or left or family):
                continue
            changed = replaced_by(older.content, newer.content)
            if changed:
                rank_of = (left, family, near, newer.id in shown, cosine)
                found.append((rank_of, changed, newer, family))
        if not found:
            continue
        found.sort(key=lambda f: f[0], reverse=True)
        (left, _, near, _, _), changed, newer, _ = found[0]
        second = next((f for f in found[1:] if (f[0][0] or f[3]) and not f[1] & changed), None)
        held = {v for vs in values(older.content).values() for v in vs}
        drop = (left or near) and not mark_only and newer.id in shown
        if drop and not held - changed and not _episode(older):
            out[i] = None  # all it pinned down changed: not shown
        else:
            marks = [newer] + ([second[2]] if second is not None else [])
            text = older.content
            for by in marks:
                # an episode's label is no part of what changed (the room is the value's)
                mark = _EPISODE_LABEL.sub("", _changing_part(older.content, by.content))
                if len(mark) > _MAX_MARK_CHARS:
                    mark = mark[: _MAX_MARK_CHARS - 1].rstrip() + "…"
                text = f"{text} (since changed: {mark})"
            out[i] = replace(older, content=text)
    return [out.get(i, r) for i, r in enumerate(records) if i not in out or out[i] is not None]  # type: ignore[misc]


def since_changed(
    records: Sequence[MemoryRecord], store: Store, config: Config, *, pool: Sequence[MemoryRecord]
) -> dict[str, str]:
    """The marks (``since changed: ...``) of ``records`` whose value a newer memory of
    ``pool`` (or among them) replaced, by id: for a line a block builds from a record
    rather than shows as it is (an earlier episode's task and what fixed it)."""
    out: dict[str, str] = {}
    marked = current(records, store, config, mark_only=True, pool=pool)
    for before, after in zip(records, marked, strict=True):
        if after.content != before.content and after.content.startswith(before.content):
            out[before.id] = after.content[len(before.content) :].strip()
    return out


_EPISODE_LABEL = re.compile(r"^(?:Task|Succeeded at|Failed at|Error):\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")


def _changing_part(older: str, newer: str) -> str:
    """``newer`` from its sentence that replaces a value of ``older`` on (a digest or an
    episode says much else before it; what follows that sentence often holds the new
    value: "we moved off Render! production is on Fly.io now"), else ``newer`` whole."""
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(newer)]
    sentences = [newer[a:b] for a, b in zip(starts, [*starts[1:], len(newer)], strict=True)]
    for found in (named_left, replaced_by):
        for i, sentence in enumerate(sentences):
            if found(older, sentence):
                # and the sentences just before it that give a new value ("I built a
                # new template, VMID 9100. the old 9000 one is dead")
                while i > 0 and replaced_by(older, sentences[i - 1]):
                    i -= 1
                return newer[starts[i] :].rstrip(";")
    return newer


def _episode(record: MemoryRecord) -> bool:
    """An episode's record or summary: its learnings may hold still, so it is marked."""
    return record.kind is Kind.EPISODIC or "episode" in record.data or "episode_of" in record.data


def _vectors(records: Sequence[MemoryRecord], store: Store) -> dict[str, np.ndarray]:
    found = store.get_vectors([r.id for r in records])
    models = {model for model, _ in found.values()}
    if len(models) != 1:  # none, or vectors of two spaces: no cosine between them
        return {}
    out = {}
    for memory_id, (_, blob) in found.items():
        v = np.frombuffer(blob, dtype=np.float32)
        norm = float(np.linalg.norm(v))
        if norm > 0:
            out[memory_id] = v / norm
    return out
