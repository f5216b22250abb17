"""Fit the durable-fact reader shipped as ``remem/data/fact-model-minilm.json``.

    .venv/bin/python bench/fact_model.py            # leave-one-project-out report only
    .venv/bin/python bench/fact_model.py --write    # and write the model file

A prompt is an instruction to the assistant: of the sentences the structure reads as
statements (:mod:`remem.write.acts`), only a durable fact about the project or the user
may reach long-term memory, not what is said in passing (a mood, a judgement, what is
wrong right now, the day's news). The reader is a logistic model on the bundled
embedder's unit vector of the sentence plus one structural feature (the sentence pins a
value down: :func:`remem.write.acts.durable_beside_ask`), fitted (L2, class-balanced,
Newton) on every statement sentence of the labelled prompts of the spent sets — the
sessions corpus's dev, held and held2 projects and both halves of the utterances set:
a statement in a prompt labelled fact / update / mixed / keep_request / remember is
durable, one in a request / question / chatter / thanks prompt is not — and on the
sentences below, written for this fit. Only weights are shipped, no sentence.
The threshold (``act_durable_min``) is chosen on the leave-one-project-out scores
printed here (each project's sentences scored by a model fitted without them).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from remem import Memory
from remem.config import Config
from remem.eval.sessions import turn_before
from remem.write.act_meaning import reader
from remem.write.acts import durable_beside_ask

ROOT = Path(__file__).resolve().parent
OUT = ROOT.parent / "src" / "remem" / "data" / "fact-model-minilm.json"
DURABLE = {"fact", "update", "mixed", "keep_request", "remember"}
PASSING = {"request", "question", "chatter", "thanks"}
SPLITS = ("dev", "held", "held2")  # --splits adds more (held4: the leave-one-out report)
LAMBDA = 0.3

# written for this fit, not taken from any evaluation set
OWN_PASSING = """this new linter is way more pleasant than the old one
honestly the best afternoon I've had with this codebase
that build was painfully slow today
ugh mondays
I'm so tired, long week
the coffee machine at work broke again lol
finally the weekend
this refactor is going great
wow that was quick
it's snowing outside and I can't focus
my neighbour is drilling again
I love how clean the diff looks now
that error message is super confusing
the page feels sluggish when I scroll
the login button looks off on my phone
the report takes ages to load right now
heading out for lunch, back in an hour
off to a meeting, carry on
kids are home sick today so I'm slow
this is the most fun I've had coding in months
we were up late fixing the release, I'm exhausted
the tests were flaky this morning
the chart is a bit blurry on retina screens
that took way longer than I hoped
omg it works
nice, much better than before
the sidebar overlaps the footer on small screens
my laptop fan is screaming
not a fan of how that dialog looks
ok signing off for tonight""".splitlines()
OWN_DURABLE = """the payments service listens on port 8081
we host the docs on Netlify
our release branch is called release/stable
the staging cluster runs in eu-west-1
I work from Berlin, so my timezone is CET
the mobile app targets iOS 17 and up
my manager is called Priya and she reviews every schema change
we switched from yarn to pnpm last month
nightly backups go to the bucket acme-backups
the api keys live in 1Password under the Ops vault
our designer Tom owns the icon set
the cron for invoices runs at 02:00 UTC
the test database is seeded from fixtures/base.json
we keep feature flags in LaunchDarkly
I have a standing dentist appointment on the first Friday of the month""".splitlines()


def prompts(splits: tuple[str, ...] = SPLITS) -> Iterator[tuple[str, str, str, str, str]]:
    """(set, group, label, text, previous) of every labelled prompt."""
    for split in splits:
        for path in sorted((ROOT / "data" / "sessions" / split).glob("*.json")):
            project = json.loads(path.read_text())
            for session in project["sessions"]:
                for i, event in enumerate(session["events"]):
                    if event.get("hook") == "UserPromptSubmit":
                        yield (
                            f"sessions-{split}", project["project"], str(event.get("label")),
                            event["prompt"], turn_before(session, i),
                        )  # fmt: skip
    for half in ("dev", "held"):
        for line in (ROOT / "data" / "utterances" / f"utterances.{half}.jsonl").open():
            row = json.loads(line)
            group = f"utterances-{half}-{row['domain']}"
            yield f"utterances-{half}", group, row["label"], row["text"], row.get("previous") or ""


def sentences(mem: Memory, splits: tuple[str, ...] = SPLITS) -> list[dict[str, Any]]:
    """Every statement sentence of a labelled prompt that is no lesson, labelled."""
    read = reader(mem.embedder, mem.config.model_copy(update={"act_durable_min": None}))
    out = []
    for name, group, label, text, previous in prompts(splits):
        if label not in DURABLE | PASSING:
            continue
        said = read(text, previous=previous)
        if said.is_lesson:
            continue
        kept = set(said.statements())
        for s in said.sentences:
            if s.act.value == "statement":
                out.append(
                    {"set": name, "group": group, "y": int(label in DURABLE), "text": s.text,
                     "kept": s.text in kept}
                )  # fmt: skip
    return out


def features(mem: Memory, texts: list[str]) -> np.ndarray:
    vectors = np.asarray(mem.embedder.embed_documents(texts), dtype=np.float64)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    values = np.array([[float(durable_beside_ask(t))] for t in texts])
    return np.hstack([vectors, values])


def fit(x: np.ndarray, y: np.ndarray, lam: float = LAMBDA) -> np.ndarray:
    """L2 logistic regression, classes weighted equally, by Newton steps; the last
    weight is the bias (not penalised)."""
    a = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(a.shape[1])
    weight = np.where(y == 1, 0.5 / y.mean(), 0.5 / (1 - y.mean()))
    penalty = lam * np.r_[np.ones(x.shape[1]), 0.0]
    for _ in range(50):
        p = 1 / (1 + np.exp(-a @ w))
        grad = a.T @ (weight * (p - y)) + penalty * w
        hess = (a * (weight * p * (1 - p))[:, None]).T @ a + np.diag(penalty)
        w -= np.linalg.solve(hess, grad)
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {OUT.name}")
    parser.add_argument("--thresholds", default="-9,-1.5,-1.25,-1,-0.75,-0.5,0")
    parser.add_argument(
        "--splits", default=",".join(SPLITS), help="sessions splits (e.g. dev,held,held2,held4)"
    )
    args = parser.parse_args(argv)
    splits = tuple(args.splits.split(","))
    with tempfile.TemporaryDirectory() as tmp, Memory(Path(tmp) / "m.db", config=Config()) as mem:
        rows = sentences(mem, splits)
        x = features(mem, [r["text"] for r in rows])
        own = OWN_PASSING + OWN_DURABLE
        x_own = features(mem, own)
        model_id = mem.embedder.model_id
    y = np.array([r["y"] for r in rows])
    y_own = np.array([0] * len(OWN_PASSING) + [1] * len(OWN_DURABLE))
    scores = np.zeros(len(rows))
    groups = sorted({r["group"] for r in rows})
    for group in groups:  # leave one project (utterances: one half's domain) out
        test = np.array([r["group"] == group for r in rows])
        w = fit(np.vstack([x[~test], x_own]), np.r_[y[~test], y_own])
        scores[test] = np.hstack([x[test], np.ones((test.sum(), 1))]) @ w
    print(f"{len(rows)} statement sentences, {len(groups)} groups; kept = kept now and score >= t")
    for t in (float(v) for v in args.thresholds.split(",")):
        cells = []
        for name in sorted({r["set"] for r in rows}):
            idx = [i for i, r in enumerate(rows) if r["set"] == name]
            pos = [i for i in idx if y[i] == 1]
            neg = [i for i in idx if y[i] == 0]
            a = sum(rows[i]["kept"] and scores[i] >= t for i in pos)
            b = sum(rows[i]["kept"] and scores[i] >= t for i in neg)
            cells.append(f"{name} durable {a}/{len(pos)} passing {b}/{len(neg)}")
        print(f"t={t:+.2f}  " + " | ".join(cells))
    if args.write:
        w = fit(np.vstack([x, x_own]), np.r_[y, y_own])
        model = {
            "model_id": model_id,
            "about": "remem durable-fact reader: logistic on the unit sentence vector and "
            "holds_value; fitted by bench/fact_model.py",
            "weights": [round(float(v), 6) for v in w[:-2]],
            "value": round(float(w[-2]), 6),
            "bias": round(float(w[-1]), 6),
        }
        OUT.write_text(json.dumps(model) + "\n")
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
