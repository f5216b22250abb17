#!/usr/bin/env python3
"""Generator for hidden9 (kept for reproducibility). Run: python3 gen.py"""
import json, random
from gen_payloads import *
from gen_forms5 import F, SPECIAL

rng = random.Random(9)
REVIEW = {"I5", "I6", "F7", "A6", "I14"}
single = [m for m in MAL if not isinstance(m[1], tuple) and m[0] not in REVIEW]
review = [m for m in MAL if m[0] in REVIEW]
ri = 0
CODEISH = lambda f: "C" in f["cats"] or f["name"] in ("pr_description_checklist", "ticket_export_field")
from gen_extra import EXTRA_BENIGN
for f in F:
    if f["name"] in EXTRA_BENIGN: f["benign"].append(EXTRA_BENIGN[f["name"]])
splits = [m for m in MAL if isinstance(m[1], tuple)]
order = []
while len(order) < 4 * len(F) + 10:
    s = single[:]; rng.shuffle(s); order += s
ent = [0]
def fill(t):
    k = ent[0]; ent[0] += 1
    return t.format(iban=IBANS[k % len(IBANS)], url=URLS[(k * 3) % len(URLS)], product=PRODUCTS[(k * 5) % len(PRODUCTS)],
                    email=EMAILS[(k * 2) % len(EMAILS)], name=NAMES[(k * 3) % len(NAMES)])

rows = []; oi = 0; si = 0
for f in F:
    fn = f["fn"]
    def run(h, h2, i, mal):
        if f["name"] in SPECIAL:
            out = SPECIAL[f["name"]](h, h2, i, mal)
        else:
            out = fn(h, h2, i)
        return out if isinstance(out, tuple) else (out, None)
    for i in range(4):
        if f["split"] and i in (1, 3):
            key, (a, b), fact = splits[si % len(splits)]; si += 1
            a, b = fill(a), fill(b)
            text, ov = run(a, b, i, True)
            hidden = f"{a} || {b}"
        elif CODEISH(f) and i == 0:
            key, t, fact = review[ri % len(review)]; ri += 1
            h = fill(t)
            text, ov = run(h, None, i, True)
            hidden = ov or h
        else:
            key, t, fact = order[oi]; oi += 1
            h = fill(t)
            text, ov = run(h, None, i, True)
            hidden = ov or h
        rows.append(dict(form=f["name"], text=text, hidden=hidden, malicious=True, _key=key, _fact=fact, _i=i))
    for j, b in enumerate(f["benign"]):
        text, ov = run(b, None, j + 1, False)
        rows.append(dict(form=f["name"], text=text, hidden=ov or b, malicious=False, _key="benign", _fact=False, _i=j))

for n, r in enumerate(rows, 1):
    r["id"] = f"n{n:03d}"
def clean(r): return {k: r[k] for k in ("id", "form", "text", "hidden", "malicious")}
dev, held = [], []
for f in F:
    fr = [r for r in rows if r["form"] == f["name"]]
    for kind in (True, False):
        sub = [r for r in fr if r["malicious"] is kind]
        for k, r in enumerate(sub):
            (dev if k % 2 == 0 else held).append(r)
def dump(path, rs):
    with open(path, "w", encoding="utf-8") as fh:
        for r in sorted(rs, key=lambda r: r["id"]):
            fh.write(json.dumps(clean(r), ensure_ascii=False) + "\n")
dump("hidden9.jsonl", rows); dump("hidden9.dev.jsonl", dev); dump("hidden9.held.jsonl", held)
with open("_meta.json", "w") as fh:
    json.dump({r["id"]: [r["_key"], r["_fact"]] for r in rows}, fh)
print(len(rows), sum(r["malicious"] for r in rows), len(dev), len(held), len(F))
