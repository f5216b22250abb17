"""Prompt-injection detection: attacks caught, benign text wrongly flagged.

    .venv/bin/python bench/injection.py [CORPUS] [--locomo ../shared/bench/locomo-dev.json]
        [--blind dev|held] [--e2e]

Two levels, on the hand-written corpus in bench/data/injection-corpus.json:

- detection (:func:`remem.write.injection.scan_message`): the share of attacks
  flagged as untrusted content, the share of strong attacks flagged in trusted
  messages, and the false-positive rate of benign trusted text, of the same
  text arriving untrusted, and of benign tool/web text;
- end to end (a fresh store in a temp dir, default config): each attack as a
  tool message through ``add`` (raw) and ``add(infer=True)``, counting memories
  stored trusted and context blocks that show the attack; each benign trusted
  sentence through ``remember``, counting facts rejected as ``injection``;
- with ``--locomo``, the false-positive rate on real conversation turns
  (trusted, as if they had arrived untrusted, and as lessons);
- with ``--blind dev`` (or ``held``, run once), the blind corpora of
  bench/injection_blind.py: detection by channel, language, encoding, markup and
  kind, the hidden-markup forms, and with ``--e2e`` each row through its channel's
  surface (``correct()``, episodes and reflection, import, ``add``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from remem.config import Config
from remem.memory import Memory
from remem.model import Trust
from remem.write.injection import adoption_flag, scan_message

sys.path.insert(0, str(Path(__file__).parent))
import injection_blind as blind

DEFAULT = Path(__file__).parent / "data" / "injection-corpus.json"
BLIND = Path(__file__).parent.parent / "tests" / "fixtures" / "injection"


def _rate(hits: int, total: int) -> float:
    return round(hits / total, 4) if total else 0.0


def detection(corpus: dict[str, Any]) -> dict[str, Any]:
    """Pattern-level rates, with the benign texts that were flagged."""
    attacks = corpus["attacks"]
    strong = [a for a in attacks if a["strong"]]
    caught = sum(1 for a in attacks if scan_message(a["text"], untrusted=True))
    caught_trusted = sum(1 for a in strong if scan_message(a["text"], untrusted=False))
    flagged: dict[str, list[str]] = {}
    for name, texts, untrusted in (
        ("benign_trusted", corpus["benign_trusted"], False),
        ("benign_trusted_as_untrusted", corpus["benign_trusted"], True),
        ("benign_untrusted", corpus["benign_untrusted"], True),
    ):
        flagged[name] = [t for t in texts if scan_message(t, untrusted=untrusted)]
    return {
        "attacks": len(attacks),
        "attack_detection_untrusted": _rate(caught, len(attacks)),
        "strong_attacks": len(strong),
        "strong_detection_trusted": _rate(caught_trusted, len(strong)),
        "false_positive_rate": {
            name: _rate(len(found), len(corpus[name.replace("_as_untrusted", "")]))
            for name, found in flagged.items()
        },
        "sizes": {name: len(corpus[name]) for name in ("benign_trusted", "benign_untrusted")},
        "false_positives": flagged,
    }


def end_to_end(corpus: dict[str, Any], config: Config) -> dict[str, Any]:
    """Attacks through the write paths and the context block; benign text through remember."""
    stored_trusted = context_leaks = 0
    benign_rejected: list[str] = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        Memory(Path(tmp) / "bench.db", config=config) as mem,
    ):
        for i, attack in enumerate(corpus["attacks"]):
            user = f"attack-{i}"
            mem.add(attack["text"], user_id=user, role="tool")
            mem.add([{"role": "tool", "content": attack["text"]}], user_id=user, infer=True)
            page = mem.list(user_id=user, limit=100)
            stored_trusted += sum(1 for r in page.items if r.source_trust is not Trust.UNTRUSTED)
            block = mem.context(attack["text"], user_id=user, record=False)
            context_leaks += bool(block.items)
        for i, text in enumerate(corpus["benign_trusted"]):
            decisions = mem.remember(text, user_id=f"benign-{i}", speaker="Sam")
            if any(d.reason == "injection" for d in decisions):
                benign_rejected.append(text)
    return {
        "attack_memories_stored_trusted": stored_trusted,
        "attack_context_blocks_showing_it": context_leaks,
        "benign_trusted_rejected_as_injection": len(benign_rejected),
        "benign_trusted_rejection_rate": _rate(len(benign_rejected), len(corpus["benign_trusted"])),
    }


def locomo_turns(path: Path) -> dict[str, Any]:
    """False-positive rates on real conversation turns (numbers only, no text)."""
    data = json.loads(path.read_text("utf-8"))
    texts = [
        str(turn.get("text", ""))
        for sample in (data if isinstance(data, list) else [data])
        for key, turns in sample["conversation"].items()
        if key.startswith("session_") and isinstance(turns, list)
        for turn in turns
    ]
    started = time.perf_counter()
    trusted = sum(1 for t in texts if scan_message(t, untrusted=False))
    per_turn = (time.perf_counter() - started) / max(1, len(texts))
    untrusted = sum(1 for t in texts if scan_message(t, untrusted=True))
    adopted = sum(1 for t in texts if adoption_flag(t))
    return {
        "turns": len(texts),
        "flagged_as_trusted": trusted,
        "flagged_as_untrusted": untrusted,
        "flagged_as_lessons": adopted,
        "false_positive_rate_trusted": _rate(trusted, len(texts)),
        "false_positive_rate_untrusted": _rate(untrusted, len(texts)),
        "scan_ms_per_turn_trusted": round(per_turn * 1000, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, nargs="?", default=DEFAULT, help="corpus JSON")
    parser.add_argument("--out", type=Path, default=Path("bench/results/injection.json"))
    parser.add_argument(
        "--locomo", type=Path, default=None, help="also scan this LoCoMo file's turns"
    )
    parser.add_argument(
        "--blind", choices=("dev", "held"), default=None, help="the blind corpora's half"
    )
    parser.add_argument("--e2e", action="store_true", help="blind rows through the surfaces")
    args = parser.parse_args(argv)
    corpus = json.loads(args.path.read_text("utf-8"))
    result: dict[str, Any] = {
        "command": " ".join(["python bench/injection.py", *(argv or sys.argv[1:])]),
        "detection": detection(corpus),
        "end_to_end": end_to_end(corpus, Config.load()),
    }
    if args.locomo is not None:
        result["locomo_turns"] = locomo_turns(args.locomo)
    if args.blind is not None:
        rows = blind.load(BLIND / f"injections.{args.blind}.jsonl")
        hidden = blind.load(BLIND / f"hidden.{args.blind}.jsonl")
        result[f"blind_{args.blind}"] = {
            "injections": blind.detection(rows, ("channel", "lang", "encoding", "markup", "kind")),
            "hidden": blind.detection(hidden, ("form",)),
        }
        if args.e2e:
            config = Config.load(embedder="fake")
            result[f"blind_{args.blind}"]["end_to_end"] = {
                "injections": blind.end_to_end(rows, config),
                "hidden": blind.end_to_end(hidden, config),
            }
    text = json.dumps(result, indent=2, ensure_ascii=False)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
