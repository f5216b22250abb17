"""The broad-questions benchmark: does "what do you know about me?" return the
user's memories, and does a question about something never said return nothing?

A persona file is a JSON list of objects::

    {"id": "p01", "user": "Maya Okafor", "facts": ["I'm a pediatric nurse ...", ...],
     "broad": ["what do you know about me?", ...],
     "broad_expect": {"what do you know about me?": ["pediatric nurse", ...]},
     "unrelated": ["What is my cat's name?", ...]}

and optionally ``"specific": [{"q": "who cuts my hair?", "expect": "barber"}, ...]``
(a paraphrase that one fact answers) and ``"unrelated_kinds"`` (parallel to
``unrelated``: "general", "near_miss", "absent"...).

Each persona gets its own user scope in one temporary store. Its facts are said
by the user (the message name is the user's first name), one a day, through
``Memory.add(infer=True)``; the questions are asked through ``Memory.search``
(``limit`` results) a day after the last fact. A returned memory counts as the
fact it was stored from (its source resource), so an expected substring is
looked for in the fact as written, not in the stored rewrite ("I'm" becomes
"Maya is").

- ``recall@k`` (broad questions): the share of a question's expected substrings
  found among the facts of its first k results;
- ``all@k``: the share of broad questions with every expected substring in the
  first k;
- ``silent`` (unrelated questions): the share that return nothing;
- ``returned``: how many results a broad question returns, on average;
- ``specific_recall@1`` / ``@5``: the share of specific questions whose one
  expected fact is the first result / among the first 5;
- ``silent_<kind>``: ``silent`` for the unrelated questions of one kind.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.errors import ValidationError
from remem.memory import Memory

Progress = Callable[[str], None]
START = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)  # the first fact; one a day after it
KS = (5, 10)


def load_personas(path: str | Path) -> list[dict[str, Any]]:
    """The personas of ``path``, checked for the fields the benchmark needs."""
    try:
        rows = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"cannot read personas from {path}: {exc}") from exc
    if not isinstance(rows, list) or not rows:
        raise ValidationError(f"{path}: expected a non-empty JSON list of personas")
    for i, row in enumerate(rows):
        missing = [
            f for f in ("id", "user", "facts", "broad", "broad_expect", "unrelated") if f not in row
        ]
        if missing:
            raise ValidationError(f"{path}: persona {i} lacks {', '.join(missing)}")
    return rows


def run_persona(
    mem: Memory,
    persona: Mapping[str, Any],
    *,
    limit: int,
    probes: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """Ingest one persona's facts into its own user scope and ask its questions (and
    the facet ``probes`` written for it: ``{"q", "expect"}``, ``expect`` None when
    the persona said nothing about the facet)."""
    user = f"broad-{persona['id']}"
    name = str(persona["user"]).split()[0]
    fact_of: dict[str, int] = {}  # source resource id -> fact index
    for i, fact in enumerate(persona["facts"]):
        when = START + timedelta(days=i)
        message = {"role": "user", "name": name, "content": fact, "timestamp": when}
        for record in mem.add([message], user_id=user, infer=True):
            if record.source_resource_id is not None:
                fact_of[record.source_resource_id] = i
    now = START + timedelta(days=len(persona["facts"]) + 1)

    def ask(question: str) -> list[int | None]:
        hits = mem.search(question, user_id=user, limit=limit, now=now)
        return [fact_of.get(h.memory.source_resource_id or "") for h in hits]

    facets = []
    for probe in probes:
        hits = mem.search(probe["q"], user_id=user, limit=limit, now=now)
        texts = [
            persona["facts"][fact_of[h.memory.source_resource_id]].lower()
            for h in hits
            if h.memory.source_resource_id in fact_of
        ]
        expect = probe.get("expect")
        facets.append(
            {
                "q": probe["q"],
                "expect": expect,
                "returned": len(hits),
                "found@5": expect is not None and any(expect.lower() in t for t in texts[:5]),
                "top_match": max(
                    (h.explain.get("match", {}).get("score", 0.0) for h in hits), default=None
                ),
            }
        )

    broad = []
    for question in persona["broad"]:
        facts = ask(question)
        texts = [persona["facts"][i].lower() for i in facts if i is not None]
        expected = [str(e) for e in persona["broad_expect"].get(question, [])]
        row: dict[str, Any] = {"q": question, "returned": len(facts), "expected": expected}
        for k in KS:
            found = [e for e in expected if any(e.lower() in t for t in texts[:k])]
            row[f"recall@{k}"] = len(found) / len(expected) if expected else 1.0
            row[f"missing@{k}"] = [e for e in expected if e not in found]
        broad.append(row)
    kinds = list(persona.get("unrelated_kinds") or [])
    unrelated = []
    for n, question in enumerate(persona["unrelated"]):
        facts = ask(question)
        unrelated.append(
            {
                "q": question,
                "kind": kinds[n] if n < len(kinds) else "unrelated",
                "returned": len(facts),
                "facts": [persona["facts"][i] for i in facts if i is not None][:3],
            }
        )
    specific = []
    for item in persona.get("specific", []):
        facts = ask(item["q"])
        expect = str(item["expect"]).lower()
        answer = [i for i, f in enumerate(persona["facts"]) if expect in f.lower()][:1]
        rank_of = facts.index(answer[0]) + 1 if answer and answer[0] in facts else None
        specific.append(
            {
                "q": item["q"],
                "expect": item["expect"],
                "returned": len(facts),
                "rank": rank_of,
                "first": persona["facts"][facts[0]] if facts and facts[0] is not None else None,
            }
        )
    return {
        "id": persona["id"],
        "broad": broad,
        "unrelated": unrelated,
        "specific": specific,
        "facets": facets,
    }


def run_broad(
    path: str | Path,
    *,
    config: Config,
    limit: int = 10,
    probes: str | Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Run every persona of ``path`` on a temporary store built from ``config`` (with
    the facet probes of ``probes``, a JSON ``{"probes": [{"persona", "q", "expect"}]}``)."""
    say = progress or (lambda _m: None)
    personas = load_personas(path)
    by_persona: dict[str, list[Mapping[str, Any]]] = {}
    if probes is not None:
        for probe in json.loads(Path(probes).read_text(encoding="utf-8"))["probes"]:
            by_persona.setdefault(str(probe["persona"]), []).append(probe)
    rows = []
    with tempfile.TemporaryDirectory(prefix="remem-broad-") as tmp:
        run_config = config.model_copy(
            update={"home": Path(tmp), "db_path": None, "record_access": False}
        )
        with Memory(Path(tmp) / "broad.db", config=run_config) as mem:
            for n, persona in enumerate(personas, start=1):
                rows.append(
                    run_persona(
                        mem, persona, limit=limit, probes=by_persona.get(str(persona["id"]), [])
                    )
                )
                say(f"[{n}/{len(personas)}] {persona['id']}")
    broad = [b for r in rows for b in r["broad"]]
    unrelated = [u for r in rows for u in r["unrelated"]]
    summary: dict[str, Any] = {
        "benchmark": "broad-questions",
        "data": Path(path).name,
        "personas": len(rows),
        "broad_questions": len(broad),
        "unrelated_questions": len(unrelated),
        "limit": limit,
        "embedder": config.embedder,
    }
    for k in KS:
        summary[f"recall@{k}"] = _mean(b[f"recall@{k}"] for b in broad)
        summary[f"all@{k}"] = _mean(float(b[f"recall@{k}"] == 1.0) for b in broad)
    summary["silent"] = _mean(float(u["returned"] == 0) for u in unrelated)
    summary["returned"] = _mean(float(b["returned"]) for b in broad)
    for kind in sorted({u["kind"] for u in unrelated}):
        of_kind = [u for u in unrelated if u["kind"] == kind]
        summary[f"silent_{kind}"] = _mean(float(u["returned"] == 0) for u in of_kind)
    specific = [s for r in rows for s in r.get("specific", [])]
    if specific:
        summary["specific_questions"] = len(specific)
        for k in (1, 5):
            summary[f"specific_recall@{k}"] = _mean(
                float(s["rank"] is not None and s["rank"] <= k) for s in specific
            )
    facets = [f for r in rows for f in r["facets"]]
    if facets:
        present = [f for f in facets if f["expect"] is not None]
        absent = [f for f in facets if f["expect"] is None]
        summary["facets_present_found@5"] = _mean(float(f["found@5"]) for f in present)
        summary["facets_absent_silent"] = _mean(float(f["returned"] == 0) for f in absent)
        summary["facet_probes"] = len(facets)
    summary["rows"] = rows
    return summary


def _mean(values: Any) -> float:
    items = list(values)
    return round(sum(items) / len(items), 4) if items else 0.0


def format_summary(result: Mapping[str, Any], *, show: bool = False) -> str:
    """A short human-readable summary of :func:`run_broad`'s result (``show``: every
    broad question missing an expected fact and every unrelated one answered)."""
    lines = [
        f"broad questions on {result['data']}: {result['personas']} personas, "
        f"{result['broad_questions']} broad and {result['unrelated_questions']} unrelated "
        f"questions, limit {result['limit']}",
        f"  broad recall@5 {result['recall@5']:.3f}  recall@10 {result['recall@10']:.3f}  "
        f"all expected in 5 {result['all@5']:.3f}  in 10 {result['all@10']:.3f}  "
        f"returned {result['returned']:.1f}",
        f"  unrelated answered with nothing {result['silent']:.3f}"
        + "".join(
            f"  {k.removeprefix('silent_')} {v:.3f}"
            for k, v in result.items()
            if k.startswith("silent_")
        ),
    ]
    if "specific_questions" in result:
        lines.append(
            f"  specific ({result['specific_questions']}): recall@1 "
            f"{result['specific_recall@1']:.3f}  recall@5 {result['specific_recall@5']:.3f}"
        )
    if "facet_probes" in result:
        lines.append(
            f"  facet probes ({result['facet_probes']}): present found in 5 "
            f"{result['facets_present_found@5']:.3f}, absent answered with nothing "
            f"{result['facets_absent_silent']:.3f}"
        )
    if show:
        for row in result["rows"]:
            for b in row["broad"]:
                if b["missing@5"]:
                    lines.append(f"  {row['id']} broad  {b['q']!r} missing@5 {b['missing@5']}")
            for u in row["unrelated"]:
                if u["returned"]:
                    lines.append(f"  {row['id']} unrel  {u['q']!r} -> {u['facts'][:1]}")
            for s in row.get("specific", []):
                if s["rank"] != 1:
                    lines.append(
                        f"  {row['id']} specific  {s['q']!r} rank {s['rank']} "
                        f"(returned {s['returned']}) first {s['first']!r}"
                    )
            for f in row.get("facets", []):
                ok = f["found@5"] if f["expect"] is not None else f["returned"] == 0
                lines.append(
                    f"  {row['id']} facet {'ok ' if ok else 'BAD'} {f['q']!r} "
                    f"returned {f['returned']} top match {f['top_match']}"
                )
    return "\n".join(lines)


def flatten(results: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per question of every persona (for a JSON report)."""
    out: list[dict[str, Any]] = []
    for row in results:
        out.extend({"persona": row["id"], "kind": "broad", **b} for b in row["broad"])
        out.extend(
            {"persona": row["id"], **u, "kind": "unrelated", "unrelated_kind": u["kind"]}
            for u in row["unrelated"]
        )
        out.extend({"persona": row["id"], "kind": "specific", **s} for s in row.get("specific", []))
        out.extend({"persona": row["id"], "kind": "facet", **f} for f in row.get("facets", []))
    return out
