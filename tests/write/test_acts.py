"""What each sentence of a prompt does (remem.write.acts): by structure, on prompts
written for this test (the benchmark corpus measures it on recorded sessions)."""

from __future__ import annotations

import pytest

from remem.write.acts import Act, classify, durable_beside_ask, split_sentences, statements_only
from remem.write.transcript import Message


@pytest.mark.parametrize(
    ("prompt", "act"),
    [
        ("refactor the billing module into two files", Act.REQUEST),
        ("could you please rename the job to nightly-sync?", Act.REQUEST),
        ("Please bump the chart version", Act.REQUEST),
        ("the settings page — move it under /account", Act.REQUEST),
        ("while you're there, switch the logger to json", Act.REQUEST),
        ("need a cron job for the cleanup", Act.REQUEST),
        ("why is the cache miss rate so high", Act.QUESTION),
        ("which port does the worker listen on?", Act.QUESTION),
        ("is the export finished", Act.QUESTION),
        ("the worker listens on port 7070", Act.STATEMENT),
        ("sync runs every hour from the backup host", Act.STATEMENT),
        ("thanks a lot!", Act.THANKS),
        ("ok", Act.CHATTER),
        ("never push to main directly", Act.RULE),
        ("we always squash merge here", Act.RULE),
        ("no tabs in yaml files", Act.RULE),
        ("we use structlog with the request logger, not print", Act.RULE),  # the house's choice
        ("we use two replicas, not three, in staging", Act.RULE),
        ("the worker uses redis, not memcached", Act.STATEMENT),  # what a thing uses
        ("that's wrong, the timeout is in seconds", Act.CORRECTION),
        ("you forgot the migration again", Act.CORRECTION),
        ("remind me to renew the cert when v2.3 ships", Act.REMINDER),
        ("remember that the vault is called ops-prod", Act.REMEMBER),
    ],
)
def test_one_sentence_acts(prompt: str, act: Act) -> None:
    (sentence,) = classify(prompt).sentences
    assert sentence.act is act, sentence


def test_a_contrast_with_the_previous_turn_is_a_correction() -> None:
    previous = 'Write tests/test_api.py {"content": "class TestApi(unittest.TestCase): ..."}'
    said = classify("please use plain functions instead of unittest classes", previous=previous)
    assert said.has(Act.CORRECTION) and said.is_lesson
    # the same words with nothing before them ask for something new
    assert not classify("please use plain functions instead of unittest classes").has(
        Act.CORRECTION
    )


def test_a_refusal_of_a_proposal_is_a_rule() -> None:
    proposal = "We could move the queue to SQS, or keep Redis. Which one?"
    assert classify("no, keep redis, it already runs the scheduler", previous=proposal).is_lesson


def test_a_standing_adverb_in_a_purpose_clause_does_not_make_a_rule() -> None:
    said = classify("can you add a lock file so we never run two imports at once?")
    assert said.acts == (Act.REQUEST,)


def test_mixed_prompts_keep_only_their_statements() -> None:
    said = classify("could you add a retry helper? the api gateway times out after 29 s. thanks")
    assert said.statements() == ["the api gateway times out after 29 s."]
    assert said.has(Act.REQUEST) and not said.session_only


def test_dots_inside_tokens_never_split() -> None:
    text = "we moved to 2.9.3 and settings/production.py reads datetime.now() once. ok"
    assert split_sentences(text) == [
        "we moved to 2.9.3 and settings/production.py reads datetime.now() once.",
        "ok",
    ]


def test_a_macro_bang_glued_to_an_identifier_never_splits() -> None:
    text = "when clap 4.6 is out, drop the value_parser! workaround in cli.rs. done! next"
    assert split_sentences(text) == [
        "when clap 4.6 is out, drop the value_parser! workaround in cli.rs.",
        "done!",
        "next",
    ]


def test_a_lesson_keeps_the_fragments_that_name_its_subject() -> None:
    said = classify("you did it again. nextest. and -D warnings, ci fails on those 2")
    assert said.is_lesson
    assert "nextest." in said.lesson_sentences()
    assert "lol" not in classify("wrong, use pnpm. lol").lesson_sentences()


def test_statements_only_cuts_prompts_and_leaves_other_messages() -> None:
    messages = [
        Message("maya", "user", "deploy it to staging please", prompt=True),
        Message("assistant", "assistant", "Deployed. Shall I run the smoke tests?"),
        Message("maya", "user", "yes. the smoke tests live in ci/smoke.sh", prompt=True),
        Message("maya", "user", "deploy it to staging please"),  # not a prompt: as it was
    ]
    out = statements_only(messages)
    assert [m.text for m in out] == [
        "",
        "Deployed. Shall I run the smoke tests?",
        "the smoke tests live in ci/smoke.sh",
        "deploy it to staging please",
    ]


@pytest.mark.parametrize(
    ("prompt", "kept"),
    [
        # beside an ask, what pins a value down holds beyond it
        ("prod db is pg-main-3 on port 6432. Can you check the slow queries?", 1),
        ("bumped node to 22.1. fix the lockfile", 1),
        ("From Tuesday the export lands at 07:15 UTC. Please move the job", 1),
        ("I've decided to drop support for 3.9. update the classifiers", 1),
        # ... what happened, what is wrong today, someone else's doing does not
        ("The vendor re-sent last week's files. Reload the orders table please", 0),
        ("the vendor sent 3 new files, theyre in ~/inbox/may. load them", 0),
        ("renovate opened a PR moving react to 19.0. review it", 0),
        ("Why is CI red today? the build took 40 min, usually 12", 0),
        # ... but a value changed to a new one holds, whoever changed it
        ("The vendor has moved the feed to https://feed.example.org/v4/. update the job", 1),
        ("the worker isn't picking up jobs. what queue is it on?", 0),
        # with no ask beside it, a statement is a statement
        ("renovate opened a PR moving react to 19.0.", 1),
        ("The vendor re-sent last week's files.", 1),
    ],
)
def test_a_statement_beside_an_ask_is_a_fact_only_when_it_pins_a_value(
    prompt: str, kept: int
) -> None:
    assert len(classify(prompt).statements()) == kept


_DONE = "Added the dependency to app/build.gradle.kts.\nEdit: app/build.gradle.kts"


@pytest.mark.parametrize(
    ("prompt", "act"),
    [
        # the turn before, named by a demonstrative and judged
        ("I'm afraid that is not how we add libraries in this repo.", Act.CORRECTION),
        ("that isn't quite the format the journal wants", Act.CORRECTION),
        ("Sorry to butt in, but that is the old deploy script.", Act.CORRECTION),
        ("I hate to repeat myself, but that was the slow target again", Act.CORRECTION),
        ("meh, told u that on day one", Act.CORRECTION),
        ("Could we go back to the makefile target, please?", Act.CORRECTION),
        # a directive inside a politeness frame is read as said plainly
        ("Perhaps we could avoid hard-coded paths in the export step, though", Act.RULE),
        ("I'd rather we didn't pin the minor versions", Act.RULE),
        (
            "maybe we could use the shared palette rather than the defaults, in every chart",
            Act.RULE,
        ),
        ("hmm no - dont call the api from the template", Act.RULE),
        ("We use the lifecycle-aware collector everywhere, as the file does.", Act.RULE),
        ("the staging profile is what we have used elsewhere.", Act.RULE),
        ("A note on habits: please do not run the full suite for a one-line fix.", Act.RULE),
        # ... but a suggestion asked as a question, a new task or a limit to this one is not
        ("can we use the new client instead of the old one for the export?", Act.REQUEST),
        ("perhaps we could add a chart for the second wave", Act.REQUEST),
        ("I think we ought to also drop the pilot schools", Act.REQUEST),  # a verb not listed
        ("no photo upload for now", Act.REQUEST),
    ],
)
def test_a_correction_in_a_careful_voice_is_a_lesson(prompt: str, act: Act) -> None:
    said = classify(prompt, previous=_DONE)
    assert [s.act for s in said.sentences] == [act], said.sentences


def test_a_judged_demonstrative_needs_a_turn_before() -> None:
    # with nothing said before it, "that" names nothing the assistant did
    assert not classify("I'm afraid that is not how we add libraries in this repo.").is_lesson
    assert not classify("Could we go back to the makefile target, please?").is_lesson


def test_what_was_pasted_is_not_the_users_saying() -> None:
    prompt = (
        "The linter is unhappy, in case it helps:\n```\nsrc/app.py:14:3: E501 line too long "
        "(the limit should be 100)\n```\nthe config lives in ruff.toml"
    )
    said = classify(prompt)
    assert [s.act for s in said.sentences] == [Act.CHATTER, Act.CHATTER, Act.STATEMENT]
    assert said.statements() == ["the config lives in ruff.toml"]
    # a diagnostic line without a fence is pasted too
    bare = classify("lib/x.kt:31:58: This expression contains a magic number.")
    assert bare.sentences[0].cues == ("pasted",) and bare.statements() == []


def test_a_wish_about_a_thing_is_asked_for() -> None:
    assert classify("the footer links should open in a new tab").acts == (Act.REQUEST,)
    assert classify("Medium can stay grey.").acts == (Act.REQUEST,)


def test_program_output_pasted_without_a_fence_is_not_the_users_saying() -> None:
    prompt = (
        "the importer crashed overnight, any idea why?\n\n"
        "2031-02-03T04:05:06Z WARN worker-2 retrying batch 7\n"
        "Unhandled error in the importer job.\n"
        "  at Importer.load(importer.py:88)\n"
        "  at Worker.run(worker.py:12)\n\n"
        "the queue is rabbitmq on port 5672"
    )
    said = classify(prompt)
    assert [s.cues for s in said.sentences if s.act is Act.CHATTER] == [("pasted",)]
    assert said.statements() == ["the queue is rabbitmq on port 5672"]
    # a console session and its table; the line between two pasted blocks is pasted too
    console = "got this, is it fine?\n\n> summary(fit)\n   n  mean\n  40  3.1\n\nAll chains converged.\n\n------  ----\n12.4    0.2"
    said = classify(console)
    assert said.statements() == []
    assert sum("pasted" in s.cues for s in said.sentences) == 3
    # one paragraph (a dictated run-on, a list) is the user's own
    said = classify("okay so the api lives in services/api and it runs on port 8080")
    assert said.sentences[0].act is Act.STATEMENT


def test_an_article_dropped_before_a_compound_subject_is_no_imperative() -> None:
    # "release note must ..." is the subject of a modal, not "release" said as a verb
    said = classify("Release note must name the ticket, for example OPS-77.")
    assert said.acts == (Act.STATEMENT,)
    assert classify("check it is green").acts == (Act.REQUEST,)
    # a "must" that pins a value down is how the project is; a wish stays asked for
    assert classify("the tag must start with v, like v2.1.0").acts == (Act.STATEMENT,)
    assert classify("the footer links must open in a new tab").acts == (Act.REQUEST,)


def test_only_after_a_copula_means_merely() -> None:
    assert not classify("It is only a warning; please fix it when you can.").is_lesson
    assert classify("deploy only from the release branch").is_lesson


def test_a_phrase_of_place_before_an_order_keeps_it_an_order() -> None:
    # "in the invoice view add ..." asks as "add ..." does; a subject, a verb after an
    # article (a noun) or an auxiliary keep the sentence a statement
    assert classify("in the invoice view add a column for the tax id").acts == (Act.REQUEST,)
    assert classify("for the import script use the streaming parser").acts == (Act.REQUEST,)
    assert classify("in staging we keep two workers").acts == (Act.STATEMENT,)
    assert classify("in the test suite fixtures are built by factories").acts == (Act.STATEMENT,)
    assert classify("on mondays report mails go out at 7").acts == (Act.STATEMENT,)


def test_what_someone_else_is_doing_now_beside_an_ask_is_a_report() -> None:
    # the progressive with another subject reports the moment, its value included; the
    # speaker's own change, or a thing said to be moving to a value, holds beyond it
    assert not durable_beside_ask("the quote for the north region is coming out high, R$ 190.")
    assert not durable_beside_ask("a customer is complaining, his basket was R$ 230.")
    assert durable_beside_ask("the API is moving to https://api.example.org/v3/ next month")
    assert durable_beside_ask("we are moving the db to port 5544")
    assert durable_beside_ask("the board decided: the launch moves to 14 May, we slipped")
    assert durable_beside_ask("the worker listens on port 7070")


def test_the_speakers_own_switch_beside_an_ask_holds() -> None:
    assert durable_beside_ask("Stripe froze our account again, so we are moving to Paddle.")
    assert durable_beside_ask("the old sdk is dead so im switching to Mixpanel")
    assert not durable_beside_ask("we are moving to the next screen")
    # another's words told on, in the present, are a report of the moment
    assert not durable_beside_ask("a tester says the score reset after 2.1.0")


def test_a_plan_of_the_speakers_is_no_fact() -> None:
    said = classify("can we add tracing? I'll put the key in the env as OTEL_KEY")
    assert said.statements() == []
    assert classify("I'll be off from the 4th to the 9th").statements()


def test_a_phrase_of_place_ended_by_the_verb_of_the_order() -> None:
    assert classify("On settings page add a Delete account button").has(Act.REQUEST)
    assert classify("in the footer of page put a small logo").has(Act.REQUEST)
    assert not classify("on fridays report mails go out").has(Act.REQUEST)


def test_a_question_about_a_thing_or_the_speakers_choice_corrects_nothing() -> None:
    previous = "I changed the parser and ran the tests; two fail."
    assert not classify("Is the parser wrong or the fixture?", previous=previous).is_lesson
    assert classify("is that wrong?", previous=previous).is_lesson
    assert not classify(
        "can I just use a regex instead of the parser here?", previous=previous
    ).is_lesson
