"""The update decision on texts that are not one plain statement: a short text of
several sentences, and a coded value (a group, a year) said to hold now. Each test
fails when its mechanism is taken out. Scored with the shipped fake embedder through
the registry, as in tests/test_update_evidence.py."""

from __future__ import annotations

from remem import Config
from remem.providers.registry import get_embedder
from remem.slots import Verdict, analyse, relate
from remem.slots.semantic import Similarity

CONFIG = Config(embedder="fake")
THRESHOLD = CONFIG.update_threshold
_EMBEDDER = get_embedder("fake", CONFIG)


def _cosine(a: str, b: str) -> float:
    va, vb = _EMBEDDER.embed_documents([a, b])
    return float(va @ vb)


SIM = Similarity(
    _cosine,
    CONFIG.update_slot_floor,
    CONFIG.update_kin_floor,
    CONFIG.update_slot_share,
    CONFIG.update_change_share,
    CONFIG.update_weak_cue_floor,
    CONFIG.update_tie_floor,
)


def _relate(old: str, new: str) -> Verdict:
    return relate(old, new, old_speaker="Kim", new_speaker="Kim", similarity=SIM)


OLD_FEE = "Priya's gym membership is £30 a month."


def test_a_short_text_of_several_sentences_is_compared_sentence_by_sentence() -> None:
    new = "Priya's gym membership is now £35 a month. Annoying, honestly."
    assert not analyse(new, "Kim").comparable  # the whole has no one slot
    verdict = _relate(OLD_FEE, new)
    assert verdict.updates(THRESHOLD), verdict.explain()
    assert "clause 'Priya's gym membership is now £35 a month.'" in verdict.explain()
    # the old side may be the several-sentence one too
    back = _relate("Priya's gym membership is £30 a month. Cheap enough.", new)
    assert back.updates(THRESHOLD), back.explain()


def test_a_sentence_about_someone_else_in_a_short_text_updates_nothing() -> None:
    new = "Priya's sister's gym membership is now £35 a month. Annoying, honestly."
    verdict = _relate(OLD_FEE, new)
    assert verdict.relation == "other" and not verdict.updates(THRESHOLD), verdict.explain()


def test_a_long_text_is_still_not_one_statement() -> None:
    new = "Priya's gym membership is now £35 a month. Annoying. Really. Truly. Yes."
    verdict = _relate(OLD_FEE, new)
    assert verdict.relation == "other" and "not one statement" in verdict.explain()


def test_a_coded_value_said_to_hold_now_is_the_slots_new_value() -> None:
    now = _relate("Oren mentors group 4.", "Oren mentors group 6 now.")
    assert now.updates(THRESHOLD), now.explain()
    # without a change or currency cue the two codes are two members of a list
    plain = _relate("Oren mentors group 4.", "Oren mentors group 6.")
    assert plain.relation == "other" and "different list members" in plain.explain()
    # "new" is no currency cue: a new member may join the list
    added = _relate("Oren mentors group 4.", "Oren mentors the new group 6.")
    assert not added.updates(THRESHOLD), added.explain()


def test_a_context_sentence_naming_another_thing_keeps_a_bare_noun_apart() -> None:
    old = "Harbour Lane parking is £12 a day."
    other = _relate(old, "Quick update on Quay Street. Parking is now £15 a day.")
    assert not other.updates(THRESHOLD), other.explain()
    same = _relate(old, "Quick update on Harbour Lane. Parking is now £15 a day.")
    assert same.updates(THRESHOLD), same.explain()


def test_the_speaker_moving_a_relative_changes_the_relatives_slot() -> None:
    old = "Kim's son trains at the Riverside pool."
    moved = _relate(old, "Kim switched her son to the Eastgate pool.")
    assert moved.relation != "other", moved.explain()
    # the speaker's own change is still about the speaker
    own = _relate(old, "Kim switched to the Eastgate gym.")
    assert own.relation == "other", own.explain()


def test_a_one_word_name_gives_no_attribute_family() -> None:
    assert "home" not in analyse("Kim passed Kim's City and Guilds exam.", "Kim").families
    assert "home" in analyse("Kim lives in Salt Lake City.", "Kim").families
    assert "school" in analyse("Kim's son goes to Maple Elementary.", "Kim").families


def test_a_year_that_places_a_fact_in_time_is_no_schedule_to_move() -> None:
    past = _relate("Kim passed the driving test in 2019.", "Kim moved from desk 4 to desk 9.")
    assert "targets schedule" not in past.explain(), past.explain()
    booked = _relate(
        "Kim's dentist appointment is on 3 May.", "Kim moved the appointment to 9 May."
    )
    assert "targets schedule" in booked.explain(), booked.explain()


def test_the_same_thing_as_subject_is_evidence() -> None:
    old, new = "The nightly backups go to Backblaze.", "The nightly backups ship to Wasabi now."
    verdict = _relate(old, new)
    assert "the same thing: backup nightli" in verdict.explain(), verdict.explain()
    without = relate(
        old, new, old_speaker="Kim", new_speaker="Kim", similarity=SIM, weights={"thing_same": 0}
    )
    assert verdict.score == round(without.score + CONFIG.update_weights["thing_same"], 3)
    # another thing's statement has no such evidence
    other = _relate(old, "The weekly reports go to Wasabi now.")
    assert "the same thing" not in other.explain(), other.explain()


def test_two_speakers_each_telling_about_themselves_update_nothing() -> None:
    # the older sentence opens with a reason, so its whole has no person as subject; a
    # clause of it is its speaker's: another speaker's own news replaces none of it
    old = "Because the rent went up, Ines gave up the flat and now lives with friends."
    other = relate(old, "Tomas sold the flat.", old_speaker="Ines", new_speaker="Tomas",
                   similarity=SIM)  # fmt: skip
    assert other.relation == "other" and "different people" in other.explain()
    # the same speaker's news is compared, and so is another speaker naming her
    own = relate(old, "Ines sold the flat.", old_speaker="Ines", new_speaker="Ines",
                 similarity=SIM)  # fmt: skip
    assert own.updates(THRESHOLD)
    named = relate(old, "Tomas says Ines sold the flat.", old_speaker="Ines",
                   new_speaker="Tomas", similarity=SIM)  # fmt: skip
    assert "different people: ines / tomas" not in named.explain()
    # one speaker's thing and another speaker about himself: apart unless he names it
    invoicing = "Invoicing lives in Xero now, the switch finished Monday."
    moved = relate(invoicing, "Rob is back to living with Rob's parents.", old_speaker="Ana",
                   new_speaker="Rob", similarity=SIM)  # fmt: skip
    assert moved.relation == "other" and "different subjects" in moved.explain()
    office = "The office is on Main Street."
    named_office = relate(office, "Rob and others moved the office to Elm Street.",
                          old_speaker="Ana", new_speaker="Rob", similarity=SIM)  # fmt: skip
    assert named_office.updates(THRESHOLD)


def test_the_old_facts_noun_in_another_inflection_is_no_name() -> None:
    # a sentence-initial capital reads like a name beside the speaker, but the old
    # fact says the same noun in the singular: it is the speaker's thing
    old = "Kim's allowance is 20 dollars a week."
    assert _relate(old, "Allowances went up to 30 dollars a week.").updates(THRESHOLD)
    # a name the old fact never says is still another person
    other = _relate("Kim lives in Leeds.", "Sam moved to Tampere.")
    assert other.relation == "other"


def test_a_possibility_or_a_condition_replaces_nothing() -> None:
    old = "Kim rents a flat in Harbourside."
    # what holds now: an update
    assert _relate(old, "Kim moved to a house in Elmwood instead.").updates(THRESHOLD)
    for hedged in (  # each scores as an update without its mood read
        "If the landlord sells up, Kim will probably have to relocate to a house in Elmwood "
        "instead.",
        "Should the landlord sell up, Kim would probably end up in a house in Elmwood instead.",
        "Kim might end up renting a house in Elmwood instead.",
        "Kim may have to relocate to a house in Elmwood instead.",
        "Maybe Kim ends up in a house in Elmwood instead.",
    ):
        verdict = _relate(old, hedged)
        assert verdict.relation == "other" and not verdict.updates(THRESHOLD), verdict.explain()
        assert "not what holds" in verdict.explain(), verdict.explain()
    # a clause that hedges leaves the sentence's other clause to speak for it
    polite = "Kim would like to correct the records: Kim moved to a house in Elmwood."
    assert _relate(old, polite).updates(THRESHOLD), _relate(old, polite).explain()
    # "May" the month is no modal
    assert _relate(old, "In May Kim moved to a house in Elmwood.").updates(THRESHOLD)


def test_the_speakers_hedged_verb_later_in_the_sentence_replaces_nothing() -> None:
    old = "Kim rents a flat in Harbourside."
    hedged = "The way the rent is going Kim could end up in a house in Elmwood instead."
    verdict = _relate(old, hedged)
    assert not verdict.updates(THRESHOLD) and "not what holds" in verdict.explain()
    # another subject's modal in a reason clause is no hedge of the speaker's news
    told = "Since nobody could find parking there, Kim moved to a house in Elmwood instead."
    assert _relate(old, told).updates(THRESHOLD), _relate(old, told).explain()


def test_a_lead_that_says_the_sentence_adds_speaks_for_its_clauses() -> None:
    old = "Kim volunteers at the food bank on Saturdays."
    plain = _relate(old, "Kim has started volunteering at the animal shelter on Saturdays.")
    added = _relate(
        old, "In addition, Kim has started volunteering at the animal shelter on Saturdays."
    )
    assert plain.updates(THRESHOLD), plain.explain()
    assert not added.updates(THRESHOLD), added.explain()
    assert "additive: in addition" in added.explain(), added.explain()


def test_the_speakers_group_is_the_speaker_with_others() -> None:
    # "Kim's team" (the speaker a possessor of a group) and a bare "Team" said by Kim are
    # Kim with others ("we", as the extractor stores it)
    owned = _relate(
        "Kim's team is working out of the old depot on Quay Street.",
        "Kim and others moved into the new office on Harbour Road last week.",
    )
    assert owned.updates(THRESHOLD), owned.explain()
    bare = _relate(
        "Kim and others run the retrospective at the end of each sprint.",
        "Team switched to running the retrospective before sprint planning.",
    )
    assert bare.updates(THRESHOLD), bare.explain()
    # another person's group is not
    other = _relate(
        "Kim and others work out of the old depot on Quay Street.",
        "Tom's team moved into the new office on Harbour Road last week.",
    )
    assert other.relation == "other", other.explain()
