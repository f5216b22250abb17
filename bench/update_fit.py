"""Where update misses come from, by stage, and the update weights fitted on the spent sets.

    .venv/bin/python bench/update_fit.py collect --out /tmp/update-pairs.jsonl [--banks] SET.json ...
    .venv/bin/python bench/update_fit.py fit /tmp/update-pairs.jsonl

``collect`` runs each scenario of each set through the write path as the updates
benchmark does (``remem.eval.updates``: ``before``, then ``after`` three months later,
each scenario in its own scope) and records, for every fact of ``after``, the verdict of
the offline update check against each memory it was compared with: the relation, the
score and the evidence by weight name. Each update row gets the stage its miss comes
from:

- ``old_not_stored``: no memory of ``before`` holds the old value (superseded holds
  vacuously);
- ``after_not_stored``: no fact of ``after`` reached the update check (extraction, or a
  text of several statements);
- ``never_compared``: no fact of ``after`` was compared with the old memory (candidate
  retrieval);
- ``ruled_out``: compared, but ruled out before any evidence (another subject or list
  member, "not one statement", "nothing differs": the reason is kept);
- ``below``: scored, under the threshold (a feature missing, or weights);
- ``rejected``: scored above the threshold, but the fact was not stored (the gate);
- ``other_target``: another memory was superseded.

A row's pairs are labelled for the fit: in an update row, the old memory with the
``after`` fact that names the new value (or the only one) is an update; in a control,
the kept memory with every ``after`` fact is not. ``--banks`` adds the lifecycle
banks' labelled pairs (``bench/update_banks.py``): an update found, or a false one.

``fit`` prints, per set, the benchmark's numbers and the stages of its misses, then
fits a logistic model (L2, class-balanced, Newton) over the evidence features
leave-one-set-out (each set's pairs scored by a model fitted without them, at the
threshold that calls as many of the other sets' non-updates updates as the shipped
weights do) beside the shipped weights. Nothing is written: the records hold the sets'
sentences and stay in the path given to ``--out``.

``collect --shared-scope`` puts every scenario of a set into one scope, so that the
other scenarios' facts compete for the nearest memories a fact is compared with.
The recording wraps the write path's ``plan_update`` and ``decide`` (a benchmark
only; the tests never do).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

import remem.eval.updates as updates_module
import remem.write.decide as decide_module
from remem.config import DEFAULT_UPDATE_WEIGHTS, Config
from remem.eval.updates import load_scenarios, run_scenario
from remem.memory import Memory

_RECORDS: list[dict[str, Any]] = []


def _instrument() -> None:
    """Record every update plan and every decision of the write path (bench only)."""
    plan_update, decide = decide_module.plan_update, decide_module.decide

    def recording_plan(fact: Any, neighbours: Any, **kwargs: Any) -> Any:
        plan = plan_update(fact, neighbours, **kwargs)
        by_id = {m.id: m for m, _ in neighbours}
        _RECORDS.append(
            {
                "fact": fact.content,
                "compared": [
                    {
                        "old": by_id[i].content,
                        "relation": v.relation,
                        "score": v.score,
                        "features": dict(v.features),
                        "reasons": list(v.reasons),
                    }
                    for i, v in plan.verdicts.items()
                ],
                "target": plan.target.content if plan.target is not None else None,
            }
        )
        return plan

    def recording_decide(session: Any, fact: Any, *args: Any, **kwargs: Any) -> Any:
        out = decide(session, fact, *args, **kwargs)
        _RECORDS.append({"decided": fact.content, "action": out.action, "reason": out.reason})
        return out

    say = updates_module._say

    def recording_say(mem: Any, text: str, *args: Any) -> Any:
        _RECORDS.append({"say": text})
        return say(mem, text, *args)

    decide_module.plan_update = recording_plan  # type: ignore[assignment]
    decide_module.decide = recording_decide  # type: ignore[assignment]
    updates_module._say = recording_say  # type: ignore[assignment]


def _stage(row: dict[str, Any], res: dict[str, Any], plans: list[dict[str, Any]],
           decided: dict[str, tuple[str, str]], threshold: float) -> str:  # fmt: skip
    old = str(row["old"]).lower()
    if not res["old_found"]:
        return "old_not_stored"
    if res["superseded"]:
        return "ok"
    if not plans:
        return "after_not_stored"
    pairs = [c for p in plans for c in p["compared"] if old in c["old"].lower()]
    if not pairs:
        return "never_compared"
    scored = [c for c in pairs if c["relation"] in ("candidate", "unrelated", "contradiction")]
    if not scored:
        return "ruled_out: " + pairs[0]["reasons"][0].split(":")[0]
    above = [c for c in scored if c["relation"] == "contradiction" or c["score"] >= threshold]
    if not above:
        return "below"
    targets = [p for p in plans if p["target"] and old in p["target"].lower()]
    if targets and any(decided.get(p["fact"], ("",))[0] == "rejected" for p in targets):
        return "rejected"
    return "other_target"


def collect(paths: list[Path], config: Config, *, shared: bool = False) -> Iterator[dict[str, Any]]:
    """One record per scenario: its stage and its labelled pairs. ``shared``: every
    scenario of a set in one scope, so that the other scenarios' facts compete for the
    nearest memories a fact is compared with (candidate retrieval)."""
    _instrument()
    for path in paths:
        rows = load_scenarios(path)
        with tempfile.TemporaryDirectory(prefix="remem-fit-") as tmp:
            cfg = config.model_copy(update={"home": Path(tmp), "db_path": None})
            with Memory(Path(tmp) / "fit.db", config=cfg) as mem:
                for row in rows:
                    _RECORDS.clear()
                    res = run_scenario(mem, row, namespace="fit" if shared else f"fit/{row['id']}")
                    marks = [i for i, r in enumerate(_RECORDS) if r.get("say") == row["after"]]
                    after = _RECORDS[marks[-1] + 1 :] if marks else []
                    after_plans = [r for r in after if "compared" in r]
                    decided = {r["decided"]: (r["action"], r["reason"]) for r in after
                               if "decided" in r}  # fmt: skip
                    yield _record(path, row, res, after_plans, decided, cfg)
        print(f"{path.name}: {len(rows)} scenarios", file=sys.stderr)


def _record(path: Path, row: dict[str, Any], res: dict[str, Any], plans: list[dict[str, Any]],
            decided: dict[str, tuple[str, str]], cfg: Config) -> dict[str, Any]:  # fmt: skip
    control = row.get("old") is None
    pairs: list[dict[str, Any]] = []
    if control:
        keep = str(row["keep"]).lower()
        for p in plans:
            for c in p["compared"]:
                if keep in c["old"].lower():
                    pairs.append({**c, "fact": p["fact"], "label": 0})
        stage = "kept" if res["kept"] else "control_lost"
    else:
        old, new = str(row["old"]).lower(), str(row["new"]).lower()
        naming = [p for p in plans if new in p["fact"].lower()] or (
            plans if len(plans) == 1 else []
        )
        for p in naming:
            for c in p["compared"]:
                if old in c["old"].lower():
                    pairs.append({**c, "fact": p["fact"], "label": 1})
        stage = _stage(row, res, plans, decided, cfg.update_threshold)
    return {
        "set": path.name,
        "id": row["id"],
        "class": row.get("class", ""),
        "control": control,
        "stage": stage,
        "newest_first": res["newest_first"],
        "pairs": pairs,
        "targets": [[p["fact"], p["target"]] for p in plans if p["target"]],
    }


def bank_pairs(config: Config) -> Iterator[dict[str, Any]]:
    """The lifecycle banks' labelled pairs (see ``bench/update_banks.py``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import update_banks as ub

    from remem.providers.registry import get_embedder
    from remem.slots import analyse, compare
    from remem.slots.compare import texts_to_embed
    from remem.slots.semantic import lookup

    embedder = get_embedder(config.embedder, config)
    for bank in ("dev", "third", "fourth"):
        messages, speaker = ub.year(bank, 1)
        said = ub.accepted(messages, speaker, config)
        vectors = np.asarray(embedder.embed_documents([s.text for s in said]))
        pairs: set[tuple[int, int]] = set()
        for i, s in enumerate(said):
            earlier = [j for j in range(i) if said[j].message < s.message]
            if earlier:
                sims = vectors[earlier] @ vectors[i]
                pairs.update((earlier[k], i) for k in np.argsort(-sims)[:10])
            pairs.update((j, i) for j in earlier if ub.label(said[j], s) == "update")
        shapes = {i: analyse(s.text, s.speaker) for i, s in enumerate(said)}
        labelled = [(a, b, lab) for a, b in sorted(pairs) if (lab := ub.label(said[a], said[b]))]
        texts = list(dict.fromkeys(
            t for a, b, _ in labelled for t in texts_to_embed(shapes[a], shapes[b])
        ))  # fmt: skip
        vecs = dict(zip(texts, embedder.embed_documents(texts), strict=True))
        similarity = lookup(
            vecs, config.update_slot_floor, config.update_kin_floor, config.update_slot_share,
            config.update_change_share, config.update_weak_cue_floor, config.update_tie_floor,
            config.update_person_margin,
        )  # fmt: skip
        out = []
        for a, b, lab in labelled:
            v = compare(shapes[a], shapes[b], weights=config.update_weights, similarity=similarity)
            out.append({
                "old": said[a].text, "fact": said[b].text, "relation": v.relation,
                "score": v.score, "features": dict(v.features), "reasons": list(v.reasons),
                "label": int(lab == "update"),
            })  # fmt: skip
        yield {"set": f"banks-{bank}", "id": bank, "class": "banks", "control": False,
               "stage": "banks", "newest_first": None, "pairs": out}  # fmt: skip


NAMES = sorted(DEFAULT_UPDATE_WEIGHTS)
_PROJECT = (
    "updates-dev.json",
    "updates-heldout.json",
    "updates-final.json",
    "updates-sessions.json",
)


def group(name: str) -> str:
    """The leave-one-out group of a set: the banks together, the project's own sets together."""
    if name.startswith("banks-"):
        return "banks"
    return "project" if name in _PROJECT else name


def scored_pairs(records: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels and groups of every pair the check scored (not ruled out)."""
    xs, ys, gs = [], [], []
    for rec in records:
        for p in rec["pairs"]:
            if p["relation"] in ("candidate", "unrelated"):
                xs.append([p["features"].get(n, 0.0) for n in NAMES])
                ys.append(p["label"])
                gs.append(group(rec["set"]))
    return np.asarray(xs, float), np.asarray(ys, float), np.asarray(gs)


def fit_logistic(x: np.ndarray, y: np.ndarray, lam: float) -> tuple[np.ndarray, float]:
    """L2-regularised, class-balanced logistic regression by Newton's method."""
    n, d = x.shape
    pos = max(y.sum(), 1.0)
    neg = max(n - y.sum(), 1.0)
    sw = np.where(y > 0, n / (2 * pos), n / (2 * neg))
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    reg = np.full(d + 1, lam)
    reg[-1] = 1e-6
    for _ in range(50):
        p = 1 / (1 + np.exp(-(xb @ w)))
        grad = xb.T @ (sw * (p - y)) + reg * w
        hess = (xb * (sw * p * (1 - p))[:, None]).T @ xb + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w[:-1], float(w[-1])


def set_table(records: list[dict[str, Any]]) -> list[str]:
    """Per set, as the updates benchmark counts them: newest first over every row, old
    superseded (or never stored) over the updates, controls kept."""
    by_set: dict[str, list[dict[str, Any]]] = {}
    for rec in records:
        if rec["stage"] != "banks":
            by_set.setdefault(rec["set"], []).append(rec)
    lines = ["| set | newest first | old superseded | controls kept |", "|---|---|---|---|"]
    for name, recs in by_set.items():
        updates = [r for r in recs if not r["control"]]
        controls = [r for r in recs if r["control"]]
        first = sum(r["newest_first"] for r in recs) / len(recs)
        gone = sum(r["stage"] in ("ok", "old_not_stored") for r in updates) / max(len(updates), 1)
        kept = sum(r["stage"] == "kept" for r in controls)
        lines.append(f"| {name} | {first:.3f} | {gone:.3f} | {kept} of {len(controls)} |")
    return lines


def leave_one_set_out(records: list[dict[str, Any]], lam: float, threshold: float) -> list[str]:
    """Per group: the pairs the shipped weights and a model fitted without the group call
    updates, the fitted model at the threshold that calls as many of the *other* groups'
    non-updates updates as the shipped weights do (matched false positives)."""
    x, y, g = scored_pairs(records)
    w0 = np.asarray([DEFAULT_UPDATE_WEIGHTS[n] for n in NAMES])
    lines = [
        "| left out | pairs (updates / not) | shipped weights: found / false "
        "| fitted without it: found / false | its threshold |",
        "|---|---|---|---|---|",
    ]
    for name in sorted(set(g)):
        train, test = g != name, g == name
        w, b = fit_logistic(x[train], y[train], lam)
        negatives = np.sort((x[train] @ w + b)[y[train] == 0])[::-1]
        allowed = int(((x[train] @ w0 >= threshold) & (y[train] == 0)).sum())
        cut = negatives[min(allowed, len(negatives) - 1)] + 1e-6
        z, z0, yt = x[test] @ w + b, x[test] @ w0, y[test]

        def found(s: np.ndarray, t: float, label: int) -> int:
            return int(((s >= t) & (yt == label)).sum())  # noqa: B023

        lines.append(
            f"| {name} | {int(yt.sum())} / {int((yt == 0).sum())} "
            f"| {found(z0, threshold, 1)} / {found(z0, threshold, 0)} "
            f"| {found(z, cut, 1)} / {found(z, cut, 0)} | {cut:.2f} |"
        )
    return lines


_STAGES = ("ok", "old_not_stored", "after_not_stored", "never_compared", "ruled_out", "below",
           "rejected", "other_target")  # fmt: skip


def stage_table(records: list[dict[str, Any]]) -> list[str]:
    """Update rows by the stage their miss comes from, per set; then the reasons of
    the rows ruled out."""
    counts: dict[str, Counter[str]] = {}
    for rec in records:
        if rec["control"] or rec["stage"] == "banks":
            continue
        counts.setdefault(rec["set"], Counter())[rec["stage"].split(":")[0]] += 1
    lines = ["| set | " + " | ".join(_STAGES) + " |", "|---" * (len(_STAGES) + 1) + "|"]
    for name, c in counts.items():
        lines.append(f"| {name} | " + " | ".join(str(c[s]) for s in _STAGES) + " |")
    ruled = Counter(rec["stage"] for rec in records if rec["stage"].startswith("ruled_out"))
    return [*lines, "", *(f"- {k}: {v}" for k, v in ruled.most_common())]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("sets", nargs="*", type=Path)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--banks", action="store_true")
    c.add_argument("--shared-scope", action="store_true", help="one scope for a set")
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+", type=Path)
    f.add_argument("--lam", type=float, default=1.0)
    args = parser.parse_args(argv)
    config = Config.load()
    if args.cmd == "collect":
        with args.out.open("a", encoding="utf-8") as out:
            for rec in collect(args.sets, config, shared=args.shared_scope):
                out.write(json.dumps(rec) + "\n")
                out.flush()
            if args.banks:
                for rec in bank_pairs(config):
                    out.write(json.dumps(rec) + "\n")
        return 0
    records = [json.loads(line) for p in args.data for line in p.read_text().splitlines()]
    print("\n".join(set_table(records)))
    print()
    print("\n".join(stage_table(records)))
    print()
    print("\n".join(leave_one_set_out(records, args.lam, config.update_threshold)))
    x, y, _ = scored_pairs(records)
    w, b = fit_logistic(x, y, args.lam)
    fitted = {n: round(float(v), 3) for n, v in zip(NAMES, w, strict=True)}
    print(json.dumps({"fitted on every set": fitted, "bias": round(b, 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
