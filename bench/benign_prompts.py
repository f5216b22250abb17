"""Benign prompts wrongly flagged as injections: each prompt judged as the user's own
message (trusted) by the write path's scan (``remem.write.injection.scan_message``).
The dev prompts of three blind sets: the utterances set, the security set's benign
lines and the sessions corpus's user prompts (815 in all).

    .venv/bin/python bench/benign_prompts.py [EVALSETS_DIR] [-v]
    .venv/bin/python bench/benign_prompts.py --code [-v]   # this repository's own sources

``--code`` pastes each Python file of ``src/remem`` and ``bench`` (its first 6,000
characters, after "can you review this file?") but those that hold injection patterns
or examples on purpose (the injection, evidence, markup, decoding and secrets modules).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from remem.write.injection import scan_message


def prompts(root: Path) -> list[str]:
    """The dev prompts of the three sets under ``root``."""
    lines = (root / "utterances" / "utterances.dev.jsonl").read_text("utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines if line.strip()]
    benign = (root / "security" / "benign.dev.txt").read_text("utf-8").splitlines()
    texts += [line for line in benign if line.strip()]
    for path in sorted((root / "sessions" / "dev").glob("*.json")):
        for session in json.loads(path.read_text("utf-8"))["sessions"]:
            texts += [e["prompt"] for e in session["events"] if e.get("hook") == "UserPromptSubmit"]
    return texts


_ON_PURPOSE = (
    "inject", "evidence", "lexicon", "conduct", "markup", "decode", "textnorm", "secret",
    "redact", "provenance", "transcript",
)  # fmt: skip


def code_pastes(root: Path) -> list[str]:
    """This repository's Python sources, each pasted as a user would (see the module doc)."""
    files = sorted([*root.glob("src/remem/**/*.py"), *root.glob("bench/*.py")])
    return [
        "can you review this file?\n\n" + f.read_text("utf-8")[:6000]
        for f in files
        if not any(w in str(f.relative_to(root)) for w in _ON_PURPOSE)
    ]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("evalsets", nargs="?", default="/work/evalsets")
    parser.add_argument("--code", action="store_true", help="this repository's own sources")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.code:
        texts = code_pastes(Path(__file__).resolve().parent.parent)
    else:
        texts = prompts(Path(args.evalsets))
    flagged = [(t, f) for t in texts if (f := scan_message(t, untrusted=False))]
    print(f"benign prompts flagged {len(flagged)}/{len(texts)}")
    if args.verbose:
        for text, flag in flagged:
            print("  ", flag, "|", text[:120])


if __name__ == "__main__":
    main(sys.argv[1:])
