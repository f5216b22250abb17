"""Does a newer fact update an older one? One scored, explained decision.

``compare(old, new)`` first rules out pairs about different things: another
subject ("Sam's manager" is not Sam, "the staging cluster" is not "the
production cluster", a person of the speaker's that the embedding model tells
from a thing: "my neighbours moved" is not the speaker), another member of a
list ("project 1" / "project 28", "rack 3" / "rack 4"), or a newer statement
of what might hold, not what holds (:mod:`remem.slots.mood`: "If I get the
job I'd move"). For the rest it adds up evidence:

=================  ===========================================================
``template``       overlap of the two facts' remaining words once subject and
                   values are masked (with attribute families: "lives" and
                   "apartment" overlap), times its weight
``value_same``     a value of one kind (date, money, number of one unit,
                   version, name) differs between the two
``value_other``    some other part differs on both sides
``cue``            a change cue in the new fact ("moved", "switched", "went up")
``weak_cue``       only a currency cue ("now", "these days", "new")
``targeted_cue``   the cue changes what the old fact talks about ("broke up"
                   and "dating", "postponed" and a date)
``old_value``      the new fact names the old value as ending ("left Google",
                   "from Flask to FastAPI", "my Trek got stolen")
``same_product``   a named product's version changed ("Node 16" -> "Node 20")
``value_only``     one state with another value: the same words around one run
                   that differs ("is reading Dune" / "is reading Middlemarch")
``additive``       minus: the new fact adds ("also", "another", "as well")
``event``          minus: the new fact tells a past event without a change cue
                   ("visited Florence"): events accumulate, they do not replace
``no_cue``         minus: no cue at all
``state_event``    a past event that lands in a one-value slot ("is on the
                   waitlist" / "got a spot"): the change, not an added event
=================  ===========================================================

The weights are ``Config.update_weights``; the caller compares the score with
``Config.update_threshold`` (supersede) or ``Config.conflict_threshold`` (the
read path's conflict tag). Pairs where nothing differs on both sides are
``same`` (a duplicate or a rewording: the caller's dedup decides).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from remem.config import DEFAULT_UPDATE_WEIGHTS as DEFAULT_WEIGHTS
from remem.slots import lexicon as lx
from remem.slots.ending import ended_values, mentioned
from remem.slots.evidence import features, order_changed
from remem.slots.facts import Fact
from remem.slots.mood import conditional, irrealis
from remem.slots.semantic import Similarity, texts_for
from remem.slots.things import named_apart, other_thing
from remem.slots.tokens import ADVERBS, is_word, verbish
from remem.slots.value_changes import ident_changed
from remem.slots.whose import (
    different_member,
    different_subject,
    owned_person_apart,
    person_texts,
    speakers_apart,
)

_NEGATION_FILLER = frozenset(
    "a an the does do did is are was were am be been anymore longer any more really".split()
)
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|no)\b|n't\b|\b(?:doesnt|dont|isnt|wasnt|arent|didnt|wont|cant)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a newer fact relates to an older one.

    ``relation``: ``other`` (another subject or list member, or a text of several
    statements), ``same`` (nothing differs on both sides), ``contradiction`` (one
    negates the other), ``unrelated`` (same subject, but nothing ties the two to
    one attribute) or ``candidate`` (same subject and attribute, something
    differs: an update when ``score`` reaches the caller's threshold, else a
    distinct fact). ``reasons`` explain it.
    ``differs`` is False when only wording differs and no change cue says it is
    news: such a pair may still be a rewording, which the caller's dedup judges.
    """

    relation: str
    score: float = 0.0
    reasons: tuple[str, ...] = field(default_factory=tuple)
    differs: bool = True  # values, members or subjects differ: never a duplicate
    features: Mapping[str, float] = field(default_factory=dict)  # evidence by weight name

    def updates(self, threshold: float) -> bool:
        """Whether the newer fact replaces the older one at ``threshold``."""
        if self.relation == "contradiction":
            return True
        return self.relation in ("candidate", "unrelated") and self.score >= threshold

    def explain(self) -> str:
        """One line: the relation, the score and its reasons."""
        return f"{self.relation} {self.score:.2f}: " + "; ".join(self.reasons)


def compare(
    old: Fact,
    new: Fact,
    *,
    weights: Mapping[str, float] | None = None,
    similarity: Similarity | None = None,
) -> Verdict:
    """Score whether ``new`` (said later) updates ``old`` (see the module doc). A fact
    of several clauses ("The route got cut, so I'm catching the 6:50 train now") is
    compared clause by clause too, and the clause that relates best speaks for it."""
    w = {**DEFAULT_WEIGHTS, **(weights or {})}
    whole = old.comparable and new.comparable
    if not whole and not ((old.comparable or old.clauses) and (new.comparable or new.clauses)):
        return Verdict("other", 0.0, ("not one statement",))
    thing = other_thing(old, new)  # two named things of one kind: so is every clause
    if thing:
        return Verdict("other", 0.0, (different_subject(old, new) or thing,))
    apart = speakers_apart(old, new)  # two speakers' own facts: so is every clause
    if apart:
        return Verdict("other", 0.0, (apart,))
    if conditional(new):  # "If I get the internship I'd quit": no clause of it holds now
        return Verdict("other", 0.0, ("a condition, not what holds",))
    # a possibility ("Kim might move to Dublin") tells nothing that holds: neither it nor,
    # whole, a sentence one of whose clauses is one ("Because ..., I might drop to ...")
    hedged = irrealis(new) or next(filter(None, map(irrealis, new.clauses)), None)
    # a short text of several sentences is compared sentence by sentence (its clauses)
    if hedged:
        best = Verdict("other", 0.0, (hedged,))
        if not new.clauses:
            return best
    else:
        best = _compare_one(old, new, w, similarity) if whole else _NOT_ONE
    adds = _additive_lead(new)
    for o in old.clauses or (old,):
        for n in new.clauses or (new,):
            if (o is old and n is new) or irrealis(n):
                continue
            if not whole and (
                other_thing(o, n) or named_apart(o, n, new) or named_apart(n, o, old)
            ):
                continue
            verdict = _compare_one(o, n, w, similarity)
            # the clause tells a change (a change or currency cue, nothing additive) of the value the
            # sentence names elsewhere
            changes = (
                bool("cue" in verdict.features or "weak_cue" in verdict.features or n.weak_cues)
                and "additive" not in verdict.features
            )
            scored = verdict.relation in _SCORED and changes
            named = _named_elsewhere(o, new, n) if scored else ()
            if named:
                # "She said ballet was boring, so now she does gymnastics instead": the
                # old value is named in another clause of the same sentence, which ties
                # the two to one attribute (no "no shared attribute" penalty)
                f = {k: v for k, v in verdict.features.items() if k not in _TIES}
                f["old_named"] = 1.0
                kept = [r for r in verdict.reasons if r not in _TIE_REASONS]
                if "no_cue" in f and n.weak_cues:  # the old value named ties its "now" to it
                    del f["no_cue"]
                    f["weak_cue"] = 1.0
                    kept = [r if r != _UNTIED_WEAK else "weak cue: " + ", ".join(n.weak_cues)
                            for r in kept]  # fmt: skip
                verdict = replace(
                    verdict,
                    relation="candidate",
                    score=round(sum(w[k] * v for k, v in f.items()), 3),
                    reasons=(
                        *kept,
                        "old value named: " + ", ".join(named),
                    ),
                    features=f,
                )
            if adds and verdict.relation in _SCORED and "additive" not in verdict.features:
                # "In addition, I have joined the museum board": the lead that says the
                # sentence adds speaks for its clauses
                f = {**verdict.features, "additive": -1.0}
                verdict = replace(
                    verdict,
                    score=round(sum(w[k] * v for k, v in f.items()), 3),
                    reasons=(*verdict.reasons, "additive: " + ", ".join(adds)),
                    features=f,
                )
            if _rank(verdict) > _rank(best):
                clause = f"clause '{n.text}'" if n is not new else f"clause '{o.text}'"
                best = replace(verdict, reasons=(clause, *verdict.reasons))
    return best


_NOT_ONE = Verdict("other", 0.0, ("not one statement",))
_SCORED = ("candidate", "unrelated")
_TIES = ("unshared", "generic")  # penalties for two statements not tied to one attribute
_TIE_REASONS = ("no shared attribute", "only wording differs, under a generic cue")
_UNTIED_WEAK = "a weak cue of another slot"  # the reason remem.slots.evidence gives


def _additive_lead(fact: Fact) -> tuple[str, ...]:
    """The additive cue of a clause of ``fact`` that is nothing but that cue ("Also,",
    "In addition,", "Plus,"): it tells that the whole sentence adds."""
    return tuple(
        c.additive[0]
        for c in fact.clauses
        if len(c.additive) == 1 and _plain(c.text) == c.additive[0]
    )


def _plain(text: str) -> str:
    """Lower-cased words of ``text``, single-spaced, without punctuation."""
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def _named_elsewhere(old: Fact, new: Fact, clause: Fact) -> tuple[str, ...]:
    """The old fact's value words that ``new`` names in a clause other than ``clause``."""
    if clause is new:
        return ()
    valued = {i for v in old.values for i in v.tokens}
    words = {
        t.stem
        for t in old.tokens[old.verb_at + 1 :]
        if (t.index in valued or t.stem in old.content)
        and t.low not in lx.LIGHT
        and not t.pronoun
        and t.stem not in old.key
    }
    elsewhere = {m for c in new.clauses if c is not clause for m in c.mentions}
    return tuple(sorted(w for w in words if w in elsewhere and w not in clause.mentions))


def _rank(verdict: Verdict) -> tuple[bool, bool, float]:
    return (
        verdict.relation == "contradiction",
        verdict.relation in ("candidate", "unrelated"),
        verdict.score,
    )


def texts_to_embed(old: Fact, new: Fact) -> list[str]:
    """Every text the semantic evidence of ``compare(old, new)`` compares."""
    out: list[str] = []
    for o in (old, *old.clauses):
        for n in (new, *new.clauses):
            out += texts_for(o, n) + person_texts(o, n)
    return out


def _compare_one(
    old: Fact, new: Fact, w: Mapping[str, float], similarity: Similarity | None
) -> Verdict:
    other = (
        different_subject(old, new)
        or different_member(old, new)
        or owned_person_apart(old, new, similarity)
    )
    if other:
        return Verdict("other", 0.0, (other,))
    if old.text.casefold() == new.text.casefold():
        return Verdict("same", 0.0, ("the same words",), differs=False)
    if negates(old, new):
        return Verdict("contradiction", 0.0, ("one negates the other",))
    reasons: list[str] = []
    ended = ended_values(old, new)
    old_values = [v for v in old.values if not mentioned(v, new)]
    new_values = [v for v in new.values if not mentioned(v, old)]
    old_only = old.content - new.mentions - ended
    new_only = new.content - old.mentions - ended
    changed_ident = [i for i in new.identifiers if ident_changed(i, old)]
    wording = bool(old_only and new_only)
    news = set(new.strong_cues) - set(old.strong_cues)  # "broke up" after "is dating"
    differs = bool(
        (old_values and new_values)
        or changed_ident
        or ended
        or news
        or (_objects(old, new) and _objects(new, old))  # "is green" / "is orange"
        or order_changed(old, new)  # "before breakfast" / "after breakfast"
    )
    if not differs and not wording and not ((old_values and new_only) or (new_values and old_only)):
        return Verdict("same", 0.0, ("nothing differs on both sides",), differs=False)
    if new.values and not new_values and not new_only and not ended and not changed_ident:
        # "Aaron moved to Boston" after "Aaron lives in Boston": the value it names is
        # the one already known
        return Verdict("same", 0.0, ("the new fact names the known value",), differs=False)
    f, reasons = features(old, new, ended, old_values, new_values, old_only, new_only, similarity)
    score = sum(w[name] * value for name, value in f.items())
    relation = "unrelated" if f.get("unshared") or f.get("generic") else "candidate"
    return Verdict(relation, round(score, 3), tuple(reasons), differs=differs, features=f)


def _objects(fact: Fact, other: Fact) -> list[str]:
    """Content words after ``fact``'s verb (its objects and complements, not verbs)
    that ``other`` does not have."""
    return [
        t.low
        for t in fact.tokens[fact.verb_at + 1 :]
        if is_word(t)
        and not verbish(t)
        and t.low not in lx.LIGHT
        and t.low not in ADVERBS
        and not t.pronoun
        and t.low not in other.mentions
        and t.stem not in other.mentions
    ]


def negates(old: Fact, new: Fact) -> bool:
    """Opposite negation parity and nearly the same claim words otherwise (Jaccard >= 0.75)."""
    if old.negated == new.negated:
        return False
    a, b = _claim(old.text), _claim(new.text)
    if not a or not b:
        return False
    return len(a & b) / len(a | b) >= 0.75


def _claim(text: str) -> set[str]:
    rest = _NEGATION.sub(" ", text)
    words = re.sub(r"[^\w\s]", " ", rest.casefold()).split()
    return {
        w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if w not in _NEGATION_FILLER
    }
