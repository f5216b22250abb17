"""The gate on short candidates: of the facts the rules extractor takes from a
LoCoMo-format file, how many are under ``gate_min_words`` words, and how many of
those the gate lets through (by reason otherwise).

    .venv/bin/python bench/short_gate.py ../shared/bench/locomo-dev.json [--show]

``--show`` prints the short candidates the gate accepts, for hand-labelling (fact
or chatter): the precision of the short rule. Extractor and gate only: no store,
no embedder, so no duplicate check. The data is read at run time and never
copied; the output holds only numbers unless ``--show`` is given.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from remem.config import Config
from remem.eval.extraction import _messages
from remem.eval.locomo import load_locomo
from remem.textnorm import normalise
from remem.write.classify import words
from remem.write.extract.base import ExtractContext
from remem.write.extract.rules import RulesExtractor
from remem.write.gate import gate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo-format JSON file")
    parser.add_argument("--show", action="store_true", help="print the accepted short ones")
    args = parser.parse_args(argv)
    config = Config()
    context = ExtractContext(config=config)
    candidates, reasons, accepted = 0, Counter[str](), []
    for conv in load_locomo(args.path):
        for turns in conv.sessions().values():
            for fact in RulesExtractor().extract(_messages(turns), context=context):
                candidates += 1
                if len(words(normalise(fact.content))) >= config.gate_min_words:
                    continue
                decision = gate(fact, config=config)
                reasons[decision.reason] += 1
                if decision.accepted:
                    accepted.append(fact.content)
    short = sum(reasons.values())
    result = {
        "benchmark": "short-gate",
        "data": args.path.name,
        "candidates": candidates,
        "short_candidates": short,
        "short_accepted": len(accepted),
        "short_by_reason": dict(reasons.most_common()),
        "command": "python bench/short_gate.py " + " ".join(argv or sys.argv[1:]),
    }
    print(json.dumps(result, indent=2))
    if args.show:
        print("\n".join(accepted))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
