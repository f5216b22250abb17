"""Does a newer fact update an older one? One scored, explained decision.

``compare(old, new)`` first rules out pairs about different things: another
subject ("Sam's manager" is not Sam, "the staging cluster" is not "the
production cluster") or another member of a list ("project 1" / "project 28",
"rack 3" / "rack 4"). For the rest it adds up evidence:

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
``additive``       minus: the new fact adds ("also", "another", "as well")
``event``          minus: the new fact tells a past event without a change cue
                   ("visited Florence"): events accumulate, they do not replace
``no_cue``         minus: no cue at all
=================  ===========================================================

The weights are ``Config.update_weights``; the caller compares the score with
``Config.update_threshold`` (supersede) or ``Config.conflict_threshold`` (the
read path's conflict tag). Pairs where nothing differs on both sides are
``same`` (a duplicate or a rewording: the caller's dedup decides).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from remem.config import DEFAULT_UPDATE_WEIGHTS as DEFAULT_WEIGHTS
from remem.slots import lexicon as lx
from remem.slots.facts import Fact, Identifier, Value
from remem.slots.tokens import FAMILY_OF, Token, stem

_NEGATION_FILLER = frozenset(
    "a an the does do did is are was were am be been anymore longer any more really".split()
)
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|no)\b|n't\b|\b(?:doesnt|dont|isnt|wasnt|arent|didnt|wont|cant)\b",
    re.IGNORECASE,
)
_WINDOW = 4  # words before a named value in which an ending cue ("stepped down as") is sought
_BREAKS = frozenset("and or but so then because while when is are was were has have".split())


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

    def updates(self, threshold: float) -> bool:
        """Whether the newer fact replaces the older one at ``threshold``."""
        if self.relation == "contradiction":
            return True
        return self.relation == "candidate" and self.score >= threshold

    def explain(self) -> str:
        """One line: the relation, the score and its reasons."""
        return f"{self.relation} {self.score:.2f}: " + "; ".join(self.reasons)


def compare(old: Fact, new: Fact, *, weights: Mapping[str, float] | None = None) -> Verdict:
    """Score whether ``new`` (said later) updates ``old`` (see the module doc)."""
    w = {**DEFAULT_WEIGHTS, **(weights or {})}
    if not (old.comparable and new.comparable):
        return Verdict("other", 0.0, ("not one statement",))
    other = _different_subject(old, new) or _different_member(old, new)
    if other:
        return Verdict("other", 0.0, (other,))
    if old.text.casefold() == new.text.casefold():
        return Verdict("same", 0.0, ("the same words",), differs=False)
    if negates(old, new):
        return Verdict("contradiction", 0.0, ("one negates the other",))
    reasons: list[str] = []
    ended = _ended_values(old, new)
    old_values = [v for v in old.values if not _mentioned(v, new)]
    new_values = [v for v in new.values if not _mentioned(v, old)]
    old_only = old.content - new.mentions - ended
    new_only = new.content - old.mentions - ended
    changed_ident = [i for i in new.identifiers if _ident_changed(i, old)]
    wording = bool(old_only and new_only)
    news = set(new.strong_cues) - set(old.strong_cues)  # "broke up" after "is dating"
    differs = bool((old_values and new_values) or changed_ident or ended or news)
    if not differs and not wording and not ((old_values and new_only) or (new_values and old_only)):
        return Verdict("same", 0.0, ("nothing differs on both sides",), differs=False)
    if new.values and not new_values and not new_only and not ended and not changed_ident:
        # "Aaron moved to Boston" after "Aaron lives in Boston": the value it names is
        # the one already known
        return Verdict("same", 0.0, ("the new fact names the known value",), differs=False)
    score = 0.0
    t_old, t_new = _augment(old.content - ended), _augment(new.content - ended)
    union = t_old | t_new
    sim = len(t_old & t_new) / len(union) if union else 0.0
    if not union and old.key == new.key:
        sim = 1.0  # "The design sync is on Wednesdays" / "... is now on Tuesdays": all key
    score += w["template"] * sim
    reasons.append(f"template {sim:.2f}")
    kinds = _same_kind(old_values, new_values)
    product = _same_product(old_values, new_values) if kinds else None
    if kinds or changed_ident:
        score += w["value_same"]
        reasons.append(f"{kinds or 'identifier'} differs")
        if product:
            score += w["same_product"]
            reasons.append(f"another version of {product}")
    elif (old_values or old_only) and (new_values or new_only):
        score += w["value_other"]
        reasons.append("wording differs")
    targeted = _targeted(new.strong_cues, old) if new.strong_cues else None
    if new.strong_cues:
        score += w["cue"]
        reasons.append("cue: " + ", ".join(new.strong_cues))
        if targeted:
            score += w["targeted_cue"]
            reasons.append(f"cue targets {targeted}")
    elif new.weak_cues:
        score += w["weak_cue"]
        reasons.append("weak cue: " + ", ".join(new.weak_cues))
    else:
        score -= w["no_cue"]
        reasons.append("no change cue")
    if ended:
        score += w["old_value"]
        reasons.append("old value ended: " + ", ".join(sorted(ended)))
    if new.additive:
        score -= w["additive"]
        reasons.append("additive: " + ", ".join(new.additive))
    if new.past_event and not new.strong_cues and not new.weak_cues:
        score -= w["event"]
        reasons.append("a past event")
    shared_thing = old.thing_key & new.thing_key
    # a targeted cue alone ties the two to one attribute only when both state a value
    # ("lives in Cairo" / "moved to Dubai"), not "why Jon started" after "Jon works hard"
    valued = bool(targeted and old.values and new.values)
    if not (sim or ended or valued or product or changed_ident or shared_thing):
        # a cue and another value, but nothing says it is the same attribute
        reasons.append("no shared attribute")
        return Verdict("unrelated", round(score, 3), tuple(reasons), differs=differs)
    if not (kinds or changed_ident or ended or targeted or sim >= 0.5):
        # only words differ, and the cue is a generic one ("started", "changed"): the
        # two may well be two different things said about the same subject
        reasons.append("only wording differs, under a generic cue")
        return Verdict("unrelated", round(score, 3), tuple(reasons), differs=differs)
    return Verdict("candidate", round(score, 3), tuple(reasons), differs=differs)


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


def _different_subject(old: Fact, new: Fact) -> str | None:
    if old.owner and new.owner and old.owner != new.owner:
        return f"different owners: {old.owner} / {new.owner}"
    old_only = old.key - new.mentions - (new.possessors if old.key_is_owner else frozenset())
    new_only = new.key - old.mentions - (old.possessors if new.key_is_owner else frozenset())
    if not old_only or not new_only:
        return None
    # "the client pushed the demo back": acts on the old subject; but not "the Falcon
    # project deadline moved" after "the Atlas project deadline is ...": one head named
    # by other names on both sides is another thing's deadline
    acts_on_old = new.strong_cues and old.head is not None and old.head in new.mentions
    other_names = old.head in new.key and _named(old, old_only) and _named(new, new_only)
    if acts_on_old and not other_names:
        return None
    return f"different subjects: {' '.join(sorted(old_only))} / {' '.join(sorted(new_only))}"


def _named(fact: Fact, stems: frozenset[str]) -> bool:
    """Whether every word of ``stems`` is a name inside the sentence (capitalised, not
    its first word): "Atlas" in "The Atlas project deadline", not "Upgraded"."""
    found = [t for t in fact.tokens if t.stem in stems]
    return bool(found) and all(t.index > 0 and t.text[:1].isupper() for t in found)


def _different_member(old: Fact, new: Fact) -> str | None:
    for ident in new.identifiers:
        for prior in old.identifiers:
            if prior.noun != ident.noun or prior.code == ident.code:
                continue
            if prior.in_subject or ident.in_subject or not new.strong_cues:
                return f"different list members: {prior.code} / {ident.code}"
    return None


def _ident_changed(ident: Identifier, old: Fact) -> bool:
    return any(p.noun == ident.noun and p.code != ident.code for p in old.identifiers)


def _mentioned(value: Value, fact: Fact) -> bool:
    """Whether ``fact`` names ``value`` too: every word of a date or number, any word
    of a name ("Mercy" names "Mercy Hospital")."""
    words = [w for w in value.text.split() if w not in lx.LIGHT]
    lows = {t.low for t in fact.tokens}
    if value.kind == "name":  # its first word, or most of it ("Mercy" names "Mercy Hospital")
        return bool(words) and (words[0] in lows or 2 * sum(w in lows for w in words) > len(words))
    return bool(words) and all(w in lows for w in words)


def _augment(stems: frozenset[str]) -> set[str]:
    out = set(stems)
    for s in stems:
        out.update("@" + f for f in FAMILY_OF.get(s, ()))
    return out


def _same_kind(old_values: list[Value], new_values: list[Value]) -> str | None:
    """The kind of a value that differs between the two ("date", "money", ...), if any."""
    for a in old_values:
        for b in new_values:
            if a.kind != b.kind:
                continue
            if a.kind == "number" and a.unit and b.unit and a.unit != b.unit:
                continue  # 8 engineers / 3 nodes: two different counts
            return a.kind
    return None


def _same_product(old_values: list[Value], new_values: list[Value]) -> str | None:
    """The product whose version changed ("Node 16" -> "Node 20"), if any."""
    old_products = {v.unit for v in old_values if v.kind == "version" and v.unit}
    return next(
        (v.unit for v in new_values if v.kind == "version" and v.unit in old_products), None
    )


def _targeted(cues: tuple[str, ...], old: Fact) -> str | None:
    families = old.families
    has_date = any(v.kind == "date" for v in old.values)
    for cue in cues:
        for family in lx.STRONG_CUES.get(cue, ()):
            if family in families or (family == "schedule" and has_date):
                return f"{family} ({cue})"
    return None


def _ended_values(old: Fact, new: Fact) -> frozenset[str]:
    """Stems of the old fact's values or words that the new fact names as ending: right
    after an ending cue ("left Google", "sold the Civic", "instead of taking the bus"),
    between "from" and "to" ("from Flask to FastAPI"), or right before an ending verb
    ("Max passed away", "my Trek got stolen")."""
    speakers = {old.speaker, new.speaker}
    named = {i for v in old.values for i in v.tokens}
    candidates = {
        form: t.stem
        for t in old.tokens
        if t.text[:1].isalnum()
        and not t.pronoun
        and t.low not in lx.LIGHT
        and t.stem not in old.key
        and t.low not in speakers
        # a plain word ("soccer") ends only under a change cue ("quit soccer"); a
        # value ("Seattle") under any ending word ("out of Seattle")
        and (t.index in named or bool(new.strong_cues))
        for form in (t.low, _stem_of(t))
    }
    tokens = new.tokens
    lows = [t.low for t in tokens]
    ended: set[str] = set()
    for p, low in enumerate(lows):
        if tokens[p].pronoun:
            continue
        low = low if low in candidates else _stem_of(tokens[p])  # "swims" / "swimming"
        if low not in candidates:
            continue
        after = " ".join(lows[p + 1 : p + 1 + _WINDOW])
        for start in _object_starts(tokens, p):
            before = " ".join(lows[max(0, start - _WINDOW) : start])
            from_to = "from" in lows[max(0, start - 2) : start] and any(
                w in ("to", "into", "onto", "with", "for") for w in lows[p + 1 : p + 5]
            )
            cue_before = lx.ENDING_BEFORE.search(before) is not None and before.endswith(
                _last_cue(before)
            )
            if from_to or cue_before:
                ended.add(candidates[low])
        if lx.ENDING_AFTER.match(after):
            ended.add(candidates[low])
    return frozenset(ended)


def _object_starts(tokens: tuple[Token, ...], p: int) -> tuple[int, ...]:
    """Where the noun phrase ending at ``tokens[p]`` may start: back over determiners,
    possessives and names, and optionally one more word ("instead of taking the bus")."""
    start = p
    while start > 0:
        prev = tokens[start - 1]
        if prev.low in lx.DETERMINERS or prev.possessive or prev.text[:1].isupper():
            start -= 1
        else:
            break
    if start > 0 and tokens[start - 1].text[:1].isalpha() and tokens[start - 1].low not in _BREAKS:
        return (start, start - 1)
    return (start,)


def _stem_of(t: Token) -> str:
    return stem(t.low) if t.text[:1].isalpha() else t.low


def _last_cue(before: str) -> str:
    """The text of the last ending cue in ``before`` (it must end the window)."""
    matches = list(lx.ENDING_BEFORE.finditer(before))
    return matches[-1].group(0) if matches else "\0"
