"""False updates among chat facts: how many pairs of LoCoMo sentences the update check
scores as an update, when almost none are.

Each sentence of each turn (three words or more, first person resolved to its speaker,
one statement) is compared with its nearest sentences (cosine of the configured
embedder) of the same conversation's earlier sessions, as an older fact; the pair is
scored by :func:`remem.slots.compare` with the embedding evidence, as the write path
scores it. Each ``--variant`` (JSON Config overrides) is scored over the same pairs.

    .venv/bin/python bench/update_pairs.py /work/shared/bench/locomo-dev.json \
        --limit-conversations 2 --variant base='{"update_change_share": 1.01}' --variant now='{}'

The data is read at run time and never copied; the output holds counts only
(``--verbose`` prints the pairs scored as updates to stderr).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

from remem.config import Config
from remem.providers.registry import get_embedder
from remem.slots import Fact, analyse, compare
from remem.slots.compare import texts_to_embed
from remem.slots.semantic import lookup
from remem.textsplit import sentence_spans
from remem.write.extract.person import resolve_first_person

_SESSION = re.compile(r"session_(\d+)")


def sentences(data: list[dict[str, object]]) -> list[tuple[int, int, str, str]]:
    """``(conversation, session, speaker, text)`` of every comparable sentence."""
    out = []
    for ci, conv in enumerate(data):
        turns_by_session = conv["conversation"]
        assert isinstance(turns_by_session, dict)
        for key, turns in turns_by_session.items():
            match = _SESSION.fullmatch(key)
            if not match:
                continue
            for turn in turns:
                text, speaker = turn["text"], turn["speaker"]
                for start, end in sentence_spans(text):
                    sentence = text[start:end].strip()
                    if len(sentence.split()) < 3:
                        continue
                    resolved = resolve_first_person(sentence, speaker)
                    if analyse(resolved, speaker).comparable:
                        out.append((ci, int(match.group(1)), speaker, resolved))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo-format JSON file")
    parser.add_argument("--limit-conversations", type=int, default=None, metavar="N")
    parser.add_argument("--neighbours", type=int, default=10)
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME=JSON", help="Config overrides"
    )
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    variants = dict(v.split("=", 1) for v in args.variant) or {"default": "{}"}
    config = Config.load()
    embedder = get_embedder(config.embedder, config)
    data = json.loads(args.path.read_text())[: args.limit_conversations]
    facts = sentences(data)
    vectors = np.asarray(embedder.embed_documents([f[3] for f in facts]))
    shapes: dict[int, Fact] = {}

    def shape(i: int) -> Fact:
        if i not in shapes:
            shapes[i] = analyse(facts[i][3], facts[i][2])
        return shapes[i]

    pairs: list[tuple[int, int]] = []
    for i, (conv, session, _, _) in enumerate(facts):
        earlier = [j for j, f in enumerate(facts) if f[0] == conv and f[1] < session]
        if earlier:
            sims = vectors[earlier] @ vectors[i]
            pairs += [(earlier[k], i) for k in np.argsort(-sims)[: args.neighbours]]
    scored = [
        (a, b)
        for a, b in pairs
        if compare(shape(a), shape(b), weights=config.update_weights).relation
        not in ("other", "same")
    ]
    texts = list(dict.fromkeys(t for a, b in scored for t in texts_to_embed(shape(a), shape(b))))
    vecs = dict(zip(texts, embedder.embed_documents(texts), strict=True))
    result: dict[str, object] = {
        "benchmark": "update-pairs",
        "data": args.path.name,
        "conversations": len(data),
        "sentences": len(facts),
        "pairs": len(pairs),
        "embedder": config.embedder,
        "updates": {},
    }
    for name, overrides in variants.items():
        cfg = config.model_copy(update=json.loads(overrides))
        similarity = lookup(
            vecs,
            cfg.update_slot_floor,
            cfg.update_kin_floor,
            cfg.update_slot_share,
            cfg.update_change_share,
            cfg.update_weak_cue_floor,
            cfg.update_tie_floor,
            cfg.update_person_margin,
        )
        found = 0
        for a, b in scored:
            verdict = compare(shape(a), shape(b), weights=cfg.update_weights, similarity=similarity)
            if verdict.updates(cfg.update_threshold):
                found += 1
                if args.verbose:
                    print(
                        f"{name}: {facts[a][3]} => {facts[b][3]} | {verdict.explain()}",
                        file=sys.stderr,
                    )
        result["updates"][name] = found  # type: ignore[index]
    result["command"] = "python bench/update_pairs.py " + " ".join(argv or sys.argv[1:])
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
