"""Answerability: does a memory hold the thing a specific question asks for?

The relevance floor (:mod:`remem.read.floor`) measures how close a memory is to
the whole question, so a near miss — a memory on the question's topic about
another thing of the same kind — passes it: "what is my cat's name?" is close
to "our dog is called Rex", "what's my sister's job?" to "my brother is a
chef". A near miss shares the topic, not the thing asked.

:func:`remem.read.asked.asked_head` reads the thing asked from the question's
structure: the noun phrase a first-person possessive opens ("my cat"), the
wh-determiner's noun ("which car"), or the object of the user's verb in a question
for a procedure ("how do I bake bagels?").

:func:`judge` then asks of each memory whether it holds that thing, by two
pieces of evidence:

- **by structure**: the head noun (the phrase's last word) itself, stemmed, in
  the memory's text, entities or tags;
- **by the embedding model**, kind against instance: for the memory's words
  closest to the head, how little the sentence "a W is a kind of H" / "a H such
  as a W" moves away from "a W" — an instance ("greyhound" for "dog", "Dr Lee"
  for "doctor") is what the kind-phrase already says, a sibling ("cat" for
  "dog", "sister" for "brother") is contradicted by it and moves further. The
  mean of the two cosines is the memory's ``instance`` score, passed at
  ``config.answerable_floor`` (chosen on the broad-questions dev set).

A failure is of one of two strengths. **Against**: evidence that the memory is
about another thing — another relative named ("my mother" for "my father"), a
sibling kind ("dog" for "cat"), or the thing itself without the kind of value
asked (the dermatologist, no name; but not "which one": a name written in lower
case is one the test cannot see). **Unproven**: nothing shows it holds the thing
(no relative named, no word that passes the kind test) — a question asked in other
words than the memory ("my husband's instrument" for "Joost's cello") looks like
this too. So an unproven failure is judged again by an independent relevance test,
the hit's match with the whole question (``explain["match"]["score"]``, see
:mod:`remem.read.floor`): at ``config.answerable_relevant`` or above it is *unsure*
and kept as it is. A hit that fails otherwise is marked (``explain["answerable"]``:
"not the thing asked"); one against the thing (or unproven when another hit
holds the thing) is ranked lower: its score multiplied by
``config.answerable_demote`` and its place divided by it (the search's order is
otherwise kept);
when every hit fails — each against the thing asked, or unproven and weakly
related — the question is answered with nothing. Questions with no head
(third-person questions, "who ..." questions, broad ones) are left as they are.
"""

from __future__ import annotations

import math
import re
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from threading import Lock

import numpy as np

from remem.model import SearchHit
from remem.providers.base import Embedder
from remem.read import kin
from remem.read.asked import CALLED, FIRST_PERSON, Head, asked_head
from remem.stopwords import STOPWORDS
from remem.store.lexical import Analyzer
from remem.timewords import MONTHS, WEEKDAYS

_ANALYZER = Analyzer()
# a value of the duration kind: a unit of time, or a start ("since", "ago")
_DURATION = re.compile(
    r"\b(?:year|month|week|day|hour|minute|decade|fortnight)s?\b|\bsince\b|\bago\b",
    re.IGNORECASE,
)
# a value of the quantity kind: a digit or a number word
_NUMBER = re.compile(
    r"\d|[$€£¥%]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
    r"million|billion|dozen|half|couple|few|several|once|twice)\b",
    re.IGNORECASE,
)
# capitalised calendar words are not names of things
_CALENDAR = frozenset(MONTHS) | frozenset(WEEKDAYS) | frozenset(d + "s" for d in WEEKDAYS)
_WORD = re.compile(r"[^\W\d_][\w'.-]*[^\W_]|[^\W\d_]")
_ASYMMETRY = 0.5  # chosen on a list of kind/instance and sibling noun pairs
_CLOSEST = 2  # a memory's words closest to the head that get the kind test


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a memory holds the asked-for thing, and by which evidence."""

    passed: bool
    score: float
    word: str | None
    by: str  # "kin", "noun" (the head noun itself), "instance" / "sibling" (the kind test)
    unsure: bool = False  # failed, but holds names the model cannot place, or is relevant
    relevant: bool = False  # unsure as an unproven failure close to the question

    @property
    def against(self) -> bool:
        """Whether the failure is evidence of another thing: another relative named, a
        sibling kind, or the thing without the value asked (not merely unproven)."""
        if self.passed:
            return False
        thing, _, missing = self.by.partition(", no ")
        return (
            self.by == "sibling"
            or (self.by == "kin" and self.word is not None)
            or (bool(missing) and missing != "which" and thing in ("noun", "kin", "value"))
        )  # "which": a name the test cannot see ("the bellingham road harriers")

    def explain(self, head: Head, floor: float) -> dict[str, object]:
        out: dict[str, object] = {
            "head": head.phrase,
            "frame": head.frame,
            "by": self.by,
            "word": self.word,
            "score": round(self.score, 4),
            "floor": floor,
            "passed": self.passed,
        }
        if self.relevant:
            out["why"] = "unsure: not shown to be the thing asked, but close to the question"
        elif self.unsure:
            out["why"] = "unsure: holds names the kind test cannot place"
        elif not self.passed:
            out["why"] = "not the thing asked"
        return out


class _Cache:
    """Embeddings of short texts, least recently used first out."""

    def __init__(self, size: int = 4096) -> None:
        self._items: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._size = size
        self._lock = Lock()

    def vectors(self, embedder: Embedder, texts: Sequence[str]) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {}
        with self._lock:
            for text in texts:
                key = (embedder.model_id, text)
                if key in self._items:
                    self._items.move_to_end(key)
                    out[text] = self._items[key]
        missing = list(dict.fromkeys(t for t in texts if t not in out))
        if missing:
            made = np.asarray(embedder.embed_documents(missing), dtype=np.float32)
            with self._lock:
                for text, vector in zip(missing, made, strict=True):
                    out[text] = vector
                    self._items[(embedder.model_id, text)] = vector
                while len(self._items) > self._size:
                    self._items.popitem(last=False)
        return out


_CACHE = _Cache()


def content_words(text: str) -> list[str]:
    """The words of ``text`` that could name a thing: not function words, not digits."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(text):
        low = word.casefold().removesuffix("'s")
        if len(low) > 1 and low not in STOPWORDS and low not in FIRST_PERSON:
            seen.setdefault(word.removesuffix("'s"), None)
    return list(seen)


def judge(
    head: Head,
    texts: Sequence[str],
    embedder: Embedder,
    *,
    floor: float,
    related: float = 0.45,
    sibling: float = 0.6,
    contents: Sequence[str] | None = None,
    common: frozenset[str] = frozenset(),
) -> list[Verdict]:
    """A :class:`Verdict` for each of ``texts`` (a memory's content with its entities
    and tags): whether it holds the thing asked (the kin relation, the head noun
    itself, or a word that passes the kind test at ``floor``), then whether it holds
    the kind of value asked of it (a name next to the thing, a number), read in
    ``contents`` (the memories' own words: an entity list put after the text would
    stand next to its last word). A memory that fails the kind test but holds names
    other than the ``common`` ones (the scope's own person, named in most hits) is
    unsure."""
    things = [_thing(head, text) for text in texts]
    open_ = [i for i, t in enumerate(things) if t is None]
    if open_:
        words_of = {i: [w for w in content_words(texts[i]) if not w[:1].isupper()] for i in open_}
        every = sorted({w for ws in words_of.values() for w in ws})
        single = _CACHE.vectors(embedder, [head.phrase, *every])
        cosine = {w: float(single[w] @ single[head.phrase]) for w in every}
        closest = {i: sorted(ws, key=lambda w: -cosine[w])[:_CLOSEST] for i, ws in words_of.items()}
        pairs = sorted({w for ws in closest.values() for w in ws})
        made = _CACHE.vectors(embedder, [t for w in pairs for t in _templates(head.phrase, w)])
        kind = {w: _kind_score(made, head.phrase, w) for w in pairs}
        for i in open_:
            verdict = _instance(closest[i], cosine, kind, floor=floor, related=related,
                                sibling=sibling)  # fmt: skip
            said = contents[i] if contents is not None else texts[i]
            if not verdict.passed and verdict.by == "instance" and set(_names(said)) - common:
                verdict = Verdict(False, verdict.score, verdict.word, "instance", unsure=True)
            things[i] = verdict
    out = []
    for text, thing in zip(contents or texts, things, strict=True):
        assert thing is not None
        asked = head
        if head.frame == "determiner" and head.value is None and thing.by == "noun":
            asked = Head(head.phrase, head.noun, head.frame, "which")  # the kind, not which
        if (thing.passed or thing.unsure) and not _holds_value(asked, text, thing.word, common):
            thing = Verdict(False, thing.score, thing.word, f"{thing.by}, no {asked.value}")
        out.append(thing)
    return out


def _instance(
    closest: Sequence[str],
    cosine: dict[str, float],
    kind: dict[str, float],
    *,
    floor: float,
    related: float,
    sibling: float,
) -> Verdict:
    """The kind test on a memory's words closest to the head: one related to it (cosine
    ``related``) that passes (kind score ``floor``) is an instance; when the closest of
    all is very close (``sibling``) and fails, the memory is about a sibling ("dog" for
    "cat", however well "beagle" then does)."""
    if not closest:
        return Verdict(False, 0.0, None, "instance")
    first = closest[0]
    if cosine[first] >= sibling and kind[first] < floor:
        return Verdict(False, kind[first], first, "sibling")
    for word in closest:
        if cosine[word] >= related and kind[word] >= floor:
            return Verdict(True, kind[word], word, "instance")
    return Verdict(False, kind[first], first, "instance")


def _names(text: str) -> list[str]:
    """Capitalised words past a sentence's first, months and weekdays left out: names
    ("Lavapiés", "Dr Osei"), whose kind the embedding model cannot tell."""
    words = _WORD.findall(text)
    return [
        w
        for k, w in enumerate(words)
        if k and w[:1].isupper() and w.casefold() != "i" and w.casefold() not in _CALENDAR
    ]


def _thing(head: Head, text: str) -> Verdict | None:
    """The verdict structure gives (None: left to the kind test)."""
    if not head.noun:
        return Verdict(True, 1.0, None, "value")  # "how much do I owe?": the value only
    first = head.phrase.split()[0]  # "where did my father work?": the phrase "father work"
    asked = kin.relation(head.phrase) or kin.relation(head.noun) or kin.relation(first)
    if asked is not None:
        said = [(w, r) for w in _WORD.findall(text) if (r := kin.relation(w)) is not None]
        for word, relation in said:
            if kin.same_relative(asked, relation):
                return Verdict(True, 1.0, word, "kin")
        word = said[0][0] if said else None
        return Verdict(False, 0.0, word, "kin")  # another relative, or none named
    if set(_ANALYZER.terms(head.noun)) <= set(_ANALYZER.terms(text)):
        return Verdict(True, 1.0, head.noun, "noun")
    return None


def _holds_value(
    head: Head, text: str, anchor: str | None, common: frozenset[str] = frozenset()
) -> bool:
    """Whether ``text`` holds the kind of value asked: a number for "how much/many",
    a name beside the thing (``anchor``) or after "named"/"called" for a name — not
    a possessor ("Tala's aunt") nor one of the ``common`` names (the scope's person)."""
    if head.value == "quantity":
        return bool(_NUMBER.search(text))
    if head.value == "duration":
        return bool(_DURATION.search(text))
    if head.value == "which":  # "which club do I play for?" - "the local club" is not which
        return bool(
            CALLED.intersection(text.casefold().split())
            or re.search(r"\d", text)
            or any(len(n) > 1 and n not in common and not n.endswith("'s") for n in _names(text))
        )
    if head.value != "name":
        return True
    words = _WORD.findall(text)
    stems = _ANALYZER.terms(anchor or "") if anchor else []
    for i, w in enumerate(words):
        if w.casefold() in CALLED and i + 1 < len(words):
            return True
        here = anchor is not None and (w == anchor or _ANALYZER.terms(w) == stems)
        if not here:
            continue
        for j in (i - 2, i - 1, i + 1, i + 2):  # "my aunt Mele", "Mele, my aunt"
            name = words[j] if 0 < j < len(words) else ""
            if (
                name[:1].isupper()
                and name.casefold() not in FIRST_PERSON
                and name not in common
                and not name.endswith("'s")
            ):
                between = words[min(i, j) + 1 : max(i, j)]
                if all(b.casefold() in ("is", "my", "our", "was") for b in between):
                    return True
    return False


def _is_a(made: dict[str, np.ndarray], kind: str, word: str) -> float:
    """How little "a W is a kind of K" and "a K such as a W" move away from "a W"."""
    plain = made[f"a {word}"]
    return (
        float(plain @ made[f"a {word} is a kind of {kind}"])
        + float(plain @ made[f"a {kind} such as a {word}"])
    ) / 2


def _templates(kind: str, word: str) -> list[str]:
    return [
        f"a {word}",
        f"a {word} is a kind of {kind}",
        f"a {kind} such as a {word}",
        f"a {kind}",
        f"a {kind} is a kind of {word}",
        f"a {word} such as a {kind}",
    ]


def _kind_score(made: dict[str, np.ndarray], kind: str, word: str) -> float:
    """``word`` as an instance of ``kind``: the is-a score plus half its asymmetry (an
    instance is a kind of its kind, not the other way round; siblings are symmetric)."""
    forward, backward = _is_a(made, kind, word), _is_a(made, word, kind)
    return forward + _ASYMMETRY * (forward - backward)


def answerable(
    hits: Sequence[SearchHit],
    query: str,
    embedder: Embedder,
    *,
    floor: float,
    demote: float,
    related: float = 0.45,
    sibling: float = 0.6,
    relevant: float = 0.0,
) -> list[SearchHit]:
    """``hits`` judged against the thing ``query`` asks for (see the module doc):
    those that fail are marked; those against the thing (or unproven while another
    hit holds it) ranked lower by ``demote``; an unproven failure whose match is at
    least ``relevant`` is unsure and kept; none when all fail and none is kept.
    ``floor`` 0, or a question without a head, leaves ``hits`` as they are."""
    head = asked_head(query) if floor > 0 else None
    if head is None or not hits:
        return list(hits)
    texts = [" ".join([h.memory.content, *h.memory.entities, *h.memory.tags]) for h in hits]
    contents = [h.memory.content for h in hits]
    seen = Counter(n for c in contents for n in set(_names(c)))
    common = frozenset(n for n, k in seen.items() if k >= max(2, len(hits) / 2))
    verdicts = judge(
        head,
        texts,
        embedder,
        floor=floor,
        related=related,
        sibling=sibling,
        contents=contents,
        common=common,
    )
    verdicts = [_relevant(h, v, relevant) for h, v in zip(hits, verdicts, strict=True)]
    if not any(v.passed or v.unsure for v in verdicts):
        return []
    found = any(v.passed for v in verdicts)
    place: dict[str, float] = {}
    for n, (hit, verdict) in enumerate(zip(hits, verdicts, strict=True)):
        hit.explain["answerable"] = verdict.explain(head, floor)
        place[hit.memory.id] = n + 1.0
        if _lower(hit, verdict, found=found, relevant=relevant):
            hit.score *= demote
            hit.explain["answerable"]["demoted"] = True
            place[hit.memory.id] = (n + 1) / demote if demote > 0 else math.inf
    # ranked lower by place, not re-sorted by score: the order the search gave is kept
    return sorted(hits, key=lambda h: place[h.memory.id])


def _relevant(hit: SearchHit, verdict: Verdict, relevant: float) -> Verdict:
    """``verdict`` made unsure when it is an unproven failure (not :attr:`Verdict.against`)
    of a hit whose match with the question is at least ``relevant`` (a hit without a
    match score is judged by the others: it is not kept on that ground)."""
    if verdict.passed or verdict.unsure or verdict.against or relevant <= 0:
        return verdict
    match = hit.explain.get("match", {})
    score = match.get("score") if isinstance(match, dict) else None
    if not isinstance(score, float | int) or score < relevant:
        return verdict
    return Verdict(False, verdict.score, verdict.word, verdict.by, unsure=True, relevant=True)


def _lower(hit: SearchHit, verdict: Verdict, *, found: bool, relevant: float) -> bool:
    """Whether a hit is ranked lower: when another hit holds the thing (``found``),
    every failure that is not unsure; when none does, only a failure against the thing
    that is also weakly related ("your mam's set" beside the salon asked for is not)."""
    if verdict.passed or verdict.unsure:
        return False
    if found:
        return True
    match = hit.explain.get("match", {})
    score = match.get("score") if isinstance(match, dict) else None
    weak = not isinstance(score, float | int) or score < relevant
    return verdict.against and weak
