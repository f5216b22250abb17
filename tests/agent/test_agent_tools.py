"""Before and after a tool call: lessons learned from corrections come back before the
call they are about, reminders wait for their condition, calls are recorded as the
session's actions. A real store, the fake embedder, a fake clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from remem import Memory, MemoryAgent
from remem.agent.context import REMINDERS

T0 = datetime(2026, 2, 2, 9, 0, tzinfo=UTC)


def _agent(mem: Memory) -> MemoryAgent:
    return MemoryAgent(mem, user_id="maya", namespace="shop")


def test_a_correction_of_the_last_command_comes_back_before_the_next_one(mem: Memory) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    agent.observe("s1", "user", "add a sent_at field to orders", now=T0)
    agent.after_tool(
        "s1", "Bash", {"command": "uv run python manage.py makemigrations orders"}, now=T0
    )
    agent.observe("s1", "assistant", "Added the field; migration 0014_auto created.", now=T0)
    said = agent.observe("s1", "user", "you did it again, name it", now=T0 + timedelta(minutes=1))
    assert said.lesson is not None
    lesson = mem.get(said.lesson, user_id="maya", namespace="shop").content
    assert "makemigrations" in lesson  # the subject came from the turn it corrects
    agent.observe("s1", "user", "never use pip in this repo, uv for everything", now=T0)
    agent.end_session("s1", now=T0 + timedelta(hours=1))

    later = T0 + timedelta(days=3)
    start = agent.start_session("s2", now=later)
    assert "## Lessons" in start.text and "makemigrations" in start.text
    before = agent.before_tool(
        "s2", "Bash", {"command": "uv run python manage.py makemigrations carts"}, now=later
    )
    assert "makemigrations" in before.text and "pip" not in before.text
    assert "pip" in agent.before_tool("s2", "Bash", {"command": "pip install rich"}, now=later).text
    unrelated = agent.before_tool("s2", "Read", {"file_path": "/srv/shop/README.md"}, now=later)
    assert unrelated.text == ""


def test_a_reminder_waits_for_its_condition_and_comes_back_whole(mem: Memory) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    asked = "remind me to drop the value_parser workaround in cli.rs when clap 4.6 is out"
    seen = agent.observe("s1", "user", asked, now=T0)
    assert len(seen.triggers) == 1
    day = T0 + timedelta(days=20)
    agent.start_session("s2", now=day)
    assert REMINDERS not in agent.recall("s2", "clap 4.5.2 fixed the help text", now=day).text
    told = agent.recall("s2", "cargo outdated says clap 4.6.0 is out", now=day).text
    assert REMINDERS in told and asked in told  # the whole reminder, version dots and all
    again = agent.recall("s2", "clap 4.6.0 again", now=day + timedelta(minutes=1)).text
    assert asked not in again  # once


def test_a_touch_reminder_fires_before_the_tool_call_of_a_later_session(mem: Memory) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    asked = "remind me to flip SESSION_COOKIE_SAMESITE next time we touch settings/production.py"
    agent.observe("s1", "user", asked, now=T0)
    path = {"file_path": "/home/maya/shop/shop/settings/production.py"}
    assert agent.before_tool("s1", "Read", path, now=T0 + timedelta(minutes=1)).text == ""
    later = T0 + timedelta(days=5)
    agent.start_session("s2", now=later)
    # a prompt that names the file is not the call that touches it: the reminder waits
    prompt = "tidy the logging block in settings/production.py"
    assert REMINDERS not in agent.recall("s2", prompt, now=later).text
    assert asked in agent.before_tool("s2", "Read", path, now=later).text


def test_a_rust_macro_does_not_cut_a_reminder_in_half(mem: Memory) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    asked = "remind me: when clap 4.6 is out, drop the value_parser! workaround in cli.rs"
    agent.observe("s1", "user", asked, now=T0)
    day = T0 + timedelta(days=9)
    agent.start_session("s2", now=day)
    told = agent.recall("s2", "cargo outdated says clap 4.6.0 is out", now=day).text
    assert asked in told


def test_tool_calls_are_recorded_as_the_sessions_actions(mem: Memory) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    agent.after_tool("s1", "Bash", {"command": "pytest -q"}, error="Exit code 1", now=T0)
    agent.after_tool("s1", "Bash", {"command": "pytest -q"}, result={"stdout": "3 passed"}, now=T0)
    calls = [c for p in mem.store.list_checkpoints("s1", agent.scope) for c in p.tool_calls]
    assert [("error" in c, c["input"]["command"]) for c in calls] == [
        (True, "pytest -q"),
        (False, "pytest -q"),
    ]


def test_a_lesson_said_again_and_a_shared_identifier_part_do_not_crowd_out_the_rule() -> None:
    from remem.agent.tools import matching

    lessons = [
        ("plan", "Always plan -out and apply that saved plan file, never a bare terraform apply."),
        ("again", "That was a bare apply again: plan -out, then apply the file, every time."),
        ("fmt", "Run terraform fmt before you show me a diff of envs/staging/eks.tf."),
        ("ami", "Don't hardcode ami ids, use data aws_ami with the owner filter."),
        ("prod", "Prod never from here: prod only goes through atlantis via pr comments."),
        ("push", "Before you git push always run tflint and checkov."),
    ]
    call = {"command": "cd envs/prod && AWS_PROFILE=acme-prod terraform plan -out=tfplan"}
    kw = {"min_score": 2.0, "prior": 10.0, "limit": 3}
    before = matching(lessons, "Bash", call, part_weight=1.0, redundant_share=1.0, **kw)
    assert [m.ref for m in before][:2] == ["plan", "again"] and "prod" not in [
        m.ref for m in before
    ]
    found = matching(lessons, "Bash", call, part_weight=0.5, redundant_share=0.75, **kw)
    refs = [m.ref for m in found]
    assert refs[0] == "plan" and "again" not in refs  # it says "plan" again
    assert "prod" in refs and "ami" not in refs  # aws of AWS_PROFILE is not aws_ami's
    # a lesson that only shares a part of an identifier still applies when it names it
    solo = matching([("aws", "Never use the default aws profile.")], "Bash", call, **kw)
    assert [m.ref for m in solo] == ["aws"]


def test_the_lesson_naming_the_task_beats_those_sharing_only_its_wrapper_and_module() -> None:
    from remem.agent.tools import matching

    lessons = [
        ("hex", "Take colours from the theme when running `./gradlew :app:testDebugUnitTest`."),
        ("mig", "Write an explicit migration when running `./gradlew :app:assembleDebug`."),
        ("full", "Please do not run ./gradlew test; ./gradlew :app:testDebugUnitTest is enough."),
        ("shots", "Only ever run verifyPaparazziDebug; recordPaparazziDebug is mine to run."),
        ("push", "Before you git push always run the linter."),
        ("deps", "Every version lives in gradle/libs.versions.toml."),
    ]
    call = {"command": "./gradlew :app:recordPaparazziDebug"}
    found = matching(lessons, "Bash", call, min_score=2.0, prior=10.0, limit=3)
    # "./gradlew" is one name, not a path and its file; ":app" is the task's module
    assert found and found[0].ref == "shots", [(m.ref, m.score) for m in found]


def test_a_reminder_keeps_its_action_out_of_its_condition_and_its_titles_whole(
    mem: Memory,
) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    bump = "remind me when htmx 2.1 is out to rip out the polling js in cart.html"
    orcid = "remind me to add the ORCID iD for Dr. Brandt to the author block next time we're in paper.yml"
    for asked in (bump, orcid):
        agent.observe("s1", "user", asked, now=T0)
    day = T0 + timedelta(days=9)
    agent.start_session("s2", now=day)
    # the condition is "htmx 2.1 is out", not the files the action names; a package's
    # path names it ("bigskysoftware/htmx")
    said = "npm outdated says bigskysoftware/htmx 2.1.0 available"
    assert bump in agent.recall("s2", said, now=day).text
    # being in a file is working on it: the prompt naming it does not fire it, the edit does
    assert REMINDERS not in agent.recall("s2", "what is in paper.yml?", now=day).text
    edit = {"file_path": "/home/ana/paper/paper.yml", "old_string": "a", "new_string": "b"}
    assert orcid in agent.before_tool("s2", "Edit", edit, now=day).text  # "Dr." cut nothing


def test_a_reminder_is_its_whole_sentence_and_what_follows_a_bare_condition(mem: Memory) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    # a dash inside the sentence cuts nothing off: the action after it stays
    dashed = "could you remind me — next time we open templates/invoice.html — to swap the logo for the svg?"
    # "remind me when X" names only its condition: what it is for follows it
    bare = "Can you remind me when pydantic 2.9 is out?"
    why = "It should fix the alias bug in our schemas, and I'd like to drop the shim then."
    agent.observe("s1", "user", f"{dashed} Not today though.", now=T0)
    agent.observe("s1", "user", f"Oh! {bare} {why}\n\nAlso, run the linter?", now=T0)
    day = T0 + timedelta(days=6)
    agent.start_session("s2", now=day)
    edit = {"file_path": "/srv/shop/templates/invoice.html", "old_string": "a", "new_string": "b"}
    assert dashed in agent.before_tool("s2", "Edit", edit, now=day).text
    told = agent.recall("s2", "pip says pydantic 2.9.1 is out", now=day).text
    assert f"{bare} {why}" in told and "linter" not in told


def test_a_day_said_after_a_conditional_reminder_leaves_its_condition(mem: Memory) -> None:
    agent = _agent(mem)
    agent.start_session("s1", now=T0)
    asked = "next time we're in config/mail.php remind me that ana has new smtp creds coming (the host moved). she sends them end of month"
    agent.observe("s1", "user", asked, now=T0)
    day = T0 + timedelta(days=40)  # past the end of the month: it waits for the file
    agent.start_session("s2", now=day)
    edit = {"file_path": "/srv/app/config/mail.php", "old_string": "a", "new_string": "b"}
    assert "ana has new smtp creds coming" in agent.before_tool("s2", "Edit", edit, now=day).text
