"""Every turn of a LoCoMo-format file through the rules extractor and the write gate, no store.

    python bench/extraction_gate.py ../shared/bench/locomo-dev.json --out A.json
    python bench/extraction_gate.py ../shared/bench/locomo-dev.json --out B.json --against A.json

Each turn is one user message of its speaker; its candidate facts are gated as
``Memory.remember`` gates them, without a store (no duplicate check). Prints the count of
candidates, of accepted ones and of each refusal reason; with ``--against`` an earlier
run's output, also how many accepted texts are new, how many of those extend a text
accepted before (a sentence joined to it), the new ones that extend none (printed), and
how many accepted before are inside no accepted text now. The data is read at run time
and never copied; the output holds the candidate texts (keep it out of the repository).
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

from remem.config import Config
from remem.write.extract import ExtractContext, RulesExtractor
from remem.write.gate import gate
from remem.write.transcript import Message


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo-format JSON file")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--against", type=Path, default=None)
    args = parser.parse_args(argv)
    config = Config(embedder="fake")
    rows: list[tuple[str, bool, str]] = []
    for conversation in json.loads(args.path.read_text()):
        turns = conversation["conversation"]
        for key, session in turns.items():
            if not re.fullmatch(r"session_\d+", key):
                continue
            for turn in session:
                message = Message(speaker=turn["speaker"], role="user", text=turn["text"])
                context = ExtractContext(config=config)
                for fact in RulesExtractor().extract([message], context=context):
                    verdict = gate(fact, config=config)
                    rows.append((fact.content, verdict.accepted, verdict.reason))
    args.out.write_text(json.dumps(rows))
    reasons = collections.Counter(reason for _, _, reason in rows)
    print(json.dumps({"candidates": len(rows), "reasons": dict(reasons)}))
    if args.against is not None:
        before = {text for text, ok, _ in json.loads(args.against.read_text()) if ok}
        now = {text for text, ok, _ in rows if ok}
        new = sorted(now - before)
        extends = [t for t in new if any(b.rstrip(".") in t for b in before)]
        lost = [b for b in before if not any(b.rstrip(".") in t for t in now)]
        print(json.dumps({"new": len(new), "extend": len(extends), "lost": len(lost)}))
        for text in new:
            if text not in extends:
                print(" +", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
