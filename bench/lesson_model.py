"""Fit the standing-instruction reader shipped as ``remem/data/lesson-model-minilm.json``.

    .venv/bin/python bench/lesson_model.py            # leave-one-project-out report only
    .venv/bin/python bench/lesson_model.py --write    # and write the model file

A prompt that tells the assistant how to work from now on — a correction of what it
just did, a standing rule, a preference about its work — is a lesson, however it is
phrased: as a statement about the speaker ("I like my summaries in three bullets"), a
fact about the team ("we keep one migration per pull request"), or what was wrong with
the last turn without naming it ("that's the old client again"). Sentence structure
(:mod:`remem.write.acts`) catches the directive phrasings; this reader scores the rest.
It is a logistic model on the bundled embedder's unit vector of the whole prompt, plus
whether an assistant turn came before it and the cosine between the two (a correction
is about that turn), fitted (L2, class-balanced, Newton) on every labelled prompt of
the spent sets — the sessions corpus's dev, held and held2 projects (correction and
preference are lessons) and both halves of the utterances set (correction, rule,
preference_work) — and on the sentences below, written for this fit. Only weights are
shipped, no sentence. The threshold (``act_lesson_min``) is chosen on the
leave-one-project-out scores printed here: of the prompts structure does not already
read as a lesson, how many lessons the model adds and how many others it turns into
lessons.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from fact_model import SPLITS, fit, prompts

from remem import Memory
from remem.config import Config
from remem.write.act_lesson import lesson_features
from remem.write.act_meaning import act_meaning, reader
from remem.write.act_sentence import STANDING_CUE
from remem.write.acts import Act, classify

ROOT = Path(__file__).resolve().parent
OUT = ROOT.parent / "src" / "remem" / "data" / "lesson-model-minilm.json"
LESSON = {"correction", "rule", "preference", "preference_work"}

# written for this fit, not taken from any evaluation set: (prompt, assistant turn before)
OWN_LESSONS = [
    ("I like my weekly report as a table with one row per team", ""),
    ("for recipes I'm happiest with metric units and oven temps in celsius", ""),
    ("when you write commit messages I want the ticket number first", ""),
    ("I'd like the explanations at the level of a junior developer", ""),
    ("our team does one feature flag per experiment, no exceptions", ""),
    ("we tag every release from the release branch, never from a laptop", ""),
    ("around here migrations are reviewed by two people before they run", ""),
    ("in this codebase the services talk over the queue, not direct http", ""),
    (
        "that's the deprecated client, the new sdk lives in pkg/sdk2",
        "I called legacy_client.fetch() for the orders.",
    ),
    ("wrong bucket, uploads go to the eu one", "Uploaded the export to s3://acme-us-exports."),
    (
        "you put the secret in the config file again, it belongs in the vault",
        "Added API_TOKEN to config.yaml.",
    ),
    (
        "that's not how we name branches, it's feature/<ticket>-<slug>",
        "Created branch fix-login-bug.",
    ),
    ("the tabs came back, this repo is spaces only", "Reformatted utils.c."),
    ("hmm those are US dates, I read day first", "Your flight leaves 03/04 at 9am."),
    (
        "too long, I only wanted the headline numbers",
        "Here is a detailed 12-section analysis of the quarter...",
    ),
    (
        "the old endpoint is gone, all calls go through the gateway now",
        "Requested http://billing.internal/v1/charge.",
    ),
]
OWN_OTHERS = [
    ("our team has four backend developers and a designer", ""),
    ("the release branch is called stable", ""),
    ("I like hiking on weekends with my brother", ""),
    ("we keep the invoices in a shared drive folder", ""),
    ("the build failed again on the arm runner", "Pushed the branch; CI started."),
    ("that looks great, thanks a lot", "Refactored the parser into two modules."),
    ("the old endpoint returns 404 since this morning", ""),
    ("ok that's done, now add a test for the empty case", "Fixed the off-by-one in paginate()."),
    ("what does the gateway do with a timeout?", ""),
    ("can you rename the bucket variables to something clearer", "Added the upload helper."),
    ("my daughter starts school in September", ""),
    ("hmm interesting, I didn't know that", "Python's sort is stable since 2.2."),
    ("the staging db was migrated to postgres 16 last week", ""),
    ("please draft the changelog for 2.3", ""),
    ("that's the one, ship it", "Here is the final diff for the retry logic."),
    ("we moved our standup to 9:30", ""),
]


def rows(mem: Memory, splits: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every labelled prompt with whether structure already reads a lesson in it, and
    whether its only lesson is a sentence read as a rule by its nearness to the
    standing instructions (``nearness``; the reading :func:`remem.write.act_meaning.reader`
    checks against the prompt's score, ``act_standing_prompt_min``)."""
    off = {"act_lesson_min": None, "act_standing_prompt_min": None}
    read = reader(mem.embedder, mem.config.model_copy(update=off))
    meaning = act_meaning(mem.embedder, mem.config)
    out = []
    for name, group, label, text, previous in prompts((*SPLITS, *splits)):
        said = read(text, previous=previous)
        # what the model may turn: a statement, no lesson and no question (act_meaning)
        open_ = not (said.is_lesson or said.has(Act.QUESTION)) and said.has(Act.STATEMENT)
        raw = classify(text, previous=previous, meaning=meaning)  # nearness read alone
        lessons = [s for s in raw.sentences if s.act in (Act.RULE, Act.CORRECTION)]
        nearness = bool(lessons) and all(
            any(c.startswith(STANDING_CUE) for c in s.cues) for s in lessons
        )
        out.append(
            {"set": name, "group": group, "y": int(label in LESSON), "text": text,
             "previous": previous, "structure": said.is_lesson, "open": open_,
             "nearness": nearness, "asks": raw.has(Act.REQUEST, Act.QUESTION)}
        )  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {OUT.name}")
    parser.add_argument("--thresholds", default="0,0.5,1,1.5,2")
    parser.add_argument("--lam", type=float, default=0.3)
    parser.add_argument("--fold-t", type=float, default=1.0, help="threshold of the per-fold table")
    parser.add_argument("--splits", default="held4", help="sessions splits beside dev/held/held2")
    parser.add_argument("--nearness", default="-9,-1.5,-1,-0.5,0,0.5,1")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, Memory(Path(tmp) / "m.db", config=Config()) as mem:
        data = rows(mem, tuple(s for s in args.splits.split(",") if s))
        x = np.array([lesson_features(mem.embedder, r["text"], r["previous"]) for r in data])
        own = OWN_LESSONS + OWN_OTHERS
        x_own = np.array([lesson_features(mem.embedder, t, p) for t, p in own])
        model_id = mem.embedder.model_id
    y = np.array([r["y"] for r in data])
    y_own = np.array([1] * len(OWN_LESSONS) + [0] * len(OWN_OTHERS))
    scores = np.zeros(len(data))
    groups = sorted({r["group"] for r in data})
    for group in groups:  # leave one project (utterances: one half's domain) out
        test = np.array([r["group"] == group for r in data])
        w = fit(np.vstack([x[~test], x_own]), np.r_[y[~test], y_own], args.lam)
        scores[test] = np.hstack([x[test], np.ones((test.sum(), 1))]) @ w
    print(f"{len(data)} prompts, {len(groups)} groups; structure = read as a lesson by structure")
    for name in sorted({r["set"] for r in data}):
        idx = [i for i, r in enumerate(data) if r["set"] == name]
        pos = sum(y[i] for i in idx)
        a = sum(data[i]["structure"] and y[i] for i in idx)
        b = sum(data[i]["structure"] and not y[i] for i in idx)
        print(f"  {name}: structure lessons {a}/{pos}, others read as lessons {b}/{len(idx) - pos}")
    print("added by the model (score >= t; structure read a statement, no lesson or question):")
    for t in (float(v) for v in args.thresholds.split(",")):
        cells = []
        for name in sorted({r["set"] for r in data}):
            idx = [i for i, r in enumerate(data) if r["set"] == name and r["open"]]
            pos = [i for i in idx if y[i] == 1]
            neg = [i for i in idx if y[i] == 0]
            a = sum(scores[i] >= t for i in pos)
            b = sum(scores[i] >= t for i in neg)
            cells.append(f"{name} lessons +{a}/{len(pos)} others +{b}/{len(neg)}")
        print(f"t={t:+.2f}  " + " | ".join(cells))
    t = args.fold_t
    print(f"per fold at t={t:+.2f} (sessions projects): lessons added / others turned")
    for group in groups:
        idx = [i for i, r in enumerate(data) if r["group"] == group and r["open"]]
        if not idx or not data[idx[0]]["set"].startswith("sessions"):
            continue
        pos = [i for i in idx if y[i] == 1]
        neg = [i for i in idx if y[i] == 0]
        a, b = sum(scores[i] >= t for i in pos), sum(scores[i] >= t for i in neg)
        print(f"  {data[idx[0]]['set']:16} {group:22} +{a}/{len(pos)}  {b}/{len(neg)}")
    print(
        "a rule by nearness alone (act_standing_prompt_min): prompts whose only lesson is a "
        "sentence near the standing instructions, kept when no ask is beside it and the "
        "held-out score >= t (lessons kept / others kept):"
    )
    for t in (float(v) for v in args.nearness.split(",")):
        cells = []
        for name in sorted({r["set"] for r in data}):
            idx = [i for i, r in enumerate(data) if r["set"] == name and r["nearness"]]
            kept = [i for i in idx if not data[i]["asks"] and scores[i] >= t]
            a, n_a = sum(y[i] for i in kept), sum(y[i] for i in idx)
            b, n_b = len(kept) - a, len(idx) - n_a
            cells.append(f"{name} {a}/{n_a} · {b}/{n_b}")
        print(f"t={t:+.2f}  " + " | ".join(cells))
    if args.write:
        w = fit(np.vstack([x, x_own]), np.r_[y, y_own], args.lam)
        model = {
            "model_id": model_id,
            "about": "remem standing-instruction reader: logistic on the unit prompt vector, "
            "an assistant turn before it and their cosine; fitted by bench/lesson_model.py",
            "weights": [round(float(v), 6) for v in w[:-3]],
            "previous": [round(float(v), 6) for v in w[-3:-1]],
            "bias": round(float(w[-1]), 6),
        }
        OUT.write_text(json.dumps(model) + "\n")
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
