"""The gate on short candidates: of the facts the rules extractor takes from a
LoCoMo-format file, how many are under ``gate_min_words`` words, and how many of
those the gate lets through (by reason otherwise).

    .venv/bin/python bench/short_gate.py ../shared/bench/locomo-dev.json [--show]

``--show`` prints the short candidates the gate accepts, for hand-labelling (fact
or chatter): the precision of the short rule.

    .venv/bin/python bench/short_gate.py --probes tests/write/fixtures/short-heldout.json

``--probes`` gates labelled short statements (``{"speaker", "facts", "chatter"}``),
as written and as the rules extractor rewrites them ("I ..." -> "<speaker> ..."),
and reports the share of facts accepted and of chatter refused, with every miss. Extractor and gate only: no store,
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
from remem.write.classify import build_candidate, words
from remem.write.extract.base import ExtractContext
from remem.write.extract.rules import RulesExtractor
from remem.write.gate import gate
from remem.write.transcript import Message


def _verdicts(text: str, speaker: str, config: Config) -> list[bool]:
    """Accepted or not: the text as written, then each short fact the extractor takes."""
    context = ExtractContext(config=config)
    out = [gate(build_candidate(text, config=config, speaker=speaker), config=config).accepted]
    message = Message(speaker=speaker, role="user", text=text)
    for fact in RulesExtractor().extract([message], context=context):
        if len(words(normalise(fact.content))) < config.gate_min_words:
            out.append(gate(fact, config=config).accepted)
    return out


def probes(path: Path, config: Config) -> dict[str, object]:
    """Facts accepted and chatter refused among labelled short statements."""
    data = json.loads(path.read_text())
    speaker = data["speaker"]
    fact_misses = [t for t in data["facts"] if not all(_verdicts(t, speaker, config))]
    chatter_misses = [t for t in data["chatter"] if any(_verdicts(t, speaker, config))]
    return {
        "facts_accepted": f"{len(data['facts']) - len(fact_misses)}/{len(data['facts'])}",
        "chatter_refused": f"{len(data['chatter']) - len(chatter_misses)}/{len(data['chatter'])}",
        "facts_refused": fact_misses,
        "chatter_accepted": chatter_misses,
    }


def locomo(path: Path, config: Config, *, show: bool) -> dict[str, object]:
    """The short candidates the rules extractor takes from a LoCoMo file, gated."""
    context = ExtractContext(config=config)
    candidates, reasons, accepted = 0, Counter[str](), []
    for conv in load_locomo(path):
        for turns in conv.sessions().values():
            for fact in RulesExtractor().extract(_messages(turns), context=context):
                candidates += 1
                if len(words(normalise(fact.content))) >= config.gate_min_words:
                    continue
                decision = gate(fact, config=config)
                reasons[decision.reason] += 1
                if decision.accepted:
                    accepted.append(fact.content)
    return {
        "data": path.name,
        "candidates": candidates,
        "short_candidates": sum(reasons.values()),
        "short_accepted": len(accepted),
        "short_by_reason": dict(reasons.most_common()),
        **({"accepted": accepted} if show else {}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, nargs="?", help="LoCoMo-format JSON file")
    parser.add_argument("--show", action="store_true", help="list the accepted short ones")
    parser.add_argument("--probes", type=Path, help="labelled short statements (JSON)")
    args = parser.parse_args(argv)
    if (args.path is None) == (args.probes is None):
        parser.error("give a LoCoMo file or --probes FILE")
    config = Config()
    result: dict[str, object] = {"benchmark": "short-gate"}
    if args.probes is not None:
        result.update(probes(args.probes, config))
    else:
        result.update(locomo(args.path, config, show=args.show))
    result["command"] = "python bench/short_gate.py " + " ".join(argv or sys.argv[1:])
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
