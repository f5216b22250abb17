"""The evidence that a newer fact updates an older one, by weight name.

:func:`features` reads a pair that :mod:`remem.slots.compare` has not ruled out
(another person, another list member, a negation) and returns each piece of
evidence with its value: 1 when present, a share (0..1) for similarities, and
-1 for evidence against (an additive cue, a past event, no shared attribute).
The score is the sum of each value times its weight in ``Config.update_weights``
(see the table in :mod:`remem.slots.compare`).

The **frame** of a statement is what makes it one slot: the subject's words
other than the person (an attribute such as "salary", "flight to Oslo",
"emergency contact"), the main verb ("be", "live", "run") and the prepositions
that follow it ("live in", "is at"). Two statements with the same frame and
another value are two values of one slot ("Pete's party is at the bowling
alley" / "... is at laser tag"); another frame is another attribute ("Mrs.
Tan's lawyer is ..." / "Mrs. Tan's financial advisor is ...").
"""

from __future__ import annotations

from remem.slots import lexicon as lx
from remem.slots import value_changes as vc
from remem.slots.facts import Fact, Value
from remem.slots.semantic import SemanticEvidence, Similarity, evidence
from remem.slots.subject import SELF, speaker_words
from remem.slots.tokens import (
    ADVERBS,
    NUMBER_WORDS,
    is_name,
    is_word,
    stem,
    verbish,
)


def frame(fact: Fact) -> frozenset[str]:
    """The frame of ``fact`` (see the module doc): subject attribute stems, ``v:`` the
    main verb ("v:be" for a copula), ``p:`` the prepositions right after it."""
    me = speaker_words(fact.speaker)
    cues = {w for c in (*fact.strong_cues, *fact.weak_cues, *fact.additive) for w in c.split()}
    valued = {i for v in fact.values for i in v.tokens}
    tokens = fact.tokens
    out: set[str] = set()
    for t in tokens[: fact.verb_at]:
        if t.low in lx.PREPOSITIONS and out:
            out.add("^" + t.low)  # "flight to Oslo" / "flight back from Oslo"
        elif (
            is_word(t)
            and t.index not in valued
            and not t.pronoun
            and t.low not in me
            and t.low not in lx.LIGHT
            and t.low not in lx.DETERMINERS
            and t.low not in ADVERBS
            and t.low not in NUMBER_WORDS
            and t.low not in cues
            and t.low not in ("new", "current", "latest", "old", "others")
            # a name is a value, but an acronym is an attribute ("Fern's CI")
            and (not is_name(t, first=False) or vc.acronym(t))
            # the person a fact is about is not an attribute ("Harriet's daughter takes")
            and not (t.low in lx.RELATION_NOUNS and (fact.who or "").startswith("other:"))
        ):
            out.add(t.stem)
    j = fact.verb_at
    while j < len(tokens) and (tokens[j].low in ADVERBS or tokens[j].low in cues):
        j += 1
    while j + 1 < len(tokens) and tokens[j].low in lx.AUXILIARIES:
        k = j + 1
        while k < len(tokens) and tokens[k].low in ADVERBS:
            k += 1
        nxt = tokens[k] if k < len(tokens) else None
        ing = nxt is not None and nxt.low.endswith("ing") and len(nxt.low) > 4
        if nxt is not None and (verbish(nxt) or ing) and nxt.low not in lx.AUXILIARIES:
            j = k
        else:
            break
    if j < len(tokens):
        verb = tokens[j]
        out.add("v:be" if verb.low in lx.COPULAS or verb.low in ("am", "'m") else "v:" + verb.stem)
        k = j + 1
        while k < len(tokens) and tokens[k].low in ADVERBS:
            k += 1
        while k < len(tokens) and tokens[k].low in lx.PREPOSITIONS:
            out.add("p:" + tokens[k].low)
            k += 1
    return frozenset(out)


def features(
    old: Fact,
    new: Fact,
    ended: frozenset[str],
    old_values: list[Value],
    new_values: list[Value],
    old_only: frozenset[str],
    new_only: frozenset[str],
    similarity: Similarity | None,
) -> tuple[dict[str, float], list[str]]:
    """The evidence of a pair, by weight name (a penalty is negative), with reasons."""
    f: dict[str, float] = {}
    reasons: list[str] = []
    t_old, t_new = vc.augment(old.content - ended), vc.augment(new.content - ended)
    if {old.who, new.who} == {SELF, None} and (old.key_is_owner or new.key_is_owner):
        # "Our broadband is with ..." (about the speaker: "broadband" is template) and
        # "The broadband is with ..." ("broadband" is the key): one slot of the speaker's
        me = speaker_words(old.speaker) | speaker_words(new.speaker)
        t_old = vc.augment((old.content | old.key) - me - ended)
        t_new = vc.augment((new.content | new.key) - me - ended)
    union = t_old | t_new
    sim = len(t_old & t_new) / len(union) if union else 0.0
    if not union and old.key == new.key:
        sim = 1.0  # "The design sync is on Wednesdays" / "... is now on Tuesdays": all key
    f["template"] = sim
    reasons.append(f"template {sim:.2f}")
    f_old, f_new = frame(old), frame(new)
    both = f_old | f_new
    framed = len(f_old & f_new) / len(both) if both else 0.0
    f["frame"] = framed
    same_frame = bool(f_old) and f_old == f_new
    a_old = vc.attribute(f_old) - new.mentions - f_new
    a_new = vc.attribute(f_new) - old.mentions - f_old
    acts_on_old = bool(new.strong_cues) and old.head is not None and old.head in new.mentions
    if a_old and a_new and not acts_on_old:
        f["attribute_differs"] = -1.0  # "Mrs. Tan's lawyer" / "... financial advisor"
        reasons.append(f"another attribute: {' '.join(sorted(a_old))} / {' '.join(sorted(a_new))}")
    elif (a_old or a_new) and not acts_on_old:
        f["attribute_one_sided"] = -1.0  # "Beth drives ..." / "Beth's new phone is ..."
        reasons.append(f"an attribute on one side: {' '.join(sorted(a_old or a_new))}")
    if same_frame:
        f["frame_same"] = 1.0
        reasons.append("same frame: " + " ".join(sorted(f_old)))
        if vc.attribute(f_old):
            f["attribute_same"] = 1.0  # "Femi's manager is ..." / "New manager is ..."
    marked = bool(new.strong_cues or new.weak_cues or ended)
    if marked and old.thing_key and old.thing_key == new.thing_key:
        # "Logs go to Splunk" / "logs ship to Loki now": one thing, told changed (not
        # "That bowl is gorgeous!" / "That bowl is awesome!": two remarks)
        f["thing_same"] = 1.0
        reasons.append("the same thing: " + " ".join(sorted(old.thing_key)))
    changed_ident = [i for i in new.identifiers if vc.ident_changed(i, old)]
    kinds = (
        vc.same_kind(old_values, new_values)
        or ("order" if order_changed(old, new) else None)
        or vc.family_changed(old_only, new_only)
        or vc.modifier_changed(old, new)
    )
    product = vc.same_product(old_values, new_values) if kinds else None
    if kinds or changed_ident:
        f["value_same"] = 1.0
        reasons.append(f"{kinds or 'identifier'} differs")
        if product:
            f["same_product"] = 1.0
            reasons.append(f"another version of {product}")
    elif (old_values or old_only) and (new_values or new_only):
        f["value_other"] = 1.0
        reasons.append("wording differs")
    old_kept, new_kept = vc.stated(old_values), vc.stated(new_values)
    one_sided = bool(old_kept) != bool(new_kept)
    if one_sided and not ended and vc.all_typed(old, new) != vc.all_typed(new, old):
        # "live in Leeds" / "live in a terraced house": a name, then a description
        f["kind_one_sided"] = -1.0
        reasons.append("a value on one side only")
    if old_kept and new_kept and not vc.same_kind(old_kept, new_kept):
        f["kind_mismatch"] = -1.0  # a time then a gate: two attributes, not two values
        reasons.append("values of different kinds")
    if _value_only(old, new) and "kind_one_sided" not in f:
        # "Bee is reading Dune" / "Bee is reading The Overstory": the same statement
        # about a state (a copula, a progressive) with one value in place of another
        # of its kind (not "is a Mazda 3" / "is bright red")
        f["value_only"] = 1.0
        reasons.append("only the value differs")
    targeted = vc.targeted(new.strong_cues, old) if new.strong_cues else None
    sem = evidence(old, new, similarity)
    # a past event that lands in a one-value slot is how its state changed ("is on the
    # waitlist for the pottery class" / "got a spot in the pottery class"): no event
    # that adds up, and itself a change marker
    entered = (
        new.past_event
        and not (new.strong_cues or new.weak_cues or ended or new.additive)
        and single_valued(old)
        and similarity is not None
        and sem.slot_cos is not None
        and sem.slot_cos >= similarity.change_floor
    )
    if new.strong_cues:
        f["cue"] = 1.0
        reasons.append("cue: " + ", ".join(new.strong_cues))
        if targeted:
            f["targeted_cue"] = 1.0
            reasons.append(f"cue targets {targeted}")
    elif new.weak_cues and _weak_tied(sem, similarity):
        f["weak_cue"] = 1.0
        reasons.append("weak cue: " + ", ".join(new.weak_cues))
    elif entered:
        f["state_event"] = 1.0
        reasons.append("a past event enters a one-value slot")
    elif not ended:  # naming the old value as ending is itself a change marker
        f["no_cue"] = -1.0
        reasons.append("no change cue" if not new.weak_cues else "a weak cue of another slot")
    if ended:
        f["old_value"] = 1.0
        reasons.append("old value ended: " + ", ".join(sorted(ended)))
    if new.additive:
        f["additive"] = -1.0
        reasons.append("additive: " + ", ".join(new.additive))
    if new.past_event and not new.strong_cues and not new.weak_cues and not ended and not entered:
        # a past event adds to what is known, unless it names the old value as ending
        # ("ditched Trello for Linear")
        f["event"] = -1.0
        reasons.append("a past event")
    if sem.slot is not None and sem.slot_cos is not None:
        f["slot"] = sem.slot
        reasons.append(f"slot similarity {sem.slot_cos:.2f}")
    if sem.kin is not None and sem.kin_cos is not None:
        f["kin"] = sem.kin
        reasons.append(f"values alike {sem.kin_cos:.2f}")
    # the embedding model ties the two to one attribute told in other words
    # a new state told in other words: the old fact holds one value (a category or a
    # place, "is a contractor", "is on the night shift"), the new one marks a change
    changed = bool(new.strong_cues or new.weak_cues or ended or entered) and single_valued(old)
    one_slot = (
        similarity is not None
        and sem.slot_cos is not None
        and (
            sem.slot_cos >= similarity.share_floor
            or (changed and sem.slot_cos >= similarity.change_floor)
        )
    )
    shared_thing = old.thing_key & new.thing_key
    # a targeted cue alone ties the two to one attribute only when both state a value
    # ("lives in Cairo" / "moved to Dubai"), not "why Jon started" after "Jon works
    # hard"; or when the masked statements are alike above the slot floor ("uses
    # windows 10 on the laptop" / "finally upgraded to win 11"), or the words that
    # differ above the kin floor ("plays clarinet" / "switched to percussion")
    # values tie only when two values of one kind differ ("Boston" / "Denver"), not
    # "The bank in Kendry holds the deeds" / "The Kendry road is closed today" (Kendry
    # on both sides) nor "the business account is at Lodestar Business" / "the
    # wholesaler is closed Saturday afternoon" (a name, then a day); and not when the
    # embedding model finds the masked statements apart (under its tie floor: "the
    # business account is at Lodestar" / "Parcel left with Lorna", 0.25)
    # (with a model of meaning at hand; without one, or with the floor at -1, a value on
    # each side ties them, as it always did)
    if similarity is None or similarity.tie_floor <= -1 or sem.slot_cos is None:
        both_valued = bool(old.values and new.values)
    else:
        apart = sem.slot_cos < similarity.tie_floor
        both_valued = vc.same_kind(vc.stated(old_values), vc.stated(new_values)) is not None
        both_valued = both_valued and not apart
    valued = bool(targeted and (both_valued or sem.slot or sem.kin))
    # a word of one's subject in the other's predicate ("Kim does laundry on Sundays" /
    # "Laundry is a Wednesday thing now")
    crossed = _subject_words(old) & (new.content | _subject_words(new)) or _subject_words(new) & (
        old.content | _subject_words(old)
    )
    shared = (
        sim or ended or valued or product or changed_ident or shared_thing or same_frame or crossed
    )
    if not (shared or one_slot):
        f["unshared"] = -1.0  # nothing but a cue says it is the same attribute
        reasons.append("no shared attribute")
    elif not (kinds or changed_ident or ended or targeted or sim >= 0.5 or same_frame or one_slot):
        # only words differ, under a generic cue ("started", "changed"): maybe two
        # different things said about the same subject
        f["generic"] = -1.0
        reasons.append("only wording differs, under a generic cue")
    return f, reasons


def _weak_tied(sem: SemanticEvidence, similarity: Similarity | None) -> bool:
    """Whether a currency cue ("now", "new") may say the old statement changed: the
    statements with values masked are alike at ``Similarity.weak_floor`` (unknown
    without the embedding model: then it may). A "now" carries its own sentence's
    slot, not any other ("Write this down: the tax bill is £987.40" / "hourly rate
    was £52.00, it is £48.00 now", masked 0.19)."""
    if similarity is None or sem.slot_cos is None:
        return True
    return sem.slot_cos >= similarity.weak_floor


def single_valued(fact: Fact) -> bool:
    """Whether ``fact`` states a slot that holds one value at a time: a copula whose
    complement is a noun phrase or a place ("is a contractor", "is on the night shift",
    "'s in a long-distance relationship"), not a feeling or a plan ("is thrilled",
    "is going to ...")."""
    if not fact.copula:
        return False
    tokens = fact.tokens
    j = fact.verb_at
    while j < len(tokens) and tokens[j].low not in lx.COPULAS and tokens[j].low not in _AM:
        j += 1
    j += 1
    while j < len(tokens) and tokens[j].low in ADVERBS:
        j += 1
    if j >= len(tokens) or tokens[j].low not in _STATE_OPENERS:
        return False
    # "a big fan of pottery", "a huge part of her life": a noun of a relation to
    # something else, not a category; the phrase's first noun is followed by "of"
    k = j + 1
    while k < len(tokens) and is_word(tokens[k]) and tokens[k].low not in lx.PREPOSITIONS:
        k += 1
    return not (k < len(tokens) and tokens[k].low == "of")


_AM = frozenset(("am", "'m", "'re"))
# what opens a complement that names one category or place: an article, a locative
_STATE_OPENERS = frozenset("a an the on in at".split())


def _skeleton(fact: Fact, other: Fact) -> tuple[tuple[str, ...], list[int]]:
    """``fact`` read against ``other``: the words both say, in order (the copula as
    "be"; function words, adverbs, cues and dates that only place it in time left
    out), and where ``fact``'s own words (those ``other`` does not have) stand in it."""
    cues = {w for c in (*fact.strong_cues, *fact.weak_cues, *fact.additive) for w in c.split()}
    context = {i for v in fact.values if v not in vc.stated([v]) for i in v.tokens}
    shared: list[str] = []
    own: list[int] = []
    for t in fact.tokens:
        if t.low in lx.COPULAS or t.low in ("am", "'m", "'re"):
            shared.append("be")
            continue
        if not (is_word(t) or t.low[:1].isdigit()) or t.index in context:
            continue
        if t.low in lx.LIGHT or t.low in ADVERBS or t.low in cues:
            continue
        if t.pronoun or {t.low, t.stem} & (other.mentions | other.possessors):
            shared.append(t.stem if not t.pronoun else "@me")
        else:
            own.append(len(shared))
    return tuple(shared), own


def _value_only(old: Fact, new: Fact) -> bool:
    """Whether the two are one state told with another value: both have a copula
    ("is", "is reading", "are at"), what they share is equal and in the same order,
    and each has one run of its own words after it (see :func:`_skeleton`)."""
    if not (old.copula and new.copula) or old.past_event or new.past_event:
        return False  # "likes hiking" / "likes painting": a habit or taste adds up
    a, a_own = _skeleton(old, new)
    b, b_own = _skeleton(new, old)
    if a != b or not a or not a_own or not b_own:
        return False
    # one run each, after the last shared word of the subject and verb
    return len(set(a_own)) == 1 and len(set(b_own)) == 1 and a_own[0] == b_own[0] == len(a)


def _subject_words(fact: Fact) -> frozenset[str]:
    """The stems of the subject's words other than the speaker's name."""
    me = speaker_words(fact.speaker)
    return frozenset(stem(w) for w in fact.key if w not in me and w not in lx.LIGHT)


def order_changed(old: Fact, new: Fact) -> bool:
    """Whether the two tell another order of the same steps ("showers before breakfast"
    / "showers after breakfast", "tests after the feature" / "tests before it"): the
    order words of each differ. An order is a value of a habit, like a time."""
    a = {t.low for t in old.tokens if t.low in _ORDER}
    b = {t.low for t in new.tokens if t.low in _ORDER}
    return bool(a and b and a != b)


_ORDER = lx.ORDER_WORDS
