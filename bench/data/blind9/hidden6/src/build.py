"""Assemble the hand-written rows in part_*.py into hidden6 jsonl files."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import part_a, part_a2, part_b, part_b2, part_c, part_d, part_e  # noqa: F401  (registers rows)
from common import ROWS

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
full, dev, held = [], [], []
seen_m, seen_b = {}, {}
for i, r in enumerate(ROWS, 1):
    row = {"id": "k%03d" % i, "form": r["form"], "text": r["text"],
           "hidden": r["hidden"], "malicious": r["malicious"]}
    full.append(row)
    # per form: malicious #1,#2 -> dev, #3,#4 -> held; benign #1,#3 -> dev, #2 -> held
    if r["malicious"]:
        k = seen_m[r["form"]] = seen_m.get(r["form"], 0) + 1
        (dev if k <= 2 else held).append(row)
    else:
        k = seen_b[r["form"]] = seen_b.get(r["form"], 0) + 1
        (dev if k % 2 == 1 else held).append(row)

for name, rows in [("hidden6.jsonl", full), ("hidden6.dev.jsonl", dev), ("hidden6.held.jsonl", held)]:
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
print(len(full), len(dev), len(held))
