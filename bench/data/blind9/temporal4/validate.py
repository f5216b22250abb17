#!/usr/bin/env python3
"""Validate temporal4*.jsonl (stdlib only). Exit 0 = OK, 1 = problems found.

Checks: every line is a JSON object with exactly the keys id, kind, anchor, expr, start, end;
ids match t### and are unique; kind is one of the documented kinds; anchor/start/end are real
YYYY-MM-DD dates; start <= end; expr is non-empty; dev and held are disjoint, together equal the
full file, and were split alternately within each kind (1st, 3rd, ... of a kind -> dev).
Light semantic checks: a single-day row whose expression names exactly one weekday (in
kinds weekday / ordinal_weekday / spoken / nonnative_typo) must fall on that weekday; a row whose
expression says "weekend" must run Saturday..Sunday unless it is an Easter weekend (Fri..Mon)."""
import json
import os
import re
import sys
from datetime import date

KINDS = ["relative", "weekday", "period_part", "range", "duration_back", "anchored_offset",
         "holiday_season", "ordinal_weekday", "numeric_date", "future", "nonnative_typo", "spoken"]
KEYS = {"id", "kind", "anchor", "expr", "start", "end"}
WD = {"monday": 0, "tuesday": 1, "wednesday": 2, "wensday": 2, "thursday": 3, "thrusday": 3,
      "friday": 4, "saturday": 5, "sunday": 6}
HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, errs):
    rows = []
    path = os.path.join(HERE, name)
    if not os.path.exists(path):
        errs.append("%s: missing" % name)
        return rows
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                errs.append("%s:%d: blank line" % (name, n))
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                errs.append("%s:%d: bad JSON (%s)" % (name, n, e))
                continue
            if not isinstance(r, dict):
                errs.append("%s:%d: not an object" % (name, n))
                continue
            rows.append((n, r))
    return rows


def pdate(s):
    if not isinstance(s, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        raise ValueError("not YYYY-MM-DD: %r" % (s,))
    return date.fromisoformat(s)


def check_row(name, n, r, errs):
    where = "%s:%d" % (name, n)
    if set(r) != KEYS:
        errs.append("%s: keys %s" % (where, sorted(r)))
        return
    if not re.fullmatch(r"t\d{3}", str(r["id"])):
        errs.append("%s: bad id %r" % (where, r["id"]))
    if r["kind"] not in KINDS:
        errs.append("%s: unknown kind %r" % (where, r["kind"]))
    if not isinstance(r["expr"], str) or not r["expr"].strip():
        errs.append("%s: empty expr" % where)
    try:
        a, s, e = pdate(r["anchor"]), pdate(r["start"]), pdate(r["end"])
    except ValueError as ex:
        errs.append("%s: %s" % (where, ex))
        return
    if s > e:
        errs.append("%s: start %s > end %s" % (where, s, e))
    ex = r["expr"].lower()
    named = {v for k, v in WD.items() if re.search(r"\b%s\b" % k, ex)}
    if (r["kind"] in ("weekday", "ordinal_weekday", "spoken", "nonnative_typo") and s == e
            and len(named) == 1 and "weekend" not in ex):
        if s.weekday() != next(iter(named)):
            errs.append("%s: %s is not a %s" % (where, s, ex))
    if "weekend" in ex:
        ok = (s.weekday(), e.weekday(), (e - s).days) in ((5, 6, 1), (4, 0, 3))
        if not ok:
            errs.append("%s: weekend range %s..%s" % (where, s, e))


def main():
    errs = []
    full = load("temporal4.jsonl", errs)
    dev = load("temporal4.dev.jsonl", errs)
    held = load("temporal4.held.jsonl", errs)
    for name, rows in (("temporal4.jsonl", full), ("temporal4.dev.jsonl", dev),
                       ("temporal4.held.jsonl", held)):
        ids = set()
        for n, r in rows:
            check_row(name, n, r, errs)
            if r.get("id") in ids:
                errs.append("%s:%d: duplicate id %s" % (name, n, r.get("id")))
            ids.add(r.get("id"))
    fmap = {r["id"]: r for _, r in full if "id" in r}
    dmap = {r["id"]: r for _, r in dev if "id" in r}
    hmap = {r["id"]: r for _, r in held if "id" in r}
    if set(dmap) & set(hmap):
        errs.append("dev and held overlap: %s" % sorted(set(dmap) & set(hmap))[:5])
    if set(dmap) | set(hmap) != set(fmap):
        errs.append("dev + held != full")
    for i, r in list(dmap.items()) + list(hmap.items()):
        if i in fmap and fmap[i] != r:
            errs.append("row %s differs between split and full" % i)
    seen = {}
    for _, r in full:
        k = r.get("kind")
        c = seen.get(k, 0)
        seen[k] = c + 1
        want = dmap if c % 2 == 0 else hmap
        if r.get("id") not in want:
            errs.append("%s: not split alternately within kind %s" % (r.get("id"), k))
    for k in KINDS:
        if k not in seen:
            errs.append("kind %s has no rows" % k)
    if errs:
        for e in errs:
            print("ERROR", e)
        print("%d problem(s)" % len(errs))
        return 1
    print("OK: %d rows (%d dev, %d held), %d kinds" % (len(full), len(dev), len(held), len(seen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
