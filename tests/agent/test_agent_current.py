"""Lines that hold a value a newer statement replaced (remem.agent.current): an ending
said as under way or with an object between the verb and what is left, a value called
"old", and an update said earlier in the same session, not yet a memory."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from remem.agent import MemoryAgent
from remem.agent.current import current, family_changed, named_left, since_changed, values
from remem.memory import Memory

T0 = datetime(2025, 6, 2, 9, 0, tzinfo=UTC)


def test_an_ending_under_way_or_past_an_object_names_what_is_left() -> None:
    older = "Succeeded at: wire the checkout to Stripe, cards and SEPA debit (outcome 1.00)."
    assert "stripe" in named_left(older, "We are leaving Stripe, Adyen takes the cards soon.")
    docs = "The docs site builds on Netlify, site name docs-prod."
    assert "netlify" in named_left(docs, "We moved the docs off Netlify; Cloudflare serves them.")
    # the older itself saying it left is no update of it by the same news
    assert named_left("We are leaving Stripe.", "Task: we are leaving Stripe, start today") == set()


def test_a_value_called_old_marks_from_the_sentence_that_gives_the_new(mem: Memory) -> None:
    mem.config.agent_replaced_min_cosine = 0.99  # no nearness: the cue alone decides
    older = "Succeeded at: boot the api VM from base image 4100 on host hv2 (outcome 0.80)."
    newer = "Images again. I baked a new base image on hv2, id 4300. the old 4100 one is gone."
    records = []
    for text, day in ((older, 0), (newer, 6)):
        (record,) = mem.add(text, user_id="maya", agent_id="coder", infer=False,
                            valid_from=T0 + timedelta(days=day))  # fmt: skip
        records.append(record)
    (line, _) = current(records, mem.store, mem.config, mark_only=True)
    assert "(since changed: I baked a new base image on hv2, id 4300." in line.content
    # a plain noun after "old" names no value
    assert named_left("We do it the old way with cron.", "Not the old way, use timers.") == set()


def test_an_update_said_earlier_in_the_session_marks_a_recalled_line(mem: Memory) -> None:
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    mem.add("The nightly export writes its files to the bucket exports-old-7.", user_id="maya",
            agent_id="coder", infer=False, valid_from=T0)  # fmt: skip
    now = T0 + timedelta(days=20)
    agent.observe("s2", "user", "We moved the nightly export off exports-old-7, it writes to "
                  "the bucket archive-main now.", now=now)  # fmt: skip
    context = agent.recall("s2", "the nightly export bucket", now=now + timedelta(minutes=5))
    line = next(x for x in context.text.splitlines() if x.startswith("~ The nightly export"))
    assert "(since changed: " in line and "archive-main" in line, context.text


def test_a_lesson_quoting_a_value_a_later_session_changed_is_marked_at_the_start(
    mem: Memory,
) -> None:
    mem.config.agent_replaced_min_cosine = 0.0  # nearness alone never marks a lesson
    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    agent.correct("Don't hard-code the cutoff, read it from config", session_id="s0",
                  subject="the banner says orders close at 14:00", now=T0)  # fmt: skip
    agent.correct("No, never run the seeder on staging", session_id="s0", now=T0)
    mem.add("The card runs out on Friday, 3 days left.", user_id="maya", agent_id="coder",
            infer=False, session_id="s2", valid_from=T0 + timedelta(days=8))  # fmt: skip
    mem.add("Orders close at 12:30 from today, not 14:00 anymore.", user_id="maya",
            agent_id="coder", infer=False, session_id="s3",
            valid_from=T0 + timedelta(days=9))  # fmt: skip
    start = agent.start_session("s4", now=T0 + timedelta(days=10))
    lessons = next(p for p in start.context.parts if p.label == "## Lessons")
    (line,) = [x for x in lessons.lines if "14:00" in x]
    assert "(since changed: Orders close at 12:30 from today" in line, lessons.lines
    # a lesson is never marked by another lesson, nor by a near memory's other number
    (other,) = [x for x in lessons.lines if "seeder" in x]
    assert "since changed" not in other
    assert "runs out" not in line


def test_a_version_with_a_build_suffix_is_one_value() -> None:
    assert values("the editor is 2021.3.45f1 on every machine") == {"version": {"2021.3.45f1"}}
    assert values("pinned the sdk at 4.2.0rc3") == {"version": {"4.2.0rc3"}}
    # a unit after a decimal is no suffix
    assert values("a 3.5mm jack") == {"version": {"3.5"}}


def test_a_name_given_a_new_version_by_a_change_or_a_new_major() -> None:
    # markup around the value, and the version past the "to" of a change
    older = "(In answer to: This repo pins Chakra **2.8.1** for the modal.)"
    assert family_changed(older, "I upgraded Chakra to 3.1.0 on the ui branch.")
    # a plain major after the name, against a full version of it
    assert family_changed("godot 4.2.2, the mobile renderer", "MOVED TO GODOT 5 at last")
    assert not family_changed("godot 4.2.2 everywhere", "godot 4 docs are fine")
    assert not family_changed("redis on port 6379", "moved to port 6380")


def test_replace_names_what_is_left() -> None:
    older = "Task: hook the checkout to a Paddle payment link for the total."
    assert "paddle" in named_left(older, "Please replace the Paddle checkout code with Lemon.")
    assert "mailer" in named_left("The Mailer class sends via smtp.", "replace the old Mailer")


def test_the_mark_of_a_line_a_block_builds_from_a_record(mem: Memory) -> None:
    mem.config.agent_replaced_min_cosine = 0.99  # no nearness: the cue alone decides
    older = "Task: wire the invoice page to a Paddle payment link for the total."
    newer = "Paddle refused us. Please replace the Paddle link code with Lemon links."
    records = []
    for text, day in ((older, 0), (newer, 6)):
        (record,) = mem.add(text, user_id="maya", agent_id="coder", infer=False,
                            valid_from=T0 + timedelta(days=day))  # fmt: skip
        records.append(record)
    marks = since_changed(records[:1], mem.store, mem.config, pool=records[1:])
    assert marks == {
        records[0].id: "(since changed: Please replace the Paddle link code with Lemon links.)"
    }
    assert since_changed(records[1:], mem.store, mem.config, pool=records[:1]) == {}


def test_an_episodes_label_is_no_part_of_the_mark(mem: Memory) -> None:
    mem.config.agent_replaced_min_cosine = 0.99
    older = "Succeeded at: deploy staging on Fly with flyctl deploy (outcome 1.00)."
    newer = "Succeeded at: we moved staging off Fly over the weekend, it runs on Coolify now."
    records = []
    for text, day in ((older, 0), (newer, 6)):
        (record,) = mem.add(text, user_id="maya", agent_id="coder", infer=False,
                            valid_from=T0 + timedelta(days=day))  # fmt: skip
        records.append(record)
    (mark,) = since_changed(records[:1], mem.store, mem.config, pool=records[1:]).values()
    assert mark.startswith("(since changed: we moved staging off Fly")
