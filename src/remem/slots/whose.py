"""Whose fact is it: whether two statements are about different subjects or different
members of one group (a relative, a colleague, another named thing), so that one is
never taken for an update of the other (:mod:`remem.slots.compare`)."""

from __future__ import annotations

from itertools import pairwise

from remem.slots import lexicon as lx
from remem.slots.ending import ended_values
from remem.slots.evidence import frame
from remem.slots.facts import Fact
from remem.slots.semantic import PEOPLE, THINGS, Similarity, person_like, person_text
from remem.slots.subject import SELF, clash, speaker_words
from remem.slots.tokens import ADVERBS, stem


def _named_speaker(one: Fact, other: Fact) -> bool:
    """Whether ``other`` names by name the person ``one``'s speaker is: "Aaron's
    dentist is ..." stored without a speaker, then "my dentist is ..." said by Aaron."""
    named = (other.who or "").removeprefix("other:")
    return one.who == SELF and other.who != named and named in speaker_words(one.speaker)


def different_subject(old: Fact, new: Fact) -> str | None:
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
        # the other fact's noun in another inflection is no name ("Allowances went up to
        # 30 dollars" after "Kim's allowance is 20 dollars"): the capital is the sentence's
        forms = thing.key | {stem(k) for k in thing.key}
        if named and not forms & other.mentions:
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


def speakers_apart(old: Fact, new: Fact) -> str | None:
    """Two speakers each telling about themselves, neither naming the other: "Because
    the rent went up, Ines gave up the flat ..." said by Ines and "Tomas sold the flat"
    said by Tomas. A sentence is about its speaker when it is, or one of its clauses is
    (the whole of a sentence opening with a reason has another subject). Or one speaker
    about themselves and the other about a thing the first never names."""
    a, b = speaker_words(old.speaker), speaker_words(new.speaker)
    if not a or not b or a == b or a & new.mentions or b & old.mentions:
        return None
    if _about_speaker(old) and _about_speaker(new):
        return f"about different people: {old.speaker} / {new.speaker}"
    # "Invoicing lives in Xero now" said by one, "I'm back to living with my parents"
    # by another
    for thing, person in ((old, new), (new, old)):
        forms = thing.key | {stem(k) for k in thing.key}
        if (
            thing.who is None
            and thing.key
            and _about_speaker(person)
            and not forms & person.mentions
        ):
            return f"different subjects: {' '.join(sorted(thing.key))} / {person.speaker}"
    return None


def _about_speaker(fact: Fact) -> bool:
    return fact.who == SELF or any(c.who == SELF for c in fact.clauses)


def _ends_named_value(old: Fact, new: Fact) -> bool:
    """Whether ``new`` names one of ``old``'s values as ending ("free shipping from €75
    now instead of 60" after "Orders over €60 ship free", "at 06:00, not 04:30
    anymore") and shares a word of what ``old`` says: the same attribute, whoever the
    sentence's subject is."""
    valued = {t.stem for v in old.values for t in old.tokens if t.index in v.tokens}
    if not valued & ended_values(old, new):
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
    me = speaker_words(one.speaker)
    # the speaker's ("Chloe's team", the owner read as a possessor of a person) or,
    # said by the speaker, the group alone ("Team switched to ...")
    mine = (
        one.owner in me or bool(me & one.possessors) or (not one.possessors and one.key == {group})
    )
    return group in lx.GROUP_NOUNS and "others" in words and mine


def different_member(old: Fact, new: Fact) -> str | None:
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


def owned_noun(fact: Fact) -> str | None:
    """The noun the speaker owns that ``fact`` is about ("neighbours" in "Eleni's
    upstairs neighbours moved to Athens", "bf" in "Josh's bf went vegetarian"), as
    written, when the rest of the fact does not act on the speaker ("Perpetua's GP put
    Perpetua on sertraline" is about Perpetua): a person or a thing, the embedding
    model tells (:func:`owned_person_apart`)."""
    me = speaker_words(fact.speaker)
    if fact.who != SELF or fact.key_is_owner or not fact.head or fact.owner not in me:
        return None
    subject = fact.tokens[: fact.verb_at]
    if any(t.low in me for t in fact.tokens[fact.verb_at :]):
        return None
    verb = next((t for t in fact.tokens[fact.verb_at :] if t.low not in ADVERBS), None)
    if verb is not None and verb.low in lx.REPORTING:
        return None  # "Esperanza's vet said once a day is plenty": the vet reports
    return next((t.low for t in reversed(subject) if t.stem == fact.head), None)


def _the_speaker(fact: Fact) -> bool:
    """Whether ``fact``'s subject is the speaker themself ("Eleni lives ...", "Eleni and
    others live ..."), not a thing or person of theirs."""
    return fact.who == SELF and fact.owner is None and not fact.key_is_owner


def person_texts(old: Fact, new: Fact) -> list[str]:
    """The texts :func:`owned_person_apart` compares for this pair (to embed ahead)."""
    for one, other in ((old, new), (new, old)):
        word = owned_noun(one)
        if word and _the_speaker(other):
            return [person_text(word), *PEOPLE, *THINGS]
    return []


def owned_person_apart(old: Fact, new: Fact, similarity: Similarity | None) -> str | None:
    """A person of the speaker's beside the speaker: "Eleni's upstairs neighbours moved
    to central Athens" is no news of where Eleni lives, "Kai's little bro started year
    7" none of Kai's year. The noun is a person's by the embedding model (no list of
    relation words reaches "bro", "bf", "neighbours"); without one, None."""
    for one, other in ((old, new), (new, old)):
        word = owned_noun(one)
        if word and _the_speaker(other) and person_like(word, similarity):
            return f"about different people: {one.owner}'s {word} / {other.speaker}"
    return None
