#!/usr/bin/env python3
"""Validate updates5 (stdlib only). Exit 0 = OK, 1 = problems (printed)."""
import json, os, re, sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
UPD = ["move_named", "new_state_unnamed_old", "frequency_amount", "habit_order", "category_word",
       "my_new_x", "second_clause", "no_marker", "embedded", "negation_only"]
CTL = ["relative_subject", "additive", "other_slot", "same_word_other_thing", "hypothetical_or_plan"]
STYLES = ["first_person", "chatty", "terse", "formal", "lowercase_typos", "voice_transcript", "non_native",
          "technical", "third_person", "we", "reason_before", "reason_after", "emoji_slang"]
UKEYS = ["id", "class", "style", "speaker", "before", "after", "q", "new", "old"]
CKEYS = UKEYS + ["keep"]
errs = []
def err(m): errs.append(m)

def load(n):
    with open(os.path.join(HERE, n), encoding="utf-8") as f:
        d = json.load(f)
    if not isinstance(d, list): err(f"{n}: not a list")
    return d

full, dev, held = load("updates5.json"), load("updates5.dev.json"), load("updates5.held.json")

ids = [i.get("id") for i in full]
if len(ids) != len(set(ids)): err("duplicate ids")
for i in full:
    if not re.fullmatch(r"v\d{3}", str(i.get("id"))): err(f"bad id {i.get('id')}")
seen_b, seen_a = Counter(i["before"] for i in full), Counter(i["after"] for i in full)
for s, c in list(seen_b.items()) + list(seen_a.items()):
    if c > 1: err(f"duplicate sentence: {s!r}")

for it in full:
    iid, cls = it.get("id"), it.get("class")
    for k in ("speaker", "before", "after", "q", "new"):
        if not isinstance(it.get(k), str) or not it[k].strip(): err(f"{iid}: empty/missing {k}")
    if it.get("style") not in STYLES: err(f"{iid}: bad style {it.get('style')}")
    b, a, new = it["before"].lower(), it["after"].lower(), it["new"]
    if new != new.lower(): err(f"{iid}: new not lower-case")
    first = it["speaker"].split()[0]
    if first.lower() not in it["q"].lower(): err(f"{iid}: q does not name speaker")
    if b.strip() == a.strip(): err(f"{iid}: before == after")
    if cls in UPD:
        if list(it.keys()) != UKEYS: err(f"{iid}: keys {list(it.keys())} != {UKEYS}")
        old = it.get("old")
        if not isinstance(old, str) or not old: err(f"{iid}: update needs old"); continue
        if old != old.lower(): err(f"{iid}: old not lower-case")
        if old not in b: err(f"{iid}: old {old!r} not in before")
        if old in a: err(f"{iid}: old {old!r} occurs in after")
        if new not in a: err(f"{iid}: new {new!r} not in after")
        if new in b: err(f"{iid}: new {new!r} occurs in before")
        if cls == "embedded":
            if len(it["after"].split()) < 20: err(f"{iid}: embedded after too short")
            if len(it["after"].split()) < 2.5 * len(it["before"].split()): err(f"{iid}: embedded after not much longer")
            if it["style"] != "voice_transcript" and it["style"] != "emoji_slang":
                n = len([x for x in re.split(r"[.!?]+(?:\s|$)", it["after"]) if x.strip()])
                if not 3 <= n <= 6: err(f"{iid}: embedded has {n} sentences")
    elif cls in CTL:
        if list(it.keys()) != CKEYS: err(f"{iid}: keys {list(it.keys())} != {CKEYS}")
        if it.get("old") is not None: err(f"{iid}: control old must be null")
        keep = it.get("keep")
        if not isinstance(keep, str) or not keep: err(f"{iid}: control needs keep"); continue
        if keep.lower() not in b: err(f"{iid}: keep {keep!r} not in before")
        if new not in b and new not in a: err(f"{iid}: new {new!r} in neither statement")
    else:
        err(f"{iid}: bad class {cls}")

# counts / mix
cc = Counter(i["class"] for i in full)
nu = sum(cc[c] for c in UPD); nc = sum(cc[c] for c in CTL)
if not 220 <= len(full) <= 260: err(f"total {len(full)} not ~240")
if not 155 <= nu <= 185: err(f"updates {nu} not ~170")
if nc / len(full) < 0.28: err(f"controls {nc}/{len(full)} < 28%")
for c in UPD:
    if not 15 <= cc[c] <= 20: err(f"class {c}: {cc[c]} not in 15..20")
for c in CTL:
    if not 12 <= cc[c] <= 15: err(f"class {c}: {cc[c]} not in 12..15")
sc = Counter(i["style"] for i in full)
for s in STYLES:
    if sc[s] < 10: err(f"style {s}: only {sc[s]}")
# every class covers most styles
cs = defaultdict(set)
for i in full: cs[i["class"]].add(i["style"])
for c, ss in cs.items():
    if len(ss) < 10: err(f"class {c} covers only {len(ss)} styles")
# speakers unique-ish
spk = Counter(i["speaker"] for i in full)
dups = {k: v for k, v in spk.items() if v > 1}
if len(dups) > 5: err(f"too many repeated speakers: {dups}")

# split
by_id = {i["id"]: i for i in full}
d_ids, h_ids = [i["id"] for i in dev], [i["id"] for i in held]
if set(d_ids) & set(h_ids): err("dev and held overlap")
if set(d_ids) | set(h_ids) != set(by_id) or len(d_ids) + len(h_ids) != len(full): err("dev+held != full")
for part in (dev, held):
    for i in part:
        if by_id.get(i["id"]) != i: err(f"split item {i['id']} differs from full")
if abs(len(dev) - len(held)) > 4: err(f"split unbalanced {len(dev)}/{len(held)}")
dc, hc = Counter(i["class"] for i in dev), Counter(i["class"] for i in held)
for c in cc:
    if abs(dc[c] - hc[c]) > 1: err(f"class {c} split {dc[c]}/{hc[c]}")
ds, hs = Counter(i["style"] for i in dev), Counter(i["style"] for i in held)
for s in STYLES:
    if abs(ds[s] - hs[s]) > max(3, sc[s] // 4): err(f"style {s} split {ds[s]}/{hs[s]}")

if errs:
    print("\n".join(errs)); print(f"FAIL: {len(errs)} problem(s)"); sys.exit(1)
print(f"OK: {len(full)} items ({nu} updates, {nc} controls = {nc/len(full):.0%}); dev {len(dev)}, held {len(held)}")
