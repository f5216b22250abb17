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
from remem.model import MemoryRecord, SearchHit, Status, Tier, utcnow
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


def _hit(
    text: str, cosine: float, status: Status = Status.ARCHIVED, maxsim: float = 0.0
) -> SearchHit:
    record = MemoryRecord(content=text, user_id="aaron", status=status)
    return SearchHit(record, 1.0, explain={"match": {"cosine": cosine, "maxsim": maxsim}})


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
    merged = fallback.merge(active, others, best=best, query=query, config=config, now=T0)
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
        now=T0,
    )
    assert [h.memory.content for h in one][1:] == ["We buy our hay from the Pennock brothers."]


def test_a_near_tie_is_admitted_behind_the_active_first_hit() -> None:
    # a cold fact a hair under an unrelated active fact: not lost at the gate (the near
    # tie alone: no place among the active hits admits anything here)
    config = Config(embedder="fake", fallback_margin=0.02, fallback_within=0)
    query = "notary stamp"
    active = [
        _hit("The deposit receipt is in the drive folder.", 0.40, Status.ACTIVE),
        _hit("The landlord is Mr Price.", 0.30, Status.ACTIVE),
    ]
    best = fallback.best_match(active, query)
    cold = _hit("For anything that needs a signature witnessed I go to Lakeshore Bank.", 0.39)
    far = _hit("The car wash on Elm takes cards.", 0.30, Status.COLD)
    merged = fallback.merge(active, [cold, far], best=best, query=query, config=config, now=T0)
    assert [h.memory.content for h in merged] == [
        "The deposit receipt is in the drive folder.",
        "For anything that needs a signature witnessed I go to Lakeshore Bank.",
        "The landlord is Mr Price.",
    ]
    assert merged[1].explain["fallback"]["placed"] == "near tie"
    exact = config.model_copy(update={"fallback_margin": 0.0})
    again = fallback.merge(active, [cold, far], best=best, query=query, config=exact, now=T0)
    assert len(again) == 2  # without the margin (nor a place) the near tie is left out


def test_a_hit_under_the_best_is_placed_among_the_active_hits_by_its_match() -> None:
    # a cold fact well under an unrelated active best, but matching better than the
    # rest: without jobs it would rank second, so it goes second, after the one active
    # hit that matches better — never ahead of an active hit that matches as well
    config = Config(embedder="fake", fallback_margin=0.02, fallback_within=4)
    query = "which lake cabin did we rent"  # no keyword of any text: the match is cosine / 2
    active = [
        _hit("The cabin's wood stove smokes when the wind is east.", 0.60, Status.ACTIVE),
        _hit("Marta's bike needs a new chain.", 0.20, Status.ACTIVE),
        _hit("The lake permit renews in spring.", 0.46, Status.ACTIVE),
        _hit("Bins go out on Tuesday.", 0.10, Status.ACTIVE),
    ]
    best = fallback.best_match(active, query)
    cold = _hit("Our first summer rental was the Heron Point cabin.", 0.50, Status.COLD)
    lower = _hit("The canoe paddles are in the loft.", 0.40, Status.COLD)
    merged = fallback.merge(active, [cold, lower], best=best, query=query, config=config, now=T0)
    texts = [h.memory.content for h in merged]
    # 0.25 is 0.05 under the best (0.30): no near tie; placed after the stove (0.30);
    # the paddles (0.20) go after the permit (0.23), fourth: within 4
    assert texts == [
        active[0].memory.content,
        cold.memory.content,
        active[1].memory.content,
        active[2].memory.content,
        lower.memory.content,
        active[3].memory.content,
    ]
    assert cold.explain["fallback"]["placed"] == "among" and cold.explain["fallback"]["place"] == 1
    # fourth is past fallback_within = 3: the paddles stay out
    two = config.model_copy(update={"fallback_within": 3})
    merged = fallback.merge(active, [cold, lower], best=best, query=query, config=two, now=T0)
    assert lower.memory.content not in [h.memory.content for h in merged]
    # without the rule only what beats the best, or nearly, is admitted
    off = config.model_copy(update={"fallback_within": 0})
    merged = fallback.merge(active, [cold, lower], best=best, query=query, config=off, now=T0)
    assert [h.memory.content for h in merged] == [h.memory.content for h in active]


def test_a_note_past_its_day_does_not_outrank_the_active_answer() -> None:
    config = Config(embedder="fake", fallback_margin=0.02, fallback_past_penalty=0.1)
    query = "what did my dad drive"
    # tier match (cosine + max(keyword share, MaxSim)) / 2: the car 0.35; the note shares
    # "drive" (0.5): 0.42 raw, 0.32 past its day
    active = [_hit("Papi's car was a Crown Victoria.", 0.30, Status.ACTIVE, maxsim=0.40)]
    best = fallback.best_match(active, query)
    note = _hit("Blood drive at work today, I signed up for noon.", 0.34)
    note.memory.created_at = note.memory.valid_from = T0
    later = T0 + timedelta(days=30)
    merged = fallback.merge(active, [note], best=best, query=query, config=config, now=later)
    assert [h.memory.content for h in merged] == ["Papi's car was a Crown Victoria."]
    # on its day the note is current: it answers ahead, as any better match does
    same_day = fallback.merge(active, [note], best=best, query=query, config=config, now=T0)
    assert same_day[0] is note and "past" not in note.explain["fallback"]
    # a much better match still answers though past, marked as such
    strong = _hit("Blood drive at work today, I signed up for noon.", 0.60)
    strong.memory.created_at = strong.memory.valid_from = T0
    first = fallback.merge(active, [strong], best=best, query=query, config=config, now=later)[0]
    assert first is strong and first.explain["fallback"]["past"].startswith("one-off note")


def test_a_category_ttl_is_no_end_of_validity_but_a_transient_ttl_is() -> None:
    # a work fact never referenced is past its category TTL (90 d): a horizon of truth,
    # not an end — "my first job was at the Kmart" stays true and is not marked down
    config = Config(embedder="fake", fallback_margin=0.02, fallback_past_penalty=0.1)
    fact = _hit("Kiara's first job was at the Kmart on Cicero.", 0.42)
    fact.memory.category, fact.memory.created_at = "work", T0
    note = _hit("Kiara's shift swap code is 7741.", 0.42)
    note.memory.tier, note.memory.created_at = Tier.TRANSIENT, T0
    assert fallback.past(fact.memory, LATER, config) is None
    assert (fallback.past(note.memory, LATER, config) or "").startswith("transient")


def test_a_note_past_its_day_is_no_near_tie() -> None:
    # the note scores 0.42 - 0.1 = 0.32, within a margin of 0.05 under the car's 0.35: a
    # near tie is an unsure admission, and a note whose day passed is not let in on one
    config = Config(embedder="fake", fallback_margin=0.05, fallback_past_penalty=0.1)
    query = "what did my dad drive"
    active = [_hit("Papi's car was a Crown Victoria.", 0.30, Status.ACTIVE, maxsim=0.40)]
    best = fallback.best_match(active, query)
    note = _hit("Blood drive at work today, I signed up for noon.", 0.34)
    note.memory.created_at = note.memory.valid_from = T0
    later = T0 + timedelta(days=30)
    merged = fallback.merge(active, [note], best=best, query=query, config=config, now=later)
    assert [h.memory.content for h in merged] == ["Papi's car was a Crown Victoria."]
    # a stable fact matching as well is a near tie, admitted behind the active answer
    fact = _hit("Papi drove a taxi on the night shift for years.", 0.14, maxsim=0.50)
    both = fallback.merge(active, [note, fact], best=best, query=query, config=config, now=later)
    assert [h.memory.content for h in both] == [
        "Papi's car was a Crown Victoria.",
        "Papi drove a taxi on the night shift for years.",
    ]
    assert both[1].explain["fallback"]["placed"] == "near tie"


def test_a_prompt_is_no_near_tie() -> None:
    # an old request to the assistant a hair under the active answer is not let in on an
    # unsure admission; a statement matching the same is
    config = Config(embedder="fake", fallback_margin=0.02)
    query = "hometown of my boy"  # no keyword of any text: the match is cosine / 2
    active = [_hit("My son Tomek lives in Leeds.", 0.40, Status.ACTIVE)]
    best = fallback.best_match(active, query)
    ask = _hit("What time is it in Leeds when it is noon in Perth?", 0.37)
    merged = fallback.merge(active, [ask], best=best, query=query, config=config, now=T0)
    assert [h.memory.content for h in merged] == ["My son Tomek lives in Leeds."]
    said = _hit("My son Tomek moved to a flat near the station.", 0.37)
    merged = fallback.merge(active, [ask, said], best=best, query=query, config=config, now=T0)
    assert [h.memory.content for h in merged] == [active[0].memory.content, said.memory.content]
    # a prompt that beats the active best outright still answers
    strong = _hit("What time is it in Leeds when it is noon in Perth?", 0.60)
    assert (
        fallback.merge(active, [strong], best=best, query=query, config=config, now=T0)[0] is strong
    )


def test_a_digest_is_judged_by_the_fact_it_would_bring() -> None:
    # an archived digest quotes many words of the question, its facts do not answer it:
    # judged by its own match it would take the place the cold answer should have
    config = Config(embedder="fake", fallback_margin=0.02, fallback_max_hits=1)
    query = "when is the relay race"
    active = [_hit("Odile keeps her running spikes in the blue locker.", 0.36, Status.ACTIVE)]
    best = fallback.best_match(active, query)
    digest = _hit("Digest of a Sunday: race kit washed, relay team photo, race bib lost.", 0.50)
    digest.memory.tags = ["rollup:day"]
    its_fact = _hit("Odile washed the race kit on Sunday.", 0.20)
    answer = _hit("Odile runs the city relay on 9 May.", 0.40, Status.COLD)
    others = [digest, answer]
    unjudged = fallback.merge(active, others, best=best, query=query, config=config, now=T0)
    assert unjudged[0] is digest  # by its own many-word match
    judged = {digest.memory.id: its_fact}
    merged = fallback.merge(
        active, others, best=best, query=query, config=config, now=T0, judged=judged
    )
    assert [h.memory.content for h in merged] == [answer.memory.content, active[0].memory.content]
    # a digest whose fact answers is let in by that fact's match; one with no fact is not
    good = _hit("Odile's relay race is on 9 May, the club said.", 0.45)
    both = fallback.merge(
        active, others, best=best, query=query, config=config, now=T0,
        judged={digest.memory.id: good},
    )  # fmt: skip
    assert both[0] is good and both[0].explain["via"] == {"digest": digest.memory.id}
    assert both[0].explain["fallback"]["tier_match"] > 0.4 and digest not in both
    none = fallback.merge(
        active, [digest], best=best, query=query, config=config, now=T0,
        judged={digest.memory.id: None},
    )  # fmt: skip
    assert none == active


def test_the_second_tier_reembeds_the_vectors_first_candidates_too() -> None:
    # the fused order leans on shared words: a fact near in meaning only comes late in
    # it, and must still get the token match that finds it
    hits = [_hit(f"The allotment shed needs note {i}.", 0.2) for i in range(12)]
    for i, hit in enumerate(hits):
        hit.explain["vector"] = {"rank": 11 - i}  # the last by fusion, the first by meaning
    digest = _hit("Digest of a Monday: 3 memories.", 0.2)
    digest.memory.tags = ["rollup:day"]
    digest.explain["vector"] = {"rank": 0}
    words_only = _hit("The shed roof leaks.", 0.1)  # not found by the vector at all
    chosen = fallback.to_reembed([digest, *hits, words_only], 2)
    assert [r.content for r in chosen] == [
        hits[0].memory.content,
        hits[1].memory.content,
        hits[11].memory.content,
        hits[10].memory.content,
    ]
