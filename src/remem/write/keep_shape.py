"""The shape of a keep request, from words alone: steps 1 and 2 of
:mod:`remem.write.keep` (step 3, meaning, is there).

1. **Clauses**: a message is cut where a request can sit apart from the fact —
   sentence ends, colons, brackets, commas, and an unpunctuated start of a new
   sentence ("... this one forever The wine ...").
2. **Structure** of each clause, as word classes rather than phrases (typos are
   read as the class word they are one edit away from): a *retention* verb, a
   *reference* to the fact, a *directive*, a *persistence* or *value* word; and
   the cues that make it something else (a question about memory, reported
   speech, a statement about the speaker's own habits).

:mod:`remem.write.intent` reads clauses the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from remem.slots.lexicon import PREPOSITIONS
from remem.slots.tokens import ADVERBS, VERB_FORMS
from remem.stopwords import STOPWORDS

# Word classes. Each is a closed, general class of English, not a list of
# phrasings: what a clause must contain to be about keeping something.
RETENTION = frozenset(
    "remember memorise memorize memorised memorized keep save store hold retain record note "
    "log file pin bookmark stash commit lock forget lose delete remove fade remind reminder "
    "warn chase nag poke alert flag".split()
)
# Verbs that only ask when negated ("don't forget", "never lose this").
LOSS = frozenset("forget lose delete remove fade".split())
REMIND = frozenset("remind reminder warn chase nag poke alert".split())
PERSIST = frozenset(
    "forever always permanent permanently indefinitely good keeper later future safe "
    "vault ages years long-term important importance necessary matter matters useful need "
    "needed".split()
)
# Persistence words of the two kinds a clause can weigh a fact by: how long it lasts
# ("for years", "forever", "later") and what it is worth ("useful", "important").
# Both together judge the fact's worth over time ("Could be useful for years, that."):
# an indirect request to keep it, as strong as a directive.
DURATION = frozenset(
    "forever always permanent permanently indefinitely later future ages years long-term".split()
)
WORTH = frozenset("important importance necessary matter matters useful need needed".split())
REFERENCE = frozenset("this that it these those one above".split())
# Pronouns that never determine a noun: "file it somewhere safe" whatever follows.
_ONLY_PRONOUN = frozenset({"it"})
# Conditions: a loss under one is one the speaker wants to avoid ("I'll kick myself
# if we lose this", "in case I forget it"), as under a negation.
CONDITION = frozenset("if unless case".split())
PLEASE = frozenset("please pls plz plase kindly".split())
MODAL = frozenset("could would can will might may must should".split())
YOU = frozenset("you u ya".split())
NEGATION = frozenset(
    "don't dont do not never no can't cant cannot won't mustn't shouldn't wouldn't".split()
)
REPORTING = frozenset("said says say told tells asked asks used reckons joked".split())
SUBJECTS = frozenset("i we he she they my our his her their".split())
WH = frozenset("what where when who why how whether if which".split())
_LEADS = frozenset("and so oh also just ok okay btw right then".split())

# Typos are read as the class word one edit away (two for long words).
_LEXICON = tuple(sorted(RETENTION | PERSIST | PLEASE | {"never", "permanently"}))
_PERSIST_WORDS = tuple(sorted(w for w in PERSIST if w.isalpha()))  # what a clipping may be of


@dataclass(frozen=True, slots=True)
class Clause:
    """A piece of a message where a request can sit: ``text[start:end]``."""

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Structure:
    """What the words of a clause say, as classes (see the module docstring)."""

    retention: bool
    reference: bool
    directive: bool
    persist: bool
    remind: bool
    blocked: str | None  # why it cannot be a request: "question", "reported", "statement"
    embeds_fact: bool = False  # "remember that I am allergic ...": the fact is inside
    worth_over_time: bool = False  # a duration and a worth word: "useful for years"

    @property
    def value(self) -> float:
        """0..1: how much the clause is shaped like a keep request."""
        if self.blocked:
            return 0.0
        if not self.reference:  # "keep the change", "save some cake for Dad"
            return 0.1 * (self.retention and self.directive)
        score = 0.2 + 0.4 * self.retention + 0.25 * self.directive + 0.15 * self.persist
        return min(1.0, score + 0.1 * self.worth_over_time)


_BOUNDARY = re.compile(
    r"(?<=[.!?])\s+|[:;()\[\]]|\s+[-–—]\s+|(?<=[a-z])\s+(?=(?:The|My|Our|Your|This)\b)"
)


def clauses(text: str) -> list[Clause]:
    """The pieces of ``text`` where a request can sit apart from the fact: its
    sentences (cut also at colons, brackets, dashes and an unpunctuated new
    sentence), and the comma-separated parts of each."""
    out: list[Clause] = []
    pos = 0
    pieces: list[tuple[int, int]] = []
    for match in _BOUNDARY.finditer(text):
        pieces.append((pos, match.start()))
        pos = match.end()
    pieces.append((pos, len(text)))
    for start, end in pieces:
        _add(out, text, start, end)
        inner = [(start, end)]
        cuts = [m for m in re.finditer(r",\s*", text[start:end])]
        if cuts:
            inner, at = [], start
            for cut in cuts:
                inner.append((at, start + cut.start()))
                at = start + cut.end()
            inner.append((at, end))
            for a, b in inner:
                _add(out, text, a, b)
    return out


def _add(out: list[Clause], text: str, start: int, end: int) -> None:
    piece = text[start:end]
    stripped = piece.strip(" \t\n.!,'\"").lstrip("?")
    if not stripped:
        return
    offset = piece.index(stripped[0])
    out.append(Clause(stripped, start + offset, start + offset + len(stripped)))


def _osa(a: str, b: str) -> int:
    """Optimal string alignment distance (edits with adjacent transpositions)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


@lru_cache(maxsize=4096)
def normal_word(word: str) -> str:
    """``word`` lower-cased, or the class word it is a typo of ("rember" ->
    "remember"): one edit away for words of 5+ letters, two for 8+, a swap of
    two letters for 4. Two word forms of a terse style are read as the class word
    too: a hyphenated compound with a class word as a part ("vault-worthy" ->
    "vault", "must-keep" -> "keep") and a clipped persistence word, at most half of
    it and at least 4 letters ("perm" -> "permanent")."""
    word = word.lower().strip("'’#!")
    if len(word) < 4 or word in _LEXICON:
        return word
    if "-" in word:
        parts = [normal_word(part) for part in word.split("-") if part]
        return next((p for p in parts if p in _LEXICON), word)
    clipped = [t for t in _PERSIST_WORDS if len(t) >= 2 * len(word) and t.startswith(word)]
    if clipped:
        return clipped[0]
    for suffix in ("s", "es", "ed", "d", "ing"):
        if word.endswith(suffix) and word[: -len(suffix)] in _LEXICON:
            return word  # an inflection ("reminds", "saved"), not a typo
    for target in _LEXICON:
        if abs(len(target) - len(word)) > 2 or target[0] != word[0]:
            continue
        limit = 2 if max(len(word), len(target)) >= 8 else 1 if len(word) >= 5 else 0
        distance = _osa(word, target)
        if distance <= limit or (
            len(word) == 4 and distance == 1 and sorted(word) == sorted(target)
        ):
            return target
    return word


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens of ``text`` with typos of class words repaired."""
    return [normal_word(w) for w in re.findall(r"[A-Za-z0-9#][A-Za-z0-9'’\-]*", text)]


_BEFORE_IMPERATIVE = (
    NEGATION
    | PLEASE
    | MODAL
    | YOU
    | frozenset("to and ever just also always never then so".split())
)
_BASE_BEFORE_ING = frozenset("for mind about of without".split())
_PASSIVE = frozenset("be been get being".split())
_SKIP_TO_OBJECT = frozenset("me u you us onto on to in down away up for about of".split())
_CONTRACTION = re.compile(r"['’](?:ll|d|s|m|re|ve)$")


def _retention_uses(words: Sequence[str], start: int) -> list[int]:
    """Positions of retention verbs used as a request would use them: the base form
    where an imperative sits (first, after please/don't/to/you/a modal/"and"),
    "-ing" after for/mind ("for keeping this"), "-ed" after be/get ("to be
    reminded"). "keeps", "saved", "the colours remind me" state what happens."""
    found = []
    for i, word in enumerate(words):
        prev = words[i - 1] if i else ""
        if word in RETENTION:
            let = {"let", "let's"} & set(words[max(0, i - 3) : i])  # "don't let that one fade"
            if (
                word == "reminder"
                or let
                or i <= start
                or prev in _BEFORE_IMPERATIVE
                or _CONTRACTION.sub("", prev) in YOU
            ):
                found.append(i)
            continue
        for suffix, allowed in (("ing", _BASE_BEFORE_ING), ("ed", _PASSIVE), ("d", _PASSIVE)):
            if not word.endswith(suffix) or prev not in allowed:
                continue
            stem = word[: -len(suffix)]
            if stem in RETENTION or stem + "e" in RETENTION or stem[:-1] in RETENTION:
                found.append(i)
                break
    return found


def _pronoun_at(words: Sequence[str], k: int) -> bool:
    """Whether ``words[k]`` (this, that, it ...) stands for something rather than
    determining a noun: "that" in "a note of that for later", not in "this form"."""
    if words[k] not in REFERENCE:
        return False
    if words[k] in _ONLY_PRONOUN:
        return True
    nxt = words[k + 1] if k + 1 < len(words) else ""
    return (
        not nxt
        or nxt in _FUNCTION
        or nxt in PERSIST
        or nxt in PLEASE
        or nxt in VERB_FORMS  # "let this get tidied away"
        or nxt in ADVERBS
    )


def _refers(words: Sequence[str], uses: Sequence[int], start: int = 0) -> bool:
    """Whether the clause points at the fact: a retention verb's object is a pronoun
    (this, that, it, this one) or nothing at all ("Keep.", "Remember pls", "store
    for good"); "remind me ..."; the clause ends on a pronoun ("hang on to that");
    or its subject is one ("This goes in the vault", "That's going to matter")."""
    for i in uses:
        if words[i] in REMIND and i + 1 < len(words) and words[i + 1] in {"me", "u", "us"}:
            return True  # "remind me ...": what to remind of is the fact
        j = i + 1
        while j < len(words) and words[j] in _SKIP_TO_OBJECT:
            j += 1
        if j >= len(words) or words[j] in PERSIST or words[j] in PLEASE:
            return True
    if any(_pronoun_at(words, k) for k in range(len(words))):
        return True  # "keep this", "a note of that for the long haul", "lost without this"
    short = len(words) <= 2 and not any(w in NEGATION for w in words)
    if short and any(w in RETENTION or w in PERSIST for w in words):
        return True  # "Keeper.", "Save.": a word beside the fact is about it
    body = words[start:]
    if not body or _CONTRACTION.sub("", body[0]) not in REFERENCE:
        return False
    # A pronoun subject, not a determiner ("that scene"): a contraction ("that's"),
    # or a verb, a modal or "you"/"one" next.
    nxt = body[1] if len(body) > 1 else ""
    return body[0] != _CONTRACTION.sub("", body[0]) or nxt in _AFTER_PRONOUN or nxt in VERB_FORMS


# After a pronoun: a function word, a preposition, or a shell noun ("this thing",
# "that one") — not a noun of its own ("this form", "that film").
_FUNCTION = (
    STOPWORDS
    | PREPOSITIONS
    | frozenset(
        "one ones away down again too somewhere here there thing things stuff info "
        "information bit".split()
    )
)
_THANKS = frozenset("thanks thank you ta cheers".split())
_AFTER_PRONOUN = MODAL | YOU | frozenset("is was one goes".split())


def structure(clause: str) -> Structure:
    """The word classes of ``clause`` (see the module docstring)."""
    words = [w.lstrip("#") for w in tokens(clause)]
    if not words:
        return Structure(False, False, False, False, False, "empty")
    start = 0
    while start < len(words) and (words[start] in _LEADS or words[start] in PLEASE):
        start += 1
    body = words[start:]
    uses = _retention_uses(words, start)
    negated = [
        i
        for i in uses + _conditional_losses(words)
        if words[i] in LOSS and any(n in NEGATION | CONDITION for n in words[max(0, i - 3) : i])
    ]
    kept = [i for i in uses if words[i] not in LOSS] + negated
    retention = bool(kept)
    remind = any(w in REMIND or w.startswith("remind") for w in words)
    reference = _refers(words, kept, start)
    please = any(w in PLEASE for w in words)
    first = _CONTRACTION.sub("", body[0]) if body else ""
    imperative = first in RETENTION or first in NEGATION or first in {"make", "let's", "lets"}
    modal_you = any(
        w in MODAL and i + 1 < len(words) and words[i + 1] in YOU for i, w in enumerate(words)
    )
    want_you = bool(re.search(r"\b(?:want|need|like)\s+(?:that\s+)?(?:you|u)\b", clause, re.I))
    addressed = any(w in YOU for w in words)
    directive = imperative or please or modal_you or want_you or (addressed and retention)
    persist = any(w in PERSIST for w in words)
    blocked = _blocked(clause, words, first, directive)
    both = bool(DURATION & set(words)) and bool(WORTH & set(words))
    return Structure(
        retention, reference, directive, persist, remind, blocked, _embeds(words, kept), both
    )


def _conditional_losses(words: Sequence[str]) -> list[int]:
    """Loss verbs after a subject under a condition ("if we lose this", "in case I
    forget it"): :func:`_retention_uses` reads a verb after a subject as a statement."""
    return [
        i
        for i, w in enumerate(words)
        if w in LOSS and i >= 2 and words[i - 1] in SUBJECTS and words[i - 2] in CONDITION
    ]


def _embeds(words: Sequence[str], uses: Sequence[int]) -> bool:
    """Whether a retention verb takes a whole clause as its object ("remember that
    I am allergic to nuts", "note the gate code is 4512"): the fact is inside the
    request, so the request is not a clause apart from it."""
    for i in uses:
        rest = [w for w in words[i + 1 :] if w not in _SKIP_TO_OBJECT]
        if rest[:1] == ["that"]:
            rest = rest[1:]
            if rest[:1] and rest[0] in REFERENCE | PERSIST | PLEASE:
                continue  # "that one", "that for good"
        if (
            len(rest) >= 3
            and rest[0] not in REFERENCE
            and any(w in _COPULAS or w in VERB_FORMS for w in rest[1:])
        ):
            return True  # a subject and a verb after it: a whole clause
    return False


_COPULAS = frozenset("is am are was were has have".split())


def _blocked(clause: str, words: Sequence[str], first: str, directive: bool) -> str | None:
    """Why a clause is not a request: a question about memory, someone else's
    words, or a statement about what the speaker (or anyone) does."""
    asking = clause.rstrip().endswith("?")
    if any(
        w in RETENTION and i + 1 < len(words) and words[i + 1] in WH for i, w in enumerate(words)
    ):
        return "question"  # "remember what ...", "do you remember where"
    if asking and first not in MODAL and first not in {"do", "might"}:
        return "question"
    if asking and first == "do" and "mind" not in words:
        return "question"
    for i, w in enumerate(words):
        if w in REPORTING and i > 0 and words[i - 1] not in YOU and words[i - 1] != "i":
            return "reported"
    if first in SUBJECTS and not directive:
        near = [_CONTRACTION.sub("", w) for w in words[1:4]]
        if any(w in RETENTION or w.rstrip("s") in RETENTION for w in near):
            return "statement"  # "I keep forgetting", "we'll never forget that day"
    return None
