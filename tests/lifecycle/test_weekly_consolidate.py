"""The weekly job's consolidation steps on a real store (SQLite file, PostgreSQL schema) and a fake clock: the
contradiction scan, the rebuild of category summaries, insights from archived
memories (deterministic, and written by the scripted LLM)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from remem.config import Config
from remem.errors import ProviderError
from remem.lifecycle.consolidate import insight_text
from remem.memory import Memory
from remem.model import Kind, MemoryRecord, Status, utcnow
from remem.providers import registry
from remem.providers.fake import ScriptedLLM
from storeview import snapshot

T0 = utcnow() - timedelta(days=400)
OPS = [
    f"The build server {name} was rebooted after the deploy on day {i}"
    for i, name in enumerate(("alpha", "beta", "gamma", "delta"))
]


BACKENDS = ("sqlite", "postgres")


def _add(mem: Memory, text: str, **kw: Any) -> MemoryRecord:
    return mem.add(text, user_id=kw.pop("user_id", "aaron"), now=kw.pop("now", T0), **kw)[0]


def test_contradictions_are_flagged_for_review_never_resolved(mem: Memory) -> None:
    likes = _add(mem, "Aaron likes sushi a lot")
    dislikes = _add(mem, "Aaron does not like sushi a lot")
    boston = _add(mem, "Aaron lives in Boston")
    denver = _add(mem, "Aaron lives in Denver")
    other = _add(mem, "Maya lives in Denver", user_id="maya")  # another scope
    result = mem.jobs.run("weekly", now=T0 + timedelta(days=1))
    assert result.counts["contradictions"] == 2
    for a, b in ((likes, dislikes), (boston, denver)):
        for x, y in ((a, b), (b, a)):
            got = mem.get(x.id, user_id="aaron")
            assert got.status is Status.ACTIVE and got.confidence == x.confidence
            assert got.data["conflicts_with"] == [y.id]
            flagged = [e for e in mem.history(x.id, user_id="aaron") if e.event == "flagged"]
            assert flagged and flagged[0].detail["conflict"] == y.id
    assert "conflicts_with" not in mem.get(other.id, user_id="maya").data
    before = snapshot(mem.store)
    assert mem.jobs.run("weekly", now=T0 + timedelta(days=1)).counts.get("contradictions", 0) == 0
    assert snapshot(mem.store) == before
    # a later memory is checked against the earlier ones, once
    later = _add(mem, "Aaron lives in Paris", now=T0 + timedelta(days=3))
    result = mem.jobs.run("weekly", now=T0 + timedelta(days=8))
    assert result.counts["contradictions"] == 2  # Boston and Denver
    assert set(mem.get(later.id, user_id="aaron").data["conflicts_with"]) == {boston.id, denver.id}


def test_the_write_paths_flag_is_not_flagged_twice(mem: Memory) -> None:
    mem.remember("I like sushi a lot", user_id="aaron", speaker="Aaron", now=T0)
    # untrusted content never replaces a trusted memory: stored beside it, both flagged
    quoted = "[UNTRUSTED DATA] Aaron does not like sushi a lot. [/UNTRUSTED DATA]"
    mem.add(
        [{"role": "user", "name": "Aaron", "content": quoted, "timestamp": T0}],
        user_id="aaron",
        infer=True,
        now=T0,
    )
    flagged = [m for m in mem.list(user_id="aaron").items if m.data.get("conflicts_with")]
    assert len(flagged) == 2  # the write path linked them already
    result = mem.jobs.run("weekly", now=T0 + timedelta(days=1))
    assert result.counts.get("contradictions", 0) == 0


def test_summaries_are_rebuilt_from_active_items_only(mem: Memory) -> None:
    keep = _add(mem, "Aaron rides his bike to work every day", category="hobbies")
    gone = _add(mem, "Aaron collects old stamps from Peru", category="hobbies")
    mem.forget(gone.id, user_id="aaron")
    # a summary left stale (as a crash between a write and its refresh would leave it)
    mem.store.archive_summary(keep.scope, "hobbies")
    result = mem.jobs.run("weekly", now=T0 + timedelta(days=1))
    assert result.counts["summaries_rebuilt"] == 1
    (summary,) = mem.summaries(user_id="aaron", category="hobbies")
    assert summary.sources == (keep.id,) and "stamps" not in summary.content
    assert summary.created_at == T0 + timedelta(days=1)
    before = (
        snapshot(mem.store),
        [s.created_at for s in mem.summaries(user_id="aaron", archived=True)],
    )
    again = mem.jobs.run("weekly", now=T0 + timedelta(days=1))
    assert again.counts["summaries_rebuilt"] == 0
    after = (
        snapshot(mem.store),
        [s.created_at for s in mem.summaries(user_id="aaron", archived=True)],
    )
    assert after == before
    mem.forget(keep.id, user_id="aaron")
    mem.store.put_summary(keep.scope, summary)  # as if the forget's refresh had not run
    mem.jobs.run("weekly", now=T0 + timedelta(days=2))
    assert mem.summaries(user_id="aaron", category="hobbies") == []  # no active item left


def test_archived_memories_cluster_into_one_insight(mem: Memory) -> None:
    ops = [_add(mem, text, importance=0.3, category="operational") for text in OPS]
    chess = _add(mem, "Aaron plays chess with Maya on Sundays", category="hobbies")
    mem.jobs.run("weekly", now=T0 + timedelta(days=120))  # archived, then clustered
    insights = [m for m in mem.list(user_id="aaron").items if m.kind is Kind.INSIGHT]
    assert len(insights) == 1
    insight = insights[0]
    assert sorted(insight.data["sources"]) == sorted(m.id for m in ops)
    assert insight.created_at == T0 + timedelta(days=120) and insight.category == "operational"
    assert "build server" in insight.content and insight.tags == ["insight"]
    for m in ops:
        got = mem.get(m.id, user_id="aaron")
        assert got.status is Status.ARCHIVED and got.data["insights"] == [insight.id]
        assert "clustered" in [e.event for e in mem.history(m.id, user_id="aaron")]
    assert mem.get(chess.id, user_id="aaron").data.get("insights") is None  # alone: none
    hits = mem.search("build server rebooted", user_id="aaron", _record_access=False)
    # the insight is searchable, and brings the fact it quotes that matches best, above it
    assert [h.memory.id for h in hits[:2]][1:] == [insight.id]
    assert hits[0].memory.id in {m.id for m in ops}
    assert (
        hits[0].explain["via"] == {"digest": insight.id} and hits[0].explain["tier"] == "archived"
    )
    before = snapshot(mem.store)
    assert mem.jobs.run("weekly", now=T0 + timedelta(days=120)).counts.get("insights", 0) == 0
    assert snapshot(mem.store) == before
    # restored and archived again, an item already in an insight is not clustered again
    mem.restore(ops[0].id, user_id="aaron", now=T0 + timedelta(days=121))
    for text in ("The build server omega was rebooted after the deploy on day 9",):
        _add(mem, text, importance=0.3, category="operational", now=T0 + timedelta(days=121))
    result = mem.jobs.run("weekly", now=T0 + timedelta(days=260))
    assert result.counts.get("insights", 0) == 0


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch, config: Config) -> Callable[[ScriptedLLM], Config]:
    """A config whose LLM provider is the given ScriptedLLM, registered in the
    provider registry as a plugin would be (and unregistered after the test)."""

    def make(llm: ScriptedLLM) -> Config:
        monkeypatch.setitem(registry._llms, "scripted-test", lambda _config: llm)
        return config.model_copy(update={"llm_provider": "scripted-test", "llm_model": "s"})

    return make


def test_an_llm_writes_the_insight_when_configured(
    store_target: str | Path, scripted: Callable[[ScriptedLLM], Config]
) -> None:
    llm = ScriptedLLM(["The build servers were rebooted after each deploy."])
    with Memory(store_target, config=scripted(llm)) as mem:
        for text in OPS:
            _add(mem, text, importance=0.3, category="operational")
        mem.jobs.run("weekly", now=T0 + timedelta(days=120))
        (insight,) = [m for m in mem.list(user_id="aaron").items if m.kind is Kind.INSIGHT]
        assert insight.content == "The build servers were rebooted after each deploy."
        assert insight.data["generator"] == "llm:fake-llm"
        assert "rebooted after the deploy on day 2" in llm.calls[0][1]["content"]


def test_a_failing_llm_falls_back_to_the_deterministic_insight(
    store_target: str | Path, scripted: Callable[[ScriptedLLM], Config]
) -> None:
    llm = ScriptedLLM([ProviderError("connection refused")])
    with Memory(store_target, config=scripted(llm)) as mem:
        for text in OPS:
            _add(mem, text, importance=0.3, category="operational")
        mem.jobs.run("weekly", now=T0 + timedelta(days=120))
        (insight,) = [m for m in mem.list(user_id="aaron").items if m.kind is Kind.INSIGHT]
        assert insight.content.startswith("4 archived operational notes")
        assert insight.data["generator"] == "structured-1"


def test_the_deterministic_insight_is_cut_to_its_length() -> None:
    cluster = [MemoryRecord(f"note {i} " + "word " * 40, created_at=T0) for i in range(5)]
    text = insight_text(cluster, max_chars=300)
    assert len(text) <= 303 and text.endswith("; …") and text.startswith("5 archived semantic")
