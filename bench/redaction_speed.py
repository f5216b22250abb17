"""How long redaction takes: microseconds per ``scrub`` call (what the store's choke
point runs on every text parameter it writes) on benign and secret texts, cold (the
"known clean" cache emptied before each call: a text seen for the first time) and
warm (the same text again), and per ``redact`` of a long message.

    .venv/bin/python bench/redaction_speed.py
    PYTHONPATH=<another checkout>/src .venv/bin/python bench/redaction_speed.py  # compare

Inputs: the benign and secret corpora in tests/fixtures/ (each line as a text,
and as a JSON object holding it, as metadata and checkpoints are written), plus
their lines with a non-ASCII character added (the normalising path). Best of
``--repeat`` rounds of CPU time (time.process_time: the machine is shared, so wall time
would measure the neighbours); compare runs made back to back.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import remem
from remem import secrets

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def _lines(path: Path) -> list[str]:
    return [ln for ln in path.read_text("utf-8").splitlines() if ln and not ln.startswith("# ")]


def corpora() -> dict[str, list[str]]:
    benign = _lines(FIXTURES / "secrets_benign.txt")
    found = [json.loads(ln)["text"] for ln in _lines(FIXTURES / "secrets_corpus.jsonl")]
    return {
        "benign": benign,
        "benign, non-ASCII": [f"{t} — café" for t in benign],
        "benign JSON": [json.dumps({"note": t, "n": 1}) for t in benign],
        "secrets": found,
        "secrets JSON": [json.dumps({"note": t}) for t in found],
    }


def per_call(fn: Callable[[str], Any], texts: list[str], *, cold: bool, repeat: int) -> float:
    """Best-of-``repeat`` microseconds per call of ``fn`` over ``texts``."""
    memos: list[dict[str, None]] = [secrets._CLEAN, getattr(secrets, "_CLEAN_JSON", {})]
    best = float("inf")
    for _ in range(repeat):
        if not cold:
            for text in texts:
                fn(text)
        spent = 0.0
        for text in texts:
            if cold:
                for memo in memos:
                    memo.clear()
            began = time.process_time()
            fn(text)
            spent += time.process_time() - began
        best = min(best, spent)
    return round(best / len(texts) * 1e6, 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"remem": str(Path(remem.__file__).parent), "scrub_us": {}}
    for name, texts in corpora().items():
        result["scrub_us"][name] = {
            "texts": len(texts),
            "cold": per_call(secrets.scrub, texts, cold=True, repeat=args.repeat),
            "warm": per_call(secrets.scrub, texts, cold=False, repeat=args.repeat),
        }
    long_text = " ".join(_lines(FIXTURES / "secrets_benign.txt"))[:4000]
    result["redact_4000_chars_us"] = per_call(
        secrets.redact, [long_text], cold=True, repeat=args.repeat * 4
    )
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
