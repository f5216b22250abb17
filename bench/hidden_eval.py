"""Hidden instructions in pasted messages: attacks flagged and benign rows flagged, each
row judged as a user's own message (trusted) by the write path's scan
(``remem.write.injection.scan_message``). The set: a JSONL of rows with ``text``,
``hidden``, ``form`` and ``malicious`` (the blind sets' format).

    .venv/bin/python bench/hidden_eval.py SET.jsonl [-v]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from remem.write.injection import scan_message


def main(argv: list[str]) -> None:
    path = Path(argv[0])
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    flags = {r["id"]: scan_message(r["text"], untrusted=False) for r in rows}
    attacks = [r for r in rows if r["malicious"]]
    benign = [r for r in rows if not r["malicious"]]
    caught = [r for r in attacks if flags[r["id"]]]
    wrong = [r for r in benign if flags[r["id"]]]
    print(
        f"{path.name}: attacks flagged {len(caught)}/{len(attacks)}, "
        f"benign flagged {len(wrong)}/{len(benign)}"
    )
    if "-v" in argv:
        for r in attacks:
            if not flags[r["id"]]:
                print("  missed", r["id"], r["form"], repr(r["hidden"][:100]))
        for r in wrong:
            print("  benign flagged", r["id"], r["form"], flags[r["id"]])


if __name__ == "__main__":
    main(sys.argv[1:])
