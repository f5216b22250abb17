"""The update scorer on hand-built pairs: what is an update, a distinct fact, the same fact."""

from __future__ import annotations

import pytest

from remem.config import Config
from remem.slots import analyse, content_hash, negates, relate

THRESHOLD = Config().update_threshold


def test_content_hash_ignores_case_whitespace_punctuation() -> None:
    assert content_hash("Aaron lives in Boston.") == content_hash("  aaron LIVES in boston ")
    assert content_hash("Aaron lives in Boston") != content_hash("Aaron lives in Denver")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a value of one kind changes under the same template
        ("Kofi and others deploy on 2 October.", "Kofi and others deploy on 10 October."),
        ("Elif's favorite band is Radiohead.", "Elif's favorite band these days is Khruangbin."),
        ("Ivan's salary is $95,000.", "Ivan got a raise, Ivan's salary is $110,000 now."),
        # a change cue that targets what the old fact talks about
        ("Aaron lives in Boston.", "Aaron moved to Denver in April 2023."),
        ("Mia is dating someone named Leo.", "Mia broke up in the spring."),
        ("The launch is planned for September 3.", "Ana and others moved the launch to September 17."),
        ("Dev is a junior developer at Acme.", "Dev got promoted to senior developer last month."),
        # the old value named as ending
        ("Kofi's CI runs on Jenkins.", "Kofi and others replaced Jenkins with GitHub Actions for CI."),
        ("The API is written in Flask.", "Hugo and others rewrote the API from Flask to FastAPI."),
        ("Theo rides a Trek road bike to work.", "Theo's Trek got stolen, so now Theo commutes on a Brompton."),
        ("Owen works at Google as a product manager.", "Owen left Google and joined Stripe."),
        ("Irene swims three times a week.", "Irene switched from swimming to rowing."),
        # a subject that is all key: only its value can change
        ("The design sync is on Wednesdays at 3pm.", "The design sync is now on Tuesdays at 1pm."),
        # another version of the same product
        ("Priti and others use Node 16 in production.", "Production now runs Node 20."),
    ],
)  # fmt: skip
def test_updates(old: str, new: str) -> None:
    verdict = relate(old, new)
    assert verdict.updates(THRESHOLD), verdict.explain()
    assert verdict.differs


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        # members of a list: the identifier is part of the key, not a value
        ("Terraform manages the infrastructure for project 1.",
         "Terraform manages the infrastructure for project 28.", "list members"),
        ("Rack 3 is in server room 101.", "Rack 4 is in server room 102.", "list members"),
        ("Server web-1 runs nginx behind the load balancer.",
         "Server web-2 runs nginx behind the load balancer.", "list members"),
        ("Release 2.1 ships on 2 October.", "Release 2.2 ships on 10 October.", "list members"),
        # another subject
        ("Sam works from home on Fridays.", "Sam's manager works from the office every day.",
         "subjects"),
        ("Alice's phone extension is 4411.", "Bob's phone extension is 4412.", "people"),
        ("The Berlin office opens at 9am on weekdays.",
         "The Paris office opens at 8am on weekdays.", "subjects"),
        ("The staging cluster has 3 worker nodes.", "The production cluster has 12 worker nodes.",
         "subjects"),
    ],
)  # fmt: skip
def test_other_subjects_and_list_members_are_never_updates(old: str, new: str, why: str) -> None:
    verdict = relate(old, new)
    assert verdict.relation == "other" and why in verdict.explain(), verdict.explain()
    assert verdict.differs  # so never a duplicate either
    assert not verdict.updates(0.0)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lea has a cat named Pixel.", "Lea and others also adopted a rabbit named Clover."),
        ("Sol is allergic to peanuts.", "Sol is allergic to shellfish as well."),
        ("Luca visited Rome on May 5.", "Luca visited Florence on June 10."),  # events add up
        ("Elif's favorite band is Radiohead.", "Elif's favorite movie is Arrival."),
        ("Arjun's flight to Lisbon is on July 2.", "Arjun's flight back from Lisbon is on July 16."),
        ("Vera went to the dentist on March 3.", "Vera went to the dentist again on September 9."),
    ],
)  # fmt: skip
def test_distinct_facts_with_differing_values_are_not_updates(old: str, new: str) -> None:
    verdict = relate(old, new)
    assert verdict.relation == "candidate" and not verdict.updates(THRESHOLD), verdict.explain()
    # a value that differs (a date, a name) or another object after the same verb
    # ("peanuts" / "shellfish") means never a duplicate
    assert verdict.differs


def test_the_additive_cue_is_what_keeps_a_second_pet() -> None:
    """The control fails without the additive cue: it is the evidence that decides."""
    with_cue = relate(
        "Lea has a cat named Pixel.", "Lea and others also adopted a rabbit named Clover."
    )
    no_additive = relate(
        "Lea has a cat named Pixel.",
        "Lea and others also adopted a rabbit named Clover.",
        weights={"additive": 0.0},
    )
    assert with_cue.score < no_additive.score
    assert "additive: also" in with_cue.explain()


def test_rewordings_are_the_same_and_dates_are_not() -> None:
    same = relate("Aaron drives a Subaru WRX.", "Aaron drives a Subaru WRX!")
    assert same.relation == "same" and not same.differs
    elaboration = relate(
        "Caroline went to a support group.", "Caroline went to a support group on 7 May 2023."
    )
    assert not elaboration.differs  # only one side adds something: the dedup decides
    dates = relate("Kofi and others deploy on 2 October.", "Kofi and others deploy on 10 October.")
    assert dates.differs and "date differs" in dates.explain()


def test_fragments_and_chat_turns_are_not_compared() -> None:
    assert relate("january trip", "may trip").explain() == "other 0.00: not one statement"
    turn = "Caroline: I live in Boston. It is great here, honestly."
    assert relate(turn, "Caroline moved to Denver in May 2024.").relation == "other"


def test_contradiction_is_an_update_by_negation() -> None:
    verdict = relate("Aaron likes sushi.", "Aaron does not like sushi.")
    assert verdict.relation == "contradiction" and verdict.updates(THRESHOLD)
    assert negates(analyse("Aaron is vegan."), analyse("Aaron isn't vegan."))
    assert not negates(analyse("Aaron likes sushi."), analyse("Aaron likes sushi a lot."))
    assert relate("Aaron likes sushi.", "Beth does not like hiking.").relation == "other"


def test_a_reply_word_is_not_a_negation() -> None:
    # "No, ..." answers what came before; the claim after it is what counts.
    assert analyse("No, don't use npm here.").negated
    assert not negates(analyse("Don't use npm here."), analyse("No, don't use npm here."))
    assert not negates(analyse("Sam uses pnpm."), analyse("Yes, Sam uses pnpm."))
    assert negates(analyse("Sam uses npm."), analyse("No, Sam doesn't use npm."))
    assert analyse("No cats are allowed in the flat.").negated  # a determiner, not a reply


def test_first_person_is_resolved_by_speaker() -> None:
    assert relate(
        "I live in Paris", "I moved to Lyon", old_speaker="Alice", new_speaker="Alice"
    ).updates(THRESHOLD)
    other = relate("I live in Paris", "I moved to Lyon", old_speaker="Alice", new_speaker="Bob")
    assert other.relation == "other"
    raw = analyse("Caroline: I moved to Lyon last year")  # a raw chat turn names its speaker
    assert raw.key == {"caroline"}


def test_analysis_of_values_identifiers_and_subject() -> None:
    fact = analyse("Terraform manages the infrastructure for project 28 since 3 May 2024.")
    assert [(i.noun, i.code) for i in fact.identifiers] == [("project", "28")]
    assert [(v.kind, v.text) for v in fact.values] == [("date", "3 may 2024")]
    assert fact.key == {"terraform"}
    product = analyse("Production now runs Node 20.")
    assert ("version", "20", "node") in [(v.kind, v.text, v.unit) for v in product.values]
    owned = analyse("Sam's manager works from the office.")
    assert owned.key == {"manag"} and owned.owner == "sam"
