#!/usr/bin/env python3
"""Validate temporal6*.jsonl (stdlib only). Exit 0 = OK, 1 = errors found.

Checks: every line is a JSON object with exactly the keys
id, kind, anchor, expr, start, end (all non-empty strings); ids look like u###
and are unique; kind is a known kind; anchor/start/end are real calendar dates
in YYYY-MM-DD form; start <= end; expr has no leading/trailing whitespace.
Across files: dev and held are disjoint, together equal the full file row for
row, every kind appears in both halves, and within each kind the rows alternate
dev, held, dev, ... in full-file order.
"""
import json
import os
import re
import sys
from datetime import date

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["id", "kind", "anchor", "expr", "start", "end"]
KINDS = {"relative", "weekday", "period_part", "range", "duration_back", "anchored_offset",
         "holiday_season", "ordinal_weekday", "numeric_date", "future", "nonnative_typo",
         "spoken", "invented"}
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
ID_RE = re.compile(r"^u\d{3}$")

errors = []


def err(msg):
    errors.append(msg)


def parse_date(s, where):
    if not isinstance(s, str) or not DATE_RE.match(s):
        err("%s: not YYYY-MM-DD: %r" % (where, s))
        return None
    try:
        return date.fromisoformat(s)
    except ValueError:
        err("%s: invalid calendar date: %r" % (where, s))
        return None


def load(name):
    path = os.path.join(HERE, name)
    rows = []
    if not os.path.exists(path):
        err("%s: missing" % name)
        return rows
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            where = "%s:%d" % (name, n)
            if not line.strip():
                err("%s: blank line" % where)
                continue
            try:
                o = json.loads(line)
            except json.JSONDecodeError as e:
                err("%s: bad JSON (%s)" % (where, e))
                continue
            if not isinstance(o, dict):
                err("%s: not an object" % where)
                continue
            if sorted(o) != sorted(KEYS):
                err("%s: keys %s != %s" % (where, sorted(o), sorted(KEYS)))
                continue
            for k in KEYS:
                if not isinstance(o[k], str) or not o[k]:
                    err("%s: %s must be a non-empty string" % (where, k))
            if not ID_RE.match(str(o["id"])):
                err("%s: bad id %r" % (where, o["id"]))
            if o["kind"] not in KINDS:
                err("%s: unknown kind %r" % (where, o["kind"]))
            if isinstance(o["expr"], str) and o["expr"] != o["expr"].strip():
                err("%s: expr has surrounding whitespace" % where)
            a = parse_date(o["anchor"], where + " anchor")
            s = parse_date(o["start"], where + " start")
            e = parse_date(o["end"], where + " end")
            if s and e and s > e:
                err("%s: start %s > end %s" % (where, s, e))
            rows.append(o)
    ids = [o["id"] for o in rows]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        err("%s: duplicate ids %s" % (name, dup))
    return rows


def main():
    full = load("temporal6.jsonl")
    dev = load("temporal6.dev.jsonl")
    held = load("temporal6.held.jsonl")
    fid = {o["id"]: o for o in full}
    did = {o["id"] for o in dev}
    hid = {o["id"] for o in held}
    if did & hid:
        err("dev and held share ids: %s" % sorted(did & hid))
    if (did | hid) != set(fid):
        err("dev+held ids differ from full: missing %s extra %s"
            % (sorted(set(fid) - did - hid), sorted((did | hid) - set(fid))))
    for o in dev + held:
        if o["id"] in fid and o != fid[o["id"]]:
            err("row %s differs between split and full file" % o["id"])
    kinds = {}
    for o in full:
        kinds.setdefault(o["kind"], []).append(o["id"])
    for k, ids in kinds.items():
        for i, x in enumerate(ids):
            want = did if i % 2 == 0 else hid
            if x not in want:
                err("kind %s: %s should be in %s" % (k, x, "dev" if i % 2 == 0 else "held"))
        if not any(x in did for x in ids) or not any(x in hid for x in ids):
            err("kind %s missing from a half" % k)
    missing = KINDS - set(kinds)
    if missing:
        err("kinds with no rows: %s" % sorted(missing))
    if errors:
        for m in errors:
            print("ERROR", m)
        print("%d error(s)" % len(errors))
        return 1
    print("OK: %d rows (dev %d, held %d), %d kinds" % (len(full), len(dev), len(held), len(kinds)))
    for k in sorted(kinds):
        print("  %-16s %3d" % (k, len(kinds[k])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
