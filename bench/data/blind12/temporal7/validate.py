#!/usr/bin/env python3
"""Validate temporal7 files (stdlib only). Exit 0 = OK."""
import json, os, re, sys, datetime as dt
HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ['id', 'kind', 'anchor', 'expr', 'start', 'end']
KINDS = {'relative_unusual', 'weekday_modifier', 'period_part', 'range', 'duration_back', 'anchored_offset',
         'holiday_season', 'ordinal_weekday', 'numeric_date', 'future_present', 'nonnative_typo', 'spoken',
         'invented', 'fiscal_tax', 'world_english'}
errs = []
def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding='utf-8') as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                errs.append('%s:%d empty line' % (name, n)); continue
            try:
                r = json.loads(line)
            except ValueError as e:
                errs.append('%s:%d bad JSON: %s' % (name, n, e)); continue
            rows.append((n, r))
    return rows
def date(s):
    if not isinstance(s, str) or not re.fullmatch(r'\d{4}-\d{2}-\d{2}', s): return None
    try: return dt.date.fromisoformat(s)
    except ValueError: return None
files = {}
for name in ('temporal7.jsonl', 'temporal7.dev.jsonl', 'temporal7.held.jsonl'):
    rows = load(name); files[name] = [r for _, r in rows]; ids = set()
    for n, r in rows:
        where = '%s:%d' % (name, n)
        if not isinstance(r, dict) or list(r.keys()) != KEYS:
            errs.append('%s keys must be exactly %s' % (where, KEYS)); continue
        if not re.fullmatch(r't7-\d{3}', r['id']): errs.append('%s bad id %r' % (where, r['id']))
        if r['id'] in ids: errs.append('%s duplicate id %s' % (where, r['id']))
        ids.add(r['id'])
        if r['kind'] not in KINDS: errs.append('%s unknown kind %r' % (where, r['kind']))
        if not isinstance(r['expr'], str) or not r['expr'].strip() or r['expr'] != r['expr'].strip():
            errs.append('%s expr empty or padded' % where)
        ds = {k: date(r[k]) for k in ('anchor', 'start', 'end')}
        for k, v in ds.items():
            if v is None: errs.append('%s invalid %s date %r' % (where, k, r[k]))
        if ds['start'] and ds['end'] and ds['start'] > ds['end']:
            errs.append('%s start %s > end %s' % (where, r['start'], r['end']))
full, dev, held = files['temporal7.jsonl'], files['temporal7.dev.jsonl'], files['temporal7.held.jsonl']
# split check: within each kind (full-file order) rows alternate dev, held, dev, ...
byid = {r['id']: r for r in full if isinstance(r, dict) and 'id' in r}
if sorted(r.get('id') for r in dev + held) != sorted(byid):
    errs.append('dev + held must be exactly the rows of the full file')
for r in dev + held:
    if r.get('id') in byid and r != byid[r['id']]: errs.append('row %s differs from full file' % r.get('id'))
devids = {r.get('id') for r in dev}
for k in KINDS:
    ks = [r for r in full if r.get('kind') == k]
    if not ks: errs.append('kind %s has no rows' % k); continue
    for i, r in enumerate(ks):
        if (r['id'] in devids) != (i % 2 == 0): errs.append('row %s breaks the alternating split' % r['id'])
    if not any(r['id'] in devids for r in ks) or all(r['id'] in devids for r in ks):
        errs.append('kind %s missing from one half' % k)
if errs:
    print('\n'.join(errs)); print('FAIL: %d problem(s)' % len(errs)); sys.exit(1)
print('OK: %d rows (dev %d, held %d), %d kinds' % (len(full), len(dev), len(held), len(KINDS)))
