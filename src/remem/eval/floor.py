"""Calibration of the absolute relevance floor (``Config.min_relevance``).

Two measurements, both with the floor off so each hit's match score
(``explain["match"]``, see :mod:`remem.read.floor`) can be compared with every
candidate floor afterwards:

- LoCoMo: each conversation stored raw in its own namespace (as the retrieval
  benchmark stores it); every scored question is asked against its own
  conversation (it must keep its evidence: R@10 with the floor applied to the
  ranked candidates, and how many questions would get nothing) and against each
  other conversation (a store with nothing about the people asked about: how many
  would now get nothing).
- Everyday pairs: ``{"query", "memory", "related"}`` each in a store of its own
  memory alone: how many related queries keep their memory, how many unrelated
  ones get nothing.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval.locomo import load_locomo
from remem.eval.metrics import recall_at_k
from remem.eval.runner import ingest_conversation, scored_questions
from remem.memory import Memory
from remem.model import SearchHit

Progress = Callable[[str], None]


def _matches(hits: Sequence[SearchHit]) -> list[float | None]:
    return [h.explain.get("match", {}).get("score") for h in hits]


def _passes(score: float | None, floor: float) -> bool:
    return floor <= 0 or score is None or score >= floor  # as remem.read.floor.apply_floor


def run_floor_calibration(
    locomo_path: str | Path,
    pairs_path: str | Path,
    *,
    config: Config,
    floors: Sequence[float],
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Measure each floor in ``floors`` on the LoCoMo file and the pairs file."""
    say = progress or (lambda _msg: None)
    conversations = load_locomo(locomo_path)
    pairs = json.loads(Path(pairs_path).read_text("utf-8"))
    own: list[tuple[list[str | None], list[float | None], tuple[str, ...]]] = []
    other: list[list[float | None]] = []
    paired: list[tuple[bool, list[float | None]]] = []
    with tempfile.TemporaryDirectory(prefix="remem-floor-") as tmp:
        run_config = config.model_copy(
            update={"home": Path(tmp), "db_path": None, "min_relevance": 0.0}
        )
        with Memory(Path(tmp) / "floor.db", config=run_config) as memory:
            turn_of: dict[str, dict[str, str]] = {}
            for conv in conversations:
                say(f"storing {conv.sample_id}")
                turn_of[conv.sample_id] = ingest_conversation(
                    memory, conv, f"locomo/{conv.sample_id}"
                )
            limit = config.rank_candidates  # every ranked candidate: the floor may cut any
            for conv in conversations:
                say(f"asking {conv.sample_id}'s questions")
                now = max((t.when for t in conv.turns if t.when is not None), default=None)
                for q in scored_questions(conv):
                    for target in conversations:
                        hits = memory.search(
                            q.question,
                            namespace=f"locomo/{target.sample_id}",
                            limit=limit,
                            now=now,
                        )
                        if target is conv:
                            turns = [
                                turn_of[conv.sample_id].get(h.memory.source_resource_id or "")
                                for h in hits
                            ]
                            own.append((turns, _matches(hits), q.evidence))
                        else:
                            other.append(_matches(hits))
            for i, pair in enumerate(pairs):
                memory.add(pair["memory"], namespace=f"pair/{i}")
                hits = memory.search(pair["query"], namespace=f"pair/{i}", limit=1)
                paired.append((bool(pair["related"]), _matches(hits)))
    rows = []
    for floor in floors:

        def kept(
            turns: list[str | None], scores: list[float | None], f: float = floor
        ) -> list[str]:
            return list(
                dict.fromkeys(t for t, s in zip(turns, scores, strict=True) if t and _passes(s, f))
            )

        recall = [recall_at_k(kept(t, s), ev, 10) for t, s, ev in own]
        related = [s for r, s in paired if r]
        unrelated = [s for r, s in paired if not r]
        rows.append(
            {
                "floor": floor,
                "locomo_r10": round(sum(recall) / max(len(recall), 1), 4),
                "own_questions_empty": sum(
                    not any(_passes(x, floor) for x in s) for _, s, _ in own
                ),
                "other_questions_empty": sum(not any(_passes(x, floor) for x in s) for s in other),
                "related_pairs_kept": sum(any(_passes(x, floor) for x in s) for s in related),
                "unrelated_pairs_empty": sum(
                    not any(_passes(x, floor) for x in s) for s in unrelated
                ),
            }
        )
    return {
        "benchmark": "relevance-floor",
        "data": Path(locomo_path).name,
        "own_questions": len(own),
        "other_questions": len(other),
        "related_pairs": sum(1 for r, _ in paired if r),
        "unrelated_pairs": sum(1 for r, _ in paired if not r),
        "configured_floor": config.min_relevance,
        "rows": rows,
    }


def floor_table(results: dict[str, Any]) -> str:
    """The calibration as a markdown table."""
    head = (
        f"| floor | LoCoMo R@10 (est.) | own questions empty (of {results['own_questions']}) "
        f"| other-conversation questions empty (of {results['other_questions']}) "
        f"| related pairs kept (of {results['related_pairs']}) "
        f"| unrelated pairs empty (of {results['unrelated_pairs']}) |"
    )
    lines = [head, "|---|---|---|---|---|---|"]
    for row in results["rows"]:
        mark = " (default)" if row["floor"] == results["configured_floor"] else ""
        lines.append(
            f"| {row['floor']}{mark} | {row['locomo_r10']:.4f} | {row['own_questions_empty']} "
            f"| {row['other_questions_empty']} | {row['related_pairs_kept']} "
            f"| {row['unrelated_pairs_empty']} |"
        )
    return "\n".join(lines)
