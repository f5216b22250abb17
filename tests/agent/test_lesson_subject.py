"""A correction that names nothing takes its subject from the turn it answers: the
reply, the code the turn's edits added, the action (remem.agent.lesson_subject)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from remem.agent import MemoryAgent
from remem.agent.dialogue import lesson_text
from remem.agent.lesson_subject import lesson_subject, subject_words
from remem.agent.lessons import draft_lesson
from remem.memory import Memory
from remem.write.acts import Act, classify

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

EDIT = {
    "name": "Edit",
    "input": {
        "file_path": "src/cart/totals.ts",
        "old_string": "const total = sum(items);",
        "new_string": "const total = sum(items);\nconst rounded = Math.round(total * 100) / 100;",
    },
}
CHECK = {"name": "Bash", "input": {"command": "npm run typecheck"}}


def test_words_split_identifiers_at_case_changes() -> None:
    assert {"round", "total"} <= subject_words("roundTotal")
    assert "set" in subject_words("setTimeout") and "timeout" in subject_words("set timeout")


def test_the_edit_is_the_subject_not_the_check_after_it() -> None:
    found = lesson_subject(
        "no not like that, money is never a float here",
        replies=("Rounded the cart total to cents with `Math.round`.",),
        calls=(EDIT, CHECK),
        actions=("Edit: src/cart/totals.ts", "Bash: npm run typecheck"),
    )
    assert found.action == "Edit: src/cart/totals.ts"
    assert "Math.round" in found.excerpt


def test_an_added_line_the_correction_names_is_kept() -> None:
    found = lesson_subject(
        "we never round totals in the client",
        replies=(),
        calls=(EDIT,),
        actions=("Edit: src/cart/totals.ts",),
    )
    assert "Math.round(total * 100)" in found.excerpt and found.shared


def test_a_failed_call_the_action_worked_around_is_named() -> None:
    failed = {"name": "Bash", "input": {"command": "make codegen"}, "error": "exit 2"}
    write = {"name": "Write", "input": {"file_path": "gen/api_client.py", "content": "x = 1"}}
    found = lesson_subject(
        "ugh not that one",
        replies=(),
        calls=(failed, write),
        actions=("Bash: make codegen", "Write: gen/api_client.py"),
    )
    assert found.action == "Write: gen/api_client.py"
    assert "make codegen" in found.excerpt and "failed" in found.excerpt


def test_an_unnamed_correction_after_an_edit_keeps_the_reply(
    mem: Memory, agent: MemoryAgent
) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "show the cart total with cents", now=T0)
    agent.after_tool("s1", "Edit", EDIT["input"], now=T0)
    agent.after_tool("s1", "Bash", CHECK["input"], now=T0)
    agent.observe("s1", "assistant", "Rounded the total with `Math.round` in totals.ts.", now=T0)
    seen = agent.observe(
        "s1", "user", "no, not like that. you did it again", now=T0 + timedelta(minutes=1)
    )
    assert seen.lesson is not None
    lesson = mem.get(seen.lesson, user_id="maya", agent_id="coder").content
    assert "editing src/cart/totals.ts" in lesson and "Math.round" in lesson


def test_an_operator_and_a_dotted_path_survive_the_lesson() -> None:
    assert draft_lesson("Please no !! in our code.").text.startswith("No !! in our code")
    assert "./mvnw" in draft_lesson("please always ./mvnw, not the system maven").text
    assert draft_lesson("no, .npmrc stays local").text == ".npmrc stays local."


def test_a_directive_pointing_back_keeps_the_sentence_it_points_at() -> None:
    said = (
        "Our release manager insists that every dependency goes in through the lock "
        "tool and then gets audited, so the lockfile and the audit log always agree "
        "with each other. Please always do it that way."
    )
    text = draft_lesson(said).text
    assert "lock tool" in text and text.endswith("Always do it that way.")


def test_please_no_before_a_noun_is_a_rule() -> None:
    said = classify("please no wildcard imports in our modules.", previous="Added the import.")
    assert said.sentences[0].act is Act.RULE
    said = classify("Please no !! in our code. The linter complains.", previous="Added it.")
    assert said.sentences[0].text == "Please no !! in our code."


def test_an_aside_before_the_lesson_is_its_subject() -> None:
    said = classify(
        "Thanks! Sorry, no — it's the other branch, the one we agreed on. "
        "Always branch from that one from now on.",
        previous="Created the branch from main.",
    )
    assert said.is_lesson
    assert "other branch" in lesson_text(said)


def test_a_tool_call_is_matched_against_the_lesson_not_the_turn_it_answered(
    mem: Memory, agent: MemoryAgent
) -> None:
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "show the cart total with cents", now=T0)
    agent.after_tool("s1", "Edit", EDIT["input"], now=T0)
    reply = "Rounded it in totals.ts; the reconciler cron re-reads it nightly."
    agent.observe("s1", "assistant", reply, now=T0)
    seen = agent.observe("s1", "user", "no, not like that again", now=T0 + timedelta(minutes=1))
    assert seen.lesson is not None
    assert "reconciler" in mem.get(seen.lesson, user_id="maya", agent_id="coder").content
    # the reply's words ("reconciler", "nightly") are not what the lesson is about
    shown = agent.before_tool("s1", "Bash", {"command": "reconciler --nightly cron"}, now=T0)
    assert "not like that" not in shown.text.lower()
    shown = agent.before_tool("s1", "Edit", {"file_path": "src/cart/totals.ts"}, now=T0)
    assert "not like that" in shown.text.lower() and "reconciler" not in shown.text
