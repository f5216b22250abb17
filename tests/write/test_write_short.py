"""Short statements: a real update under ``gate_min_words`` words is stored (and
supersedes the old value), short chatter and fragments are still refused."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from remem.config import Config
from remem.memory import Memory
from remem.write.candidate import Flag
from remem.write.classify import build_candidate, words
from remem.write.extract.base import ExtractContext
from remem.write.extract.rules import RulesExtractor
from remem.write.gate import gate
from remem.write.short import is_complete_short
from remem.write.transcript import Message

# Short updates and facts, in several forms: first person, "we", names, pronouns,
# possessives, with and without a final period.
FACTS = [
    "I moved to Denver.",
    "I moved to Denver",
    "Sam moved to Tampere.",
    "Maya joined Stripe.",
    "Kenji quit Pellucid.",
    "We switched to Zed.",
    "we switched to Zed",
    "Tom left Google",
    "They moved to Lyon.",
    "he switched to Vim",
    "She got promoted.",
    "I speak Hindi.",
    "I retired.",
    "I graduated",
    "We got married.",
    "Dad passed away.",
    "I quit smoking.",
    "I went vegan.",
    "I'm a nurse.",
    "I'm 34.",
    "My cat is Miso.",
    "Our dog died.",
    "My rent is $2,100.",
    "I turned 40",
    "Priya drives a Tesla.",
    "Standup moved to Tuesdays.",
    "Dr. Chen retired.",
    "Sam has moved to Tampere.",
    "Jo is engaged",
    "Kim has twins.",
    "The VPN is wg-atlas.",
    "I bike to work.",
]
# Short chatter, reactions and fragments.
CHATTER = [
    "ok sounds good",
    "Thanks a lot!",
    "See you soon.",
    "Yes, exactly.",
    "Sounds great to me",
    "lol same",
    "Got it.",
    "Melanie",
    "Nice one!",
    "I love it!",
    "That sounds great.",
    "That makes sense",
    "I agree.",
    "I totally agree",
    "Me too!",
    "I know, right?",
    "You did great!",
    "You got this",
    "We should hang out.",
    "I had fun.",
    "I'm so happy!",
    "I'm doing great.",
    "I'd love to.",
    "I went home.",
    "Aaron ran home.",
    "Love you guys",
    "It was great.",
    "I can't wait.",
    "Caroline laughed.",
    "The food was amazing.",
    "He's hilarious!",
    "Kids are exhausting",
    "Ravi appreciates Lin's help.",
    "Omar believes in Dana.",
    "Practice really helps.",
    "Anyone can learn.",
    "Ben is staying positive.",
    "So much has happened!",
    "Dana loves that song!",
    "Hard work is essential.",
    "Lots of love, Mia!",
    "Her speech was heart-warming.",
    "Sam said hi.",
    "Happy birthday, Sam!",
    "Thanks, Caroline!",
    "Got it. Thanks!",
]


def _gate(text: str) -> str:
    config = Config()
    return gate(build_candidate(text, config=config, speaker="Aaron"), config=config).reason


def _extracted(text: str, *, short_only: bool = False) -> list[str]:
    """The gate's verdict on each fact the default (rules) extractor takes from ``text``
    (``short_only``: on those under ``gate_min_words`` words)."""
    config = Config()
    message = Message(speaker="Aaron", role="user", text=text)
    facts = RulesExtractor().extract([message], context=ExtractContext(config=config))
    if short_only:
        facts = [f for f in facts if len(words(f.content)) < config.gate_min_words]
    return [gate(f, config=config).reason for f in facts]


@pytest.mark.parametrize("text", FACTS)
def test_a_short_fact_passes_the_gate(text: str) -> None:
    assert _gate(text) == "accepted"
    # and so does what the rules extractor makes of it ("I moved" -> "Aaron moved")
    assert all(reason == "accepted" for reason in _extracted(text))


@pytest.mark.parametrize("text", CHATTER)
def test_short_chatter_is_still_refused(text: str) -> None:
    assert _gate(text) == "too_short"
    # ("We should hang out." becomes "Aaron and others should hang out.": six words,
    # past the length check, so only what stays short is this rule's to refuse)
    assert all(reason == "too_short" for reason in _extracted(text, short_only=True))


def test_the_information_needed_reads_config() -> None:
    assert is_complete_short("Sam moved to Tampere.", min_information=2)
    assert not is_complete_short("Sam moved to Tampere.", min_information=3)
    assert is_complete_short("I retired.", speaker="Aaron", min_information=1)
    assert not is_complete_short("I retired.", speaker="Aaron", min_information=2)
    strict = Config(gate_short_min_information=3)
    candidate = build_candidate("Maya joined Stripe.", config=strict, speaker="Aaron")
    assert gate(candidate, config=strict).reason == "too_short"


def test_a_change_verb_counts_only_when_it_says_a_change() -> None:
    assert is_complete_short("Kenji quit.")
    assert not is_complete_short("Kenji never quit.")  # negated: no change, nothing else
    assert not is_complete_short("Kenji laughed.")


def test_a_remember_request_lets_any_content_word_count() -> None:
    config = Config()
    plain = build_candidate("The branch is main.", config=config, speaker="Aaron")
    assert gate(plain, config=config).reason == "too_short"  # copula + a bare word
    asked = build_candidate(
        "The branch is main.",
        config=config,
        speaker="Aaron",
        flags={Flag.REMEMBER_REQUESTED},
    )
    assert gate(asked, config=config).accepted
    # but a request is not a fact by itself
    nothing = build_candidate(
        "Remember this.", config=config, speaker="Aaron", flags={Flag.REMEMBER_REQUESTED}
    )
    assert gate(nothing, config=config).reason == "too_short"


def _say(mem: Memory, text: str, when: datetime) -> list[str]:
    records = mem.add(
        [{"role": "user", "name": "Aaron", "content": text}], user_id="aaron", now=when
    )
    return [r.id for r in records]


def test_a_short_update_supersedes_the_old_value(tmp_path: Path) -> None:
    # the fake embedder's scores sit below the MiniLM-calibrated relevance floor
    config = Config(home=tmp_path / "home", embedder="fake", min_relevance=0.0)
    start = datetime(2026, 1, 5, tzinfo=UTC)
    with Memory(tmp_path / "m.db", config=config) as mem:
        (boston,) = _say(mem, "I live in Boston.", start)
        (denver,) = _say(mem, "I moved to Denver.", start + timedelta(days=90))
        assert mem.get(boston, user_id="aaron").status == "superseded"
        assert mem.get(denver, user_id="aaron").supersedes == boston
        hits = mem.search("where do I live", user_id="aaron")
        assert "Denver" in hits[0].memory.content
        assert all("Boston" not in h.memory.content for h in hits)
        chain = [(e.event, e.memory_id) for e in mem.history(denver, user_id="aaron")]
        assert ("superseded", boston) in chain and ("created", denver) in chain
        # a third party's short update goes through remember() as well
        decisions = mem.remember("Maya joined Stripe.", user_id="aaron", speaker="Aaron")
        assert [d.action for d in decisions] == ["stored"]


def test_a_refused_fact_is_audited_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    config = Config(home=tmp_path / "home", embedder="fake")
    with Memory(tmp_path / "m.db", config=config) as mem:
        with caplog.at_level(logging.INFO, logger="remem.write"):
            stored = _say(mem, "Aaron had fun.", datetime(2026, 1, 5, tzinfo=UTC))
        assert stored == []
        assert mem.gate_stats() == {"too_short": 1}
        assert "a fact of message 0 (resource " in caplog.text
        assert "not stored: too_short" in caplog.text
        assert "fun" not in caplog.text  # like the audit, the log never holds the content


def test_an_equals_sign_written_for_is_makes_a_whole_statement() -> None:
    """Texting style: "My dentist = Dr. Desai" states who the dentist is; code-like
    "x=5" or two letters around "=" state nothing."""
    assert is_complete_short("Kiara's dentist = Dr. Desai.", speaker="Kiara")
    assert is_complete_short("Laundromat = Suds City.", speaker="Kiara")
    assert not is_complete_short("a = b", speaker="Kiara")
    assert not is_complete_short("x=5 ok", speaker="Kiara")


@pytest.mark.parametrize(
    "text",
    ["Stavros is my barber.", "Ana is Kai's sister.", "Stavros is my barber. Cash only."],
)
def test_a_named_role_to_someone_is_a_whole_statement(text: str) -> None:
    assert is_complete_short(text, speaker="Henryk")


@pytest.mark.parametrize(
    "text",
    ["He is my brother.", "It is my fault.", "That is my point. Exactly.", "Got it. Thanks!",
     "Sam moved to Tampere. I agree."],
)  # fmt: skip
def test_an_unnamed_subject_or_a_second_sentence_is_not(text: str) -> None:
    assert not is_complete_short(text, speaker="Henryk")


def test_a_fragment_after_a_statement_continues_its_fact(tmp_path: Path) -> None:
    message = Message(speaker="Henryk", role="user", text="Stavros is my barber. Cash only.")
    facts = RulesExtractor().extract([message], context=ExtractContext(config=Config()))
    assert [f.content for f in facts] == ["Stavros is Henryk's barber. Cash only."]
    config = Config(home=tmp_path / "home", embedder="fake", memory_md_path="")
    with Memory(tmp_path / "m.db", config=config) as mem:
        decisions = mem.remember("Stavros is my barber. Cash only.", user_id="u", speaker="Henryk")
        assert [d.action for d in decisions] == ["stored"], [d.reason for d in decisions]


def _facts(text: str) -> list[str]:
    message = Message(speaker="Henryk", role="user", text=text)
    return [
        f.content
        for f in RulesExtractor().extract([message], context=ExtractContext(config=Config()))
    ]


def test_a_sentence_that_cannot_stand_alone_joins_its_neighbour() -> None:
    # a lead-in too short to be a fact joins the next sentence; one after a fact continues it
    assert _facts("Tribunal letter came. Appeal hearing 16th of September 2026, ten o'clock.") == [
        "Tribunal letter came. Appeal hearing 16th of September 2026, ten o'clock."
    ]
    assert _facts("Scrap yard, Dockside Recycling. They pay by bank transfer now.") == [
        "Scrap yard, Dockside Recycling. They pay by bank transfer now."
    ]
    # a sentence that stands alone, and small talk, are left as they were
    assert _facts("I moved to Denver. Thanks so much!") == ["Henryk moved to Denver."]
    assert _facts("Ana joined Stripe. Sam moved to Tampere.") == [
        "Ana joined Stripe.",
        "Sam moved to Tampere.",
    ]


def test_a_sentence_without_a_subject_goes_on_about_the_one_before() -> None:
    assert _facts("Aled Parry is my solicitor. Did the Anchor Street purchase.") == [
        "Aled Parry is Henryk's solicitor. Did the Anchor Street purchase."
    ]
    assert _facts("GP, Dr Rahmani. She knows the gout history.") == [
        "GP, Dr Rahmani. She knows the gout history."
    ]
    # after a sentence about the speaker, a subjectless one is the speaker's own
    assert _facts("I had a great weekend. Went hiking with my family.") == [
        "Henryk had a great weekend.",
        "Henryk went hiking with Henryk's family.",
    ]


def test_a_subordinate_clause_alone_says_why_or_when_of_the_sentence_before() -> None:
    assert _facts("I moved to Denver. Because the rent was cheaper.") == [
        "Henryk moved to Denver. Because the rent was cheaper."
    ]
    assert _facts("The grave is in Bircza, by the gate. For when Kuba goes to Poland.") == [
        "The grave is in Bircza, by the gate. For when Kuba goes to Poland."
    ]


def test_a_third_persons_pronoun_goes_on_about_the_one_named_before() -> None:
    assert _facts("I hire the paddock at Breakwater Farm for Bolek. Fenced, he can run there.") == [
        "Henryk hires the paddock at Breakwater Farm for Bolek. Fenced, he can run there."
    ]


@pytest.mark.parametrize("text", ["Amlodipine 10 mg daily.", "Rent £810.00.", "Van reg WF70 LHB."])
def test_a_verbless_note_of_a_head_and_an_amount_is_a_whole_statement(text: str) -> None:
    assert is_complete_short(text, speaker="Henryk")


@pytest.mark.parametrize(
    "text", ["Three times a week.", "Since 2016.", "Tuesdays.", "Great job Maria.", "Agree, Mel."]
)
def test_a_count_a_date_alone_or_praise_is_not_a_note(text: str) -> None:
    assert not is_complete_short(text, speaker="Henryk")


def test_a_short_verbless_note_goes_with_the_sentence_beside_it() -> None:
    assert _facts("Labour, hourly rate £52.00. Minimum one hour.") == [
        "Labour, hourly rate £52.00. Minimum one hour."
    ]
    assert _facts("Marine Road flat. Rent £810.00.") == ["Marine Road flat. Rent £810.00."]
    assert _facts("Amlodipine 10 mg daily.") == ["Amlodipine 10 mg daily."]
