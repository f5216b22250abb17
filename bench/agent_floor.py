"""What the learned floor leaves out in bench/agent.py's feedback arm, and why.

    .venv/bin/python bench/agent_floor.py --seed 8 [--world bench/data/agent-world-webapp.json]
        [--floor-alone] [--out bench/results/agent-floor-webapp-8.json]

Runs bench/agent.py's script with feedback (the same sessions, the same
simulated assistant) and looks at each session start's candidates in sessions
20-30: every candidate the learned floor left out that the block would have
taken without the floor (among its first ``agent_context_max_items``), whether
it was relevant to the session (bench/agent.py's test) and what its
judgements held when it was left out:

- ``never judged``: no judgement with a match score;
- ``judged, never used``: ignored every time (or only redundant);
- ``used with an anchor``: used in one response with a memory the block holds
  on its own evidence (matched above the floor, or used for a query like this
  one) — what ``feedback_floor_used_with`` gives back;
- ``used, not with an anchor``: used, but never beside one of those.

``--floor-alone`` turns ``feedback_floor_used_with`` off (the floor as it was
before it), so the counts show what the floor alone leaves out. Also counted:
the candidates the floor let back in (``used_with``), relevant or not. The
hooks are instrumentation of this run only: ``Recaller.unskipped`` is wrapped
to see the candidates with their ``explain["feedback"]``, and bench/agent.py's
relevance test is reused as it is.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from agent_script import load_world

import agent as bench
from remem.agent import recall
from remem.config import Config
from remem.read.feedback_context import judgements, used_in


def _groups(
    blocks: list[dict[str, Any]], items: int
) -> tuple[Counter[tuple[str, str]], Counter[str]]:
    """Per evidence group and relevance, the within-reach candidates the floor left
    out; and the relevance of those it let back in."""
    out: Counter[tuple[str, str]] = Counter()
    back: Counter[str] = Counter()
    for block in blocks:
        floor = block["floor"]
        anchors: set[str] = set()
        rank = 0
        for row in block["rows"]:
            label = "relevant" if row["relevant"] else "irrelevant"
            if row["reason"] == "used_with":
                back[label] += 1
            if row["reason"] not in ("kept", "below_floor", "used_with"):
                continue
            rank += 1
            if row["reason"] == "kept" and (
                row["used_here"] or floor is None or row["match"] is None or row["match"] >= floor
            ):
                anchors |= set(row["responses"])
            if row["reason"] != "below_floor" or rank > items:
                continue
            if not row["judged"]:
                group = "never judged"
            elif not row["used_any"]:
                group = "judged, never used"
            elif anchors.intersection(row["responses"]):
                group = "used with an anchor"
            else:
                group = "used, not with an anchor"
            out[(group, label)] += 1
    return out, back


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--world", type=Path, default=bench.WORLDS / "agent-world-webapp.json")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--embedder", default="onnx-minilm")
    parser.add_argument("--floor-alone", action="store_true")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    config = Config(
        embedder=args.embedder,
        llm_provider=None,
        jobs_catchup_budget_ms=bench.CATCHUP_MS,
        feedback_floor_used_with=not args.floor_alone,
    )
    calls: list[dict[str, Any]] = []
    blocks: list[dict[str, Any]] = []
    unskipped = recall.Recaller.unskipped

    def watched(self: recall.Recaller, hits: Any, terms: Any, *a: Any, **kw: Any) -> Any:
        hits = list(hits)
        kept = {h.memory.id for h in unskipped(self, hits, terms, *a, **kw)}
        floor = recall.learned_floor((h.memory for h in hits), self.mem.config)
        rows = []
        for hit in hits:
            why = hit.explain.get("feedback", {})
            if hit.memory.id in kept:
                reason = "used_with" if "used_with" in why else "kept"
            else:
                reason = next(
                    (k for k in ("redundant_beside", "quoted_by", "below_floor") if k in why),
                    "skip",
                )
            rows.append(
                {
                    "record": hit.memory,
                    "reason": reason,
                    "match": recall.match_of(hit),
                    "used_here": bool(why.get("used")),
                    "judged": sum(
                        isinstance(j.get("match"), int | float) and "explained_by" not in j
                        for j in judgements(hit.memory)
                    ),
                    "used_any": bool(why.get("used_any")),
                    "responses": sorted(used_in(hit.memory)),
                }
            )
        calls.append({"floor": floor.floor, "rows": rows})
        return [h for h in hits if h.memory.id in kept]

    start_block: dict[str, Any] = {}
    relevant_ids, is_relevant = bench._relevant_ids, bench._is_relevant

    def ids_of(context: Any) -> list[str]:
        ids = relevant_ids(context)
        if not start_block.get("open"):  # a session start (the tool's recall comes next)
            start_block.update(open=True, call=calls[-1] if calls else None, scored=False)
        else:
            start_block["open"] = False
        calls.clear()
        return ids

    def relevant(record: Any, session: Any, keys: Any, families: Any) -> bool:
        call = start_block.get("call")
        if start_block.get("open") and not start_block["scored"] and call:
            start_block["scored"] = True
            if session.index >= bench.PRECISION_FROM:
                for row in call["rows"]:
                    row["relevant"] = is_relevant(row.pop("record"), session, keys, families)
                blocks.append(call)
        return is_relevant(record, session, keys, families)

    recall.Recaller.unskipped = watched  # type: ignore[method-assign]
    bench._relevant_ids, bench._is_relevant = ids_of, relevant
    arm = bench.run(load_world(args.world), args.seed, feedback=True, config=config)
    dropped, back = _groups(blocks, config.agent_context_max_items)
    result = {
        "world": args.world.stem.removeprefix("agent-world-"),
        "seed": args.seed,
        "used_with": not args.floor_alone,
        "injected_20_30": arm.injected,
        "relevant_injected_20_30": arm.relevant,
        "left_out_within_reach": {f"{g} / {r}": n for (g, r), n in sorted(dropped.items())},
        "let_back_in": dict(back),
    }
    bench.emit(result, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
