"""A prompt's sentences where structure leaves them open (remem.write.acts with
remem.write.act_meaning): a statement and an ask in one sentence, a statement asked
back for agreement, and the embedding model's reading, here a stand-in reader with
fixed scores (the bundled model's margins are measured by bench/utterances.py)."""

from __future__ import annotations

import pytest

from remem.config import Config
from remem.providers.registry import get_embedder
from remem.write.act_meaning import ActScores, act_meaning, reader
from remem.write.acts import Act, classify

STANDING = ActScores(request=0.3, statement=0.3, standing=0.6)
TASK = ActScores(request=0.6, statement=0.3, standing=0.3)
FACT = ActScores(request=0.2, statement=0.6, standing=0.2)


def acts(text: str, **kw: object) -> list[Act]:
    return [s.act for s in classify(text, **kw).sentences]  # type: ignore[arg-type]


def test_a_statement_then_an_ask_in_one_sentence_is_both() -> None:
    said = classify("my mum turns 70 on 14 March, help me plan a surprise")
    assert [s.act for s in said.sentences] == [Act.STATEMENT, Act.REQUEST]
    assert said.statements() == ["my mum turns 70 on 14 March"]
    said = classify("the staging db runs on 5433; point the app at it")
    assert said.statements() == ["the staging db runs on 5433"]
    # a topic before the ask is no statement of its own; nor a condition
    assert acts("the settings page — move it under /account") == [Act.REQUEST]
    assert acts("if the build is red, ping me") == [Act.REQUEST]


def test_a_statement_asked_back_for_agreement_is_a_statement() -> None:
    assert acts("we use poetry, right? so use poetry")[0] is Act.STATEMENT
    said = classify("You know our python is 3.12 now? so can the ci matrix drop 3.10")
    assert said.sentences[0].act is Act.STATEMENT
    assert acts("is the cache warm?") == [Act.QUESTION]


def test_the_embedding_reads_how_to_work_as_a_rule() -> None:
    for text in ("keep answers short", "I prefer you ask before installing packages."):
        assert classify(text, meaning=lambda _: STANDING).is_lesson, text
        assert not classify(text, meaning=lambda _: TASK).is_lesson, text
    # what the project is, with its versions, is no instruction however it reads
    intro = "this is our data repo, Airflow 2.8.1 with the astro cli, dbt 1.7 on Snowflake"
    assert not classify(intro, meaning=lambda _: STANDING).is_lesson
    # a clear task stays one unless the margin for an imperative is met
    said = classify(
        "keep answers short", meaning=lambda _: STANDING, imperative_standing_margin=0.5
    )
    assert said.sentences[0].act is Act.REQUEST


def test_the_embedding_reads_a_verb_the_list_does_not_know() -> None:
    assert acts("tweak the prompt so it stops hallucinating ids") == [Act.STATEMENT]
    assert acts("tweak the prompt so it stops hallucinating ids", meaning=lambda _: TASK) == [
        Act.REQUEST
    ]
    # a subject before its verb is no open head: a statement stays one
    assert acts("logs are in loki now", meaning=lambda _: TASK) == [Act.STATEMENT]
    assert acts("slo for reads is p99 < 150ms", meaning=lambda _: TASK) == [Act.STATEMENT]


def test_a_statement_read_as_a_fact_beside_an_ask_is_kept() -> None:
    text = "I'm allergic to shellfish — can you suggest a menu for Saturday?"
    assert classify(text).statements() == []  # no value in it: the ask's context
    said = classify(text, meaning=lambda t: FACT if "allergic" in t else TASK)
    assert said.statements() == ["I'm allergic to shellfish"]


def test_no_reading_with_an_embedder_the_margins_were_not_chosen_for() -> None:
    config = Config(embedder="fake")
    embedder = get_embedder("fake", config)
    assert act_meaning(embedder, config) is None
    assert act_meaning(None, config) is None
    read = reader(embedder, config)
    assert read("keep answers short").sentences[0].act is Act.REQUEST


def test_thanks_with_an_aside_is_thanks_and_a_wish_for_you_to_act_a_request() -> None:
    assert classify("I see, thanks for explaining").session_only
    assert classify("ok cool thanks so much, you've been super helpful").session_only
    assert classify("thanks, the staging db is on port 5433").statements()
    assert acts("i'd like that you write a script which renames the photos") == [Act.REQUEST]
    assert acts("I'd need you to turn the notebook into a proper cli") == [Act.REQUEST]


def test_the_assistants_own_past_action_told_back_to_it_is_a_correction() -> None:
    said = classify("you formatted it with the defaults, we have a `.prettierrc` with tabs")
    assert said.has(Act.CORRECTION) and not said.statements()
    assert classify("the sheet uses the net figure not gross, you mixed them").is_lesson
    assert not classify("the sheet uses the net figure").is_lesson


def test_a_request_said_as_a_statement_is_a_request() -> None:
    # the speaker wanting a thing or a state is work asked for
    for text in (
        "I want a double jump of 2 tiles.",
        "Now I would like that the eval script outputs also the IoU per class.",
        "we'd love the onboarding screens in dark mode too",
    ):
        assert acts(text) == [Act.REQUEST], text
        assert classify(text).statements() == [], text
    assert acts("I wanted a bigger flat but the cheaper one won") == [Act.STATEMENT]
    # a modal of obligation on a thing: asked for, when the reading does not say a fact
    text = "the error messages on the signup form should be inline not in a toast"
    assert acts(text) == [Act.REQUEST]
    assert acts(text, meaning=lambda _: TASK) == [Act.REQUEST]
    assert acts(text, meaning=lambda _: FACT) == [Act.STATEMENT]
    # ... not before a subordinate clause, nor with the speaker as its subject
    assert acts("the orders table has 1.2B rows so anything touching it needs to be batched") == [
        Act.STATEMENT
    ]


def test_a_question_without_its_mark_and_a_fragment_are_not_facts() -> None:
    text = "So like how does the ISA allowance work if I open two different ones in the same year"
    assert acts(text) == [Act.QUESTION]
    assert acts("quick question if I put the roast in at 2 when do I need to add potatoes") == [
        Act.QUESTION
    ]
    assert acts("clippy + tests") == [Act.CHATTER]  # two words and a sign
    # "ok?" inside "look?" is no tag asking for agreement
    said = classify("The streak counter seems off by one in the evenings, could you have a look?")
    assert said.statements() == []
    assert "tag-question" not in [c for s in said.sentences for c in s.cues]


def test_a_polite_ask_said_as_a_question_is_for_now() -> None:
    # the reading alone does not make "could you ...?" how to work from now on
    assert acts("Perfect. Could you commit everything?", meaning=lambda _: STANDING)[-1] is (
        Act.REQUEST
    )
    assert acts("commit everything", meaning=lambda _: STANDING) == [Act.RULE]
    # a standing cue still does
    assert classify("could you always run swiftlint before committing?").is_lesson


def test_a_short_phrase_without_a_verb_is_a_terse_ask_unless_it_reads_as_a_fact() -> None:
    assert acts("0.9.1 patch release", meaning=lambda _: TASK) == [Act.REQUEST]
    assert acts("0.9.1 patch release", meaning=lambda _: STANDING) == [Act.REQUEST]
    assert acts("Postgres 16 on port 5433", meaning=lambda _: FACT) == [Act.STATEMENT]
    # an assignment, a verb form, or no reading: structure keeps the statement
    leaning = ActScores(request=0.35, statement=0.3, standing=0.3)  # under the margins
    assert acts("0.9.1 patch release", meaning=lambda _: leaning) == [Act.REQUEST]
    assert acts("staging = namespace ledger-stg", meaning=lambda _: leaning) == [Act.STATEMENT]
    assert acts("the beta got delayed", meaning=lambda _: leaning) == [Act.STATEMENT]
    assert acts("Local we must update also.", meaning=lambda _: leaning) == [Act.STATEMENT]
    assert acts("0.9.1 patch release") == [Act.STATEMENT]


def test_an_obligation_after_a_condition_is_how_the_system_is_set_up() -> None:
    text = "If it fails it should alert in Slack channel #data-alerts."
    assert acts(text, meaning=lambda _: TASK) == [Act.STATEMENT]
    assert acts("the nightly export should be gzipped", meaning=lambda _: TASK) == [Act.REQUEST]


def test_a_statement_said_in_passing_is_no_fact_candidate() -> None:
    passing = ActScores(request=0.2, statement=0.6, standing=0.2, durable=-3.0)
    durable = ActScores(request=0.2, statement=0.6, standing=0.2, durable=1.0)
    text = "my laptop battery died twice today"
    said = classify(text, meaning=lambda _: passing, durable_min=-1.0)
    assert said.statements() == [] and said.session_only
    assert "passing" in said.sentences[0].cues
    assert classify(text, meaning=lambda _: durable, durable_min=-1.0).statements() == [text]
    # off (None), or no model for the embedder (durable None): structure decides
    assert classify(text, meaning=lambda _: passing).statements() == [text]
    assert classify(text, meaning=lambda _: FACT, durable_min=-1.0).statements() == [text]
    # only a statement is scored: a remember request is kept whatever it scores
    kept = classify(
        "remember that the spare key is under the blue pot",
        meaning=lambda _: passing,
        durable_min=-1.0,
    )
    assert kept.statements()


def test_the_bundled_model_tells_a_durable_fact_from_a_passing_remark() -> None:
    pytest.importorskip("onnxruntime")
    config = Config()
    read = reader(get_embedder("onnx-minilm", config), config)
    for text in ("the billing worker runs on port 9090", "we publish the site with Hugo"):
        assert read(text).statements() == [text], text
    for text in ("wow this afternoon flew by", "the build felt so slow today lol"):
        assert read(text).statements() == [], text


def test_a_rule_by_nearness_alone_needs_no_ask_beside_it_and_the_prompts_agreement() -> None:
    pytest.importorskip("onnxruntime")
    config = Config()
    embedder = get_embedder("onnx-minilm", config)
    meaning = act_meaning(embedder, config)
    read = reader(embedder, config)
    for text in (
        # beside an ask, a statement is what the ask is about
        "Can you plot revenue against month? It should be figure 5.",
        "How do I rename a branch? The team wants tidy names in the repo.",
        # alone, the whole prompt's lesson score does not bear the reading out
        "hahaha that's hilarious",
    ):
        # the sentence alone is near the standing instructions ...
        assert classify(text, meaning=meaning).is_lesson, text
        # ... the prompt read whole is no lesson
        assert not read(text).is_lesson, text
    for text in ("I prefer you ask before installing packages.", "keep answers short"):
        assert read(text).is_lesson, text
    # the check off: a rule by nearness stands alone (not beside an ask)
    off = reader(embedder, config.model_copy(update={"act_standing_prompt_min": None}))
    assert off("hahaha that's hilarious").is_lesson
