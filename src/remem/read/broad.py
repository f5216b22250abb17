"""Broad questions: "what do you know about me?" is answered by the scope's memories.

A broad question asks for what the store holds about the user (or about one
facet of the user: "what have I told you about my health?"), not for one value.
Its words match no memory in particular, so the absolute relevance floor
(:mod:`remem.read.floor`) would answer it with nothing, though the answer is
"all of them, ranked".

:func:`broad_question` recognises one by the question's structure, not by a
list of phrasings. The words it looks at are closed grammatical classes —
pronouns (the user: ``I``/``me``/``my``/``we``...; the assistant: ``you``),
wh-words, auxiliaries, quantifiers (``any``, ``anything``, ``everything``) —
and one semantic class, the verbs that take the conversation itself as their
object: telling (tell, say, share, mention, describe, summarise, recap,
remind...) and knowing (know, remember, recall, learn). Three frames:

- **request**: the assistant asked to tell what it holds about the user — an
  imperative telling verb ("tell me about my family", "summarise my goals"),
  a knowing verb whose subject is the assistant ("what do you know about me",
  "what do you remember about my lifestyle"), or a telling verb whose subject
  is the user ("what have I told you about work", "what goals have I
  mentioned"); a first-person word is required.
- **identity**: ``who`` + a copula + the user as subject, nothing asked of it
  ("who am I, in a nutshell?").
- **set**: a quantifier opening the question ("any upcoming plans?",
  "anything I should know about my health?"), or ``what/who are`` + a
  first-person possessive ("what are my hobbies?"), unless it asks their
  names ("what are my nieces called?": a question for values).

A question asking for one value ("what is my cat's name?", "which car do I
drive?", "when is my dentist appointment?") fits none of them and is searched
as usual, floor included.

The **facet** is the noun phrase the frame asks about: the words after
``about``/``on``/``regarding``/``with``, after a first-person possessive, after
a quantifier, or after the wh-determiner ("what goals..."), up to a
preposition that starts an adverbial ("at the moment", "in a nutshell"),
without function words, pronouns and the frame's own verbs; ``health-wise``
is ``health``. A time expression ("...last week") is not part of the facet: it
narrows the answer to the memories valid (or stored) within its window. No facet (only the user: "about me", "myself") means every
memory in scope, ranked by importance and recency; a facet means the memories
that match it (:func:`remem.read.search.search` runs the facet as the query,
with ``config.broad_facet_floor`` as its floor), ranked by relevance,
importance and recency.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import cache
from importlib import resources
from typing import Literal

import numpy as np

from remem.config import Config
from remem.model import MemoryRecord, Scope, SearchHit
from remem.providers.base import Embedder, Vectors
from remem.read.rank import Asker, rank
from remem.read.temporal import parse_time
from remem.stopwords import STOPWORDS
from remem.store.base import ListFilter, Store
from remem.timeexpr import find_times

Frame = Literal["request", "identity", "set", "meaning"]

# letters of any script: "fiancée", "café" are one word each
_TOKEN = re.compile(r"[^\W_]+(?:-[^\W_]+)*|'[a-z]+")
_CONTRACTION = re.compile(r"(?<=[^\W\d_])'(s|re|ve|m|d|ll|t)\b")

# Closed classes.
# "user": how an agent names the same person ("what do you know about the user?")
_USER = frozenset("i me my mine myself we us our ours ourselves user".split())
_USER_SUBJECT = frozenset("i we".split())
_USER_POSSESSIVE = frozenset("my our user".split())  # "the user's X": 's is split off
_ASSISTANT = frozenset("you your yours yourself assistant agent".split())
_WH = frozenset("what which who whom whose when where why how".split())
_COPULA = frozenset("am is are was were 'm 're 's be been".split())
_PLURAL_COPULA = frozenset("are were 're".split())
_AUX = _COPULA | frozenset(
    "do does did have has had can could will would should shall may might must 've 'd 'll".split()
)
# a set question that asks a value of each member is a question for values
_VALUE = frozenset("name names called named".split())
_QUANTIFIER = frozenset("any anything everything all something".split())
# Prepositions that introduce the facet, and those that start an adverbial after it.
_FACET_MARK = frozenset("about on regarding re concerning with".split())
_ADVERBIAL = frozenset("at in for during since lately recently nowadays so".split())

# The semantic class: verbs (and their nouns) that take the conversation as object.
_TELLING = re.compile(
    r"^(?:tell|told|say|said|share[sd]?|sharing|mention\w*|talk\w*|describ\w*|"
    r"summar\w*|recap\w*|remind\w*|list|outline\w*|overview|rundown)$"
)
_KNOWING = re.compile(r"^(?:know|knew|known|knows|remember\w*|recall\w*|learn\w*)$")


@dataclass(frozen=True, slots=True)
class BroadQuestion:
    """A broad question: its frame and the facet it names (None: the whole scope)."""

    frame: Frame
    facet: str | None
    when: tuple[str, ...] = ()  # time expressions, left out of the facet ("...last week")

    def explain(self) -> dict[str, str | None]:
        """What :attr:`remem.model.SearchHit.explain` shows under ``"broad"``."""
        return {
            "frame": self.frame,
            "facet": self.facet,
            "when": "; ".join(self.when) or None,
            "answer": (
                "every memory in scope, ranked by importance and recency"
                if self.facet is None
                else f"memories matching {self.facet!r}, ranked by relevance, "
                "importance and recency"
            ),
        }


def tokens(text: str) -> list[str]:
    """Lower-cased words of ``text`` with contractions split off ("what's" ->
    ``what``, ``'s``; "I've" -> ``i``, ``'ve``)."""
    text = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    text = _CONTRACTION.sub(r" '\1", text)
    return _TOKEN.findall(text)


def _frame_word(word: str) -> bool:
    return bool(_TELLING.match(word) or _KNOWING.match(word))


def _frame(words: list[str]) -> Frame | None:
    user = any(w in _USER for w in words)
    first = words[0]
    if first in _QUANTIFIER:
        return "set"
    if not user:
        return None
    if _TELLING.match(first):  # an imperative: "tell me about...", "summarise my..."
        return "request"
    assistant = any(w in _ASSISTANT for w in words)
    if assistant and any(_frame_word(w) for w in words):
        return "request"
    if any(_TELLING.match(w) for w in words):
        for i, w in enumerate(words):  # a telling verb with the user as its subject
            if _TELLING.match(w) and any(p in _USER_SUBJECT for p in words[max(0, i - 3) : i]):
                return "request"
    if first == "who" and len(words) >= 3 and words[1] in _COPULA and words[2] in _USER_SUBJECT:
        rest = [w for w in words[3:] if w not in STOPWORDS and w not in _USER]
        if not rest or words[3:4] in (["in"], ["at"]):
            return "identity"
    if (
        first in _WH
        and len(words) >= 3
        and words[1] in _PLURAL_COPULA
        and words[2] in _USER_POSSESSIVE
        and not _VALUE.intersection(words)  # "what are my nieces called?": their names
    ):
        return "set"
    return None


def _facet(words: list[str], frame: Frame) -> str | None:
    starts = [
        i + 1
        for i, w in enumerate(words)
        if w in _FACET_MARK or w in _USER_POSSESSIVE or (i == 0 and w in _QUANTIFIER)
    ][:1]
    if frame == "request" and len(words) > 1 and words[0] in _WH:
        starts.append(1)  # "which hobbies have I talked about?": the wh-determiner's noun
    for start in starts:
        facet = _noun_phrase(words[start:])
        if facet:
            return facet
    return None


def _noun_phrase(rest: list[str]) -> str:
    """The content words of ``rest`` up to an adverbial, frame words left out."""
    kept: list[str] = []
    for i, w in enumerate(rest):
        if w in _ADVERBIAL and (kept or rest[i + 1 : i + 2] not in (["my"], ["our"])):
            break  # "...at the moment", "...so far"; but "anything in my calendar?"
        if w in _FACET_MARK or w in _USER_POSSESSIVE:
            continue
        if w in STOPWORDS or w in _USER or w in _ASSISTANT or w in _AUX or w in _QUANTIFIER:
            continue
        if w.startswith("'") or _frame_word(w) or w in _ADVERBIAL:
            continue
        kept.append(w.removesuffix("-wise"))
    return " ".join(kept)


def _read(query: str) -> tuple[list[str], tuple[str, ...]]:
    """The words of ``query`` with its time expressions left out, and those."""
    times = find_times(query, date(2000, 1, 1))  # only where they are: any anchor will do
    text = query
    for found in reversed(times):
        text = text[: found.start] + " " + text[found.end :]
    return tokens(text), tuple(t.text for t in times)


def broad_question(
    query: str, embedder: Embedder | None = None, model_min: float = math.inf
) -> BroadQuestion | None:
    """The broad question ``query`` asks, or None when it asks for something specific:
    by its frames, then (given ``embedder``) by the broad-question reader above
    ``model_min`` (:func:`broad_by_meaning`)."""
    words, when = _read(query)
    if not words:
        return None
    frame = _frame(words)
    if frame is not None:
        return BroadQuestion(frame=frame, facet=_facet(words, frame), when=when)
    if embedder is None:
        return None
    return _by_meaning(query, words, when, embedder, model_min)


_MODEL_FILE = "broad-model-minilm.json"
_MODEL_WORDS = 16  # longer questions are specific ones, or prompts
_NAMED = re.compile(r"(?<=\s)[A-Z][a-z]+")  # a capitalised word after the first: a name


@cache
def _model(model_id: str) -> tuple[np.ndarray, float] | None:
    """The broad-question reader fitted for ``model_id``'s space, or None."""
    raw = json.loads(resources.files("remem.data").joinpath(_MODEL_FILE).read_text("utf-8"))
    if raw["model_id"] != model_id:
        return None
    return np.asarray(raw["weights"], dtype=np.float64), float(raw["bias"])


def broad_by_meaning(query: str, embedder: Embedder, minimum: float) -> BroadQuestion | None:
    """A question the frames miss ("what's my money picture looking like?", "catch me
    up on me", "Finances?") read as broad by the broad-question reader: a logistic model
    on the embedder's unit vector of the question (bench/broad_model.py), above
    ``minimum``. Only a short question that names no one (a question about a named
    person asks about them, not the user); its facet is the noun phrase the frames
    would take, or the question's own content words."""
    words, when = _read(query)
    return _by_meaning(query, words, when, embedder, minimum) if words else None


def _by_meaning(
    query: str, words: list[str], when: tuple[str, ...], embedder: Embedder, minimum: float
) -> BroadQuestion | None:
    if not math.isfinite(minimum) or _NAMED.search(query) or len(words) > _MODEL_WORDS:
        return None
    model = _model(embedder.model_id)
    if model is None:
        return None
    vector = np.asarray(embedder.embed_query(query), dtype=np.float64)
    norm = float(np.linalg.norm(vector))
    if norm == 0 or float(vector @ model[0]) / norm + model[1] <= minimum:
        return None
    facet = _facet(words, "meaning")
    marked = any(w in _FACET_MARK or w in _USER_POSSESSIVE for w in words)
    if facet is None and not marked:  # "Finances?", "Job status.": the words themselves
        facet = _noun_phrase([w for w in words if w not in _WH]) or None
    return BroadQuestion(frame="meaning", facet=facet, when=when)


def in_window(record: MemoryRecord, window: tuple[datetime, datetime]) -> bool:
    """Whether ``record`` was valid from (or, without that, stored) within ``window``."""
    when = record.valid_from or record.created_at
    when = when if when.tzinfo else when.replace(tzinfo=UTC)
    return window[0] <= when < window[1]


def centrality(vectors: Sequence[Vectors | None]) -> list[float]:
    """Each memory's mean cosine to the others (unit vectors), min-max scaled to
    [0, 1] over the set; 0.5 for a memory without a vector, and for all when the
    set has fewer than three vectors. The memories a scope's other memories are
    about rank first: extractive summarisation's centrality (TextRank's degree)."""
    known = [i for i, v in enumerate(vectors) if v is not None]
    out = [0.5] * len(vectors)
    if len(known) < 3:
        return out
    matrix = np.stack([np.asarray(vectors[i], dtype=np.float32) for i in known])
    sims = matrix @ matrix.T
    mean = (sims.sum(axis=1) - np.diag(sims)) / (len(known) - 1)
    lo, hi = float(mean.min()), float(mean.max())
    for i, value in zip(known, mean, strict=True):
        out[i] = (float(value) - lo) / (hi - lo) if hi > lo else 0.5
    return out


def diversify(
    hits: Sequence[SearchHit], vectors: Mapping[str, Vectors], *, weight: float
) -> list[SearchHit]:
    """``hits`` (best first) re-ordered by maximal marginal relevance: each next hit
    maximises ``score/top - weight x (its best cosine to the hits already taken)``,
    so the first few cover different things ("a nurse", "her husband", "diabetes")
    rather than three sides of one. ``weight`` 0 keeps the order."""
    if weight <= 0 or len(hits) < 3:
        return list(hits)
    top = max(h.score for h in hits) or 1.0
    left = list(hits)
    taken: list[SearchHit] = []
    while left:
        best, best_value, best_overlap = 0, -math.inf, 0.0
        for i, hit in enumerate(left):
            vector = vectors.get(hit.memory.id)
            overlap = 0.0
            if vector is not None:
                overlap = max(
                    (float(vector @ vectors[t.memory.id]) for t in taken if t.memory.id in vectors),
                    default=0.0,
                )
            value = hit.score / top - weight * overlap
            if value > best_value:
                best, best_value, best_overlap = i, value, overlap
        hit = left.pop(best)
        hit.explain.setdefault("broad", {})["overlap"] = round(best_overlap, 4)
        taken.append(hit)
    return taken


def facet_cut(hits: Sequence[SearchHit], *, floor: float) -> list[SearchHit]:
    """A facet's hits, or none when their best match (``explain["match"]["score"]``,
    see :mod:`remem.read.floor`) is below ``floor``: nothing in scope is about the
    facet ("tell me about my car" from a user who never mentioned one). Hits without
    a match score (no comparable vector) are judged by the others."""
    known = [h.explain["match"]["score"] for h in hits if "score" in h.explain.get("match", {})]
    best = max(known, default=None)
    if best is not None and best < floor:
        return []
    for hit in hits:
        hit.explain.setdefault("broad", {})["facet_best_match"] = best
    return list(hits)


def answer_broad(
    store: Store,
    embedder: Embedder,
    query: str,
    broad: BroadQuestion,
    *,
    scope: Scope,
    config: Config,
    limit: int,
    filters: ListFilter | None,
    asker: Asker | None,
    now: datetime,
    search_facet: Callable[[str, int], list[SearchHit]],
) -> list[SearchHit]:
    """A broad question's answer. With a facet: ``search_facet(facet, depth)`` (the
    ordinary search with the facet as the query and no floor), cut by
    :func:`facet_cut`. Without: the newest ``config.broad_candidates`` memories in
    scope, relevance ``broad_centrality_floor + (1 - floor) x`` :func:`centrality`,
    ranked (importance, recency... :func:`remem.read.rank.rank`) and
    :func:`diversify`-ed. A time expression keeps what falls in its window."""
    window = parse_time(query, reference=now).window if broad.when else None
    if broad.facet is not None:
        depth = max(limit, config.rank_candidates) if window is not None else limit
        hits = facet_cut(search_facet(broad.facet, depth), floor=config.broad_facet_floor)
        if window is not None:
            hits = [h for h in hits if in_window(h.memory, window)]
    else:
        page = store.list_memories(scope, filters=filters, limit=config.broad_candidates)
        items = [m for m in page.items if window is None or in_window(m, window)]
        vectors = pooled_vectors(store, [m.id for m in items], embedder)
        central = centrality([vectors.get(m.id) for m in items])
        floor = config.broad_centrality_floor
        listed = [
            SearchHit(
                memory=m,
                score=floor + (1 - floor) * c,
                sources=["scope"],
                explain={"broad": {"centrality": round(c, 4)}},
            )
            for m, c in zip(items, central, strict=True)
        ]
        hits = rank(listed, query=query, config=config, asker=asker, now=now, trust=False)
        hits = diversify(hits, vectors, weight=config.broad_diversity)
    for hit in hits:
        hit.explain["broad"] = {**broad.explain(), **hit.explain.get("broad", {})}
        if window is not None:
            span = [window[0].date().isoformat(), window[1].date().isoformat()]
            hit.explain["broad"]["window"] = span
    return hits[:limit]


def pooled_vectors(store: Store, ids: Sequence[str], embedder: Embedder) -> dict[str, Vectors]:
    """The stored pooled vectors of ``ids`` made by ``embedder`` (others left out)."""
    out: dict[str, Vectors] = {}
    for memory_id, (model, blob) in store.get_vectors(ids).items():
        vector = np.frombuffer(blob, dtype=np.float32)
        if model == embedder.model_id and vector.shape == (embedder.dim,):
            out[memory_id] = vector
    return out
