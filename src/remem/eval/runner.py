"""The LoCoMo retrieval benchmark: ingest every turn through ``Memory.add``, ask every
question through ``Memory.search``, score turn-level recall and NDCG.

Each conversation gets its own namespace; a turn is stored raw as
``{speaker}: {text}`` with its session's date as ``valid_from`` and the speaker
as the message name. A retrieved memory counts as the turn it came from (by its
source resource), so facts extracted from turns (``include_facts``) are scored
against the same evidence. remem's default search is measured beside two
baselines run by the same search code: ``bm25`` alone and ``dense`` (pooled
vector) alone.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.eval.locomo import CATEGORIES, Conversation, Question, load_locomo
from remem.eval.metrics import ndcg_at_k, percentile, recall_at_k
from remem.eval.report import write_reports
from remem.memory import Memory

KS = (1, 5, 10, 20)
SEARCH_LIMIT = 20
SCORED_CATEGORIES = (1, 2, 3, 4)
# name -> search sources (None: the configured default)
MODES: dict[str, tuple[str, ...] | None] = {
    "remem": None,
    "bm25": ("bm25",),
    "dense": ("vector",),
}

Progress = Callable[[str], None]
# The hook for the write path's extracted facts: given the memory, a conversation
# whose raw turns are stored, and its namespace, store the facts extracted from it in
# that namespace and return {source resource id -> turn id (dia_id)} for the
# resources the facts point at (``MemoryRecord.source_resource_id``), so a retrieved
# fact counts as the turn it came from. Raw turns are mapped already.
FactExtractor = Callable[[Memory, Conversation, str], Mapping[str, str]]


def _default_fact_extractor(memory: Memory, conv: Conversation, namespace: str) -> dict[str, str]:
    from remem.eval.extraction import store_facts  # the write path, linked to source turns

    return store_facts(memory, conv, namespace)


def ingest_conversation(memory: Memory, conv: Conversation, namespace: str) -> dict[str, str]:
    """Store every turn; return resource id -> turn id."""
    by_resource: dict[str, str] = {}
    for session, turns in conv.sessions().items():
        messages = [
            {
                "role": "user",
                "name": turn.speaker,
                "content": turn.document(),
                **({"timestamp": turn.when} if turn.when else {}),
            }
            for turn in turns
        ]
        records = memory.add(
            messages,
            namespace=namespace,
            session_id=f"{conv.sample_id}/session_{session}",
            metadata={"dataset": "locomo"},
            infer=False,
        )
        for record, turn in zip(records, turns, strict=True):
            if record.source_resource_id is not None:
                by_resource[record.source_resource_id] = turn.dia_id
    return by_resource


def _score(ranked: Sequence[str], evidence: Sequence[str]) -> dict[str, float]:
    scores = {f"R@{k}": recall_at_k(ranked, evidence, k) for k in KS}
    scores["NDCG@10"] = ndcg_at_k(ranked, evidence, 10)
    return scores


def _mean(rows: Sequence[Mapping[str, float]]) -> dict[str, float]:
    if not rows:
        return {}
    return {key: round(sum(r[key] for r in rows) / len(rows), 4) for key in rows[0]}


def scored_questions(conv: Conversation) -> list[Question]:
    known = {t.dia_id for t in conv.turns}
    out = []
    for q in conv.questions:
        evidence = tuple(e for e in q.evidence if e in known)
        if q.category in SCORED_CATEGORIES and evidence and q.question.strip():
            out.append(Question(q.question, q.answer, evidence, q.category))
    return out


def run_locomo(
    path: str | Path,
    *,
    config: Config,
    out_dir: str | Path | None = None,
    include_facts: bool = False,
    limit_conversations: int | None = None,
    fact_extractor: FactExtractor | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Run the benchmark on the LoCoMo file at ``path``; return the results as a dict.

    The store is built in a temporary directory with ``config`` (its embedder and
    search settings are what is measured). With ``out_dir`` the results are also
    written there as JSON, a markdown table and (if matplotlib is installed) a
    PNG chart, named after the data file. The results hold only numbers.
    """
    say = progress or (lambda _msg: None)
    conversations = load_locomo(path)
    if limit_conversations is not None:
        conversations = conversations[:limit_conversations]
    per_mode: dict[str, list[tuple[int, dict[str, float]]]] = {m: [] for m in MODES}
    latency: dict[str, list[float]] = {m: [] for m in MODES}
    turns_total, ingest_s = 0, 0.0
    with tempfile.TemporaryDirectory(prefix="remem-locomo-") as tmp:
        # Accesses are not recorded: every question (and every baseline, asked after
        # remem's) meets the same store, not one the earlier questions' results aged.
        run_config = config.model_copy(
            update={"home": Path(tmp), "db_path": None, "record_access": False}
        )
        with Memory(Path(tmp) / "locomo.db", config=run_config) as memory:
            for n, conv in enumerate(conversations, start=1):
                namespace = f"locomo/{conv.sample_id}"
                started = time.perf_counter()
                by_resource = ingest_conversation(memory, conv, namespace)
                if include_facts:
                    extractor = fact_extractor or _default_fact_extractor
                    by_resource.update(extractor(memory, conv, namespace))
                ingest_s += time.perf_counter() - started
                turns_total += len(conv.turns)
                questions = scored_questions(conv)
                # Questions are asked as of the conversation's end, not today: recency and
                # relative expressions ("last year") count from its last session's date.
                now = max((t.when for t in conv.turns if t.when is not None), default=None)
                say(
                    f"[{n}/{len(conversations)}] {conv.sample_id}: {len(conv.turns)} turns, "
                    f"{len(questions)} questions"
                )
                for mode, sources in MODES.items():
                    for q in questions:
                        started = time.perf_counter()
                        hits = memory.search(
                            q.question,
                            namespace=namespace,
                            limit=SEARCH_LIMIT,
                            sources=sources,
                            now=now,
                        )
                        latency[mode].append((time.perf_counter() - started) * 1000)
                        ranked = [
                            by_resource[h.memory.source_resource_id]
                            for h in hits
                            if h.memory.source_resource_id in by_resource
                        ]
                        per_mode[mode].append(
                            (q.category, _score(list(dict.fromkeys(ranked)), q.evidence))
                        )
            stats = memory.stats()
            model_id = memory.embedder.model_id
    memories = max(int(stats["memories"]), 1)
    token_bytes = sum(v["bytes"] or 0 for v in stats.get("token_vectors", {}).values())
    results: dict[str, Any] = {
        "benchmark": "locomo-retrieval",
        "data": Path(path).name,
        "conversations": len(conversations),
        "questions": len(per_mode["remem"]),
        "embedder": model_id,
        "include_facts": include_facts,
        "search_limit": SEARCH_LIMIT,
        "config": {
            key: getattr(config, key)
            for key in type(config).model_fields
            if key.startswith(("rrf_", "bm25_", "vector_", "late_", "search_", "context_", "rank"))
            or key in ("fusion", "temporal_boost")
            or key.startswith("graph_")
        },
        "ingest": {
            "turns": turns_total,
            "seconds": round(ingest_s, 3),
            "turns_per_s": round(turns_total / ingest_s, 1) if ingest_s else 0.0,
        },
        "storage": {
            "memories": int(stats["memories"]),
            "file_bytes": int(stats["file_bytes"]),
            "file_bytes_per_memory": round(int(stats["file_bytes"]) / memories),
            "token_vector_bytes_per_memory": round(token_bytes / memories),
        },
        "modes": {},
    }
    for mode in MODES:
        rows = per_mode[mode]
        results["modes"][mode] = {
            "overall": _mean([s for _, s in rows]),
            "by_category": {
                CATEGORIES[c]: {"n": sum(1 for k, _ in rows if k == c)}
                | _mean([s for k, s in rows if k == c])
                for c in SCORED_CATEGORIES
                if any(k == c for k, _ in rows)
            },
            "latency_ms": {
                "p50": round(percentile(latency[mode], 50), 2),
                "p95": round(percentile(latency[mode], 95), 2),
            },
        }
    if out_dir is not None:
        results["files"] = write_reports(results, Path(out_dir), stem=Path(path).stem, say=say)
    return results
