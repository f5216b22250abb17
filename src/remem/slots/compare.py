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
from itertools import pairwise

from remem.config import DEFAULT_UPDATE_WEIGHTS as DEFAULT_WEIGHTS
from remem.slots import lexicon as lx
from remem.slots.evidence import _ident_changed, features, frame, order_changed
from remem.slots.facts import Fact, Value
from remem.slots.semantic import Similarity, texts_for
from remem.slots.subject import SELF, clash, speaker_words
from remem.slots.things import named_apart, other_thing
from remem.slots.tokens import ADVERBS, Token, is_word, stem, verbish

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
        return Verdict("other", 0.0, (_different_subject(old, new) or thing,))
    # a short text of several sentences is compared sentence by sentence (its clauses)
    best = _compare_one(old, new, w, similarity) if whole else _NOT_ONE
    for o in old.clauses or (old,):
        for n in new.clauses or (new,):
            if o is old and n is new:
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
            if _rank(verdict) > _rank(best):
                clause = f"clause '{n.text}'" if n is not new else f"clause '{o.text}'"
                best = replace(verdict, reasons=(clause, *verdict.reasons))
    return best


_NOT_ONE = Verdict("other", 0.0, ("not one statement",))
_SCORED = ("candidate", "unrelated")
_TIES = ("unshared", "generic")  # penalties for two statements not tied to one attribute
_TIE_REASONS = ("no shared attribute", "only wording differs, under a generic cue")
_UNTIED_WEAK = "a weak cue of another slot"  # the reason remem.slots.evidence gives


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
            out += texts_for(o, n)
    return out


def _compare_one(
    old: Fact, new: Fact, w: Mapping[str, float], similarity: Similarity | None
) -> Verdict:
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


def _named_speaker(one: Fact, other: Fact) -> bool:
    """Whether ``other`` names by name the person ``one``'s speaker is: "Aaron's
    dentist is ..." stored without a speaker, then "my dentist is ..." said by Aaron."""
    named = (other.who or "").removeprefix("other:")
    return one.who == SELF and other.who != named and named in speaker_words(one.speaker)


def _different_subject(old: Fact, new: Fact) -> str | None:
    people = clash(old.who, new.who)
    same = _named_speaker(old, new) or _named_speaker(new, old)
    acted = _acts_on(new, old) or _moves_relative(new, old)
    if people and not (same or acted or _group(old, new) or _group(new, old)):
        return people
    two = bool(speaker_words(old.speaker) and speaker_words(new.speaker))
    if (
        old.who == new.who == SELF
        and two
        and speaker_words(old.speaker) != speaker_words(new.speaker)
    ):
        return f"about different people: {old.speaker} / {new.speaker}"  # two speakers' "I"
    if old.who is not None and new.who is not None and (old.who != new.who or old.who == "self"):
        return None  # the speaker, or "she" for the person named before
    if (old.who is None) != (new.who is None) and "self" in (old.who, new.who):
        # the speaker and a thing of theirs ("Priyanka bumped the minimum to Python
        # 3.12" / "The app targets Python 3.9"), unless the thing is named like a
        # person and the other fact never names it ("Sam moved to Tampere")
        thing = old if old.who is None else new
        other = new if thing is old else old
        named = bool(thing.key) and not thing.thing_key
        if named and not thing.key & other.mentions:
            return f"different subjects: {' '.join(sorted(thing.key))} / {other.who}"
        # both about a thing, and neither names the other's ("The goats' cheese we sell
        # is called ..." / "The bull Ingrid sold in January was called ..."): the
        # speaker named inside one is no subject the two share
        if (
            other.thing_key
            and not (thing.thing_key & other.mentions)
            and not (other.thing_key & thing.mentions)
        ):
            return f"different things: {' '.join(sorted(thing.thing_key))} / " + " ".join(
                sorted(other.thing_key)
            )
        return None
    if old.owner and new.owner and old.owner != new.owner:
        return f"different owners: {old.owner} / {new.owner}"
    old_only = old.key - new.mentions - (new.possessors if old.key_is_owner else frozenset())
    new_only = new.key - old.mentions - (old.possessors if new.key_is_owner else frozenset())
    if not old_only or not new_only:
        return None
    if _ends_named_value(old, new):
        return None
    # "the client pushed the demo back": acts on the old subject; but not "the Falcon
    # project deadline moved" after "the Atlas project deadline is ...": one head named
    # by other names on both sides is another thing's deadline
    acts_on_old = new.strong_cues and old.head is not None and old.head in new.mentions
    other_names = old.head in new.key and _named(old, old_only) and _named(new, new_only)
    if acts_on_old and not other_names:
        return None
    return f"different subjects: {' '.join(sorted(old_only))} / {' '.join(sorted(new_only))}"


def _ends_named_value(old: Fact, new: Fact) -> bool:
    """Whether ``new`` names one of ``old``'s values as ending ("free shipping from €75
    now instead of 60" after "Orders over €60 ship free", "at 06:00, not 04:30
    anymore") and shares a word of what ``old`` says: the same attribute, whoever the
    sentence's subject is."""
    valued = {t.stem for v in old.values for t in old.tokens if t.index in v.tokens}
    if not valued & _ended_values(old, new):
        return False
    me = speaker_words(old.speaker) | speaker_words(new.speaker)
    return bool((old.content | old.key) - valued - me - lx.LIGHT & new.mentions)


def _named(fact: Fact, stems: frozenset[str]) -> bool:
    """Whether every word of ``stems`` is a name inside the sentence (capitalised, not
    its first word): "Atlas" in "The Atlas project deadline", not "Upgraded"."""
    found = [t for t in fact.tokens if t.stem in stems]
    return bool(found) and all(t.index > 0 and t.text[:1].isupper() for t in found)


def _acts_on(new: Fact, old: Fact) -> bool:
    """Whether ``new`` tells another party changing the speaker's thing that ``old``
    is about: "The dentist rescheduled Sven's appointment" after "Sven's dentist
    appointment is on March 14" (a change cue, the speaker's possessive after the
    verb, and the noun it owns part of the old fact's subject)."""
    if not new.strong_cues or old.who != SELF or not (new.who or "").startswith("other:"):
        return False
    me = speaker_words(new.speaker)
    attribute = {w for w in frame(old) if not w.startswith(("v:", "p:", "^"))}
    after = new.tokens[new.verb_at + 1 :]
    return any(t.possessive and t.low in me and nxt.stem in attribute for t, nxt in pairwise(after))


def _moves_relative(new: Fact, old: Fact) -> bool:
    """Whether ``new`` tells the speaker changing the state of the relative ``old`` is
    about: "Lena switched her son to the Tuesday swim class" after "Lena's son swims on
    Mondays" (a change cue, and right after the verb the relation noun the old fact's
    subject is, owned by the speaker or by "his"/"her"/"their")."""
    relative = (old.who or "").removeprefix("other:")
    if not new.strong_cues or new.who != SELF or relative == (old.who or ""):
        return False
    me = speaker_words(new.speaker)
    after = new.tokens[new.verb_at + 1 : new.verb_at + 4]
    return any(
        ((t.possessive and t.low in me) or t.low in _THIRD_OWNERS)
        and not nxt.possessive
        and relative in (nxt.low, nxt.stem)
        for t, nxt in pairwise(after)
    )


_THIRD_OWNERS = frozenset(("his", "her", "their"))


def _group(one: Fact, other: Fact) -> bool:
    """Whether ``one`` is about the speaker's own group ("Chloe's team", "Pablo's
    family") and ``other`` about the speaker with others ("Chloe and others", from
    "we"): the same people."""
    if other.who != SELF or not (one.who or "").startswith("other:"):
        return False
    group = one.who.removeprefix("other:")  # type: ignore[union-attr]
    words = [t.low for t in other.tokens[: other.verb_at]]
    return group in lx.GROUP_NOUNS and "others" in words and one.owner in speaker_words(one.speaker)


def _different_member(old: Fact, new: Fact) -> str | None:
    for ident in new.identifiers:
        for prior in old.identifiers:
            if prior.noun != ident.noun or prior.code == ident.code:
                continue
            # a change or currency cue makes the new code the slot's value now ("coaches
            # the under-12s now" after "coaches the under-10s"), not another member
            changed = new.strong_cues or set(new.weak_cues) & _CURRENCY
            if prior.in_subject or ident.in_subject or not changed:
                return f"different list members: {prior.code} / {ident.code}"
    return None


# the weak cues that say the state holds now (not "new", "started": a member may be new)
_CURRENCY = frozenset(("now", "nowadays", "these days", "currently", "at the moment"))


def _mentioned(value: Value, fact: Fact) -> bool:
    """Whether ``fact`` names ``value`` too: every word of a date or number, any word
    of a name ("Mercy" names "Mercy Hospital")."""
    words = [w for w in value.text.split() if w not in lx.LIGHT]
    lows = {t.low for t in fact.tokens}
    if value.kind == "name":  # its first word, or most of it ("Mercy" names "Mercy Hospital")
        return bool(words) and (words[0] in lows or 2 * sum(w in lows for w in words) > len(words))
    return bool(words) and all(w in lows for w in words)


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
        if (t.text[:1].isalnum() or t.index in named)
        and not t.pronoun
        and t.low not in lx.LIGHT
        and t.stem not in old.key
        and t.low not in speakers
        # a plain word ("soccer") ends only under a change cue ("quit soccer"); a
        # value ("Seattle") under any ending word ("out of Seattle")
        and (t.index in named or bool(new.strong_cues))
        for form in (t.low, _stem_of(t), _bare(t.low) if t.index in named else t.low)
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
                w in ("to", "into", "onto", "with", "for", "→", ">") for w in lows[p + 1 : p + 5]
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


def _bare(low: str) -> str:
    """A value's number without its currency sign or unit ("€60" -> "60"): "instead of
    60" names "€60"."""
    match = _NUMBER.search(low)
    return match.group(0) if match else low


_NUMBER = re.compile(r"\d[\d.,:]*\d|\d")


def _stem_of(t: Token) -> str:
    return stem(t.low) if t.text[:1].isalpha() else t.low


def _last_cue(before: str) -> str:
    """The text of the last ending cue in ``before`` (it must end the window)."""
    matches = list(lx.ENDING_BEFORE.finditer(before))
    return matches[-1].group(0) if matches else "\0"
