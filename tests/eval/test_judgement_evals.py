"""The evaluation helpers of this area: the temporal scorer, the leave-one-out choice
of read-path variants, and the broad-questions runner on a tiny persona file."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from remem.config import Config
from remem.eval.broad import format_summary, run_broad
from remem.eval.locomo_cv import cross_validate, summarise
from remem.eval.temporal import grammar_parser, iou, score


def test_iou_and_the_temporal_score() -> None:
    assert (
        iou((date(2024, 1, 1), date(2024, 1, 10)), (date(2024, 1, 6), date(2024, 1, 15))) == 5 / 15
    )
    assert iou(None, (date(2024, 1, 1), date(2024, 1, 1))) == 0.0
    rows = [
        {
            "id": "a",
            "anchor": "2024-03-13",
            "expr": "yesterday",
            "start": "2024-03-12",
            "end": "2024-03-12",
        },
        {
            "id": "b",
            "anchor": "2024-03-13",
            "expr": "nothing here",
            "start": "2024-03-12",
            "end": "2024-03-12",
        },
    ]
    result = score(rows, grammar_parser)
    assert (result["found"], result["exact"], result["iou"]) == (0.5, 0.5, 0.5)
    assert [m["id"] for m in result["misses"]] == ["b"]


def _row(variant: str, conv: str, r10: float) -> dict[str, object]:
    return {"variant": variant, "conversation": conv, "category": "single-hop", "ms": 1.0,
            "R@5": r10, "R@10": r10, "R@20": r10}  # fmt: skip


def test_cross_validation_scores_the_choice_where_it_was_not_made() -> None:
    # "lucky" wins only on conversation c1; chosen when c1 is in training, it is then
    # scored on a conversation where it is worse: optimism, not a gain
    rows = [_row("base", c, 0.5) for c in ("c1", "c2", "c3")]
    rows += [_row("lucky", "c1", 1.0), _row("lucky", "c2", 0.4), _row("lucky", "c3", 0.4)]
    cv = cross_validate(rows)
    chosen = {f["held_out"]: f["chosen"] for f in cv["folds"]}
    assert chosen == {"c1": "base", "c2": "lucky", "c3": "lucky"}
    assert cv["R@10"] == round((0.5 + 0.4 + 0.4) / 3, 4)
    assert cv["optimism"] > 0
    assert summarise(rows)["lucky"]["by_conversation"]["c1"] == 1.0


def test_broad_runner_on_a_tiny_persona(tmp_path: Path) -> None:
    persona = {
        "id": "t1", "user": "Ines Moreau",
        "facts": ["I'm a beekeeper in Lyon.", "My brother Paul repairs bicycles."],
        "broad": ["what do you know about me?"],
        "broad_expect": {"what do you know about me?": ["beekeeper", "Paul"]},
        "unrelated": ["What is the capital of Peru?"],
    }  # fmt: skip
    path = tmp_path / "personas.json"
    path.write_text(json.dumps([persona]))
    result = run_broad(path, config=Config(home=tmp_path / "home", embedder="fake"))
    assert result["recall@10"] == 1.0 and result["silent"] == 1.0


def test_broad_runner_scores_specific_questions_and_unrelated_kinds(tmp_path: Path) -> None:
    persona = {
        "id": "t2", "user": "Ines Moreau",
        "facts": ["I'm a beekeeper in Lyon.", "My brother Paul repairs bicycles."],
        "broad": [], "broad_expect": {},
        "specific": [{"q": "who repairs bicycles?", "expect": "Paul"}],
        "unrelated": ["What is the capital of Peru?", "What's my sister's name?"],
        "unrelated_kinds": ["general", "near_miss"],
    }  # fmt: skip
    path = tmp_path / "personas.json"
    path.write_text(json.dumps([persona]))
    result = run_broad(path, config=Config(home=tmp_path / "home", embedder="fake"))
    assert result["specific_questions"] == 1 and result["specific_recall@5"] == 1.0
    assert result["silent_general"] == 1.0 and result["silent_near_miss"] == 1.0
    assert "specific (1): recall@1" in format_summary(result, show=True)
