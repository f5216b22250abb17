"""The graph candidate source: entities named in the query, relation hops, scope."""

from __future__ import annotations

from pathlib import Path

import pytest

from remem.config import Config
from remem.memory import Memory
from remem.model import Scope
from remem.read.graph import graph_search, query_phrases


@pytest.fixture
def gmem(tmp_path: Path) -> Memory:
    config = Config(embedder="fake", home=tmp_path, search_sources=["bm25", "vector", "graph"])
    return Memory(tmp_path / "graph.db", config=config)


def _add(mem: Memory, text: str, ns: str, entities: list[str], relations=()) -> str:
    record = mem.add(text, namespace=ns)[0]
    mem.store.link_entities(record.id, record.scope, entities=entities, relations=list(relations))
    return record.id


def test_query_phrases_are_ngrams_longest_first() -> None:
    phrases = query_phrases("Where does Acme Corp's CEO live?")
    assert phrases[0] == "Where does Acme Corp"
    assert "Acme Corp" in phrases and "CEO" in phrases


def test_direct_mention_and_two_hops(gmem: Memory) -> None:
    direct = _add(gmem, "Zed joined the rowing team.", "a", ["Zed"])
    _add(
        gmem,
        "Zed works for Acme Corp.",
        "a",
        ["Zed", "Acme Corp"],
        [("Zed", "works_at", "Acme Corp")],
    )
    _add(gmem, "Unrelated note about tea.", "a", ["tea"])
    ranked, paths = graph_search(
        gmem.store, "what is zed up to?", scope=Scope(namespace="a"), config=gmem.config
    )
    assert dict(ranked)[direct] == 1.0
    assert paths[direct].hops == 0 and paths[direct].entity == "Zed"
    hits = gmem.search("what is zed up to?", namespace="a")
    by_id = {h.memory.id: h for h in hits}
    assert by_id[direct].explain["graph"]["entity"] == "Zed"
    assert by_id[direct].explain["graph"]["hops"] == 0
    assert "graph" in by_id[direct].sources


def test_two_hop_relation_reaches_a_memory(gmem: Memory) -> None:
    _add(
        gmem,
        "Zed works for Acme Corp.",
        "a",
        ["Zed", "Acme Corp"],
        [("Zed", "works_at", "Acme Corp")],
    )
    _add(
        gmem,
        "Acme Corp moved to Springfield.",
        "a",
        ["Springfield"],
        [("Acme Corp", "lives_in", "Springfield")],
    )
    target = _add(gmem, "Springfield has a new stadium.", "a", ["Springfield"])
    hits = gmem.search("stadium news for Zed", namespace="a", sources=["graph"])
    by_id = {h.memory.id: h for h in hits}
    assert target in by_id
    graph = by_id[target].explain["graph"]
    assert graph["hops"] == 2 and graph["entity"] == "Springfield"
    assert graph["score"] == pytest.approx(gmem.config.graph_hop_decay**2)
    assert len(graph["via"]) == 2


def test_graph_never_crosses_scopes(gmem: Memory) -> None:
    mine = _add(gmem, "Zed likes sailing.", "a", ["Zed"])
    theirs = _add(gmem, "Zed likes climbing.", "b", ["Zed"])
    _add(
        gmem,
        "Zed works for Acme Corp.",
        "b",
        ["Zed", "Acme Corp"],
        [("Zed", "works_at", "Acme Corp")],
    )
    hits = gmem.search("Zed", namespace="a", sources=["graph"])
    assert [h.memory.id for h in hits] == [mine]
    assert theirs not in {h.memory.id for h in gmem.search("Zed", namespace="a")}


def test_hub_entities_are_not_expanded(tmp_path: Path) -> None:
    config = Config(embedder="fake", home=tmp_path, graph_entity_max_memories=2)
    with Memory(tmp_path / "hub.db", config=config) as mem:
        for i in range(3):
            _add(mem, f"Zed note number {i} here.", "a", ["Zed"])
        ranked, _ = graph_search(mem.store, "Zed", scope=_scope("a"), config=config)
        assert ranked == []


def test_raw_add_links_speaker_and_names(mem: Memory) -> None:
    mem.add(
        [
            {
                "role": "user",
                "name": "Caroline",
                "content": "Caroline: I met Oscar at the LGBTQ center.",
            }
        ],
        namespace="a",
        infer=False,
    )
    counts = mem.store.entity_counts(_scope("a"))
    assert {"Caroline", "Oscar", "LGBTQ"} <= set(counts)
    hits = mem.search("what about Oscar", namespace="a", sources=["graph"])
    assert hits and hits[0].explain["graph"]["entity"] == "Oscar"


def _scope(ns: str) -> Scope:
    return Scope(namespace=ns)
