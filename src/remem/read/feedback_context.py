"""Feedback in context: what echo/fizzle learned about a memory *for queries like this
one*, instead of one global number.

A memory used in one task's session says nothing about the next, unrelated task,
and a memory ignored there says nothing about the task it belongs to. So each
echo/fizzle also keeps the context it was judged in: the keyword terms of the
text the memory was injected for (the session's opening, a prompt), stemmed as
BM25 stems them and kept only as short hashes — no query text is stored on the
memory. A memory keeps its last ``feedback_context_keep`` judgements in
``data["feedback"]`` (``{"used": bool, "terms": [...], "match": float, "response":
str}``, the match score it was injected with and a key of the response judged,
shared by the memories judged against it).

When the memory is a candidate for a new query, the judgements whose terms
overlap the query's by at least ``feedback_context_similarity`` (Jaccard) are the
evidence for it: ranking multiplies in ``1 + feedback_context_weight x (2 s - 1)``
with ``s = (used + 1) / (similar + 2)`` (no such judgement: 1.0). A memory
ignored every time it was judged (at least ``feedback_skip_min_ignored`` times,
at least once for a query like this one) is chatter: the agent does not inject
it for a query it matches no better than the best match it was ignored at
(:mod:`remem.agent.recall`). One ignored only for other kinds of query (another
task's tool call) says nothing about this one and is still tried.

A judgement whose echo another memory explained (``explained_by``,
:func:`remem.agent.feedback.explained_away`) counts as neither use nor ignore; it
names that memory, and the agent leaves this one out of a block that memory is
ranked above it in (:meth:`Evidence.redundant_with`).

What the judgements teach also reaches memories never judged: once a query's
candidates hold enough redundant judgements (:func:`quoting_labels`), a memory
quoted whole inside one above it is left out too; and :func:`learned_floor`
fits use against match score over the candidates' judgements, so the agent
does not inject what is matched too weakly to be used more often than ignored —
unless it was used in one response with a memory the block holds (:class:`UsedWith`).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from remem.config import Config
from remem.model import MemoryRecord, SearchHit
from remem.read.query import keyword_terms
from remem.store.lexical import Analyzer

_ANALYZER = Analyzer()
FEEDBACK_KEY = "feedback"  # the list of judgements in a memory's data


def term_hash(term: str) -> str:
    """A stemmed term's short hash (what a judgement keeps of its query)."""
    return hashlib.blake2b(term.encode("utf-8"), digest_size=4).hexdigest()


def stems(word: str) -> list[str]:
    """A keyword's stems, as BM25 stems them."""
    return _ANALYZER.terms(word)


def context_terms(text: str) -> tuple[str, ...]:
    """The hashed, stemmed keyword terms of ``text``, each once, in order."""
    stems = _ANALYZER.terms(" ".join(keyword_terms(text)))
    return tuple(dict.fromkeys(term_hash(s) for s in stems))


def novel_keywords(text: str, context: Sequence[str]) -> list[str]:
    """``text``'s keyword terms its query (``context``, hashed terms) did not say;
    all of them when the query said every one or is unknown."""
    words = keyword_terms(text)
    if not context:
        return words
    said = set(context)
    novel = [w for w in words if not said.intersection(term_hash(s) for s in _ANALYZER.terms(w))]
    return novel or words


def similarity(a: Iterable[str], b: Iterable[str]) -> float:
    """Jaccard overlap of two term sets (0 when either is empty)."""
    left, right = set(a), set(b)
    if not left or not right:
        return 0.0
    return len(left & right) / len(left | right)


@dataclass(frozen=True, slots=True)
class Evidence:
    """What a memory's judgements say about injecting it for one query."""

    similar: int = 0  # judged for queries like this one
    used: int = 0  # ... and used there
    judged: int = 0  # judged for any query
    used_any: int = 0  # ... and used
    best_ignored: float | None = None  # the best match it was injected with, unused
    match: float | None = None  # its match with this query
    explainers: tuple[str, ...] = ()  # memories that made its echo redundant

    def redundant_with(self, config: Config, above: Collection[str]) -> str | None:
        """The memory ranked above it in this block (``above``) that explained its echo
        before, when ``feedback_skip_redundant``: it adds nothing beside that one."""
        if not config.feedback_skip_redundant:
            return None
        return next((m for m in self.explainers if m in above), None)

    def factor(self, config: Config) -> float:
        """The ranking factor (1.0 without judgements for queries like this one)."""
        if not self.similar:
            return 1.0
        share = (self.used + 1) / (self.similar + 2)
        return 1.0 + config.feedback_context_weight * (2.0 * share - 1.0)

    def skip(self, config: Config) -> bool:
        """Ignored every time it was injected (at least ``feedback_skip_min_ignored``
        times, at least once for a query like this one) and matched no better now
        than when it was ignored: chatter. A memory now matched better than ever
        before is still tried, and so is one only ever judged for other kinds of
        query: being ignored for another task says nothing about this one."""
        return (
            config.feedback_skip_min_ignored > 0
            and self.used_any == 0
            and self.judged >= config.feedback_skip_min_ignored
            and self.similar > 0
            and self.match is not None
            and self.best_ignored is not None
            and self.match <= self.best_ignored
        )

    def explain(self, config: Config) -> dict[str, Any]:
        return {
            "similar": self.similar,
            "used": self.used,
            "judged": self.judged,
            "used_any": self.used_any,
            **({"best_ignored_match": self.best_ignored} if self.best_ignored else {}),
            **({"explained_by": list(self.explainers)} if self.explainers else {}),
            "factor": round(self.factor(config), 4),
            "skip": self.skip(config),
        }


def judgements(record: MemoryRecord) -> list[Mapping[str, Any]]:
    """The judgements kept on a memory (malformed entries left out)."""
    raw = record.data.get(FEEDBACK_KEY)
    if not isinstance(raw, list):
        return []
    return [j for j in raw if isinstance(j, dict) and isinstance(j.get("terms"), list)]


def evidence(
    record: MemoryRecord, terms: Sequence[str], config: Config, *, match: float | None = None
) -> Evidence:
    """What the judgements of ``record`` say for a query with ``terms`` that it
    matches with ``match`` (its match score, when measured)."""
    similar = used = judged = used_any = 0
    best: float | None = None
    explainers: list[str] = []
    for item in judgements(record):
        by = item.get("explained_by")
        if isinstance(by, str):  # redundant beside ``by``: neither used nor ignored
            explainers.append(by)
            continue
        was_used = bool(item.get("used"))
        judged += 1
        used_any += was_used
        seen = item.get("match")
        if not was_used and isinstance(seen, int | float):
            best = float(seen) if best is None else max(best, float(seen))
        if terms and similarity(terms, item["terms"]) >= config.feedback_context_similarity:
            similar += 1
            used += was_used
    return Evidence(similar, used, judged, used_any, best, match, tuple(dict.fromkeys(explainers)))


def judgement(
    used: bool,
    terms: Sequence[str],
    match: float | None = None,
    explained_by: str | None = None,
    echoed_through: str | None = None,
    response: str | None = None,
) -> dict[str, Any]:
    """One judgement as kept in ``data["feedback"]``: used or not, the hashed terms of
    the query, the match score it was injected with; for a redundant memory the
    memory that explained its echo (the judgement then counts as neither), for a
    hollow one the memory it quotes that its echo came through; ``response``: a
    short key of the response judged (:func:`response_key`), the same for every
    memory judged against it, so memories used together can be told."""
    return {
        "used": bool(used),
        "terms": list(terms),
        **({"match": match} if match is not None else {}),
        **({"explained_by": explained_by} if explained_by else {}),
        **({"echoed_through": echoed_through} if echoed_through else {}),
        **({"response": response} if response else {}),
    }


def response_key(session_id: str, at: str) -> str:
    """The key a response's judgements share: a hash of its session and time (no text
    of it is kept)."""
    return hashlib.blake2b(f"{session_id}\x00{at}".encode(), digest_size=6).hexdigest()


def used_in(record: MemoryRecord) -> set[str]:
    """The responses (:func:`response_key`) ``record`` was used in, redundant
    judgements left out."""
    return {
        str(item["response"])
        for item in judgements(record)
        if item.get("used")
        and isinstance(item.get("response"), str)
        and not isinstance(item.get("explained_by"), str)
    }


class UsedWith:
    """The responses the memories a block holds were used in, to tell whether a
    memory below the learned floor was used *together* with one of them.

    The learned floor sees only the match score, pooled over the candidates'
    judgements, and a task's memories are often matched weakly by a request for
    it worded differently: an earlier session's episode of the same task, a fact
    that task needs. What does know they belong together is one response that
    used both. So a memory below the floor is still injected when it was used in
    a response that also used a memory the block holds above it on its own
    evidence (matched above the floor, or used for a query like this one: not
    one held only as one of the block's best few, nor one let in this way), and
    when it is among the ``reach`` best the block would take without the floor:
    the exemption gives back what ranking chose and the floor took, it does not
    reach further down (``feedback_floor_used_with``). A response, not a query: a
    generic query ("Running pytest.") serves different tasks, one response one."""

    def __init__(self, config: Config, *, reach: int | None = None) -> None:
        self.enabled = config.feedback_floor_used_with
        self.reach = reach  # None: any rank
        self._by_response: dict[str, str] = {}  # response key -> a memory used in it

    def add(self, record: MemoryRecord) -> None:
        """``record`` is in the block (above whatever comes next)."""
        if self.enabled:
            for key in used_in(record):
                self._by_response.setdefault(key, record.id)

    def partner(self, record: MemoryRecord) -> str | None:
        """A memory of the block used in one response with ``record``, if any."""
        if not self.enabled or not self._by_response:
            return None
        shared = sorted(used_in(record).intersection(self._by_response))
        return self._by_response[shared[0]] if shared else None

    def mark(self, hit: SearchHit, *, rank: int = 0) -> bool:
        """Whether ``hit``, ``rank`` hits down the block (counting those only the floor
        left out), is within reach and was used with a memory of the block (then
        named in its ``explain["feedback"]["used_with"]``)."""
        if self.reach is not None and rank >= self.reach:
            return False
        partner = self.partner(hit.memory)
        if partner is not None:
            hit.explain.setdefault("feedback", {})["used_with"] = partner
        return partner is not None


def quoting_labels(records: Iterable[MemoryRecord]) -> tuple[int, int]:
    """Among the judgements of ``records`` (a query's candidates): how many found a
    memory redundant beside one quoting it, and how many found a memory hollow
    (echoed only through one it quotes) — which side of a quoting pair the agent
    did without, as far as this scope's feedback says."""
    redundant = hollow = 0
    for record in records:
        for item in judgements(record):
            redundant += isinstance(item.get("explained_by"), str)
            hollow += isinstance(item.get("echoed_through"), str)
    return redundant, hollow


def inside(part: Collection[str], whole: Collection[str], share: float) -> bool:
    """Whether at least ``share`` of the stems ``part`` holds are in ``whole``."""
    if not part or share <= 0:
        return False
    return len(set(part) & set(whole)) / len(part) >= share


def keyword_stems(text: str) -> set[str]:
    """The stems of ``text``'s keyword terms."""
    return {s for w in keyword_terms(text) for s in stems(w)}


@dataclass(frozen=True, slots=True)
class LearnedFloor:
    """The match below which this scope's feedback says an injected memory is more
    likely ignored than used (``feedback_floor_use_min``), learned from the
    judgements of a query's candidates; ``floor`` None: no such evidence."""

    floor: float | None
    labels: int = 0  # judgements with a match score it was learned from
    used: int = 0  # ... of which uses

    def explain(self) -> dict[str, Any]:
        return {"floor": self.floor, "labels": self.labels, "used": self.used}


def learned_floor(records: Iterable[MemoryRecord], config: Config) -> LearnedFloor:
    """Fit ``P(used | match) = 1 / (1 + exp(-(a + b x match)))`` to the judgements of
    ``records`` (their match score and use; redundant ones left out) and return the
    match at which it reaches ``feedback_floor_use_min``, clipped to
    [0, ``feedback_floor_max``]. No floor below ``feedback_floor_min_labels``
    judgements, with only one outcome among them, or when a better match does not
    mean more use (b <= 0)."""
    pairs = [
        (float(item["match"]), bool(item.get("used")))
        for record in records
        for item in judgements(record)
        if isinstance(item.get("match"), int | float)
        and not isinstance(item.get("explained_by"), str)
    ]
    used = sum(u for _, u in pairs)
    if (
        config.feedback_floor_use_min <= 0
        or len(pairs) < config.feedback_floor_min_labels
        or used in (0, len(pairs))
    ):
        return LearnedFloor(None, len(pairs), used)
    a, b = _logistic([m for m, _ in pairs], [u for _, u in pairs])
    if b <= 0:
        return LearnedFloor(None, len(pairs), used)
    p = config.feedback_floor_use_min
    at = (math.log(p / (1.0 - p)) - a) / b if p < 1 else config.feedback_floor_max
    return LearnedFloor(round(min(max(at, 0.0), config.feedback_floor_max), 4), len(pairs), used)


def _logistic(x: Sequence[float], y: Sequence[bool], *, steps: int = 30) -> tuple[float, float]:
    """Intercept and slope of a one-feature logistic regression (Newton's method, a
    small ridge so separable labels stay finite)."""
    features = np.column_stack([np.ones(len(x)), np.asarray(x, dtype=np.float64)])
    target = np.asarray(y, dtype=np.float64)
    weights = np.zeros(2)
    ridge = 1e-2 * np.eye(2)
    for _ in range(steps):
        prob = 1.0 / (1.0 + np.exp(-(features @ weights)))
        grad = features.T @ (prob - target) + ridge @ weights
        hess = (features.T * (prob * (1.0 - prob))) @ features + ridge
        step = np.linalg.solve(hess, grad)
        weights -= step
        if float(np.abs(step).max()) < 1e-6:
            break
    return float(weights[0]), float(weights[1])
