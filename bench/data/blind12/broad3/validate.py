#!/usr/bin/env python3
"""Validate broad3 eval set (stdlib only). Exit 0 = OK, 1 = errors."""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KEYWORDS = ("about me", "everything", "summary", "summar", "overview", "who am i",
            "tell me about myself", "what do you know")
STOP = set("a an the i i'm im me my mine we our us you your is are am was be do does did "
           "what whats what's which who who's whos where when how how's why of to in on at for "
           "with and or it its it's this that there any have has got get "
           "can can't will would should".split())
errors, warnings = [], []

def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return json.load(f)

def words(s):
    return {w for w in re.findall(r"[\w'’]+", s.lower()) if w not in STOP and len(w) > 2}

full = load("broad3.json")
dev, held = load("broad3.dev.json"), load("broad3.held.json")

if not isinstance(full, list) or len(full) != 14:
    errors.append("expected 14 personas, got %s" % (len(full) if isinstance(full, list) else type(full)))
ids = [p.get("id") for p in full]
if len(set(ids)) != len(ids):
    errors.append("duplicate ids")
users = [p.get("user") for p in full]
if len(set(users)) != len(users):
    errors.append("duplicate users")

n_broad = n_plain = n_spec = n_unrel = n_facts = 0
for p in full:
    pid = p.get("id")
    keys = {"id", "user", "facts", "broad", "broad_expect", "specific", "unrelated"}
    if set(p) - {"unrelated_kinds"} != keys:  # unrelated_kinds: added by the project
        errors.append("%s: keys %s" % (pid, sorted(p)))
        continue
    facts = p["facts"]
    if not 12 <= len(facts) <= 16:
        errors.append("%s: %d facts" % (pid, len(facts)))
    if len(set(facts)) != len(facts):
        errors.append("%s: duplicate facts" % pid)
    if not 6 <= len(p["broad"]) <= 7:
        errors.append("%s: %d broad" % (pid, len(p["broad"])))
    if set(p["broad"]) != set(p["broad_expect"]) or len(set(p["broad"])) != len(p["broad"]):
        errors.append("%s: broad / broad_expect keys mismatch" % pid)
    if len(p["specific"]) != 6:
        errors.append("%s: %d specific" % (pid, len(p["specific"])))
    if len(p["unrelated"]) != 8:
        errors.append("%s: %d unrelated" % (pid, len(p["unrelated"])))
    n_facts += len(facts); n_broad += len(p["broad"]); n_spec += len(p["specific"]); n_unrel += len(p["unrelated"])

    def check_sub(sub, where):
        hits = [f for f in facts if sub in f]
        if len(hits) != 1:
            errors.append("%s: %s substring %r occurs in %d facts" % (pid, where, sub, len(hits)))
        return hits[0] if len(hits) == 1 else None

    for q, subs in p["broad_expect"].items():
        if not subs:
            errors.append("%s: broad %r has no expectations" % (pid, q))
        if len(set(subs)) != len(subs):
            errors.append("%s: broad %r repeats a substring" % (pid, q))
        for s in subs:
            check_sub(s, "broad %r" % q)
        if not any(k in q.lower() for k in KEYWORDS):
            n_plain += 1
    for sp in p["specific"]:
        if set(sp) != {"q", "expect"}:
            errors.append("%s: bad specific entry %r" % (pid, sp)); continue
        f = check_sub(sp["expect"], "specific %r" % sp["q"])
        if sp["expect"].lower() in sp["q"].lower():
            errors.append("%s: specific %r contains its answer" % (pid, sp["q"]))
        if f:
            shared = words(sp["q"]) & words(f)
            if len(shared) >= 3:
                warnings.append("%s: specific %r shares %s with its fact" % (pid, sp["q"], sorted(shared)))
    allq = p["broad"] + [s["q"] for s in p["specific"]] + p["unrelated"]
    if len(set(q.lower() for q in allq)) != len(allq):
        errors.append("%s: a question is repeated across lists" % pid)

if n_plain < 20:
    errors.append("only %d broad questions avoid summary keywords (need >= 20)" % n_plain)

if dev != full[0::2] or held != full[1::2]:
    errors.append("dev/held are not the alternating split of broad3.json")
if {p["id"] for p in dev} & {p["id"] for p in held}:
    errors.append("dev/held overlap")

for w in warnings:
    print("WARN", w)
for e in errors:
    print("ERROR", e)
print("personas=%d (dev %d, held %d) facts=%d broad=%d (no-keyword %d) specific=%d unrelated=%d"
      % (len(full), len(dev), len(held), n_facts, n_broad, n_plain, n_spec, n_unrel))
print("OK" if not errors else "FAILED (%d errors)" % len(errors))
sys.exit(1 if errors else 0)
