"""Fit the broad-question reader shipped as ``remem/data/broad-model-minilm.json``.

    .venv/bin/python bench/broad_model.py            # leave-one-set-out report only
    .venv/bin/python bench/broad_model.py --write    # and write the model file

"What's my money picture looking like?", "catch me up on me", "Finances?", "who
matters to me?" ask for what the store holds about the user, in phrasings the frames
of :mod:`remem.read.broad` (a telling or knowing verb, "who am I", a quantifier) do
not cover. This reader scores them: a logistic model (L2, class-balanced, Newton; the
fit of bench/fact_model.py) on the bundled embedder's unit vector of the question,
fitted on the broad questions (positive) and the specific and unrelated questions
(negative) of the two broad sets' dev halves, and every LoCoMo dev question
(negative: questions about a named person). Only weights are shipped, no sentence.
The threshold (``broad_model_min``) is chosen on the leave-one-set-out table printed
here: trained on one set (and half of LoCoMo), how many of the other set's broad
questions the structure or the model reads as broad, and how many of its specific
and unrelated questions, and of the other half of LoCoMo, the model turns.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from fact_model import fit

from remem.providers.onnx import OnnxMiniLMEmbedder
from remem.read.broad import broad_question

ROOT = Path(__file__).resolve().parent
OUT = ROOT.parent / "src" / "remem" / "data" / "broad-model-minilm.json"
SETS = {
    "broad": ROOT / "data" / "judgement" / "broad.dev.json",
    "broad2": ROOT / "data" / "blind11" / "broad2" / "broad2.dev.json",
}
LOCOMO = Path("/work/shared/bench/locomo-dev.json")


def questions(path: Path) -> tuple[list[str], list[str]]:
    """(broad questions, specific and unrelated ones) of a persona file."""
    pos: list[str] = []
    neg: list[str] = []
    for persona in json.loads(path.read_text("utf-8")):
        pos += persona["broad"]
        neg += persona.get("unrelated", []) + [s["q"] for s in persona.get("specific", [])]
    return pos, neg


def unit(embedder: OnnxMiniLMEmbedder, texts: list[str]) -> np.ndarray:
    vectors = np.asarray(embedder.embed_documents(texts), dtype=np.float64)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {OUT.name}")
    parser.add_argument("--locomo", type=Path, default=LOCOMO)
    parser.add_argument("--thresholds", default="-1,-0.5,0,0.5,1,1.5,2")
    parser.add_argument(
        "--fit-on", default=",".join(SETS), help="sets the written model is fitted on"
    )
    args = parser.parse_args(argv)
    embedder = OnnxMiniLMEmbedder()
    data = {name: questions(path) for name, path in SETS.items()}
    vec = {name: (unit(embedder, p), unit(embedder, n)) for name, (p, n) in data.items()}
    locomo = [q["question"] for c in json.loads(args.locomo.read_text("utf-8")) for q in c["qa"]]
    lo = unit(embedder, locomo)
    halves = (lo[: len(lo) // 2], lo[len(lo) // 2 :])
    thresholds = [float(t) for t in args.thresholds.split(",")]
    print(
        "| trained on | tested on | threshold | broad read (structure / + model) | specific and unrelated turned | LoCoMo half turned |"
    )
    print("|---|---|---:|---|---|---|")
    names = list(vec)
    for k, test in enumerate(names):
        train = [n for n in names if n != test]
        x = np.vstack([vec[n][0] for n in train] + [vec[n][1] for n in train] + [halves[k % 2]])
        y = np.r_[
            np.ones(sum(len(vec[n][0]) for n in train)),
            np.zeros(sum(len(vec[n][1]) for n in train) + len(halves[k % 2])),
        ]
        w = fit(x, y)
        pos, neg = data[test]
        structure = np.array([broad_question(q) is not None for q in pos])
        wrong = np.array([broad_question(q) is not None for q in neg])
        sp = vec[test][0] @ w[:-1] + w[-1]
        sn = vec[test][1] @ w[:-1] + w[-1]
        sl = halves[1 - k % 2] @ w[:-1] + w[-1]
        for t in thresholds:
            print(
                f"| {'+'.join(train)} + LoCoMo half | {test} | {t:+.1f} | "
                f"{structure.mean():.3f} / {(structure | (sp > t)).mean():.3f} | "
                f"{(wrong | (sn > t)).sum()} of {len(neg)} | {(sl > t).sum()} of {len(sl)} |"
            )
    if args.write:
        chosen = [vec[n] for n in args.fit_on.split(",")]
        x = np.vstack([v[0] for v in chosen] + [v[1] for v in chosen] + [lo])
        y = np.r_[
            np.ones(sum(len(v[0]) for v in chosen)),
            np.zeros(sum(len(v[1]) for v in chosen) + len(lo)),
        ]
        w = fit(x, y)
        OUT.write_text(
            json.dumps(
                {
                    "model_id": embedder.model_id,
                    "fitted_by": "bench/broad_model.py",
                    "weights": [round(float(v), 6) for v in w[:-1]],
                    "bias": round(float(w[-1]), 6),
                }
            )
            + "\n"
        )
        print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
