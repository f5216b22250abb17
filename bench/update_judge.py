"""A pair judge on the embedding model, read leave-one-set-out on the update check's pairs.

    .venv/bin/python bench/update_judge.py /tmp/pairs.jsonl [...] --sets SET.json ...

The records are ``bench/update_fit.py collect``'s (every pair the offline update check
scored, labelled: in an update row the old memory with the ``after`` fact naming the
new value is an update, in a control the kept memory with each ``after`` fact is not;
the lifecycle banks' pairs with ``--banks``). For each pair the two statements are
analysed (:func:`remem.slots.analyse`, the speaker from the scenario) and their values
masked (:func:`remem.slots.semantic.masked`, the texts the write path already embeds);
the features are the check's evidence (by weight name) and the bundled embedder's unit
vectors of the two masked statements combined as ``|a - b|`` and ``a * b``, reduced to
``--dims`` components each (principal components of the training pairs).

The judge is a second opinion beside the hand weights: a pair the check scored under
``update_threshold`` is called an update when the judge's logit reaches a threshold
chosen on the *training* groups (the lowest at which at most ``--allow`` of their
non-updates under the hand threshold turn). Per left-out group: updates found by the
hand weights, and by the hand weights or the judge; non-updates turned; and by row,
the update rows gained and the controls lost. Nothing is written: the numbers decide.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
from update_fit import NAMES, fit_logistic, group

from remem.config import Config
from remem.providers.onnx import OnnxMiniLMEmbedder
from remem.slots import analyse
from remem.slots.semantic import masked


def speakers(paths: list[Path]) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    for p in paths:
        for row in json.loads(p.read_text("utf-8")):
            out[(p.name, row["id"])] = row["speaker"]
    return out


def pairs_of(
    records: list[dict[str, Any]], who: dict[tuple[str, str], str]
) -> list[dict[str, Any]]:
    out = []
    for rec in records:
        speaker = who.get((rec["set"], rec["id"]))
        for p in rec["pairs"]:
            if p["relation"] not in ("candidate", "unrelated"):
                continue
            out.append(
                {
                    "group": group(rec["set"]),
                    "row": (rec["set"], rec["id"]),
                    "control": rec["control"],
                    "label": p["label"],
                    "score": p["score"],
                    "f": [p["features"].get(n, 0.0) for n in NAMES],
                    "a": masked(analyse(p["old"], speaker)),
                    "b": masked(analyse(p["fact"], speaker)),
                }
            )
    return out


def unit(embedder: OnnxMiniLMEmbedder, texts: list[str]) -> dict[str, np.ndarray]:
    texts = sorted(set(texts))
    v = np.asarray(embedder.embed_documents(texts), dtype=np.float64)
    v /= np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-9)
    return dict(zip(texts, v, strict=True))


def components(x: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    mean = x.mean(axis=0)
    _, _, vt = np.linalg.svd(x - mean, full_matrices=False)
    return mean, vt[:k].T


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--sets", nargs="*", type=Path, default=[])
    parser.add_argument("--dims", type=int, default=8)
    parser.add_argument("--lam", type=float, default=1.0)
    parser.add_argument("--allow", type=int, default=0)
    parser.add_argument("--no-vectors", action="store_true", help="the evidence features only")
    parser.add_argument("--no-evidence", action="store_true", help="the vectors only")
    parser.add_argument("--show", default="", help="print the pairs a left-out group's judge turns")
    parser.add_argument(
        "--min-score", type=float, default=-99.0, help="judge only pairs scored this high"
    )
    args = parser.parse_args(argv)
    config = Config.load()
    threshold = config.update_threshold
    records = [json.loads(line) for p in args.data for line in p.read_text().splitlines()]
    ps = pairs_of(records, speakers(args.sets))
    vec = unit(OnnxMiniLMEmbedder(), [t for p in ps for t in (p["a"], p["b"]) if t])
    zero = np.zeros(384)
    a = np.asarray([vec.get(p["a"], zero) for p in ps])
    b = np.asarray([vec.get(p["b"], zero) for p in ps])
    diff, prod = np.abs(a - b), a * b
    cos = prod.sum(axis=1, keepdims=True)
    ev = np.asarray([p["f"] for p in ps])
    y = np.asarray([p["label"] for p in ps], float)
    g = np.asarray([p["group"] for p in ps])
    scores = np.asarray([p["score"] for p in ps])
    hand = scores >= threshold
    print(f"pairs {len(ps)}: updates {int(y.sum())}, not {int((y == 0).sum())}", file=sys.stderr)
    head = "| left out | pairs (upd / not) | hand: found / false | + judge: found / false "
    head += "| rows gained | controls lost | judge threshold |"
    print(head)
    print("|---|---|---|---|---|---|---|")
    totals = np.zeros(4, int)
    for name in sorted(set(g)):
        tr, te = g != name, g == name
        parts = [] if args.no_evidence else [ev]
        parts.append(cos)
        if not args.no_vectors and args.dims > 0:
            md, pd = components(diff[tr], args.dims)
            mp, pp = components(prod[tr], args.dims)
            parts += [(diff - md) @ pd, (prod - mp) @ pp]
        x = np.hstack(parts)
        mu, sd = x[tr].mean(axis=0), x[tr].std(axis=0) + 1e-9
        x = (x - mu) / sd
        w, bias = fit_logistic(x[tr], y[tr], args.lam)
        z = x @ w + bias
        # threshold on the training groups: at most --allow of their non-updates the
        # hand weights leave under the threshold turn
        neg = np.sort(z[tr & (y == 0) & ~hand & (scores >= args.min_score)])[::-1]
        cut = neg[min(args.allow, len(neg) - 1)] + 1e-6 if len(neg) else 0.0
        judged = hand | ((z >= cut) & (scores >= args.min_score))
        if name == args.show:
            for i in np.flatnonzero(te & judged & ~hand):
                print(
                    f"  {int(y[i])} z={z[i]:.2f} s={scores[i]:.2f} {ps[i]['a']!r} -> {ps[i]['b']!r}"
                )
        yt, ht, jt = y[te], hand[te], judged[te]
        rows_gain: set[Any] = set()
        lost: set[Any] = set()
        rows = defaultdict(list)
        for i in np.flatnonzero(te):
            rows[ps[i]["row"]].append(i)
        for row, idx in rows.items():
            if ps[idx[0]]["control"]:
                if any(judged[i] for i in idx) and not any(hand[i] for i in idx):
                    lost.add(row)
            else:
                pos = [i for i in idx if y[i] == 1]
                if pos and any(judged[i] for i in pos) and not any(hand[i] for i in pos):
                    rows_gain.add(row)
        line = (
            f"| {name} | {int(yt.sum())} / {int((yt == 0).sum())} "
            f"| {int((ht & (yt == 1)).sum())} / {int((ht & (yt == 0)).sum())} "
            f"| {int((jt & (yt == 1)).sum())} / {int((jt & (yt == 0)).sum())} "
            f"| {len(rows_gain)} | {len(lost)} | {cut:.2f} |"
        )
        print(line)
        totals += [int((ht & (yt == 1)).sum()), int((jt & (yt == 1)).sum()),
                   int((ht & (yt == 0)).sum()), int((jt & (yt == 0)).sum())]  # fmt: skip
    print(f"all: found {totals[0]} -> {totals[1]}, false {totals[2]} -> {totals[3]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
