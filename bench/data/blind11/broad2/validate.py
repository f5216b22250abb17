#!/usr/bin/env python3
"""Validate the broad2 eval set (stdlib only). Exit 0 = OK, 1 = errors.

Checks: schema/field types and counts, broad_expect keys == broad list,
every broad_expect / specific.expect substring occurs in exactly one fact
(case-sensitive), unique ids/users/questions, unrelated_kinds layout
(2 general, 4 near_miss, 2 absent), and that dev/held are the alternating
persona split of the full file. Prints (non-fatal) warnings for specific
questions that share many content words with their target fact.
"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = ["general", "general", "near_miss", "near_miss", "near_miss", "near_miss", "absent", "absent"]
STOP = set("""a an the i im i'm my me we our us you your is are am was were be been do does did to of in on at for
with and or but so what whats what's which who whos who's whom where when how why any anything have has had
it its this that there about from by as into up out get got go going more much many some now still back""".split())

errors, warnings = [], []
def err(m): errors.append(m)

def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return json.load(f)

def words(s):
    return {w for w in re.findall(r"[a-zà-ÿ0-9']+", s.lower()) if w not in STOP and len(w) > 2}

def check_unique_substring(pid, where, sub, facts):
    hits = [i for i, f in enumerate(facts) if sub in f]
    if len(hits) != 1:
        err(f"{pid}: {where}: substring {sub!r} occurs in {len(hits)} facts (must be exactly 1)")
    return hits

full = load("broad2.json")
if not isinstance(full, list) or not full:
    err("broad2.json must be a non-empty list")
    full = []
ids, users, all_qs = set(), set(), {}
for p in full:
    pid = p.get("id", "?")
    need = {"id": str, "user": str, "facts": list, "broad": list, "broad_expect": dict,
            "specific": list, "unrelated": list}
    for k, t in need.items():
        if not isinstance(p.get(k), t):
            err(f"{pid}: field {k!r} missing or not {t.__name__}")
    if errors and any(e.startswith(pid + ": field") for e in errors):
        continue
    if not re.fullmatch(r"q\d{2}", pid): err(f"{pid}: id must look like q01")
    if pid in ids: err(f"{pid}: duplicate id")
    ids.add(pid)
    if p["user"] in users: err(f"{pid}: duplicate user {p['user']}")
    users.add(p["user"])
    facts = p["facts"]
    if not 12 <= len(facts) <= 16: err(f"{pid}: {len(facts)} facts (need 12-16)")
    if len(set(facts)) != len(facts): err(f"{pid}: duplicate facts")
    if not all(isinstance(f, str) and f.strip() for f in facts): err(f"{pid}: empty/non-string fact")
    b = p["broad"]
    if not 6 <= len(b) <= 7: err(f"{pid}: {len(b)} broad questions (need 6-7)")
    if list(p["broad_expect"].keys()) != b:
        err(f"{pid}: broad_expect keys do not match broad list (same order)")
    for q, subs in p["broad_expect"].items():
        if not isinstance(subs, list) or not subs:
            err(f"{pid}: broad_expect[{q!r}] must be a non-empty list"); continue
        if len(set(subs)) != len(subs): err(f"{pid}: duplicate substrings under {q!r}")
        hitfacts = []
        for s in subs:
            hitfacts += check_unique_substring(pid, f"broad {q!r}", s, facts)
        if len(set(hitfacts)) != len(hitfacts):
            err(f"{pid}: broad {q!r} lists two substrings of the same fact")
    sp = p["specific"]
    if len(sp) != 6: err(f"{pid}: {len(sp)} specific questions (need 6)")
    for s in sp:
        if not (isinstance(s, dict) and isinstance(s.get("q"), str) and isinstance(s.get("expect"), str)):
            err(f"{pid}: malformed specific entry {s!r}"); continue
        hits = check_unique_substring(pid, f"specific {s['q']!r}", s["expect"], facts)
        if len(hits) == 1:
            shared = words(s["q"]) & words(facts[hits[0]])
            if len(shared) >= 2:
                warnings.append(f"{pid}: specific {s['q']!r} shares {sorted(shared)} with its fact")
    u = p["unrelated"]
    if len(u) != 8: err(f"{pid}: {len(u)} unrelated questions (need 8)")
    if "unrelated_kinds" in p and p["unrelated_kinds"] != KINDS:
        err(f"{pid}: unrelated_kinds must be {KINDS}")
    qs = b + [s.get("q") for s in sp if isinstance(s, dict)] + u
    for q in qs:
        if not isinstance(q, str) or not q.strip(): err(f"{pid}: empty question"); continue
        key = q.strip().lower()
        if key in all_qs: err(f"{pid}: question {q!r} duplicates one in {all_qs[key]}")
        all_qs[key] = pid

# split
try:
    dev, held = load("broad2.dev.json"), load("broad2.held.json")
    if dev != full[0::2]: err("broad2.dev.json is not personas 1,3,5,... of broad2.json")
    if held != full[1::2]: err("broad2.held.json is not personas 2,4,6,... of broad2.json")
except (OSError, ValueError) as e:
    err(f"cannot read split files: {e}")

for w in warnings: print("warning:", w)
for e in errors: print("ERROR:", e)
n_sp = sum(len(p.get("specific", [])) for p in full)
print(f"{len(full)} personas, {sum(len(p.get('facts', [])) for p in full)} facts, "
      f"{sum(len(p.get('broad', [])) for p in full)} broad, {n_sp} specific, "
      f"{sum(len(p.get('unrelated', [])) for p in full)} unrelated; "
      f"{len(errors)} errors, {len(warnings)} warnings")
sys.exit(1 if errors else 0)
