"""A correction by example (remem.write.act_example): "No. Like this:" and a fenced
block after the assistant's turn is a correction, its lesson keeps the code, and of the
turn it keeps the code the example replaces, not the reply's prose."""

from __future__ import annotations

from remem.agent.dialogue import PreviousTurn, lesson_text
from remem.agent.lesson_subject import lesson_context
from remem.agent.lessons import draft_lesson
from remem.write.act_example import CUE, by_example, example_text
from remem.write.act_sentence import Act
from remem.write.acts import classify

TURN = "Added the retry loop to fetch_orders() with time.sleep(2) between tries."
SHOWN = (
    "No. Like this:\n\n```python\n@retry(wait=wait_exponential(max=30))\ndef fetch_orders():\n```"
)


def test_like_this_and_a_block_after_a_turn_is_a_correction() -> None:
    said = by_example(classify(SHOWN, previous=TURN), previous=TURN)
    assert said.is_lesson
    intro, block = said.sentences[0], said.sentences[1]
    assert intro.act is Act.CORRECTION and CUE in intro.cues
    assert block.act is Act.CHATTER and CUE in block.cues


def test_no_turn_no_block_or_a_longer_ask_is_no_example() -> None:
    assert not by_example(classify(SHOWN), previous=None).is_lesson
    inline = "Like this: ORD-2027/00012, the year and five digits."
    assert not by_example(classify(inline, previous=TURN), previous=TURN).has(Act.CORRECTION)
    ask = "Now add a second endpoint for the refunds, like this:\n\n```python\ndef refunds():\n```"
    said = by_example(classify(ask, previous=TURN), previous=TURN)
    assert not any(CUE in s.cues for s in said.sentences)


def test_the_lesson_keeps_the_example_as_one_line_of_code() -> None:
    said = by_example(classify(SHOWN, previous=TURN), previous=TURN)
    text = lesson_text(said)
    assert "@retry(wait=wait_exponential(max=30)) def fetch_orders():" in text
    assert "```" not in text
    long = "```\n" + "x = 1\n" * 100 + "```"
    assert len(example_text(long, limit=50)) <= 52


def test_wrong_before_a_noun_names_what_was_wrong() -> None:
    assert draft_lesson("wrong bucket, the exports go to the eu one").text.startswith(
        "Wrong bucket"
    )
    assert draft_lesson("Wrong. The exports go to the eu one").text.startswith("The exports")


def test_the_subject_of_an_example_is_the_code_it_replaces() -> None:
    turn = PreviousTurn(
        text=TURN,
        action="Edit: orders/fetch.py",
        actions=("Edit: orders/fetch.py",),
        replies=("Added the retry loop to fetch_orders(), sleeping two seconds between tries.",),
        calls=(
            {
                "name": "Edit",
                "input": {
                    "file_path": "orders/fetch.py",
                    "old_string": "def fetch_orders():",
                    "new_string": "def fetch_orders():\n    for _ in range(RETRY_COUNT):\n        time.sleep(2)",
                },
            },
        ),
    )
    said = by_example(classify(SHOWN, previous=TURN), previous=TURN)
    context, subject = lesson_context(said, turn)
    assert context == "editing orders/fetch.py"
    assert subject is not None and "for _ in range(RETRY_COUNT):" in subject
    assert "sleeping two seconds" not in subject
