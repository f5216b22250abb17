"""Extraction quality on LoCoMo-format data: does searching extracted facts find the
evidence turns as well as searching the raw turns?

For every conversation the rules extractor runs over each session; every fact is
stored linked to its source turn (its resource). Three stores are then searched
with the same questions — (a) raw turns, (b) facts only, (c) both — and a hit
counts as the turn it came from. Also reported: facts per turn, the gate's
rejection rate by reason, and the duplicate rate among stored facts (share whose
nearest other fact is above the gate's duplicate cosine, or has the same text).
"""

from __future__ import annotations

import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from remem.config import Config
from remem.eval.locomo import Conversation, Turn, load_locomo
from remem.eval.metrics import recall_at_k
from remem.eval.runner import SCORED_CATEGORIES
from remem.memory import Memory
from remem.model import Scope
from remem.write.transcript import Message

Progress = Callable[[str], None]
VARIANTS = ("raw", "facts", "both")


def _messages(turns: list[Turn]) -> list[Message]:
    return [
        Message(
            speaker=t.speaker,
            role="user",
            text=t.text + (f" [shares image: {t.image_caption}]" if t.image_caption else ""),
            timestamp=t.when,
            ref=t.dia_id,
        )
        for t in turns
    ]


def _store_raw(mem: Memory, conv: Conversation, namespace: str) -> dict[str, str]:
    by_resource = {}
    for session, turns in conv.sessions().items():
        records = mem.add(
            [
                {"role": "user", "name": t.speaker, "content": t.document(), "timestamp": t.when}
                for t in turns
            ],
            namespace=namespace,
            session_id=f"{conv.sample_id}/{session}",
            infer=False,
        )
        for record, turn in zip(records, turns, strict=True):
            by_resource[record.source_resource_id or ""] = turn.dia_id
    return by_resource


def store_facts(
    mem: Memory, conv: Conversation, namespace: str, decisions: Counter[str] | None = None
) -> dict[str, str]:
    """Extract and store the facts of every session of ``conv`` in ``namespace``;
    return ``{resource id: turn id}`` so a retrieved fact counts as its source turn."""
    decisions = Counter() if decisions is None else decisions
    by_resource = {}
    for session, turns in conv.sessions().items():
        report = mem.ingest_messages(
            _messages(turns),
            scope=Scope(namespace=namespace),
            session_id=f"{conv.sample_id}/{session}",
        )
        for resource_id, turn in zip(report.resource_ids, turns, strict=True):
            by_resource[resource_id] = turn.dia_id
        for d in report.decisions:
            decisions[d.action if d.action != "rejected" else f"rejected:{d.reason}"] += 1
    return by_resource


def duplicate_rate(mem: Memory, namespace: str, threshold: float) -> tuple[int, int]:
    """(duplicates, stored facts) among the active facts of ``namespace``."""
    facts = [m for m in mem.store.iter_memories(Scope(namespace=namespace)) if m.status == "active"]
    if len(facts) < 2:
        return 0, len(facts)
    vectors = mem.embedder.embed_documents([m.content for m in facts])
    sims = vectors @ vectors.T
    np.fill_diagonal(sims, -1.0)
    texts = Counter(m.content.casefold() for m in facts)
    dup = sum(
        1
        for i, m in enumerate(facts)
        if sims[i].max() > threshold or texts[m.content.casefold()] > 1
    )
    return dup, len(facts)


def run_extraction(
    path: str | Path,
    *,
    config: Config,
    limit_conversations: int | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Measure extraction on the LoCoMo file at ``path`` (see the module doc)."""
    say = progress or (lambda _m: None)
    conversations = load_locomo(path)[:limit_conversations]
    recalls: dict[str, dict[int, list[float]]] = {v: {5: [], 10: []} for v in VARIANTS}
    decisions: Counter[str] = Counter()
    turns = dups = stored = 0
    seconds = 0.0
    with tempfile.TemporaryDirectory(prefix="remem-extract-") as tmp:
        run_config = config.model_copy(update={"home": Path(tmp), "db_path": None})
        with Memory(Path(tmp) / "x.db", config=run_config) as mem:
            for n, conv in enumerate(conversations, start=1):
                ns = {v: f"{v}/{conv.sample_id}" for v in VARIANTS}
                maps: dict[str, Mapping[str, str]] = {"raw": _store_raw(mem, conv, ns["raw"])}
                started = time.perf_counter()
                maps["facts"] = store_facts(mem, conv, ns["facts"], decisions)
                seconds += time.perf_counter() - started
                both = dict(_store_raw(mem, conv, ns["both"]))
                both.update(store_facts(mem, conv, ns["both"], Counter()))
                maps["both"] = both
                d, s = duplicate_rate(mem, ns["facts"], config.gate_duplicate_cosine)
                dups, stored, turns = dups + d, stored + s, turns + len(conv.turns)
                known = {t.dia_id for t in conv.turns}
                questions = [
                    q
                    for q in conv.questions
                    if q.category in SCORED_CATEGORIES and any(e in known for e in q.evidence)
                ]
                for q in questions:
                    evidence = [e for e in q.evidence if e in known]
                    for variant in VARIANTS:
                        hits = mem.search(q.question, namespace=ns[variant], limit=20)
                        ranked = list(
                            dict.fromkeys(
                                maps[variant][h.memory.source_resource_id or ""]
                                for h in hits
                                if (h.memory.source_resource_id or "") in maps[variant]
                            )
                        )
                        for k in (5, 10):
                            recalls[variant][k].append(recall_at_k(ranked, evidence, k))
                say(f"[{n}/{len(conversations)}] {conv.sample_id}: {len(questions)} questions")
    candidates = sum(decisions.values())
    rejected = {k.split(":", 1)[1]: v for k, v in decisions.items() if k.startswith("rejected:")}
    return {
        "benchmark": "locomo-extraction",
        "data": Path(path).name,
        "conversations": len(conversations),
        "questions": len(recalls["raw"][5]),
        "extractor": config.extractor,
        "embedder": config.embedder,
        "recall": {
            v: {f"R@{k}": round(float(np.mean(r)), 4) if r else 0.0 for k, r in ks.items()}
            for v, ks in recalls.items()
        },
        "turns": turns,
        "candidates": candidates,
        "facts_stored": decisions["stored"] + decisions["merged"],
        "facts_per_turn": round((decisions["stored"] + decisions["merged"]) / max(turns, 1), 3),
        "candidates_per_turn": round(candidates / max(turns, 1), 3),
        "rejection_rate": round(sum(rejected.values()) / max(candidates, 1), 4),
        "rejected_by_reason": dict(sorted(rejected.items(), key=lambda kv: -kv[1])),
        "reinforced": decisions["reinforced"],
        "duplicate_rate": round(dups / max(stored, 1), 4),
        "extract_turns_per_s": round(turns / seconds, 1) if seconds else 0.0,
    }
