"""LoCoMo loader, evidence parsing and the end-to-end benchmark on a tiny fixture."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from remem.config import Config
from remem.errors import UserError
from remem.eval.locomo import load_locomo, parse_evidence, parse_session_time
from remem.eval.report import markdown_table
from remem.eval.runner import run_locomo

FIXTURE = Path(__file__).parent / "fixtures" / "mini_locomo.json"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (["D1:3"], ["D1:3"]),
        (["D8:6; D9:17"], ["D8:6", "D9:17"]),
        (["D:11:26"], ["D11:26"]),
        (["D 3: 4", "d2:01"], ["D3:4", "D2:1"]),
        (["D1:3", "D1:3"], ["D1:3"]),
        (["D", ""], []),
        ("D5:5", ["D5:5"]),
        (None, []),
    ],
)
def test_parse_evidence(raw: list[str] | str | None, expected: list[str]) -> None:
    assert parse_evidence(raw) == expected


def test_parse_session_time() -> None:
    assert parse_session_time("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56)
    assert parse_session_time("10:04 am on 2  June, 2023") == datetime(2023, 6, 2, 10, 4)
    assert parse_session_time("someday") is None
    assert parse_session_time(None) is None


def test_load_fixture() -> None:
    convs = load_locomo(FIXTURE)
    assert [c.sample_id for c in convs] == ["mini-1", "mini-2"]
    first = convs[0]
    assert first.speakers == ("Ana", "Ben")
    assert [t.dia_id for t in first.turns] == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2"]
    assert first.turns[3].when == datetime(2023, 6, 2, 10, 4)
    assert first.turns[2].document() == (
        "Ana: Look at this [shares image: a photo of a kitten on a sofa]"
    )
    assert first.turns[0].document() == "Ana: I adopted a grey kitten called Pixel last week."
    assert list(first.sessions()) == [1, 2]
    by_question = {q.question: q for q in first.questions}
    assert by_question["What tricks and pets does Ana have?"].evidence == ("D1:1", "D2:2")
    assert by_question["Who keeps bees?"].evidence == ("D1:2",)
    assert by_question["What did Ben bake?"].answer == "bread"
    assert convs[1].questions[0].evidence == ("D1:1",)


def test_load_refuses_bad_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(UserError, match="cannot read"):
        load_locomo(bad)
    bad.write_text('[{"qa": []}]', encoding="utf-8")
    with pytest.raises(UserError, match="conversation"):
        load_locomo(bad)


def test_run_locomo_end_to_end(tmp_path: Path) -> None:
    # No relevance floor: this checks the benchmark's bookkeeping, and with the hashing
    # embedder some evidence turns of the tiny fixture match their question below it.
    config = Config(embedder="hashing", home=tmp_path / "home", min_relevance=0)
    messages: list[str] = []
    out = tmp_path / "out"
    results = run_locomo(FIXTURE, config=config, out_dir=out, progress=messages.append)

    # Category 5 and the question whose evidence is not in the conversation are skipped.
    assert results["questions"] == 6
    assert results["conversations"] == 2
    assert results["ingest"]["turns"] == 8
    assert results["storage"]["memories"] == 8
    assert results["storage"]["token_vector_bytes_per_memory"] == 0  # hashing has none
    assert set(results["modes"]) == {"remem", "bm25", "dense"}
    for mode in results["modes"].values():
        overall = mode["overall"]
        assert set(overall) == {"R@1", "R@5", "R@10", "R@20", "NDCG@10"}
        assert 0 <= overall["R@1"] <= overall["R@5"] <= overall["R@10"] <= overall["R@20"] <= 1
        assert set(mode["by_category"]) == {"multi-hop", "temporal", "open-domain", "single-hop"}
        assert mode["latency_ms"]["p50"] <= mode["latency_ms"]["p95"]
    # Eight turns and limit 20: every evidence turn is in the top 20.
    assert results["modes"]["remem"]["overall"]["R@20"] == 1.0
    assert len(messages) >= 2

    written = json.loads((out / "mini_locomo.json").read_text(encoding="utf-8"))
    assert written["modes"] == results["modes"]
    text = (out / "mini_locomo.json").read_text(encoding="utf-8")
    assert "Pixel" not in text and "kitten" not in text  # numbers only, no data text
    table = (out / "mini_locomo.md").read_text(encoding="utf-8")
    assert table.startswith("| retriever | R@1 |")
    assert table == markdown_table(results)
    png = out / "mini_locomo.png"
    if "png" in results["files"]:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        assert any("matplotlib" in m for m in messages)


def test_run_locomo_limit_and_facts_hook(tmp_path: Path) -> None:
    config = Config(embedder="hashing", home=tmp_path / "home")
    seen: list[str] = []
    results = run_locomo(
        FIXTURE,
        config=config,
        limit_conversations=1,
        include_facts=True,
        fact_extractor=lambda memory, conv, namespace: seen.append(namespace) or {},
    )
    assert results["conversations"] == 1
    assert results["include_facts"] is True
    assert seen == ["locomo/mini-1"]
    assert "files" not in results


def test_include_facts_stores_facts_linked_to_turns(tmp_path: Path) -> None:
    config = Config(embedder="hashing", home=tmp_path / "home")
    raw = run_locomo(FIXTURE, config=config)
    both = run_locomo(FIXTURE, config=config, include_facts=True)
    assert both["include_facts"] is True
    # Facts are stored beside the turns and count as their source turns.
    assert both["storage"]["memories"] > raw["storage"]["memories"]
    assert both["modes"]["remem"]["overall"]["R@20"] >= 0.5
