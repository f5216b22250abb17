"""The update decision's evidence, one mechanism a test: each test fails when its
mechanism is taken out (a weight set to zero, a Config knob turned off, or the code
path it names removed). Pairs are scored with the embedding evidence of the shipped
fake embedder, through the registry, as the write path scores them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from remem import Config, Memory, Status
from remem.providers.registry import get_embedder
from remem.slots import Verdict, analyse, relate
from remem.slots.semantic import Similarity, masked

T0 = datetime(2024, 1, 15, 10, 0, tzinfo=UTC)
T1 = datetime(2024, 4, 15, 10, 0, tzinfo=UTC)
THRESHOLD = Config().update_threshold


def _similarity(**overrides: float) -> Similarity:
    config = Config(embedder="fake", **overrides)  # type: ignore[arg-type]
    embedder = get_embedder("fake", config)

    def cosine(a: str, b: str) -> float:
        va, vb = embedder.embed_documents([a, b])
        return float(va @ vb)

    return Similarity(
        cosine,
        config.update_slot_floor,
        config.update_kin_floor,
        config.update_slot_share,
        config.update_change_share,
        config.update_weak_cue_floor,
        config.update_tie_floor,
    )


SIM = _similarity()


def _relate(old: str, new: str, **kwargs: object) -> Verdict:
    kwargs.setdefault("similarity", SIM)
    return relate(old, new, old_speaker="Kim", new_speaker="Kim", **kwargs)  # type: ignore[arg-type]


def _say(mem: Memory, text: str, when: datetime, name: str = "Kim") -> None:
    mem.add(
        [{"role": "user", "name": name, "content": text, "timestamp": when}],
        user_id="u",
        infer=True,
    )


def _statuses(mem: Memory) -> dict[str, Status]:
    from remem import ListFilter

    page = mem.list(user_id="u", filters=ListFilter(statuses=("active", "superseded")), limit=50)
    return {m.content: m.status for m in page.items}


# -- subject attribution --------------------------------------------------------------
def test_a_relatives_fact_is_about_another_person() -> None:
    assert analyse("Kim lives in Leeds.", "Kim").who == "self"
    assert analyse("Kim's parents moved to York.", "Kim").who == "other:parent"
    verdict = _relate("Kim lives in Leeds.", "Kim's parents moved to York.")
    assert verdict.relation == "other" and "different people" in verdict.explain()


def test_another_party_changing_the_speakers_thing_is_the_speakers_slot() -> None:
    # "The dentist" is someone else, but what it changed is Kim's appointment
    old = "Kim's dentist appointment is on May 14."
    verdict = _relate(old, "The dentist moved Kim's appointment to May 20.")
    assert verdict.updates(THRESHOLD), verdict.explain()
    # without the speaker's thing after the verb it stays another person's act
    assert _relate(old, "The dentist moved to Bristol.").relation == "other"


def test_the_speakers_group_is_the_speaker_with_others() -> None:
    verdict = _relate(
        "Kim's team uses Jira for tickets.",
        "Kim and others switched to Linear for tickets.",
    )
    assert verdict.updates(THRESHOLD), verdict.explain()
    # a relative is not the speaker's group
    assert (
        _relate(
            "Kim's sister uses Jira for tickets.",
            "Kim and others switched to Linear for tickets.",
        ).relation
        == "other"
    )


def test_a_question_about_the_user_ranks_the_users_fact_first(config: Config) -> None:
    with Memory(config.home / "s.db", config=config) as mem:
        _say(mem, "My parents live in Florida.", T0)
        _say(mem, "I live in Brooklyn.", T0)
        hits = mem.search("Where does Kim live?", user_id="u")
        assert hits[0].memory.content == "Kim lives in Brooklyn.", [h.memory.content for h in hits]
        about = {h.memory.content: h.explain["rank"]["subject"] for h in hits}
        assert about["Kim's parents live in Florida."] < 1.0
        assert about["Kim lives in Brooklyn."] == 1.0


# -- change marker, old value, events, attributes -------------------------------------
def test_a_change_marker_is_evidence() -> None:
    old, new = "Kim's team uses Jira for tickets.", "Kim and others switched to Linear for tickets."
    assert _relate(old, new).updates(THRESHOLD)
    unmarked = _relate(old, new, weights={"cue": 0.0, "targeted_cue": 0.0})
    assert not unmarked.updates(THRESHOLD), unmarked.explain()


def test_the_old_value_named_as_ending_is_evidence() -> None:
    old, new = "Kim keeps notes in Notion.", "Kim ditched Notion for Obsidian for notes."
    verdict = _relate(old, new)
    assert verdict.updates(THRESHOLD) and "old value ended: notion" in verdict.explain()
    assert not _relate(old, new, weights={"old_value": 0.0}).updates(THRESHOLD)


def test_a_past_event_adds_unless_it_ends_the_old_value() -> None:
    trips = _relate("Kim visited Oslo on May 5.", "Kim visited Bergen on June 10.")
    assert not trips.updates(THRESHOLD) and "a past event" in trips.explain()
    assert _relate(
        "Kim visited Oslo on May 5.",
        "Kim visited Bergen on June 10.",
        weights={"event": 0.0},
    ).updates(THRESHOLD)


def test_another_attribute_of_the_same_thing_is_no_update() -> None:
    for old, new in [
        ("Kim's CI runs on Jenkins.", "Kim's builds run on Buildkite."),  # an acronym too
        ("Kim's flight to Oslo is on July 2.", "Kim's flight back from Oslo is on July 16."),
    ]:
        verdict = _relate(old, new)
        assert not verdict.updates(THRESHOLD) and "another attribute" in verdict.explain()
    ci = ("Kim's CI runs on Jenkins.", "Kim's builds run on Buildkite.")
    assert _relate(*ci, weights={"attribute_differs": 0.0}).updates(THRESHOLD)


def test_a_range_of_days_is_one_date() -> None:
    fact = analyse("Kim got engaged on 13–14 April 2024.", "Kim")
    assert [(v.kind, v.text) for v in fact.values] == [("date", "13 – 14 april 2024")]


# -- the embedding model, values masked ------------------------------------------------
def test_the_slot_is_compared_with_values_masked() -> None:
    assert masked(analyse("Kim's cat is called Mochi.", "Kim")) == "Kim cat is called"
    with_slot = _relate("Kim's cat is called Mochi.", "Kim's cat is called Biscuit.")
    assert with_slot.features["slot"] == 1.0  # the masked statements are the same
    assert with_slot.updates(THRESHOLD), with_slot.explain()
    no_slot = _relate(
        "Kim's cat is called Mochi.",
        "Kim's cat is called Biscuit.",
        weights={"slot": 0.0},
    )
    assert no_slot.score == pytest.approx(with_slot.score - 1.0, abs=1e-3)


def test_a_slot_told_in_other_words_is_one_attribute() -> None:
    old, new = "Kim takes the tram.", "Kim cycles now."  # no word of the slot in common
    apart = _relate(old, new)
    assert "no shared attribute" in apart.explain()
    # the fake embedder puts the masked statements about 0.17 apart: a share floor
    # under that ties them to one attribute, and the penalty goes
    tied = _relate(old, new, similarity=_similarity(update_slot_share=0.1))
    assert "no shared attribute" not in tied.explain()
    assert tied.score > apart.score


def test_a_new_state_under_a_change_marker_ties_at_a_lower_similarity() -> None:
    # "is a contractor" holds one value at a time; "got hired" marks a change of it in
    # other words (the fake embedder puts the masked statements about 0.32 apart)
    old, new = "Kim is a contractor for the city.", "Kim got hired on full time by the city!"
    apart = _relate(old, new, similarity=_similarity(update_change_share=1.01))
    assert not apart.updates(THRESHOLD) and "only wording differs" in apart.explain()
    tied = _relate(old, new, similarity=_similarity(update_change_share=0.3))
    assert tied.updates(THRESHOLD), tied.explain()
    # not without a change marker in the newer statement
    plain = _relate(
        old, "Kim works full time for the city.", similarity=_similarity(update_change_share=0.1)
    )
    assert not plain.updates(THRESHOLD), plain.explain()
    # nor when the old statement holds no single value (a feeling, a plan)
    felt = _relate(
        "Kim is always thrilled about the city.",
        new,
        similarity=_similarity(update_change_share=0.1),
    )
    assert not felt.updates(THRESHOLD), felt.explain()


def test_a_past_event_that_enters_a_one_value_slot_is_its_change() -> None:
    old, new = (
        "Kim is on the waitlist for the pottery class.",
        "Kim got a spot in the pottery class.",
    )
    apart = _relate(old, new, similarity=_similarity(update_change_share=1.01))
    assert "a past event" in apart.explain() and not apart.updates(THRESHOLD)
    entered = _relate(old, new, similarity=_similarity(update_change_share=0.3))
    assert "enters a one-value slot" in entered.explain()
    assert entered.updates(THRESHOLD), entered.explain()
    # a relation to something ("a big fan of") holds no one value: events add up
    fan = _relate(
        "Kim is a big fan of the pottery class.",
        new,
        similarity=_similarity(update_change_share=0.1),
    )
    assert "a past event" in fan.explain() and not fan.updates(THRESHOLD)
    # an additive cue keeps the event an addition
    also = _relate(
        old,
        "Kim also got a spot in the pottery class.",
        similarity=_similarity(update_change_share=0.1),
    )
    assert not also.updates(THRESHOLD), also.explain()


def test_a_targeted_cue_between_values_alike_is_one_attribute() -> None:
    # "switched" targets a hobby; "clarinet" / "percussion" are alike (the differing
    # words above update_kin_floor): one attribute, though no word of it is shared and
    # the masked statements are far apart (a reason clause, a pronoun)
    old, new = (
        "Kim's son plays clarinet in the school band.",
        "His braces made it hard, so he switched to percussion.",
    )
    tied = _relate(old, new)
    assert tied.updates(THRESHOLD) and "no shared attribute" not in tied.explain(), tied.explain()
    apart = _relate(old, new, similarity=_similarity(update_kin_floor=1.0))
    assert "no shared attribute" in apart.explain() and not apart.updates(THRESHOLD)


# -- clauses ---------------------------------------------------------------------------
def test_an_update_in_a_second_clause_supersedes(mem: Memory) -> None:
    _say(mem, "My son plays the violin.", T0)
    _say(mem, "The violin was too loud, so my son switched to the flute.", T1)
    statuses = _statuses(mem)
    assert statuses["Kim's son plays the violin."] is Status.SUPERSEDED, statuses


def test_the_old_value_named_in_another_clause_ties_the_attribute() -> None:
    old = "Kim plays the violin."
    new = "The violin was too loud, so Kim switched to the flute."
    verdict = _relate(old, new)
    assert verdict.updates(THRESHOLD), verdict.explain()
    assert "old value named: violin" in verdict.explain()
    # the clause alone shares no word of the attribute with the old fact
    alone = _relate(old, "Kim switched to the flute.")
    assert not alone.updates(THRESHOLD) and "no shared attribute" in alone.explain()


# -- "my new X is B" -------------------------------------------------------------------
def test_my_new_x_supersedes_only_an_x(mem: Memory) -> None:
    _say(mem, "I drive a Golf.", T0)
    _say(mem, "My phone is an iPhone 12.", T0)
    _say(mem, "My new phone is a Pixel 8.", T1)
    statuses = _statuses(mem)
    assert statuses["Kim drives a Golf."] is Status.ACTIVE, statuses
    assert statuses["Kim's phone is an iPhone 12."] is Status.SUPERSEDED, statuses
    assert statuses["Kim's new phone is a Pixel 8."] is Status.ACTIVE, statuses


def test_my_new_x_with_nothing_to_replace_supersedes_nothing(mem: Memory) -> None:
    _say(mem, "I drive a Golf.", T0)
    _say(mem, "My dentist is Dr. Hale.", T0)
    _say(mem, "My new phone is a Pixel 8.", T1)
    assert set(_statuses(mem).values()) == {Status.ACTIVE}


# -- one state told with another value; a sentence that opens with its verb ---------------
def test_one_state_with_another_value_is_evidence() -> None:
    old, new = "Kim is reading dune.", "Kim is reading the overstory."  # no names: words only
    verdict = _relate(old, new)
    assert verdict.updates(THRESHOLD) and "only the value differs" in verdict.explain()
    assert not _relate(old, new, weights={"value_only": 0.0}).updates(THRESHOLD)
    # a habit or taste adds up; a name then a description are two attributes
    for old, new in [
        ("Kim likes hiking.", "Kim likes painting."),
        ("Kim's car is a Mazda 3.", "Kim's car is bright red."),
    ]:
        verdict = _relate(old, new)
        assert "only the value differs" not in verdict.explain(), verdict.explain()
        assert not verdict.updates(THRESHOLD), verdict.explain()


def test_a_sentence_that_opens_with_its_verb_acts_on_its_object() -> None:
    fact = analyse("Bumped msrv to 1.80.")
    assert fact.key == frozenset({"msrv"}) and fact.comparable
    assert relate("msrv is 1.74.", "Bumped msrv to 1.80.").updates(THRESHOLD)
    assert not analyse("Switched to uv.").key  # no object: no subject either
    assert "car" in analyse("Used cars are cheap.").key  # it has a verb of its own


def test_an_update_replaces_the_memory_it_names_before_one_tied_by_a_cue(mem: Memory) -> None:
    # both reach the threshold: the note by a change cue that targets a release and a
    # number of the same kind, the old value by naming msrv
    for i, text in enumerate(
        [
            "msrv is 1.74.",
            "The release build of logslice failed with 183 linker relocation errors.",
            "bumped msrv to 1.80.",
        ]
    ):
        _say(mem, text, T0.replace(day=15 + i))
    statuses = _statuses(mem)
    assert statuses["Msrv is 1.74."] is Status.SUPERSEDED, statuses
    assert Status.SUPERSEDED not in {v for k, v in statuses.items() if "linker" in k}, statuses


def test_a_verb_ending_in_s_after_a_noun_is_the_verb() -> None:
    assert analyse("The app targets Python 3.9.").key == frozenset({"app"})
    verdict = _relate("The app targets Python 3.9.", "Kim bumped the minimum to Python 3.12.")
    assert verdict.updates(THRESHOLD) and "another version of python" in verdict.explain()
    assert "toi" in analyse("The dog toys are red.").key  # a noun before its verb


def test_a_value_reached_by_a_passive_verb_is_a_change() -> None:
    fact = analyse("Kim's patient load has been reduced to approximately 18 per day.", "Kim")
    assert fact.strong_cues == ("reduced",)
    assert analyse("Down to 3 cigs a day.", "Kim").strong_cues == ("down to",)
    assert not analyse("Kim talked to 5 people.", "Kim").strong_cues  # whom an event reached
    assert not analyse("Kim never got lowered to 3.", "Kim").strong_cues


def test_a_word_of_one_family_on_each_side_is_a_value_that_differs() -> None:
    verdict = _relate("Kim is single.", "Kim has been dating someone from the gym for a month.")
    # two values of one attribute, not "only wording differs" (penalised)
    assert "relationship differs" in verdict.explain(), verdict.explain()
    assert verdict.relation == "candidate" and "only wording" not in verdict.explain()


def test_again_on_a_state_is_a_return_and_on_an_event_one_more() -> None:
    assert analyse("Kim is eating meat again.", "Kim").strong_cues == ("again",)
    went = analyse("Kim went to the dentist again on September 9.", "Kim")
    assert went.additive == ("again",) and not went.strong_cues
    assert "back to" in analyse("Kim went back to sitting at a desk.", "Kim").strong_cues


def test_the_old_value_named_beside_a_current_state_ties_the_attribute() -> None:
    old = "Kim gets Kim's hair done at Supercuts."
    new = "Supercuts messed up Kim's bangs so Kim goes to a salon on 4th now."
    verdict = _relate(old, new)
    assert "old value named: supercut" in verdict.explain(), verdict.explain()


def test_a_targeted_cue_and_alike_masked_statements_tie_one_attribute() -> None:
    old, new = "Kim uses windows 10 on Kim's laptop.", "Kim finally upgraded to win 11."

    def alike(cos: float) -> Similarity:
        # kin never counts here (its floor at 1): the masked statements alone tie
        return Similarity(lambda a, b: cos, slot_floor=0.45, kin_floor=1.0, share_floor=0.9)

    tied = _relate(old, new, similarity=alike(0.63))
    assert "cue targets tool" in tied.explain() and "no shared attribute" not in tied.explain()
    assert tied.updates(THRESHOLD), tied.explain()
    apart = _relate(old, new, similarity=alike(0.4))  # under the slot floor
    assert "no shared attribute" in apart.explain() and not apart.updates(THRESHOLD)


def test_another_word_before_a_shared_noun_is_a_value() -> None:
    verdict = _relate("Kim sleeps on the left side of the bed.", "Kim switched to the right side.")
    assert "modifier differs" in verdict.explain() and verdict.updates(THRESHOLD)
    cats = _relate("Kim has a black cat.", "Kim also has a white cat.")
    assert not cats.updates(THRESHOLD)  # the additive cue still says one more


def test_a_fragment_opening_with_a_preposition_has_no_subject() -> None:
    fact = analyse("Down to 3 cigs a day!", "Kim")
    assert fact.key == frozenset() and fact.comparable and fact.verb_at == 0
    assert analyse("In 2020 Kim moved to Berlin.", "Kim").key == frozenset({"kim"})
    verdict = _relate("Kim smokes about 20 cigs a day.", "Down to 3 cigs a day!")
    assert "an attribute on one side" not in verdict.explain(), verdict.explain()


def test_two_things_neither_names_are_two_subjects() -> None:
    # the speaker named inside one sentence ("... Kim and Joe sold ...") is no subject
    # the two share; a change cue in a clause about the other thing changes nothing
    verdict = _relate(
        "The sheep's milk we sell is called Fell White.",
        "The ram Kim and Joe sold in May was called Old Tom.",
    )
    assert verdict.relation == "other" and "different things" in verdict.explain()
    # the same thing named on both sides is still one subject
    same = _relate("The ram is called Old Tom.", "We renamed the ram Big Tom.")
    assert "different things" not in same.explain()


def test_seeing_someone_professionally_is_no_relationship() -> None:
    # "see" (a doctor, a client) is not "seeing someone": a wedding does not replace it
    verdict = _relate("I see Dr Mehta at the clinic every June.", "Kim got married on 4 May 2019.")
    assert not verdict.updates(THRESHOLD), verdict.explain()


def test_the_speakers_thing_with_and_without_its_owner_is_one_slot() -> None:
    # "Our broadband" is about the speaker (its word is template), "The broadband" is
    # keyed by the thing: compared with the speaker's words aside they are one slot
    verdict = _relate("Our broadband is with Beacon Net.", "The broadband is with Skylink Rural.")
    assert verdict.features["template"] == 1.0 and verdict.updates(THRESHOLD), verdict
    other = _relate("Our broadband is with Beacon Net.", "The vet is Anna Moss.")
    assert not other.updates(THRESHOLD), other


# -- the Claude Code sessions' stale pairs (tests/eval/fixtures/updates-sessions.json) ---
def test_the_speaker_named_as_the_subject_is_no_thing() -> None:
    # "The user" said by the user is the speaker, not a thing beside "Msrv"
    assert analyse("The user bumped msrv to 1.80.", "user").thing_key == frozenset()
    verdict = relate(
        "Msrv is 1.74.", "The user bumped msrv to 1.80.", old_speaker="user", new_speaker="user"
    )
    assert verdict.updates(THRESHOLD), verdict.explain()


def test_a_verbless_phrase_before_a_comma_frames_the_clause() -> None:
    fact = analyse("Good news, platform team upgraded the deployments to Airflow 2.9.3.", "Lena")
    assert "good" not in fact.key and "team" in fact.key
    assert "intro" not in analyse("Short intro first: this is the repo, Airflow 2.8.1.").key
    # a name or a possessive before the comma is the subject
    assert "priya" in analyse("Priya, my sister, lives in Leeds.", "Sam").key
    verdict = _relate(
        "Short intro first: this is the data platform repo, Airflow 2.8.1 with the astro cli.",
        "Good news, platform team upgraded the deployments to Airflow 2.9.3 yesterday.",
    )
    assert verdict.updates(THRESHOLD), verdict.explain()


def test_an_old_value_after_not_is_ended() -> None:
    old = "They put a CSV on their SFTP every day at 04:30 UTC."
    new = "From next Monday they deliver at 06:00 UTC, not 04:30 anymore."
    assert "anymore" in analyse(new, "Lena").strong_cues  # its negation is part of the cue
    verdict = _relate(old, new)
    assert verdict.updates(THRESHOLD), verdict.explain()
    assert any(r.startswith("old value ended: 04:30") for r in verdict.reasons)


def test_a_change_settled_by_a_past_verb_is_a_cue() -> None:
    assert "raised" in analyse("Hana has decided to raise the minimum to iOS 18.0.").strong_cues
    assert not analyse("Hana wanted to raise the minimum to iOS 18.0.").strong_cues
    when = analyse("When we upgrade to Airflow 2.9 we must change the import.")
    assert "upgraded" not in when.strong_cues
    verdict = _relate(
        "The minimum deployment target is iOS 17.0.",
        "Kim has decided to raise the minimum to iOS 18.0.",
    )
    assert verdict.updates(THRESHOLD), verdict.explain()


def test_an_ended_number_names_the_old_amount_whoever_the_subject() -> None:
    verdict = _relate(
        "Orders over €60 ship free.", "Jonas wants free shipping from €75 now instead of 60."
    )
    assert verdict.updates(THRESHOLD), verdict.explain()
    assert any("old value ended: €60" in r for r in verdict.reasons)
    # another subject that shares no word with the old fact stays another subject
    assert _relate("Orders over €60 ship free.", "Jonas earns €75 now instead of 60.").relation == (
        "other"
    )


def test_a_third_person_verb_before_a_preposition_is_the_verb() -> None:
    fact = analyse("Kim's thesis focuses on coral reefs.", "Kim")
    assert fact.tokens[fact.verb_at].low == "focuses"
    later = analyse("Ali's parents in Florida are retired.", "Kim")  # the verb comes later
    assert later.tokens[later.verb_at].low == "are"
    verdict = _relate(
        "Kim's thesis focuses on coral reefs.", "Kim's thesis now focuses on glaciers."
    )
    assert verdict.updates(THRESHOLD), verdict.explain()


def test_a_colon_before_a_clause_cuts_it() -> None:
    from remem.slots.clauses import clauses

    parts = clauses("Plan changed: Kim and others deploy the app first and migrate after.", {"kim"})
    assert parts[0] == "Plan changed" and parts[1].startswith("Kim and others deploy")
    assert clauses("The train leaves at 06:30 now.", {"kim"}) == ["The train leaves at 06:30 now."]


def test_a_change_under_a_modal_is_no_cue() -> None:
    assert "change" not in analyse("Kim must change the import in the old DAG.").strong_cues
    assert "change" in analyse("Kim did change the import in the old DAG.").strong_cues


def _constant(cos: float, weak_floor: float = 0.4) -> Similarity:
    """Every text pair this alike (the slot and the kin evidence alike)."""
    return Similarity(
        lambda a, b: cos,
        slot_floor=0.45,
        kin_floor=0.3,
        share_floor=0.9,
        change_floor=0.65,
        weak_floor=weak_floor,
    )


def test_two_values_of_one_kind_tie_a_targeted_cue_unless_the_model_finds_them_apart() -> None:
    # a cue that targets the old fact's attribute ("closed" a bank): a value on each
    # side ties the two only when two values of one kind differ and the model does not
    # find the masked statements apart (the Kendry road closed is no news of the bank)
    def values_only(cos: float) -> Similarity:  # kin never counts (its floor at 1)
        return Similarity(lambda a, b: cos, 0.45, kin_floor=1.0, share_floor=0.9, tie_floor=0.3)

    old, new = "The bank in Kendry holds the deeds.", "The Kendry road is closed today."
    kendry = _relate(old, new, similarity=values_only(0.35))  # Kendry on both sides
    assert "no shared attribute" in kendry.explain() and not kendry.updates(THRESHOLD)
    # no model of meaning (none, or the floor off): a value on each side ties, as before
    assert "no shared attribute" not in _relate(old, new, similarity=None).explain()
    old, new = "Kim lives in Boston.", "Kim moved to Denver."
    assert _relate(old, new, similarity=values_only(0.35)).updates(THRESHOLD)  # two names
    far = _relate(old, new, similarity=values_only(0.25))  # under update_tie_floor
    assert "no shared attribute" in far.explain() and not far.updates(THRESHOLD)
    assert Config().update_tie_floor == SIM.tie_floor


def test_a_weak_cue_says_a_change_only_of_a_slot_alike() -> None:
    # "now" carries its own sentence's slot: under Config.update_weak_cue_floor the
    # masked statements are two slots and "now" is no change marker of the old one
    old, new = (
        "Kim registered at Dune Road Surgery, that is Kim's surgery.",
        "Rhys is Kim's apprentice now.",
    )
    alike = _relate(old, new, similarity=_constant(0.5, weak_floor=0.4))
    assert "weak cue: now" in alike.explain() and alike.updates(THRESHOLD), alike.explain()
    apart = _relate(old, new, similarity=_constant(0.5, weak_floor=0.55))
    assert "a weak cue of another slot" in apart.explain(), apart.explain()
    assert not apart.updates(THRESHOLD)
    assert Config().update_weak_cue_floor == SIM.weak_floor


def test_one_noun_told_with_two_names_is_two_things() -> None:
    # "the Marine Road rent" is no news of "Anchor Street rent", nor "Tavo's allowance"
    # of Luz's, whatever clause the old fact has; a named noun that is the new value
    # ("switched to the Aldi superstore") stays an update
    rents = _relate(
        "Because the council put the fee up, Anchor Street rent is £750.00 now.",
        "Kim dropped the Marine Road rent to £650.00.",
    )
    assert rents.relation == "other" and "another rent" in rents.explain(), rents.explain()
    allowance = _relate("Luz's allowance is $60/week.", "Kim bumped Tavo's allowance to $75.")
    assert allowance.relation == "other", allowance.explain()
    same = _relate(
        "Rent on the Marine Road flat is £695.00.", "Kim dropped the Marine Road rent to £650.00."
    )
    assert same.updates(THRESHOLD), same.explain()
    shop = _relate("Kim shops at the Tesco superstore.", "Kim switched to the Aldi superstore.")
    assert shop.relation != "other" and shop.updates(THRESHOLD), shop.explain()


def test_a_relative_placed_somewhere_is_the_relative() -> None:
    # a copula that places its subject ("is in Year 4") tells a state of the relative,
    # not who fills the speaker's slot ("Kim's girlfriend is Hannah" stays about Kim)
    old = analyse("Kim's son is in Year 4 at school.", "Kim")
    assert old.who == "other:son" and old.key == frozenset({"son"}), (old.who, old.key)
    assert analyse("Kim's girlfriend is Hannah.", "Kim").who == "self"
    verdict = _relate("Kim's son is in Year 4 at school.", "Kim's son moved up into Year 5.")
    assert verdict.updates(THRESHOLD), verdict.explain()
    assert _relate("Kim is in Leeds.", "Kim's sister is in York now.").relation == "other"


def test_lets_is_a_proposal_not_the_past_verb_let() -> None:
    # "Let's" is "let us": no past event that adds up, no change made
    assert not analyse("Let's make Kim's collaboration awesome.", "Kim").past_event
    assert analyse("Let's switch the standup to Tuesdays.", "Kim").strong_cues == ()
    assert analyse("Kim switched the standup to Tuesdays.", "Kim").strong_cues == ("switched",)
