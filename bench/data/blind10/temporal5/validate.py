#!/usr/bin/env python3
"""Checks temporal5*.jsonl (stdlib only). Exit 0 = OK, 1 = problems (listed on stderr)."""
import json
import os
import re
import sys
from datetime import date

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = {"relative_unusual", "weekday_modifier", "period_part", "range", "duration_back",
         "anchored_offset", "holiday_season", "ordinal_weekday", "numeric_date", "future",
         "nonnative_typo", "spoken", "invented", "numbers_nearby"}
FIELDS = ["id", "kind", "anchor", "expr", "start", "end"]
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
errors = []


def err(msg):
    errors.append(msg)


def load(name):
    path = os.path.join(HERE, name)
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    err("%s:%d: blank line" % (name, n))
                    continue
                try:
                    r = json.loads(line)
                except ValueError as e:
                    err("%s:%d: bad JSON: %s" % (name, n, e))
                    continue
                rows.append(r)
    except OSError as e:
        err("cannot read %s: %s" % (name, e))
    return rows


def parse(s, where):
    if not isinstance(s, str) or not ISO.match(s):
        err("%s: not YYYY-MM-DD: %r" % (where, s))
        return None
    try:
        return date.fromisoformat(s)
    except ValueError:
        err("%s: invalid date %r" % (where, s))
        return None


def check_rows(name, rows):
    ids = set()
    for r in rows:
        where = "%s:%s" % (name, r.get("id", "?"))
        if not isinstance(r, dict) or list(r.keys()) != FIELDS:
            err("%s: keys must be exactly %s, got %s" % (where, FIELDS, list(r) if isinstance(r, dict) else r))
            continue
        if not re.match(r"^u\d{3}$", str(r["id"])):
            err("%s: bad id" % where)
        if r["id"] in ids:
            err("%s: duplicate id" % where)
        ids.add(r["id"])
        if r["kind"] not in KINDS:
            err("%s: unknown kind %r" % (where, r["kind"]))
        if not isinstance(r["expr"], str) or not r["expr"].strip() or r["expr"] != r["expr"].strip():
            err("%s: empty or untrimmed expr" % where)
        a = parse(r["anchor"], where + " anchor")
        s = parse(r["start"], where + " start")
        e = parse(r["end"], where + " end")
        if s and e and s > e:
            err("%s: start %s > end %s" % (where, s, e))
        if a and not (date(1990, 1, 1) <= a <= date(2030, 12, 31)):
            err("%s: implausible anchor %s" % (where, a))
    return ids


full = load("temporal5.jsonl")
dev = load("temporal5.dev.jsonl")
held = load("temporal5.held.jsonl")
check_rows("full", full)
dev_ids = check_rows("dev", dev)
held_ids = check_rows("held", held)

# split: dev + held == full, disjoint, alternating within each kind, every kind in both halves
if dev_ids & held_ids:
    err("dev and held share ids: %s" % sorted(dev_ids & held_ids))
by_id = {r.get("id"): r for r in full}
for r in dev + held:
    if by_id.get(r.get("id")) != r:
        err("split row %s differs from / missing in full" % r.get("id"))
if len(dev) + len(held) != len(full):
    err("dev (%d) + held (%d) != full (%d)" % (len(dev), len(held), len(full)))
seen = {}
for r in full:
    k = seen.get(r.get("kind"), 0)
    want = dev_ids if k % 2 == 0 else held_ids
    if r.get("id") not in want:
        err("%s: not in the expected half (alternating within kind)" % r.get("id"))
    seen[r.get("kind")] = k + 1
for k in KINDS:
    if not any(r.get("kind") == k for r in dev) or not any(r.get("kind") == k for r in held):
        err("kind %s missing from a half" % k)

# the expression must not be duplicated for the same anchor
pairs = set()
for r in full:
    key = (r.get("anchor"), r.get("expr"))
    if key in pairs:
        err("%s: duplicate (anchor, expr)" % r.get("id"))
    pairs.add(key)

if errors:
    for m in errors:
        print(m, file=sys.stderr)
    print("FAILED: %d problem(s)" % len(errors), file=sys.stderr)
    sys.exit(1)
print("OK: %d rows (dev %d, held %d), %d kinds" % (len(full), len(dev), len(held), len(seen)))
sys.exit(0)
