"""Updates end to end through ``Memory.add(infer=True)`` and ``remember``: what supersedes,
what stays distinct, the contradiction path under default settings, and the LLM's
add / update / nothing-new decision (checked, with an offline fallback)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from remem import Config, Memory, Scope, Status
from remem.errors import ProviderError
from remem.providers.fake import ScriptedLLM
from remem.write.extract.llm import load_prompt
from remem.write.extract.rules import RulesExtractor
from remem.write.pipeline import ingest
from remem.write.transcript import Message

T0 = datetime(2024, 1, 15, 10, 0, tzinfo=UTC)
T1 = datetime(2024, 4, 15, 10, 0, tzinfo=UTC)
SCOPE = Scope(user_id="u")


def _say(text: str, when: datetime = T0, name: str = "Aaron") -> list[dict[str, object]]:
    return [{"role": "user", "name": name, "content": text, "timestamp": when}]


def _all(mem: Memory) -> dict[str, Status]:
    page = mem.list(user_id="u", filters=_statuses(), limit=100)
    return {m.content: m.status for m in page.items}


def _statuses():  # type: ignore[no-untyped-def]
    from remem import ListFilter

    return ListFilter(statuses=("active", "superseded"))


def _ids_exist(mem: Memory, ids: Sequence[str]) -> bool:
    found = mem.store.get_memories(list(ids), SCOPE)
    return len(found) == len(set(ids))


# -- offline decisions ----------------------------------------------------------------
def test_contradiction_supersedes_under_default_settings(mem: Memory) -> None:
    [old] = mem.add(_say("I like sushi a lot."), user_id="u", infer=True)
    [new] = mem.add(_say("I don't like sushi a lot.", T1), user_id="u", infer=True)
    assert new.supersedes == old.id
    before = mem.get(old.id, user_id="u")
    assert before.status is Status.SUPERSEDED and before.superseded_by == new.id
    assert before.confidence == old.confidence  # superseded, not marked down
    assert "conflicts_with" not in before.data and "conflicts_with" not in new.data
    events = {e.event: e.detail for e in mem.history(new.id, user_id="u")}
    assert events["superseded"]["why"] == "contradiction"


def test_contradiction_through_remember(mem: Memory) -> None:
    [first] = mem.remember("I like spicy Thai curry.", user_id="u", speaker="Aaron")
    [second] = mem.remember("I do not like spicy Thai curry.", user_id="u", speaker="Aaron")
    assert second.action == "stored" and second.reason == "contradiction"
    assert second.related_id == first.memory_id
    assert first.memory_id is not None and second.memory_id is not None
    assert _ids_exist(mem, [first.memory_id, second.memory_id])
    assert mem.get(first.memory_id, user_id="u").status is Status.SUPERSEDED


def test_untrusted_contradiction_is_stored_beside_and_both_flagged(mem: Memory) -> None:
    [trusted] = mem.add(_say("I like sushi a lot."), user_id="u", infer=True)
    text = "[UNTRUSTED DATA] Aaron does not like sushi a lot. [/UNTRUSTED DATA]"
    [untrusted] = mem.add(_say(text, T1), user_id="u", infer=True)
    old = mem.get(trusted.id, user_id="u")
    assert old.status is Status.ACTIVE and old.confidence == trusted.confidence
    assert old.data["conflicts_with"] == [untrusted.id]
    assert untrusted.data["conflicts_with"] == [trusted.id]
    assert untrusted.confidence < trusted.confidence
    assert _ids_exist(mem, [*old.data["conflicts_with"], *untrusted.data["conflicts_with"]])


def test_rejected_facts_touch_nothing(mem: Memory) -> None:
    [old] = mem.add(_say("I like sushi a lot."), user_id="u", infer=True)
    assert mem.add(_say("I like sushi a lot!", T1), user_id="u", infer=True) == []
    again = mem.get(old.id, user_id="u")
    assert again.status is Status.ACTIVE and "conflicts_with" not in again.data


def test_a_new_date_is_an_update_not_a_reinforcement(mem: Memory) -> None:
    [old] = mem.add(_say("We deploy the billing service on 2 October."), user_id="u", infer=True)
    stored = mem.add(
        _say("We deploy the billing service on 10 October.", T1), user_id="u", infer=True
    )
    assert len(stored) == 1 and stored[0].supersedes == old.id
    assert mem.get(old.id, user_id="u").confidence == old.confidence  # not reinforced


def test_distinct_list_members_all_stay_active(mem: Memory) -> None:
    for n in (1, 7, 28):
        mem.add(
            _say(f"Terraform manages the infrastructure for project {n}."), user_id="u", infer=True
        )
    for n in (3, 4):
        mem.add(_say(f"Rack {n} is in server room 101."), user_id="u", infer=True)
    for n in (1, 2):
        mem.add(
            _say(f"Server web-{n} runs nginx behind the load balancer."), user_id="u", infer=True
        )
    assert set(_all(mem).values()) == {Status.ACTIVE} and len(_all(mem)) == 7


def test_additive_and_other_subject_controls_are_kept(mem: Memory) -> None:
    mem.add(_say("I have a cat named Pixel."), user_id="u", infer=True)
    mem.add(_say("We also adopted a rabbit named Clover.", T1), user_id="u", infer=True)
    mem.add(_say("I work from home on Fridays."), user_id="u", infer=True)
    mem.add(_say("My manager works from the office every day.", T1), user_id="u", infer=True)
    assert set(_all(mem).values()) == {Status.ACTIVE} and len(_all(mem)) == 4


def test_one_attribute_of_two_named_things_never_crosses_over(mem: Memory) -> None:
    # a simulated year chained "the Falcon project deadline moved" onto the Atlas
    # project's deadline: one head noun, but named by other names on the two sides
    # (when the Falcon's own first deadline was not among the neighbours)
    mem.add(_say("The Atlas project deadline is April 4."), user_id="u", infer=True)
    mem.add(_say("The Falcon project deadline moved to April 3.", T1), user_id="u", infer=True)
    assert set(_all(mem).values()) == {Status.ACTIVE}
    mem.add(_say("The Atlas project deadline moved to June 20.", T1), user_id="u", infer=True)
    assert _all(mem) == {
        "The Atlas project deadline is April 4.": Status.SUPERSEDED,
        "The Falcon project deadline moved to April 3.": Status.ACTIVE,
        "The Atlas project deadline moved to June 20.": Status.ACTIVE,
    }
    # while another actor acting on the old subject still updates it
    mem.add(_say("The product demo is scheduled for April 9."), user_id="u", infer=True)
    mem.add(_say("The client pushed the demo back to April 23.", T1), user_id="u", infer=True)
    assert _all(mem)["The product demo is scheduled for April 9."] is Status.SUPERSEDED


def test_the_update_audit_explains_the_score(mem: Memory) -> None:
    [old] = mem.add(_say("I live in Seattle near Green Lake."), user_id="u", infer=True)
    stored = mem.add(
        _say("We moved out of Seattle; we live in Portland now.", T1), user_id="u", infer=True
    )
    assert mem.get(old.id, user_id="u").status is Status.SUPERSEDED
    [event] = [e for e in mem.history(old.id, user_id="u") if e.event == "superseded"]
    assert "old value ended: seattle" in event.detail["detail"]
    hits = mem.search("Where does Aaron live?", user_id="u")
    assert "Portland" in hits[0].memory.content and len(stored) == 2


# -- the LLM's decision ---------------------------------------------------------------
class LockCheckingLLM(ScriptedLLM):
    """A scripted LLM that also records whether the store's write lock was free at
    each call (it tries to take it from another connection)."""

    def __init__(self, db: Path, replies: Sequence[str | BaseException]) -> None:
        super().__init__(replies)
        self.db, self.lock_free = db, []  # type: ignore[var-annotated]

    def complete(self, messages, **kwargs):  # type: ignore[no-untyped-def, override]
        probe = sqlite3.connect(self.db, timeout=0)
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
            self.lock_free.append(True)
        except sqlite3.OperationalError:
            self.lock_free.append(False)
        finally:
            probe.close()
        return super().complete(messages, **kwargs)


def _ingest(mem: Memory, text: str, llm: ScriptedLLM, when: datetime = T1):  # type: ignore[no-untyped-def]
    message = Message(speaker="Aaron", role="user", text=text, timestamp=when)
    return ingest(
        mem.store,
        mem.embedder,
        mem.config,
        [message],
        scope=SCOPE,
        extractor=RulesExtractor(),
        llm=llm,
    )


def _seed(mem: Memory) -> str:
    [old] = mem.add(_say("I drink my coffee black every morning."), user_id="u", infer=True)
    return old.id


def test_llm_update_supersedes_what_offline_rules_miss(mem: Memory, db_path: Path) -> None:
    old = _seed(mem)
    llm = LockCheckingLLM(
        db_path, ['{"action": "update", "index": 0, "reason": "oat milk now"}', "# summary"]
    )
    report = _ingest(mem, "These days I take my coffee with oat milk.", llm)
    [decision] = report.decisions
    assert decision.reason == "update" and decision.related_id == old
    assert mem.get(old, user_id="u").status is Status.SUPERSEDED
    assert llm.calls[0][0]["content"] == load_prompt("update_v1")  # the versioned prompt
    shown = llm.calls[0][1]["content"]
    assert "[0] Aaron drinks Aaron's coffee black every morning." in shown and old not in shown
    assert llm.lock_free == [True, True]  # the decision and the summary: no lock held


def test_llm_add_overrides_an_offline_update(mem: Memory) -> None:
    [boston] = mem.add(_say("I live in Boston."), user_id="u", infer=True)
    llm = ScriptedLLM(['{"action": "add", "reason": "a second home"}'])
    report = _ingest(mem, "I moved to Denver last spring.", llm)
    assert report.decisions[0].action == "stored" and report.decisions[0].related_id is None
    assert mem.get(boston.id, user_id="u").status is Status.ACTIVE


def test_llm_none_reinforces_the_memory_it_names(mem: Memory) -> None:
    old = _seed(mem)
    llm = ScriptedLLM(['{"action": "none", "index": 0, "reason": "already known"}'])
    report = _ingest(mem, "I take my coffee black every morning.", llm)
    assert report.decisions[0].action == "reinforced" and report.decisions[0].related_id == old


@pytest.mark.parametrize(
    "reply",
    [
        "not json",
        '{"action": "update", "index": 7}',  # no such memory shown
        '{"action": "replace", "index": 0}',  # no such action
        '{"action": "update"}',
        ProviderError("model down"),
    ],
)
def test_bad_llm_answers_fall_back_to_the_offline_decision(mem: Memory, reply: object) -> None:
    [boston] = mem.add(_say("I live in Boston."), user_id="u", infer=True)
    llm = ScriptedLLM([reply])  # type: ignore[list-item]
    report = _ingest(mem, "I moved to Denver last spring.", llm)
    assert report.decisions[0].reason == "update" and report.decisions[0].related_id == boston.id
    new_id = report.decisions[0].memory_id
    [created] = [
        e
        for e in mem.history(new_id or "", user_id="u")
        if e.memory_id == new_id and e.event == "created"
    ]
    assert "error" in created.detail["llm"]


def test_a_memory_superseded_while_the_llm_thought_is_not_chosen(mem: Memory) -> None:
    [boston] = mem.add(_say("I live in Boston."), user_id="u", infer=True)

    class RacingLLM(ScriptedLLM):
        def complete(self, messages, **kwargs):  # type: ignore[no-untyped-def, override]
            if not self.calls:  # another writer, while the model thinks
                mem.update(boston.id, "Aaron lives in Cambridge.", user_id="u")
            return super().complete(messages, **kwargs)

    report = _ingest(
        mem, "I moved to Denver last spring.", RacingLLM(['{"action": "update", "index": 0}'])
    )
    assert mem.get(boston.id, user_id="u").status is Status.SUPERSEDED
    decision = report.decisions[0]
    assert decision.related_id != boston.id  # not the stale choice: the offline check ran
    [created] = [
        e
        for e in mem.history(decision.memory_id or "", user_id="u")
        if e.memory_id == decision.memory_id and e.event == "created"
    ]
    assert "no longer active" in created.detail["llm"]


def test_without_an_llm_or_when_disabled_no_call_is_made(config: Config, db_path: Path) -> None:
    config.update_llm = False
    with Memory(db_path, config=config) as mem:
        mem.add(_say("I live in Boston."), user_id="u", infer=True)
        llm = ScriptedLLM(["# summary"])
        _ingest(mem, "I moved to Denver last spring.", llm)
        assert len(llm.calls) == 1 and "summary" in llm.calls[0][0]["content"]


def test_the_llm_extractors_supersedes_answer_is_evidence(config: Config, tmp_path: Path) -> None:
    import json

    from remem.write.extract.llm import LLMExtractor

    config.update_llm = False  # only the extractor's answer speaks here
    message = Message(speaker="Aaron", role="user", text="Oat milk in my coffee now.", timestamp=T1)

    def run(hint: str | None, name: str):  # type: ignore[no-untyped-def]
        fact = {"content": "Aaron takes oat milk in his coffee these days.", "supersedes": hint}
        llm = ScriptedLLM([json.dumps({"facts": [fact]})])
        with Memory(tmp_path / name, config=config) as mem:
            old = _seed(mem)
            report = ingest(
                mem.store, mem.embedder, config, [message], scope=SCOPE, extractor=LLMExtractor(llm)
            )
            return mem.get(old, user_id="u").status, report.decisions[0], old

    status, _, _ = run(None, "a.db")
    assert status is Status.ACTIVE  # offline, the two are not one attribute
    status, decision, old = run("Aaron drinks his coffee black", "b.db")
    assert status is Status.SUPERSEDED and decision.related_id == old
    assert "the extractor says it supersedes this" in decision.detail


def test_a_fact_named_by_name_is_updated_by_that_person_speaking(mem: Memory) -> None:
    # stored without a speaker, it names Aaron; said later by Aaron himself, "my" is
    # Aaron: one person, so an update (not "about different people: aaron / self")
    mem.add("Aaron's dentist is Dr Lowe in Harbour Street.", user_id="u", now=T0)
    mem.remember("My dentist is now Dr Okafor in Mill Lane.", user_id="u", speaker="Aaron",
                 now=T1)  # fmt: skip
    assert _all(mem) == {
        "Aaron's dentist is Dr Lowe in Harbour Street.": Status.SUPERSEDED,
        "Aaron's dentist is now Dr Okafor in Mill Lane.": Status.ACTIVE,
    }
