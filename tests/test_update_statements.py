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
