"""Config variants on LoCoMo, scored per conversation, and a leave-one-conversation-out
estimate of how a choice among them carries to conversations it was not chosen on.

The store is built once (every turn through ``Memory.add`` as in
:mod:`remem.eval.runner`) and kept at ``db_path`` with a map from each stored
resource to its turn, so variants of the read path are compared on the same
memories. Each variant is a set of :class:`remem.config.Config` overrides; every
question of categories 1-4 is asked under each (``record_access`` off).

Cross-validation: for each conversation in turn, the variant with the best mean
``metric`` over the *other* conversations' questions is chosen and scored on the
held-out one; the estimate is the question-weighted mean over the folds, and
``optimism`` the mean of (score where chosen - score held out). A variant that
helps only where it was chosen shows up as optimism, not as a gain.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval.locomo import CATEGORIES, Conversation, load_locomo
from remem.eval.metrics import percentile, recall_at_k
from remem.eval.runner import SEARCH_LIMIT, ingest_conversation, scored_questions
from remem.memory import Memory

Progress = Callable[[str], None]
METRICS = ("R@5", "R@10", "R@20")


def open_store(
    data: str | Path, db_path: Path, *, config: Config, progress: Progress | None = None
) -> tuple[Memory, list[Conversation], dict[str, dict[str, str]]]:
    """The memory at ``db_path`` (built from ``data`` when it does not exist yet), the
    conversations, and ``{namespace: {resource id: turn id}}``."""
    say = progress or (lambda _m: None)
    conversations = load_locomo(data)
    turns_file = db_path.with_suffix(".turns.json")
    run_config = config.model_copy(update={"home": db_path.parent, "record_access": False})
    fresh = not db_path.exists() or not turns_file.exists()
    memory = Memory(db_path, config=run_config)
    if fresh:
        mapping: dict[str, dict[str, str]] = {}
        for n, conv in enumerate(conversations, start=1):
            namespace = f"locomo/{conv.sample_id}"
            mapping[namespace] = ingest_conversation(memory, conv, namespace)
            say(f"ingested [{n}/{len(conversations)}] {conv.sample_id}")
        turns_file.write_text(json.dumps(mapping))
    else:
        mapping = json.loads(turns_file.read_text())
    return memory, conversations, mapping


def run_variants(
    memory: Memory,
    conversations: Sequence[Conversation],
    mapping: Mapping[str, Mapping[str, str]],
    variants: Mapping[str, Mapping[str, Any]],
    *,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """One row per (variant, question): conversation, category, R@k, milliseconds."""
    say = progress or (lambda _m: None)
    base = memory.config
    rows: list[dict[str, Any]] = []
    try:
        for name, overrides in variants.items():
            memory.config = base.model_copy(update=dict(overrides))
            for conv in conversations:
                namespace = f"locomo/{conv.sample_id}"
                by_resource = mapping[namespace]
                now = max((t.when for t in conv.turns if t.when is not None), default=None)
                for q in scored_questions(conv):
                    started = time.perf_counter()
                    hits = memory.search(
                        q.question, namespace=namespace, limit=SEARCH_LIMIT, now=now
                    )
                    ms = (time.perf_counter() - started) * 1000
                    ranked = list(
                        dict.fromkeys(
                            by_resource[h.memory.source_resource_id or ""]
                            for h in hits
                            if (h.memory.source_resource_id or "") in by_resource
                        )
                    )
                    row: dict[str, Any] = {
                        "variant": name,
                        "conversation": conv.sample_id,
                        "category": CATEGORIES[q.category],
                        "ms": ms,
                    }
                    for metric in METRICS:
                        row[metric] = recall_at_k(ranked, q.evidence, int(metric[2:]))
                    rows.append(row)
            say(f"variant {name} done")
    finally:
        memory.config = base
    return rows


def _mean(rows: Sequence[Mapping[str, Any]], metric: str) -> float:
    return sum(float(r[metric]) for r in rows) / len(rows) if rows else 0.0


def summarise(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per variant: overall and per-category R@k, per-conversation R@10, p50/p95 ms."""
    out: dict[str, Any] = {}
    for name in dict.fromkeys(r["variant"] for r in rows):
        mine = [r for r in rows if r["variant"] == name]
        ms = [float(r["ms"]) for r in mine]
        out[name] = {
            **{m: round(_mean(mine, m), 4) for m in METRICS},
            "by_category": {
                c: {m: round(_mean([r for r in mine if r["category"] == c], m), 4) for m in METRICS}
                for c in dict.fromkeys(r["category"] for r in mine)
            },
            "by_conversation": {
                c: round(_mean([r for r in mine if r["conversation"] == c], "R@10"), 4)
                for c in dict.fromkeys(r["conversation"] for r in mine)
            },
            "p50_ms": round(percentile(ms, 50), 2),
            "p95_ms": round(percentile(ms, 95), 2),
        }
    return out


def cross_validate(rows: Sequence[Mapping[str, Any]], *, metric: str = "R@10") -> dict[str, Any]:
    """Leave one conversation out: the variant chosen on the others, scored on it."""
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    convs = list(dict.fromkeys(r["conversation"] for r in rows))
    folds = []
    held_rows: list[Mapping[str, Any]] = []
    for held in convs:
        train = {
            v: [r for r in rows if r["variant"] == v and r["conversation"] != held]
            for v in variants
        }
        chosen = max(variants, key=lambda v: (_mean(train[v], metric), -variants.index(v)))
        test = [r for r in rows if r["variant"] == chosen and r["conversation"] == held]
        held_rows.extend(test)
        folds.append(
            {
                "held_out": held,
                "chosen": chosen,
                "train": round(_mean(train[chosen], metric), 4),
                "test": round(_mean(test, metric), 4),
            }
        )
    categories = list(dict.fromkeys(r["category"] for r in held_rows))
    return {
        "metric": metric,
        "folds": folds,
        **{m: round(_mean(held_rows, m), 4) for m in METRICS},
        "by_category": {
            c: {
                m: round(_mean([r for r in held_rows if r["category"] == c], m), 4) for m in METRICS
            }
            for c in categories
        },
        "optimism": round(sum(f["train"] - f["test"] for f in folds) / len(folds), 4),
    }
