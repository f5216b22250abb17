"""How the archive tier judges its hits: a cold or archived fact that answers in other
words is found by a MaxSim over token vectors made for the search (archived and cold
memories keep none), and the second tier admits a few hits, one of each text, ahead
of the active answer (a real SQLite store, a fake clock, a word-level test embedder)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from tests.lifecycle.test_usage import WordTokenEmbedder

from remem.config import Config
from remem.memory import Memory
from remem.model import MemoryRecord, SearchHit, Status, utcnow
from remem.read import fallback

T0 = utcnow()
LATER = T0 + timedelta(days=100)


def _memory(tmp_path: Path, **overrides: object) -> Memory:
    config = Config(embedder="hashing", home=tmp_path / "home", **overrides)  # type: ignore[arg-type]
    return Memory(tmp_path / "late.db", config=config, embedder=WordTokenEmbedder(64))


@pytest.fixture
def archived_fact(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A store whose fact "Aaron married Beth in Lisbon" was archived unused, beside an
    active memory in use."""
    with _memory(tmp_path) as mem:
        fact = mem.add("Aaron married Beth in Lisbon", user_id="aaron", now=T0)[0]
        other = mem.add("Aaron adopted a grey kitten called Miso", user_id="aaron", now=T0)[0]
        mem.reference([other.id], user_id="aaron", now=LATER)
        assert mem.jobs.run("weekly", now=LATER).status == "ok"
        assert mem.get(fact.id, user_id="aaron").status is Status.ARCHIVED
        yield tmp_path, fact.id


def test_an_archived_fact_matched_by_meaning_only_is_found(
    archived_fact: tuple[Path, str],
) -> None:
    tmp_path, fact = archived_fact
    # "marriage" is not a keyword of the fact ("married" stems apart): only a token-level
    # match by meaning finds it, and the archived fact holds no token vectors
    with _memory(tmp_path) as mem:
        hits = mem.search("marriage", user_id="aaron", now=LATER)
        assert [h.memory.id for h in hits] == [fact]
        match = hits[0].explain["match"]
        assert match["maxsim"] > 0 and "terms" not in match
        assert hits[0].explain["tier"] == "archived"
        assert (
            hits[0].explain["fallback"]["tier_match"] > hits[0].explain["fallback"]["active_best"]
        )
        # nothing was stored for it: still no token vectors, still archived
        block = mem.store.token_vectors(
            mem.get(fact, user_id="aaron").scope, model_id=mem.embedder.model_id,
            memory_ids=[fact],
        )  # fmt: skip
        assert len(block) == 0
        assert mem.get(fact, user_id="aaron").status is Status.ARCHIVED
    with _memory(tmp_path, fallback_reembed=0) as mem:  # keyword share only: under the floor
        assert mem.search("marriage", user_id="aaron", now=LATER) == []


def _hit(text: str, cosine: float, status: Status = Status.ARCHIVED) -> SearchHit:
    record = MemoryRecord(content=text, user_id="aaron", status=status)
    return SearchHit(record, 1.0, explain={"match": {"cosine": cosine}})


def test_the_second_tier_admits_a_few_hits_one_of_each_text() -> None:
    config = Config(embedder="fake", fallback_max_hits=3)
    query = "hay lorry"
    active = [_hit("We buy our hay from the Pennock brothers.", 0.5, Status.ACTIVE)]
    best = fallback.best_match(active, query)
    same = [_hit("The hay lorry is bringing 40 bales today.", 0.7) for _ in range(4)]
    others = [
        *same,
        _hit("The hay lorry is bringing 60 bales on Monday.", 0.69),
        _hit("The hay lorry is late again.", 0.68),
        _hit("The hay lorry driver is called Tom.", 0.67),
    ]
    merged = fallback.merge(active, others, best=best, query=query, config=config)
    texts = [h.memory.content for h in merged]
    assert texts == [
        "The hay lorry is bringing 40 bales today.",
        "The hay lorry is bringing 60 bales on Monday.",
        "The hay lorry is late again.",
        "We buy our hay from the Pennock brothers.",
    ]
    assert all(h.explain["tier"] == "archived" for h in merged[:3])
    one = fallback.merge(
        active,
        others,
        best=best,
        query=query,
        config=config.model_copy(update={"fallback_max_hits": 1}),
    )
    assert [h.memory.content for h in one][1:] == ["We buy our hay from the Pennock brothers."]
